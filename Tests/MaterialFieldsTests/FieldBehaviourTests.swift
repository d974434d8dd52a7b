import XCTest
@testable import MaterialFields

final class FieldBehaviourTests: XCTestCase {
    func testClickPlacesCaretAtTheNearestGraphemeBoundary() {
        // Given "abcd" where each cluster is 8 px wide, text starting at x = 16
        let field = makeField(.outlined, text: "abcd")
        // When clicking 3 px right of the boundary between b and c (x = 32)
        field.pointerDown(at: Point(x: 16 + 16 + 3, y: 28), extending: false, time: 0)
        // Then the caret lands on that boundary
        XCTAssertEqual(field.editor.selection, TextSelection(caret: 2))
        XCTAssertEqual(field.state, .editing)
    }

    func testClickPastTheEndPutsCaretAtTheEnd() {
        let field = makeField(.outlined, text: "ab")
        field.pointerDown(at: Point(x: 250, y: 28), extending: false, time: 0)
        XCTAssertEqual(field.editor.selection, TextSelection(caret: 2))
    }

    func testDraggingSelects() {
        let field = makeField(.outlined, text: "abcdef")
        field.pointerDown(at: Point(x: 16, y: 28), extending: false, time: 0)
        XCTAssertTrue(field.pointerDragged(to: Point(x: 16 + 24, y: 28), time: 0.1))
        XCTAssertEqual(field.editor.selection, TextSelection(anchor: 0, head: 3))
    }

    func testDoubleClickSelectsAWordAndTripleClickEverything() {
        let field = makeField(.outlined, text: "one two")  // 8 px a cluster from x = 16
        field.pointerDown(at: Point(x: 16 + 8 * 5 + 3, y: 28), extending: false, clickCount: 2, time: 0)
        XCTAssertEqual(field.editor.selection, TextSelection(anchor: 4, head: 7))
        field.pointerDown(at: Point(x: 16 + 8 * 3 + 3, y: 28), extending: false, clickCount: 2, time: 0)
        XCTAssertEqual(field.editor.selection, TextSelection(anchor: 3, head: 4), "the space between words")
        field.pointerDown(at: Point(x: 20, y: 28), extending: false, clickCount: 3, time: 0)
        XCTAssertEqual(field.editor.selection, TextSelection(anchor: 0, head: 7))
    }

    func testTypingFloatsTheLabelAndKeepsItFloatingAfterBlur() {
        let field = makeField(.filled)
        field.focus(at: 0)
        field.insert("hi", at: 0.2)
        field.blur(at: 1)
        XCTAssertEqual(field.text, "hi")
        XCTAssertEqual(field.labelPosition, .floating)
        XCTAssertEqual(field.state, .normal)
    }

    func testLineBreaksAndControlCharactersNeverEnterASingleLineField() {
        let field = makeField(.filled)
        field.focus(at: 0)
        field.insert("a\nb\u{7}c", at: 0)
        XCTAssertEqual(field.text, "a bc")
    }

    func testLongTextScrollsToKeepTheCaretVisible() {
        let field = makeField(.outlined, width: 100)  // text line 68 px, 8 px a cluster
        field.focus(at: 0)
        field.insert(String(repeating: "x", count: 20), at: 0)
        XCTAssertEqual(field.textScroll, 160 - 66, "caret at the right edge")
        _ = field.handle(.home, modifiers: [], at: 0)
        XCTAssertEqual(field.textScroll, 0)
    }

    func testCtrlAHandledAsSelectAllButTabIsLeftToTheContainer() {
        let field = makeField(.filled, text: "abc")
        field.pointerDown(at: Point(x: 16, y: 30), extending: false, time: 0)
        XCTAssertTrue(field.handle(.shortcut("a"), modifiers: .control, at: 0))
        XCTAssertEqual(field.editor.selection, TextSelection(anchor: 0, head: 3))
        XCTAssertFalse(field.handle(.tab, modifiers: [], at: 0))
    }

    func testDisabledFieldIgnoresEverything() {
        let field = makeField(.outlined, text: "x", enabled: false)
        field.pointerDown(at: Point(x: 20, y: 20), extending: false, time: 0)
        field.insert("y", at: 0)
        XCTAssertEqual(field.text, "x")
        XCTAssertEqual(field.state, .disabled)
    }
}

final class FieldPanelTests: XCTestCase {
    private func makePanel() -> (FieldPanel, [TextField]) {
        let fields = [
            TextField(FieldConfiguration(identifier: "a", style: .filled, label: "A")),
            TextField(FieldConfiguration(identifier: "b", style: .filled, label: "B", isEnabled: false)),
            TextField(FieldConfiguration(identifier: "c", style: .outlined, label: "C")),
        ]
        let panel = FieldPanel(columns: [PanelColumn([.heading("H"), .field(fields[0]), .field(fields[1])]),
                                         PanelColumn([.heading("H2"), .field(fields[2])])],
                               scheme: .light)
        panel.resize(to: Size(width: 800, height: 600), measurer: sharedMeasurer)
        return (panel, fields)
    }

    func testTabMovesFocusForwardSkippingDisabledFieldsAndWraps() {
        let (panel, fields) = makePanel()
        XCTAssertTrue(panel.handle(.key(.tab, []), at: 0))
        XCTAssertTrue(fields[0].isFocused)
        _ = panel.handle(.key(.tab, []), at: 1)
        XCTAssertFalse(fields[0].isFocused)
        XCTAssertTrue(fields[2].isFocused, "disabled b is skipped")
        _ = panel.handle(.key(.tab, []), at: 2)
        XCTAssertTrue(fields[0].isFocused, "wraps around")
        _ = panel.handle(.key(.tab, .shift), at: 3)
        XCTAssertTrue(fields[2].isFocused, "Shift+Tab goes back")
    }

