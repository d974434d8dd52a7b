import XCTest
@testable import MaterialFields

/// UIKit's `UITextFieldDelegate` decisions, as the model takes them through a `FieldScene`:
/// each "no" leaves everything as it was, and the calls come in UIKit's order.
final class DelegateDecisionTests: XCTestCase {
    private let log = DelegateCallLog()

    /// Three filled fields a, b, c with delegates sharing one log.
    private func makeForm(texts: [String] = ["", "", ""]) -> (FieldScene, RecordingHost, [TextField], [ScriptedDelegate]) {
        let fields = zip(["a", "b", "c"], texts).map { filledField($0.0, label: $0.0.uppercased(), text: $0.1) }
        let delegates = fields.map { ScriptedDelegate($0.identifier, log: log) }
        for (field, delegate) in zip(fields, delegates) { field.delegate = delegate }
        let (scene, host) = makeUIKitScene(fields)
        return (scene, host, fields, delegates)
    }

    // MARK: textFieldShouldBeginEditing

    func testShouldBeginEditingFalseKeepsAClickedFieldUnfocusedAndFocusWhereItWas() {
        let (scene, _, fields, delegates) = makeForm()
        let (a, b) = (fields[0], fields[1])
        scene.focus(a, at: 0)
        XCTAssertTrue(a.isFocused)
        delegates[1].allowsBegin = false
        log.calls = []

        // A click on b: b is asked, says no, and a is never asked to end.
        clickText(scene, b, time: 1)
        XCTAssertFalse(b.isFocused)
        XCTAssertFalse(b.isEditing)
        XCTAssertTrue(a.isFocused, "the previous focus is kept")
        XCTAssertTrue(scene.focusedField === a)
        XCTAssertEqual(log.calls, ["b.shouldBegin"], "the old field is not asked when the new one refuses")

        // The app's own scene.focus: the same.
        log.calls = []
        scene.focus(b, at: 2)
        XCTAssertFalse(b.isFocused)
        XCTAssertTrue(a.isFocused)
        XCTAssertEqual(log.calls, ["b.shouldBegin"])

        // Tab passes a field that will not begin and goes on to the next one, as desktop
        // toolkits pass over what cannot take focus.
        log.calls = []
        scene.handle(.key(.tab, []), at: 3)
        XCTAssertFalse(b.isFocused)
        XCTAssertFalse(a.isFocused)
        XCTAssertTrue(scene.focusedField === scene.fields[2])
        XCTAssertEqual(log.calls, ["b.shouldBegin", "c.shouldBegin", "a.shouldEnd", "a.didEnd(committed)", "c.didBegin"])

        // And the field's own focus(at:) asks too.
        log.calls = []
        XCTAssertFalse(b.focus(at: 4))
        XCTAssertFalse(b.isFocused)
        XCTAssertEqual(log.calls, ["b.shouldBegin"])
    }

    func testShouldBeginEditingIsAskedEveryTimeAndAYesLetsTheFieldBegin() {
        let (scene, _, fields, delegates) = makeForm()
        delegates[0].allowsBegin = false
        clickText(scene, fields[0], time: 0)
        clickText(scene, fields[0], time: 1)
        XCTAssertEqual(delegates[0].count(of: "shouldBegin"), 2, "a refusal is not remembered")
        delegates[0].allowsBegin = true
        clickText(scene, fields[0], time: 2)
        XCTAssertTrue(fields[0].isFocused)
        XCTAssertEqual(delegates[0].calls, ["shouldBegin", "shouldBegin", "shouldBegin", "didBegin"])
    }

    // MARK: textFieldShouldEndEditing

