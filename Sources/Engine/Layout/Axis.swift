/// The axis a stack lays its children along.
public enum Axis: Sendable, Hashable {
    case horizontal, vertical

    /// A set of axes (``ViewThatFits/init(in:content:)``).
    public struct Set: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}
