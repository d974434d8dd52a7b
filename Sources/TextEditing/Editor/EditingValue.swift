/// Where the caret stands beyond its offset: which of two places it takes where one offset has two
/// (a soft line break, a boundary between directions), and the x a run of Up and Down keeps to.
public struct CaretPlacement: Equatable, Sendable {
    /// At a soft line break the caret shows at the end of the earlier line (after End, or a click
    /// past a line's end) rather than at the start of the next.
    public var isUpstream = false
    /// Where two directions meet, which of its two places the caret stands at (`TextLayout`'s
    /// `after`): where it was clicked, or after what was just typed; nil, GTK's strong caret.
    public var side: Bool?
    /// The x a run of Up and Down keys keeps to, from the start of the line.
    public var goalX: Double?

    public init(isUpstream: Bool = false, side: Bool? = nil, goalX: Double? = nil) {
        self.isUpstream = isUpstream
        self.side = side
        self.goalX = goalX
    }
}

/// Why the selection changed, so what follows it (PRIMARY, the input method's spot, an
/// accessibility bridge) listens rather than comparing before and after.
public enum SelectionChangeCause: String, Sendable, Codable {
    /// A key or the command it names (arrows, Home, Ctrl+A). Tab into a field that selects its
    /// text is `.program`: the scene offers that selection as PRIMARY itself.
    case keyboard
    /// A click or a drag.
    case pointer
    /// The program set `selection`, or editing began or ended.
    case program
    /// An edit moved it (typing, deleting, pasting, undo).
    case edit
}

/// One editing value: the text and selection, where the caret stands, and a composing range (nil:
/// an input method's preedit is not text and is held beside it, `TextField.preedit`). It changes only
/// through `FieldEditor`: an edit places the selection and caret as it applies, and every other
/// change of them goes through `select(_:placement:cause:showsCaret:)`.
public struct EditingValue: Equatable, Sendable {
    public package(set) var storage: EditableText
    public package(set) var caret = CaretPlacement()
    /// Clusters of the text an input method is composing in place. Always nil: XIM's preedit is
    /// not text until committed, so the field keeps it apart (`TextField.preedit`).
    public package(set) var composingRange: Range<Int>?

    public init(_ storage: EditableText) { self.storage = storage }

    public var selection: TextSelection { storage.selection }
    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }
}