    func testShouldEndEditingFalseKeepsFocusOnTabClickElsewhereEscapeAndReturn() {
        let (scene, _, fields, delegates) = makeForm(texts: ["kept", "", ""])
        let (a, b) = (fields[0], fields[1])
        scene.focus(a, at: 0)
        delegates[0].allowsEnd = false

        scene.handle(.key(.tab, []), at: 1)
        XCTAssertTrue(a.isFocused, "Tab")
        XCTAssertFalse(b.isFocused)

        clickText(scene, b, time: 2)
        XCTAssertTrue(a.isFocused, "a click on another field")
        XCTAssertFalse(b.isFocused)

        clickEmptySpace(scene, time: 3)
        XCTAssertTrue(a.isFocused, "a click on empty space")

        scene.handle(.key(.escape, []), at: 4)
        XCTAssertTrue(a.isFocused, "Escape")

        scene.handle(.key(.enter, []), at: 5)
        XCTAssertTrue(a.isFocused, "Return")
        XCTAssertFalse(b.isFocused)

        XCTAssertEqual(delegates[0].count(of: "shouldEnd"), 5, "asked once each time")
        XCTAssertFalse(delegates[0].calls.contains { $0.hasPrefix("didEnd") }, "editing never ended")
        XCTAssertEqual(a.text, "kept")

        // Once it lets go, Tab moves on.
        delegates[0].allowsEnd = true
        scene.handle(.key(.tab, []), at: 6)
        XCTAssertFalse(a.isFocused)
        XCTAssertTrue(b.isFocused)
        XCTAssertEqual(delegates[0].endReasons, [.committed])
    }

    func testAFieldThatWillNotEndStillEndsWhenDisabledAsCancelledWithoutBeingAsked() {
        let (scene, _, fields, delegates) = makeForm()
        scene.focus(fields[0], at: 0)
        delegates[0].allowsEnd = false
        log.calls = []
        fields[0].isEnabled = false
        XCTAssertFalse(fields[0].isFocused)
        XCTAssertNil(scene.focusedField)
        XCTAssertEqual(log.calls, ["a.didEnd(cancelled)"], "forced: shouldEnd is not asked")
    }

    // MARK: textFieldDidEndEditing's reason

    func testDidEndEditingSaysCommittedForMovingOnAndCancelledForEscapeAndDisabling() {
        let (scene, _, fields, delegates) = makeForm()
        let (a, b, c) = (fields[0], fields[1], fields[2])

        scene.focus(a, at: 0)
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertEqual(delegates[0].endReasons, [.committed], "Tab")

        clickText(scene, c, time: 2)
        XCTAssertEqual(delegates[1].endReasons, [.committed], "a click on another field")

        clickEmptySpace(scene, time: 3)
        XCTAssertEqual(delegates[2].endReasons, [.committed], "a click on empty space")

        scene.focus(c, at: 4)
        scene.handle(.key(.enter, []), at: 5)
        XCTAssertEqual(delegates[2].endReasons, [.committed, .committed], "Return on the last field")

        scene.focus(a, at: 6)
        scene.handle(.key(.escape, []), at: 7)
        XCTAssertEqual(delegates[0].endReasons, [.committed, .cancelled], "Escape")

        scene.focus(b, at: 8)
        XCTAssertTrue(b.endEditing(at: 9))
        XCTAssertEqual(delegates[1].endReasons, [.committed, .committed], "the app's endEditing")

        scene.focus(b, at: 10)
        b.isEnabled = false
        XCTAssertEqual(delegates[1].endReasons, [.committed, .committed, .cancelled], "disabling")
    }

    // MARK: shouldChangeCharactersIn

