# sdkvet: the two commands the README starts with, and the pieces CI runs.
#   make demo   build, then scan the bundled Samples/
#   make test   build and run the whole test suite
SHELL := /bin/bash
SWIFT ?= swift
# On macOS the ELF reader (the LibELF trait) is built only when the libelf pkg-config finds is
# elfutils', the library it is written against (Scripts/lib/has-elfutils says why with -v), and
# archives (the LibArchive trait) only when pkg-config finds libarchive: Homebrew's is keg-only,
# so its pkg-config folder is added to the search path. Both are judged when a recipe runs, after
# `setup` has installed what it installs.
ifeq ($(shell uname -s),Darwin)
export PKG_CONFIG_PATH := $(shell brew --prefix libarchive 2>/dev/null)/lib/pkgconfig:$(PKG_CONFIG_PATH)
TRAIT_LIST = $(shell Scripts/lib/has-elfutils && echo LibELF) $(shell pkg-config --exists libarchive 2>/dev/null && echo LibArchive)
comma := ,
empty :=
space := $(empty) $(empty)
TRAITS = $(if $(strip $(TRAIT_LIST)),--traits $(subst $(space),$(comma),$(strip $(TRAIT_LIST))))
endif
# On Linux the release binary is the one Scripts/dist ships: it links the Swift runtime and
# Foundation statically, and libelf, libarchive with its compression libraries, libxml2 and ICU,
# libcrypto and libstdc++ too (Scripts/lib/static-libraries). It needs only glibc, and it starts
# in half the time: loading and relocating some 30 shared libraries at every run took
# longer than a scan of a few files. macOS has the runtime in the system.
ifeq ($(shell uname -s),Linux)
# Linked by lld, which leaves out the references of the code it discards: GNU gold kept libstdc++'s
# unused call of `arc4random` as a dynamic symbol, and with it a need of glibc 2.36 that the
# loader checks before `main`, which Ubuntu 22.04 (glibc 2.35) cannot meet (Scripts/check-dist).
RELEASE_FLAGS := --static-swift-stdlib -Xswiftc -use-ld=lld
# The static libraries are prepared before the build, and a failure there stops it (it would
# otherwise link the shared libraries without a word).
STATIC_LINKING = static=$$(Scripts/lib/static-libraries) && PKG_CONFIG_PATH="$$static$${PKG_CONFIG_PATH:+:$$PKG_CONFIG_PATH}"
endif
SDKVET := .build/release/sdkvet
FUZZ_SECONDS ?= 60

.PHONY: setup build release dist dist-check demo test lint api portability differential reports html-report ci-docs plugin fuzz registry-corpus registry-differential ci clean

setup:
	@Scripts/setup

build: setup
	$(SWIFT) build $(TRAITS)

release: setup
	$(STATIC_LINKING) SDKVET_COMMIT=$$(Scripts/lib/build-commit) $(SWIFT) build -c release --product sdkvet $(TRAITS) $(RELEASE_FLAGS)

# The release files in dist/ (Scripts/dist): on Linux sdkvet-VERSION-ARCH-linux.tar.gz, whose
# binary links everything but glibc statically, with its man page and completions; the SwiftPM
# artifact bundle and the plugin package over it; SHA256SUMS. On macOS the same for a universal
# binary.
dist: setup
	Scripts/dist

# The release as its users get it: the tarball in an empty root with only glibc, install.sh
# (Scripts/check-dist); the binary plugin from a package outside the checkout
# (Scripts/check-binary-plugin); the GitHub Action's steps and actionlint (Scripts/check-action).
dist-check: dist
	$(SWIFT) build $(TRAITS)
	Scripts/check-dist
	Scripts/check-binary-plugin
	Scripts/check-action

demo: release
	$(SDKVET) scan Samples/sdks || true

test: setup
	$(SWIFT) build --build-tests $(TRAITS)
	$(SWIFT) test --skip-build $(TRAITS)

# The committed style (.swift-format): formatting, no force-unwraps, no force-try, documented API.
lint:
	$(SWIFT) format lint --strict -r Sources Tests Fuzz Plugins

