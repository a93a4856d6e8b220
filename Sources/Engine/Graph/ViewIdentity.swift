/// A view's structural identity: an integer handle into an ``IdentityTable``.
///
/// Identities are interned from (parent identity, view type, discriminator),
/// so making a child's identity is one hash lookup and no string is built on
/// the hot path. ``IdentityTable/path(of:)`` gives the readable form
/// (`Root/VStack.0/Row[id: 42]`) for debugging and profiling only.
public struct ViewIdentity: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32
    @inline(__always) init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The root of every tree.
    public static let root = ViewIdentity(rawValue: 0)
    public var description: String { "#\(rawValue)" }
}

/// What tells a child apart from its siblings.
public enum Discriminator: Hashable, Sendable {
    /// The n-th child of its parent.
    case position(Int)
    /// The branch of a conditional (`if`/`else`, `switch`, optional).
    case branch(Int)
    /// An explicit id (`ForEach(id:)`, `.id(_:)`), compared for equality, not only by hash.
    case explicit(ExplicitID)

    /// `==` without copying either side: the derived `==` copies both
    /// operands into a tuple through the enum's value witnesses (its explicit
    /// case holds a string or a box), which on the reconcile path of every
    /// child cost more than the rest of the comparison. Positions and
    /// branches, nearly every child, compare as integers.
    @inline(__always)
    func matches(_ other: Discriminator) -> Bool {
        switch self {
        case .position(let a):
            if case .position(let b) = other { return a == b }
            return false
        case .branch(let a):
            if case .branch(let b) = other { return a == b }
            return false
        case .explicit(let a):
            if case .explicit(let b) = other { return a.matches(b) }
            return false
        }
    }
}

/// A ``Discriminator`` as plain data: kind and integer for a position, a
/// branch or an integer id (nearly every child), so that matching a child
/// against its node compares two words and copies no enum through value
/// witnesses. Other explicit ids are kind ``other``, matched on the full
/// ``Discriminator``.
struct DiscriminatorKey: Equatable {
    static let positionKind: UInt8 = 0, branchKind: UInt8 = 1, integerIDKind: UInt8 = 2, otherKind: UInt8 = 3
    var kind: UInt8
    var value: Int

    @inline(__always)
    init(kind: UInt8, value: Int) {
        self.kind = kind
        self.value = value
    }

    /// The `n`-th child of its parent.
    @inline(__always)
    static func position(_ n: Int) -> DiscriminatorKey { DiscriminatorKey(kind: positionKind, value: n) }
    /// Branch `n` of a conditional.
    @inline(__always)
    static func branch(_ n: Int) -> DiscriminatorKey { DiscriminatorKey(kind: branchKind, value: n) }
    /// The explicit integer id `n`.
    @inline(__always)
    static func integerID(_ n: Int) -> DiscriminatorKey { DiscriminatorKey(kind: integerIDKind, value: n) }

    @inline(__always)
    init(_ d: Discriminator) {
        switch d {
        case .position(let p): self.init(kind: DiscriminatorKey.positionKind, value: p)
        case .branch(let b): self.init(kind: DiscriminatorKey.branchKind, value: b)
        case .explicit(let id): self.init(id)
        }
    }

    @inline(__always)
    init(_ id: ExplicitID) {
        if case .int(let i) = id.storage {
            self.init(kind: DiscriminatorKey.integerIDKind, value: i)
        } else {
            self.init(kind: DiscriminatorKey.otherKind, value: 0)
        }
    }
}

extension Discriminator {
    /// The discriminator of a position, branch or integer-id key.
    init(_ key: DiscriminatorKey) {
        switch key.kind {
        case DiscriminatorKey.positionKind: self = .position(key.value)
        case DiscriminatorKey.branchKind: self = .branch(key.value)
        case DiscriminatorKey.integerIDKind: self = .explicit(ExplicitID(key.value))
        default: preconditionFailure("an explicit id that is not an integer has no key of its own")
        }
    }
}

/// An explicit id: any `Hashable & Sendable` value, compared by equality.
///
/// Integer and string ids (the common cases: ranges, database keys, names)
/// are stored as they are; other types are boxed in `AnyHashable`, whose
/// creation costs a run-time conformance lookup.
public struct ExplicitID: Hashable, @unchecked Sendable, CustomStringConvertible {
    // Built only from `Hashable & Sendable` values, so the box is Sendable.
    enum Storage: Hashable {
        case int(Int)
        case string(String)
        case other(AnyHashable)
    }

    let storage: Storage

    @inline(__always)
    public init<H: Hashable & Sendable>(_ value: H) {
        if H.self == Int.self {
            storage = .int(unsafeBitCast(value, to: Int.self))
        } else if H.self == String.self {
            storage = .string(unsafeBitCast(value, to: String.self))
        } else {
            storage = .other(AnyHashable(value))
        }
    }

    /// `==` that compares integer ids (ranges, indices, database keys) as
    /// integers, without copying the storage enum (its string and box cases
    /// make the derived `==` copy both operands through value witnesses).
    @inline(__always)
    func matches(_ other: ExplicitID) -> Bool {
        if case .int(let a) = storage {
            if case .int(let b) = other.storage { return a == b }
            return false
        }
        return self == other
    }