    func testARefusedChangeLeavesTextSelectionAndUndoHistoryUntouched() {
        let (scene, host, fields, delegates) = makeForm()
        let field = fields[0]
        let recorder = FieldRecorder(field)
        scene.focus(field, at: 0)
        scene.handle(.text("hello"), at: 1)
        XCTAssertEqual(field.text, "hello")
        field.selection = TextSelection(anchor: 1, head: 3)
        XCTAssertTrue(field.canUndo)
        XCTAssertFalse(field.canRedo)
        let bells = host.bells, changes = recorder.count(of: "changed")

        delegates[0].change = { _, _, _ in false }
        scene.handle(.text("X"), at: 2)
        scene.handle(.key(.backspace, []), at: 3)
        field.paste("pasted", at: 4)
        scene.handle(.key(.shortcut("x"), .control), at: 5)

        XCTAssertEqual(field.text, "hello")
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 3), "the selection is untouched")
        XCTAssertTrue(field.canUndo, "the history is untouched")
        XCTAssertFalse(field.canRedo)
        let refused = delegates[0].changeRequests.dropFirst()
        XCTAssertEqual(refused.map(\.range), [1..<3, 1..<3, 1..<3, 1..<3])
        XCTAssertEqual(refused.map(\.string), ["X", "", "pasted", ""])
        XCTAssertEqual(recorder.refusedEdits.count, 4, "each refusal is reported")
        XCTAssertEqual(recorder.count(of: "changed"), changes, "no editingChanged for a refused edit")
        XCTAssertEqual(host.bells, bells + 4, "and heard")

        // Undo is not asked, and brings back the state before the refusals' predecessor.
        scene.handle(.key(.shortcut("z"), .control), at: 6)
        XCTAssertEqual(field.text, "")
        XCTAssertFalse(field.canUndo)
        XCTAssertTrue(field.canRedo)
        scene.handle(.key(.shortcut("y"), .control), at: 7)
        XCTAssertEqual(field.text, "hello")
        XCTAssertEqual(delegates[0].changeRequests.count, 5, "undo and redo do not ask")
    }

    func testARefusedChangeWithACaretKeepsTheCaretAndTheTypingGroup() {
        let (scene, _, fields, delegates) = makeForm()
        let field = fields[0]
        scene.focus(field, at: 0)
        typeKeys(scene, "ab", time: 1)
        XCTAssertEqual(field.selection, TextSelection(caret: 2))
        delegates[0].change = { _, _, string in string != "!" }
        scene.handle(.text("!"), at: 2)
        XCTAssertEqual(field.selection, TextSelection(caret: 2))
        XCTAssertEqual(field.text, "ab")
        typeKeys(scene, "c", time: 3)
        XCTAssertEqual(field.text, "abc")
        field.undo(at: 4)
        XCTAssertEqual(field.text, "", "the refusal did not split the typing into two steps")
    }

    func testALiveFormatterSetsTextAndSelectionAndReturnsFalse() {
        let (scene, host, fields, delegates) = makeForm()
        let field = fields[0]
        let recorder = FieldRecorder(field)
        // Digits in pairs, "12 34 5": the formatter writes the text and the caret itself.
        delegates[0].change = { textField, range, string in
            var characters = Array(textField.text)
            characters.replaceSubrange(range, with: Array(string))
            let digits = characters.filter(\.isNumber)
            var formatted = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && index % 2 == 0 { formatted.append(" ") }
                formatted.append(digit)
            }
            textField.text = formatted
            textField.selection = TextSelection(caret: formatted.count)
            return false
        }
        scene.focus(field, at: 0)
        let bells = host.bells
        typeKeys(scene, "12345", time: 1)

        XCTAssertEqual(field.text, "12 34 5")
        XCTAssertEqual(field.selection, TextSelection(caret: 7))
        XCTAssertTrue(recorder.refusedEdits.isEmpty, "a formatter's false is not a refusal")
        XCTAssertEqual(host.bells, bells, "no bell")
        XCTAssertEqual(recorder.count(of: "changed"), 5, "editingChanged once per keystroke")
        XCTAssertEqual(recorder.textChanges.map(\.edit.cause), Array(repeating: .programmatic, count: 5))

        // Backspace through the formatter too.
        scene.handle(.key(.backspace, []), at: 2)
        XCTAssertEqual(field.text, "12 34")
        XCTAssertEqual(recorder.count(of: "changed"), 6)
    }

    func testAFormatterThatOnlyMovesTheCaretIsNeitherARefusalNorAChange() {
        let (scene, _, fields, delegates) = makeForm(texts: ["abc", "", ""])
        let field = fields[0]
        let recorder = FieldRecorder(field)
        scene.focus(field, at: 0)
        delegates[0].change = { textField, _, _ in
            textField.selection = TextSelection(caret: 0)
            return false
        }
        scene.handle(.text("x"), at: 1)
        XCTAssertEqual(field.text, "abc")
        XCTAssertEqual(field.selection, TextSelection(caret: 0))
        XCTAssertTrue(recorder.refusedEdits.isEmpty)
        XCTAssertEqual(recorder.count(of: "changed"), 0)
    }

    func testProgrammaticTextUndoAndRedoDoNotAskTheDelegate() {
        let (scene, _, fields, delegates) = makeForm()
        let field = fields[0]
        scene.focus(field, at: 0)
        scene.handle(.text("abc"), at: 1)
        XCTAssertEqual(delegates[0].count(of: "shouldChange"), 1)
        field.text = "set by the app"
        field.undo(at: 2)
        field.redo(at: 3)
        XCTAssertEqual(delegates[0].count(of: "shouldChange"), 1)
    }

    // MARK: textFieldShouldClear

    func testShouldClearFalseKeepsTheTextForTheClearButton() throws {
        let (scene, _, fields, delegates) = makeForm(texts: ["some text", "", ""])
        let field = fields[0]
        field.clearButtonMode = .always
        let recorder = FieldRecorder(field)
        delegates[0].allowsClear = false
        let button = try XCTUnwrap(field.layout?.clearButton)
        clickField(scene, field, at: Point(x: button.midX, y: button.midY), time: 0)
        XCTAssertEqual(field.text, "some text")
        XCTAssertTrue(field.isFocused, "the click still focuses the field")
        XCTAssertEqual(delegates[0].count(of: "shouldClear"), 1)
        XCTAssertEqual(recorder.count(of: "changed"), 0)

        delegates[0].allowsClear = true
        clickField(scene, field, at: Point(x: button.midX, y: button.midY), time: 1)
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(recorder.textChanges.last?.edit.cause, .clear)
        XCTAssertEqual(recorder.count(of: "changed"), 1, "clearing is a user change")
    }

    func testShouldClearFalseKeepsTheTextForClearsOnBeginEditing() {
        let (scene, _, fields, delegates) = makeForm(texts: ["123456", "", ""])
        let field = fields[0]
        field.clearsOnBeginEditing = true
        delegates[0].allowsClear = false
        scene.focus(field, at: 0)
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(field.text, "123456")
        XCTAssertEqual(delegates[0].calls, ["shouldBegin", "shouldClear", "didBegin"])

        scene.handle(.key(.tab, []), at: 1)
        delegates[0].allowsClear = true
        scene.focus(field, at: 2)
        XCTAssertEqual(field.text, "")
    }

    // MARK: textFieldShouldReturn

    func testShouldReturnFalseKeepsFocusAndSendsNoExit() {
        let (scene, _, fields, delegates) = makeForm(texts: ["abc", "", ""])
        let (a, b) = (fields[0], fields[1])
        let recorder = FieldRecorder(a)
        scene.focus(a, at: 0)
        a.selection = TextSelection(caret: 1)
        delegates[0].allowsReturn = false
        log.calls = []
        XCTAssertTrue(scene.handle(.key(.enter, []), at: 1))
        XCTAssertTrue(a.isFocused)
        XCTAssertFalse(b.isFocused)
        XCTAssertEqual(a.text, "abc", "Return types nothing in a single line")
        XCTAssertEqual(a.selection, TextSelection(caret: 1), "the caret stays where it is")
        XCTAssertEqual(log.calls, ["a.shouldReturn"])
        XCTAssertEqual(recorder.returnPresses, 1, "observers still hear Return")
        XCTAssertEqual(recorder.count(of: "didEndOnExit"), 0)

        // Without a scene, the same.
        XCTAssertTrue(a.handle(.enter, modifiers: [], at: 2))
        XCTAssertTrue(a.isFocused)
        XCTAssertEqual(recorder.count(of: "didEndOnExit"), 0)
    }

    // MARK: Order of calls

    func testFocusMovingAsksTheNewFieldFirstThenTheOldOneEachOnce() {
        let (scene, _, fields, delegates) = makeForm()
        defer { withExtendedLifetime(delegates) {} }
        let (a, b) = (fields[0], fields[1])
        scene.focus(a, at: 0)

        log.calls = []
        clickText(scene, b, time: 1)
        XCTAssertEqual(log.calls, ["b.shouldBegin", "a.shouldEnd", "a.didEnd(committed)", "b.didBegin"], "click")

        log.calls = []
        scene.handle(.key(.tab, []), at: 2)
        XCTAssertEqual(log.calls, ["c.shouldBegin", "b.shouldEnd", "b.didEnd(committed)", "c.didBegin"], "Tab")

        log.calls = []
        scene.handle(.key(.tab, .shift), at: 3)
        XCTAssertEqual(log.calls, ["b.shouldBegin", "c.shouldEnd", "c.didEnd(committed)", "b.didBegin"], "Shift+Tab")

        log.calls = []
        scene.focus(a, at: 4)
        XCTAssertEqual(log.calls, ["a.shouldBegin", "b.shouldEnd", "b.didEnd(committed)", "a.didBegin"], "scene.focus")

        log.calls = []
        scene.handle(.key(.enter, []), at: 5)
        XCTAssertEqual(log.calls, ["a.shouldReturn", "b.shouldBegin", "a.shouldEnd", "a.didEnd(committed)", "b.didBegin"],
                       "Return")
    }

    func testWhenTheOldFieldRefusesToEndTheNewOneIsAskedOnceAndDoesNotBegin() {
        let (scene, _, fields, delegates) = makeForm()
        let (a, b) = (fields[0], fields[1])
        scene.focus(a, at: 0)
        delegates[0].allowsEnd = false
        log.calls = []
        clickText(scene, b, time: 1)
        XCTAssertEqual(log.calls, ["b.shouldBegin", "a.shouldEnd"])
        XCTAssertFalse(b.isFocused)

        // The approval given for that attempt is not reused: the next attempt asks again.
        delegates[0].allowsEnd = true
        log.calls = []
        b.focus(at: 2)
        XCTAssertEqual(log.calls.first, "b.shouldBegin", "a fresh focus asks again")
    }
}

