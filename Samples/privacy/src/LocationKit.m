/* LocationKit: asks for location while in use and reads the advertising identifier, while its
 * manifest declares only crash data: the privacy report asks its vendor about both. */
#include "../../sdks/src/include/sdk_decls.h"

void locationkit_start(void) {
  CLLocationManager *manager = [[CLLocationManager alloc] init];
  [manager requestWhenInUseAuthorization];
}

id locationkit_device_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
