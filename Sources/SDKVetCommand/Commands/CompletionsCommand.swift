/// `sdkvet completions <shell>`: prints the completion script for bash, zsh or fish, generated
/// from the same declarations parsing and `--help` read.
enum CompletionsCommand: Subcommand {
  static let spec = CommandSpec(
    name: "completions",
    abstract: "Print the shell completion script for bash, zsh or fish.",
    arguments: "<shell>",
    requiresArguments: true,
    options: [],
    discussion: """
      The release tarball installs these (install.sh); from a build:
        sdkvet completions bash > /usr/local/share/bash-completion/completions/sdkvet
        sdkvet completions zsh > "${fpath[1]}/_sdkvet"
        sdkvet completions fish > ~/.config/fish/completions/sdkvet.fish

      EXIT STATUS: 0 printed; 1 the output could not be written; 2 usage error.
      """)

  static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> ExitStatus {
    guard arguments.positionals.count == 1 else { throw .tooManyArguments(arguments.positionals[1]) }
    let name = arguments.positionals[0]
    guard let shell = ShellCompletion(rawValue: name) else {
      let shells = ShellCompletion.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
      throw UsageError(description: "Unknown shell '\(name)'; expected one of \(shells)")
    }
    context.streams.output(shell.script(for: SDKVet.subcommands.map { $0.spec }))
    return .success
  }
}
