/* PartnerKit: a partner's attribution library, shipped as a static library and linked into
 * AnalyticsKit's binary. Its classes keep a partner install token in NSUserDefaults and read the
 * advertising identifier; its own manifest travels as a resource bundle inside its host,
 * AnalyticsKit.framework/PartnerKit.bundle/PrivacyInfo.xcprivacy, declaring the device ID it
 * collects (not linked, not tracking, for the developer's advertising: install attribution) and
 * the UserDefaults reason. */
#include "../../sdks/src/include/sdk_decls.h"

@interface PKPartnerConfiguration : NSObject
+ (id)installToken;
+ (void)storeInstallToken:(id)token;
@end

@implementation PKPartnerConfiguration
+ (id)installToken {
  return [[NSUserDefaults standardUserDefaults] objectForKey:0];
}
+ (void)storeInstallToken:(id)token {
  [[NSUserDefaults standardUserDefaults] setObject:token forKey:0];
}
@end

@interface PKAttributionEvent : NSObject
+ (id)deviceIdentifier;
@end

@implementation PKAttributionEvent
+ (id)deviceIdentifier {
  return [[ASIdentifierManager sharedManager] advertisingIdentifier];
}
@end

@interface PKPartnerSession : NSObject
+ (void)start;
@end

@implementation PKPartnerSession
+ (void)start {
  if (![PKPartnerConfiguration installToken]) {
    [PKPartnerConfiguration storeInstallToken:[PKAttributionEvent deviceIdentifier]];
  }
}
@end

void partnerkit_start(void) {
  [PKPartnerSession start];
}
