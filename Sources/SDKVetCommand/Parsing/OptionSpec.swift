/// One option a command accepts: the single declaration that parsing and `--help` both read.
struct OptionSpec: Sendable {
  /// The long name, with dashes (`--format`).
  let name: String
  /// An optional one-letter alias, with its dash (`-o`).
  let shortName: String?
  /// The placeholder shown in help for an option that takes a value (`format`); `nil` for a flag.
  let valueName: String?
  /// The values the option accepts; empty when any value is accepted.
  let allowedValues: [String]
  /// The value used when the option is absent, shown in help.
  let defaultValue: String?
  /// May the option be given more than once (values accumulate)?
  let isRepeatable: Bool
  /// One line of help.
  let help: String

  init(
    _ name: String, short: String? = nil, value: String? = nil, allowed: [String] = [],
    default defaultValue: String? = nil,
    repeatable: Bool = false, help: String
  ) {
    self.name = name
    self.shortName = short
    self.valueName = value
    self.allowedValues = allowed
    self.defaultValue = defaultValue
    self.isRepeatable = repeatable
    self.help = help
  }

  /// Whether the option takes a value.
  var takesValue: Bool { valueName != nil }

  /// The option as shown in messages: `--format <format>`.
  var displayName: String {
    guard let valueName else { return name }
    return "\(name) <\(valueName)>"
  }

  /// The options every command accepts.
  static let help = OptionSpec("--help", short: "-h", help: "Show help for this command.")
}

/// A command's declaration: its name, what it does, its arguments and options.
struct CommandSpec: Sendable {
  /// The subcommand name (`symbols`).
  let name: String
  /// One line saying what the command is for.
  let abstract: String
  /// The positional arguments' placeholder (`<path> ...`), `nil` when it takes none.
  let arguments: String?
  /// Whether at least one positional argument is required.
  let requiresArguments: Bool
  /// The options, in help order (`--help` is added automatically).
  let options: [OptionSpec]
  /// Paragraphs after the option list: examples, exit statuses.
  let discussion: String
}
