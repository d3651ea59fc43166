"""The Mach-O corpus the Mach-O benchmarks (bench-macho, bench-scan) run over: every fixture
under Samples/macho/bin (thin, universal, archives, universal archives, objects) copied many
times into a scratch folder.

The copies are real files, not links: sdkvet reads each inode once when it walks a folder.
Each copy is a folder `copy-N` holding the fixtures under flattened names
(`Fixture.framework/Fixture` becomes `Fixture.framework_Fixture`); property lists are left out."""

import os
import shutil


def fixtures(root):
    """The fixture files under `root`, sorted, as (path, flattened name)."""
    found = []
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith(".plist") or os.path.islink(path) or not os.path.isfile(path):
                continue
            found.append((path, os.path.relpath(path, root).replace(os.sep, "_")))
    return sorted(found)


def build(fixture_root, copies, into):
    """Copies every fixture under `fixture_root` `copies` times into `into/copy-1` ... `copy-N`.

    Returns the copies' folders in order; each holds the same files under the same names."""
    template = fixtures(fixture_root)
    folders = []
    for index in range(1, copies + 1):
        folder = os.path.join(into, f"copy-{index}")
        os.makedirs(folder)
        for path, name in template:
            shutil.copyfile(path, os.path.join(folder, name))
        folders.append(folder)
    return folders


def files_in(folders):
    """Every file in the copies' folders, in order."""
    return [os.path.join(folder, name) for folder in folders for name in sorted(os.listdir(folder))]


def default_fixtures(repo):
    """Samples/macho/bin of the repository at `repo`."""
    return os.path.join(repo, "Samples", "macho", "bin")
