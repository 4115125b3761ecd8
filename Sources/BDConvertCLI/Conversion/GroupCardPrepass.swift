import BirthdayKit

/// `--group` also follows group cards (Apple's `X-ADDRESSBOOKSERVER-KIND:group` with
/// `X-ADDRESSBOOKSERVER-MEMBER`, vCard 4 `KIND:group` with `MEMBER`). A group card may come
/// after its members, so each vCard file is read once before the conversion to learn them.
/// Standard input and pipes cannot be read twice: there only `CATEGORIES` count.
enum GroupCardPrepass {
  /// Adds the group cards of every regular vCard file in `paths` to `builder`; files that are
  /// not vCard, or cannot be read, add nothing (the conversion reports them).
  static func collect(into builder: inout CelebrationBuilder, paths: [String]) {
    for path in paths where path != "-" {
      guard let input = try? InputFile.open(path) else { continue }
      defer { input.close() }
      guard input.identity?.isRegularFile == true else { continue }
      var reader = VCardReader(source: input.byteSource, fileName: path, diagnostics: { _ in })
      try? reader.forEachContact { contact in
        if contact.isGroup { builder.addGroupCard(contact) }
      }
    }
  }
}
