/* Plain C imports from libSystem and Foundation, one weak import, one Swift-mangled import.
 * Also defines `my_lstat` and the text "could not stat": neither is a use of lstat/stat. */
#include "decls.h"

/* Weak import: the symbol gets N_WEAK_REF in the symbol table and the weak-import flag in
 * dyld info / chained fixups, because the code checks for its presence at run time. */
int getattrlistbulk(int dirfd, void *attrList, void *attrBuf, size_t attrBufSize,
                    unsigned long long options) __attribute__((weak_import));

const char *const fixture_error_text = "could not stat";

int my_lstat(const char *path) { return (int)strlen(path); }

int fixture_file_info(const char *path, unsigned char *buffer) {
  if (stat(path, buffer) != 0) {
    puts(fixture_error_text);
    return -1;
  }
  if (statfs(path, buffer) != 0) return -2;
  if (getattrlistbulk != 0) return getattrlistbulk(-1, buffer, buffer, 16, 0);
  return 0;
}

unsigned long long fixture_uptime_ticks(void) { return mach_absolute_time(); }

void fixture_creation_date(void *result, void *values) {
  swift_URLResourceValues_creationDate(result, values);
}

id fixture_creation_key(void) { return NSURLCreationDateKey; }
