#!/usr/bin/env bash
# Prints, for every sample binary, what the README's tables are based on: undefined symbols
# per architecture and member (llvm-nm -u), linked libraries, and referenced selectors
# (__objc_selrefs; shown for classic-bind images only, see README). Read-only.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
TOOLS="${SWIFT_TOOLCHAIN_BIN:-/opt/swift/usr/bin}"
cd "$HERE"
find . \( -path ./src -o -path ./stubs \) -prune -o -type f -print | sort | while read -r file; do
  case "$file" in
    *.plist|*.xcprivacy|*.strings|*.h|*.sh|*.py|*.md) continue ;;
  esac
  echo "== $file"
  if ! "$TOOLS/llvm-nm" -u --arch=all "$file" 2>&1 | sed 's/^/   /'; then :; fi
  "$TOOLS/llvm-objdump" --macho --private-headers --arch=all "$file" 2>/dev/null \
    | awk '/cmd LC_(LOAD|LOAD_WEAK|REEXPORT)_DYLIB/{c=$2} /name /{if(c){print "   lib " c " " $2; c=""}}' || true
  "$TOOLS/llvm-objdump" --macho --objc-meta-data --arch=all "$file" 2>/dev/null \
    | grep -E '__objc_methname:' | sed 's/.*__objc_methname:/   selref /' || true
done
