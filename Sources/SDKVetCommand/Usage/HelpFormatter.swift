/// Renders `--help` and usage lines from a `CommandSpec`, so help can never drift from parsing.
enum HelpFormatter {
  /// The one-line usage: `usage: sdkvet symbols <path> ... [--format <format>] ...`.
  static func usage(_ spec: CommandSpec) -> String {
    var parts = ["usage: sdkvet \(spec.name)"]
    if let arguments = spec.arguments { parts.append(arguments) }
    parts.append(contentsOf: spec.options.map { "[\($0.displayName)]" })
    return parts.joined(separator: " ")
  }

  /// The full help text of a command.
  static func help(_ spec: CommandSpec) -> String {
    var text = "OVERVIEW: \(spec.abstract)\n\n\(usage(spec))\n\nOPTIONS:\n"
    let options = spec.options + [OptionSpec.help]
    let labels = options.map { option in
      [option.shortName, option.displayName].compactMap { $0 }.joined(separator: ", ")
    }
    let width = min(32, (labels.map(\.count).max() ?? 0) + 2)
    for (option, label) in zip(options, labels) {
      var line = "  " + label
      line += String(repeating: " ", count: max(2, width - label.count))
      line += option.help
      if !option.allowedValues.isEmpty { line += " (\(option.allowedValues.joined(separator: "|")))" }
      if let defaultValue = option.defaultValue { line += " [default: \(defaultValue)]" }
      text += line + "\n"
    }
    if !spec.discussion.isEmpty { text += "\n" + spec.discussion + "\n" }
    return text
  }
}
