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
        field.endEditing(at: 1)
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
        XCTAssertEqual(field.textLayout!.scrollX, 160 - 66, "caret at the right edge")
        _ = field.handle(.home, modifiers: [], at: 0)
        XCTAssertEqual(field.textLayout!.scrollX, 0)
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

/// Two columns side by side: the first two fields left, the third right.
private final class TwoColumns: SceneLayout {
    let fields: [TextField]
    init(_ fields: [TextField]) { self.fields = fields }
    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        var arrangement = Arrangement()
        var y = 24.0
        for (index, field) in fields.enumerated() {
            let x = index < 2 ? 24.0 : 400.0
            if index == 2 { y = 24 }
            let height = field.layOut(width: 300, metrics: metrics, measurer: measurer)
            arrangement.fieldFrames.append((field, Rect(x: x, y: y, width: 300, height: height)))
            y += height + 24
        }
        arrangement.decorations = [Decoration(text: "Heading", frame: Rect(x: 24, y: 0, width: 300, height: 20), baseline: 16,
                                              font: FontSpec(pixelSize: 16), color: .clear)]
        arrangement.contentHeight = 24 + 2 * (56 + 24)
        return arrangement
    }
}

final class FieldSceneTests: XCTestCase {
    private func makeScene(height: Double = 600) -> (FieldScene, [TextField], RecordingHost) {
        let fields = [
            TextField(identifier: "a", style: .filled, label: "A"),
            TextField(identifier: "b", style: .filled, label: "B", isEnabled: false),
            TextField(identifier: "c", style: .outlined, label: "C"),
        ]
        let scene = FieldScene(fields: fields, layout: TwoColumns(fields), scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 800, height: height), measurer: sharedMeasurer)
        return (scene, fields, host)
    }

    func testTabMovesFocusForwardSkippingDisabledFieldsAndWraps() {
        let (scene, fields, _) = makeScene()
        XCTAssertTrue(scene.handle(.key(.tab, []), at: 0))
        XCTAssertTrue(fields[0].isFocused)
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertFalse(fields[0].isFocused)
        XCTAssertTrue(fields[2].isFocused, "disabled b is skipped")
        scene.handle(.key(.tab, []), at: 2)
        XCTAssertTrue(fields[0].isFocused, "wraps around")
        scene.handle(.key(.tab, .shift), at: 3)
        XCTAssertTrue(fields[2].isFocused, "Shift+Tab goes back")
    }

    func testClickFocusesAFieldAndClickOnEmptySpaceEndsEditing() {
        let (scene, fields, _) = makeScene()
        let frame = scene.frame(of: fields[2])!
        scene.handle(.pointerDown(Point(x: frame.midX, y: frame.midY), button: .primary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertTrue(fields[2].isFocused)
        scene.handle(.pointerDown(Point(x: 2, y: 590), button: .primary, clickCount: 1, modifiers: []), at: 1)
        XCTAssertNil(scene.focusedField)
    }

    func testPointerAsksForAnIBeamOverEnabledFieldsOnlyAndHoverFollowsIt() {
        let (scene, fields, host) = makeScene()
        let enabled = scene.frame(of: fields[0])!, disabled = scene.frame(of: fields[1])!
        scene.handle(.pointerMoved(Point(x: enabled.midX, y: enabled.midY), buttonHeld: false), at: 0)
        XCTAssertEqual(host.pointerShapes, [.text])
        XCTAssertTrue(fields[0].isHovered)
        scene.handle(.pointerMoved(Point(x: disabled.midX, y: disabled.midY), buttonHeld: false), at: 0)
        XCTAssertEqual(host.pointerShapes, [.text, .arrow])
        XCTAssertFalse(fields[0].isHovered)
        XCTAssertFalse(fields[1].isHovered, "a disabled field shows no hover")
        scene.handle(.pointerMoved(Point(x: enabled.midX, y: enabled.midY), buttonHeld: false), at: 0)
        scene.handle(.pointerExited, at: 0)
        XCTAssertFalse(fields[0].isHovered)
        XCTAssertEqual(host.pointerShapes.last, .arrow)
    }

    func testEscapeEndsEditing() {
        let (scene, fields, _) = makeScene()
        scene.handle(.key(.tab, []), at: 0)
        scene.handle(.text("x"), at: 0.1)
        XCTAssertTrue(scene.handle(.key(.escape, []), at: 0.2))
        XCTAssertFalse(fields[0].isFocused)
        XCTAssertEqual(fields[0].text, "x")
    }

    func testWheelScrollsOneScaledStepOnlyWhenContentIsTaller() {
        let (scene, fields, _) = makeScene()
        XCTAssertFalse(scene.handle(.scroll(steps: 1), at: 0), "everything fits")
        scene.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        let before = scene.frame(of: fields[0])!.minY
        XCTAssertTrue(scene.handle(.scroll(steps: 1), at: 0))
        XCTAssertEqual(scene.frame(of: fields[0])!.minY, before - 48)
        scene.handle(.scroll(steps: 10_000), at: 0)
        XCTAssertEqual(scene.scroll.offset, scene.scroll.contentHeight - 120)
    }

    func testALayoutAtTheSameSizeLeavesThePageWhereTheWheelPutItWhileAResizeShowsTheCaret() {
        let (scene, fields, _) = makeScene()
        scene.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        scene.handle(.key(.tab, []), at: 0)
        XCTAssertTrue(fields[0].isFocused)
        scene.handle(.scroll(steps: 10_000), at: 0.1)
        let scrolled = scene.scroll.offset
        XCTAssertGreaterThan(scrolled, 0)
        // Laid out again at its size (as a recording's checkpoint draws the live scene offscreen).
        scene.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        XCTAssertEqual(scene.scroll.offset, scrolled)
        // Made smaller: the caret comes back into view.
        scene.resize(to: Size(width: 300, height: 110), measurer: sharedMeasurer)
        XCTAssertLessThan(scene.scroll.offset, scrolled)
    }

    func testWheelStepScalesWithTheMetrics() {
        let field = TextField(identifier: "a", style: .filled)
        let scene = FieldScene(fields: [field], scheme: .light, metrics: MaterialMetrics(scale: 2))
        scene.resize(to: Size(width: 300, height: 50), measurer: sharedMeasurer)
        scene.handle(.scroll(steps: 1), at: 0)
        XCTAssertEqual(scene.scroll.offset, 96)
    }

    func testScrollIndicatorAppearsOnlyWhenContentOverflowsAndFollowsTheOffset() {
        let (scene, _, _) = makeScene()
        XCTAssertNil(scene.scroll.indicator(scale: 1))
        scene.resize(to: Size(width: 300, height: 120), measurer: sharedMeasurer)
        let top = scene.scroll.indicator(scale: 1)!
        XCTAssertEqual(top.minY, 2)
        scene.handle(.scroll(steps: 10_000), at: 0)
        XCTAssertEqual(scene.scroll.indicator(scale: 1)!.maxY, 118, accuracy: 1e-9)
        XCTAssertEqual(scene.scroll.indicator(scale: 1)!.height, top.height)
    }

    func testTabScrollsTheFocusedFieldIntoView() {
        let (scene, fields, _) = makeScene(height: 100)
        scene.handle(.key(.tab, []), at: 0)
        scene.handle(.key(.tab, .shift), at: 1)
        scene.handle(.key(.tab, .shift), at: 2)
        XCTAssertTrue(fields[0].isFocused)
        let frame = scene.frame(of: fields[0])!
        XCTAssertGreaterThanOrEqual(frame.minY, 0)
        XCTAssertLessThanOrEqual(frame.maxY, 100)
    }

    func testIdleSceneNeedsNoWakeupButABlinkingCaretDoes() {
        let (scene, _, _) = makeScene()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertNil(scene.nextWakeup(after: 0))
        scene.handle(.windowFocus(true), at: 0)
        scene.handle(.key(.tab, []), at: 0)
        XCTAssertEqual(scene.nextWakeup(after: 0), 0, "changed: draw now")
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertEqual(scene.nextWakeup(after: 0.05), 0.05, "animating: wake for the next frame")
        scene.handle(.key(.end, []), at: 1)  // collapse the select-all
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        XCTAssertEqual(scene.nextWakeup(after: 1.2)!, 1.5, accuracy: 1e-9)
        XCTAssertNil(scene.nextWakeup(after: 11.5), "blinking stops after 10 s idle")
    }
}
