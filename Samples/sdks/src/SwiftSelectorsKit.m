/* SwiftSelectorsKit: no plain C privacy imports. DiskSpace is used only through the
 * Swift-mangled URLResourceValues.volumeAvailableCapacity getter, ActiveKeyboards only
 * through the activeInputModes selector reference. The manifest declares DiskSpace only. */
#include "include/sdk_decls.h"

void swiftselectors_capacity(void *result, void *values) {
  swift_URLResourceValues_volumeAvailableCapacity(result, values);
}

id swiftselectors_keyboards(void) { return [UITextInputMode activeInputModes]; }
