// The two SwiftUI names _PassKit_SwiftUI.swift's declarations use (View, EmptyView), to derive
// their mangled names with swiftc: only the names matter.
public protocol View {}
public struct EmptyView: View { public init() {} }
