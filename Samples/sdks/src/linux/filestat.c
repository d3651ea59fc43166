/* An ELF sample SDK: file metadata (stat, FileTimestamp) and free space (statfs, DiskSpace).
 * Built with gcc for the machine's Linux; glibc >= 2.33 exports stat/fstat directly. */
#include <sys/stat.h>
#include <sys/statfs.h>

long filestat_size(const char *path) {
  struct stat info;
  if (stat(path, &info) != 0) return -1;
  return (long)info.st_size;
}

long filestat_free_blocks(const char *path) {
  struct statfs info;
  if (statfs(path, &info) != 0) return -1;
  return (long)info.f_bavail;
}
