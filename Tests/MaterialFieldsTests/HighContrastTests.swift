import XCTest
import MaterialFields

/// The high-contrast schemes: opaque text and strong boundaries, a filled container edged, the
/// focused boundary 3 px, the selection in inverse video and the app's colours forced to the
/// scheme's; Material's schemes unchanged. (The contrast itself is measured from pixels in
/// QAToolsTests' `ContrastTests`.)
final class HighContrastTests: XCTestCase {
    private let red = Color(hex: 0xFF0000)

    private func settledAppearance(_ field: TextField, scheme: ColorScheme, focused: Bool = false) -> FieldAppearance {
        if focused { _ = field.focus(at: 0) }
        return field.advancedAppearance(at: 10, origin: Point(x: 10, y: 20), scheme: scheme, showsCaret: true)!
    }

    func testHighContrastTextIsOpaqueOrAtThreeQuartersAndTheSelectionIsInverseVideo() {
        // Given the high-contrast light scheme
        let scheme = ColorScheme.highContrastLight
        XCTAssertEqual(scheme.contrast, .high)
        XCTAssertEqual(ColorScheme.light.contrast, .standard)
        // When a field's colours are resolved at rest and being edited
        let resting = FieldColors.resolve(scheme: scheme, state: .normal)
        let editing = FieldColors.resolve(scheme: scheme, state: .editing)
        // Then the input text is opaque, secondary texts and the outline at 75 %, the focused label opaque primary
        XCTAssertEqual(resting.inputText, scheme.onSurface)
        for color in [resting.restingLabel, resting.placeholder, resting.leadingAssistiveText, resting.trailingAssistiveText,
                      resting.icon, resting.outline] {
            XCTAssertEqual(color, scheme.onSurface.withAlpha(0.75))
        }
        XCTAssertEqual(resting.underline, scheme.onSurface, "the filled field's bottom line stays the stronger one")
        XCTAssertEqual(editing.floatingLabel, scheme.primary)
        XCTAssertEqual(scheme.highEmphasisText, scheme.onSurface)
        XCTAssertEqual(scheme.mediumEmphasisText, scheme.onSurface.withAlpha(0.75))
        // and the selection is opaque primary with the selected text in the surface colour
        XCTAssertEqual(editing.selection, scheme.primary)
        XCTAssertEqual(editing.selectedText, scheme.surface)
        // while Material's scheme keeps its table: 87 %, 60 %, a 24 % tint under the text's own colour
        let material = FieldColors.resolve(scheme: .light, state: .editing)
        XCTAssertEqual(material.inputText, ColorScheme.light.onSurface.withAlpha(0.87))
        XCTAssertEqual(material.restingLabel, ColorScheme.light.onSurface.withAlpha(0.60))
        XCTAssertEqual(material.selection, ColorScheme.light.primary.withAlpha(0.24))
        XCTAssertNil(material.selectedText)
        XCTAssertEqual(ColorScheme.light.mediumEmphasisText, ColorScheme.light.onSurface.withAlpha(0.60))
    }

    func testHighContrastForcesItsColoursOverTheApps() {
        // Given colours the app set for the label, the text and the outline
        var overrides = FieldColorOverrides()
        overrides[.normalLabel, .normal] = red
        overrides[.text, .normal] = red
        overrides[.outline, .normal] = red
        // Then Material's scheme uses them and high contrast does not
        let material = FieldColors.resolve(scheme: .light, state: .normal, overrides: overrides)
        XCTAssertEqual([material.restingLabel, material.inputText, material.outline], [red, red, red])
        let high = FieldColors.resolve(scheme: .highContrastDark, state: .normal, overrides: overrides)
        XCTAssertFalse([high.restingLabel, high.inputText, high.outline].contains(red))

        // and a RAG field's placeholder, hint and line colours give way too
        let rag = TextField(identifier: "rag", style: .rag, placeholder: "City")
        rag.placeholderColor = red
        rag.hint = "As on your passport"
        rag.hintColor = red
        rag.textBackground = .underline(UnderlineBackground(lineColor: red, focusedLineColor: red))
        rag.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let standard = settledAppearance(rag, scheme: .light)
        XCTAssertEqual(standard.label?.color, red)
        XCTAssertEqual(standard.assistive.first?.color, red)
        XCTAssertEqual(standard.shapes.first?.color, red)
        let forced = settledAppearance(rag, scheme: .highContrastLight)
        XCTAssertEqual(forced.label?.color, ColorScheme.highContrastLight.mediumEmphasisText)
        XCTAssertEqual(forced.assistive.first?.color, ColorScheme.highContrastLight.mediumEmphasisText)
        XCTAssertFalse(forced.shapes.contains { $0.color == red })
    }

