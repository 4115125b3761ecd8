/// A name or UID to leave out (`--exclude`): text compared ignoring case, where `*` stands for
/// any run of characters and `?` for one.
///
/// ```swift
/// ExclusionPattern("jane*").matches("Jane Doe")  // true
/// ```
package struct ExclusionPattern: Hashable, Sendable {
  /// The pattern as given.
  package let text: String
  private let characters: [Character]

  /// Creates a pattern.
  package init(_ text: String) {
    self.text = text
    self.characters = Array(text.lowercased())
  }

  /// Whether `candidate` matches the whole pattern.
  package func matches(_ candidate: String) -> Bool {
    let value = Array(candidate.lowercased())
    // Iterative wildcard match with one backtrack point: linear in practice, no recursion.
    var p = 0
    var v = 0
    var star: Int?
    var resume = 0
    while v < value.count {
      if p < characters.count, characters[p] == "?" || characters[p] == value[v] {
        p += 1
        v += 1
      } else if p < characters.count, characters[p] == "*" {
        star = p
        resume = v
        p += 1
      } else if let star {
        p = star + 1
        resume += 1
        v = resume
      } else {
        return false
      }
    }
    while p < characters.count, characters[p] == "*" { p += 1 }
    return p == characters.count
  }
}
