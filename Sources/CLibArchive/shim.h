#ifndef SDKVET_CLIBARCHIVE_SHIM_H
#define SDKVET_CLIBARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#endif
