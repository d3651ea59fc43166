/* AllKeysKit: one request per key of Apple's list that an iOS binary shows (issue 34): focus
 * status, Game Center friends, TV provider account, identity documents in Wallet, accessory
 * setup, clinical health records, and the Swift-only FinanceKit, critical-messaging and SwiftUI
 * identity-button requests. */
#include "decls.h"

/* FinanceKit and Messages' critical messaging are Swift APIs: a Swift caller imports the class's
 * metadata accessor and the request's dispatch thunk (its async function pointer). The names are
 * what swiftc emits for src/swift/Client.swift; build.sh checks each against llvm-nm -u. */
extern void *fk_store_metadata(long request) __asm__("_$s10FinanceKit0A5StoreCMa");
extern const char fk_request[] __asm__("_$s10FinanceKit0A5StoreC20requestAuthorizationAA0E6StatusOyYaKFTjTu");
extern void *ms_messenger_metadata(long request) __asm__("_$s8Messages22MSCriticalSMSMessengerCMa");
extern const char ms_request[] __asm__(
    "_$s8Messages22MSCriticalSMSMessengerC20requestAuthorization3forSDyAA11MSRecipientVAA0b9MessagingE6StatusOGSayAGG_tYaKFTjTu");
/* SwiftUI's VerifyIdentityWithWalletButton(request:onCompletion:), which makes the request when tapped. */
extern void pk_verify_button(void *out, void *label, void *request, void *completion, void *context) __asm__(
    "_$s16_PassKit_SwiftUI30VerifyIdentityWithWalletButtonVAA0cD09EmptyViewVRszrlE_7request12onCompletionACyAFGAA0efghI5LabelV_So17PKIdentityRequestCys6ResultOySo0P8DocumentCs5Error_pGctcfC");

void akk_focus(void) { [[INFocusStatusCenter defaultCenter] requestAuthorizationWithCompletionHandler:0]; }
void akk_friends(void) { [[GKLocalPlayer localPlayer] loadFriends:0]; }
void akk_tv(void) { [[[VSAccountManager alloc] init] checkAccessStatusWithOptions:0 completionHandler:0]; }
void akk_identity(void) { [[[PKIdentityAuthorizationController alloc] init] requestDocument:0 completion:0]; }
void akk_accessory(void) {
  ASAccessorySession *session = [[ASAccessorySession alloc] init];
  [session showPickerForDisplayItems:0 completionHandler:0];
  [session showPickerWithCompletionHandler:0];
}
void akk_clinical(void) {
  id type = [HKObjectType clinicalTypeForIdentifier:HKClinicalTypeIdentifierAllergyRecord];
  [[[HKHealthStore alloc] init] requestAuthorizationToShareTypes:0 readTypes:type completion:0];
}
const void *akk_finance(void) { return fk_store_metadata(0) ? fk_request : 0; }
const void *akk_critical(void) { return ms_messenger_metadata(0) ? ms_request : 0; }
void akk_verify_button(void) { pk_verify_button(0, 0, 0, 0, 0); }
