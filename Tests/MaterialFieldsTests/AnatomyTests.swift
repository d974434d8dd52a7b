import XCTest
@testable import MaterialFields

/// Layout of every part around the text, at scale 1 and 2 (the fake measurer makes every cluster
/// half its font size wide).
final class AnatomyLayoutTests: XCTestCase {
    private func layout(scale: Double, configure: (inout FieldLayoutInput) -> Void) -> FieldLayout {
        var input = FieldLayoutInput(style: .outlined, label: "Label", width: 300 * scale, metrics: MaterialMetrics(scale: scale))
        configure(&input)
        return FieldLayout.compute(input, measurer: sharedMeasurer)
    }

    func testIconsSitTwelvePixelsInAndTwelvePixelsFromTheText() {
        for scale in [1.0, 2.0] {
            let frames = layout(scale: scale) { $0.hasLeadingIcon = true; $0.hasTrailingIcon = true }
            XCTAssertEqual(frames.leadingIcon, Rect(x: 12 * scale, y: 16 * scale, width: 24 * scale, height: 24 * scale))
            XCTAssertEqual(frames.trailingIcon, Rect(x: 264 * scale, y: 16 * scale, width: 24 * scale, height: 24 * scale))
            XCTAssertEqual(frames.textLine.minX, 48 * scale)
            XCTAssertEqual(frames.textLine.maxX, 252 * scale)
            XCTAssertEqual(frames.iconBaseline, 18 * scale, "the fake icon font's 18 + 6 px fill the 24 px box")
        }
    }

    func testTheClearButtonTakesItsOwnSlotInsideATrailingIcon() {
        for scale in [1.0, 2.0] {
            let alone = layout(scale: scale) { $0.hasClearButton = true }
            XCTAssertEqual(alone.clearButton?.minX, 264 * scale)
            XCTAssertEqual(alone.textLine.maxX, 252 * scale, "the text never runs under the clear button")
            let both = layout(scale: scale) { $0.hasClearButton = true; $0.hasTrailingIcon = true }
            XCTAssertEqual(both.trailingIcon?.minX, 264 * scale)
            XCTAssertEqual(both.clearButton?.maxX, 256 * scale, "8 px between them")
            XCTAssertEqual(both.textLine.maxX, 220 * scale)
        }
    }

    func testPrefixAndSuffixNarrowTheTextBand() {
        for scale in [1.0, 2.0] {
            let frames = layout(scale: scale) { $0.prefix = "$"; $0.suffix = "kg" }
            XCTAssertEqual(frames.prefix?.origin.x, 16 * scale)
            XCTAssertEqual(frames.textLine.minX, (16 + 8 + 2) * scale, "after the prefix and a 2 px gap")
            XCTAssertEqual(frames.suffix?.origin.x, (284 - 16) * scale, "the suffix ends at the padding")
            XCTAssertEqual(frames.textLine.maxX, (284 - 16 - 2) * scale)
            XCTAssertEqual(frames.prefix?.origin.y, frames.textBaseline)
            XCTAssertEqual(frames.restingLabel?.origin.x, 16 * scale, "a resting label covers the prefix's place")
        }
    }

    func testTheAssistiveRowIsFourPixelsBelowAndGrowsWithItsLines() {
        for scale in [1.0, 2.0] {
            let one = layout(scale: scale) { $0.assistiveLineCount = 1 }
            XCTAssertEqual(one.assistiveRow, Rect(x: 16 * scale, y: 60 * scale, width: 268 * scale, height: 16 * scale))
            XCTAssertEqual(one.preferredHeight, 76 * scale)
            let three = layout(scale: scale) { $0.assistiveLineCount = 3 }
            XCTAssertEqual(three.preferredHeight, (60 + 48) * scale)
        }
    }

    func testATextAreaAddsARowHeightPerRowAndKeepsItsIconsAtTheTop() {
        for scale in [1.0, 2.0] {
            let frames = layout(scale: scale) { $0.kind = .textArea; $0.visibleRows = 3; $0.hasLeadingIcon = true }
            XCTAssertEqual(frames.container.height, (56 + 48) * scale)
            XCTAssertEqual(frames.textLine.height, 72 * scale)
            XCTAssertEqual(frames.leadingIcon?.minY, 16 * scale)
            XCTAssertEqual(frames.restingLabel?.origin.y, layout(scale: scale) { _ in }.restingLabel?.origin.y,
                           "the label rests where the first line is")
        }
    }

    func testATextFieldIgnoresRowsAndPreferredHeight() {
        let frames = layout(scale: 1) { $0.visibleRows = 3; $0.preferredContainerHeight = 300 }
        XCTAssertEqual(frames.container.height, 56)
    }

