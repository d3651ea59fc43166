/* libSplitKit.a member SplitUptime.o: sends -systemUptime to an object another member returns;
 * the class, NSProcessInfo, is referenced by SplitInfo.o of the same library. */
#include "decls.h"

id split_process_info(void);

double split_uptime(void) { return [split_process_info() systemUptime]; }
