/* VersionKit 2.0: what 1.0 does, plus two planted additions for `sdkvet diff`: it reads a
 * file's timestamps (stat, FileTimestamp) and asks for the camera. Its manifest drops the
 * SystemBootTime declaration (the code still uses it). */
#include "../../sdks/src/include/sdk_decls.h"

void versionkit_remember(id value, id key) {
  [[NSUserDefaults standardUserDefaults] setObject:value forKey:key];
}

double versionkit_uptime(void) { return [[NSProcessInfo processInfo] systemUptime]; }

int versionkit_touched(const char *path, void *info) { return stat(path, info); }

void versionkit_scan_code(void) { [AVCaptureDevice requestAccessForMediaType:AVMediaTypeVideo completionHandler:0]; }