    func testSizeThatFitsCountsRowsAndAssistiveLinesAtTheAskedWidthWithoutLayingOut() {
        let field = TextField(identifier: "a", style: .filled, kind: .textArea, label: "Notes",
                              text: String(repeating: "word ", count: 12))
        XCTAssertNil(field.sizeThatFits(width: 300), "not laid out yet: no measurer")
        field.helperText = "help"
        field.layOut(width: 600, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(field.preferredHeight, 80 + 4 + 16, "60 clusters fit one 568 px line: two rows at least")
        XCTAssertEqual(field.sizeThatFits(width: 104), Size(width: 104, height: 128 + 4 + 16), "6 lines, 4 rows at most")
        XCTAssertEqual(field.preferredHeight, 80 + 4 + 16, "the field's own layout is untouched")
    }

    func testDensityShrinksTheContainerLinearlyToFortyPixels() {
        let half = layout(scale: 1) { $0.density = 0.5 }
        XCTAssertEqual(half.container.height, 48)
        let dense = layout(scale: 2) { $0.density = 1 }
        XCTAssertEqual(dense.container.height, 80)
    }
}

final class ViewModeTests: XCTestCase {
    func testViewModeTruthTable() {
        let table: [(ViewMode, editing: Bool, visible: Bool)] = [
            (.never, false, false), (.never, true, false),
            (.whileEditing, false, false), (.whileEditing, true, true),
            (.unlessEditing, false, true), (.unlessEditing, true, false),
            (.always, false, true), (.always, true, true),
        ]
        for row in table {
            XCTAssertEqual(row.0.isVisible(isEditing: row.editing), row.visible, "\(row)")
            XCTAssertFalse(row.0.isVisible(isEditing: row.editing, hasContent: false), "nothing to clear: \(row)")
        }
    }

    func testIconsFollowTheirViewModes() {
        let field = makeField(.filled, text: "abc")
        field.leadingIcon = .search
        field.trailingIcon = .info
        field.leadingViewMode = .unlessEditing
        field.trailingViewMode = .whileEditing
        XCTAssertEqual([field.isLeadingIconVisible, field.isTrailingIconVisible], [true, false])
        XCTAssertEqual(field.drawn(at: 1).texts.filter { $0.font.family == .icons }.map(\.text), ["\u{E8B6}"])
        field.focus(at: 0)
        XCTAssertEqual([field.isLeadingIconVisible, field.isTrailingIconVisible], [false, true])
        XCTAssertEqual(field.drawn(at: 1).texts.filter { $0.font.family == .icons }.map(\.text), ["\u{E88E}"])
        XCTAssertEqual(field.layout!.textLine.minX, 48, "a slot a mode can show stays reserved, so text never jumps")
    }

    func testLabelBehaviourTruthTable() {
        // (behaviour, text, editing) -> position, placeholder visible
        let table: [(LabelBehavior, String, Bool, LabelPosition, Bool)] = [
            (.floats, "", false, .resting, false), (.floats, "", true, .floating, true),
            (.floats, "x", false, .floating, false), (.floats, "x", true, .floating, false),
            (.disappears, "", false, .resting, false), (.disappears, "", true, .none, true),
            (.disappears, "x", false, .none, false), (.disappears, "x", true, .none, false),
        ]
        for (behavior, text, editing, position, placeholder) in table {
            let field = makeField(.outlined, placeholder: "hint", text: text)
            field.labelBehavior = behavior
            if editing { field.focus(at: 0, fromPointX: 5) }
            XCTAssertEqual(field.labelPosition, position, "\(behavior) \(text) \(editing)")
            XCTAssertEqual(field.isPlaceholderVisible, placeholder, "\(behavior) \(text) \(editing)")
        }
    }
}

final class CounterTests: XCTestCase {
    func testTheCounterCountsGraphemesAndTypingStopsAtTheLimit() {
        let field = makeField(.filled)
        field.maximumLength = 5
        XCTAssertEqual(field.displayedTrailingAssistiveText, "0 / 5")
        field.focus(at: 0)
        field.insert("e\u{301}👨‍👩‍👧🇵🇹", at: 0)
        XCTAssertEqual(field.displayedTrailingAssistiveText, "3 / 5")
        field.paste("abcdef", at: 0)
        XCTAssertEqual(field.text, "e\u{301}👨‍👩‍👧🇵🇹ab", "cut at a grapheme boundary")
        XCTAssertEqual(field.displayedTrailingAssistiveText, "5 / 5")
        var refused = 0
        field.observe { _, event in if case .editRefused = event { refused += 1 } }
        field.insert("z", at: 0)
        XCTAssertEqual(field.count, 5)
        XCTAssertEqual(refused, 1)
    }

    func testACombiningMarkTypedIntoAFullFieldJoinsItsLastGrapheme() {
        let field = makeField(.filled)
        field.maximumLength = 3
        field.focus(at: 0)
        field.insert("abe", at: 0)
        field.insert("\u{301}", at: 0)
        XCTAssertEqual(field.text, "abe\u{301}")
        XCTAssertEqual(field.count, 3)
        field.insert("c\u{301}", at: 0)
        XCTAssertEqual(field.text, "abe\u{301}", "a new grapheme is still refused")
    }

