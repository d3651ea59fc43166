/* GoodKit: uses three required-reason categories, each declared with a fitting reason.
 *   FileTimestamp  - _stat                          (C617.1)
 *   SystemBootTime - _mach_absolute_time and the systemUptime selector (35F9.1)
 *   UserDefaults   - _OBJC_CLASS_$_NSUserDefaults + standardUserDefaults (CA92.1) */
#include "include/sdk_decls.h"

int goodkit_cache_file_size(const char *path, unsigned char *buffer) {
  return stat(path, buffer);
}

unsigned long long goodkit_ticks(void) { return mach_absolute_time(); }

double goodkit_uptime(void) { return [[NSProcessInfo processInfo] systemUptime]; }

id goodkit_setting(id key) { return [[NSUserDefaults standardUserDefaults] objectForKey:key]; }
