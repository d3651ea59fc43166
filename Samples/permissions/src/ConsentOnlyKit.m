/* ConsentOnlyKit: shows the App Tracking Transparency prompt for its host app (as Google's
 * User Messaging Platform does) and reads nothing: it needs NSUserTrackingUsageDescription in
 * the app, but asking is not tracking (no tracking-undeclared). */
#include "decls.h"

void cok_ask(void) { [ATTrackingManager requestTrackingAuthorizationWithCompletionHandler:0]; }
