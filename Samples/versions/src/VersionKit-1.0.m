/* VersionKit 1.0: remembers a setting (UserDefaults) and measures time since boot
 * (SystemBootTime); its manifest declares both. */
#include "../../sdks/src/include/sdk_decls.h"

void versionkit_remember(id value, id key) {
  [[NSUserDefaults standardUserDefaults] setObject:value forKey:key];
}

double versionkit_uptime(void) { return [[NSProcessInfo processInfo] systemUptime]; }
