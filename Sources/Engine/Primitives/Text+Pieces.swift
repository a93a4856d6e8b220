extension Text {
    /// One piece of a text made of styled pieces: its characters, the style
    /// they are drawn in and the hyperlink they belong to.
    package struct Piece {
        package var text: String
        package var style: Style
        package var link: String?

        package init(text: String, style: Style, link: String? = nil) {
            self.text = text
            self.style = style
            self.link = link
        }
    }

    /// A text made of `pieces` in order, each in its style, wrapped and
    /// truncated as one text. For the package's other modules (an
    /// `AttributedString`'s runs); apps concatenate texts with `+`.
    nonisolated package init(pieces: [Piece]) {
        var content = ""
        var runs: [Run] = []
        var styled = false
        for piece in pieces where !piece.text.isEmpty {
            content += piece.text
            if piece.style != .plain || piece.link != nil { styled = true }
            if let last = runs.last, last.style == piece.style, last.link == piece.link {
                runs[runs.count - 1].end = content.utf8.count
            } else {
                runs.append(Run(end: content.utf8.count, style: piece.style, link: piece.link))
            }
        }
        self.init(verbatim: content)
        if styled { self.runs = runs }
    }
}
