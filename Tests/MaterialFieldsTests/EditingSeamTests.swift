import XCTest
@testable import MaterialFields

// The seams of the editing centre: deleting by visual line, the undo step a caret motion ends,
// the order of the edit policy, changes of selection alone, the focus approval's lifetime,
// drawing that only reads, and the scene showing the caret after a motion.

/// A text area 104 px wide: 72 px of text, nine clusters a line with the fake measurer.
private func makeWrappingArea(_ text: String) -> TextField {
    let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Notes", text: text)
    field.layOut(width: 104, metrics: MaterialMetrics(), measurer: sharedMeasurer)
    return field
}

/// Deleting by line in a text area stops at the visual (wrapped) line's edge, not the paragraph's.
final class LineDeletionInATextAreaTests: XCTestCase {
    func testDeletingToTheLinesEndStopsAtTheWrappedLinesEnd() {
        let field = makeWrappingArea("one two three four")  // "one two " / "three " / "four"
        field.focus(at: 0)
        field.selection = TextSelection(caret: 11)
        XCTAssertTrue(field.perform(.delete(.line, .forward), at: 1))
        XCTAssertEqual(field.text, "one two thrfour", "only to the end of the line the caret is on")
    }

    func testDeletingToTheLinesStartStopsAtTheWrappedLinesStart() {
        let field = makeWrappingArea("one two three four")
        field.focus(at: 0)
        field.selection = TextSelection(caret: 11)
        XCTAssertTrue(field.perform(.delete(.line, .backward), at: 1))
        XCTAssertEqual(field.text, "one two ee four", "only back to the start of the line the caret is on")
    }
}

/// A caret motion ends the typing step, even when the caret comes back to where typing stopped.
final class UndoStepAfterCaretMotionTests: XCTestCase {
    func testAnArrowKeyEndsTheTypingStepEvenWhenTheCaretComesBack() {
        let field = makeField(.filled)
        field.focus(at: 0)
        field.insert("ab", at: 1)
        field.perform(.move(.cluster, .left, extend: false), at: 2)
        field.perform(.move(.cluster, .right, extend: false), at: 3)
        field.insert("c", at: 4)
        XCTAssertEqual(field.text, "abc")
        field.undo(at: 5)
        XCTAssertEqual(field.text, "ab", "the key after the motion is a step of its own")
        field.undo(at: 6)
        XCTAssertEqual(field.text, "")
    }
}

/// The policy chain runs in its documented order: the keyboard type filters before the maximum
/// length counts what is left.
final class EditPolicyOrderTests: XCTestCase {
    func testTheKeyboardTypeFiltersBeforeTheMaximumLengthCounts() {
        let field = makeField(.filled, text: "123")
        field.keyboardType = .numberPad
        field.maximumLength = 4
        var refusals = 0
        field.observe { _, event in if case .editRefused = event { refusals += 1 } }
        field.focus(at: 0, fromPointX: 0)
        field.selection = TextSelection(caret: 3)
        field.insert("a4", at: 1)
        XCTAssertEqual(field.text, "1234", "the letter is filtered out, then the digit fits")
        XCTAssertEqual(refusals, 0)
    }
}

/// A change of selection alone (`TextEdit.selecting`) changes no text, so no policy reviews it,
/// whatever its cause.
final class SelectionOnlyEditTests: XCTestCase {
    private final class Refuser: TextFieldDelegate {
        var asked = 0
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            asked += 1
            return false
        }
    }

    func testAChangeOfSelectionAloneIsNotPutToTheDelegate() {
        let field = makeField(.filled, text: "hello")
        let refuser = Refuser()
        field.delegate = refuser
        var refusals = 0
        field.observe { _, event in if case .editRefused = event { refusals += 1 } }
        field.focus(at: 0, fromPointX: 0)
        field.apply(.selecting(TextSelection(anchor: 1, head: 3), cause: .typing), at: 1)
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 3))
        XCTAssertEqual(refuser.asked, 0, "the delegate is asked about text, and no text changes")
        XCTAssertEqual(refusals, 0)
        XCTAssertEqual(field.text, "hello")
    }

    func testAChangeOfSelectionAloneNeitherClearsNorDisarmsClearsOnInsertion() {
        let field = makeField(.filled, text: "hello")
        field.clearsOnInsertion = true
        field.focus(at: 0, fromPointX: 0)
        field.apply(.selecting(TextSelection(caret: 2), cause: .typing), at: 1)
        XCTAssertEqual(field.text, "hello", "moving the selection replaces nothing")
        XCTAssertEqual(field.selection, TextSelection(caret: 2))
        field.insert("x", at: 2)
        XCTAssertEqual(field.text, "x", "the first text typed still replaces everything")
    }
}

/// The scene's approval is good for one `focus`: used up even when that focus fails.
final class FocusApprovalLifetimeTests: XCTestCase {
    private final class Gate: TextFieldDelegate {
        var beginAllowed = true, endAllowed = true
        func textFieldShouldBeginEditing(_ textField: TextField) -> Bool { beginAllowed }
        func textFieldShouldEndEditing(_ textField: TextField) -> Bool { endAllowed }
    }

