/* libSplitKit.a member SplitInfo.o: the NSProcessInfo reference SplitUptime.o's selector needs. */
#include "decls.h"

id split_process_info(void) { return [NSProcessInfo processInfo]; }
