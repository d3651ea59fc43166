public enum SDKVet { public static func main(arguments: [String]) -> ExitStatus { .success } }
public enum ExitStatus: Int32 { case success = 0 }
