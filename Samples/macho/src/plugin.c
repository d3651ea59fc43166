/* The bundle fixture (MH_BUNDLE): a loadable plug-in importing a Foundation constant. */
#include "decls.h"

id fixture_plugin_key(void) { return NSFileCreationDate; }

int fixture_plugin_fd_info(int fd, unsigned char *buffer) { return fstat(fd, buffer); }
