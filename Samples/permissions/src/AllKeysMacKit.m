/* AllKeysMacKit (macOS): the macOS keys whose API a binary shows: Apple events (AESendMessage,
 * AEDeterminePermissionToAutomateTarget) and a system extension activation request. */
#include "decls.h"

int AESendMessage(const void *event, void *reply, int mode, long timeout);
int AEDeterminePermissionToAutomateTarget(const void *target, unsigned type, unsigned id, unsigned char ask);

int akm_send(void) { return AESendMessage(0, 0, 0, 0); }
int akm_ask(void) { return AEDeterminePermissionToAutomateTarget(0, 0, 0, 1); }
id akm_extension(void) { return [OSSystemExtensionRequest activationRequestForExtension:0 queue:0]; }