# The public API of the SDKVetScan library is the one Docs/LIBRARY-API.txt lists (Scripts/check-api,
# which prints the count of public declarations; `Scripts/check-api --update` after a deliberate
# change). Reads the modules of the debug build, which `make test` has just made.
api: setup
	$(SWIFT) build $(TRAITS)
	Scripts/check-api

# What breaks on macOS, checked from Linux (Scripts/check-portability; Docs/ARCHITECTURE.md says
# what it cannot see). The self-test first plants violations and requires exactly those findings.
portability:
	Scripts/check-portability --self-test
	Scripts/check-portability

# The package's target graph is the one Docs/ARCHITECTURE.md draws.
architecture:
	Scripts/check-architecture

# The differential checks against binutils nm and readelf and llvm-nm on the ELF fixtures and a sample of this machine's libraries.
differential: release
	Scripts/elf-differential --fixtures --sample 150
	Scripts/macho-differential
	@# This machine's own Mach-O archives (the Swift toolchain's embedded Apple runtimes), when present.
	files=$$(find "$$(dirname "$$(readlink -f "$$(command -v $(SWIFT))")")/../lib" -path '*apple*' -name '*.a' 2>/dev/null); \
	  if [ -n "$$files" ]; then Scripts/macho-differential $$files; fi

# The registry corpus's differential: vendor-built Mach-O from pinned PyPI wheels, compared with
# llvm-nm, llvm-objdump, lief and openssl, and scanned in every format (Scripts/registry-differential;
# Docs/REGISTRY-CORPUS.md). It says SKIPPED, and passes, only when PyPI cannot be reached.
registry-differential: release
	Scripts/registry-differential

# The SARIF of a scan of every bundled sample must validate against the SARIF 2.1.0 schema.
reports: release
	$(SDKVET) scan --format sarif --fail-on never --output .build/samples.sarif Samples/
	Scripts/validate-sarif .build/samples.sarif

# The HTML report of Samples/ rendered in headless Chromium: no console error, no network
# request, nothing from hostile names executed, the matrix right, and printed to PDF every
# finding unfolded and the matrix within the page (Scripts/check-html-report);
# the privacy report's HTML printed to PDF: no table cut, the page count in bounds
# (Scripts/check-privacy-report-pdf).
html-report: release
	@Scripts/setup --browser
	Scripts/check-html-report --sdkvet $(SDKVET)
	Scripts/check-privacy-report-pdf --sdkvet $(SDKVET)

# The copy-paste CI setups of Docs/CI.md: the YAML parses, every sdkvet option exists, the shell
# gate runs on two samples (Scripts/check-ci-docs).
ci-docs: release
	Scripts/check-ci-docs --sdkvet $(SDKVET)

# The SwiftPM command plugin (`swift package sdkvet`) on a sample package with two binary targets
# (Scripts/check-plugin); the first run builds sdkvet in .build/plugin-package.
plugin: setup
	Scripts/check-plugin

# Vendor-built Mach-O binaries from pinned PyPI wheels (Scripts/registry-corpus.lock), fetched,
# hash-checked and unpacked into $SDKVET_REGISTRY_CACHE (default ~/.cache/sdkvet/registry-corpus;
# Docs/REGISTRY-CORPUS.md). Prints the unpacked root last; exit status 3 when PyPI is unreachable.
registry-corpus:
	Scripts/registry-corpus

fuzz:
	Scripts/fuzz-macho $(FUZZ_SECONDS)
	Scripts/fuzz-elf $(FUZZ_SECONDS)
	Scripts/fuzz-documents $(FUZZ_SECONDS)
	Scripts/fuzz-archives $(FUZZ_SECONDS)
	Scripts/fuzz-signatures $(FUZZ_SECONDS)
	Scripts/fuzz-outputs $(FUZZ_SECONDS)

ci: test lint api architecture portability differential registry-differential reports html-report ci-docs plugin dist-check fuzz

clean:
	rm -rf .build Fuzz/.build dist
