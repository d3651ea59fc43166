/* The same SDK in both versions under two names: LegacyKit.framework in v1, RenamedKit.framework
 * in v2, one bundle identifier (dev.sdkvet.samples.RenamedKit). It uses no required-reason API;
 * `sdkvet diff` matches the two by identifier and reports only the new name. */
#include "../../sdks/src/include/sdk_decls.h"

unsigned long renamedkit_length(const char *text) { return strlen(text); }
