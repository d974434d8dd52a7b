import XCTest
@testable import MaterialFields

/// Every change of text goes through `TextField.apply(_:)`: filters, limits, the delegate, undo,
/// re-measuring and observers all live there.
final class PipelineTests: XCTestCase {
    private func focusedField(text: String = "", width: Double = 300) -> (TextField, EventLog) {
        let field = makeField(.outlined, text: text, width: width)
        field.focus(at: 0)
        field.selection = TextSelection(caret: field.count)
        let log = EventLog()
        field.observe { _, event in log.events.append(event) }
        return (field, log)
    }

    final class EventLog {
        var events: [FieldEvent] = []
        var causes: [EditCause] { events.compactMap { if case .textChanged(let applied) = $0 { return applied.edit.cause } else { return nil } } }
    }

    final class Refuser: TextFieldDelegate {
        var seen: [TextEdit] = []
        var rewrite: ((TextEdit) -> TextEdit?) = { _ in nil }
        func textField(_ textField: TextField, shouldApply edit: TextEdit) -> TextEdit? {
            seen.append(edit)
            return rewrite(edit)
        }
    }

    func testEveryKindOfChangeReachesObserversAsOneEditWithItsCause() {
        // Given an editing field with text "ab"
        let (field, log) = focusedField(text: "ab")
        // When the user types, commits from an input method, deletes both ways, pastes, cuts, and the program sets text
        field.insert("c", at: 1)
        field.insert("é", cause: .inputMethod, at: 1)
        _ = field.handle(.backspace, modifiers: [], at: 1)
        _ = field.handle(.home, modifiers: [], at: 1)
        _ = field.handle(.delete, modifiers: [], at: 1)
        field.paste("XY", at: 1)
        field.selection = TextSelection(anchor: 0, head: 2)
        XCTAssertEqual(field.cut(at: 1), "XY")
        field.text = "new"
        // Then each arrived as one edit with its cause, in order
        XCTAssertEqual(log.causes, [.typing, .inputMethod, .deleteBackward, .deleteForward, .paste, .cut, .programmatic])
        XCTAssertEqual(field.text, "new")
    }

    func testTheClearButtonClearsThroughThePipeline() {
        let field = makeField(.outlined, text: "some text")
        field.clearButtonMode = .always
        let log = EventLog()
        field.observe { _, event in log.events.append(event) }
        let slot = field.layout!.clearButton!
        XCTAssertEqual(field.part(at: Point(x: slot.midX, y: slot.midY)), .clearButton)
        field.pointerDown(at: Point(x: slot.midX, y: slot.midY), extending: false, time: 0)
        XCTAssertEqual(field.text, "")
        XCTAssertEqual(log.causes, [.clear])
        XCTAssertNil(field.part(at: Point(x: slot.midX, y: slot.midY)).flatMap { $0 == .clearButton ? $0 : nil },
                     "no clear button over an empty field")
    }