    func testProgrammaticTextPastTheLimitIsKeptAndTheCounterTurnsRed() {
        let field = makeField(.filled)
        field.maximumLength = 3
        field.text = "abcdef"
        XCTAssertEqual(field.text, "abcdef")
        XCTAssertTrue(field.isOverLimit)
        let counter = field.drawn(at: 1).texts.first { $0.text == "6 / 3" }
        XCTAssertEqual(counter?.color, ColorScheme.light.error)
        XCTAssertFalse(field.isInError, "the counter alone, not the whole field")
    }

    func testAnAppsTrailingTextWinsOverTheCounter() {
        let field = makeField(.filled)
        field.maximumLength = 3
        field.trailingAssistiveText = "optional"
        XCTAssertEqual(field.displayedTrailingAssistiveText, "optional")
        field.showsCharacterCounter = false
        field.trailingAssistiveText = ""
        XCTAssertEqual(field.displayedTrailingAssistiveText, "")
    }
}

final class AssistiveTextTests: XCTestCase {
    func testLongHelperTextWrapsBesideTheTrailingTextAndTheFieldGrows() {
        // 300 px wide: a 268 px row; "n / 20" takes 6 x 6 px first, plus 16 px of gap.
        let field = makeField(.filled)
        var invalidations: [TextField.Invalidation] = []
        field.invalidationHandler = { _, invalidation in invalidations.append(invalidation) }
        field.maximumLength = 20
        field.helperText = String(repeating: "word ", count: 14)
        XCTAssertEqual(field.layout!.assistiveRow!.height, 32, "70 clusters of 6 px wrap in 216 px: two lines")
        XCTAssertEqual(field.preferredHeight, 56 + 4 + 32)
        XCTAssertTrue(invalidations.contains(.layout))
        let runs = field.drawn(at: 1).texts.filter { $0.font.pixelSize == 12 && $0.text.hasPrefix("word") }
        XCTAssertEqual(runs.count, 2)
        XCTAssertEqual(runs[1].origin.y - runs[0].origin.y, 16)
    }

    func testTheErrorMessageReplacesTheHelperTextAndFadesIn() {
        let field = makeField(.filled)
        field.helperText = "help"
        field.applyErrorTheme(message: "wrong")
        XCTAssertEqual(field.displayedLeadingAssistiveText, "wrong")
        XCTAssertEqual(field.drawn(at: 0).texts.first { $0.text == "wrong" }?.color.alpha ?? -1, 0, accuracy: 0.001)
        XCTAssertEqual(field.drawn(at: 0.15).texts.first { $0.text == "wrong" }?.color, ColorScheme.light.error)
        field.clearError()
        XCTAssertEqual(field.displayedLeadingAssistiveText, "help")
    }

    func testNewHelperTextFadesInOverOneHundredFiftyMilliseconds() {
        let field = makeField(.filled)
        _ = field.drawn(at: 0)
        field.helperText = "help"
        let alphas = [1.0, 1.075, 1.15].map { time in field.drawn(at: time).texts.first { $0.text == "help" }!.color.alpha }
        XCTAssertEqual(alphas[0], 0, accuracy: 0.001)
        XCTAssertEqual(alphas[1], 0.3, accuracy: 0.01, "60 % ink, half faded in")
        XCTAssertEqual(alphas[2], 0.6, accuracy: 0.001)
        XCTAssertFalse(field.isAnimating(at: 1.15))
    }

    func testTheCounterTickingOverDoesNotFade() {
        let field = makeField(.filled)
        field.maximumLength = 9
        field.focus(at: 0)
        _ = field.drawn(at: 1)
        field.insert("a", at: 2)
        XCTAssertEqual(field.drawn(at: 2).texts.first { $0.text == "1 / 9" }?.color.alpha, 0.6)
    }
}

final class ColorResolutionTests: XCTestCase {
    private let scheme = ColorScheme.light
    private var on: Color { scheme.onSurface }

