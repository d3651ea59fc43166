# Build steps shared by the libFuzzer scripts (fuzz-macho, fuzz-documents, fuzz-archives,
# fuzz-signatures); source this file.
#
#   fuzz_setup WORK                    common swiftc flags; modules go to WORK/modules
#   fuzz_module NAME SOURCES...        one package module as WORK/modules/libNAME.a + NAME.swiftmodule
#   fuzz_link OUTPUT NAME SOURCES... [-lMODULE ...]   the fuzz target itself
#
# Everything is compiled with `swiftc -sanitize=fuzzer,address -O -g` in Swift 6 mode with the
# package's upcoming features, one whole-module static library per package module, so the
# instrumented code is exactly the package's sources. SWIFTC overrides the compiler.
#
# A module's build is kept in .build/fuzz-modules under a key of its name, arguments, sources
# and the modules built before it in the same script, so the fuzzers that share BinaryImage
# (four of them, in one `make fuzz`) compile it once.

fuzz_setup() {
  FUZZ_WORK="$1"
  FUZZ_SWIFTC="${SWIFTC:-/opt/swift/usr/bin/swiftc}"
  # CodeSigning's libcrypto module map: every module built over CodeSigning loads it too.
  FUZZ_FLAGS=(-O -g -parse-as-library -swift-version 6 -sanitize=fuzzer,address -package-name sdkvet
    -enable-upcoming-feature MemberImportVisibility -enable-upcoming-feature InternalImportsByDefault
    -I "$FUZZ_WORK/modules" -L "$FUZZ_WORK/modules" -I "$(dirname "${BASH_SOURCE[0]}")/../../Sources/CLibCrypto")
  mkdir -p "$FUZZ_WORK/modules"
  FUZZ_BUILT=""
}

fuzz_module() {
  local name="$1"; shift
  local key cache
  key="$( { echo "$name ${FUZZ_FLAGS[*]} $* $FUZZ_BUILT"; for file in "$@"; do [ ! -f "$file" ] || cat -- "$file"; done; } \
    | sha256sum | cut -c1-16)"
  cache="$(dirname "$FUZZ_WORK")/fuzz-modules/$name-$key"
  if [ ! -f "$cache/lib$name.a" ]; then
    mkdir -p "$cache.tmp.$$"
    "$FUZZ_SWIFTC" "${FUZZ_FLAGS[@]}" -wmo -module-name "$name" -emit-module \
      -emit-module-path "$cache.tmp.$$/$name.swiftmodule" -emit-library -static -o "$cache.tmp.$$/lib$name.a" "$@"
    rm -rf "$cache" && mv "$cache.tmp.$$" "$cache"
  fi
  cp -f "$cache/lib$name.a" "$cache/$name.swiftmodule" "$FUZZ_WORK/modules/"
  FUZZ_BUILT="$FUZZ_BUILT $name-$key"
}

fuzz_link() {
  local output="$1" name="$2"; shift 2
  # The linker's notes about local symbols of the static libraries are noise.
  "$FUZZ_SWIFTC" "${FUZZ_FLAGS[@]}" -module-name "$name" -o "$output" "$@" 2>&1 \
    | { grep -v 'Cannot export local symbol' || true; }
  test -x "$output"
}
