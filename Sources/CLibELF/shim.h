#ifndef SDKVET_CLIBELF_SHIM_H
#define SDKVET_CLIBELF_SHIM_H
#include <libelf.h>
#include <gelf.h>
#endif
