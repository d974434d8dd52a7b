import XCTest
@testable import MaterialFields

/// A paste lands when its owner answers, and the caret of the pasted text blinks from when the
/// paste was applied: a long paste takes a while to lay out, and its caret must not go off soon
/// after the text shows.
final class PasteLandingTests: XCTestCase {
    /// Monospaced, and slow while `slow` is set: each measurement moves the host's clock on.
    private final class SlowMeasurer: TextMeasuring {
        weak var host: RecordingHost?
        var slow = false
        func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] {
            if slow, let clock = host?.clock { host?.clock = clock + 0.01 }
            return (0...text.count).map { Double($0) * font.pixelSize / 2 }
        }
    }

    func testThePastedTextsCaretBlinksFromWhenThePasteWasApplied() {
        let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Message")
        let scene = FieldScene(fields: [field])
        let host = RecordingHost(), measurer = SlowMeasurer()
        measurer.host = host
        scene.host = host
        scene.resize(to: Size(width: 400, height: 800), measurer: measurer)
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(field, at: 1)
        host.clock = 1
        host.selections[.clipboard] = String(repeating: "word ", count: 20_000)
        scene.handle(.key(.shortcut("v"), .control), at: 1)
        host.clock = 1.2
        measurer.slow = true
        host.answerPastes()
        measurer.slow = false
        XCTAssertEqual(field.count, 100_000)
        XCTAssertFalse(scene.render(on: RecordingCanvas(), at: host.clock ?? 0).isEmpty, "the pasted text was not drawn")
        let applied = host.clock ?? 0
        XCTAssertGreaterThan(applied, 1.7, "the paste took no time to lay out: the test shows nothing")
        let blink = field.motion.caretBlink
        XCTAssertTrue(blink.isVisible(at: applied + blink.onDuration * 0.9), "the caret went off before a whole phase from when it showed")
        XCTAssertFalse(blink.isVisible(at: applied + blink.onDuration * 1.1))
    }
}