    func testClickFocusesAFieldAndClickOnEmptySpaceEndsEditing() {
        let (panel, fields) = makePanel()
        let frame = panel.frame(of: fields[2])!
        _ = panel.handle(.pointerDown(Point(x: frame.midX, y: frame.midY), button: 1, clickCount: 1, modifiers: []), at: 0)
        XCTAssertTrue(fields[2].isFocused)
        _ = panel.handle(.pointerDown(Point(x: 2, y: 590), button: 1, clickCount: 1, modifiers: []), at: 1)
        XCTAssertNil(panel.focusedField)
    }

    func testPointerIsAnIBeamOverEnabledFieldsOnly() {
        let (panel, fields) = makePanel()
        let enabled = panel.frame(of: fields[0])!, disabled = panel.frame(of: fields[1])!
        XCTAssertEqual(panel.pointerShape(at: Point(x: enabled.midX, y: enabled.midY)), .text)
        XCTAssertEqual(panel.pointerShape(at: Point(x: disabled.midX, y: disabled.midY)), .arrow)
        XCTAssertEqual(panel.pointerShape(at: Point(x: 1, y: 1)), .arrow)
    }

    func testEscapeEndsEditing() {
        let (panel, fields) = makePanel()
        _ = panel.handle(.key(.tab, []), at: 0)
        _ = panel.handle(.text("x"), at: 0.1)
        XCTAssertTrue(panel.handle(.key(.escape, []), at: 0.2))
        XCTAssertFalse(fields[0].isFocused)
        XCTAssertEqual(fields[0].text, "x")
    }

    func testColumnsSitSideBySideWhenWideAndStackWhenNarrow() {
        let (panel, fields) = makePanel()
        XCTAssertEqual(panel.frame(of: fields[0])!.minY, panel.frame(of: fields[2])!.minY)
        panel.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        XCTAssertEqual(panel.frame(of: fields[0])!.minX, panel.frame(of: fields[2])!.minX)
        XCTAssertGreaterThan(panel.frame(of: fields[2])!.minY, panel.frame(of: fields[1])!.maxY)
    }

    func testWheelScrollsOnlyWhenContentIsTaller() {
        let (panel, fields) = makePanel()
        XCTAssertFalse(panel.handle(.scroll(dy: 48), at: 0), "everything fits")
        panel.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        let before = panel.frame(of: fields[0])!.minY
        XCTAssertTrue(panel.handle(.scroll(dy: 48), at: 0))
        XCTAssertEqual(panel.frame(of: fields[0])!.minY, before - 48)
        _ = panel.handle(.scroll(dy: 10_000), at: 0)
        XCTAssertEqual(panel.scrollOffset, panel.contentHeight - 120)
    }

    func testScrollIndicatorAppearsOnlyWhenContentOverflowsAndFollowsTheOffset() {
        let (panel, _) = makePanel()
        XCTAssertNil(panel.scrollThumb)
        panel.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        let top = panel.scrollThumb!
        XCTAssertEqual(top.minY, 2)
        _ = panel.handle(.scroll(dy: 10_000), at: 0)
        XCTAssertEqual(panel.scrollThumb!.maxY, 118, accuracy: 1e-9)
        XCTAssertEqual(panel.scrollThumb!.height, top.height)
    }

    func testTabScrollsTheFocusedFieldIntoView() {
        let (panel, fields) = makePanel()
        panel.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        _ = panel.handle(.key(.tab, []), at: 0)
        _ = panel.handle(.key(.tab, []), at: 1)
        let frame = panel.frame(of: fields[2])!
        XCTAssertGreaterThanOrEqual(frame.minY, 0)
        XCTAssertLessThanOrEqual(frame.maxY, 120)
    }

    func testIdlePanelNeedsNoWakeupButABlinkingCaretDoes() {
        let (panel, _) = makePanel()
        XCTAssertNil(panel.nextWakeup(after: 0))
        _ = panel.handle(.windowFocus(true), at: 0)
        _ = panel.handle(.key(.tab, []), at: 0)
        XCTAssertEqual(panel.nextWakeup(after: 0.05), 0.05, "animating: wake for the next frame")
        _ = panel.handle(.key(.end, []), at: 1)  // collapse the select-all
        XCTAssertEqual(panel.nextWakeup(after: 1.2)!, 1.5, accuracy: 1e-9)
        XCTAssertNil(panel.nextWakeup(after: 11.5), "blinking stops after 10 s idle")
    }

    func testSnapshotListsEveryFieldInWindowPixels() {
        let (panel, fields) = makePanel()
        _ = panel.handle(.key(.tab, []), at: 0)
        _ = panel.handle(.text("hey"), at: 0)
        let snapshot = panel.snapshot()
        XCTAssertEqual(snapshot.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(snapshot[0].text, "hey")
        XCTAssertEqual(snapshot[0].selection, [3, 3])
        XCTAssertTrue(snapshot[0].focused)
        XCTAssertEqual(snapshot[0].state, .editing)
        XCTAssertEqual(snapshot[0].labelPosition, .floating)
        XCTAssertEqual(snapshot[1].state, .disabled)
        let frame = panel.frame(of: fields[2])!
        XCTAssertEqual(snapshot[2].frame, [frame.x, frame.y, frame.width, frame.height])
    }
}