    func testPerStateColoursFollowTheDesignTable() {
        let normal = FieldColors.resolve(scheme: scheme, state: .normal)
        XCTAssertEqual([normal.inputText, normal.restingLabel, normal.floatingLabel, normal.leadingAssistiveText, normal.container,
                        normal.underline, normal.outline],
                       [on.withAlpha(0.87), on.withAlpha(0.6), on.withAlpha(0.6), on.withAlpha(0.6), on.withAlpha(0.12),
                        on.withAlpha(0.42), on.withAlpha(0.38)])
        let editing = FieldColors.resolve(scheme: scheme, state: .editing)
        XCTAssertEqual(editing.floatingLabel, scheme.primary.withAlpha(0.87))
        XCTAssertEqual(editing.activeOutline, scheme.primary)
        let disabled = FieldColors.resolve(scheme: scheme, state: .disabled)
        XCTAssertEqual([disabled.inputText, disabled.container, disabled.underline, disabled.outline],
                       [on.withAlpha(0.38), on.withAlpha(0.04), on.withAlpha(0.06), on.withAlpha(0.06)])
        let hovered = FieldColors.resolve(scheme: scheme, state: .normal, isHovered: true)
        XCTAssertEqual([hovered.hoverLayer, hovered.underline, hovered.outline], [on.withAlpha(0.04), on.withAlpha(0.87), on.withAlpha(0.87)])
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .editing, isHovered: true).hoverLayer, .clear,
                       "an edited field shows no hover")
    }

    func testTheErrorThemeColoursLabelAssistiveTextIndicatorOutlineAndCaret() {
        for state in [FieldState.normal, .editing] {
            let colors = FieldColors.resolve(scheme: scheme, state: state, isInError: true)
            XCTAssertEqual([colors.floatingLabel, colors.leadingAssistiveText, colors.underline, colors.activeIndicator,
                            colors.outline, colors.activeOutline, colors.caret], Array(repeating: scheme.error, count: 7))
            XCTAssertEqual(colors.inputText, on.withAlpha(0.87), "the text stays readable")
            XCTAssertEqual(colors.trailingAssistiveText, on.withAlpha(0.6))
        }
        let disabled = FieldColors.resolve(scheme: scheme, state: .disabled, isInError: true)
        XCTAssertEqual([disabled.floatingLabel, disabled.leadingAssistiveText, disabled.outline],
                       Array(repeating: scheme.error.withAlpha(0.38), count: 3), "error on top of disabled, faded")
        XCTAssertEqual(disabled.caret, .clear)
    }

    func testOverridesReplaceOnlyTheirRoleInTheirStateAndErrorStillWins() {
        var overrides = FieldColorOverrides()
        let green = Color(hex: 0x00AA00)
        overrides[.floatingLabel, .editing] = green
        overrides[.outline, .normal] = green
        overrides[.filledBackground, .disabled] = green
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .editing, overrides: overrides).floatingLabel, green)
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .normal, overrides: overrides).floatingLabel, on.withAlpha(0.6))
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .normal, overrides: overrides).outline, green)
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .disabled, overrides: overrides).container, green)
        XCTAssertEqual(FieldColors.resolve(scheme: scheme, state: .editing, isInError: true, overrides: overrides).floatingLabel,
                       scheme.error)
    }

    func testAFieldsColourCallsReachWhatItDraws() {
        let field = makeField(.filled, text: "abc")
        let blue = Color(hex: 0x0000FF)
        field.setTextColor(blue, for: .normal)
        field.setFilledBackgroundColor(blue.withAlpha(0.2), for: .normal)
        let canvas = field.drawn(at: 1)
        XCTAssertEqual(canvas.texts.first { $0.text == "abc" }?.color, blue)
        XCTAssertEqual(canvas.fills.first?.color, blue.withAlpha(0.2))
        field.setTextColor(nil, for: .normal)
        XCTAssertEqual(field.drawn(at: 1).texts.first { $0.text == "abc" }?.color, ColorScheme.light.onSurface.withAlpha(0.87))
    }
}

final class AccessibilityTextTests: XCTestCase {
    func testTheLabelTextAndAssistiveTextsAreJoined() {
        let field = makeField(.outlined, label: "Email", placeholder: "name@example.com")
        field.helperText = "Work address"
        field.maximumLength = 40
        XCTAssertEqual(field.accessibilityText, "Email, name@example.com, Work address, 0 / 40")
        field.text = "ada@example.com"
        field.applyErrorTheme(message: "Unknown domain")
        XCTAssertEqual(field.accessibilityText, "Email, ada@example.com, Unknown domain, 15 / 40")
    }

    func testASecureFieldNeverSpeaksItsTextAndAnExplicitLabelWins() {
        let field = makeField(.outlined, label: "Password", text: "hunter2")
        field.isSecureTextEntry = true
        XCTAssertFalse(field.accessibilityText.contains("hunter2"))
        field.accessibilityLabel = "Account password"
        XCTAssertEqual(field.accessibilityText, "Account password")
    }
}

final class AnatomyBehaviourTests: XCTestCase {
    func testATrailingIconActionRunsWithoutTakingFocus() {
        let field = makeField(.outlined, text: "secret")
        field.isSecureTextEntry = true
        field.trailingIcon = .visibility
        var taps = 0
        field.trailingIconAction = { field in
            taps += 1
            field.isSecureTextEntry.toggle()
        }
        let icon = field.layout!.trailingIcon!
        XCTAssertTrue(field.isActionable(.trailingIcon))
        field.pointerDown(at: Point(x: icon.midX, y: icon.midY), extending: false, time: 0)
        XCTAssertEqual(taps, 1)
        XCTAssertFalse(field.isSecureTextEntry)
        XCTAssertFalse(field.isFocused)
        XCTAssertTrue(field.drawn(at: 1).texts.contains { $0.text == "secret" })
    }

