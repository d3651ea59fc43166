/* libHelpers.dylib: a loose dynamic library in SampleApp.app/Frameworks with no
 * privacy-relevant imports. */
int puts(const char *text);

int helpers_log(const char *text) { return puts(text); }
