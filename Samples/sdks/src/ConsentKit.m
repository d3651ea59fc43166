/* ConsentKit: requests App Tracking Transparency properly and reads the advertising
 * identifier; its manifest declares tracking with a domain. The host app must carry
 * NSUserTrackingUsageDescription. */
#include "include/sdk_decls.h"

void consentkit_ask(void (^done)(unsigned long status)) {
  [ATTrackingManager requestTrackingAuthorizationWithCompletionHandler:done];
}

id consentkit_advertising_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
