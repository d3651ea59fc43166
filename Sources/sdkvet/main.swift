import SDKVetCommand

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

exit(SDKVet.main(arguments: Array(CommandLine.arguments.dropFirst())).rawValue)
