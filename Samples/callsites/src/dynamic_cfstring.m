/* possible-dynamic-use fixture: NSUserDefaults is never imported, only looked up by name from
 * an NSString literal (a __cfstring entry), so the name is found through __cfstring. */
__attribute__((objc_root_class))
@interface NSObject
@end

@interface NSString : NSObject
@end

extern Class NSClassFromString(NSString *name);

Class probe_defaults_class(void) { return NSClassFromString(@"NSUserDefaults"); }
