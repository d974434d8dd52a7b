import XCTest
@testable import MaterialFields

/// Material 3's filled and outlined fields against Material Web's v0_192 tokens and field spaces:
/// each row names the token and writes its number at scale 1, so a number changed in
/// `Material3Tokens` (or a layout that stops following it) fails here, at scale 1 and 2.
final class Material3GeometryTests: XCTestCase {
    private struct Row {
        var token: String
        var expected: Double
        var measured: Double?
    }

    private func check(_ rows: [Row], scale: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for row in rows {
            XCTAssertEqual(row.measured, row.expected * scale, "\(what) at scale \(scale): \(row.token)", file: file, line: line)
        }
    }

    private func input(_ style: FieldStyle, kind: FieldKind = .textField, label: String = "Label", rows: Double = 1,
                       density: Double = 0, icons: Bool = false, assistive: Bool = false, scale: Double,
                       design: MaterialDesign = .m3) -> FieldLayoutInput {
        var input = FieldLayoutInput(style: style, kind: kind, density: density, label: label, hasLeadingIcon: icons,
                                     hasTrailingIcon: icons, hasClearButton: icons, visibleRows: rows,
                                     assistiveLineCount: assistive ? 1 : 0, width: 300 * scale,
                                     metrics: MaterialMetrics(scale: scale, design: design))
        if icons { input.prefix = "$"; input.suffix = "kg" }
        return input
    }

    private func layout(_ input: FieldLayoutInput) -> FieldLayout { FieldLayout.compute(input, measurer: FakeMeasurer()) }

    /// The top of the line box a label's baseline was centred in (the fake font: ascent 0.75 em,
    /// descent 0.25 em, so the baseline sits (line - size) / 2 + 0.75 size below the line's top).
    private func lineTop(_ placement: LabelPlacement?, lineHeight: Double) -> Double? {
        placement.map { $0.origin.y - ((lineHeight - $0.font.pixelSize) / 2 + 0.75 * $0.font.pixelSize) }
    }

    func testFilledFieldFollowsTheTokensAtScaleOneAndTwo() {
        for scale in [1.0, 2.0] {
            let frames = layout(input(.filled, assistive: true, scale: scale))
            let bare = layout(input(.filled, label: "", scale: scale))
            let icons = layout(input(.filled, icons: true, scale: scale))
            let width = 300 * scale
            check([
                Row(token: "filled-field top-space + body-large line-height + bottom-space", expected: 56, measured: frames.container.height),
                Row(token: "filled-field.with-label-top-space (floating label's line top)", expected: 8,
                    measured: lineTop(frames.floatingLabel, lineHeight: 16 * scale)),
                Row(token: "filled-text-field.label-text.populated.size (body-small)", expected: 12, measured: frames.floatingLabel?.font.pixelSize),
                Row(token: "with-label-top-space + label-text.populated.line-height (text top)", expected: 24, measured: frames.textLine.minY),
                Row(token: "filled-text-field.input-text.line-height (body-large)", expected: 24, measured: frames.textLine.height),
                Row(token: "filled-text-field.input-text.size (body-large)", expected: 16, measured: frames.textFont.pixelSize),
                Row(token: "filled-field.with-label-bottom-space", expected: 8, measured: frames.container.maxY - frames.textLine.maxY),
                Row(token: "filled-field.top-space (resting label's line top)", expected: 16,
                    measured: lineTop(frames.restingLabel, lineHeight: 24 * scale)),
                Row(token: "filled-text-field.label-text.size (body-large)", expected: 16, measured: frames.restingLabel?.font.pixelSize),
                Row(token: "filled-field.leading-space", expected: 16, measured: frames.textLine.minX),
                Row(token: "filled-field.trailing-space", expected: 16, measured: width - frames.textLine.maxX),
                Row(token: "filled-field.top-space (no label)", expected: 16, measured: bare.textLine.minY),
                Row(token: "filled-field.bottom-space (no label)", expected: 16, measured: bare.container.maxY - bare.textLine.maxY),
                Row(token: "filled-field.supporting-text-top-space", expected: 4, measured: frames.assistiveRow.map { $0.minY - frames.container.maxY }),
                Row(token: "filled-field.supporting-text-leading-space", expected: 16, measured: frames.assistiveRow?.minX),
                Row(token: "filled-field.supporting-text-trailing-space", expected: 16, measured: frames.assistiveRow.map { width - $0.maxX }),
                Row(token: "filled-text-field.supporting-text.line-height (body-small)", expected: 16, measured: frames.assistiveRow?.height),
                Row(token: "filled-text-field.supporting-text.size (body-small)", expected: 12, measured: frames.assistiveFont.pixelSize),
                Row(token: "filled-field.with-leading-content-leading-space", expected: 12, measured: icons.leadingIcon?.minX),
                Row(token: "filled-text-field.leading-icon.size", expected: 24, measured: icons.leadingIcon?.width),
                Row(token: "leading icon centred: (56 - 24) / 2", expected: 16, measured: icons.leadingIcon?.minY),
                Row(token: "filled-field.with-trailing-content-trailing-space", expected: 12, measured: icons.trailingIcon.map { width - $0.maxX }),
                Row(token: "filled-text-field.trailing-icon.size", expected: 24, measured: icons.trailingIcon?.height),
                Row(token: "clear button 8 px inside the trailing icon (project's)", expected: 8,
                    measured: icons.trailingIcon.flatMap { icon in icons.clearButton.map { icon.minX - $0.maxX } }),
                Row(token: "filled-field.content-space (icon to prefix)", expected: 12 + 24 + 16, measured: icons.prefix?.origin.x),
                Row(token: "filled-field.content-space (clear button to suffix)", expected: 16,
                    measured: icons.clearButton.flatMap { button in icons.suffix.map { button.minX - ($0.origin.x + $0.width) } }),
                Row(token: "input-text-prefix-trailing-space", expected: 2,
                    measured: icons.prefix.map { icons.textLine.minX - ($0.origin.x + $0.width) }),
                Row(token: "input-text-suffix-leading-space", expected: 2, measured: icons.suffix.map { $0.origin.x - icons.textLine.maxX }),
                Row(token: "floating label over the text beside an icon (label-wrapper in .middle)", expected: 52,
                    measured: icons.floatingLabel?.origin.x),
            ], scale: scale, "filled")
            XCTAssertNil(frames.notch)
            XCTAssertEqual(frames.overhangTop, 0)
        }
    }

