import XCTest
@testable import MaterialFields

/// RAGTextField's placeholder modes, hint and text background, in the model. With the fake
/// measurer a 16 px font is 16 px tall (ascent 12, descent 4) and 8 px a cluster; the hint's
/// default 16 px font takes 21 px lines (4/3 of its size).
final class RAGPlaceholderModeTests: XCTestCase {
    func testTheTruthTableOfEveryMode() {
        // (mode, hasText, isEditing) -> (floats, isVisible)
        let table: [(PlaceholderMode, Bool, Bool, Bool, Bool)] = [
            (.scalesWhenEditing, false, false, false, true),
            (.scalesWhenEditing, false, true, true, true),
            (.scalesWhenEditing, true, false, true, true),
            (.scalesWhenEditing, true, true, true, true),
            (.scalesWhenNotEmpty, false, false, false, true),
            (.scalesWhenNotEmpty, false, true, false, true),
            (.scalesWhenNotEmpty, true, false, true, true),
            (.scalesWhenNotEmpty, true, true, true, true),
            (.scalesAlways, false, false, true, true),
            (.scalesAlways, false, true, true, true),
            (.scalesAlways, true, false, true, true),
            (.scalesAlways, true, true, true, true),
            (.simple, false, false, false, true),
            (.simple, false, true, false, true),
            (.simple, true, false, false, false),
            (.simple, true, true, false, false),
        ]
        XCTAssertEqual(Set(table.map(\.0)), Set(PlaceholderMode.allCases), "every mode is in the table")
        for (mode, hasText, isEditing, floats, visible) in table {
            let context = "\(mode) text \(hasText) editing \(isEditing)"
            XCTAssertEqual(mode.floats(hasText: hasText, isEditing: isEditing), floats, context)
            XCTAssertEqual(mode.isVisible(hasText: hasText), visible, context)
        }
    }

    private func ragField(_ mode: PlaceholderMode, placeholder: String = "Name", text: String = "") -> TextField {
        let field = TextField(identifier: "rag", style: .rag, placeholder: placeholder, text: text)
        field.placeholderMode = mode
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        return field
    }

    func testTheFieldsLabelPositionInEveryModeAndState() {
        // (mode, hasText, isEditing) -> where the placeholder stands
        let table: [(PlaceholderMode, Bool, Bool, LabelPosition)] = [
            (.scalesWhenEditing, false, false, .resting),
            (.scalesWhenEditing, false, true, .floating),
            (.scalesWhenEditing, true, false, .floating),
            (.scalesWhenEditing, true, true, .floating),
            (.scalesWhenNotEmpty, false, false, .resting),
            (.scalesWhenNotEmpty, false, true, .resting),
            (.scalesWhenNotEmpty, true, false, .floating),
            (.scalesWhenNotEmpty, true, true, .floating),
            (.scalesAlways, false, false, .floating),
            (.scalesAlways, false, true, .floating),
            (.scalesAlways, true, false, .floating),
            (.scalesAlways, true, true, .floating),
            (.simple, false, false, .resting),
            (.simple, false, true, .resting),
            (.simple, true, false, .none),
            (.simple, true, true, .none),
        ]
        for (mode, hasText, isEditing, expected) in table {
            let field = ragField(mode, text: hasText ? "x" : "")
            if isEditing { XCTAssertTrue(field.focus(at: 0)) }
            let context = "\(mode) text \(hasText) editing \(isEditing)"
            XCTAssertEqual(field.labelPosition, expected, context)
            XCTAssertFalse(field.isPlaceholderVisible, "a RAG placeholder shows as the label only: \(context)")
        }
    }

    func testThePositionFollowsTypingAndFocus() {
        let field = ragField(.scalesWhenEditing)
        XCTAssertEqual(field.labelPosition, .resting)
        field.focus(at: 0)
        XCTAssertEqual(field.labelPosition, .floating)
        field.insert("a", at: 1)
        field.endEditing(at: 2)
        XCTAssertEqual(field.labelPosition, .floating, "text keeps it up")
        field.text = ""
        XCTAssertEqual(field.labelPosition, .resting)

        let simple = ragField(.simple)
        simple.focus(at: 0)
        XCTAssertEqual(simple.labelPosition, .resting)
        simple.insert("a", at: 1)
        XCTAssertEqual(simple.labelPosition, .none, "the simple placeholder goes as text comes")
    }

