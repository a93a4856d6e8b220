/// The axis a stack lays its children along.
public enum Axis: Sendable, Hashable { case horizontal, vertical }