    func testAHighContrastFilledFieldIsEdgedAndItsFocusedEdgeAndIndicatorAreThreePixels() {
        let container = Rect(x: 10, y: 20, width: 300, height: 56)
        let scheme = ColorScheme.highContrastLight
        // Given a filled field at rest in high contrast: tint, a 1 px edge in the outline colour, the underline
        let resting = settledAppearance(makeField(.filled), scheme: scheme)
        XCTAssertEqual(resting.shapes[1], ShapeFill(path: .roundedRectangleStroke(container, radii: .top(4), width: 1),
                                                    color: scheme.onSurface.withAlpha(0.75)))
        // When it is focused
        let focused = settledAppearance(makeField(.filled), scheme: scheme, focused: true)
        // Then the edge is 3 px of primary, and so is the indicator along the bottom
        XCTAssertEqual(focused.shapes[1], ShapeFill(path: .roundedRectangleStroke(container, radii: .top(4), width: 3),
                                                    color: scheme.primary))
        XCTAssertEqual(focused.shapes.last, ShapeFill(path: .rectangle(Rect(x: 10, y: 73, width: 300, height: 3)), color: scheme.primary))

        // Material's filled field has no edge, and a 2 px indicator
        let material = settledAppearance(makeField(.filled), scheme: .light, focused: true)
        XCTAssertEqual(material.shapes.count, 3, "tint, underline, indicator")
        XCTAssertEqual(material.shapes.last?.path, .rectangle(Rect(x: 10, y: 74, width: 300, height: 2)))
    }

    func testTheFocusedOutlineIsThreePixelsInHighContrastAndTwoInMaterials() {
        let container = Rect(x: 10, y: 20, width: 300, height: 56)
        for (scheme, width) in [(ColorScheme.highContrastDark, 3.0), (.dark, 2.0)] {
            let field = makeField(.outlined, label: "")
            let outline = settledAppearance(field, scheme: scheme, focused: true).shapes.first
            XCTAssertEqual(outline, ShapeFill(path: .roundedRectangleStroke(container, radii: CornerRadii(all: 4), width: width),
                                              color: scheme.primary), "\(scheme.contrast)")
        }
        XCTAssertEqual(MaterialMetrics(scale: 2).focusedStrokeWidth(for: .high), 6)
        XCTAssertEqual(MaterialMetrics(scale: 1.25).focusedStrokeWidth(for: .high), 4, "whole pixels")
        XCTAssertEqual(MaterialMetrics().strokeWidth(activation: 0.5, contrast: .high), 2)
        XCTAssertEqual(MaterialMetrics().strokeWidth(activation: 0.5, contrast: .standard), MaterialMetrics().strokeWidth(activation: 0.5))
    }

    func testInverseVideoDrawsTheSelectionOverTheTextAndTheSelectedTextAgainInsideIt() {
        // Given a focused high-contrast field with its first three letters selected
        let scheme = ColorScheme.highContrastLight
        let field = makeField(.outlined, text: "Ada Lovelace")
        _ = field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 3)
        // When it is drawn
        let commands = field.drawn(at: 10, scheme: scheme).commands
        // Then the text is drawn, then the selection's rectangle in primary, then the text again in
        // white clipped to that rectangle
        let texts = commands.indices.filter { if case .text("Ada Lovelace", _, _, _) = commands[$0] { return true } else { return false } }
        XCTAssertEqual(texts.count, 2, "the text, then the selected text")
        guard texts.count == 2, let second = texts.last, second >= 2, second + 1 < commands.count,
              case .text(_, _, _, let ownColor) = commands[texts[0]], case .text(_, _, _, let selectedColor) = commands[second],
              case .fill(let path, let fillColor) = commands[second - 2], case .pushClip(let clip) = commands[second - 1],
              case .popClip = commands[second + 1] else { return XCTFail("\(commands)") }
        XCTAssertEqual(texts[0], second - 3, "the selection is filled right after the text")
        XCTAssertEqual(fillColor, scheme.primary)
        XCTAssertEqual(ownColor, scheme.onSurface)
        XCTAssertEqual(clip, path.bounds)
        XCTAssertEqual(selectedColor, scheme.surface)

        // Material's selection stays a tint under the text, drawn once
        let material = field.drawn(at: 10, scheme: .light)
        XCTAssertEqual(material.texts.filter { $0.text == "Ada Lovelace" }.count, 1)
    }
}
