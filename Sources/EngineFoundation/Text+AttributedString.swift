import Engine
import Foundation

extension Text {
    /// A text drawing `attributedContent`'s runs, each in its attributes,
    /// wrapped and truncated as one text: SwiftUI's
    /// `Text(_ attributedContent: AttributedString)`.
    ///
    /// ```swift
    /// import EngineFoundation
    ///
    /// var status = AttributedString("disk ")
    /// var level = AttributedString("92%")
    /// level.foregroundColor = .red
    /// level.inlinePresentationIntent = .stronglyEmphasized
    /// status += level
    /// Text(status)
    /// ```
    ///
    /// What is drawn, from `AttributeScopes.EngineAttributes`:
    ///
    /// | attribute | drawn |
    /// |---|---|
    /// | `foregroundColor`, `backgroundColor` | the colours (roles such as `.secondary` through the theme) |
    /// | `inlinePresentationIntent` | `.stronglyEmphasized` bold, `.emphasized` italic, `.code` the theme's code colour, `.strikethrough` struck through |
    /// | `underlineStyle` | a `Text.LineStyle`: its pattern and colour |
    /// | `strikethroughStyle` | struck through (one solid line: terminals draw no other) |
    /// | `link` (Foundation's) | underlined in the tint colour, one OSC 8 hyperlink |
    ///
    /// Fonts, kerning, tracking and baseline offsets have nothing to draw on
    /// a grid of cells, and are not attributes here. Control characters in
    /// the string are drawn as their pictures, as in any text.
    nonisolated public init(_ attributedContent: AttributedString) {
        var pieces: [Text.Piece] = []
        for run in attributedContent.runs {
            let characters = String(attributedContent[run.range].characters)
            var style = Style.plain
            if let color = run.engineForegroundColor { style.foreground = color }
            if let color = run.engineBackgroundColor { style.background = color }
            if let intent = run.engineInlinePresentationIntent {
                if intent.contains(.stronglyEmphasized) { style.attributes.insert(.bold) }
                if intent.contains(.emphasized) { style.attributes.insert(.italic) }
                if intent.contains(.strikethrough) { style.attributes.insert(.strikethrough) }
                if intent.contains(.code), run.engineForegroundColor == nil { style.foreground = .themeCode }
            }
            if run.engineStrikethroughStyle != nil {
                // One solid line in the text's colour: no terminal draws a
                // strikethrough pattern or colour (see `Text.strikethrough`).
                style.attributes.insert(.strikethrough)
            }
            if let line = run.engineUnderlineStyle {
                style.attributes.insert(.underline)
                style.underlineStyle = line.pattern.underlineStyle
                if let color = line.color { style.underlineColor = color }
            }
            var link: String?
            if let url = run.link {
                link = url.absoluteString
                if run.engineForegroundColor == nil { style.foreground = .accentColor }
                style.attributes.insert(.underline)
            }
            pieces.append(Text.Piece(text: characters, style: style, link: link))
        }
        self.init(pieces: pieces)
    }
}

extension AttributedString.Runs.Run {
    fileprivate var engineForegroundColor: Color? { self[AttributeScopes.EngineAttributes.ForegroundColorAttribute.self] }
    fileprivate var engineBackgroundColor: Color? { self[AttributeScopes.EngineAttributes.BackgroundColorAttribute.self] }
    fileprivate var engineUnderlineStyle: Text.LineStyle? {
        self[AttributeScopes.EngineAttributes.UnderlineStyleAttribute.self]
    }
    fileprivate var engineStrikethroughStyle: Text.LineStyle? {
        self[AttributeScopes.EngineAttributes.StrikethroughStyleAttribute.self]
    }
    fileprivate var engineInlinePresentationIntent: InlinePresentationIntent? {
        #if canImport(Darwin)
            self[AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute.self]
        #else
            self[AttributeScopes.EngineAttributes.InlinePresentationIntentAttribute.self]
        #endif
    }
}
