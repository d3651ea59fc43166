/* Minimal declarations for building the sdkvet Mach-O fixtures without an Apple SDK.
 * Signatures are simplified: only the symbol names matter to the fixtures. */
#ifndef SDKVET_FIXTURE_DECLS_H
#define SDKVET_FIXTURE_DECLS_H

typedef unsigned long size_t;
typedef struct objc_object *id;

/* libSystem */
int stat(const char *path, void *buf);
int lstat(const char *path, void *buf);
int fstat(int fd, void *buf);
int fstatat(int fd, const char *path, void *buf, int flag);
int statfs(const char *path, void *buf);
unsigned long long mach_absolute_time(void);
int puts(const char *text);
size_t strlen(const char *text);

/* Foundation: exported NSString constants, declared as opaque pointers. */
extern id NSFileCreationDate;
extern id NSURLCreationDateKey;
extern id NSFileSystemFreeSize;

/* Foundation's Swift overlay: getters imported under their Swift-mangled names (asm labels),
 * so the fixtures carry the same import names a Swift SDK would, without a Swift compiler. */
void swift_URLResourceValues_creationDate(void *result, void *values)
    __asm__("_$s10Foundation17URLResourceValuesV12creationDateAA0E0VSgvg");
void swift_URLResourceValues_volumeAvailableCapacity(void *result, void *values)
    __asm__("_$s10Foundation17URLResourceValuesV23volumeAvailableCapacitySiSgvg");

#endif
