/* SliceKit 2.0: what 1.0 does, and it remembers a value in the user defaults (UserDefaults),
 * which its new manifest declares. */
#include "../../sdks/src/include/sdk_decls.h"

double slicekit_uptime(void) { return [[NSProcessInfo processInfo] systemUptime]; }

void slicekit_remember(id value, id key) { [[NSUserDefaults standardUserDefaults] setObject:value forKey:key]; }
