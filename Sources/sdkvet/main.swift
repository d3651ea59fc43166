import Foundation
import SDKVetCommand

let status = SDKVet.main(
  arguments: SDKVet.processArguments(), environment: ProcessInfo.processInfo.environment)
exit(status.rawValue)
