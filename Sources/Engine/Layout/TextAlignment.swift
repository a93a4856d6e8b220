/// How each line of a multi-line text sits within the text's frame.
public enum TextAlignment: Sendable, Hashable {
    /// Lines start at the left edge.
    case leading
    /// Lines are centred; an odd leftover column goes to the right.
    case center
    /// Lines end at the right edge.
    case trailing
}

extension TextAlignment {
    /// Where a line `lineWidth` cells wide starts within `width` cells:
    /// floor division when centred, so the odd column goes to the right.
    @inline(__always)
    func offset(ofLine lineWidth: Int, in width: Int) -> Int {
        switch self {
        case .leading: 0
        case .center: (width - lineWidth) >> 1
        case .trailing: width - lineWidth
        }
    }
}
