/* MisspeltKit: uses UserDefaults; its manifest misspells NSPrivacyAccessedAPITypes,
 * NSPrivacyTrackingDomains and an entry's NSPrivacyAccessedAPITypeReasons, so App Store
 * Connect sees no declaration (Samples/drafts/README.md). */
#include "../../sdks/src/include/sdk_decls.h"

id misspeltkit_setting(id key) { return [[NSUserDefaults standardUserDefaults] objectForKey:key]; }
