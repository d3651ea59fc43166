"""Running and timing commands for the benchmark scripts (bench-elf, bench-macho, bench-scan).

Each command runs under GNU time (/usr/bin/time, Debian package `time`), which reports its peak
resident memory and CPU time; the wall time is taken here with perf_counter (finer than time's
10 ms). Output goes to /dev/null unless the caller asks for it."""

import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass

TIME = "/usr/bin/time"


@dataclass
class Measurement:
    """One run (or the sum of several commands run one after another)."""
    wall: float  # seconds
    cpu: float  # user + system seconds
    peak_kib: int  # the largest peak RSS of any command
    status: int  # the worst exit status

    @property
    def peak_mib(self):
        return self.peak_kib / 1024


def ensure_time(script):
    """Installs GNU time when it is missing (the benchmarks need its peak-RSS report)."""
    if os.access(TIME, os.X_OK):
        return
    print(f"{script}: installing GNU time (apt-get install -y time)", file=sys.stderr)
    subprocess.run(["apt-get", "install", "-y", "time"], check=True, stdout=subprocess.DEVNULL)


def measure(commands, cwd=None, stdout=subprocess.DEVNULL):
    """Runs `commands` one after another and sums them into one Measurement."""
    total = Measurement(0.0, 0.0, 0, 0)
    for command in commands:
        with tempfile.NamedTemporaryFile("r") as report:
            start = time.perf_counter()
            result = subprocess.run([TIME, "-f", "%M %U %S", "-o", report.name, *command],
                                    cwd=cwd, stdout=stdout, stderr=subprocess.DEVNULL)
            total.wall += time.perf_counter() - start
            # GNU time prefixes "Command exited with non-zero status N" lines; the figures are last.
            peak, user, system = report.read().split()[-3:]
        total.cpu += float(user) + float(system)
        total.peak_kib = max(total.peak_kib, int(peak))
        total.status = max(total.status, result.returncode)
    return total


def median_of_runs(variants, repetitions, cwd=None):
    """{name: Measurement} with the median wall and CPU time of `repetitions` runs of each variant.

    `variants` maps a name to a list of commands. The variants are run interleaved (A B C A B C
    ...) so that a change in the machine's load during the benchmark affects all of them alike.
    The peak memory is the largest seen and the status the worst."""
    runs = {name: [] for name in variants}
    for _ in range(repetitions):
        for name, commands in variants.items():
            runs[name].append(measure(commands, cwd=cwd))
    return {
        name: Measurement(
            wall=statistics.median(run.wall for run in measured),
            cpu=statistics.median(run.cpu for run in measured),
            peak_kib=max(run.peak_kib for run in measured),
            status=max(run.status for run in measured))
        for name, measured in runs.items()
    }


def argument_budget():
    """Bytes the kernel allows for one command's arguments and environment, less a safety margin."""
    limit = os.sysconf("SC_ARG_MAX")
    environment = sum(len(key) + len(value) + 2 + 8 for key, value in os.environ.items())
    return limit - environment - 64 * 1024


def argument_bytes(arguments):
    """What `arguments` take of the budget: the strings, their NUL bytes and the pointers."""
    return sum(len(os.fsencode(argument)) + 1 + 8 for argument in arguments)


def memory_flatness(command, paths, times=5, cwd=None):
    """Peak RSS of `command` over `paths` listed once and listed `times` times.

    sdkvet reads an explicit path each time it is given, so the second run reads every file
    `times` times with the same largest file: its peak must not be higher if memory does not
    grow with the number of files. Returns (once, repeated) Measurements."""
    once = measure([[*command, *paths]], cwd=cwd)
    repeated = measure([[*command, *(list(paths) * times)]], cwd=cwd)
    return once, repeated


def report_memory_flatness(command, paths, times=5, cwd=None):
    """Runs memory_flatness and prints one line with both peaks and their ratio."""
    once, repeated = memory_flatness(command, paths, times, cwd)
    ratio = repeated.peak_kib / once.peak_kib if once.peak_kib else float("inf")
    print(f"sdkvet peak RSS, corpus listed once vs {times} times: {once.peak_mib:.1f} MiB ({len(paths)} files, "
          f"{once.wall:.2f}s) vs {repeated.peak_mib:.1f} MiB ({len(paths) * times} files, {repeated.wall:.2f}s) "
          f"= {ratio:.2f}x")
    return once, repeated
