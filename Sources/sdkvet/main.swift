import Foundation
import SDKVetCommand

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let status = SDKVet.main(
  arguments: SDKVet.processArguments(), environment: ProcessInfo.processInfo.environment)
exit(status.rawValue)
