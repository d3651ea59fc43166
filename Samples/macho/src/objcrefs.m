/* Objective-C class references and selector references (in __objc_selrefs), compiled the
 * classic way: the object and every image linked from it carry the selector strings in
 * __objc_methname and pointers to them in __objc_selrefs.
 * It also DEFINES a method named `fileModificationDate`: that name is in __objc_methname
 * but not in __objc_selrefs, so it is not a referenced selector. */
__attribute__((objc_root_class)) @interface NSObject
+ (id)alloc;
- (id)init;
@end

@interface NSProcessInfo : NSObject
+ (NSProcessInfo *)processInfo;
- (double)systemUptime;
@end

@interface NSUserDefaults : NSObject
+ (NSUserDefaults *)standardUserDefaults;
- (id)objectForKey:(id)key;
@end

@interface UITextInputMode : NSObject
+ (id)activeInputModes;
@end

@interface FixtureDocument : NSObject
- (id)fileModificationDate;
@end

@implementation FixtureDocument
- (id)fileModificationDate { return 0; }
@end

double fixture_system_uptime(void) { return [[NSProcessInfo processInfo] systemUptime]; }

id fixture_defaults_value(id key) {
  return [[NSUserDefaults standardUserDefaults] objectForKey:key];
}

id fixture_keyboards(void) { return [UITextInputMode activeInputModes]; }
