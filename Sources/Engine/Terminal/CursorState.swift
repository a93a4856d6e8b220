/// Where the writer believes the terminal's cursor is.
struct CursorState: Equatable {
    var x: Int
    var y: Int
    /// False after something whose effect on the cursor is uncertain (a
    /// grapheme terminals measure differently, IL/DL); only CUP moves then.
    var known: Bool
    /// The cursor sits in the last column after printing there: the next
    /// graphic character would wrap first. Relative moves are avoided in this
    /// state because terminals differ on where they start from.
    var pendingWrap: Bool
    /// With `known` false: the row `y` is still certain, only the column is
    /// not — after a grapheme of disputed width that cannot have reached the
    /// last column however wide a terminal draws it. An absolute column
    /// move (HPA, CR) re-anchors then, with any vertical move, instead of CUP.
    var rowKnown = false

    static let home = CursorState(x: 0, y: 0, known: true, pendingWrap: false)
    static let unknown = CursorState(x: 0, y: 0, known: false, pendingWrap: false)
}
