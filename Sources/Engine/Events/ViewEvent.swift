/// An event as views receive it: input from the terminal, or a resize.
public enum ViewEvent: Hashable, Sendable {
    case key(KeyPress)
    case paste(String)
    case mouse(MouseEvent)
    /// The terminal window gained (`true`) or lost focus.
    case focus(Bool)
    /// The screen (or the inline region's width) changed to this size, in cells.
    case resize(columns: Int, rows: Int)
}

extension KeyPress {
    /// What a key handler did with the event: ``handled`` stops it;
    /// ``ignored`` passes it on to the next handler (up the tree, then the app).
    public enum Result: Hashable, Sendable {
        case handled
        case ignored
    }

    /// A set of key phases to listen for.
    public struct Phases: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let down = Phases(rawValue: 1)
        public static let `repeat` = Phases(rawValue: 2)
        public static let up = Phases(rawValue: 4)
        public static let all: Phases = [.down, .repeat, .up]

        func contains(_ phase: Phase) -> Bool {
            switch phase {
            case .down: return rawValue & Phases.down.rawValue != 0
            case .repeat: return rawValue & Phases.repeat.rawValue != 0
            case .up: return rawValue & Phases.up.rawValue != 0
            }
        }
    }
}

extension Key: ExpressibleByExtendedGraphemeClusterLiteral {
    /// `"q"` is `.character("q")`.
    public init(extendedGraphemeClusterLiteral value: Character) { self = .character(value) }

    /// SwiftUI's names for the arrows and editing keys.
    public static let upArrow = Key.up
    public static let downArrow = Key.down
    public static let leftArrow = Key.left
    public static let rightArrow = Key.right
    public static let `return` = Key.enter
    public static let space = Key.character(" ")
    public static let deleteForward = Key.delete
}

extension InputEvent {
    /// The event as views receive it; nil for terminal replies.
    var viewEvent: ViewEvent? {
        switch self {
        case .key(let k): return .key(k)
        case .paste(let s): return .paste(s)
        case .mouse(let m): return .mouse(m)
        case .focus(let f): return .focus(f)
        case .reply: return nil
        }
    }
}

private struct CellPixelSizeKey: EnvironmentKey { static let defaultValue: Size? = nil }

private struct ScreenSizeKey: EnvironmentKey {
    static let defaultValue = Size(width: 80, height: 24)
}

extension EnvironmentValues {
    /// The size of the screen the app runs on, in cells (the terminal's
    /// size; an offscreen host's canvas). Views that read it are evaluated
    /// again when it changes.
    public var screenSize: Size {
        get { self[ScreenSizeKey.self] }
        set { self[ScreenSizeKey.self] = newValue }
    }

    /// The size of one cell in pixels, where the terminal reports it (its
    /// window's pixels over its cells, by in-band resize, mode 2048); `nil`
    /// where it does not. What an image drawn in cells is scaled by.
    public var cellPixelSize: Size? {
        get { self[CellPixelSizeKey.self] }
        set { self[CellPixelSizeKey.self] = newValue }
    }
}
