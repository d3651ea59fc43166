/* WrongReasonKit: four categories used, all four declared, three with bad reasons.
 *   DiskSpace      - _statfs                    declared with CA92.1 (a UserDefaults code)
 *   FileTimestamp  - _stat                      declared with C617.1 and ZZZZ.9 (no such code)
 *   ActiveKeyboards- activeInputModes selector  declared with 3EC4.1 (custom-keyboard apps only)
 *   UserDefaults   - NSUserDefaults             declared with CA92.1 (correct) */
#include "include/sdk_decls.h"

int wrongreason_free_space(const char *path, unsigned char *buffer) {
  return statfs(path, buffer);
}

int wrongreason_file_info(const char *path, unsigned char *buffer) {
  return stat(path, buffer);
}

id wrongreason_keyboards(void) { return [UITextInputMode activeInputModes]; }

id wrongreason_setting(id key) {
  return [[NSUserDefaults standardUserDefaults] objectForKey:key];
}
