/* Archive member: lstat and a Foundation constant. */
#include "../decls.h"

int fixture_link_info(const char *path, unsigned char *buffer) { return lstat(path, buffer); }

id fixture_free_size_key(void) { return NSFileSystemFreeSize; }