    func testTheClearButtonKeepsFocusAndNeverOverlapsTheText() {
        let field = makeField(.filled, text: String(repeating: "x", count: 80))
        field.clearButtonMode = .whileEditing
        field.focus(at: 0, fromPointX: 10)
        let button = field.layout!.clearButton!
        XCTAssertLessThanOrEqual(field.layout!.textLine.maxX, button.minX - 12)
        field.pointerDown(at: Point(x: button.midX, y: button.midY), extending: false, time: 0)
        XCTAssertEqual(field.text, "")
        XCTAssertTrue(field.isFocused)
        XCTAssertFalse(field.isClearButtonVisible, "nothing left to clear")
    }

    func testPrefixAndSuffixShowOnlyWhileTheLabelIsNotResting() {
        let field = makeField(.filled)
        field.prefixText = "$"
        field.suffixText = "kg"
        XCTAssertFalse(field.drawn(at: 1).texts.contains { $0.text == "$" })
        field.focus(at: 0)
        let texts = field.drawn(at: 1).texts.map(\.text)
        XCTAssertTrue(texts.contains("$") && texts.contains("kg"))
    }

    func testTheWheelScrollsATextAreaUnderThePointerAndThePageElsewhere() {
        let area = TextField(identifier: "area", style: .outlined, kind: .textArea, label: "Notes",
                             text: (1...12).map(String.init).joined(separator: "\n"))
        let others = (0..<6).map { TextField(identifier: "f\($0)", style: .filled, label: "F\($0)") }
        let scene = FieldScene(fields: [area] + others, scheme: .light)
        scene.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        let frame = scene.frame(of: area)!
        scene.handle(.pointerMoved(Point(x: frame.midX, y: frame.midY), buttonHeld: false), at: 0)
        XCTAssertTrue(scene.handle(.scroll(steps: 1), at: 0))
        XCTAssertEqual(area.textLayout!.scrollY, 48)
        XCTAssertEqual(scene.scroll.offset, 0, "the page stays")
        scene.handle(.pointerMoved(Point(x: frame.midX, y: 190), buttonHeld: false), at: 0)
        XCTAssertTrue(scene.handle(.scroll(steps: 1), at: 0))
        XCTAssertEqual(scene.scroll.offset, 48)
    }

    func testAFocusedAreaThatGrowsIsKeptInViewByTheScene() {
        let others = (0..<3).map { TextField(identifier: "f\($0)", style: .filled, label: "F\($0)") }
        let area = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Notes")
        area.maximumNumberOfVisibleRows = 10
        let scene = FieldScene(fields: others + [area], scheme: .light)
        scene.resize(to: Size(width: 300, height: 260), measurer: sharedMeasurer)
        scene.focus(area, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        for _ in 0..<8 { scene.handle(.key(.enter, []), at: 0) }
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        let frame = scene.frame(of: area)!
        XCTAssertLessThanOrEqual(frame.maxY, 260, "the grown area's bottom, where the caret is, is on screen")
    }

    func testSwitchingTheSchemeRecoloursTheAppsDecorationsToo() {
        final class Captioned: SceneLayout {
            let field = TextField(identifier: "f", style: .filled, label: "F")
            func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
                var arrangement = Arrangement()
                arrangement.decorations = [Decoration(text: "Caption", frame: Rect(x: 0, y: 0, width: 200, height: 16), baseline: 12,
                                                      font: FontSpec(pixelSize: 12), color: scheme.onSurface.withAlpha(0.6))]
                field.layOut(width: 200, metrics: metrics, measurer: measurer)
                arrangement.fieldFrames = [(field, Rect(x: 0, y: 20, width: 200, height: 56))]
                arrangement.contentHeight = 80
                return arrangement
            }
        }
        let layout = Captioned()
        let scene = FieldScene(fields: [layout.field], layout: layout, scheme: .light)
        scene.resize(to: Size(width: 200, height: 100), measurer: sharedMeasurer)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        scene.scheme = .dark
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 0.1)
        XCTAssertEqual(canvas.texts.first { $0.text == "Caption" }?.color, ColorScheme.dark.onSurface.withAlpha(0.6))
        XCTAssertEqual(canvas.fills.first?.color, ColorScheme.dark.surface)
    }
}

