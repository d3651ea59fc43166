#ifndef SDKVET_CLIBCRYPTO_SHIM_H
#define SDKVET_CLIBCRYPTO_SHIM_H
#include <openssl/evp.h>
#endif
