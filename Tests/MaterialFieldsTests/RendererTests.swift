import XCTest
@testable import MaterialFields

final class RendererTests: XCTestCase {
    private let scheme = ColorScheme.light

    private func draw(_ field: TextField, time: Double = 100, caret: Bool = true) -> RecordingCanvas {
        field.drawn(at: time, caret: caret)
    }

    func testRestingFilledFieldDrawsContainerUnderlineAndLabel() {
        let canvas = draw(makeField(.filled))
        XCTAssertEqual(canvas.fills.first?.color, scheme.onSurface.withAlpha(0.12), "container first")
        XCTAssertEqual(canvas.fills.first?.path.bounds, Rect(x: 10, y: 20, width: 300, height: 56))
        XCTAssertTrue(canvas.fills.contains { $0.path == .rectangle(Rect(x: 10, y: 75, width: 300, height: 1)) && $0.color == scheme.onSurface.withAlpha(0.42) })
        XCTAssertEqual(canvas.texts.map(\.text), ["Label"])
        XCTAssertEqual(canvas.texts[0].font.pixelSize, 16)
        XCTAssertEqual(canvas.texts[0].color, scheme.onSurface.withAlpha(0.60))
    }

    func testFocusedFilledFieldDrawsFloatingPrimaryLabelIndicatorAndCaret() {
        let field = makeField(.filled)
        field.focus(at: 0)
        let canvas = draw(field, time: 1)
        let label = canvas.texts.first { $0.text == "Label" }
        XCTAssertEqual(label?.font.pixelSize, 12)
        XCTAssertEqual(label?.color, scheme.primary.withAlpha(0.87))
        XCTAssertTrue(canvas.fills.contains { $0.color == scheme.primary && $0.path.bounds == Rect(x: 10, y: 74, width: 300, height: 2) },
                      "2 px activation indicator across the bottom")
        let caret = canvas.fills.last
        XCTAssertEqual(caret?.color, scheme.primary)
        XCTAssertEqual(caret?.path.bounds.width, 2)
        XCTAssertEqual(caret?.path.bounds.minX, 26, "caret at the start of the text line")
    }

    func testIndicatorHalfWayIsGrowingAroundTheClickPoint() {
        let field = makeField(.filled)
        field.pointerDown(at: Point(x: 100, y: 30), extending: false, time: 0)
        let canvas = draw(field, time: 0.02)
        let indicator = canvas.fills.first { $0.color == scheme.primary && $0.path.bounds.height == 2 }!.path.bounds
        XCTAssertLessThan(indicator.width, 300)
        XCTAssertLessThanOrEqual(indicator.minX, 110)
        XCTAssertGreaterThanOrEqual(indicator.maxX, 110)
        // The click point divides the line in the same ratio as it divides the container.
        XCTAssertEqual((110 - indicator.minX) / indicator.width, 100.0 / 300, accuracy: 1e-9)
    }

    func testIndicatorFadesOutAtFullWidthOnBlur() {
        let field = makeField(.filled)
        field.pointerDown(at: Point(x: 100, y: 30), extending: false, time: 0)
        field.endEditing(at: 1)
        let indicator = draw(field, time: 1.03).fills.first { $0.path.bounds.height == 2 }!
        XCTAssertEqual(indicator.path.bounds.width, 300)
        XCTAssertGreaterThan(indicator.color.alpha, 0)
        XCTAssertLessThan(indicator.color.alpha, 1)
        XCTAssertFalse(draw(field, time: 2).fills.contains { $0.path.bounds.height == 2 }, "gone once faded")
    }

    func testOutlinedFloatingLabelCutsANotchInTheOutline() {
        let field = makeField(.outlined, text: "Hi")
        let canvas = draw(field)
        let outline = canvas.fills.first!
        XCTAssertEqual(outline.color, scheme.onSurface.withAlpha(0.38))
        XCTAssertEqual(outline.path.contours.count, 1, "a notch turns the ring into one open band")
        // No part of the outline lies on the top edge inside the notch (12...50 in field coordinates).
        let topPoints = outline.path.contours[0].filter { $0.y == 20 }
        XCTAssertFalse(topPoints.contains { $0.x > 22 && $0.x < 60 })
        XCTAssertTrue(topPoints.contains { $0.x == 22 } && topPoints.contains { $0.x == 60 })
    }

