import CUnistring

extension TextSegmenter {
    /// Whether a grapheme cluster boundary lies between scalars `a` and `b`
    /// on their own (libunistring's pair rule, UAX #29): text layout asks
    /// whether an ellipsis would join the cluster beside it.
    @inline(__always)
    static func isGraphemeBreak(_ a: UInt32, _ b: UInt32) -> Bool {
        uc_is_grapheme_break(ucs4_t(a), ucs4_t(b))
    }
}
