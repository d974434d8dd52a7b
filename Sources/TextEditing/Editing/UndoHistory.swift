/// The undo and redo stacks of one field, bounded in memory.
///
/// Typing is grouped: a run of inserts, each starting where the previous one ended, is one step
/// until a space or punctuation ends a word; typing over a selection starts such a run (so one
/// undo brings the selected text back, as in GTK). Every other edit (a delete of a selection, a
/// paste, a cut, a clear) is a step of its own; a run of single Backspaces or Deletes is grouped too.
public struct UndoHistory: Equatable, Sendable {
    /// One step: the edit that undoes it, the edit that redoes it.
    public struct Step: Equatable, Sendable {
        var undo: TextEdit
        var redo: TextEdit
        var groupable: Bool
        /// Made by typing (or an input method): only such a step takes more typing.
        var isTyping = false
        var cost: Int {
            undo.replacementUTF8Count + redo.replacementUTF8Count + 64
                + 32 * ((undo.attributes?.lengths.count ?? 0) + (redo.attributes?.lengths.count ?? 0))
        }
    }

    package private(set) var undoSteps: [Step] = []
    private(set) var redoSteps: [Step] = []
    private var storedBytes = 0
    /// Oldest steps are dropped past this many bytes of stored text.
    public var byteLimit = 1 << 20
    /// The next edit starts a new step even if it could be grouped (after a caret jump).
    private var isGroupClosed = true

    public init() {}

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    /// Breaks typing groups, as a click or an arrow key does.
    public mutating func closeGroup() { isGroupClosed = true }

    package mutating func record(_ applied: AppliedEdit) {
        let edit = applied.edit
        let insertedEnd = applied.oldClusters.lowerBound + applied.newClusterCount
            - (applied.oldClusters.upperBound - edit.range.upperBound)
        // Both ways name their styles: redo puts back the runs the text took, undo the ones it replaced.
        var redo = edit
        redo.selectionAfter = edit.cause == .styling ? edit.selectionAfter : nil
        redo.cause = .redo
        // Undo puts back the replaced clusters as a slice of the old text's rope: its nodes are
        // shared, so a step costs no copy of what it removed.
        var undo = TextEdit(range: edit.range.lowerBound..<max(edit.range.lowerBound, insertedEnd),
                            clusters: applied.replaced, selectionAfter: applied.selectionBefore, cause: .undo,
                            attributes: applied.replacedAttributes)
        if applied.joinedNeighbours {
            // The edit changed a cluster beside it: undo restores every cluster it touched.
            undo = TextEdit(range: applied.oldClusters.lowerBound..<(applied.oldClusters.lowerBound + applied.newClusterCount),
                            clusters: applied.oldClustersRope, selectionAfter: applied.selectionBefore, cause: .undo,
                            attributes: applied.oldClustersAttributes)
        }
        var groupable: Bool
        // Typing over a selection opens a step of its own; the keys after it join that one.
        var opensStep = false
        switch edit.cause {
        // An input method's commit (a syllable, a converted phrase) is a step of its own: keys
        // typed before or after it never join it.
        case .typing:
            opensStep = !applied.replaced.isEmpty
            groupable = (applied.replaced.isEmpty || !applied.selectionBefore.isCaret)
                && !edit.replacement.contains { !EditableText.isWordCharacter($0) && !$0.isWhitespace }
        case .deleteBackward, .deleteForward:
            // Backspace that takes only a cluster's last character puts the rest back: a step of
            // its own, which a run of whole deletes cannot absorb.
            groupable = edit.range.count == 1 && applied.selectionBefore.isCaret && edit.replacementIsEmpty
        default:
            groupable = false
        }
        if applied.joinedNeighbours { groupable = false }
        redoSteps.removeAll()
        if groupable, !isGroupClosed, !opensStep, var last = undoSteps.last, last.groupable,
           let merged = Self.merge(last, with: undo, redo: redo, cause: edit.cause) {
            storedBytes -= last.cost
            last = merged
            undoSteps[undoSteps.count - 1] = last
            storedBytes += last.cost
        } else {
            var step = Step(undo: undo, redo: redo, groupable: groupable)
            step.isTyping = edit.cause == .typing
            undoSteps.append(step)
            storedBytes += step.cost
        }
        // A word ends at whitespace: the next letter starts a new step.
        isGroupClosed = !groupable || edit.replacement.last.map(\.isWhitespace) == true
        trim()
    }

