/// The shells `expandable-preview completions` writes a script for.
enum CompletionShell: String, Sendable, CaseIterable {
  case bash, zsh, fish
}

/// Shell completion scripts written from the commands' option tables (``CommandRegistry``).
enum CompletionScripts {
  static let tool = "expandable-preview"
  static let function = "_expandable_preview"

  static func script(for shell: CompletionShell, commands: [CommandDeclaration]) -> String {
    switch shell {
    case .bash: bash(commands)
    case .zsh: zsh(commands)
    case .fish: fish(commands)
    }
  }

  // MARK: bash

  private static func bash(_ commands: [CommandDeclaration]) -> String {
    let words = commands.map(\.name).joined(separator: " ") + " --help --version"
    var lines = """
      # bash completion for \(tool); load with: source <(\(tool) completions bash)
      \(function)() {
        local cur="${COMP_WORDS[COMP_CWORD]}" prev=""
        (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"
        COMPREPLY=()
        if (( COMP_CWORD == 1 )); then
          COMPREPLY=($(compgen -W \(shellQuoted(words)) -- "$cur"))
          return 0
        fi
        case "${COMP_WORDS[1]}" in
      """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for command in commands {
      lines.append("    \(command.name))")
      let valued = command.options.filter { $0.value != nil }
      if !valued.isEmpty {
        lines.append("      case \"$prev\" in")
        for option in valued {
          lines.append(
            "        \(option.name)) \(action(option.value!.completion, .bash)) return 0 ;;")
        }
        lines.append("      esac")
      }
      let names = (command.options.map(\.name) + ["--help"]).joined(separator: " ")
      lines.append("      if [[ \"$cur\" == -* ]]; then")
      lines.append("        COMPREPLY=($(compgen -W \(shellQuoted(names)) -- \"$cur\"))")
      lines.append("      else")
      lines.append("        \(action(command.positional, .bash))")
      lines.append("      fi")
      lines.append("      ;;")
    }
    lines += ["  esac", "  return 0", "}", "complete -o filenames -F \(function) \(tool)", ""]
    return lines.joined(separator: "\n")
  }

  // MARK: zsh

  private static func zsh(_ commands: [CommandDeclaration]) -> String {
    var lines = [
      "#compdef \(tool)",
      "# zsh completion for \(tool); load with: source <(\(tool) completions zsh) after compinit",
      "\(function)() {",
      "  local -a commands",
      "  commands=(",
    ]
    lines += commands.map { "    \(shellQuoted("\($0.name):\($0.summary)"))" }
    lines += """
        )
        if (( CURRENT == 2 )); then
          _describe -t commands command commands
          return
        fi
        local command="$words[2]"
        shift words
        (( CURRENT-- ))
        case "$command" in
      """.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for command in commands {
      var specs = command.options.map { option -> String in
        let help = zshEscaped(option.helpWithDefault.firstSentence)
        guard let value = option.value else { return shellQuoted("\(option.name)[\(help)]") }
        let action = action(value.completion, .zsh)
        return shellQuoted("*\(option.name)[\(help)]:\(zshEscaped(value.placeholder)):\(action)")
      }
      specs.append(shellQuoted("*:argument:\(action(command.positional, .zsh))"))
      lines.append("    \(command.name))")
      lines.append("      _arguments -S \\")
      lines += specs.dropLast().map { "        \($0) \\" }
      lines.append("        \(specs.last!)")
      lines.append("      ;;")
    }
    lines += [
      "  esac",
      "}",
      "if (( $+functions[compdef] )); then compdef \(function) \(tool); fi",
      "",
    ]
    return lines.joined(separator: "\n")
  }

  /// What completes a value: bash's `compgen` into COMPREPLY, or zsh's `_arguments` action.
  private static func action(_ completion: OptionCompletion, _ shell: CompletionShell) -> String {
    let bash = shell == .bash
    switch completion {
    case .none: return bash ? "COMPREPLY=();" : " "
    case .file: return bash ? "COMPREPLY=($(compgen -f -- \"$cur\"));" : "_files"
    case .directory: return bash ? "COMPREPLY=($(compgen -d -- \"$cur\"));" : "_files -/"
    case .choices(let names):
      let words = names.joined(separator: " ")
      return bash
        ? "COMPREPLY=($(compgen -W \(shellQuoted(words)) -- \"$cur\"));" : "(\(words))"
    }
  }

  /// Brackets and colons end a field of an `_arguments` spec.
  private static func zshEscaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "[]:\\".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }

  // MARK: fish

  private static func fish(_ commands: [CommandDeclaration]) -> String {
    let names = commands.map(\.name).joined(separator: " ")
    var lines = [
      "# fish completion for \(tool); load with: \(tool) completions fish | source",
      "complete -c \(tool) -f",
    ]
    for command in commands {
      lines.append(
        "complete -c \(tool) -n \(shellQuoted("not __fish_seen_subcommand_from \(names)")) "
          + "-a \(command.name) -d \(shellQuoted(command.summary))")
    }
    for command in commands {
      let condition = shellQuoted("__fish_seen_subcommand_from \(command.name)")
      for option in command.options {
        var line = "complete -c \(tool) -n \(condition) -l \(option.name.dropFirst(2))"
        if let value = option.value {
          switch value.completion {
          case .none: line += " -x"
          case .file: line += " -r -F"
          case .directory: line += " -x -a '(__fish_complete_directories)'"
          case .choices(let names): line += " -x -a \(shellQuoted(names.joined(separator: " ")))"
          }
        }
        line += " -d \(shellQuoted(option.helpWithDefault.firstSentence))"
        lines.append(line)
      }
      if command.positional == .file {
        lines.append("complete -c \(tool) -n \(condition) -F")
      }
    }
    lines.append("")
    return lines.joined(separator: "\n")
  }

  /// `text` in single quotes for bash, zsh and fish alike (`'` written as `'\''` in bash and
  /// zsh; fish reads `\'` inside quotes).
  private static func shellQuoted(_ text: String) -> String {
    "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }
}

extension String {
  /// Up to the first ". " (a completion menu's line), without the final period.
  fileprivate var firstSentence: String {
    let head = range(of: ". ").map { String(self[..<$0.lowerBound]) } ?? self
    return head.hasSuffix(".") ? String(head.dropLast()) : head
  }
}
