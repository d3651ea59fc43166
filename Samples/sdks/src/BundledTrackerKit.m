/* BundledTrackerKit: no privacy-relevant code; its only manifest is in a resource bundle
 * (BundledTrackerKit.framework/BundledTrackerKit.bundle/), outside Apple's documented places,
 * and lists a tracking domain while NSPrivacyTracking is false (ITMS-91107). */
#include "include/sdk_decls.h"

int bundledtracker_ready(void) { return 1; }
