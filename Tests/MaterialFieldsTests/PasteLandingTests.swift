import XCTest
@testable import MaterialFields

/// A paste lands when its owner answers, and the caret of the pasted text blinks from when the
/// paste was applied: a long paste takes a while to lay out, and its caret must not go off soon
/// after the text shows.
final class PasteLandingTests: XCTestCase {
    private final class ClockHost: SceneHost {
        var clock = 0.0
        var now: Double? { clock }
        var clipboard = ""
        private var pending: [() -> Void] = []
        func setSelectionText(_ text: String, for selection: SelectionKind) {}
        func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
            let text = clipboard
            pending.append { completion(text) }
        }
        func answer() {
            let answers = pending
            pending = []
            answers.forEach { $0() }
        }
        func setNeedsRender() {}
        func setPointerShape(_ shape: PointerShape) {}
        func setInputMethodSpot(_ caret: Rect) {}
        func ringBell() {}
    }

    /// Monospaced, and slow while `slow` is set: each measurement moves the host's clock on.
    private final class SlowMeasurer: TextMeasuring {
        weak var host: ClockHost?
        var slow = false
        func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * font.pixelSize / 2 }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: font.pixelSize * 0.75, descent: font.pixelSize * 0.25) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] {
            if slow { host?.clock += 0.01 }
            return (0...text.count).map { Double($0) * font.pixelSize / 2 }
        }
    }

    func testThePastedTextsCaretBlinksFromWhenThePasteWasApplied() {
        let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Message")
        let scene = FieldScene(fields: [field])
        let host = ClockHost(), measurer = SlowMeasurer()
        measurer.host = host
        scene.host = host
        scene.resize(to: Size(width: 400, height: 800), measurer: measurer)
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(field, at: 1)
        host.clock = 1
        host.clipboard = String(repeating: "word ", count: 20_000)
        scene.handle(.key(.shortcut("v"), .control), at: 1)
        host.clock = 1.2
        measurer.slow = true
        host.answer()
        measurer.slow = false
        XCTAssertEqual(field.count, 100_000)
        let applied = host.clock
        XCTAssertGreaterThan(applied, 1.7, "the paste took no time to lay out: the test shows nothing")
        let blink = field.motion.caretBlink
        XCTAssertTrue(blink.isVisible(at: applied + blink.onDuration * 0.9), "the caret went off before a whole phase from when it showed")
        XCTAssertFalse(blink.isVisible(at: applied + blink.onDuration * 1.1))
    }
}
