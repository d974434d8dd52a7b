import XCTest
@testable import MaterialFields

final class MotionTests: XCTestCase {
    func testStandardEasingEndpointsAndShape() {
        let curve = CubicBezier.standard
        XCTAssertEqual(curve.value(at: 0), 0)
        XCTAssertEqual(curve.value(at: 1), 1)
        // Standard easing leaves fast and lands gently: ahead of linear at the midpoint.
        XCTAssertGreaterThan(curve.value(at: 0.5), 0.7)
        XCTAssertLessThan(curve.value(at: 0.5), 0.85)
        var previous = 0.0
        for step in 1...100 {
            let value = curve.value(at: Double(step) / 100)
            XCTAssertGreaterThanOrEqual(value, previous, "monotonic")
            previous = value
        }
    }

    func testTransitionTakesOneHundredFiftyMilliseconds() {
        var transition = Transition(value: 0)
        transition.animate(to: 1, at: 10)
        XCTAssertEqual(transition.value(at: 10), 0)
        XCTAssertTrue(transition.isAnimating(at: 10.1))
        XCTAssertEqual(transition.value(at: 10.075), CubicBezier.standard.value(at: 0.5), accuracy: 1e-9)
        XCTAssertEqual(transition.value(at: 10.150), 1)
        XCTAssertFalse(transition.isAnimating(at: 10.150))
    }

    func testReversalMidFlightContinuesFromTheCurrentValue() {
        // Given a float animation half way through
        var transition = Transition(value: 0)
        transition.animate(to: 1, at: 0)
        let reversalTime = 0.060
        let shown = transition.value(at: reversalTime)
        // When it is reversed
        transition.animate(to: 0, at: reversalTime)
        // Then there is no jump, and it returns in time proportional to the distance left
        XCTAssertEqual(transition.value(at: reversalTime), shown, accuracy: 1e-12)
        XCTAssertEqual(transition.value(at: reversalTime + 0.001), shown, accuracy: 0.02)
        XCTAssertTrue(transition.isAnimating(at: reversalTime + 0.150 * shown - 0.001))
        XCTAssertEqual(transition.value(at: reversalTime + 0.150 * shown), 0)
    }

    func testFinishJumpsToTarget() {
        var transition = Transition(value: 0)
        transition.animate(to: 1, at: 0)
        transition.finish()
        XCTAssertEqual(transition.value(at: 0), 1)
        XCTAssertFalse(transition.isAnimating(at: 0))
    }

    func testCaretBlinksFiveHundredMillisecondsOnAndOff() {
        var blink = CaretBlink()
        blink.restart(at: 100)
        XCTAssertTrue(blink.isVisible(at: 100))
        XCTAssertTrue(blink.isVisible(at: 100.49))
        XCTAssertFalse(blink.isVisible(at: 100.5))
        XCTAssertFalse(blink.isVisible(at: 100.99))
        XCTAssertTrue(blink.isVisible(at: 101.0))
        XCTAssertEqual(blink.nextChange(after: 100.2)!, 100.5, accuracy: 1e-9)
        XCTAssertEqual(blink.nextChange(after: 100.7)!, 101.0, accuracy: 1e-9)
    }

    func testCaretStaysSolidWhileTyping() {
        var blink = CaretBlink()
        blink.restart(at: 0)
        // Keystrokes every 300 ms never let the off phase arrive.
        for keystroke in 1...10 {
            let time = Double(keystroke) * 0.3
            XCTAssertTrue(blink.isVisible(at: time - 0.001))
            blink.restart(at: time)
        }
    }

    func testCaretStopsBlinkingSolidAfterTenIdleSeconds() {
        var blink = CaretBlink()
        blink.restart(at: 0)
        XCTAssertFalse(blink.isVisible(at: 9.7))
        XCTAssertEqual(blink.nextChange(after: 9.7)!, 10, accuracy: 1e-9)
        XCTAssertTrue(blink.isVisible(at: 10))
        XCTAssertTrue(blink.isVisible(at: 3600))
        XCTAssertNil(blink.nextChange(after: 10))
    }

    func testFieldLabelFloatsOnFocusAndReturnsOnBlur() {
        // Given an empty labelled field at rest
        let field = makeField(.outlined)
        XCTAssertEqual(field.motion.labelFloat.value(at: 0), 0)
        // When it is focused, the label floats over 150 ms
        field.focus(at: 1)
        XCTAssertTrue(field.isAnimating(at: 1.1))
        XCTAssertEqual(field.motion.labelFloat.value(at: 1.15), 1)
        XCTAssertEqual(field.motion.activation.value(at: 1.15), 1)
        // When it loses focus mid-way back, the label returns from where it is
        field.endEditing(at: 2)
        let halfway = field.motion.labelFloat.value(at: 2.05)
        field.focus(at: 2.05)
        XCTAssertEqual(field.motion.labelFloat.value(at: 2.05), halfway, accuracy: 1e-12)
    }

    func testSlowAnimationsStretchEveryDuration() {
        let field = makeField(.filled)
        field.animationSlowdown = 10
        field.focus(at: 0)
        XCTAssertTrue(field.isAnimating(at: 1.4))
        XCTAssertEqual(field.motion.labelFloat.value(at: 1.5), 1)
    }

    func testIndicatorGrowsFromTheClickPointOrTheCentre() {
        let clicked = makeField(.filled)
        clicked.pointerDown(at: Point(x: 40, y: 30), extending: false, time: 0)
        XCTAssertEqual(clicked.motion.activationOrigin, 40)
        let tabbed = makeField(.filled)
        tabbed.focus(at: 0)
        XCTAssertEqual(tabbed.motion.activationOrigin, 150)
    }
}
