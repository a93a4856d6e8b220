/// A file format a ``Profile`` can be exported to: ``FoldedStacks``,
/// ``SpeedscopeJSON``, ``ChromeTrace`` or ``FlameGraphSVG``.
///
/// Every format renders to a `String` and writes to a file path; an empty
/// profile gives a valid, empty document.
///
/// ```swift
/// let profile = profiler.snapshot()
/// try FoldedStacks().write(profile, toFile: "out.folded")
/// let svg = FlameGraphSVG(title: "tree").render(profile)
/// ```
public protocol ProfileFormat: Sendable {
    /// The file's conventional extension, without the dot (`svg`).
    var fileExtension: String { get }

    /// The whole document for `profile`.
    ///
    /// - Complexity: O(n log n) in the number of spans at most.
    func render(_ profile: Profile) -> String
}

extension ProfileFormat {
    /// Renders `profile` and writes it to `path`, replacing any file there.
    ///
    /// - Throws: ``ProfileWriteError`` if the file cannot be opened or
    ///   written.
    public func write(_ profile: Profile, toFile path: String) throws(ProfileWriteError) {
        try ProfileWriteError.write(render(profile), toFile: path)
    }
}
