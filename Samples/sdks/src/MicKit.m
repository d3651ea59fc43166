/* MicKit: an SDK that asks for the microphone (AVAudioSession requestRecordPermission:). */
#include "include/sdk_decls.h"

void mickit_start(void (^done)(int granted)) {
  [[AVAudioSession sharedInstance] requestRecordPermission:done];
}