    func testOutlinedFieldFollowsTheTokensAtScaleOneAndTwo() {
        for scale in [1.0, 2.0] {
            let frames = layout(input(.outlined, assistive: true, scale: scale))
            let icons = layout(input(.outlined, icons: true, scale: scale))
            let width = 300 * scale
            let labelWidth = 5 * 12 * scale / 2
            check([
                Row(token: "outlined-field top-space + body-large line-height + bottom-space", expected: 56, measured: frames.container.height),
                Row(token: "outlined-field.top-space (text top, label or not)", expected: 16, measured: frames.textLine.minY),
                Row(token: "outlined-field.bottom-space", expected: 16, measured: frames.container.maxY - frames.textLine.maxY),
                Row(token: "outlined-field.label-text-padding-bottom - populated line-height (label on the outline)", expected: -8,
                    measured: lineTop(frames.floatingLabel, lineHeight: 16 * scale)),
                Row(token: "overhang: the label's line above the outline", expected: 8, measured: frames.overhangTop),
                Row(token: "outlined-field.top-space (resting label)", expected: 16, measured: lineTop(frames.restingLabel, lineHeight: 24 * scale)),
                Row(token: "outlined-field.leading-space (floating label)", expected: 16, measured: frames.floatingLabel?.origin.x),
                Row(token: "leading-space - outline-label-padding (notch start)", expected: 12, measured: frames.notch?.lowerBound),
                Row(token: "notch end: label + outline-label-padding", expected: 16 + 4 + labelWidth / scale, measured: frames.notch?.upperBound),
                Row(token: "floating label at leading-space beside an icon (it sits in the notch)", expected: 16, measured: icons.floatingLabel?.origin.x),
                Row(token: "outlined-field.with-leading-content-leading-space", expected: 12, measured: icons.leadingIcon?.minX),
                Row(token: "outlined-field.content-space", expected: 52, measured: icons.prefix?.origin.x),
                Row(token: "outlined-field.with-trailing-content-trailing-space", expected: 12, measured: icons.trailingIcon.map { width - $0.maxX }),
                Row(token: "outlined-field.supporting-text-top-space", expected: 4, measured: frames.assistiveRow.map { $0.minY - frames.container.maxY }),
                Row(token: "outlined-field.supporting-text-leading-space", expected: 16, measured: frames.assistiveRow?.minX),
            ], scale: scale, "outlined")
        }
    }

    func testALongLabelsNotchStopsAtTheTrailingSpace() {
        // Material Web's notch is at most the width between the leading and trailing spaces,
        // plus its 4 px padding: it ends 12 px from the right, where M2's ends at the corner.
        let long = String(repeating: "x", count: 80)
        XCTAssertEqual(layout(input(.outlined, label: long, scale: 1)).notch?.upperBound, 300 - 16 + 4)
        XCTAssertEqual(layout(input(.outlined, label: long, scale: 1, design: .m2)).notch?.upperBound, 300 - 4)
    }

