import XCTest
import MaterialFields

/// A container family defined outside the library: a solid block under the field and a bar along
/// its bottom that widens as the field activates. Only the public API is used.
private struct BlockPainter: ContainerPainter {
    var fill: Color

    var identifier: String { "test-block-\(fill.red)-\(fill.green)-\(fill.blue)" }

    func paint(_ context: ContainerPaintContext) -> ContainerPaint {
        let box = context.container
        let bar = Rect(x: box.minX, y: box.maxY - 3, width: box.width * context.activation, height: 3)
        var shapes = [ShapeFill(path: .rectangle(box), color: fill)]
        if context.activation > 0 { shapes.append(ShapeFill(path: .rectangle(bar), color: context.scheme.primary)) }
        return ContainerPaint(shapes: shapes, background: fill)
    }
}

final class ContainerPainterTests: XCTestCase {
    private let green = Color(hex: 0x00C853)
    private var blockStyle: FieldStyle { FieldStyle.filled.withPainter(BlockPainter(fill: green)) }

    private func appearance(_ field: TextField, at time: Double = 10) -> FieldAppearance {
        field.appearance(at: time, origin: Point(x: 5, y: 7), scheme: .light, showsCaret: true)!
    }

    func testAPainterOfYourOwnDrawsTheContainer() {
        let field = TextField(identifier: "block", style: blockStyle, label: "Label")
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: FakeMeasurer())
        let resting = appearance(field)
        XCTAssertEqual(resting.shapes, [ShapeFill(path: .rectangle(Rect(x: 5, y: 7, width: 200, height: 56)), color: green)],
                       "the painter's block and nothing of the filled container")
        XCTAssertEqual(resting.label?.text, "Label", "the rest of the field is drawn as before")

        _ = field.focus(at: 0)
        let active = appearance(field, at: 10)
        XCTAssertEqual(active.shapes.count, 2)
        XCTAssertEqual(active.shapes.last, ShapeFill(path: .rectangle(Rect(x: 5, y: 60, width: 200, height: 3)),
                                                     color: ColorScheme.light.primary), "the bar at full width once active")
    }

    func testItsBackgroundIsWhatATextAreasFadesAreDrawnIn() {
        let field = TextField(identifier: "area", style: blockStyle, kind: .textArea, label: "Notes", text: "1\n2\n3\n4\n5\n6")
        field.layOut(width: 104, metrics: MaterialMetrics(), measurer: FakeMeasurer())
        let fades = appearance(field).fades
        XCTAssertFalse(fades.isEmpty, "more text below: a fade")
        XCTAssertTrue(fades.allSatisfy { $0.color.withAlpha(1) == green.withAlpha(1) })
    }

    func testStylesCompareTheirPaintersByIdentifier() {
        XCTAssertNotEqual(blockStyle, .filled)
        XCTAssertEqual(blockStyle, FieldStyle.filled.withPainter(BlockPainter(fill: green)))
        XCTAssertNotEqual(blockStyle, FieldStyle.filled.withPainter(BlockPainter(fill: Color(hex: 0xFF0000))))
        // A style given its built-in painter explicitly is the same style.
        XCTAssertEqual(FieldStyle.filled.withPainter(FilledContainerPainter()), .filled)
        XCTAssertEqual(FieldStyle.filled.withPainter(FilledContainerPainter()).hashValue, FieldStyle.filled.hashValue)
        XCTAssertEqual(FieldStyle.plain(.bezel).painter.identifier, ContainerKind.bezel.rawValue)
        XCTAssertEqual(FieldStyle.outlined.painter.identifier, "outlined")
    }

    func testChangingTheFieldsPainterRedrawsIt() {
        let field = TextField(identifier: "f", style: .filled, label: "Label")
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: FakeMeasurer())
        XCTAssertNotEqual(appearance(field).shapes.first?.color, green)
        field.style = blockStyle
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: FakeMeasurer())
        XCTAssertEqual(appearance(field).shapes.first?.color, green)
    }
}