    /// The id as an `AnyHashable`, equal to the one a view's `.tag` or a
    /// ``ForEach`` row's id makes of the same value (a view list's tags).
    var anyHashable: AnyHashable {
        switch storage {
        case .int(let i): return AnyHashable(i)
        case .string(let s): return AnyHashable(s)
        case .other(let h): return h
        }
    }

    public var description: String {
        switch storage {
        case .int(let i): return String(i)
        case .string(let s): return s
        case .other(let h): return String(describing: h.base)
        }
    }
}

/// Gives out identities: each is a slot holding (parent identity, view
/// type, discriminator), and a released slot is reused, so the table does not
/// grow under churn.
///
/// A live node's identity is reached through its parent (by position, branch
/// or explicit id), so the table needs no hash index: making an identity is
/// taking a slot, releasing one is returning it. Two views told apart by
/// explicit ids that merely hash alike never share an identity, because ids
/// are matched by equality where they are looked up (``ForEach``).
public final class IdentityTable {
    /// One slot: plain data, so that taking a slot for a new node and
    /// returning it copies and destroys no enum through value witnesses.
    /// An explicit id that is not an integer (``DiscriminatorKey/otherKind``)
    /// keeps its ``Discriminator`` in ``otherDiscriminators``.
    struct Entry {
        var parent: UInt32
        var live: Bool
        var key: DiscriminatorKey
        var type: Any.Type
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var free: [UInt32] = []
    /// The discriminators of live slots whose key is ``DiscriminatorKey/otherKind``
    /// (string ids, boxed ids), by slot: read only for the readable path.
    @exclusivity(unchecked) private var otherDiscriminators: [UInt32: Discriminator] = [:]

    public init() {
        // Slot 0 is the root.
        entries.append(Entry(parent: 0, live: true, key: .position(0), type: IdentityTable.self))
    }

    /// Live identities, including the root.
    public var count: Int { entries.count - free.count }
    /// Slots allocated (live + free for reuse).
    public var capacity: Int { entries.count }

    /// A new identity for a child of `parent` of `type` told apart by `discriminator`.
    ///
    /// - Complexity: O(1) amortised; no hashing.
    public func identity(parent: ViewIdentity, type: Any.Type, discriminator: Discriminator) -> ViewIdentity {
        identity(parent: parent, type: type, key: DiscriminatorKey(discriminator), discriminator: discriminator)
    }

    /// ``identity(parent:type:discriminator:)`` with the discriminator's
    /// key already made (the node being made holds it too).
    @inline(__always)
    func identity(parent: ViewIdentity, type: Any.Type, key: DiscriminatorKey,
                  discriminator: Discriminator) -> ViewIdentity {
        let entry = Entry(parent: parent.rawValue, live: true, key: key, type: type)
        let slot: UInt32
        if let reused = free.popLast() {
            entries[Int(reused)] = entry
            slot = reused
        } else {
            entries.append(entry)
            slot = UInt32(entries.count - 1)
        }
        if key.kind == DiscriminatorKey.otherKind { otherDiscriminators[slot] = discriminator }
        return ViewIdentity(rawValue: slot)
    }

    /// Releases `identity`; its slot is reused by a later identity.
    public func release(_ identity: ViewIdentity) {
        let i = Int(identity.rawValue)
        guard i != 0, i < entries.count, entries[i].live else { return }
        entries[i].live = false
        if entries[i].key.kind == DiscriminatorKey.otherKind { otherDiscriminators[identity.rawValue] = nil }
        free.append(identity.rawValue)
    }

    /// The readable path of `identity`, e.g. `Root/VStack.0/Row[id: 42]`
    /// (walks the parents and builds strings: for debugging and profiling only).
    public func path(of identity: ViewIdentity) -> String {
        var parts: [String] = []
        var i = Int(identity.rawValue)
        while i != 0 {
            let e = entries[i]
            let name = IdentityTable.shortName(e.type)
            let discriminator = e.key.kind == DiscriminatorKey.otherKind
                ? otherDiscriminators[UInt32(i)] ?? .position(0) : Discriminator(e.key)
            switch discriminator {
            case .position(let n): parts.append("\(name).\(n)")
            case .branch(let b): parts.append("\(name)[branch \(b)]")
            case .explicit(let id): parts.append("\(name)[id: \(id)]")
            }
            i = Int(e.parent)
        }
        parts.append("Root")
        return parts.reversed().joined(separator: "/")
    }

    /// The view type `identity` was made for.
    func viewType(of identity: ViewIdentity) -> Any.Type { entries[Int(identity.rawValue)].type }

    /// A type's name without generic arguments or module.
    static func shortName(_ type: Any.Type) -> String {
        let full = String(describing: type)
        let name = full.prefix { $0 != "<" }
        // TupleView2…TupleView6 are a block of children as a TupleView is.
        if name.hasPrefix("TupleView"), name.dropFirst(9).allSatisfy(\.isNumber) { return "TupleView" }
        return String(name)
    }
}
