/* HostsKit: names hosts as whole strings, for Image.hosts and tracking-domain-undeclared.
 * Its manifest sets NSPrivacyTracking true and lists branch.io only, so the two tracking
 * hosts it does not cover (app.adjust.com as a C string, graph.facebook.com as an NSString
 * literal in __cfstring) are undeclared; api2.branch.io is covered by branch.io; the
 * status host is no tracker. The decoys are no hosts under HostName's rule. */
#include "include/sdk_decls.h"

@interface NSString : NSObject
@end

const char *const hostskit_endpoints[] = {
  "https://app.adjust.com/session?app_token=1",
  "api2.branch.io",
  /* decoys: a selector-like name, file names, a bare scheme, a single-label host, a space */
  "NSObject.load", "Info.plist", "libz.so", "https://", "http://localhost:8080/x", "evil.com and more",
};

NSString *hostskit_graph_url(void) { return @"https://graph.facebook.com/v17.0/activities"; }
NSString *hostskit_status_url(void) { return @"https://Status.HostsKit.example:8443/ping"; }
