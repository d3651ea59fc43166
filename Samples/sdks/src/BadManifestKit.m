/* BadManifestKit: uses DiskSpace (_statfs) and UserDefaults; its manifest is invalid
 * (a shortened category string, an empty reasons array, an unexpected top-level key). */
#include "include/sdk_decls.h"

int badmanifest_free_space(const char *path, unsigned char *buffer) {
  return statfs(path, buffer);
}

id badmanifest_setting(id key) {
  return [[NSUserDefaults standardUserDefaults] objectForKey:key];
}
