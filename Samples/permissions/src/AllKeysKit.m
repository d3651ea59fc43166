/* AllKeysKit: one request per key of Apple's list that an Objective-C binary shows (issue 34):
 * focus status, Game Center friends, TV provider account. */
#include "decls.h"

void akk_focus(void) { [[INFocusStatusCenter defaultCenter] requestAuthorizationWithCompletionHandler:0]; }
void akk_friends(void) { [[GKLocalPlayer localPlayer] loadFriends:0]; }
void akk_tv(void) { [[[VSAccountManager alloc] init] checkAccessStatusWithOptions:0 completionHandler:0]; }
