/* Built for other architectures (32-bit x86, big-endian PowerPC and MIPS) without their system
 * headers, so it declares what it imports itself. */
struct stat;
struct statfs;
int stat(const char *path, struct stat *info);
int statfs(const char *path, struct statfs *info);
extern int portable_probe_optional(void) __attribute__((weak));

static char buffer[256];
int portable_probe_counter = 1;

int portable_probe_exists(const char *path) {
  portable_probe_counter++;
  if (portable_probe_optional) portable_probe_optional();
  return stat(path, (struct stat *)buffer) == 0;
}

int portable_probe_mounted(const char *path) {
  return statfs(path, (struct statfs *)buffer) == 0;
}
