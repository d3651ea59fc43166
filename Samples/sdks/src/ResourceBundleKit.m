/* ResourceBundleKit: uses UserDefaults; its manifest is not at the framework root but in a
 * resource bundle inside it (ResourceBundleKit.framework/ResourceBundleKit.bundle/), the
 * CocoaPods resource-bundle layout. */
#include "include/sdk_decls.h"

id resourcebundle_setting(id key) {
  return [[NSUserDefaults standardUserDefaults] objectForKey:key];
}