    func testAnApprovalIsUsedUpByTheFocusThatTookItEvenWhenThatFocusFails() {
        let a = TextField(identifier: "a", style: .filled), b = TextField(identifier: "b", style: .filled)
        let scene = FieldScene(fields: [a, b], scheme: .light)
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        let aGate = Gate(), bGate = Gate()
        a.delegate = aGate
        b.delegate = bGate
        scene.focus(a, at: 0)
        XCTAssertTrue(a.isFocused)
        aGate.endAllowed = false
        XCTAssertTrue(b.approveBeginning())
        XCTAssertFalse(b.focus(at: 1), "a will not let go")
        XCTAssertEqual(b.editingPhase, .idle, "the approval went with the focus that took it")
        aGate.endAllowed = true
        bGate.beginAllowed = false
        XCTAssertFalse(b.focus(at: 2), "the next focus asks again, and the delegate's no stands")
        XCTAssertTrue(a.isFocused)
        XCTAssertFalse(b.isFocused)
    }
}

/// Drawing only reads: neither a field's appearance nor the scene's render starts a transition;
/// `advance(to:)` does.
final class DrawingOnlyReadsTests: XCTestCase {
    func testAFieldsAppearanceDoesNotStartTheErrorsTransition() {
        let field = makeField(.outlined, text: "x")
        field.settle()
        let calm = field.appearance(at: 3, origin: .zero, scheme: .light, showsCaret: false)
        field.errorMessage = "wrong"
        _ = field.appearance(at: 2, origin: .zero, scheme: .light, showsCaret: false)
        let later = field.appearance(at: 3, origin: .zero, scheme: .light, showsCaret: false)
        XCTAssertEqual(later?.shapes, calm?.shapes, "drawn twice, never advanced: the error's colours have not started")
        field.advance(to: 3)
        let advanced = field.appearance(at: 4, origin: .zero, scheme: .light, showsCaret: false)
        XCTAssertNotEqual(advanced?.shapes, calm?.shapes, "advanced, the error's colours come in")
    }

    func testTheScenesRenderDoesNotAdvanceItsFields() {
        let field = TextField(identifier: "t", style: .outlined, label: "L", text: "x")
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        scene.settle()
        let calm = field.appearance(at: 6, origin: .zero, scheme: .light, showsCaret: false)
        field.errorMessage = "wrong"
        _ = scene.render(on: RecordingCanvas(), at: 5)
        _ = scene.render(on: RecordingCanvas(), at: 6)
        XCTAssertEqual(field.appearance(at: 6, origin: .zero, scheme: .light, showsCaret: false)?.shapes, calm?.shapes,
                       "render only reads: the error's transition waits for advance")
        scene.advance(to: 6)
        XCTAssertNotEqual(field.appearance(at: 7, origin: .zero, scheme: .light, showsCaret: false)?.shapes, calm?.shapes)
    }
}

/// A motion performed through the scene shows where the caret went in the page.
final class SceneRevealsTheCaretAfterAMotionTests: XCTestCase {
    func testAnArrowKeyBringsAFieldScrolledOutOfThePageBack() {
        let fields = (0..<6).map { TextField(identifier: "f\($0)", style: .filled, label: "L", text: "hello") }
        let scene = FieldScene(fields: fields, scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        scene.focus(fields[0], at: 0)
        XCTAssertEqual(scene.scroll.offset, 0)
        scene.handle(.scroll(steps: 10_000), at: 1)
        XCTAssertGreaterThan(scene.scroll.offset, 0)
        XCTAssertLessThan(scene.frame(of: fields[0])!.maxY, 0, "the focused field is above the page")
        XCTAssertTrue(scene.handle(.key(.left, []), at: 2))
        let frame = scene.frame(of: fields[0])!, caret = fields[0].caretRect!
        XCTAssertGreaterThanOrEqual(frame.minY + caret.minY, 0, "the caret is back in the page")
        XCTAssertLessThanOrEqual(frame.minY + caret.maxY, 120)
    }
}

/// `TextEdit.isSelectionOnly`: nothing replaced and a selection named; an empty edit that names
/// none is not a change of selection.
final class SelectionOnlyEditDefinitionTests: XCTestCase {
    func testOnlyAnEmptyEditThatNamesASelectionIsSelectionOnly() {
        XCTAssertTrue(TextEdit.selecting(TextSelection(anchor: 1, head: 4), cause: .typing).isSelectionOnly)
        XCTAssertFalse(TextEdit(range: 2..<2, replacement: "", cause: .typing).isSelectionOnly, "names no selection")
        XCTAssertFalse(TextEdit(range: 2..<2, replacement: "x", selectionAfter: TextSelection(caret: 3), cause: .typing).isSelectionOnly)
        XCTAssertFalse(TextEdit(range: 1..<2, replacement: "", selectionAfter: TextSelection(caret: 1), cause: .typing).isSelectionOnly)
    }
}