/// Edge cases of a field's anatomy and its scene, each once broken: assistive text off screen, Tab
/// after a field grew, absurd limits, middle clicks on icons, the icon font, word commands at
/// line breaks, an early error, no-break spaces, the assistive row under the pointer.
final class AnatomyEdgeCaseTests: XCTestCase {
    func testNewAssistiveTextOnAFieldOffScreenDoesNotKeepTheLoopAwake() {
        let fields = (0..<10).map { TextField(identifier: "f\($0)", style: .filled, label: "F\($0)") }
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 200), measurer: sharedMeasurer)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        fields[9].helperText = "x"
        for step in 1...3 { _ = scene.advanceAndRender(on: RecordingCanvas(), at: Double(step)) }
        XCTAssertNil(scene.nextWakeup(after: 10))
    }

    func testTabRevealsTheNextFieldWhereItIsAfterTheLastOneGrew() {
        let first = TextField(identifier: "a", style: .filled, label: "A")
        first.helperText = "help"
        let second = TextField(identifier: "b", style: .filled, label: "B")
        first.observe { field, event in
            if event == .didEndEditing { field.applyErrorTheme(message: String(repeating: "wrong ", count: 30)) }
        }
        let scene = FieldScene(fields: [first, second], scheme: .light)
        scene.resize(to: Size(width: 400, height: 190), measurer: sharedMeasurer)
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        scene.handle(.key(.tab, []), at: 1)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        let frame = scene.frame(of: second)!
        XCTAssertTrue(second.isFocused)
        XCTAssertGreaterThanOrEqual(frame.minY, 0)
        XCTAssertLessThanOrEqual(frame.minY + 56, 190, "the focused field's container is in the window")
    }

    func testAnAbsurdMaximumLengthRefusesInsteadOfTrapping() {
        let field = makeField(.filled, text: "ab")
        field.maximumLength = Int.min
        field.focus(at: 0, fromPointX: 200)
        field.insert("x", at: 0)
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(field.displayedTrailingAssistiveText, "2 / 0")
    }

    func testTypingOverASelectionAtTheLimitKeepsTheSelection() {
        let field = makeField(.filled, text: "abcdefgh")
        field.maximumLength = 5
        field.focus(at: 0, fromPointX: 5)
        field.selection = TextSelection(anchor: 0, head: 2)
        field.insert("x", at: 0)
        XCTAssertEqual(field.text, "abcdefgh", "refused whole, nothing deleted")
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 2))
    }

    func testAMiddleClickOnTheClearButtonOrAnIconPressesNothing() {
        let field = TextField(identifier: "f", style: .outlined, label: "F", text: "keep me")
        field.clearButtonMode = .always
        var taps = 0
        field.trailingIcon = .search
        field.trailingIconAction = { _ in taps += 1 }
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        let frame = scene.frame(of: field)!
        for slot in [field.layout!.clearButton!, field.layout!.trailingIcon!] {
            scene.handle(.pointerDown(Point(x: frame.minX + slot.midX, y: frame.minY + slot.midY), button: .middle, clickCount: 1,
                                      modifiers: []), at: 0)
        }
        XCTAssertEqual(field.text, "keep me")
        XCTAssertEqual(taps, 0)
    }

    func testAFieldWithoutIconsNeverAsksForTheIconFont() {
        final class LoggingMeasurer: TextMeasuring {
            var families: Set<FontFamily> = []
            func advance(of text: Substring, font: FontSpec) -> Double { families.insert(font.family); return Double(text.count) * 8 }
            func lineMetrics(for font: FontSpec) -> LineMetrics { families.insert(font.family); return LineMetrics(ascent: 12, descent: 4) }
            func caretStops(of text: Substring, font: FontSpec) -> [Double] { (0...text.count).map { Double($0) * 8 } }
        }
        let measurer = LoggingMeasurer()
        let field = TextField(identifier: "f", style: .filled, label: "F", text: "x")
        field.clearButtonMode = .always
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
        _ = field.advancedAppearance(at: 0, origin: Point(x: 0, y: 0), scheme: .light, showsCaret: false)
        XCTAssertEqual(measurer.families, [.text], "the clear button is a shape: no font needed")
        field.leadingIcon = .search
        XCTAssertTrue(measurer.families.contains(.icons))
    }

    func testWordCommandsStopAtLineBreaks() {
        let area = TextField(identifier: "a", style: .filled, kind: .textArea, label: "A", text: "foo\nbar")
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        area.focus(at: 0, fromPointX: 5)
        area.selection = TextSelection(caret: 4)
        _ = area.handle(.backspace, modifiers: .control, at: 0)
        XCTAssertEqual(area.text, "foobar", "only the line break")
        let text = EditableText("end.\n\nnext")
        XCTAssertEqual(text.wordRange(at: 3), 3..<4)
        XCTAssertEqual(text.wordRange(at: 4), 4..<5)
        XCTAssertEqual(text.wordBoundary(after: 4), 5)
    }

    func testAnErrorSetBeforeTheFirstLayoutShowsAtOnce() {
        let field = TextField(identifier: "f", style: .filled, label: "F")
        field.applyErrorTheme(message: "wrong")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        _ = field.advancedAppearance(at: 5, origin: Point(x: 0, y: 0), scheme: .light, showsCaret: false)
        XCTAssertFalse(field.isAnimating(at: 5))
    }

    func testANoBreakSpaceDoesNotWrap() {
        let layout = TextLayout(characters: Array("aaa bb\u{00A0}cc"), font: FontSpec(pixelSize: 16), lineHeight: 24,
                                measurer: sharedMeasurer, wrapWidth: 64)
        XCTAssertEqual(layout.lines.map { String(layout.characters[$0.clusters]) }, ["aaa ", "bb\u{00A0}cc"])
    }

    func testTheAssistiveRowNeitherHoversNorFocusesTheField() {
        let field = TextField(identifier: "f", style: .outlined, label: "F")
        field.helperText = "help"
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        let frame = scene.frame(of: field)!
        let onHelper = Point(x: frame.minX + 30, y: frame.minY + 66)
        scene.handle(.pointerMoved(onHelper, buttonHeld: false), at: 0)
        XCTAssertFalse(field.isHovered)
        scene.handle(.pointerDown(onHelper, button: .primary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertFalse(field.isFocused)
    }
}

/// Where a click, an edit or Tab leaves the caret, and the caret brought back into view in a field
/// scrolled out of it (each found in a user trial).
final class CaretPlacementAndRevealTests: XCTestCase {
    func testAClickIntoAFieldWhoseCaretWasFarAlongPlacesTheCaretUnderThePointer() {
        // Given a long single line whose caret was left at the end (it shows its start again)
        let field = makeField(.filled, text: String(repeating: "abcdefghij", count: 10))
        field.focus(at: 0, fromPointX: 5)
        _ = field.handle(.end, modifiers: [], at: 0)
        field.endEditing(at: 0)
        // When it is clicked 7 clusters in (8 px each, after the 16 px padding)
        field.pointerDown(at: Point(x: 16 + 7 * 8 + 1, y: 40), extending: false, time: 1)
        // Then the caret is there and the text did not scroll
        XCTAssertEqual(field.selection, TextSelection(caret: 7))
        XCTAssertEqual(field.textLayout!.scrollX, 0)
    }

    func testAClickIntoAScrolledAreaPlacesTheCaretOnTheLineUnderThePointer() {
        let area = TextField(identifier: "a", style: .filled, kind: .textArea, label: "A",
                             text: (0..<10).map { "line \($0)" }.joined(separator: "\n"))
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(area.selection, TextSelection(caret: area.count), "its caret was left at the end, out of view")
        let firstRow = Point(x: 20, y: area.layout!.textLine.minY + 12)
        area.pointerDown(at: firstRow, extending: false, time: 0)
        XCTAssertEqual(area.textLayout!.scrollY, 0, "the text stays where it was clicked")
        XCTAssertEqual(area.selection, TextSelection(caret: 0))
    }

    func testTypingIntoAFieldScrolledOutOfViewBringsItsCaretBack() {
        let fields = (0..<8).map { TextField(identifier: "f\($0)", style: .filled, label: "F\($0)") }
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        scene.focus(fields[0], at: 0)
        scene.handle(.scroll(steps: 6), at: 0)
        XCTAssertLessThan(scene.frame(of: fields[0])!.maxY, 0, "scrolled away")
        scene.handle(.text("hidden"), at: 1)
        let frame = scene.frame(of: fields[0])!
        let caret = fields[0].caretRect!.offsetBy(dx: frame.minX, dy: frame.minY)
        XCTAssertTrue(caret.minY >= 0 && caret.maxY <= 200, "caret at \(caret)")
    }

    /// Eight fields in a 200 px window, the first focused and then scrolled out of view.
    private func sceneScrolledAwayFromItsFocusedField(_ first: TextField? = nil) -> (FieldScene, [TextField], RecordingHost) {
        let fields = [first ?? TextField(identifier: "f0", style: .filled, label: "F0", text: "some text")]
            + (1..<8).map { TextField(identifier: "f\($0)", style: .filled, label: "F\($0)") }
        let scene = FieldScene(fields: fields, scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        scene.focus(fields[0], at: 0)
        scene.handle(.key(.end, []), at: 0)
        scene.handle(.scroll(steps: 6), at: 0)
        XCTAssertLessThan(scene.frame(of: fields[0])!.maxY, 0, "scrolled away")
        return (scene, fields, host)
    }

    private func assertCaretShows(_ field: TextField, in scene: FieldScene, _ message: String, line: UInt = #line) {
        let frame = scene.frame(of: field)!
        let caret = field.caretRect!.offsetBy(dx: frame.minX, dy: frame.minY)
        XCTAssertTrue(caret.minY >= 0 && caret.maxY <= 200, "\(message): caret at \(caret)", line: line)
    }

    func testEveryKindOfEditIntoAFieldScrolledOutOfViewBringsItsCaretBack() {
        // A paste (its text arrives later, from the loop), as typing does
        var (scene, fields, host) = sceneScrolledAwayFromItsFocusedField()
        host.selections[.clipboard] = " pasted"
        scene.handle(.key(.shortcut("v"), [.control]), at: 1)
        host.answerPastes()
        XCTAssertEqual(fields[0].text, "some text pasted")
        assertCaretShows(fields[0], in: scene, "after a paste")
        // A cut (Shift+Delete of a selection) and an undo
        (scene, fields, host) = sceneScrolledAwayFromItsFocusedField()
        fields[0].selection = TextSelection(anchor: 0, head: 5)
        scene.handle(.scroll(steps: 6), at: 1)
        scene.handle(.key(.delete, [.shift]), at: 1)
        XCTAssertEqual(fields[0].text, "text")
        assertCaretShows(fields[0], in: scene, "after a cut")
        scene.handle(.scroll(steps: 6), at: 2)
        scene.handle(.key(.shortcut("z"), [.control]), at: 2)
        XCTAssertEqual(fields[0].text, "some text")
        assertCaretShows(fields[0], in: scene, "after an undo")
        // A program's `text = ...` is not the user's edit: it moves nothing
        scene.handle(.scroll(steps: 6), at: 3)
        let offset = scene.scroll.offset
        fields[0].text = "set by the app"
        XCTAssertEqual(scene.scroll.offset, offset, "the app's own change does not scroll the page")
    }

    func testAKeyAFullFieldRefusesStillBringsItsCaretBack() {
        let full = TextField(identifier: "f0", style: .filled, label: "F0", text: "12345")
        full.maximumLength = 5
        let (scene, fields, host) = sceneScrolledAwayFromItsFocusedField(full)
        scene.handle(.text("6"), at: 1)
        XCTAssertEqual(fields[0].text, "12345")
        XCTAssertEqual(host.bells, 1, "refused")
        assertCaretShows(fields[0], in: scene, "after a refused key: the user sees why the bell rang")
    }

    func testADragHeldBelowATextAreaKeepsScrollingOnATimer() {
        let area = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "A",
                             text: (0..<20).map { "line \($0)" }.joined(separator: "\n"))
        let scene = FieldScene(fields: [area], scheme: .light)
        scene.resize(to: Size(width: 300, height: 300), measurer: sharedMeasurer)
        let frame = scene.frame(of: area)!
        scene.handle(.pointerDown(Point(x: frame.minX + 20, y: frame.minY + area.layout!.textLine.minY + 5), button: .primary,
                                  clickCount: 1, modifiers: []), at: 0)
        let below = Point(x: frame.minX + 20, y: frame.minY + area.layout!.container.maxY + 10)
        scene.handle(.pointerMoved(below, buttonHeld: true), at: 0.1)
        var toldOfChanges = 0
        let heads = stride(from: 0.2, through: 0.8, by: 0.1).map { time -> Int in
            XCTAssertNotNil(scene.nextWakeup(after: time), "the held drag wants frames")
            let before = area.selection
            // The host hears of each step, so a QA state follows the selection as it grows.
            let told = scene.advance(to: time)
            XCTAssertEqual(told, area.selection != before)
            if told { toldOfChanges += 1 }
            let advanced = area.selection
            _ = scene.render(on: RecordingCanvas(), at: time)
            XCTAssertEqual(area.selection, advanced, "drawing changes nothing")
            return area.selection.head
        }
        XCTAssertEqual(heads, heads.sorted())
        XCTAssertGreaterThan(heads.last!, heads.first!, "the selection grew without the pointer moving")
        XCTAssertGreaterThan(toldOfChanges, 0)
        scene.handle(.pointerUp(below, button: .primary), at: 1)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1.5)
        XCTAssertNil(scene.nextWakeup(after: 2), "released: no more autoscroll")
    }

    func testTabIntoATextAreaKeepsItsCaretInsteadOfSelectingEverything() {
        let field = TextField(identifier: "f", style: .filled, label: "F", text: "one")
        let area = TextField(identifier: "a", style: .filled, kind: .textArea, label: "A", text: "two\nthree")
        let scene = FieldScene(fields: [field, area], scheme: .light)
        scene.resize(to: Size(width: 300, height: 400), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 3), "a text field selects its text")
        scene.handle(.key(.tab, []), at: 1)
        XCTAssertTrue(area.isFocused)
        XCTAssertTrue(area.selection.isCaret)
    }
}

final class PointerShapeTests: XCTestCase {
    func testTheHandFollowsAClearButtonThatAppearsUnderAStillPointer() {
        let field = TextField(identifier: "f", style: .outlined, label: "F", text: "abc")
        field.clearButtonMode = .whileEditing
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 300, height: 200), measurer: sharedMeasurer)
        let frame = scene.frame(of: field)!, button = field.layout!.clearButton!
        scene.handle(.pointerMoved(Point(x: frame.minX + button.midX, y: frame.minY + button.midY), buttonHeld: false), at: 0)
        XCTAssertEqual(host.pointerShapes.last, .text, "no clear button yet: text under the pointer")
        scene.focus(field, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        XCTAssertEqual(host.pointerShapes.last, .hand)
    }
}
