/* ExtendingKit: a framework of its own (module ExtendingKit) that extends a listed SDK's types
 * and conforms to its protocol, as FBSDKGamingServicesKit does to FBSDKShareKit's. What swiftc
 * emits for that starts with the OTHER module's name: a conformance descriptor of its own type
 * to `FBSDKShareKit.Sharing`, a method in its extension of `FBSDKShareKit.ShareContent`. Those
 * name FBSDKShareKit without holding any of its code, so nothing is detected; its own type's
 * descriptor names ExtendingKit, which is not on Apple's list. Symbols are our own stand-ins,
 * spelled with asm labels (Mach-O adds the leading underscore); no manifest, no required-reason API. */

/* struct ExtendingKit.GameShare: its nominal type descriptor, metadata accessor and conformance. */
const char extending_game_share_descriptor[16] __asm__("_$s12ExtendingKit9GameShareVMn") = {0};
void extending_game_share_metadata(void) __asm__("_$s12ExtendingKit9GameShareVMa");
void extending_game_share_metadata(void) {}
const char extending_conformance[16] __asm__("_$s12ExtendingKit9GameShareV13FBSDKShareKit7SharingAAMc") = {0};
/* extension FBSDKShareKit.ShareContent { func gamingContext() } declared in ExtendingKit. */
void extending_share_content_method(void) __asm__("_$s13FBSDKShareKit12ShareContentV09ExtendingB0E13gamingContextyyF");
void extending_share_content_method(void) {}
