/* StrippedVendorKit: a vendor framework that linked a Swift layout library (our stand-in for
 * SnapKit: what swiftc emits for two of its classes, spelled with asm labels) and defines an
 * Objective-C class of its own. The build strips every defined name from its symbol table, as
 * vendors ship release binaries, so the descriptors and the class are left only in the dyld
 * export trie: sdkvet must read them there to see that the binary includes SnapKit, and
 * `symbols --defined` must list them. No required-reason API; no manifest. */
#include "../../sdks/src/include/sdk_decls.h"

@interface SVKBannerView : NSObject
+ (int)height;
@end

@implementation SVKBannerView
+ (int)height { return 50; }
@end

int strippedvendor_show(void) { return [SVKBannerView height]; }

/* The nominal type descriptors of `SnapKit.Constraint` and `SnapKit.ConstraintMaker`, and a
 * method of the first: emitted only by the module that declares the types. */
const char strippedvendor_constraint[16] __asm__("_$s7SnapKit10ConstraintCMn") = {0};
const char strippedvendor_maker[16] __asm__("_$s7SnapKit15ConstraintMakerCMn") = {0};
void strippedvendor_activate(void) __asm__("_$s7SnapKit10ConstraintC8activateyyF");
void strippedvendor_activate(void) {}