    func testTextAreasKeepTheFieldsSpacesAroundTheirRows() {
        for scale in [1.0, 2.0] {
            let filled = layout(input(.filled, kind: .textArea, rows: 3, scale: scale))
            let outlined = layout(input(.outlined, kind: .textArea, rows: 3, scale: scale))
            check([
                Row(token: "filled: with-label-top-space 8 + 16 + three 24 px rows + with-label-bottom-space 8", expected: 104,
                    measured: filled.container.height),
                Row(token: "filled: the rows start under the floating label", expected: 24, measured: filled.textLine.minY),
                Row(token: "filled: with-label-bottom-space under the rows", expected: 8, measured: filled.container.maxY - filled.textLine.maxY),
                Row(token: "filled: the label rests on the first row (top-space)", expected: 16,
                    measured: lineTop(filled.restingLabel, lineHeight: 24 * scale)),
                Row(token: "filled: the label floats with-label-top-space down", expected: 8,
                    measured: lineTop(filled.floatingLabel, lineHeight: 16 * scale)),
                Row(token: "outlined: top-space + three rows + bottom-space", expected: 104, measured: outlined.container.height),
                Row(token: "outlined: top-space", expected: 16, measured: outlined.textLine.minY),
                Row(token: "outlined: bottom-space", expected: 16, measured: outlined.container.maxY - outlined.textLine.maxY),
            ], scale: scale, "text area")
        }
    }

    func testDenseIsDensityStepMinusTwo() {
        // M3 has no density token: dense takes 4 px off every vertical space (48 px).
        for scale in [1.0, 2.0] {
            let filled = layout(input(.filled, density: 1, icons: true, scale: scale))
            let bare = layout(input(.filled, label: "", density: 1, scale: scale))
            let outlined = layout(input(.outlined, density: 1, scale: scale))
            let half = layout(input(.outlined, density: 0.5, scale: scale))
            check([
                Row(token: "dense filled: 48", expected: 48, measured: filled.container.height),
                Row(token: "dense filled: with-label-top-space - 4", expected: 4, measured: lineTop(filled.floatingLabel, lineHeight: 16 * scale)),
                Row(token: "dense filled: text under the label", expected: 20, measured: filled.textLine.minY),
                Row(token: "dense filled: with-label-bottom-space - 4", expected: 4, measured: filled.container.maxY - filled.textLine.maxY),
                Row(token: "dense filled: icon centred", expected: 12, measured: filled.leadingIcon?.minY),
                Row(token: "dense filled without label: top-space - 4", expected: 12, measured: bare.textLine.minY),
                Row(token: "dense outlined: 48", expected: 48, measured: outlined.container.height),
                Row(token: "dense outlined: top-space - 4", expected: 12, measured: outlined.textLine.minY),
                Row(token: "dense outlined: the label stays on the outline", expected: -8,
                    measured: lineTop(outlined.floatingLabel, lineHeight: 16 * scale)),
                Row(token: "half density: half way", expected: 52, measured: half.container.height),
            ], scale: scale, "dense")
        }
    }

    func testMaterial2KeepsItsNumbers() {
        let filled = layout(input(.filled, icons: true, scale: 1, design: .m2))
        XCTAssertEqual(filled.textLine.minY, 22.5, "MDC's filled text top")
        XCTAssertEqual(filled.prefix?.origin.x, 12 + 24 + 12, "MDC's 12 px icon gap")
        XCTAssertEqual(layout(input(.filled, density: 1, scale: 1, design: .m2)).container.height, 40)
        XCTAssertEqual(FieldStyle.filled.positioning(density: 0), FieldStyle.filled.positioning(density: 0, design: .m2))
        XCTAssertEqual(MaterialMetrics(design: .m2).iconTextGap, 12)
        XCTAssertEqual(MaterialMetrics(design: .m3).iconTextGap, 16)
    }

    func testPlainAndRAGFieldsKeepTheirNumbersInMaterial3() {
        for style in [FieldStyle.plain(.roundedRect), .rag] {
            var m3 = input(style, icons: true, scale: 1)
            var m2 = input(style, icons: true, scale: 1, design: .m2)
            m3.label = ""; m2.label = ""
            var expected = layout(m2)
            expected.metrics.design = .m2
            XCTAssertEqual(layout(m3), expected, "\(style.name) is UIKit's or RAG's, not Material's")
        }
    }

