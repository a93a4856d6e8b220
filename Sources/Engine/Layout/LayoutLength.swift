/// Lengths an app passes to layout (padding, frame sizes, spacing, scroll
/// offsets, a spacer's minimum) are clamped where they enter it, so that
/// the layout's sums and products stay far from `Int`'s ends: `Int.max`
/// padding or `Int.min` spacing is laid out as the largest length, never
/// traps. No terminal comes near the bound (``CellBuffer/maxDimension`` is
/// 4096); `Int.max` keeps its meaning of "infinity" where a frame's maximum
/// takes it (``Int/infinity``).
enum LayoutLength {
    /// The largest length, in cells, and the most negative: 2^24.
    static let limit = 1 << 24

    /// `value` within `-limit...limit` (spacing and padding may be negative).
    @inline(__always)
    static func clamp(_ value: Int) -> Int { Swift.min(Swift.max(value, -limit), limit) }

    /// `value` within `0...limit` (a size or an offset).
    @inline(__always)
    static func clampNonNegative(_ value: Int) -> Int { Swift.min(Swift.max(value, 0), limit) }

    /// A frame dimension: `nil` stays unspecified, `.max` stays infinity,
    /// anything else is a size within `0...limit`.
    @inline(__always)
    static func clampFrame(_ value: Int?) -> Int? {
        guard let value else { return nil }
        return value == .max ? .max : clampNonNegative(value)
    }
}

extension EdgeInsets {
    /// Each inset within ``LayoutLength/limit``.
    var clamped: EdgeInsets {
        EdgeInsets(top: LayoutLength.clamp(top), leading: LayoutLength.clamp(leading),
                   bottom: LayoutLength.clamp(bottom), trailing: LayoutLength.clamp(trailing))
    }
}

extension FrameSpec {
    /// Each dimension a size or infinity, its bounds in order: SwiftUI
    /// calls bounds out of order "contradictory frame constraints" and
    /// logs them; the engine puts them in order, min ≤ ideal ≤ max, the
    /// minimum winning over the maximum and both over the ideal, so that
    /// every rule of ``FrameBehavior`` sees one consistent frame.
    var clamped: FrameSpec {
        var s = self
        (s.minWidth, s.idealWidth, s.maxWidth) = FrameSpec.ordered(minWidth, idealWidth, maxWidth)
        (s.minHeight, s.idealHeight, s.maxHeight) = FrameSpec.ordered(minHeight, idealHeight, maxHeight)
        return s
    }

    /// One dimension's bounds clamped (``LayoutLength/clampFrame(_:)``) and
    /// put in order: a maximum below the minimum is raised to it, an ideal
    /// outside them is moved to the nearer one.
    static func ordered(_ min: Int?, _ ideal: Int?, _ max: Int?) -> (Int?, Int?, Int?) {
        let lo = LayoutLength.clampFrame(min)
        var hi = LayoutLength.clampFrame(max)
        var mid = LayoutLength.clampFrame(ideal)
        if let l = lo, let h = hi, h < l { hi = l }
        if let m = mid, let h = hi, m > h { mid = h }
        if let m = mid, let l = lo, m < l { mid = l }
        return (lo, mid, hi)
    }
}

extension Int {
    /// `self × other`, or `Int.max` / `Int.min` where it overflows.
    @inline(__always)
    func saturatingProduct(_ other: Int) -> Int {
        let (r, o) = multipliedReportingOverflow(by: other)
        return o ? ((self < 0) != (other < 0) ? .min : .max) : r
    }

    /// `self + other`, or `Int.max` / `Int.min` where it overflows.
    @inline(__always)
    func saturatingSum(_ other: Int) -> Int {
        let (r, o) = addingReportingOverflow(other)
        return o ? (other < 0 ? .min : .max) : r
    }
}