    /// Joins a new step onto the previous one when they touch: inserts that continue at the end of
    /// the previous insert, or deletes that continue at its edge.
    private static func merge(_ last: Step, with undo: TextEdit, redo: TextEdit, cause: EditCause) -> Step? {
        switch cause {
        case .typing, .inputMethod:
            // Onto typing only (not a run of deletes); its undo may restore a selection the run
            // began by typing over.
            guard last.isTyping, last.undo.range.upperBound == redo.range.lowerBound else { return nil }
            var grownUndo = last.undo
            grownUndo.range = last.undo.range.lowerBound..<undo.range.upperBound
            var step = Step(undo: grownUndo,
                            redo: TextEdit(range: last.redo.range, replacement: last.redo.replacement + redo.replacement,
                                           cause: .redo, attributes: joined(last.redo.attributes, redo.attributes)),
                            groupable: true)
            step.isTyping = true
            return step
        case .deleteBackward:
            guard last.redo.replacementIsEmpty, redo.range.upperBound == last.redo.range.lowerBound else { return nil }
            return Step(undo: TextEdit(range: redo.range.lowerBound..<redo.range.lowerBound,
                                       replacement: undo.replacement + last.undo.replacement,
                                       selectionAfter: last.undo.selectionAfter, cause: .undo,
                                       attributes: joined(undo.attributes, last.undo.attributes)),
                        redo: TextEdit(range: redo.range.lowerBound..<last.redo.range.upperBound, replacement: "", cause: .redo),
                        groupable: true)
        case .deleteForward:
            guard last.redo.replacementIsEmpty, redo.range.lowerBound == last.redo.range.lowerBound else { return nil }
            return Step(undo: TextEdit(range: redo.range.lowerBound..<redo.range.lowerBound,
                                       replacement: last.undo.replacement + undo.replacement,
                                       selectionAfter: last.undo.selectionAfter, cause: .undo,
                                       attributes: joined(last.undo.attributes, undo.attributes)),
                        redo: TextEdit(range: last.redo.range.lowerBound..<(last.redo.range.upperBound + redo.range.count),
                                       replacement: "", cause: .redo),
                        groupable: true)
        default:
            return nil
        }
    }

    /// The runs of two replacements joined end to end (nil when either has none).
    private static func joined(_ first: AttributeRuns?, _ second: AttributeRuns?) -> AttributeRuns? {
        guard let first, let second else { return nil }
        return AttributeRuns(first.pairs + second.pairs)
    }

    private mutating func trim() {
        while storedBytes > byteLimit, undoSteps.count > 1 {
            storedBytes -= undoSteps.removeFirst().cost
        }
    }

    /// The edit that undoes the newest step; the step moves to the redo stack.
    package mutating func popUndo() -> TextEdit? {
        guard let step = undoSteps.popLast() else { return nil }
        storedBytes -= step.cost
        redoSteps.append(step)
        isGroupClosed = true
        return step.undo
    }

    package mutating func popRedo() -> TextEdit? {
        guard let step = redoSteps.popLast() else { return nil }
        undoSteps.append(step)
        storedBytes += step.cost
        isGroupClosed = true
        return step.redo
    }

    package mutating func removeAll() {
        undoSteps.removeAll()
        redoSteps.removeAll()
        storedBytes = 0
        isGroupClosed = true
    }
}