/// UIKit's target-action editing events.
final class EditingEventTests: XCTestCase {
    func testEditingEventsFollowTheSession() {
        let a = filledField("a"), b = filledField("b")
        let (scene, host) = makeUIKitScene([a, b])
        let recorder = FieldRecorder(a)

        scene.focus(a, at: 0)
        XCTAssertEqual(recorder.actions, ["didBegin"])

        scene.handle(.text("abc"), at: 1)
        XCTAssertEqual(recorder.actions, ["didBegin", "changed"], "typing")
        scene.handle(.key(.backspace, []), at: 2)
        XCTAssertEqual(recorder.count(of: "changed"), 2, "deleting")
        scene.handle(.key(.left, []), at: 3)
        scene.handle(.key(.shortcut("a"), .control), at: 3)
        XCTAssertEqual(recorder.count(of: "changed"), 2, "moving and selecting change no text")
        host.selections[.clipboard] = "xyz"
        scene.handle(.key(.shortcut("v"), .control), at: 4)
        host.answerPastes()
        XCTAssertEqual(a.text, "xyz")
        XCTAssertEqual(recorder.count(of: "changed"), 3, "pasting")
        a.undo(at: 5)
        XCTAssertEqual(recorder.count(of: "changed"), 4, "undo")

        a.text = "set by the app"
        a.apply(TextEdit(range: 0..<0, replacement: ">", cause: .programmatic))
        XCTAssertEqual(recorder.count(of: "changed"), 4, "the program's own text sends nothing")
        XCTAssertEqual(a.text, ">set by the app")

        scene.handle(.key(.tab, []), at: 6)
        XCTAssertEqual(recorder.actions.last, "didEnd")
        XCTAssertEqual(recorder.count(of: "didEnd"), 1)
        XCTAssertEqual(recorder.count(of: "didEndOnExit"), 0, "Tab is not Return")

        a.text = "while not editing"
        XCTAssertEqual(recorder.count(of: "changed"), 4)
        XCTAssertEqual(recorder.count(of: "didBegin"), 1)
    }

