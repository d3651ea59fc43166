/* PKIdentityRequest and PKIdentityDocument, the Objective-C classes _PassKit_SwiftUI.swift's
 * declarations take: only their names matter (So17PKIdentityRequestC in a Swift name). */
__attribute__((objc_root_class)) @interface PKIdentityRequest
@end
__attribute__((objc_root_class)) @interface PKIdentityDocument
@end
