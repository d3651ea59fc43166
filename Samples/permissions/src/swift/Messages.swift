// Messages' critical-messaging declarations as Apple documents them, to derive their mangled
// names with swiftc: only the names matter. The USR on Apple's page of requestAuthorization(for:)
// is s:8Messages22MSCriticalSMSMessengerC20requestAuthorization3forSDyAA11MSRecipientVAA0b9MessagingE6StatusOGSayAGG_tYaKF.
public struct MSRecipient: Hashable {}
public enum MSCriticalMessagingAuthorizationStatus { case unknown, denied, approved }
public class MSCriticalSMSMessenger {
  public init() {}
  public func checkAuthorizationStatus(for recipients: [MSRecipient]) async throws -> [MSRecipient: MSCriticalMessagingAuthorizationStatus] { [:] }
  public func requestAuthorization(for recipients: [MSRecipient]) async throws -> [MSRecipient: MSCriticalMessagingAuthorizationStatus] { [:] }
}
