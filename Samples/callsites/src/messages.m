/* Call-site fixture (Objective-C part): `systemUptime` is sent from a method, and
 * `standardUserDefaults` only from a block. No Foundation headers: the classes are declared
 * with the methods used. */
__attribute__((objc_root_class))
@interface NSObject
+ (id)alloc;
@end

@interface NSProcessInfo : NSObject
+ (NSProcessInfo *)processInfo;
- (double)systemUptime;
@end

@interface NSUserDefaults : NSObject
+ (NSUserDefaults *)standardUserDefaults;
@end

@interface Probe : NSObject
- (double)uptime;
- (id (^)(void))defaultsProvider;
@end

@implementation Probe
- (double)uptime {
  return [[NSProcessInfo processInfo] systemUptime];
}

- (id (^)(void))defaultsProvider {
  return ^id(void) { return [NSUserDefaults standardUserDefaults]; };
}
@end
