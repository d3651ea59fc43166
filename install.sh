#!/bin/sh
# Installs an sdkvet release tarball: bin/sdkvet, share/man/man1/sdkvet.1, and the bash, zsh and
# fish completions, under a prefix (default /usr/local), after checking the tarball's SHA-256
# against the SHA256SUMS file beside it.
#
#   sh install.sh [--prefix DIR] [TARBALL]
#
# TARBALL defaults to the newest dist/sdkvet-*-<arch>-linux.tar.gz of this checkout (what
# `make dist` builds). SHA256SUMS is looked for next to TARBALL. Nothing is installed unless the
# checksum matches. Exit status: 0 installed; 1 a check or a copy failed; 2 usage error.
set -eu

usage() {
  echo "usage: install.sh [--prefix DIR] [TARBALL]" >&2
  exit 2
}

fail() {
  echo "install.sh: $*" >&2
  exit 1
}

prefix=/usr/local
tarball=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix)
      [ $# -ge 2 ] || usage
      prefix=$2
      shift 2
      ;;
    --prefix=*)
      prefix=${1#--prefix=}
      shift
      ;;
    -h | --help)
      sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    -*) usage ;;
    *)
      [ -z "$tarball" ] || usage
      tarball=$1
      shift
      ;;
  esac
done
[ -n "$prefix" ] || usage

if [ -z "$tarball" ]; then
  arch=$(uname -m)
  [ "$arch" = arm64 ] && arch=aarch64
  here=$(dirname "$0")
  # The newest by name: versions sort, and there is normally one.
  for candidate in "$here"/dist/sdkvet-*-"$arch"-linux.tar.gz; do
    [ -f "$candidate" ] && tarball=$candidate
  done
  [ -n "$tarball" ] || fail "no dist/sdkvet-*-$arch-linux.tar.gz here: run 'make dist' first, or name a tarball"
fi
[ -f "$tarball" ] || fail "no such file: $tarball"

# The checksum first: SHA256SUMS lists "<hex>  <file name>" for each release file.
sums=$(dirname "$tarball")/SHA256SUMS
[ -f "$sums" ] || fail "no SHA256SUMS beside $tarball: download it from the same release"
name=$(basename "$tarball")
expected=$(awk -v name="$name" '$2 == name || $2 == "*" name { print $1; exit }' "$sums")
[ -n "$expected" ] || fail "$sums does not list $name"
if command -v sha256sum >/dev/null 2>&1; then
  actual=$(sha256sum "$tarball" | awk '{ print $1 }')
elif command -v shasum >/dev/null 2>&1; then
  actual=$(shasum -a 256 "$tarball" | awk '{ print $1 }')
else
  fail "neither sha256sum nor shasum is installed: cannot check $name"
fi
[ "$actual" = "$expected" ] || fail "$name: SHA-256 $actual does not match SHA256SUMS ($expected); not installed"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
tar -xzf "$tarball" -C "$work" || fail "cannot unpack $name"
root=$(find "$work" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [ -z "$root" ] || [ ! -x "$root/bin/sdkvet" ]; then fail "$name holds no bin/sdkvet"; fi

put() { # put MODE SOURCE DESTINATION-FOLDER
  mkdir -p "$3" || fail "cannot create $3"
  cp "$2" "$3/" || fail "cannot write $3/$(basename "$2")"
  chmod "$1" "$3/$(basename "$2")"
}
put 755 "$root/bin/sdkvet" "$prefix/bin"
put 644 "$root/share/man/man1/sdkvet.1" "$prefix/share/man/man1"
put 644 "$root/share/bash-completion/completions/sdkvet" "$prefix/share/bash-completion/completions"
put 644 "$root/share/zsh/site-functions/_sdkvet" "$prefix/share/zsh/site-functions"
put 644 "$root/share/fish/vendor_completions.d/sdkvet.fish" "$prefix/share/fish/vendor_completions.d"
echo "install.sh: installed $("$prefix/bin/sdkvet" --version) in $prefix"
