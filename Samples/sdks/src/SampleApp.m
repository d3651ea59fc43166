/* SampleApp: asks for the camera and location, reads the advertising identifier without
 * asking for App Tracking Transparency, and keeps a setting in NSUserDefaults. */
#include "include/sdk_decls.h"

int UIApplicationMain(int argc, char **argv, id principalClassName, id delegateClassName);
void mickit_start(void (^done)(int granted));

static void sampleapp_scan_receipt(void) {
  [AVCaptureDevice requestAccessForMediaType:AVMediaTypeVideo completionHandler:0];
}

static void sampleapp_find_stores(void) {
  CLLocationManager *manager = [[CLLocationManager alloc] init];
  [manager requestWhenInUseAuthorization];
}

static id sampleapp_ad_id(void) {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}

int main(int argc, char **argv) {
  sampleapp_scan_receipt();
  sampleapp_find_stores();
  [[NSUserDefaults standardUserDefaults] setObject:sampleapp_ad_id() forKey:0];
  mickit_start(0);
  return UIApplicationMain(argc, argv, 0, 0);
}
