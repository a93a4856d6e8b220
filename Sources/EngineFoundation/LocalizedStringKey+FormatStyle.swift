import Engine
import Foundation

extension LocalizedStringKey.StringInterpolation {
    /// Appends `input` formatted by `format`, shown as it is: SwiftUI's
    /// `Text("\(date, format: .dateTime.hour().minute())")` and
    /// `Text("\(ratio, format: .percent)")`.
    ///
    /// ```swift
    /// import EngineFoundation
    ///
    /// Text("Uptime **\(uptime, format: .number.precision(.fractionLength(1)))** h")
    /// ```
    public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
        where F.FormatOutput == String
    {
        appendInterpolation(format.format(input))
    }
}

extension Text {
    /// A text showing `input` formatted by `format`, as it is (no
    /// Markdown): SwiftUI's `Text(_:format:)`.
    ///
    /// ```swift
    /// Text(bytes, format: .byteCount(style: .file))
    /// ```
    nonisolated public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }
}
