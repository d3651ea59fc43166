/* An archive member with a name longer than 15 bytes, so that GNU ar needs its "//" long-name
 * table and BSD ar its "#1/N" names. Imports disk-space and file-timestamp functions. */
#include <sys/stat.h>
#include <sys/statvfs.h>

static int helper_calls;

unsigned long disk_space_probe_available(const char *path) {
  struct statvfs vfs;
  helper_calls++;
  return statvfs(path, &vfs) == 0 ? vfs.f_bavail : 0;
}

long disk_space_probe_status_change(int fd) {
  struct stat info;
  return fstat(fd, &info) == 0 ? (long)info.st_ctime : -1;
}
