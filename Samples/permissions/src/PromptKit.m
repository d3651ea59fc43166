/* PromptKit: asks for location always (requestAlwaysAuthorization on a CLLocationManager) and
 * for Face ID (evaluatePolicy:localizedReason:reply: on an LAContext). */
#include "decls.h"

void pk_always(void) { [[[CLLocationManager alloc] init] requestAlwaysAuthorization]; }
void pk_face(void) { [[[LAContext alloc] init] evaluatePolicy:2 localizedReason:0 reply:0]; }
