extension UnsafeBufferPointer<UInt8> {
    /// Every byte is printable ASCII (U+0020…U+007E): one column each, no
    /// controls, no line breaks, nothing to segment or measure. What the
    /// text fast paths (layout, cell writing) test first.
    @inline(__always)
    var isPrintableASCII: Bool {
        for b in self where b &- 0x20 > 0x7E - 0x20 { return false }
        return true
    }
}
