/* Call-site fixture (C part): each import is reached in exactly one way, so the differential
 * test against llvm-objdump and the expected callers below are both exact.
 *   _stat       called from two functions (probe_size, probe_mode)
 *   _lstat      imported, never called: only its address is stored in a table
 *   _statfs     reached through its GOT slot (address loaded into a pointer, then called)
 *   "fstatfs"   never imported: looked up with dlsym by name
 * No system headers: the declarations below are all the sample needs. */
struct stat_buffer { char bytes[144]; };
struct statfs_buffer { char bytes[2168]; };

int stat(const char *path, struct stat_buffer *buffer);
int lstat(const char *path, struct stat_buffer *buffer);
int statfs(const char *path, struct statfs_buffer *buffer);
void *dlsym(void *handle, const char *name);

#define RTLD_DEFAULT ((void *)-2)

long probe_size(const char *path) {
  struct stat_buffer buffer;
  if (stat(path, &buffer) != 0) return -1;
  return *(long *)&buffer.bytes[96];
}

int probe_mode(const char *path) {
  struct stat_buffer buffer;
  if (stat(path, &buffer) != 0) return -1;
  return *(unsigned short *)&buffer.bytes[4];
}

/* Taken, never called here: whoever reads the table might. */
int (*const link_checkers[])(const char *, struct stat_buffer *) = { lstat };

int (*volatile statfs_pointer)(const char *, struct statfs_buffer *);

int probe_volume(const char *path) {
  struct statfs_buffer buffer;
  statfs_pointer = statfs;
  return statfs_pointer(path, &buffer);
}

int probe_dynamic(const char *path) {
  struct statfs_buffer buffer;
  int (*lookup)(const char *, struct statfs_buffer *) = (int (*)(const char *, struct statfs_buffer *))dlsym(
      RTLD_DEFAULT, "fstatfs");
  return lookup ? lookup(path, &buffer) : -1;
}
