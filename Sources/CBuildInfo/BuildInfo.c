#include "BuildInfo.h"

// Package.swift defines SDKVET_COMMIT as a string literal when the environment names a commit.
#ifndef SDKVET_COMMIT
#define SDKVET_COMMIT ""
#endif

const char *sdkvet_build_commit(void) { return SDKVET_COMMIT; }
