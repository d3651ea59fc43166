/* The executable fixture: LC_MAIN entry point, an rpath, and imports bound to the fixture
 * framework (@rpath/Fixture.framework/Fixture) as well as libSystem. */
#include "decls.h"

int fixture_file_info(const char *path, unsigned char *buffer);

int main(int argc, char **argv) {
  unsigned char buffer[256];
  if (argc < 2) return 2;
  if (fstat(0, buffer) != 0) return 3;
  return fixture_file_info(argv[1], buffer);
}