    func testReturnSendsDidEndOnExitBeforeDidEnd() {
        let a = filledField("a"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let first = FieldRecorder(a), last = FieldRecorder(b)
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertEqual(first.actions, ["didBegin", "didEndOnExit", "didEnd"], "moving on from the first field")
        XCTAssertTrue(b.isFocused)
        scene.handle(.key(.enter, []), at: 2)
        XCTAssertEqual(last.actions, ["didBegin", "didEndOnExit", "didEnd"], "ending on the last field")
        XCTAssertNil(scene.focusedField)
    }

    func testReturnWithoutASceneEndsEditingWithDidEndOnExit() {
        let field = makeField(.filled, text: "abc")
        let recorder = FieldRecorder(field)
        field.focus(at: 0)
        XCTAssertTrue(field.handle(.enter, modifiers: [], at: 1))
        XCTAssertFalse(field.isFocused)
        XCTAssertEqual(recorder.actions, ["didBegin", "didEndOnExit", "didEnd"])
        XCTAssertEqual(recorder.returnPresses, 1)
    }

    func testSendActionsRunsOnlyTheHandlersForThatEventAndCancellationStopsThem() {
        let field = makeField(.filled)
        var heard: [String] = []
        let token = field.addAction(for: [.editingDidBegin, .editingDidEnd]) { _ in heard.append("begin/end") }
        field.addAction(for: .allEditingEvents) { _ in heard.append("all") }
        field.sendActions(for: .editingChanged)
        XCTAssertEqual(heard, ["all"])
        field.sendActions(for: .editingDidEnd)
        XCTAssertEqual(heard, ["all", "begin/end", "all"])
        token.cancel()
        field.focus(at: 0)
        XCTAssertEqual(heard, ["all", "begin/end", "all", "all"])
    }

    func testAnEditRefusedByAFilterSendsNoEditingChanged() {
        let field = makeField(.filled)
        field.keyboardType = .numberPad
        let recorder = FieldRecorder(field)
        field.focus(at: 0)
        field.insert("x", at: 1)
        XCTAssertEqual(recorder.count(of: "changed"), 0)
        XCTAssertEqual(recorder.refusedEdits.count, 1)
        field.insert("7", at: 2)
        XCTAssertEqual(recorder.count(of: "changed"), 1)
    }
}

/// Return moves focus on through the scene; a text area takes it as a line break.
final class ReturnKeyFlowTests: XCTestCase {
    func testEnterMovesToTheNextEnabledFieldSkippingDisabledOnesAndEndsOnTheLast() {
        let a = filledField("a", text: "first")
        let b = filledField("b", text: "skipped", enabled: false)
        let c = filledField("c", text: "third")
        let (scene, _) = makeUIKitScene([a, b, c])
        let events = FieldRecorder(c)

        scene.focus(a, at: 0)
        XCTAssertTrue(scene.handle(.key(.enter, []), at: 1))
        XCTAssertFalse(a.isFocused)
        XCTAssertFalse(b.isFocused, "a disabled field is skipped")
        XCTAssertTrue(c.isFocused)
        XCTAssertEqual(c.selection, TextSelection(anchor: 0, head: 5), "arriving from the keyboard selects the text")

        XCTAssertTrue(scene.handle(.key(.enter, []), at: 2))
        XCTAssertNil(scene.focusedField, "Return on the last field ends editing")
        XCTAssertEqual(events.actions, ["didBegin", "didEndOnExit", "didEnd"])
        XCTAssertEqual(a.text, "first")
        XCTAssertEqual(c.text, "third")
    }

