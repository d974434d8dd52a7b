import XCTest
@testable import MaterialFields

/// `TextField.interactionState` (UIKit's): selection, caret placement, scroll, editing and, while
/// editing, the undo history, taken as a value and set back.
final class InteractionStateTests: XCTestCase {
    private func typed(_ text: String, into field: TextField, at time: Double = 1) {
        for character in text { field.insert(String(character), at: time) }
    }

    func testSelectionAndEditingRoundTripOntoAFieldWithTheSameText() {
        let source = makeField(.outlined, text: "interaction state")
        source.focus(at: 0, fromPointX: 10)
        source.selection = TextSelection(anchor: 12, head: 3)
        let state = source.interactionState
        XCTAssertEqual(state.selection, TextSelection(anchor: 12, head: 3))
        XCTAssertTrue(state.isEditing)

        let restored = makeField(.outlined, text: "interaction state")
        restored.interactionState = state
        XCTAssertTrue(restored.isEditing, "a state taken while editing begins editing")
        XCTAssertEqual(restored.selection, TextSelection(anchor: 12, head: 3), "anchor and head, not only the range")
        XCTAssertEqual(restored.interactionState, state, "the same state comes back out")
    }

    func testASelectionPastTheTextIsClampedAndLosesItsCaretPlacement() {
        let field = makeField(.filled, text: "short")
        var state = TextInteractionState(selection: TextSelection(anchor: 2, head: 40),
                                         caret: CaretPlacement(isUpstream: true, side: true, goalX: 12))
        field.interactionState = state
        XCTAssertEqual(field.selection, TextSelection(anchor: 2, head: 5))
        XCTAssertEqual(field.editingValue.caret, CaretPlacement(), "a placement belongs to the offset it was taken at")
        XCTAssertFalse(field.isEditing, "a state taken while not editing does not begin editing")

        state.selection = TextSelection(anchor: -3, head: 1)
        field.interactionState = state
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 1))
    }

    func testANotEditingStateEndsEditing() {
        let field = makeField(.filled, text: "text")
        field.focus(at: 0)
        field.interactionState = TextInteractionState(selection: TextSelection(caret: 1))
        XCTAssertFalse(field.isEditing)
        XCTAssertEqual(field.selection, TextSelection(caret: 1))
    }

    func testTheScrollOfALongLineComesBackWithItsCaret() {
        let long = String(repeating: "scroll me sideways ", count: 12)
        let source = makeField(.outlined, text: long)
        source.focus(at: 0, fromPointX: 10)
        source.selection = TextSelection(caret: 130)
        // Back a little: the line stays scrolled where it was, further than the caret alone needs.
        source.selection = TextSelection(caret: 120)
        let scrolled = source.textLayout!.scrollX
        XCTAssertGreaterThan(scrolled, 0, "the caret far along scrolls the line")
        let state = source.interactionState
        XCTAssertEqual(state.scrollOffset, scrolled)

        let restored = makeField(.outlined, text: long)
        restored.interactionState = state
        XCTAssertEqual(restored.textLayout!.scrollX, scrolled, accuracy: 0.001)
        XCTAssertEqual(restored.selection, TextSelection(caret: 120))
    }

    func testAScrollSetBeforeTheFirstLayoutWaitsForIt() {
        let long = String(repeating: "scroll me sideways ", count: 12)
        let source = makeField(.outlined, text: long)
        source.focus(at: 0, fromPointX: 10)
        source.selection = TextSelection(caret: 150)
        source.selection = TextSelection(caret: 140)
        let state = source.interactionState

        let restored = TextField(identifier: "r", style: .outlined, label: "Label", text: long)
        restored.interactionState = state
        XCTAssertEqual(restored.interactionState.scrollOffset, state.scrollOffset, "kept until there is a layout to scroll")
        restored.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(restored.textLayout!.scrollX, state.scrollOffset, accuracy: 0.001)
    }

    func testATextAreaKeepsItsRowsWhereTheWheelLeftThem() {
        let text = (1...12).map { "line \($0)" }.joined(separator: "\n")
        let source = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "Notes", text: text)
        source.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertTrue(source.scrollText(by: 100))
        let state = source.interactionState
        XCTAssertEqual(state.scrollOffset, 100)

        let restored = TextField(identifier: "b", style: .outlined, kind: .textArea, label: "Notes", text: text)
        restored.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        restored.interactionState = state
        XCTAssertEqual(restored.textLayout!.scrollY, 100)

        var far = state
        far.scrollOffset = 1e9
        restored.interactionState = far
        XCTAssertEqual(restored.textLayout!.scrollY, restored.textLayout!.height - (restored.layout!.textLine.height), accuracy: 0.5,
                       "clamped to the last row")
    }

    func testUndoAndRedoAfterARestoreDoWhatTheyWouldHave() {
        let source = makeField(.outlined, text: "")
        source.focus(at: 0)
        typed("one two three", into: source)
        source.undo(at: 2)
        XCTAssertEqual(source.text, "one two ")
        let state = source.interactionState
        XCTAssertNotNil(state.undoHistory)

        // Editing ends (the history goes with it, as in UIKit), then the state comes back.
        source.endEditing(at: 3)
        XCTAssertFalse(source.canUndo)
        source.interactionState = state
        XCTAssertTrue(source.canUndo)
        XCTAssertTrue(source.canRedo, "the redo stack came back too")
        source.redo(at: 4)
        XCTAssertEqual(source.text, "one two three")
        source.undo(at: 5)
        source.undo(at: 5)
        XCTAssertEqual(source.text, "one ")

        // Onto another field holding the same text: the same steps.
        let other = makeField(.filled, text: "one two ")
        other.interactionState = state
        other.undo(at: 6)
        XCTAssertEqual(other.text, "one ")
        other.redo(at: 7)
        other.redo(at: 7)
        XCTAssertEqual(other.text, "one two three")
        XCTAssertFalse(other.canRedo)
    }

    func testTypingAfterARestoreJoinsTheWordItContinues() {
        let field = makeField(.outlined, text: "")
        field.focus(at: 0)
        typed("hel", into: field)
        let state = field.interactionState
        field.endEditing(at: 1)
        field.interactionState = state
        typed("lo", into: field, at: 2)
        field.undo(at: 3)
        XCTAssertEqual(field.text, "", "one word, one step, as without the restore")
    }

    func testAHistoryForAnotherTextIsDroppedNotUndoneIntoIt() {
        let source = makeField(.outlined, text: "")
        source.focus(at: 0)
        typed("alpha beta", into: source)
        let state = source.interactionState

        // Same length, other characters: the fingerprint tells them apart.
        let other = makeField(.outlined, text: "gamma del")
        other.focus(at: 0, fromPointX: 10)
        other.selection = TextSelection(caret: 9)
        typed("!", into: other)
        XCTAssertEqual(other.count, source.count)
        other.interactionState = state
        XCTAssertEqual(other.selection, state.selection)
        other.undo(at: 2)
        XCTAssertEqual(other.text, "gamma del", "its own step undone, none of the other text's")
        XCTAssertFalse(other.canUndo)

        XCTAssertNotEqual(TextFingerprint(of: "e\u{301}"), TextFingerprint(of: ["e", "\u{301}"] as [Character]),
                          "the same bytes in other clusters are another text")
        XCTAssertEqual(TextFingerprint(of: "alpha beta"), state.historyText)
    }

    func testAHistoryForTheSameCharactersStyledOtherwiseIsDropped() {
        let source = makeField(.outlined, text: "")
        source.allowsEditingTextAttributes = true
        source.focus(at: 0)
        typed("alpha beta", into: source)
        let state = source.interactionState
        XCTAssertEqual(state.historyRuns, AttributeRuns(count: 10))

        // The same characters, bold: undoing the plain history into it would restore wrong styles.
        let other = makeField(.outlined, text: "")
        other.allowsEditingTextAttributes = true
        other.focus(at: 0, fromPointX: 10)
        other.paste(AttributedText("alpha beta", attributes: TextAttributes(fontWeight: .bold)), at: 1)
        other.interactionState = state
        other.undo(at: 2)
        XCTAssertEqual(other.text, "", "its own paste undone, not a step of the plain text's history")
        XCTAssertFalse(other.canUndo)
    }

    func testAFieldThatWillNotBeginTakesTheSelectionButNoHistory() {
        let source = makeField(.outlined, text: "")
        source.focus(at: 0)
        typed("kept out", into: source)
        let state = source.interactionState

        let refusing = makeField(.outlined, text: "kept out")
        let delegate = RefusesToBegin()
        refusing.delegate = delegate
        refusing.interactionState = state
        XCTAssertEqual(delegate.asked, 1, "the delegate had its say")
        XCTAssertFalse(refusing.isEditing)
        XCTAssertEqual(refusing.selection, state.selection)
        XCTAssertFalse(refusing.canUndo, "a history lives only while editing")
    }

    func testClearingOnBeginningLeavesTheHistoryWithoutItsText() {
        let source = makeField(.outlined, text: "")
        source.focus(at: 0)
        typed("one-time 482913", into: source)
        let state = source.interactionState

        let code = makeField(.outlined, text: "one-time 482913")
        code.clearsOnBeginEditing = true
        code.interactionState = state
        XCTAssertTrue(code.isEditing)
        XCTAssertEqual(code.text, "", "beginning cleared it, as it always does")
        XCTAssertEqual(code.selection, TextSelection(caret: 0), "clamped to the empty text")
        XCTAssertFalse(code.canUndo, "the history of the cleared text is not put on the empty one")
    }

    func testASecureFieldNeverGivesItsHistoryOrText() {
        let field = makeField(.outlined, text: "")
        field.isSecureTextEntry = true
        field.focus(at: 0)
        typed("hunter2", into: field)
        let state = field.interactionState
        XCTAssertNil(state.undoHistory)
        XCTAssertNil(state.historyText, "not even a fingerprint of the secret")
        XCTAssertEqual(state.selection, TextSelection(caret: 7))

        // A history taken from a plain field holding the same text is not taken by a secure one.
        let plain = makeField(.outlined, text: "")
        plain.focus(at: 0)
        typed("hunter2", into: plain)
        field.interactionState = plain.interactionState
        XCTAssertFalse(field.canUndo)
    }

    func testTheFingerprintIsTheSameInEveryRun() {
        // FNV-1a 64 over "a", 0xFF, "b", 0xFF, "c", 0xFF, worked out apart from the code.
        XCTAssertEqual(TextFingerprint(of: "abc"), TextFingerprint(clusterCount: 3, utf8Count: 3, hash: 4_229_784_867_384_144_892))
        XCTAssertEqual(TextFingerprint(of: "").clusterCount, 0)
        XCTAssertEqual(TextFingerprint(of: "é🇵🇹").utf8Count, 2 + 8)
    }

    func testTheStateIsAnEquatableSendableValue() {
        let field = makeField(.outlined, text: "value")
        field.focus(at: 0)
        let state = field.interactionState
        let sent: any Sendable = state
        XCTAssertEqual(sent as? TextInteractionState, state)
        var without = state
        without.removeUndoHistory()
        XCTAssertNotEqual(without, state)
        XCTAssertNil(without.historyText)
        typed("!", into: field)
        XCTAssertEqual(state.undoHistory?.canUndo, false, "a copy: later edits do not reach it")
    }
}

private final class RefusesToBegin: TextFieldDelegate {
    var asked = 0
    func textFieldShouldBeginEditing(_ textField: TextField) -> Bool {
        asked += 1
        return false
    }
}
