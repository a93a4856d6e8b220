/// Fuzzy matching of a query against a title, as command palettes do: the
/// query's characters must appear in the title in order (case aside); the
/// match that scores best is kept, where a character scores 1, one right
/// after the previous match 5 more, and one at a word start (the title's
/// first character, one after a space, `-`, `_`, `.`, `/`, or a capital
/// after a lower-case letter) 8 more.
///
/// ```swift
/// FuzzyMatch.match("sf", in: "Save File")  // score 18, positions [0, 5]
/// FuzzyMatch.match("fs", in: "Save File")  // nil: not in order
/// ```
public enum FuzzyMatch {
    /// A match: its score and the title's matched character offsets.
    public struct Match: Hashable, Sendable {
        /// Higher is better (see ``FuzzyMatch``).
        public var score: Int
        /// Offsets of the matched characters in the title (in `Character`s).
        public var positions: [Int]
    }

    static let matchScore = 1
    static let consecutiveBonus = 5
    static let wordStartBonus = 8

    /// The best match of `query` in `title`, or `nil` when its characters
    /// do not all appear in order. An empty query matches with score 0.
    ///
    /// - Complexity: O(query × title²) (titles are short).
    public static func match(_ query: String, in title: String) -> Match? {
        let q = Array(query.lowercased().filter { $0 != " " })
        guard !q.isEmpty else { return Match(score: 0, positions: []) }
        let original = Array(title)
        let t = original.map { Character($0.lowercased()) }
        let n = t.count
        guard q.count <= n else { return nil }
        var bonus = [Int](repeating: 0, count: n)
        for j in 0..<n {
            let start: Bool
            if j == 0 {
                start = true
            } else {
                let p = original[j - 1]
                start = " -_./:".contains(p) || (p.isLowercase && original[j].isUppercase)
            }
            bonus[j] = matchScore + (start ? wordStartBonus : 0)
        }
        // best[i][j]: the best score with q[i] matched at t[j]; from[i][j]: where q[i-1] was.
        let none = Int.min
        var best = [[Int]](repeating: [Int](repeating: none, count: n), count: q.count)
        var from = [[Int]](repeating: [Int](repeating: -1, count: n), count: q.count)
        for j in 0..<n where t[j] == q[0] { best[0][j] = bonus[j] }
        for i in 1..<q.count {
            for j in i..<n where t[j] == q[i] {
                for k in (i - 1)..<j where best[i - 1][k] != none {
                    let s = best[i - 1][k] + bonus[j] + (k == j - 1 ? consecutiveBonus : 0)
                    if s > best[i][j] {
                        best[i][j] = s
                        from[i][j] = k
                    }
                }
            }
        }
        let last = q.count - 1
        var end = -1
        for j in 0..<n where best[last][j] != none && (end < 0 || best[last][j] > best[last][end]) { end = j }
        guard end >= 0 else { return nil }
        var positions = [Int](repeating: 0, count: q.count)
        var j = end
        for i in stride(from: last, through: 0, by: -1) {
            positions[i] = j
            j = from[i][j]
        }
        return Match(score: best[last][end], positions: positions)
    }

    /// The indices of `titles` that `query` matches, best first (equal
    /// scores: the shorter title, then the earlier), with their matches.
    /// An empty query keeps every title, in order.
    public static func rank(_ query: String, _ titles: [String]) -> [(index: Int, match: Match)] {
        if query.allSatisfy({ $0 == " " }) { return titles.indices.map { ($0, Match(score: 0, positions: [])) } }
        var out: [(index: Int, match: Match)] = []
        for (i, title) in titles.enumerated() {
            if let m = match(query, in: title) { out.append((i, m)) }
        }
        out.sort { a, b in
            if a.match.score != b.match.score { return a.match.score > b.match.score }
            let la = titles[a.index].count, lb = titles[b.index].count
            return la != lb ? la < lb : a.index < b.index
        }
        return out
    }
}
