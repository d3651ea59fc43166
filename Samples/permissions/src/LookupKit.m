/* LookupKit: reaches NSUserDefaults and ASIdentifierManager without importing them, by name
 * at run time: NSClassFromString(@"NSUserDefaults") and objc_getClass("ASIdentifierManager").
 * The selectors count with the looked-up classes: a UserDefaults use and an identifier read. */
#include "decls.h"

id lk_defaults(void) { return [(id)NSClassFromString(@"NSUserDefaults") standardUserDefaults]; }
id lk_identifier(void) { return [[objc_getClass("ASIdentifierManager") sharedManager] advertisingIdentifier]; }
