/* MacKit: a macOS framework in the versioned bundle layout (Versions/A, symlinks), universal
 * arm64 + x86_64. On x86_64 macOS the SDK headers rename stat to `stat$INODE64`
 * (__DARWIN_INODE64); on arm64 the import is plain `_stat`. The asm label reproduces that. */
#if defined(__x86_64__)
int stat(const char *path, void *buf) __asm__("_stat$INODE64");
#else
int stat(const char *path, void *buf);
#endif

int mackit_file_info(const char *path, unsigned char *buffer) { return stat(path, buffer); }
