/* UnusedDeclKit: uses UserDefaults (declared) and declares ActiveKeyboards, which it never
 * uses. It DEFINES its own +activeInputModes method: that name sits in __objc_methname but
 * not in __objc_selrefs, so it is not evidence of the ActiveKeyboards API. */
#include "include/sdk_decls.h"

@interface UnusedDeclKitKeyboardList : NSObject
+ (id)activeInputModes;
@end

@implementation UnusedDeclKitKeyboardList
+ (id)activeInputModes { return 0; }
@end

void unuseddecl_remember(id value, id key) {
  [[NSUserDefaults standardUserDefaults] setObject:value forKey:key];
}
