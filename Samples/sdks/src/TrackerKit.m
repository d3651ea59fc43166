/* TrackerKit: reads the advertising identifier (ASIdentifierManager sharedManager /
 * advertisingIdentifier). Its manifest says NSPrivacyTracking true but lists no tracking
 * domains. */
#include "include/sdk_decls.h"

id trackerkit_advertising_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
