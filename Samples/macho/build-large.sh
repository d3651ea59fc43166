#!/usr/bin/env bash
# Builds large/VendorSized.dylib: 4000 functions and 4000 imports, linked with chained fixups against
# a generated stub library and the fixtures' libSystem stub. Needs the Swift toolchain's clang
# and Debian's ld64.lld-16 (apt-get install lld-16). Output is committed in large/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/large"
clang="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/src/generate_vendor_sized.py" "$work" 4000
"$clang" -target arm64-apple-ios15.0 -O1 -c "$work/vendor.c" -o "$work/vendor.o"
ld64.lld-16 --threads=1 -arch arm64 -platform_version ios 15.0 17.0 -dylib \
  -install_name @rpath/VendorSized.framework/VendorSized -fixup_chains \
  "$work/vendor.o" "$work/libvendor.tbd" "$here/stubs/libSystem.tbd" -o "$out/VendorSized.dylib"
