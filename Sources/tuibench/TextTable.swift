/// Lays out rows of cells as aligned text columns, two spaces apart: the
/// first row is the header, followed by a rule when `rule` is set. Columns in
/// `leftAligned` are padded on the right, the others (numbers) on the left.
func textTable(_ rows: [[String]], leftAligned: Set<Int> = [0], rule: Bool = true) -> String {
    guard let header = rows.first else { return "" }
    var widths = [Int](repeating: 0, count: header.count)
    for r in rows { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], c.count) } }
    var out = ""
    for (n, r) in rows.enumerated() {
        out += r.enumerated().map { i, c in
            let pad = String(repeating: " ", count: max(0, widths[i] - c.count))
            return leftAligned.contains(i) ? c + pad : pad + c
        }.joined(separator: "  ") + "\n"
        if n == 0 && rule { out += widths.map { String(repeating: "─", count: $0) }.joined(separator: "  ") + "\n" }
    }
    return out
}