    func testADelegateThatRefusesLeavesTextSelectionAndHistoryUntouched() {
        let (field, log) = focusedField(text: "abc")
        let delegate = Refuser()
        field.delegate = delegate
        field.selection = TextSelection(anchor: 1, head: 2)
        field.insert("x", at: 1)
        XCTAssertEqual(field.text, "abc")
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 2))
        XCTAssertFalse(field.canUndo)
        XCTAssertEqual(delegate.seen.map(\.range), [1..<2])
        XCTAssertEqual(log.events, [.editRefused(TextEdit(range: 1..<2, replacement: "x", cause: .typing))])
    }

    func testADelegateMayRewriteAnEdit() {
        let (field, _) = focusedField()
        let delegate = Refuser()
        delegate.rewrite = { edit in
            var upper = edit
            upper.replacement = edit.replacement.uppercased()
            return upper
        }
        field.delegate = delegate
        field.insert("abc", at: 1)
        XCTAssertEqual(field.text, "ABC")
    }

    func testProgrammaticTextDoesNotAskTheDelegate() {
        let (field, _) = focusedField()
        let delegate = Refuser()
        field.delegate = delegate
        field.text = "set by the app"
        XCTAssertEqual(field.text, "set by the app")
        XCTAssertTrue(delegate.seen.isEmpty)
    }

    func testTheCharacterFilterDropsWhatItRefusesAndRefusesAnEmptyResult() {
        let (field, log) = focusedField()
        field.characterFilter = { $0.isNumber }
        field.paste("a1b2", at: 1)
        XCTAssertEqual(field.text, "12")
        field.insert("x", at: 1)
        XCTAssertEqual(field.text, "12")
        XCTAssertEqual(log.events.last, .editRefused(TextEdit(range: 2..<2, replacement: "x", cause: .typing)))
    }

    func testTheMaximumLengthCutsAPasteAtAGraphemeBoundary() {
        let (field, _) = focusedField(text: "ab")
        field.maximumLength = 4
        field.paste("🇵🇹e\u{301}xyz", at: 1)
        XCTAssertEqual(field.text, "ab🇵🇹e\u{301}")
        XCTAssertEqual(field.count, 4)
        field.insert("z", at: 1)
        XCTAssertEqual(field.text, "ab🇵🇹e\u{301}", "full: typing is refused")
        field.text = "longer than four"
        XCTAssertEqual(field.text, "longer than four", "the program is not cut")
    }

    /// Found by the fuzzer (seed 1): combining marks followed by more text, typed into a full
    /// field, were refused whole although the marks join the last grapheme and fit.
    func testTheMaximumLengthKeepsCombiningMarksThatJoinTheLastGraphemeOfAFullField() {
        let (field, _) = focusedField(text: "abc")
        field.maximumLength = 3
        field.insert("\u{308}\u{323}xyz", at: 1)
        XCTAssertEqual(Array(field.text.unicodeScalars), Array("abc\u{308}\u{323}".unicodeScalars))
        XCTAssertEqual(field.count, 3)
        field.selection = TextSelection(caret: 2)
        field.insert("\u{301}q", at: 2)
        XCTAssertEqual(Array(field.text.unicodeScalars), Array("ab\u{301}c\u{308}\u{323}".unicodeScalars))
    }

    /// Found by the fuzzer (seed 109): an emoji typed before a lone ZWJ joins it and the emoji
    /// after it into one grapheme, so it fits a full field; counting only the next cluster said
    /// it did not.
    func testTheMaximumLengthCountsJoinsThatReachPastTheNextCluster() {
        let (field, _) = focusedField(text: "\u{200D}\u{1F468}\u{200D}\u{1F469}ab")
        XCTAssertEqual(field.count, 4)
        field.maximumLength = 4
        field.selection = TextSelection(caret: 0)
        field.insert("5\u{1F416}", at: 1)
        XCTAssertEqual(Array(field.text.unicodeScalars), Array("5\u{1F416}\u{200D}\u{1F468}\u{200D}\u{1F469}ab".unicodeScalars))
        XCTAssertEqual(field.count, 4)
    }

    func testEnterInASingleLineFieldIsReportedNotInsertedAndEndsEditingWithoutAScene() {
        let (field, log) = focusedField(text: "ab")
        XCTAssertTrue(field.handle(.enter, modifiers: [], at: 1))
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(log.events, [.returnPressed, .didEndEditing])
    }

    func testUndoGroupsTypingByWordAndRestoresTheSelection() {
        let (field, _) = focusedField()
        for character in "hello world" { field.insert(String(character), at: 1) }
        field.undo(at: 2)
        XCTAssertEqual(field.text, "hello ")
        field.undo(at: 2)
        XCTAssertEqual(field.text, "")
        field.redo(at: 2)
        XCTAssertEqual(field.text, "hello ")
        field.redo(at: 2)
        XCTAssertEqual(field.text, "hello world")
        XCTAssertFalse(field.canRedo)
    }

    func testAPasteOverASelectionIsOneStepThatBringsTheSelectionBack() {
        let (field, _) = focusedField(text: "one two")
        field.selection = TextSelection(anchor: 4, head: 7)
        field.paste("three", at: 1)
        XCTAssertEqual(field.text, "one three")
        _ = field.handle(.shortcut("z"), modifiers: .control, at: 2)
        XCTAssertEqual(field.text, "one two")
        XCTAssertEqual(field.selection, TextSelection(anchor: 4, head: 7))
        _ = field.handle(.shortcut("z"), modifiers: [.control, .shift], at: 3)
        XCTAssertEqual(field.text, "one three")
    }

    /// As in GTK: typing over a selection and on is one step, and undo brings the selection back.
    func testTypingOverASelectionUndoesInOneStepWithTheSelection() {
        let (field, _) = focusedField(text: "Lisboa")
        _ = field.handle(.shortcut("a"), modifiers: .control, at: 1)
        for letter in ["P", "o", "r", "t", "o"] { field.insert(letter, at: 1) }
        XCTAssertEqual(field.text, "Porto")
        field.undo(at: 2)
        XCTAssertEqual(field.text, "Lisboa")
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 6))
        field.redo(at: 3)
        XCTAssertEqual(field.text, "Porto")
        // A word typed after the space is a step of its own.
        for letter in [" ", "n", "o", "w"] { field.insert(letter, at: 4) }
        field.undo(at: 5)
        XCTAssertEqual(field.text, "Porto ")
    }

    /// Found in review: typing after a Backspace joined the Backspace's step, so undo took back
    /// the new letters and the deleted one together.
    func testTypingAfterADeleteIsAStepOfItsOwn() {
        let (field, _) = focusedField()
        for letter in ["h", "e", "l", "o"] { field.insert(letter, at: 1) }
        _ = field.handle(.backspace, modifiers: [], at: 1)
        for letter in ["l", "o"] { field.insert(letter, at: 1) }
        XCTAssertEqual(field.text, "hello")
        field.undo(at: 2)
        XCTAssertEqual(field.text, "hel")
        field.undo(at: 3)
        XCTAssertEqual(field.text, "helo")
    }

    func testBackspacesInARowUndoAsOneStep() {
        let (field, _) = focusedField(text: "abcdef")
        for _ in 0..<3 { _ = field.handle(.backspace, modifiers: [], at: 1) }
        XCTAssertEqual(field.text, "abc")
        field.undo(at: 2)
        XCTAssertEqual(field.text, "abcdef")
        XCTAssertEqual(field.selection, TextSelection(caret: 6))
    }

    /// Found by the fuzzer (seed 1): a combining mark typed after "i" joins it, and undo took back
    /// only the new clusters, leaving "í", a text the field never held.
    func testUndoOfAnEditThatJoinedTheClusterBeforeItRestoresThatCluster() {
        let (field, _) = focusedField()
        field.insert("i", at: 1)
        field.insert("\u{301} ", at: 2)
        XCTAssertEqual(field.text, "i\u{301} ")
        field.undo(at: 3)
        XCTAssertEqual(Array(field.text.unicodeScalars), Array("i".unicodeScalars))
        field.redo(at: 4)
        XCTAssertEqual(Array(field.text.unicodeScalars), Array("i\u{301} ".unicodeScalars))
        field.undo(at: 5)
        field.undo(at: 6)
        XCTAssertEqual(field.text, "")
    }

    /// Deleting what stood between two regional indicators joins them into a flag; undo splits
    /// them again around what it brings back.
    func testUndoOfADeletionThatJoinedAFlagBringsTheIndicatorsBack() {
        let (field, _) = focusedField(text: "\u{1F1EB}x\u{1F1F7}")
        field.selection = TextSelection(caret: 2)
        _ = field.handle(.backspace, modifiers: [], at: 1)
        XCTAssertEqual(field.count, 1)
        field.undo(at: 2)
        XCTAssertEqual(Array(field.text.unicodeScalars), Array("\u{1F1EB}x\u{1F1F7}".unicodeScalars))
        XCTAssertEqual(field.count, 3)
    }

    func testAnEditReMeasuresOnlyWhatItChanged() {
        // Given a field holding 20,000 characters
        let measurer = FakeMeasurer()
        let field = TextField(identifier: "long", style: .filled, text: String(repeating: "x", count: 20_000))
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
        field.focus(at: 0)
        field.selection = TextSelection(caret: 10_000)
        let before = measurer.measuredClusters
        // When one character is typed in the middle and one deleted
        field.insert("y", at: 1)
        _ = field.handle(.backspace, modifiers: [], at: 1)
        // Then the pages around the edits were measured, not the text, and the stops still agree
        // with the text
        XCTAssertLessThanOrEqual(measurer.measuredClusters - before, 2 * 2 * TextLayout.pageMaximumCount)
        XCTAssertEqual(field.textLayout!.caretStops.count, 20_001)
        XCTAssertEqual(field.textLayout!.width, 20_000 * 8)
    }

    func testACombiningMarkTypedAfterALetterReMeasuresTheMergedCluster() {
        let (field, _) = focusedField(text: "ae")
        field.insert("\u{301}", at: 1)
        XCTAssertEqual(field.count, 2)
        XCTAssertEqual(Array(field.textLayout!.caretStops), [0, 8, 16])
    }

    func testDeletingBetweenTwoRegionalIndicatorsJoinsThemIntoAFlag() {
        var text = EditableText("\u{1F1F5}x\u{1F1F9}")
        XCTAssertEqual(text.count, 3)
        text.select(TextSelection(caret: 2))
        text.deleteBackward()
        XCTAssertEqual(text.count, 1)
        XCTAssertEqual(text.text, "🇵🇹")
    }

    func testEditingAgreesWithStringOnRandomInput() {
        // Random edits of mixed clusters, checked against Swift's own segmentation of the whole text.
        var generator = SystemRandomNumberGenerator()
        let pieces = ["a", " ", "e", "\u{301}", "🇵", "🇹", "👩", "\u{200D}", "💻", "\r", "\n", "字", "ب"]
        var text = EditableText()
        var reference = ""
        for _ in 0..<2000 {
            let count = reference.count
            let lower = Int.random(in: 0...count, using: &generator)
            let upper = Int.random(in: lower...min(count, lower + 2), using: &generator)
            let insert = (0..<Int.random(in: 0...2, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let applied = text.apply(TextEdit(range: lower..<upper, replacement: insert, cause: .typing))
            let start = reference.index(reference.startIndex, offsetBy: lower)
            let end = reference.index(start, offsetBy: upper - lower)
            reference.replaceSubrange(start..<end, with: insert)
            XCTAssertEqual(text.text, reference)
            XCTAssertEqual(text.count, reference.count)
            XCTAssertEqual(Array(reference), text.characters)
            XCTAssertLessThanOrEqual(applied.oldClusters.upperBound, count)
            if text.characters != Array(reference) { break }
        }
    }

    func testSecureEntryDrawsDotsWhileTheModelKeepsTheText() {
        let field = makeField(.outlined, text: "secret")
        field.isSecureTextEntry = true
        XCTAssertEqual(field.text, "secret")
        let drawn = field.drawn(at: 1).texts.map(\.text)
        XCTAssertTrue(drawn.contains(String(repeating: "\u{2022}", count: 6)), "\(drawn)")
        XCTAssertFalse(drawn.contains("secret"))
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 6)
        XCTAssertNil(field.copyableText, "nothing leaves a secure field")
    }
}

