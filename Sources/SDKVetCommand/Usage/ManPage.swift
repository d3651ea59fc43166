/// The manual page `sdkvet.1` (roff, `man` macros), generated from the commands' `CommandSpec`s
/// and the top-level help (`sdkvet --man-page`; `make dist` ships it), so it says what `--help`
/// says.
enum ManPage {
  /// The page for `commands`; `overview` is the paragraphs before the command list.
  static func render(commands: [CommandSpec], version: String) -> String {
    var page = """
      .TH SDKVET 1 "" "sdkvet \(version)" "User Commands"
      .SH NAME
      sdkvet \\- audit compiled SDKs and apps for Apple's privacy rules, without their source
      .SH SYNOPSIS
      .B sdkvet
      .I command
      .RI [ options ]
      .IR path " ..."
      .br
      .B sdkvet
      .RB [ \\-\\-help | \\-\\-version | \\-\\-man\\-page ]
      .SH DESCRIPTION
      sdkvet reads the symbol tables of Mach\\-O and ELF binaries (frameworks, xcframeworks, static
      libraries, dylibs, apps, shared objects, and archives of them), reports which
      privacy\\-sensitive APIs the code imports, and checks that against the privacy manifest and
      Info.plist the vendor ships.
      .SH COMMANDS

      """
    for command in commands {
      page += ".SS \"sdkvet \(command.name)\(command.arguments.map { " " + $0 } ?? "")\"\n"
      page += text(command.abstract) + "\n"
      for option in command.options + [OptionSpec.help] {
        page += ".TP\n" + label(option) + "\n" + text(details(option)) + "\n"
      }
      if !command.discussion.isEmpty {
        page +=
          ".PP\n.nf\n"
          + command.discussion.split(separator: "\n", omittingEmptySubsequences: false)
          .map { text(String($0)) }.joined(separator: "\n") + "\n.fi\n"
      }
    }
    page += """
      .SH EXIT STATUS
      0 clean; 1 findings at or above the gate, an input that cannot be used, or output that
      cannot be written; 2 usage error. Each command's section says which.
      .SH SEE ALSO
      .BR "sdkvet <command> \\-\\-help" ;
      the Docs/ folder of the source (CLI.md, RULES.md, REPORT\\-FORMATS.md, POLICY.md, CI.md).

      """
    return page
  }

  /// `\fB--format\fR \fIformat\fR, \fB-o\fR`: the option's spellings in bold, its value in italics.
  private static func label(_ option: OptionSpec) -> String {
    var label = bold(option.name)
    if let valueName = option.valueName { label += " \\fI" + text(valueName) + "\\fR" }
    if let short = option.shortName { label += ", " + bold(short) }
    return label
  }

  private static func bold(_ name: String) -> String { "\\fB" + text(name) + "\\fR" }

  /// The help line with its allowed values and default, as `--help` shows them.
  private static func details(_ option: OptionSpec) -> String {
    var line = option.help
    if !option.allowedValues.isEmpty { line += " (\(option.allowedValues.joined(separator: "|")))" }
    if let defaultValue = option.defaultValue { line += " [default: \(defaultValue)]" }
    if option.isRepeatable { line += " May be given more than once." }
    return line
  }

  /// `line` as roff text: `\` as `\e`, `-` as `\-` (a hyphen-minus to copy, not a hyphen), and a
  /// leading `.` or `'` guarded by `\&` so it is not read as a request.
  static func text(_ line: String) -> String {
    var escaped = ""
    for character in line {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
