/// "Did you mean" for misspelled commands, options and values.
enum Suggestions {
  /// The candidates closest to `word`: at most two edits away (one for words of up to four
  /// characters), counting a swap of two neighbours as one edit (`vfc` → `vcf`).
  static func closest(to word: String, among candidates: [String]) -> [String] {
    let typed = Array(word.lowercased())
    let limit = typed.count <= 4 ? 1 : 2
    var best: [String] = []
    var bestDistance = limit + 1
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate.lowercased()))
      if distance < bestDistance {
        best = [candidate]
        bestDistance = distance
      } else if distance == bestDistance, !best.contains(candidate) {
        best.append(candidate)
      }
    }
    return bestDistance <= limit ? best : []
  }

  /// `; did you mean 'vcf-to-ics'?`, or an empty string when nothing is close.
  static func didYouMean(_ word: String, among candidates: [String]) -> String {
    let found = closest(to: word, among: candidates)
    guard !found.isEmpty else { return "" }
    return "; did you mean " + found.map { "'\($0)'" }.joined(separator: " or ") + "?"
  }

  /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
  /// neighbours each cost one.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    var distance = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { distance[i][0] = i }
    for j in 0...b.count { distance[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        distance[i][j] = min(
          distance[i - 1][j] + 1, distance[i][j - 1] + 1, distance[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          distance[i][j] = min(distance[i][j], distance[i - 2][j - 2] + 1)
        }
      }
    }
    return distance[a.count][b.count]
  }
}
