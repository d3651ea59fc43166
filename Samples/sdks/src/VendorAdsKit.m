/* VendorAdsKit: a vendor framework that merged Facebook SDK classes into its own binary (the
 * way a static FBSDKCoreKit is linked into another framework). It DEFINES two classes with the
 * FBSDK prefix, so its binary may include FBSDKCoreKit, and what swiftc emits for a struct and a
 * class of module Alamofire (their nominal type descriptors, a method and a metadata accessor),
 * so it may include Alamofire too. Prefixes and module types suggest an SDK, they do not
 * identify it: both are "may include" warnings. It has no privacy manifest and uses no
 * required-reason API. Classes and functions are our own stand-ins. */
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

/* What swiftc emits for `Alamofire.Session.start()` and `Alamofire.Task`'s metadata accessor,
 * spelled with asm labels (Mach-O adds the leading underscore). */
void vendorads_session_start(void) __asm__("_$s9Alamofire7SessionC5startyyF");
void vendorads_session_start(void) {}
void vendorads_task_metadata(void) __asm__("_$s9Alamofire4TaskVMa");
void vendorads_task_metadata(void) {}
/* The nominal type descriptors of `Alamofire.Session` and `Alamofire.Task`: emitted only by the
 * module that declares the types, so they name the module a binary really holds. */
const char vendorads_session_descriptor[16] __asm__("_$s9Alamofire7SessionCMn") = {0};
const char vendorads_task_descriptor[16] __asm__("_$s9Alamofire4TaskVMn") = {0};
