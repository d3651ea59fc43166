/* A program linked against libstorageprobe.so: imports from the library and from libc. */
#include <stdio.h>
#include <stdlib.h>

long storage_probe_modified(const char *path);
unsigned long storage_probe_free_bytes(const char *path);

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : getenv("HOME");
  if (path == NULL) return 1;
  printf("%ld %lu\n", storage_probe_modified(path), storage_probe_free_bytes(path));
  return 0;
}
