/* A function from a library linked with -weak_library: the image gets LC_LOAD_WEAK_DYLIB for
 * UIKit and the import is marked weak. */
int UIAccessibilityIsVoiceOverRunning(void);

int fixture_voice_over(void) { return UIAccessibilityIsVoiceOverRunning(); }
