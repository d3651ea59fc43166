/* LoadablePlugin.bundle: a loadable MH_BUNDLE (not a framework) measuring elapsed time with
 * mach_absolute_time (SystemBootTime, declared with 35F9.1 in the bundle's manifest). */
unsigned long long mach_absolute_time(void);

unsigned long long loadableplugin_ticks(void) { return mach_absolute_time(); }
