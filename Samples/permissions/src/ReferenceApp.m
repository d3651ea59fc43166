/* ReferenceApp: its own code asks for nothing; it embeds LocationRefKit (a CLLocationManager
 * reference) and AllKeysKit (a focus-status request), and its Info.plist has no location key
 * and an empty NSFocusStatusUsageDescription. */
id lrk_manager(void);
void akk_focus(void);

int main(void) {
  lrk_manager();
  akk_focus();
  return 0;
}