    func testEnterOnAFieldFollowedOnlyByDisabledFieldsEndsEditingWithoutWrapping() {
        let a = filledField("a"), b = filledField("b"), c = filledField("c", enabled: false)
        let (scene, _) = makeUIKitScene([a, b, c])
        scene.focus(b, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertNil(scene.focusedField, "b is the last enabled field: Return does not wrap to a")
    }

    func testEnterInATextAreaInsertsANewlineAndKeepsFocus() {
        let area = filledField("area", kind: .textArea)
        let next = filledField("next")
        let (scene, _) = makeUIKitScene([area, next])
        let recorder = FieldRecorder(area)
        scene.focus(area, at: 0)
        typeKeys(scene, "one", time: 1)
        XCTAssertTrue(scene.handle(.key(.enter, []), at: 2))
        typeKeys(scene, "two", time: 3)
        XCTAssertEqual(area.text, "one\ntwo")
        XCTAssertTrue(area.isFocused)
        XCTAssertFalse(next.isFocused)
        XCTAssertEqual(recorder.returnPresses, 0, "a line break is not Return")
        XCTAssertEqual(recorder.count(of: "didEndOnExit"), 0)
        XCTAssertEqual(recorder.textChanges.map(\.edit.cause), [.typing, .typing, .typing, .newline, .typing, .typing, .typing])
    }

    func testEnterInASingleLineFieldTypesNothing() {
        let a = filledField("a", text: "abc"), b = filledField("b")
        let (scene, _) = makeUIKitScene([a, b])
        let recorder = FieldRecorder(a)
        scene.focus(a, at: 0)
        scene.handle(.key(.enter, []), at: 1)
        XCTAssertEqual(a.text, "abc")
        XCTAssertTrue(recorder.textChanges.isEmpty)
    }
}

/// `clearsOnBeginEditing` and `clearsOnInsertion`.
final class ClearingTests: XCTestCase {
    func testClearsOnBeginEditingEmptiesTheTextEachTimeEditingBegins() {
        let a = filledField("a", text: "123456"), b = filledField("b")
        a.clearsOnBeginEditing = true
        let (scene, _) = makeUIKitScene([a, b])
        let recorder = FieldRecorder(a)

        scene.focus(a, at: 0)
        XCTAssertEqual(a.text, "")
        XCTAssertTrue(a.isFocused)
        XCTAssertFalse(a.canUndo, "the new session's history starts empty")
        XCTAssertEqual(recorder.count(of: "changed"), 1)
        XCTAssertEqual(recorder.count(of: "didBegin"), 1)

        typeKeys(scene, "789", time: 1)
        scene.handle(.key(.tab, []), at: 2)
        XCTAssertEqual(a.text, "789", "ending does not clear")

        clickText(scene, a, time: 3)
        XCTAssertEqual(a.text, "", "a click begins editing too")
        XCTAssertEqual(a.selection, TextSelection(caret: 0))
    }