    func testWithoutAPlaceholderThereIsNoLabelInAnyMode() {
        for mode in PlaceholderMode.allCases {
            let field = ragField(mode, placeholder: "")
            field.focus(at: 0)
            XCTAssertEqual(field.labelPosition, .none, "\(mode)")
            XCTAssertNil(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: true)?.label, "\(mode)")
        }
    }

    func testTheDrawnPlaceholderStandsWhereItsPositionSays() throws {
        for mode in PlaceholderMode.allCases {
            for hasText in [false, true] {
                let field = ragField(mode, text: hasText ? "x" : "")
                field.settle()
                let layout = try XCTUnwrap(field.layout)
                let label = field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)?.label
                let context = "\(mode) text \(hasText)"
                switch field.labelPosition {
                case .none:
                    XCTAssertNil(label, context)
                case .resting:
                    XCTAssertEqual(label?.text, "Name", context)
                    XCTAssertEqual(label?.origin.y, layout.restingLabel?.origin.y, context)
                case .floating:
                    XCTAssertEqual(label?.text, "Name", context)
                    XCTAssertEqual(label?.origin.y, layout.floatingLabel?.origin.y, context)
                    XCTAssertLessThanOrEqual(try XCTUnwrap(label?.origin.y), layout.textLine.minY, "\(context): above the text")
                }
            }
        }
    }

    func testEveryModeButSimpleKeepsRoomForTheFloatingPlaceholder() throws {
        for mode in PlaceholderMode.allCases {
            let layout = try XCTUnwrap(ragField(mode).layout)
            XCTAssertEqual(layout.textLine.minY, mode == .simple ? 0 : 16, "\(mode)")
            XCTAssertEqual(layout.preferredHeight, mode == .simple ? 24 : 40, "\(mode)")
        }
    }

    func testTheFloatingScaleShrinksTheFloatingPlaceholderAndItsRoom() throws {
        let field = ragField(.scalesAlways)
        field.placeholderScaleWhenEditing = 0.75
        let layout = try XCTUnwrap(field.layout)
        XCTAssertEqual(layout.floatingLabel?.font.pixelSize, 12)
        XCTAssertEqual(layout.restingLabel?.font.pixelSize, 16)
        XCTAssertEqual(layout.textLine.minY, 12, "12 px of floating placeholder above the text")
    }
}

/// The hint: nil reserves nothing, any other value (even "") reserves its lines.
final class RAGHintTests: XCTestCase {
    private func ragField(hint: String? = nil, width: Double = 300) -> TextField {
        let field = TextField(identifier: "rag", style: .rag, placeholder: "Name")
        field.hint = hint
        field.layOut(width: width, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        return field
    }

    func testANilHintReservesNoRow() throws {
        let field = ragField()
        let layout = try XCTUnwrap(field.layout)
        XCTAssertNil(layout.assistiveRow)
        XCTAssertEqual(field.preferredHeight, 40)
    }

    func testAnEmptyHintReservesItsRow() throws {
        let field = ragField(hint: "")
        let layout = try XCTUnwrap(field.layout)
        let row = try XCTUnwrap(layout.assistiveRow)
        XCTAssertEqual(row.height, 21)
        XCTAssertEqual(row.minY, 40, "below the text")
        XCTAssertEqual(field.preferredHeight, 61)
        XCTAssertEqual(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)?.assistive, [], "nothing drawn in it")
    }

