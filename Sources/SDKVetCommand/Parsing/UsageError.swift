/// A command line sdkvet cannot run; printed with the command's usage and exit status 2.
struct UsageError: Error, Equatable, CustomStringConvertible {
  /// The sentence shown to the user.
  let description: String

  static func unknownOption(_ name: String) -> UsageError {
    UsageError(description: "Unknown option '\(name)'")
  }

  static func missingValue(_ option: OptionSpec) -> UsageError {
    UsageError(description: "Missing value for '\(option.displayName)'")
  }

  static func unexpectedValue(_ name: String) -> UsageError {
    UsageError(description: "Option '\(name)' takes no value")
  }

  static func invalidValue(_ value: String, for option: OptionSpec) -> UsageError {
    let allowed = option.allowedValues.map { "'\($0)'" }.joined(separator: ", ")
    return UsageError(description: "Invalid value '\(value)' for '\(option.displayName)'; expected one of \(allowed)")
  }

  static func unknownCommand(_ name: String, known: [String]) -> UsageError {
    UsageError(description: "Unknown command '\(name)'; expected one of \(known.joined(separator: ", "))")
  }

  static func missingArgument(_ name: String) -> UsageError {
    UsageError(description: "Missing expected argument '\(name)'")
  }

  static func tooManyArguments(_ extra: String) -> UsageError {
    UsageError(description: "Unexpected argument '\(extra)': the command takes one")
  }

  static func conflicting(_ first: String, _ second: String) -> UsageError {
    UsageError(description: "'\(first)' and '\(second)' cannot be used together")
  }
}
