/* ConsentApp: an app whose embedded ConsentKit requests App Tracking Transparency, while the
 * app's Info.plist has no NSUserTrackingUsageDescription. It keeps a setting in
 * NSUserDefaults and declares that with C56D.1, a reason only SDKs may give. */
#include "include/sdk_decls.h"

int UIApplicationMain(int argc, char **argv, id principalClassName, id delegateClassName);
void consentkit_ask(void (^done)(unsigned long status));

int main(int argc, char **argv) {
  consentkit_ask(0);
  [[NSUserDefaults standardUserDefaults] setObject:0 forKey:0];
  return UIApplicationMain(argc, argv, 0, 0);
}