    func testOutlinedRestingFieldHasAClosedRing() {
        let canvas = draw(makeField(.outlined))
        XCTAssertEqual(canvas.fills.first?.path.contours.count, 2)
    }

    func testNotchOpensInStepWithTheLabel() {
        let field = makeField(.outlined)
        field.focus(at: 0)
        let halfway = draw(field, time: 0.03).fills.first!.path
        let open = draw(field, time: 1).fills.first!.path
        func gapWidth(_ path: Path) -> Double {
            let top = path.contours[0].filter { $0.y == 20 }.map(\.x)
            return (top.last ?? 0) - (top.first ?? 0)
        }
        XCTAssertEqual(halfway.contours.count, 1)
        XCTAssertLessThan(abs(gapWidth(halfway)), abs(gapWidth(open)))
        XCTAssertEqual(abs(gapWidth(open)), 38, accuracy: 1e-9)
    }

    func testPlaceholderShowsOnlyWhileEditingAnEmptyLabelledField() {
        let field = makeField(.outlined, placeholder: "Hint")
        XCTAssertFalse(draw(field).texts.contains { $0.text == "Hint" })
        field.focus(at: 0)
        let hint = draw(field, time: 1).texts.first { $0.text == "Hint" }
        XCTAssertEqual(hint?.color, scheme.onSurface.withAlpha(0.60))
        XCTAssertEqual(hint?.font.pixelSize, 16)
    }

    func testCaretHiddenInOffPhaseAndWithSelection() {
        let field = makeField(.filled, text: "abc")
        field.pointerDown(at: Point(x: 200, y: 30), extending: false, time: 0)
        XCTAssertFalse(draw(field, time: 1, caret: false).fills.contains { $0.color == scheme.primary && $0.path.bounds.width == 2 && $0.path.bounds.height > 2 })
        _ = field.handle(.home, modifiers: .shift, at: 1)
        let canvas = draw(field, time: 1)
        XCTAssertTrue(canvas.fills.contains { $0.color == scheme.primary.withAlpha(0.24) }, "selection highlight")
        XCTAssertFalse(canvas.fills.contains { $0.color == scheme.primary && $0.path.bounds.width == 2 && $0.path.bounds.height > 2 })
    }

    func testDisabledFieldIsFaintWithSolidSixPercentUnderlineAndNoCaret() {
        let field = makeField(.filled, text: "Read only", enabled: false)
        field.focus(at: 0)
        XCTAssertFalse(field.isFocused)
        let canvas = draw(field)
        XCTAssertEqual(canvas.fills.first?.color, scheme.onSurface.withAlpha(0.04))
        XCTAssertEqual(canvas.fills[1].path.contours.count, 1, "a solid underline, as MDC draws it")
        XCTAssertEqual(canvas.fills[1].color, scheme.onSurface.withAlpha(0.06))
        XCTAssertEqual(canvas.texts.first { $0.text == "Read only" }?.color, scheme.onSurface.withAlpha(0.38))
    }

    func testLabelFontShrinksSmoothlyInQuarterPixels() {
        let field = makeField(.filled)
        field.focus(at: 0)
        let sizes = stride(from: 0.0, through: 0.15, by: 0.01).map { time in
            draw(field, time: time).texts.first { $0.text == "Label" }!.font.pixelSize
        }
        XCTAssertEqual(sizes.first, 16)
        XCTAssertEqual(sizes.last, 12)
        XCTAssertEqual(sizes, sizes.sorted(by: >))
        XCTAssertTrue(sizes.allSatisfy { ($0 * 4).rounded() == $0 * 4 })
        XCTAssertGreaterThan(Set(sizes).count, 6, "many intermediate sizes, not a jump")
    }
}
