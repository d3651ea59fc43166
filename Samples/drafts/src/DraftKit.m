/* DraftKit: the sample `sdkvet manifest` drafts from (Samples/drafts/README.md).
 * The device slice reaches FileTimestamp through ten symbols, each from its own function (more
 * than a draft lists), and UserDefaults; it names a tracking host and a host of its own. The
 * simulator slice (-DDRAFTKIT_SIMULATOR) keeps only a version function: it needs no manifest. */
#include "../../sdks/src/include/sdk_decls.h"

#ifndef DRAFTKIT_SIMULATOR
int lstat(const char *path, void *buf);
int fstatat(int fd, const char *path, void *buf, int flag);
int getattrlist(const char *path, void *list, void *buf, size_t size, unsigned int options);
int getattrlistbulk(int fd, void *list, void *buf, size_t size, unsigned long long options);
extern void *const NSFileCreationDate;
extern void *const NSFileModificationDate;
extern void *const NSURLCreationDateKey;
void swift_URLResourceValues_creationDate(void *result, void *values)
    __asm__("_$s10Foundation17URLResourceValuesV12creationDateAA0E0VSgvg");

int draftkit_cache_stat(const char *path, void *buf) { return stat(path, buf); }
int draftkit_cache_fstat(int fd, void *buf) { return fstat(fd, buf); }
int draftkit_cache_lstat(const char *path, void *buf) { return lstat(path, buf); }
int draftkit_cache_fstatat(int fd, const char *path, void *buf) { return fstatat(fd, path, buf, 0); }
int draftkit_cache_attributes(const char *path, void *list, void *buf) {
  return getattrlist(path, list, buf, 64, 0);
}
int draftkit_cache_bulk(int fd, void *list, void *buf) { return getattrlistbulk(fd, list, buf, 64, 0); }
void *draftkit_creation_key(void) { return NSFileCreationDate; }
void *draftkit_modification_key(void) { return NSFileModificationDate; }
void *draftkit_url_creation_key(void) { return NSURLCreationDateKey; }
void draftkit_url_creation(void *result, void *values) { swift_URLResourceValues_creationDate(result, values); }

id draftkit_setting(id key) { return [[NSUserDefaults standardUserDefaults] objectForKey:key]; }

const char *const draftkit_endpoints[] = {
  "https://app-measurement.com/a",
  "https://api.draftkit.example/v1/config",
};
#endif

const char *draftkit_version(void) { return "1.0"; }
