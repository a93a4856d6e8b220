/// Why a node's body or content was evaluated in a frame.
public enum EvaluationReason: Sendable, Equatable, CustomStringConvertible {
    var index: Int {
        switch self {
        case .appeared: return 0
        case .inputChanged: return 1
        case .stateChanged: return 2
        case .environmentChanged: return 3
        }
    }

    /// The node appeared this frame.
    case appeared
    /// Its parent passed a view value that differs from the last one.
    case inputChanged
    /// It was marked dirty (its state changed).
    case stateChanged
    /// An environment value it reads changed.
    case environmentChanged

    public var description: String {
        switch self {
        case .appeared: return "appeared"
        case .inputChanged: return "input changed"
        case .stateChanged: return "state changed"
        case .environmentChanged: return "environment changed"
        }
    }
}
