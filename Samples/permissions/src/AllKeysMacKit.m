/* AllKeysMacKit (macOS): the macOS keys whose API a binary shows: Apple events (AESendMessage,
 * AEDeterminePermissionToAutomateTarget), a system extension activation request, a Core Audio
 * process tap in C and in Swift (system audio capture) and an Open Directory record change
 * (system administration). */
#include "decls.h"

int AESendMessage(const void *event, void *reply, int mode, long timeout);
int AEDeterminePermissionToAutomateTarget(const void *target, unsigned type, unsigned id, unsigned char ask);
int AudioHardwareCreateProcessTap(id description, unsigned *tap);
unsigned char ODRecordSetValue(void *record, const void *attribute, const void *value, void **error);
/* Swift's AudioHardwareSystem.makeProcessTap(description:): a Swift caller imports its dispatch
 * thunk, the name swiftc emits for src/swift/MacClient.swift (build.sh checks it). */
extern void *ca_make_process_tap(void *description) __asm__(
    "_$s9CoreAudio0B14HardwareSystemC14makeProcessTap11descriptionAA0bcG0CSgSo16CATapDescriptionC_tKFTj");

int akm_send(void) { return AESendMessage(0, 0, 0, 0); }
int akm_ask(void) { return AEDeterminePermissionToAutomateTarget(0, 0, 0, 1); }
id akm_extension(void) { return [OSSystemExtensionRequest activationRequestForExtension:0 queue:0]; }
int akm_tap(void) {
  unsigned tap = 0;
  return AudioHardwareCreateProcessTap(0, &tap);
}
int akm_administer(void) { return ODRecordSetValue(0, 0, 0, 0); }
void *akm_swift_tap(void) { return ca_make_process_tap(0); }
