import XCTest
@testable import MaterialFields

/// A frame visits the fields input or time may have changed (the stale ones, the one being
/// edited, the animating ones), not every field of the scene; what it leaves alone must still
/// look as it is drawn. These tests count the fields a render looks at and compare what the
/// scene believes is on screen with every field's appearance worked out afresh.
final class SceneFrameCostTests: XCTestCase {
    private func makeScene(count: Int = 40, height: Double = 4_000) -> (FieldScene, [TextField]) {
        let fields = (0..<count).map { index in
            TextField(identifier: "f\(index)", style: index % 2 == 0 ? .filled : .outlined, label: "Label \(index)",
                      text: index % 3 == 0 ? "text \(index)" : "")
        }
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: height), measurer: sharedMeasurer)
        return (scene, fields)
    }

    /// Every field's appearance now, beside the one the scene drew last.
    private func assertDrawnIsCurrent(_ scene: FieldScene, _ fields: [TextField], at time: Double, _ step: String,
                                      file: StaticString = #filePath, line: UInt = #line) {
        for (place, field) in fields.enumerated() {
            let fresh = scene.appearance(of: field, at: time)
            if scene.drawn[place] != fresh {
                XCTFail("after \(step) at \(time): \(field.identifier) is drawn as it was, not as it is", file: file, line: line)
                return
            }
        }
    }

    func testAKeystrokeRenderVisitsOnlyTheFieldBeingEdited() {
        let (scene, fields) = makeScene()
        scene.handle(.windowFocus(true), at: 0)
        scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertEqual(scene.lastRenderVisits, fields.count, "the first frame draws every field")
        scene.focus(fields[7], at: 0)
        scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        scene.handle(.text("x"), at: 1.1)
        let regions = scene.advanceAndRender(on: RecordingCanvas(), at: 1.1)
        XCTAssertEqual(scene.lastRenderVisits, 1, "a key in one field of \(fields.count) looks at that field alone")
        XCTAssertEqual(regions.count, 1)
        // The caret's blink, with nothing typed: the field being edited, still alone.
        XCTAssertEqual(scene.nextWakeup(after: 1.2), 1.6)
        scene.advanceAndRender(on: RecordingCanvas(), at: 1.6)
        XCTAssertEqual(scene.lastRenderVisits, 1)
    }

    func testAFieldThatStopsAnimatingIsVisitedForItsFinalFrameThenLeftAlone() {
        let (scene, fields) = makeScene()
        scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        scene.focus(fields[3], at: 0)
        scene.advanceAndRender(on: RecordingCanvas(), at: 0.5)
        // Focus moves on: the old field's indicator shrinks while the new one's grows.
        scene.focus(fields[20], at: 1)
        scene.advanceAndRender(on: RecordingCanvas(), at: 1.05)
        XCTAssertEqual(scene.lastRenderVisits, 2)
        assertDrawnIsCurrent(scene, fields, at: 1.05, "focus moved")
        // Asked after both animations ended, the frame still owes both their final look.
        XCTAssertEqual(scene.nextWakeup(after: 1.4), 1.4)
        scene.advanceAndRender(on: RecordingCanvas(), at: 1.4)
        XCTAssertEqual(scene.lastRenderVisits, 2)
        assertDrawnIsCurrent(scene, fields, at: 1.4, "the animations ended")
        scene.advanceAndRender(on: RecordingCanvas(), at: 1.45)
        XCTAssertEqual(scene.lastRenderVisits, 1, "the field left behind rests: only the focused one is visited")
    }

    func testHoverTheAppSetIsTakenOffWhenThePointerIsElsewhere() {
        let fields = (0..<3).map { TextField(identifier: "f\($0)", style: .filled, label: "L\($0)") }
        // Set before the field joined the scene, and set by the app once it had.
        fields[1].isHovered = true
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 400), measurer: sharedMeasurer)
        fields[2].isHovered = true
        let frame = scene.frame(of: fields[0])!
        scene.handle(.pointerMoved(Point(x: frame.midX, y: frame.midY), buttonHeld: false), at: 0)
        XCTAssertEqual(fields.map(\.isHovered), [true, false, false], "the field under the pointer alone shows hover")
        scene.handle(.pointerExited, at: 1)
        XCTAssertEqual(fields.map(\.isHovered), [false, false, false])
    }

    /// The scene keeps the field it found editing and asks it first: whatever moves focus or
    /// ends editing, the answer is the field editing now.
    func testTheFocusedFieldIsTheOneEditingWhateverMovedFocus() {
        let (scene, fields) = makeScene(count: 6, height: 800)
        XCTAssertNil(scene.focusedField)
        scene.focus(fields[5], at: 0)
        XCTAssertTrue(scene.focusedField === fields[5])
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertTrue(scene.focusedField === fields[0], "Tab wraps to the first field")
        XCTAssertTrue(fields[3].focus(at: 2), "the app focuses a field directly")
        XCTAssertTrue(scene.focusedField === fields[3])
        fields[3].isEnabled = false
        XCTAssertNil(scene.focusedField, "disabling ends editing")
        fields[4].focus(at: 3)
        scene.handle(.key(.escape, []), at: 4)
        XCTAssertNil(scene.focusedField, "Escape ends editing")
        let frame = scene.frame(of: fields[1])!
        scene.handle(.pointerDown(Point(x: frame.midX, y: frame.minY + 20), button: .primary, clickCount: 1, modifiers: []), at: 5)
        XCTAssertTrue(scene.focusedField === fields[1], "a click focuses the field under it")
    }

    /// Random input and time on a tall scene: after every frame, what the scene keeps as drawn
    /// is what each field looks like at that instant, visited or not.
    func testWhatAFrameLeavesAloneStillLooksAsItIsDrawn() {
        let (scene, fields) = makeScene(count: 12, height: 700)
        var random = SeededGenerator(seed: 28)
        var time = 0.0
        scene.advanceAndRender(on: RecordingCanvas(), at: time)
        for step in 0..<600 {
            let field = fields[Int.random(in: 0..<fields.count, using: &random)]
            let frame = scene.frame(of: field) ?? Rect(x: 0, y: 0, width: 1, height: 1)
            let point = Point(x: frame.midX, y: frame.minY + Double.random(in: 0..<max(1, frame.height), using: &random))
            let operation: String
            switch Int.random(in: 0..<12, using: &random) {
            case 0: operation = "focus"; scene.focus(field, at: time)
            case 1: operation = "text"; scene.handle(.text("k"), at: time)
            case 2: operation = "tab"; scene.handle(.key(.tab, []), at: time)
            case 3: operation = "escape"; scene.handle(.key(.escape, []), at: time)
            case 4: operation = "pointer moved"; scene.handle(.pointerMoved(point, buttonHeld: false), at: time)
            case 5: operation = "click"
                scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: time)
                scene.handle(.pointerUp(point, button: .primary), at: time)
            case 6: operation = "error"; field.errorMessage = field.errorMessage == nil ? "Wrong" : nil
            case 7: operation = "enabled"; field.isEnabled.toggle()
            case 8: operation = "hover set by the app"; field.isHovered.toggle()
            case 9: operation = "window focus"; scene.handle(.windowFocus(!scene.isWindowFocused), at: time)
            case 10: operation = "scroll"; scene.handle(.scroll(steps: Bool.random(using: &random) ? 1 : -1), at: time)
            default: operation = "backspace"; scene.handle(.key(.backspace, []), at: time)
            }
            // Frames come at the host's pace: now, a little later mid-animation, or long after.
            time += [0, 0.016, 0.05, 0.12, 0.6][Int.random(in: 0..<5, using: &random)]
            scene.advanceAndRender(on: RecordingCanvas(), at: time)
            assertDrawnIsCurrent(scene, fields, at: time, "step \(step), \(operation) on \(field.identifier)")
            if let wakeup = scene.nextWakeup(after: time), wakeup <= time + 0.2 {
                time = wakeup
                scene.advanceAndRender(on: RecordingCanvas(), at: time)
                assertDrawnIsCurrent(scene, fields, at: time, "step \(step), the wake-up after \(operation)")
            }
        }
    }
}
