/* PrivacyApp: starts its two SDKs and keeps a setting in NSUserDefaults. */
#include "../../sdks/src/include/sdk_decls.h"

int UIApplicationMain(int argc, char **argv, id principalClassName, id delegateClassName);
void analyticskit_start(void (^done)(unsigned long status));
void locationkit_start(void);

int main(int argc, char **argv) {
  analyticskit_start(0);
  locationkit_start();
  [[NSUserDefaults standardUserDefaults] setObject:0 forKey:0];
  return UIApplicationMain(argc, argv, 0, 0);
}
