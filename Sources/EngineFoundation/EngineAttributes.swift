import Engine
import Foundation

#if !canImport(Darwin)
    /// How a run of text is meant to be presented inline: Foundation's
    /// `InlinePresentationIntent` on Apple platforms, which swift-foundation
    /// on Linux does not have. Same name, values and meaning, so code
    /// setting `inlinePresentationIntent` compiles unchanged.
    public struct InlinePresentationIntent: OptionSet, Hashable, Codable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Emphasis: drawn italic.
        public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
        /// Strong emphasis: drawn bold.
        public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
        /// Code: drawn in the theme's code colour.
        public static let code = InlinePresentationIntent(rawValue: 1 << 2)
        /// Struck through.
        public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
        /// A soft line break (nothing to draw in a run).
        public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
        /// A hard line break (nothing to draw in a run).
        public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    }
#endif

extension AttributeScopes {
    /// The engine's attribute scope, which `AttributedString`'s dynamic
    /// member lookup reaches: `string.foregroundColor = .red`.
    public var engine: EngineAttributes.Type { EngineAttributes.self }

    /// The attributes `Text(_: AttributedString)` draws, in
    /// the shape of SwiftUI's `AttributeScopes.SwiftUIAttributes` (and
    /// Foundation's, for links).
    public struct EngineAttributes: AttributeScope {
        /// The text's colour.
        public let foregroundColor: ForegroundColorAttribute
        /// The colour behind the text.
        public let backgroundColor: BackgroundColorAttribute
        /// An underline, its pattern and colour.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through the text (one solid line in the text's colour).
        public let strikethroughStyle: StrikethroughStyleAttribute
        #if !canImport(Darwin)
            /// Emphasis, strong emphasis, code and strikethrough.
            public let inlinePresentationIntent: InlinePresentationIntentAttribute
        #endif
        /// Foundation's attributes (`link`).
        public let foundation: FoundationAttributes

        /// The text's colour.
        public enum ForegroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "Engine.ForegroundColor"
        }

        /// The colour behind the text.
        public enum BackgroundColorAttribute: AttributedStringKey {
            public typealias Value = Color
            public static let name = "Engine.BackgroundColor"
        }

        /// An underline.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "Engine.UnderlineStyle"
        }

        /// A line through the text.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            public typealias Value = Text.LineStyle
            public static let name = "Engine.StrikethroughStyle"
        }

        #if !canImport(Darwin)
            /// Emphasis, strong emphasis, code and strikethrough.
            public enum InlinePresentationIntentAttribute: AttributedStringKey {
                public typealias Value = InlinePresentationIntent
                public static let name = "NSInlinePresentationIntent"
            }
        #endif
    }
}

extension AttributeDynamicLookup {
    /// The engine's attributes by name on an `AttributedString` or a run.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.EngineAttributes, T>) -> T {
        self[T.self]
    }
}
