/// What a user was doing in a field, apart from its text (UIKit's `interactionState`): the
/// selection and where the caret stood, how far the text was scrolled, whether the field was
/// being edited and, while it was, its undo history (undo and redo stacks as they were), so that
/// Ctrl+Z and Ctrl+Shift+Z after a restore do what they would have done. A value: keep it, compare
/// it, hand it to another thread, set it back on the field (`TextField.interactionState`).
///
/// The history is a copy of the field's `UndoHistory` value, whatever its steps hold, together with
/// a fingerprint of the text it belongs to (`TextFingerprint`) and that text's styled runs. A
/// history is applied only to that text: set on a field whose text or styles differ, it is dropped
/// rather than undoing into the wrong characters or styles. A secure field gives none (nor any fingerprint of its text).
public struct TextInteractionState: Equatable, Sendable {
    /// The selection in grapheme clusters; restored clamped to the text then.
    public var selection: TextSelection
    /// Where the caret stood at its offset (at a soft line break, between directions) and the x
    /// Up and Down keep to; restored only with the selection it belongs to, unchanged.
    public var caret: CaretPlacement
    /// Pixels the text was scrolled: sideways for a text field (meaningful while it is edited:
    /// a field not being edited shows its start), down for a text area. Restored clamped to the
    /// text as it is laid out then.
    public var scrollOffset: Double
    /// The field was being edited: restoring begins editing (or ends it, for false).
    public var isEditing: Bool
    /// The undo and redo steps, captured while the field was being edited (nil otherwise, and
    /// always for a secure field).
    public package(set) var undoHistory: UndoHistory?
    /// The text `undoHistory` belongs to, as a fingerprint (nil without a history).
    public package(set) var historyText: TextFingerprint?
    /// That text's styled runs (nil without a history): a history taken with the same characters
    /// styled otherwise would undo into the wrong styles, so it must match too.
    public package(set) var historyRuns: AttributeRuns?

    /// A state with no undo history: what an app stores and sets back (a selection, a scroll,
    /// editing or not). One with a history comes only from a field (`TextField.interactionState`).
    public init(selection: TextSelection, caret: CaretPlacement = CaretPlacement(), scrollOffset: Double = 0, isEditing: Bool = false) {
        self.selection = selection
        self.caret = caret
        self.scrollOffset = scrollOffset
        self.isEditing = isEditing
    }

    /// The undo history and the text it belongs to are forgotten (the state is still equal in
    /// everything else).
    public mutating func removeUndoHistory() {
        undoHistory = nil
        historyText = nil
        historyRuns = nil
    }
}

/// A fingerprint of a text, to tell whether an undo history belongs to it without keeping a second
/// copy of the text: its length in grapheme clusters and in UTF-8 bytes, and a 64-bit FNV-1a hash
/// of its UTF-8 bytes with a byte between clusters (so the same bytes split into other clusters
/// differ). Stable across processes and runs (unlike `Hasher`), so it can be written down.
public struct TextFingerprint: Hashable, Sendable {
    public let clusterCount: Int
    public let utf8Count: Int
    public let hash: UInt64

    public init<C: Collection>(of characters: C) where C.Element == Character {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var bytes = 0
        var clusters = 0
        for character in characters {
            for byte in character.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            bytes += character.utf8.count
            clusters += 1
            // 0xFF never occurs in UTF-8: it marks a cluster boundary.
            hash = (hash ^ 0xFF) &* 0x0000_0100_0000_01B3
        }
        clusterCount = clusters
        utf8Count = bytes
        self.hash = hash
    }

    public init(clusterCount: Int, utf8Count: Int, hash: UInt64) {
        self.clusterCount = clusterCount
        self.utf8Count = utf8Count
        self.hash = hash
    }
}
