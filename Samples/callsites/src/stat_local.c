/* Call-site fixture (stripped ELF): `stat` is called from an exported function and from a
 * static one. Once the shared object is stripped, the static function has no symbol (only the
 * exported ones stay, in .dynsym with their sizes), so its call site is placed by its
 * `.eh_frame` FDE. */
struct stat_buffer { char bytes[144]; };

int stat(const char *path, struct stat_buffer *buffer);

long probe_exported(const char *path) {
  struct stat_buffer buffer;
  if (stat(path, &buffer) != 0) return -1;
  return *(long *)&buffer.bytes[48];
}

__attribute__((noinline)) static int probe_local(const char *path) {
  struct stat_buffer buffer;
  if (stat(path, &buffer) != 0) return -1;
  return *(unsigned *)&buffer.bytes[24];
}

int probe_through_local(const char *path) {
  return probe_local(path) + 1;
}
