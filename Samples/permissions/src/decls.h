/* Declarations for the permission and selector samples (issue 34, issue 33's first point),
 * beside ../../sdks/src/include/sdk_decls.h: only the names matter, the samples are linked,
 * never run. */
#ifndef SDKVET_PERMISSION_DECLS_H
#define SDKVET_PERMISSION_DECLS_H

#include "../../sdks/src/include/sdk_decls.h"

typedef struct objc_class *Class;
Class NSClassFromString(id name);
id objc_getClass(const char *name);

@interface NSUserDefaults (Suites)
- (id)initWithSuiteName:(id)name;
@end

@interface CLLocationManager (Always)
- (void)requestAlwaysAuthorization;
@end

@interface LAContext : NSObject
- (int)canEvaluatePolicy:(long)policy error:(id *)error;
- (void)evaluatePolicy:(long)policy localizedReason:(id)reason reply:(void (^)(int success, id error))reply;
@end

@interface INFocusStatusCenter : NSObject
+ (INFocusStatusCenter *)defaultCenter;
- (void)requestAuthorizationWithCompletionHandler:(void (^)(long status))handler;
@end

@interface GKLocalPlayer : NSObject
+ (GKLocalPlayer *)localPlayer;
- (void)loadFriends:(void (^)(id friends, id error))handler;
@end

@interface VSAccountManager : NSObject
- (void)checkAccessStatusWithOptions:(id)options completionHandler:(void (^)(long status, id error))handler;
@end

@interface OSSystemExtensionRequest : NSObject
+ (id)activationRequestForExtension:(id)identifier queue:(id)queue;
@end

@interface HKObjectType : NSObject
+ (id)clinicalTypeForIdentifier:(id)identifier;
@end

@interface HKHealthStore : NSObject
- (void)requestAuthorizationToShareTypes:(id)share readTypes:(id)read completion:(void (^)(int success, id error))completion;
@end

extern id const HKClinicalTypeIdentifierAllergyRecord;

@interface PKIdentityAuthorizationController : NSObject
- (void)requestDocument:(id)request completion:(void (^)(id document, id error))completion;
@end

@interface ASAccessorySession : NSObject
- (void)showPickerWithCompletionHandler:(void (^)(id error))handler;
- (void)showPickerForDisplayItems:(id)items completionHandler:(void (^)(id error))handler;
@end

#endif
