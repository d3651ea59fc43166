/* An object for the static archive: reads the boot clock. */
#include <time.h>

long boot_clock_seconds(void) {
  struct timespec now;
  return clock_gettime(CLOCK_BOOTTIME, &now) == 0 ? (long)now.tv_sec : -1;
}
