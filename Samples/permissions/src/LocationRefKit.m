/* LocationRefKit: creates a CLLocationManager and checks LAContext availability, and asks
 * for nothing: location (when in use) and Face ID are "API only"; no location-always, no
 * temporary full accuracy, no Face ID prompt. App Store Connect still mails ITMS-90683 for
 * NSLocationWhenInUseUsageDescription when an app embeds it without the key. */
#include "decls.h"

id lrk_manager(void) { return [[CLLocationManager alloc] init]; }
int lrk_biometrics(void) { return [[[LAContext alloc] init] canEvaluatePolicy:2 error:0]; }