    func testClearsOnBeginEditingLeavesAnEmptyFieldAlone() {
        let field = makeField(.filled)
        field.clearsOnBeginEditing = true
        let delegate = ScriptedDelegate("f")
        field.delegate = delegate
        let recorder = FieldRecorder(field)
        field.focus(at: 0)
        XCTAssertEqual(delegate.count(of: "shouldClear"), 0, "nothing to clear, nothing to ask")
        XCTAssertEqual(recorder.count(of: "changed"), 0)
    }

    func testClearsOnInsertionFirstTypedTextReplacesEverything() {
        let a = filledField("a", text: "old text"), b = filledField("b")
        a.clearsOnInsertion = true
        let (scene, _) = makeUIKitScene([a, b])

        scene.focus(a, at: 0)
        XCTAssertEqual(a.text, "old text", "nothing is cleared until text comes")
        XCTAssertEqual(a.selection, TextSelection(caret: 8), "the caret waits at the end")
        scene.handle(.text("n"), at: 1)
        XCTAssertEqual(a.text, "n")
        typeKeys(scene, "ew", time: 2)
        XCTAssertEqual(a.text, "new", "only the first insertion replaces")
        while a.canUndo { a.undo(at: 3) }
        XCTAssertEqual(a.text, "old text", "undo brings the old text back")
    }

    func testClearsOnInsertionAlsoReplacesOnPasteAndRearmsEachSession() {
        let a = filledField("a", text: "old"), b = filledField("b")
        a.clearsOnInsertion = true
        let (scene, host) = makeUIKitScene([a, b])
        scene.focus(a, at: 0)
        host.selections[.clipboard] = "pasted"
        scene.handle(.key(.shortcut("v"), .control), at: 1)
        host.answerPastes()
        XCTAssertEqual(a.text, "pasted")

        scene.handle(.key(.tab, []), at: 2)
        scene.handle(.key(.tab, .shift), at: 3)
        XCTAssertTrue(a.isFocused)
        scene.handle(.text("again"), at: 4)
        XCTAssertEqual(a.text, "again", "a new session arms it again")
    }

