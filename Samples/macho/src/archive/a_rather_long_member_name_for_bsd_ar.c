/* Archive member whose file name is longer than 16 characters: llvm-ar --format=darwin
 * stores it as a BSD "#1/NN" long name (the name follows the member header). */
#include "../decls.h"

int fixture_at_info(int dirfd, const char *path, unsigned char *buffer) {
  return fstatat(dirfd, path, buffer, 0);
}

void fixture_volume_capacity(void *result, void *values) {
  swift_URLResourceValues_volumeAvailableCapacity(result, values);
}
