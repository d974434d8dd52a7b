/// Why a text change happened. Undo grouping, delegates and observers read it.
public enum EditCause: String, Sendable, Codable {
    /// Text typed on the keyboard.
    case typing
    /// Text an input method committed without a key standing for it (ibus, fcitx). Xlib's own
    /// compose sequences and dead keys come with the keysym of what they make: typing.
    case inputMethod
    /// Enter in a multi-line field.
    case newline
    case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward
    case paste, cut
    /// An emoji picked in the emoji chooser: one edit at the caret, replacing the selection.
    case emoji
    /// Text dropped by drag and drop, or dragged to another place in the same field (one edit
    /// that moves it, so one undo step puts both places back).
    case drop
    /// The clear button, or an app clearing the field as a user action.
    case clear
    /// `text = ...` from the program.
    case programmatic
    /// A change of styles alone (Ctrl+B, Ctrl+I, Ctrl+U on a selection): the same text with other
    /// attributes. It passes no edit policy (no character changes) and is an undo step of its own.
    case styling
    case undo, redo
}

/// One change of text, as a value: replace the grapheme clusters in `range` (offsets in the text
/// before the change) with `replacement`, then select `selectionAfter` (nil puts the caret right
/// after the inserted text). An edit that replaces nothing and names a selection is a change of
/// selection alone (`selecting(_:cause:)`). Every change of a field's text, whatever its cause,
/// is one of these and goes through its editor's `apply` (`FieldEditor`).
public struct TextEdit: Equatable, Sendable {
    public var range: Range<Int>
    /// The text put in place of `range`. An edit undo or redo makes holds it as a slice of the
    /// storage's rope (`replacementRope`), which this reads out only when asked.
    public var replacement: String {
        get { replacementText ?? replacementRope?.string ?? "" }
        set { replacementText = newValue; replacementRope = nil }
    }
    private var replacementText: String?
    /// The replacement as clusters taken from a text (undo putting back what an edit removed): the
    /// storage splices it in sharing its nodes, so a 10 MB deletion is undone in O(log n).
    package private(set) var replacementRope: Rope?
    public var selectionAfter: TextSelection?
    public var cause: EditCause
    /// The styles of `replacement`'s clusters. Runs shorter than the replacement are lengthened
    /// with their last run's attributes (one run of one cluster styles any replacement), longer
    /// ones are cut. nil: the inserted text takes the field's typing attributes while it is
    /// edited (typed, pasted or dropped text), else what `NSMutableAttributedString` gives it:
    /// the first replaced cluster's attributes, or with nothing replaced the cluster's before it
    /// (after it at the start). An applied edit (`AppliedEdit.edit`) always names the runs its
    /// text took, so redo brings them back.
    public var attributes: AttributeRuns?

    public init(range: Range<Int>, replacement: String, selectionAfter: TextSelection? = nil, cause: EditCause,
                attributes: AttributeRuns? = nil) {
        self.range = range
        self.replacementText = replacement
        self.selectionAfter = selectionAfter
        self.cause = cause
        self.attributes = attributes
    }

    /// An edit putting `clusters` (a slice of a text) in place of `range`.
    package init(range: Range<Int>, clusters: Rope, selectionAfter: TextSelection? = nil, cause: EditCause,
                 attributes: AttributeRuns? = nil) {
        self.range = range
        self.replacementRope = clusters
        self.selectionAfter = selectionAfter
        self.cause = cause
        self.attributes = attributes
    }

    /// The replacement's length in UTF-8 bytes, without reading a rope out.
    package var replacementUTF8Count: Int { replacementText?.utf8.count ?? replacementRope?.utf8Count ?? 0 }
    package var replacementIsEmpty: Bool { replacementUTF8Count == 0 }
    /// The replacement as a string when it is held as one (nil for a rope's clusters).
    package var replacementString: String? { replacementText ?? (replacementRope == nil ? "" : nil) }

    public static func == (lhs: TextEdit, rhs: TextEdit) -> Bool {
        guard lhs.range == rhs.range, lhs.selectionAfter == rhs.selectionAfter, lhs.cause == rhs.cause,
              lhs.attributes == rhs.attributes else { return false }
        if let left = lhs.replacementRope, let right = rhs.replacementRope { return left == right }
        return lhs.replacement == rhs.replacement
    }

    /// True for edits a user makes (typing, deleting, pasting), false for the program's own.
    public var isUserEdit: Bool { cause != .programmatic && cause != .undo && cause != .redo }

    /// A change of the selection alone, as a delta: nothing replaced, `selection` selected.
    public static func selecting(_ selection: TextSelection, cause: EditCause = .programmatic) -> TextEdit {
        TextEdit(range: selection.head..<selection.head, replacement: "", selectionAfter: selection, cause: cause)
    }

    /// The edit replaces nothing and only moves the selection (`selecting(_:cause:)`).
    /// (Its replacement's emptiness is read without making a string of a rope: a paste of 10 MB is
    /// asked this before it is applied.)
    public var isSelectionOnly: Bool { range.isEmpty && replacementIsEmpty && selectionAfter != nil }
}

/// What an applied edit changed, for undo and for re-measuring only what changed.
public struct AppliedEdit: Equatable, Sendable {
    /// The edit as it was applied (after filters, limits and the delegate).
    public var edit: TextEdit
    /// The text the edit replaced.
    public var replacedText: String { replaced.string }
    /// The clusters the edit replaced, a slice of the old text's rope (shared, not copied).
    package var replaced: Rope
    /// The selection before the edit.
    public var selectionBefore: TextSelection
    /// Clusters `oldClusters` of the old text became `newClusterCount` clusters starting at the same
    /// offset; outside them every cluster is unchanged. Wider than `edit.range` when an edit merged
    /// with a neighbour (a combining mark typed after "e", a regional indicator completing a flag).
    public var oldClusters: Range<Int>
    public var newClusterCount: Int
    /// The edit changed a neighbouring cluster inside `oldClusters` (it joined or split one), so
    /// taking it back means restoring the whole of `oldClusters`.
    public var joinedNeighbours = false
    /// The old text of `oldClusters` when `joinedNeighbours`, otherwise empty.
    public var oldClustersText: String { oldClustersRope.string }
    package var oldClustersRope = Rope()
    /// The styles of the text the edit replaced (`replacedText`'s clusters).
    public var replacedAttributes = AttributeRuns()
    /// The old styles of `oldClusters` when `joinedNeighbours`, otherwise empty.
    public var oldClustersAttributes = AttributeRuns()
}
