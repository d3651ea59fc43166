/* HostRolesKit: URL literals a binary names for another role than contacting them, which must not
 * be reported as hosts: the protobuf type-URL prefix, App Store link patterns, a help page, the
 * reserved example domain, and metric keys that read as hosts (ddl.net and gcd.net beside
 * ddl.status and gcd.retries, as in AppsFlyerLib). The one host it contacts is api.hostroleskit.io.
 * Our own strings; no manifest, no required-reason API. */
#include "include/sdk_decls.h"

const char *const hostroles_strings[] = {
  "type.googleapis.com/", "type.googleapis.com",
  "https://apps.apple.com/app/id1234567890", "https://itunes.apple.com/app/id1234567890",
  "https://books.apple.com/book/id1", "https://music.apple.com/album/1", "https://maps.apple.com/?q=cafe",
  "https://support.stripe.com/questions/hostroleskit", "https://example.com/callback",
  "ddl.net", "ddl.status", "gcd.net", "gcd.retries",
  "https://api.hostroleskit.io/v1/events",
};

const char *hostroles_string(int index) { return hostroles_strings[index]; }
