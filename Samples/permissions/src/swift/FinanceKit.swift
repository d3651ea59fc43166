// FinanceKit's declarations as Apple documents them (FinanceStore, requestAuthorization()), to
// derive their mangled names with swiftc: only the names matter. The USR on Apple's page of
// requestAuthorization() is s:10FinanceKit0A5StoreC20requestAuthorizationAA0E6StatusOyYaKF.
public enum AuthorizationStatus { case notDetermined, denied, authorized }
public class FinanceStore {
  public static let shared = FinanceStore()
  public func authorizationStatus() async throws -> AuthorizationStatus { .authorized }
  public func requestAuthorization() async throws -> AuthorizationStatus { .authorized }
}
