# The tools and settings the Mach-O fixture builders share (Samples/macho, sdks, versions and
# callsites build.sh); source it after `set -euo pipefail`.
#
#   TOOLS CLANG AR OBJCOPY   the Swift toolchain's clang, llvm-ar and llvm-objcopy (no Apple SDK
#                            needed: the sources declare what they use); SWIFT_TOOLCHAIN_BIN
#                            overrides the folder
#   LD LDFLAGS_COMMON        Debian's ld64.lld-16 (package lld-16, installed here when missing;
#                            `Scripts/setup --fixtures` installs it too), run on one thread
#   SYS SYSTEM_STUBS         Samples/macho/stubs, and its libSystem, libobjc and Foundation .tbd
#                            stubs, which most fixtures link against
#   WORK                     a scratch folder, removed on exit
#   compile TRIPLE SOURCE OUTPUT [FLAGS...]   one object for a target triple, at -O1
#   link_device OUTPUT KIND INSTALL_NAME ARGS...   an arm64 iOS 15 image (KIND -dylib or
#                            -execute) with chained fixups and an ad-hoc signature

TOOLS="${SWIFT_TOOLCHAIN_BIN:-/opt/swift/usr/bin}"
CLANG="$TOOLS/clang"
AR="$TOOLS/llvm-ar"
OBJCOPY="$TOOLS/llvm-objcopy"
LD=ld64.lld-16
# One thread: ld64.lld-16 writes sections in parallel, and for arm64_32 two writers race
# (a rebased pointer in __const came out as 0 in some runs). Single-threaded output is
# stable.
LDFLAGS_COMMON=(--threads=1)

if ! command -v "$LD" >/dev/null 2>&1; then
  echo "build.sh: $LD missing, installing lld-16" >&2
  if [ "$(id -u)" = 0 ]; then apt-get install -y lld-16; else sudo apt-get install -y lld-16; fi
fi

SYS="$(cd "$(dirname "${BASH_SOURCE[0]}")/../macho/stubs" && pwd)"
SYSTEM_STUBS=("$SYS/libSystem.tbd" "$SYS/libobjc.tbd" "$SYS/Foundation.tbd")

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

compile() {
  "$CLANG" -target "$1" -O1 "${@:4}" -c "$2" -o "$3"
}

link_device() {
  local out="$1" kind="$2" install="$3"
  shift 3
  local name_args=()
  [ "$kind" = -dylib ] && name_args=(-install_name "$install")
  "$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 "$kind" "${name_args[@]}" -fixup_chains \
    -adhoc_codesign "$@" "${SYSTEM_STUBS[@]}" -o "$out"
}