    func testSettingAHintGrowsTheFieldAndTellsTheScene() throws {
        let field = TextField(identifier: "rag", style: .rag, placeholder: "Name")
        let (scene, _) = makeUIKitScene([field])
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertEqual(scene.frame(of: field)?.height, 40)
        field.hint = ""
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        XCTAssertEqual(scene.frame(of: field)?.height, 61, "the page is arranged again")
        field.hint = nil
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 2)
        XCTAssertEqual(scene.frame(of: field)?.height, 40)
    }

    func testLayoutAlwaysIncludesHintReservesTheRowWhileTheHintIsNil() throws {
        let field = ragField()
        field.layoutAlwaysIncludesHint = true
        XCTAssertNotNil(field.layout?.assistiveRow)
        XCTAssertEqual(field.preferredHeight, 61)
        field.hint = "Shown later"
        XCTAssertEqual(field.preferredHeight, 61, "a one-line hint moves nothing")
        field.hint = nil
        XCTAssertEqual(field.preferredHeight, 61)
        field.layoutAlwaysIncludesHint = false
        XCTAssertEqual(field.preferredHeight, 40)
    }

    func testAMultiLineHintGrowsTheField() throws {
        let field = ragField(hint: "line one\nline two")
        XCTAssertEqual(field.layout?.assistiveRow?.height, 42)
        XCTAssertEqual(field.preferredHeight, 82)
        let drawn = field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)?.assistive ?? []
        XCTAssertEqual(drawn.map(\.text), ["line one", "line two"])
        XCTAssertEqual(drawn[1].origin.y - drawn[0].origin.y, 21)
    }

    func testALongHintWrapsToTheFieldsWidth() throws {
        // 30 clusters of 8 px in a 100 px row: three lines.
        let field = ragField(hint: "aaaaaaaaa bbbbbbbbb ccccccccc", width: 100)
        XCTAssertEqual(field.layout?.assistiveRow?.height, 63)
        XCTAssertEqual(field.preferredHeight, 40 + 63)
        XCTAssertEqual(field.sizeThatFits(width: 100)?.height, 103, "sizeThatFits agrees")
        XCTAssertEqual(field.sizeThatFits(width: 300)?.height, 61, "one line at 300")
    }

    func testTheHintFollowsTheTextAlignment() throws {
        let field = ragField(hint: "Hint")
        for (alignment, x) in [(TextAlignment.natural, 0.0), (.center, (300.0 - 32) / 2), (.right, 300.0 - 32)] {
            field.textAlignment = alignment
            let hint = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)?.assistive.first)
            XCTAssertEqual(hint.text, "Hint")
            XCTAssertEqual(hint.origin.x, x, "\(alignment)")
        }
    }

    func testAnErrorMessageTakesTheHintsPlace() {
        let field = ragField(hint: "Hint")
        field.errorMessage = "Wrong"
        XCTAssertEqual(field.displayedLeadingAssistiveText, "Wrong")
        field.errorMessage = nil
        XCTAssertEqual(field.displayedLeadingAssistiveText, "Hint")
    }

    func testAMaterialFieldReservesAHintRowToo() {
        let field = makeField(.filled)
        XCTAssertEqual(field.preferredHeight, 56)
        field.hint = ""
        XCTAssertEqual(field.preferredHeight, 76, "56 + 4 + 16")
    }
}

/// `textPaddingMode`: what the text background wraps, with `textPadding` around it.
final class RAGTextPaddingTests: XCTestCase {
    private let padding = EdgeInsets(top: 4, left: 6, bottom: 5, right: 7)

    private func ragField(_ mode: TextPaddingMode) -> TextField {
        let field = TextField(identifier: "rag", style: .rag, placeholder: "Name", text: "text")
        field.hint = "Hint"
        field.textPadding = padding
        field.textPaddingMode = mode
        field.textBackground = .underline(UnderlineBackground())
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        return field
    }

    /// The floating placeholder's glyph box: its baseline less the ascent, plus ascent and descent.
    private func placeholderBox(_ layout: FieldLayout) throws -> Rect {
        let floating = try XCTUnwrap(layout.floatingLabel)
        let size = floating.font.pixelSize
        return Rect(x: floating.origin.x, y: floating.origin.y - size * 0.75, width: floating.width, height: size)
    }

