/* GamingKit: a framework shaped like FBSDKGamingServicesKit. It DEFINES classes of its own whose
 * names start with FBSDK (as FBSDKChooseContextDialog does) and links FBSDKCoreKit as a separate
 * framework (LC_LOAD_DYLIB @rpath/FBSDKCoreKit.framework/FBSDKCoreKit, through stubs/FBSDKCoreKit.tbd),
 * using one of its classes. A shared prefix proves nothing and a linked framework is not included:
 * no listed SDK is detected. No manifest, no required-reason API; classes are our own stand-ins. */
#include "include/sdk_decls.h"

@interface FBSDKSettings : NSObject
+ (id)sharedSettings;
@end

@interface FBSDKSampleChooseContextDialog : NSObject
+ (id)dialog;
@end

@implementation FBSDKSampleChooseContextDialog
+ (id)dialog { return [FBSDKSettings sharedSettings]; }
@end

@interface FBSDKSampleGamingContext : NSObject
@end

@implementation FBSDKSampleGamingContext
@end
