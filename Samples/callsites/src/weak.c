/* Call-site fixture: the two ways code reaches a symbol whose slot dyld may leave empty or
 * point elsewhere.
 *   _statfs   a weak import (weak_import): has_statfs only tests its GOT slot for NULL, which
 *             x86-64 code does with `cmpq $0, slot(%rip)` and arm64 with a literal `ldr`
 *   _stat     defined here weakly: dyld binds it by weak lookup (a chained import with
 *             BIND_SPECIAL_DYLIB_WEAK_LOOKUP, or the weak bind table), so probe_weak calls it
 *             through a stub although the image defines it, as C++ code calls an inline
 *             function or `operator new`
 * No system headers: the declarations below are all the sample needs. */
struct stat_buffer { char bytes[144]; };
struct statfs_buffer { char bytes[2168]; };

int statfs(const char *path, struct statfs_buffer *buffer) __attribute__((weak_import));
int stat(const char *path, struct stat_buffer *buffer) __attribute__((weak));

__attribute__((weak)) int stat(const char *path, struct stat_buffer *buffer) {
  return path[0] + buffer->bytes[0];
}

int has_statfs(void) { return statfs != 0; }

int probe_weak(const char *path) {
  struct stat_buffer buffer;
  return stat(path, &buffer);
}
