/* VendorAdsKit: a vendor framework that merged Facebook SDK classes into its own binary (the
 * way a static FBSDKCoreKit is linked into another framework). It DEFINES two classes with the
 * FBSDK prefix, so its binary includes FBSDKCoreKit; it has no privacy manifest and uses no
 * required-reason API. The classes are our own stand-ins, not Facebook's code. */
#include "include/sdk_decls.h"

@interface FBSDKSampleSettings : NSObject
+ (int)isAutoLogEnabled;
@end

@implementation FBSDKSampleSettings
+ (int)isAutoLogEnabled { return 0; }
@end

@interface FBSDKSampleAppEvents : NSObject
+ (void)logEvent:(id)name;
@end

@implementation FBSDKSampleAppEvents
+ (void)logEvent:(id)name { (void)name; }
@end

int vendorads_show(void) { return [FBSDKSampleSettings isAutoLogEnabled]; }
