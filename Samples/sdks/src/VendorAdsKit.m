/* VendorAdsKit: a vendor framework with classes of its own named with the FBSDK prefix, which
 * prove nothing (a prefix is no SDK's own), and what swiftc emits for a struct and a class of
 * module Alamofire (their nominal type descriptors, a method and a metadata accessor): the
 * descriptors only the declaring module emits prove Alamofire is compiled in, an error without
 * its manifest. It has no privacy manifest and uses no required-reason API. Classes and
 * functions are our own stand-ins. */
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
