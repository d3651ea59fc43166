/* The native library of the sample .aar: reads a file's timestamps (stat, FileTimestamp).
 * Freestanding, so that clang can build it for each Android ABI without an NDK. */
struct stat;
int stat(const char *path, struct stat *info);

int nativefile_exists(const char *path) {
  char buffer[256];
  return stat(path, (struct stat *)buffer) == 0;
}
