// What a Swift caller of FinanceKit and Messages imports: build.sh compiles this against the
// modules of FinanceKit.swift and Messages.swift (library evolution, as Apple builds them) and
// requires every Swift name AllKeysKit.m binds to be among its imports (llvm-nm -u).
import FinanceKit
import Messages

public func askFinance() async throws { _ = try await FinanceStore.shared.requestAuthorization() }
public func askCritical() async throws { _ = try await MSCriticalSMSMessenger().requestAuthorization(for: []) }
