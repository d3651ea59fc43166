/* Declarations for the permission and selector samples (issue 34, issue 33's first point),
 * built without an Apple SDK: only the names matter, the samples are linked, never run. */
#ifndef SDKVET_PERMISSION_DECLS_H
#define SDKVET_PERMISSION_DECLS_H

__attribute__((objc_root_class)) @interface NSObject
+ (id)alloc;
- (id)init;
@end

typedef struct objc_class *Class;
Class NSClassFromString(id name);
id objc_getClass(const char *name);

@interface NSProcessInfo : NSObject
+ (NSProcessInfo *)processInfo;
- (double)systemUptime;
@end

@interface NSUserDefaults : NSObject
+ (NSUserDefaults *)standardUserDefaults;
- (id)initWithSuiteName:(id)name;
@end

@interface ASIdentifierManager : NSObject
+ (ASIdentifierManager *)sharedManager;
- (id)advertisingIdentifier;
@end

@interface ATTrackingManager : NSObject
+ (void)requestTrackingAuthorizationWithCompletionHandler:(void (^)(unsigned long status))handler;
@end

@interface CLLocationManager : NSObject
- (void)requestWhenInUseAuthorization;
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

#endif
