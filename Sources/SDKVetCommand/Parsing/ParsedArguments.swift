/// The result of parsing a command line against a `CommandSpec`.
struct ParsedArguments: Sendable, Equatable {
  /// The positional arguments, in order.
  var positionals: [String] = []
  /// Values of options that take one, by long name; repeatable options keep every value. An
  /// option with a default that was not given holds its default.
  var values: [String: [String]] = [:]
  /// Flags that were given, by long name.
  var flags: Set<String> = []

  /// Whether the flag `name` was given.
  func has(_ name: String) -> Bool { flags.contains(name) }

  /// The last value of option `name`: as given, else its default, else `nil`.
  func value(_ name: String) -> String? { values[name]?.last }

  /// The value of option `name` (as given, else its default) as one of `Value`'s cases.
  /// - Throws: `UsageError` when the option has neither a value nor a default, or the value is
  ///   not one of the cases (a spec whose allowed values do not match `Value`).
  func value<Value: RawRepresentable>(_ name: String, as _: Value.Type) throws(UsageError) -> Value
  where Value.RawValue == String {
    guard let text = value(name) else { throw UsageError(description: "Missing value for '\(name)'") }
    guard let value = Value(rawValue: text) else {
      throw UsageError(description: "Invalid value '\(text)' for '\(name)'")
    }
    return value
  }

  /// Every value of a repeatable option `name`.
  func allValues(_ name: String) -> [String] { values[name] ?? [] }

  /// Parses `arguments` (without the command name) against `spec`, then fills in the default of
  /// every option that was not given, so commands never repeat a default.
  ///
  /// Accepts `--name value`, `--name=value`, `-x value`, and `--` to end options.
  /// - Throws: `UsageError` naming the first argument that does not fit.
  static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments()
    let options = spec.options + [OptionSpec.help]
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = splitOption(argument)
      guard let option = options.first(where: { $0.name == name || $0.shortName == name }) else {
        throw .unknownOption(name)
      }
      guard option.takesValue else {
        if inlineValue != nil { throw .unexpectedValue(name) }
        parsed.flags.insert(option.name)
        continue
      }
      let value: String
      if let inlineValue {
        value = inlineValue
      } else {
        guard index < arguments.count, !arguments[index].hasPrefix("-") || arguments[index] == "-" else {
          throw .missingValue(option)
        }
        value = arguments[index]
        index += 1
      }
      if !option.allowedValues.isEmpty && !option.allowedValues.contains(value) {
        throw .invalidValue(value, for: option)
      }
      if option.isRepeatable {
        parsed.values[option.name, default: []].append(value)
      } else {
        parsed.values[option.name] = [value]
      }
    }
    for option in spec.options where parsed.values[option.name] == nil {
      if let defaultValue = option.defaultValue { parsed.values[option.name] = [defaultValue] }
    }
    return parsed
  }

  private static func splitOption(_ argument: String) -> (String, String?) {
    guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
    return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
  }
}
