/* Imports glibc's pre-2.33 stat entry points (__xstat, __lxstat) by symbol version, as a
 * binary built against glibc < 2.33 does. glibc 2.36 still provides them as compat symbols
 * (x86_64 version GLIBC_2.2.5). */
struct stat;
int __xstat(int version, const char *path, struct stat *buf);
int __lxstat(int version, const char *path, struct stat *buf);
__asm__(".symver __xstat,__xstat@GLIBC_2.2.5");
__asm__(".symver __lxstat,__lxstat@GLIBC_2.2.5");

long filestat_legacy_info(const char *path, struct stat *buf) {
  return __xstat(1, path, buf) + __lxstat(1, path, buf);
}
