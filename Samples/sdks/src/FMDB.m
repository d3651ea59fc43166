/* FMDB: a framework named like FMDB, on Apple's list of commonly used SDKs, with no privacy
 * manifest. Its code has nothing of FMDB's (no FMDatabase classes): it is recognised by its
 * name and the last part of its bundle identifier only. */
#include "include/sdk_decls.h"

int fmdb_sample_version(void) { return 1; }
