/// How each line of a multi-line text sits within the text's frame.
public enum TextAlignment: Sendable, Hashable {
    /// Lines start at the left edge.
    case leading
    /// Lines are centred; an odd leftover column goes to the right.
    case center
    /// Lines end at the right edge.
    case trailing
}
