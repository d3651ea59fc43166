/* Built for 32-bit ARM (Android, armv7a-linux-androideabi21) and big-endian 64-bit s390x without
 * their system headers, so it declares what it imports itself: two required-reason APIs (stat,
 * statfs) and a collection endpoint in a string literal (.rodata.str1.1), so the reader's
 * imports and hosts are checked on a 32-bit and a big-endian file. */
struct stat;
struct statfs;
int stat(const char *path, struct stat *info);
int statfs(const char *path, struct statfs *info);

static char buffer[256];

int foreign_probe_modified(const char *path) {
  return stat(path, (struct stat *)buffer) == 0;
}

int foreign_probe_free_space(const char *path) {
  return statfs(path, (struct statfs *)buffer) == 0;
}

const char *foreign_probe_endpoint(void) {
  return "https://metrics.foreignprobe.example/v1/collect";
}
