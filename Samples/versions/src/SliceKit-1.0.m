/* SliceKit 1.0, an xcframework for `sdkvet diff` (build.sh): every slice reads the system
 * uptime (SystemBootTime), which its manifest declares. */
#include "../../sdks/src/include/sdk_decls.h"

double slicekit_uptime(void) { return [[NSProcessInfo processInfo] systemUptime]; }
