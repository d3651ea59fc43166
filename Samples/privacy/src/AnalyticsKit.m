/* AnalyticsKit: requests App Tracking Transparency and reads the advertising identifier; its
 * manifest declares what it collects (the device ID, linked and used for tracking; product
 * interaction, not linked) and the domain it tracks through. */
#include "../../sdks/src/include/sdk_decls.h"

void analyticskit_start(void (^done)(unsigned long status)) {
  [ATTrackingManager requestTrackingAuthorizationWithCompletionHandler:done];
}

id analyticskit_device_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
