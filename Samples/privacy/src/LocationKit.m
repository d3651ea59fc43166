/* LocationKit: asks for location while in use and reads the advertising identifier, while its
 * manifest declares nothing (NSPrivacyTracking false, no collected data type; its code uses no
 * required-reason API): the privacy report asks its vendor about both. */
#include "../../sdks/src/include/sdk_decls.h"

void locationkit_start(void) {
  CLLocationManager *manager = [[CLLocationManager alloc] init];
  [manager requestWhenInUseAuthorization];
}

id locationkit_device_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
