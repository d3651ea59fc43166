/* NoManifestKit: uses DiskSpace (_statfs) and ships no privacy manifest.
 * Decoys that are NOT uses of a required-reason API (usedCategories must be DiskSpace only):
 *   - it defines a C function my_lstat (a definition, not an import of lstat);
 *   - it contains the text "could not stat";
 *   - it defines a method named systemUptime (in __objc_methname, not in __objc_selrefs). */
#include "include/sdk_decls.h"

const char *const nomanifest_error_text = "could not stat";

int my_lstat(const char *path) { return (int)strlen(path); }

@interface NoManifestKitClock : NSObject
- (double)systemUptime;
@end

@implementation NoManifestKitClock
- (double)systemUptime { return 0; }
@end

int nomanifest_free_space(const char *path, unsigned char *buffer) {
  if (statfs(path, buffer) != 0) {
    puts(nomanifest_error_text);
    return -1;
  }
  return 0;
}