/// A library never traps on what a caller can give it.
final class RobustnessTests: XCTestCase {
    func testAFieldKeepsItsMeasurerAliveAfterTheHostLetsGo() {
        let field = TextField(identifier: "f", style: .filled, label: "L", text: "abc")
        do {
            let temporary = FakeMeasurer()
            field.layOut(width: 300, metrics: MaterialMetrics(), measurer: temporary)
        }
        field.focus(at: 0)
        field.insert("defg", at: 1)
        XCTAssertEqual(field.textLayout!.caretStops.count, field.count + 1)
        XCTAssertNotNil(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
    }

    func testNaNAndNegativeSizesAreClampedNotTrapped() {
        for width in [Double.nan, -50, .infinity, 0] {
            let field = TextField(identifier: "f", style: .outlined, label: "L", text: "abc")
            field.layOut(width: width, metrics: MaterialMetrics(scale: -3), measurer: sharedMeasurer)
            field.pointerDown(at: Point(x: .nan, y: 10), extending: false, time: 0)
            field.pointerDown(at: Point(x: -1e300, y: 10), extending: false, time: 0)
            field.pointerDragged(to: Point(x: .infinity, y: 0), time: 0)
            let appearance = field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: true)
            XCTAssertTrue(appearance!.bounds.isFinite, "width \(width)")
        }
        XCTAssertEqual(MaterialMetrics(scale: .nan).scale, 1)
        XCTAssertEqual(MaterialMetrics(scale: -2).scale, MaterialMetrics.scaleRange.lowerBound)
        let scene = FieldScene(fields: [TextField(identifier: "x", style: .filled)])
        scene.resize(to: Size(width: .nan, height: -1), measurer: sharedMeasurer)
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 0), [])
    }

    func testAfterAResizeAnUnfocusedFieldShowsTheStartOfItsText() {
        let field = makeField(.outlined, text: String(repeating: "x", count: 100), width: 100)
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        XCTAssertGreaterThan(field.textLayout!.scrollX, 0)
        field.endEditing(at: 1)
        field.layOut(width: 120, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(field.textLayout!.scrollX, 0)
    }

    func testOnlyTheVisibleClustersOfAVeryWideTextAreDrawnFromASmallOrigin() {
        // 3,650 clusters of 8 px: 29,200 px; 5,000 of them would pass X's 16-bit positions.
        let field = makeField(.filled, text: String(repeating: "a", count: 5_000))
        let start = field.drawn(at: 1).texts.first { $0.text.hasPrefix("a") }!
        XCTAssertLessThanOrEqual(start.text.count, 300 / 8 + 2)
        XCTAssertEqual(start.origin.x, 10 + 16)
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        let end = field.drawn(at: 1).texts.first { $0.text.hasPrefix("a") }!
        XCTAssertLessThanOrEqual(end.text.count, 300 / 8 + 2)
        XCTAssertGreaterThan(end.origin.x, -16, "the origin stays near the band, far inside 16 bits")
        XCTAssertLessThan(end.origin.x, 400)
    }
}
