// PassKit's SwiftUI button as Apple documents it (VerifyIdentityWithWalletButton, iOS 16), to
// derive its mangled names with swiftc: only the names matter. The USRs on Apple's pages of its
// initializers are s:16_PassKit_SwiftUI30VerifyIdentityWithWalletButtonVAA0cD09EmptyViewVRszrlE_7request12onCompletionACyAFGAA0efghI5LabelV_So17PKIdentityRequestCys6ResultOySo0P8DocumentCs5Error_pGctcfc
// and s:16_PassKit_SwiftUI30VerifyIdentityWithWalletButtonV_7request12onCompletion8fallbackACyxGAA0efghI5LabelV_So17PKIdentityRequestCys6ResultOySo0O8DocumentCs5Error_pGcxyXEtcfc
// (a USR writes a constructor fc where the symbol of a structure's is fC).
import SwiftUI
@_exported import PKIdentityShim

public struct VerifyIdentityWithWalletButtonLabel {
  public static let verifyIdentity = VerifyIdentityWithWalletButtonLabel()
}

public struct VerifyIdentityWithWalletButton<Fallback> where Fallback: View {
  public init(
    _ label: VerifyIdentityWithWalletButtonLabel = .verifyIdentity, request: PKIdentityRequest,
    onCompletion: @escaping (Result<PKIdentityDocument, any Error>) -> Void, fallback: () -> Fallback
  ) {}
}

extension VerifyIdentityWithWalletButton where Fallback == EmptyView {
  public init(
    _ label: VerifyIdentityWithWalletButtonLabel = .verifyIdentity, request: PKIdentityRequest,
    onCompletion: @escaping (Result<PKIdentityDocument, any Error>) -> Void
  ) {}
}
