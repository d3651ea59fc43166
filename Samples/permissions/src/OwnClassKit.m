/* OwnClassKit: sends +standardUserDefaults and -initWithSuiteName: to its own class (as
 * GoogleUtilities' GULUserDefaults does) and -advertisingIdentifier to its own class (as
 * SmaatoSDKVideo does). It references neither NSUserDefaults nor ASIdentifierManager, as a
 * class or as a string: the selectors alone prove no UserDefaults use and no tracking. */
#include "decls.h"

@interface OCKUserDefaults : NSObject
+ (id)standardUserDefaults;
- (id)initWithSuiteName:(id)name;
@end

@implementation OCKUserDefaults
+ (id)standardUserDefaults { return 0; }
- (id)initWithSuiteName:(id)name { return self; }
@end

@interface OCKAdInfo : NSObject
- (id)advertisingIdentifier;
@end

@implementation OCKAdInfo
- (id)advertisingIdentifier { return 0; }
@end

id ock_defaults(void) { return [OCKUserDefaults standardUserDefaults]; }
id ock_suite(void) { return [[OCKUserDefaults alloc] initWithSuiteName:0]; }
id ock_identifier(void) { return [[OCKAdInfo alloc] advertisingIdentifier]; }
