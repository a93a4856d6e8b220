/// The numeric parameters of one control sequence, as ``InputDecoder``
/// collects them byte by byte.
///
/// ECMA-48 5.4.2: parameters are decimal numbers separated by `;`; an empty
/// parameter is "omitted" (its default applies). Sub-parameters are
/// separated by `:` (ITU T.416 style, used by the kitty keyboard protocol:
/// `CSI 97:65;2:3u`). A *field* is one `;`-separated parameter with its
/// sub-parameters.
///
/// Invariants: at most ``capacity`` values are kept (a longer list sets
/// ``overflowed``); every value is `-1` (omitted) or in
/// `0...maximumValue` (a longer number saturates and sets ``overflowed``);
/// bit `i` of `subparameterMask` is set when value `i` followed a `:`.
/// The decoder drops a sequence whose parameters overflowed: a saturated or
/// truncated number is not what the terminal meant.
struct ControlSequenceParameters: Sendable {
    /// The most values (parameters and sub-parameters) one sequence keeps.
    /// Kitty's longest key report is code, two alternates, modifiers, event
    /// type and a few text code points.
    static let capacity = 32
    /// Numbers saturate here instead of overflowing.
    static let maximumValue = Int(Int32.max)

    /// The values in order; `-1` is an omitted parameter.
    private(set) var values: [Int] = []
    private var subparameterMask: UInt64 = 0
    /// The number being read, `-1` before its first digit.
    private var current = -1
    /// Whether the number being read follows a `:`.
    private var currentIsSubparameter = false
    /// A number saturated or there were more than ``capacity`` values.
    private(set) var overflowed = false
    /// No parameter byte (digit, `:` or `;`) has been read.
    private(set) var isEmpty = true

    init() {
        values.reserveCapacity(Self.capacity)
    }

    /// Forgets everything (keeps the storage).
    mutating func reset() {
        values.removeAll(keepingCapacity: true)
        subparameterMask = 0
        current = -1
        currentIsSubparameter = false
        overflowed = false
        isEmpty = true
    }

    /// Reads one decimal digit (0...9).
    @inline(__always)
    mutating func digit(_ d: Int) {
        isEmpty = false
        let value = current < 0 ? 0 : current
        if value > (Self.maximumValue - d) / 10 {
            current = Self.maximumValue
            overflowed = true
        } else {
            current = value * 10 + d
        }
    }

    /// Reads a separator: `;` between fields, `:` between sub-parameters.
    mutating func separator(colon: Bool) {
        isEmpty = false
        push()
        currentIsSubparameter = colon
    }

    /// Ends the parameter list (at the final byte).
    mutating func finish() {
        if !isEmpty { push() }
    }

    /// The parameter list so far is one number with no separator (rxvt's
    /// `CSI 2 $`, read before ``finish()``).
    var isSingleNumber: Bool { values.isEmpty && current >= 0 && !overflowed }

    private mutating func push() {
        guard values.count < Self.capacity else {
            overflowed = true
            current = -1
            return
        }
        if currentIsSubparameter { subparameterMask |= 1 << UInt64(values.count) }
        values.append(current)
        current = -1
    }

    // MARK: Reading (after finish())

    /// Whether any value followed a `:`.
    var hasSubparameters: Bool { subparameterMask != 0 }

    /// The number of fields (`;`-separated parameters); 0 when there were none.
    var fieldCount: Int {
        var count = 0
        for i in values.indices where !isSubparameter(i) { count += 1 }
        return count
    }

    /// The value of sub-parameter `sub` of field `field`, or `nil` when it
    /// is absent or omitted.
    func value(_ field: Int, _ sub: Int = 0) -> Int? {
        guard let start = startOfField(field) else { return nil }
        let i = start + sub
        guard i < values.count, sub == 0 || isSubparameter(i) else { return nil }
        if sub > 0 {
            // Every value between the field's start and `i` must be a sub-parameter.
            for j in (start + 1)..<i where !isSubparameter(j) { return nil }
        }
        let v = values[i]
        return v < 0 ? nil : v
    }

    /// How many values field `field` has (1 plus its sub-parameters); 0 when absent.
    func valueCount(inField field: Int) -> Int {
        guard let start = startOfField(field) else { return 0 }
        var end = start + 1
        while end < values.count && isSubparameter(end) { end += 1 }
        return end - start
    }

    @inline(__always)
    private func isSubparameter(_ i: Int) -> Bool { i > 0 && subparameterMask & (1 << UInt64(i)) != 0 }

    private func startOfField(_ field: Int) -> Int? {
        var f = -1
        for i in values.indices where !isSubparameter(i) {
            f += 1
            if f == field { return i }
        }
        return nil
    }
}