    // MARK: Painters

    private func paint(_ style: FieldStyle, state: FieldState = .normal, hovered: Bool = false, activation: Double = 0,
                       target: Double? = nil, labelFloat: Double = 1, scale: Double = 1) -> (ContainerPaint, FieldColors, Rect) {
        let container = Rect(x: 10 * scale, y: 20 * scale, width: 300 * scale, height: 56 * scale)
        let colors = FieldColors.resolve(scheme: .light, state: state, isHovered: hovered)
        let context = ContainerPaintContext(container: container, colors: colors, scheme: .light,
                                            metrics: MaterialMetrics(scale: scale, design: .m3), activation: activation,
                                            activationTarget: target ?? activation, labelFloat: labelFloat,
                                            notch: (12 * scale)...(50 * scale), state: state, isHovered: hovered)
        return (style.painter.paint(context), colors, container)
    }

    func testFilledIndicatorIsOnePixelAtRestAndTwoFocusedFadingInAtFullWidth() {
        for scale in [1.0, 2.0] {
            func bottomLine(_ height: Double, in box: Rect) -> Path {
                .rectangle(Rect(x: box.minX, y: box.maxY - height * scale, width: box.width, height: height * scale))
            }
            // md.comp.filled-text-field.container.shape: corner-extra-small-top, 4 px.
            let (resting, colors, box) = paint(.filled, scale: scale)
            XCTAssertEqual(resting.shapes, [ShapeFill(path: .roundedRectangle(box, radii: .top(4 * scale)), color: colors.container),
                                            ShapeFill(path: bottomLine(1, in: box), color: colors.underline)],
                           "box and the 1 px active-indicator.height")
            let (hovered, hoverColors, _) = paint(.filled, hovered: true, scale: scale)
            XCTAssertEqual(hovered.shapes.map(\.path), [.roundedRectangle(box, radii: .top(4 * scale)),
                                                        .roundedRectangle(box, radii: .top(4 * scale)), bottomLine(1, in: box)],
                           "the hover state layer over the box; hover.active-indicator.height 1 px")
            XCTAssertEqual(hovered.shapes[1].color, hoverColors.hoverLayer)
            let (disabled, _, _) = paint(.filled, state: .disabled, scale: scale)
            XCTAssertEqual(disabled.shapes.last?.path, bottomLine(1, in: box), "disabled.active-indicator.height 1 px")
            let (focused, focusColors, _) = paint(.filled, state: .editing, activation: 1, scale: scale)
            XCTAssertEqual(focused.shapes.suffix(2), [ShapeFill(path: bottomLine(1, in: box), color: focusColors.underline),
                                                      ShapeFill(path: bottomLine(2, in: box), color: focusColors.activeIndicator)],
                           "focus.active-indicator.height 2 px over the resting line")
            // Half way in either direction: full width, half opacity (Material Web's opacity fade).
            for target in [1.0, 0.0] {
                let (midway, midColors, _) = paint(.filled, state: .editing, activation: 0.5, target: target, scale: scale)
                XCTAssertEqual(midway.shapes.last, ShapeFill(path: bottomLine(2, in: box),
                                                             color: midColors.activeIndicator.withAlpha(midColors.activeIndicator.alpha * 0.5)))
            }
        }
    }

    func testOutlineIsOnePixelAtRestAndTwoFocusedWithTheNotch() {
        for scale in [1.0, 2.0] {
            func ring(_ width: Double, _ box: Rect, gap: ClosedRange<Double>? = (box.minX + 12 * scale)...(box.minX + 50 * scale)) -> Path {
                .roundedRectangleStroke(box, radii: CornerRadii(all: 4 * scale), width: width * scale, topGap: gap)
            }
            let (resting, colors, box) = paint(.outlined, scale: scale)
            XCTAssertEqual(resting.shapes, [ShapeFill(path: ring(1, box), color: colors.outline)],
                           "outline.width 1 px, corner-extra-small 4 px, the notch open for the floating label")
            let (hovered, hoverColors, _) = paint(.outlined, hovered: true, scale: scale)
            XCTAssertEqual(hovered.shapes, [ShapeFill(path: ring(1, box), color: hoverColors.outline)], "hover.outline.width 1 px")
            let (disabled, disabledColors, _) = paint(.outlined, state: .disabled, scale: scale)
            XCTAssertEqual(disabled.shapes, [ShapeFill(path: ring(1, box), color: disabledColors.outline)], "disabled.outline.width 1 px")
            let (focused, focusColors, _) = paint(.outlined, state: .editing, activation: 1, scale: scale)
            XCTAssertEqual(focused.shapes, [ShapeFill(path: ring(1, box), color: focusColors.activeOutline),
                                            ShapeFill(path: ring(2, box), color: focusColors.activeOutline)],
                           "focus.outline.width 2 px over the 1 px outline, both in the focused colour")
            let (leaving, leavingColors, _) = paint(.outlined, activation: 0.5, target: 0, scale: scale)
            let outline = leavingColors.outline
            XCTAssertEqual(leaving.shapes, [ShapeFill(path: ring(1, box), color: outline),
                                            ShapeFill(path: ring(2, box), color: outline.withAlpha(outline.alpha * 0.5))],
                           "leaving focus: the resting colour at once, the 2 px outline fading out")
            let (closing, _, _) = paint(.outlined, labelFloat: 0.5, scale: scale)
            XCTAssertEqual(closing.shapes.first?.path, ring(1, box, gap: (box.minX + 21.5 * scale)...(box.minX + 40.5 * scale)),
                           "the notch opens from the label's middle with the float")
        }
    }

