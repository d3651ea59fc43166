#ifndef SDKVET_BUILD_INFO_H
#define SDKVET_BUILD_INFO_H

/// The commit sdkvet was built from, as `make` passed it in `SDKVET_COMMIT` when Package.swift
/// was read (`git describe`-like: 12 hex digits, `-dirty` when the tree had changes); an empty
/// string when the build was not told (a plain `swift build`, a checkout without git metadata).
const char *sdkvet_build_commit(void);

#endif
