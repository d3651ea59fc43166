// What a Swift caller of FinanceKit, Messages and PassKit's SwiftUI button imports: build.sh
// compiles this against the modules of FinanceKit.swift, Messages.swift, SwiftUI.swift and
// _PassKit_SwiftUI.swift (library evolution, as Apple builds them) and
// requires every Swift name AllKeysKit.m binds to be among its imports (llvm-nm -u).
import FinanceKit
import Messages
import SwiftUI
import _PassKit_SwiftUI

public func askFinance() async throws { _ = try await FinanceStore.shared.requestAuthorization() }
public func askCritical() async throws { _ = try await MSCriticalSMSMessenger().requestAuthorization(for: []) }
public func verifyIdentity(_ request: PKIdentityRequest) -> Any { VerifyIdentityWithWalletButton(request: request) { _ in } }