    // MARK: Motion

    func testTheLabelFloatsByMaterial3sStandardEasingOnTheVirtualClock() {
        let field = TextField(identifier: "m3", style: .filled, label: "Label")
        field.layOut(width: 300, metrics: MaterialMetrics(design: .m3), measurer: FakeMeasurer())
        let resting = field.layout!.restingLabel!.origin.y, floating = field.layout!.floatingLabel!.origin.y
        field.focus(at: 10)
        // md.sys.motion.duration-short3 (150 ms) and easing-standard cubic-bezier(0.2, 0, 0, 1):
        // a quarter of the time in, the curve is at 0.6072 (M2's (0.4, 0, 0.2, 1) would be at 0.2366).
        XCTAssertEqual(field.motion.labelFloat.value(at: 10.0375), 0.6072, accuracy: 1e-3)
        XCTAssertEqual(field.motion.labelFloat.value(at: 10.075), 0.8778, accuracy: 1e-3)
        XCTAssertEqual(field.motion.activation.value(at: 10.075), 0.8778, accuracy: 1e-3, "easing-emphasized: the same curve")
        XCTAssertTrue(field.isAnimating(at: 10.149))
        XCTAssertFalse(field.isAnimating(at: 10.150))
        let drawn = field.appearance(at: 10.0375, origin: .zero, scheme: .light, showsCaret: false)
        XCTAssertEqual(drawn?.label?.origin.y, (resting + (floating - resting) * 0.6072).rounded(), "the label drawn where the curve says")
        XCTAssertEqual(drawn?.label?.font.pixelSize, 13.5, "16 px toward 12 px by 0.6072, in quarter pixels")
        XCTAssertEqual(drawn?.shapes.last?.color.alpha ?? 0, ColorScheme.light.primary.alpha * 0.6072, accuracy: 0.01,
                       "the focused indicator fades in with the activation")
    }

    func testSwitchingTheDesignSwitchesTheEasingAndTheLayout() {
        let field = TextField(identifier: "f", style: .filled, label: "Label")
        field.layOut(width: 300, metrics: MaterialMetrics(design: .m3), measurer: FakeMeasurer())
        XCTAssertEqual(field.layout?.textLine.minY, 24)
        field.layOut(width: 300, metrics: MaterialMetrics(design: .m2), measurer: FakeMeasurer())
        XCTAssertEqual(field.layout?.textLine.minY, 22.5)
        field.focus(at: 0)
        XCTAssertEqual(field.motion.labelFloat.value(at: 0.0375), 0.2366, accuracy: 1e-3, "back on M2's standard curve")
        // A RAG field's motion is RAG's in either design.
        let rag = TextField(identifier: "r", style: .rag, label: "Label")
        rag.layOut(width: 300, metrics: MaterialMetrics(design: .m3), measurer: FakeMeasurer())
        XCTAssertEqual(rag.motion.labelFloat.easing, .standard)
    }

    func testASceneLaysItsFieldsOutAgainWhenItsSchemeChangesDesign() {
        let field = TextField(identifier: "f", style: .outlined, label: "Label")
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 400, height: 300), measurer: FakeMeasurer())
        XCTAssertEqual(field.metrics?.design, .m2)
        XCTAssertEqual(field.layout?.textLine.minY, 16)
        scene.scheme = .material3Light
        scene.arrangeIfNeeded()
        XCTAssertEqual(field.metrics?.design, .m3)
        XCTAssertEqual(field.layout?.container.height, 56)
        XCTAssertEqual(field.motion.labelFloat.easing, Material3Tokens.easingStandard)
    }
}