    func testACaretMoveFirstDisarmsClearsOnInsertion() {
        let a = filledField("a", text: "old"), b = filledField("b")
        a.clearsOnInsertion = true
        let (scene, _) = makeUIKitScene([a, b])
        scene.focus(a, at: 0)
        scene.handle(.key(.left, []), at: 1)
        scene.handle(.text("X"), at: 2)
        XCTAssertEqual(a.text, "olXd", "an ordinary field again")
    }

    func testADeleteFirstDisarmsClearsOnInsertion() {
        let a = filledField("a", text: "old"), b = filledField("b")
        a.clearsOnInsertion = true
        let (scene, _) = makeUIKitScene([a, b])
        scene.focus(a, at: 0)
        scene.handle(.key(.backspace, []), at: 1)
        XCTAssertEqual(a.text, "ol")
        scene.handle(.text("X"), at: 2)
        XCTAssertEqual(a.text, "olX")
    }

    func testClearsOnInsertionIsOnlyArmedWhileEditing() {
        let field = makeField(.filled, text: "abc")
        field.clearsOnInsertion = true
        field.paste("ignored", at: 0)
        XCTAssertEqual(field.text, "abc", "not editing: nothing happens")
        field.focus(at: 1)
        field.clearsOnInsertion = false
        field.insert("d", at: 2)
        XCTAssertEqual(field.text, "abcd", "turned off while editing, it disarms")
    }

    func testClearsOnInsertionReplacesEvenWhenTheDelegateIsAskedAboutTheWholeText() {
        let field = makeField(.filled, text: "abc")
        field.clearsOnInsertion = true
        let delegate = ScriptedDelegate("f")
        field.delegate = delegate
        field.focus(at: 0)
        field.insert("z", at: 1)
        XCTAssertEqual(field.text, "z")
        XCTAssertEqual(delegate.changeRequests.first?.range, 0..<3, "the delegate sees the edit as it will apply")
        XCTAssertEqual(delegate.changeRequests.first?.string, "z")
    }
}

/// `clearsOnInsertion` through a refused key, and a field focused directly asking the focused one
/// to end: what the documentation promises (each once broken).
final class ClearsOnInsertionAndDirectFocusTests: XCTestCase {
    /// `clearsOnInsertion`: "the first text typed or pasted replaces all the text". A key the
    /// keyboard type refuses puts no text in, so it must not disarm the replacement.
    func testClearsOnInsertionStaysArmedThroughAKeyTheKeyboardTypeRefuses() {
        let field = makeField(.filled, text: "123")
        field.keyboardType = .numberPad
        field.clearsOnInsertion = true
        field.focus(at: 0)
        field.insert("a", at: 1)
        XCTAssertEqual(field.text, "123", "the letter is refused")
        field.insert("9", at: 2)
        XCTAssertEqual(field.text, "9", "the first text that gets in replaces everything")
    }

    /// `TextFieldDelegate`: "when focus moves, the new field's textFieldShouldBeginEditing is
    /// asked first, then the old field's textFieldShouldEndEditing; a no from either leaves focus
    /// where it was", and only a forced end (disabling) skips the question and is `.cancelled`.
    /// An app calling `focus(at:)` on a field of a scene must ask the focused field too.
    func testFocusingAFieldDirectlyAsksTheFocusedFieldToEnd() {
        let log = DelegateCallLog()
        let a = filledField("a"), b = filledField("b")
        let delegateA = ScriptedDelegate("a", log: log), delegateB = ScriptedDelegate("b", log: log)
        a.delegate = delegateA
        b.delegate = delegateB
        let (scene, _) = makeUIKitScene([a, b])
        scene.focus(a, at: 0)
        delegateA.allowsEnd = false
        log.calls = []

        b.focus(at: 1)

        XCTAssertTrue(a.isFocused, "a said no: focus stays where it was")
        XCTAssertFalse(b.isFocused)
        XCTAssertEqual(log.calls, ["b.shouldBegin", "a.shouldEnd"], "a is asked, after b")
    }
}
