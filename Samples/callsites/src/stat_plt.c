/* Call-site fixture (ELF part): a shared object that calls `stat` through the PLT from two
 * functions and never calls `lstat`, whose address it only stores. */
struct stat_buffer { char bytes[144]; };

int stat(const char *path, struct stat_buffer *buffer);
int lstat(const char *path, struct stat_buffer *buffer);

long probe_size(const char *path) {
  struct stat_buffer buffer;
  if (stat(path, &buffer) != 0) return -1;
  return *(long *)&buffer.bytes[48];
}

int probe_mode(const char *path) {
  struct stat_buffer buffer;
  if (stat(path, &buffer) != 0) return -1;
  return *(unsigned *)&buffer.bytes[24];
}

int (*const link_checkers[])(const char *, struct stat_buffer *) = { lstat };
