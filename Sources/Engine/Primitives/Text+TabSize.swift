private struct TabSizeKey: EnvironmentKey {
    static let defaultValue = TextLayout.defaultTabSize
}

extension EnvironmentValues {
    /// Columns between the tab stops of the ``Text`` views inside: a tab
    /// advances to the next multiple of this many columns from the start
    /// of its line. 8 by default, as in terminals; values below 1 count as 1.
    ///
    /// SwiftUI has no equivalent (its text views take tab stops from a
    /// paragraph style); the name follows CSS `tab-size` and editors'
    /// "tab size".
    public var tabSize: Int {
        get { self[TabSizeKey.self] }
        set { self[TabSizeKey.self] = newValue }
    }
}

extension View {
    /// Sets the columns between tab stops for the text inside this view.
    ///
    /// ```swift
    /// Text("name\tsize\tdate").tabSize(4)
    /// LogView(lines).tabSize(2)   // every Text inside
    /// ```
    ///
    /// A text without tabs does not read the value, and costs nothing more.
    /// - Parameter columns: Columns from one stop to the next (at least 1).
    public consuming func tabSize(_ columns: Int) -> EnvironmentWriter<Self, Int> {
        environment(EnvironmentPaths.tabSize, columns)
    }
}
