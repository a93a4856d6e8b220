/// An append-only Markdown document for a ``Markdown`` view: the text of
/// an answer streamed in, a log of notes, a chat transcript.
///
/// ```swift
/// let answer = MarkdownStore()
/// Markdown(answer)
/// // as the words arrive:
/// answer.append(word)
/// ```
///
/// A `Markdown` view of a `String` compares the unchanged part of the old
/// and new text on every change, and the `String` itself is copied when
/// it grows while a view holds it: both cost in proportion to the
/// document. A store knows what was appended, so nothing is compared or
/// copied: the view parses the text after the document's last block
/// boundary (see ``Markdown``), and a frame costs the same in a short
/// answer and in a 100,000-line transcript. (Text appended that defines a
/// link reference label the kept text used also makes the blocks that
/// use it again.)
///
/// The store is `Observable`: a view that shows it is evaluated again
/// after an append (once per frame however many came). Setting ``text``
/// replaces the document, which the view then reads again whole. Use it
/// on the main actor.
@MainActor
public final class MarkdownStore: Observable {
    /// The document. Only this store refers to it between frames, so an
    /// append grows it in place.
    private(set) var storage: String
    private var changes = 0
    /// Bumped when the text is replaced rather than appended to.
    private(set) var generation = 0
    private let registrar = ObservationRegistrar()

    /// A store holding `text`. It may be made anywhere; it is used on the
    /// main actor.
    nonisolated public init(_ text: String = "") {
        storage = text
    }

    /// The whole document. Setting it replaces the document.
    public var text: String {
        get {
            registrar.access(self, keyPath: \.version)
            return storage
        }
        set {
            registrar.withMutation(of: self, keyPath: \.version) {
                storage = newValue
                generation &+= 1
                changes &+= 1
            }
        }
    }

    /// Appends `text` to the end of the document.
    ///
    /// - Complexity: amortized O(length of `text`).
    public func append(_ text: String) {
        guard !text.isEmpty else { return }
        registrar.withMutation(of: self, keyPath: \.version) {
            storage += text
            changes &+= 1
        }
    }

    /// Changes so far: what a view reads to be evaluated again on the next.
    var version: Int {
        registrar.access(self, keyPath: \.version)
        return changes
    }
}
