#!/usr/bin/env bash
# Builds large/VendorSized.dylib: 4000 functions and 4000 imports, linked with chained fixups against
# a generated stub library and the fixtures' libSystem stub. Needs the Swift toolchain's clang
# and Debian's ld64.lld-16 (apt-get install lld-16). Output is committed in large/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/large"
# LD (ld64.lld-16), LDFLAGS_COMMON, SYS (stubs/), WORK, compile.
source "$here/../lib/toolchain.sh"
python3 "$here/src/generate_vendor_sized.py" "$WORK" 4000
compile arm64-apple-ios15.0 "$WORK/vendor.c" "$WORK/vendor.o"
"$LD" "${LDFLAGS_COMMON[@]}" -arch arm64 -platform_version ios 15.0 17.0 -dylib \
  -install_name @rpath/VendorSized.framework/VendorSized -fixup_chains \
  "$WORK/vendor.o" "$WORK/libvendor.tbd" "$SYS/libSystem.tbd" -o "$out/VendorSized.dylib"
