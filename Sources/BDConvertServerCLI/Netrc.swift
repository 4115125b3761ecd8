import Foundation

/// The entries of a `.netrc` file (`machine HOST login NAME password SECRET`, `default ...`).
struct Netrc {
  struct Entry {
    var machine: String?
    var login = ""
    var password = ""
  }
  private(set) var entries: [Entry] = []

  init(_ text: String) {
    let words = Self.tokens(text)
    var index = 0
    var current: Entry?
    func value() -> String {
      index += 1
      return index < words.count ? words[index] : ""
    }
    while index < words.count {
      switch words[index] {
      case "machine":
        if let current { entries.append(current) }
        current = Entry(machine: value())
      case "default":
        if let current { entries.append(current) }
        current = Entry(machine: nil)
      case "login": current?.login = value()
      case "password": current?.password = value()
      case "account", "port": _ = value()
      case "macdef":  // a macro runs to the next blank line; no credential inside
        if let current { entries.append(current) }
        current = nil
      default: break
      }
      index += 1
    }
    if let current { entries.append(current) }
  }

  /// The words of a `.netrc`, split at white space; a word in double quotes may hold white
  /// space and the escapes `\"`, `\\`, `\n`, `\r`, `\t` (curl's syntax, `password "a b\"c"`).
  static func tokens(_ text: String) -> [String] {
    var tokens: [String] = []
    var characters = text.makeIterator()
    var pending = characters.next()
    while let first = pending {
      if first.isWhitespace {
        pending = characters.next()
        continue
      }
      var token = ""
      if first == "\"" {
        while let character = characters.next(), character != "\"" {
          guard character == "\\", let escaped = characters.next() else {
            token.append(character)
            continue
          }
          switch escaped {
          case "n": token.append("\n")
          case "r": token.append("\r")
          case "t": token.append("\t")
          default: token.append(escaped)
          }
        }
        pending = characters.next()
      } else {
        token.append(first)
        pending = characters.next()
        while let character = pending, !character.isWhitespace {
          token.append(character)
          pending = characters.next()
        }
      }
      tokens.append(token)
    }
    return tokens
  }

  /// The entry for `host` (and `login` when given), else the `default` entry.
  func entry(host: String, login: String?) -> Entry? {
    let fits = { (entry: Entry) in login == nil || entry.login == login }
    return entries.first { $0.machine?.lowercased() == host.lowercased() && fits($0) }
      ?? entries.first { $0.machine == nil && fits($0) }
  }
}
