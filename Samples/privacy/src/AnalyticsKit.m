/* AnalyticsKit: requests App Tracking Transparency and reads the advertising identifier; its
 * manifest declares exactly that (NSPrivacyTracking true with the domain it tracks through, and
 * the device ID, linked and used for tracking) and nothing more. It links the static library
 * PartnerKit (PartnerKit.m) into its binary and ships PartnerKit's manifest as
 * PartnerKit.bundle inside the framework. */
#include "../../sdks/src/include/sdk_decls.h"

void partnerkit_start(void);

void analyticskit_start(void (^done)(unsigned long status)) {
  partnerkit_start();
  [ATTrackingManager requestTrackingAuthorizationWithCompletionHandler:done];
}

id analyticskit_device_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
