/* A shared library that reads file and disk metadata: the imports a privacy audit looks for
 * (stat family: file timestamps; statfs/statvfs: disk space). Built as libstorageprobe.so. */
#include <stdint.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <time.h>

/* An optional hook the host program may provide: a weak undefined import. */
extern void storage_probe_log(const char *message) __attribute__((weak));

/* Exported data, so the library defines an object symbol as well as functions. */
int storage_probe_calls = 0;

long storage_probe_modified(const char *path) {
  struct stat info;
  storage_probe_calls++;
  if (storage_probe_log) storage_probe_log(path);
  return stat(path, &info) == 0 ? (long)info.st_mtime : -1;
}

long storage_probe_descriptor_size(int fd) {
  struct stat info;
  return fstat(fd, &info) == 0 ? (long)info.st_size : -1;
}

long storage_probe_link_time(const char *path) {
  struct stat info;
  return lstat(path, &info) == 0 ? (long)info.st_ctime : -1;
}

uint64_t storage_probe_free_bytes(const char *path) {
  struct statfs fs;
  struct statvfs vfs;
  if (statfs(path, &fs) == 0) return (uint64_t)fs.f_bavail * (uint64_t)fs.f_bsize;
  if (statvfs(path, &vfs) == 0) return (uint64_t)vfs.f_bavail * (uint64_t)vfs.f_frsize;
  return 0;
}

long storage_probe_uptime(void) {
  struct timespec now;
  return clock_gettime(CLOCK_MONOTONIC, &now) == 0 ? (long)now.tv_sec : -1;
}