    private func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY && inner.maxY <= outer.maxY
    }

    func testTheBackgroundOfEachModeAndWhatItWraps() throws {
        // mode -> (background, placeholder inside, hint inside)
        let expected: [(TextPaddingMode, Rect, Bool, Bool)] = [
            (.text, Rect(x: 0, y: 16, width: 300, height: 33), false, false),
            (.textAndPlaceholder, Rect(x: 0, y: 0, width: 300, height: 49), true, false),
            (.textAndHint, Rect(x: 0, y: 16, width: 300, height: 54), false, true),
            (.textAndPlaceholderAndHint, Rect(x: 0, y: 0, width: 300, height: 70), true, true),
        ]
        XCTAssertEqual(expected.map(\.0), TextPaddingMode.allCases)
        for (mode, background, wrapsPlaceholder, wrapsHint) in expected {
            let layout = try XCTUnwrap(ragField(mode).layout)
            let rect = try XCTUnwrap(layout.textBackground, "\(mode)")
            XCTAssertEqual(rect, background, "\(mode)")

            // The text always, with the padding at its sides.
            XCTAssertTrue(contains(rect, layout.textLine), "\(mode): the text")
            XCTAssertEqual(layout.textLine.minX - rect.minX, padding.left, "\(mode)")
            XCTAssertEqual(rect.maxX - layout.textLine.maxX, padding.right, "\(mode)")

            let placeholder = try placeholderBox(layout)
            let hint = try XCTUnwrap(layout.assistiveRow)
            XCTAssertEqual(contains(rect, placeholder), wrapsPlaceholder, "\(mode): the placeholder")
            XCTAssertEqual(contains(rect, hint), wrapsHint, "\(mode): the hint")

            // Top padding above what is wrapped first, bottom padding below what is wrapped last.
            let top = wrapsPlaceholder ? placeholder.minY : layout.textLine.minY
            XCTAssertEqual(top - rect.minY, padding.top, "\(mode): top padding")
            let bottom = wrapsHint ? hint.maxY : layout.textLine.maxY
            XCTAssertEqual(rect.maxY - bottom, padding.bottom, "\(mode): bottom padding")
            // What is not wrapped stays outside.
            if !wrapsPlaceholder { XCTAssertLessThanOrEqual(placeholder.maxY, rect.minY, "\(mode)") }
            if !wrapsHint { XCTAssertGreaterThanOrEqual(hint.minY, rect.maxY, "\(mode)") }
            XCTAssertEqual(layout.preferredHeight, max(hint.maxY, rect.maxY), "\(mode)")
            XCTAssertEqual(hint.minX, padding.left, "\(mode): the hint lines up with the text")
        }
    }

    func testTheUnderlineIsDrawnAlongTheBackgroundsBottom() throws {
        for mode in TextPaddingMode.allCases {
            let field = ragField(mode)
            let rect = try XCTUnwrap(field.layout?.textBackground)
            let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: Point(x: 10, y: 20), scheme: .light, showsCaret: false))
            XCTAssertEqual(appearance.shapes.first?.path, .rectangle(Rect(x: 10, y: 20 + rect.maxY - 1, width: 300, height: 1)), "\(mode)")
        }
    }

    func testAnOutlineIsDrawnAroundTheBackgroundRect() throws {
        let field = ragField(.textAndPlaceholderAndHint)
        field.textBackground = .outline(OutlineBackground(cornerRadius: 0, lineWidth: 1))
        let rect = try XCTUnwrap(field.layout?.textBackground)
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(appearance.shapes.first?.path, .roundedRectangleStroke(rect, radii: CornerRadii(all: 0), width: 1))
    }

    func testWithoutAHintTheHintModesWrapTheTextAlone() throws {
        let field = ragField(.textAndHint)
        field.hint = nil
        let layout = try XCTUnwrap(field.layout)
        XCTAssertNil(layout.assistiveRow)
        XCTAssertEqual(layout.textBackground, Rect(x: 0, y: 16, width: 300, height: 33))
    }

    func testNegativeAndNonFinitePaddingCountsAsZero() throws {
        let field = ragField(.text)
        field.textPadding = EdgeInsets(top: -5, left: .nan, bottom: .infinity, right: -1)
        let layout = try XCTUnwrap(field.layout)
        XCTAssertEqual(layout.textLine.minX, 0)
        XCTAssertEqual(layout.textLine.maxX, 300)
        XCTAssertEqual(layout.textBackground, Rect(x: 0, y: 16, width: 300, height: 24))
    }
}
