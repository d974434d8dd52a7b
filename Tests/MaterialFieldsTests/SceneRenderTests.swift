import XCTest
@testable import MaterialFields

/// Appearance snapshots and damage-limited repaint.
final class SceneRenderTests: XCTestCase {
    private func makeScene() -> (FieldScene, TextField, TextField, RecordingHost) {
        let first = TextField(identifier: "a", style: .filled, label: "A")
        let second = TextField(identifier: "b", style: .outlined, label: "B", text: "text")
        let scene = FieldScene(fields: [first, second], scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        return (scene, first, second, host)
    }

    func testTheFirstRenderDrawsEverythingAndANoChangeRenderDrawsNothing() {
        let (scene, _, _, _) = makeScene()
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 0), [Rect(x: 0, y: 0, width: 400, height: 300)])
        let canvas = RecordingCanvas()
        XCTAssertEqual(scene.advanceAndRender(on: canvas, at: 0.5), [])
        XCTAssertTrue(canvas.commands.isEmpty)
    }

    /// Found by the fuzzer: a scene resized beyond what an X window can be filled its surface with
    /// a 10,000,000 px rectangle, which X's 16-bit coordinates would wrap.
    func testAHugeSizeIsDrawnWithinSixteenBitCoordinates() {
        let (scene, _, _, _) = makeScene()
        scene.resize(to: Size(width: 1e7, height: 4e9), measurer: sharedMeasurer)
        let canvas = RecordingCanvas()
        let regions = scene.advanceAndRender(on: canvas, at: 0)
        XCTAssertEqual(regions, [Rect(x: 0, y: 0, width: 32_767, height: 32_767)])
        let values = canvas.commands.flatMap { command -> [Double] in
            switch command {
            case .fill(let path, _): return path.contours.flatMap { $0.flatMap { [$0.x, $0.y] } }
            case .text(_, let origin, _, _): return [origin.x, origin.y]
            case .image(_, let rect, _): return [rect.minX, rect.minY, rect.maxX, rect.maxY]
            case .pushClip(let rect): return [rect.minX, rect.minY, rect.maxX, rect.maxY]
            case .popClip: return []
            }
        }
        XCTAssertFalse(values.isEmpty)
        XCTAssertTrue(values.allSatisfy { $0.isFinite && abs($0) <= 32_767 }, "\(values.filter { abs($0) > 32_767 })")
    }

    func testAnAnimationDrawnMidFlightIsOwedItsFinalFrameEvenWhenAskedAfterItsEnd() {
        // Given a focus animation drawn at 140 ms of its 150
        let (scene, first, _, _) = makeScene()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.14)
        // When the host asks for the next wake-up only after the animation ended
        // Then the scene still wants a frame now, and that frame shows the end
        XCTAssertEqual(scene.nextWakeup(after: 0.2), 0.2)
        XCTAssertFalse(scene.advanceAndRender(on: RecordingCanvas(), at: 0.2).isEmpty)
        XCTAssertNil(scene.nextWakeup(after: 0.25), "the window is inactive: nothing more to draw")
    }

    func testACaretBlinkRedrawsOnlyTheCaretRectangle() {
        // Given a focused field whose focus animation has ended, caret on
        let (scene, first, _, _) = makeScene()
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(first, at: 0)
        scene.handle(.key(.end, []), at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.3)
        // When the blink turns the caret off
        let region = scene.advanceAndRender(on: RecordingCanvas(), at: 0.55)
        // Then only the caret's rectangle is drawn again
        let caret = first.caretRect!.offsetBy(dx: scene.frame(of: first)!.minX, dy: scene.frame(of: first)!.minY)
        XCTAssertEqual(region, [caret.integral])
        XCTAssertEqual(region.first?.width, 2)
        // And it comes back on at 1.0 s with the same small region
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 1.02), [caret.integral])
    }

    func testNoCaretIsDrawnWhileTheWindowIsInactive() {
        let (scene, first, _, _) = makeScene()
        scene.focus(first, at: 0)
        scene.handle(.key(.end, []), at: 0)
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 0.2)
        XCTAssertFalse(canvas.fills.contains { $0.color == ColorScheme.light.primary && $0.path.bounds.width == 2 && $0.path.bounds.height > 4 })
        XCTAssertNil(scene.nextWakeup(after: 0.3), "an inactive window's caret does not blink")
    }

    func testATypedLetterRedrawsTheRowsOfItsLineAcrossTheInputBandOnly() {
        let (scene, first, second, _) = makeScene()
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        scene.handle(.text("x"), at: 1.1)
        let canvas = RecordingCanvas()
        let regions = scene.advanceAndRender(on: canvas, at: 1.1)
        XCTAssertEqual(regions.count, 1)
        let region = regions[0]
        let appearance = scene.appearance(of: first, at: 1.1)!
        let band = appearance.textClip.integral
        XCTAssertEqual(region.minX, band.minX)
        XCTAssertEqual(region.width, band.width, "the band's width: the line may have scrolled")
        let run = appearance.textRuns[0]
        // The rows the letters can ink: the floating label above and the indicator below are left alone.
        XCTAssertLessThanOrEqual(region.minY, run.origin.y - run.font.pixelSize)
        XCTAssertGreaterThanOrEqual(region.maxY, run.origin.y + run.font.pixelSize * 0.35)
        XCTAssertLessThan(region.height, band.height * 0.6)
        XCTAssertGreaterThan(region.minY, appearance.label!.origin.y, "the label is not drawn again")
        XCTAssertFalse(region.intersects(scene.frame(of: second)!), "the other field is not redrawn")
        XCTAssertEqual(canvas.commands.first, .pushClip(region), "drawing is clipped to the damage")
    }

    func testAKeyBeyondASCIIOrOneThatChangesMoreThanTheTextRedrawsTheWholeField() {
        let (scene, first, _, _) = makeScene()
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        let bounds = first.layout!.paintBounds.offsetBy(dx: scene.frame(of: first)!.minX, dy: scene.frame(of: first)!.minY)
        // A letter with a mark: marks may stack anywhere in the container.
        scene.handle(.text("é"), at: 1.1)
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 1.1), [bounds.integral])
        scene.handle(.key(.backspace, []), at: 1.2)
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 1.2), [bounds.integral], "the mark's pixels go too")
        // A counter that ticks with each letter: the assistive row changes too.
        first.maximumLength = 10
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1.3)
        let counted = first.layout!.paintBounds.offsetBy(dx: scene.frame(of: first)!.minX, dy: scene.frame(of: first)!.minY)
        scene.handle(.text("x"), at: 1.4)
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 1.4), [counted.integral])
    }

    func testAKeystrokeDrawsItsFieldAgainAndNotTheFieldsTheDamageMisses() {
        let (scene, first, _, _) = makeScene()
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        scene.handle(.text("x"), at: 1.1)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1.2)
        scene.handle(.text("y"), at: 1.3)
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 1.3)
        let drawn = canvas.texts.map(\.0)
        XCTAssertTrue(drawn.contains("xy"), "the edited field's text, drawn again: \(drawn)")
        XCTAssertTrue(drawn.contains("A"), "and its label: \(drawn)")
        XCTAssertFalse(drawn.contains("text") || drawn.contains("B"), "the other field, untouched, is not drawn: \(drawn)")
        XCTAssertGreaterThan(canvas.fills.count, 1, "the surface and the field's container")
    }

    func testTwoFieldsFarApartAreTwoRegionsNotOneBox() {
        // Given two fields with a third between them
        let fields = (0..<3).map { TextField(identifier: "f\($0)", style: .outlined, label: "L\($0)") }
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 400), measurer: sharedMeasurer)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        // When focus moves from the first to the last
        scene.focus(fields[0], at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        scene.focus(fields[2], at: 2)
        let regions = scene.advanceAndRender(on: RecordingCanvas(), at: 2.05)
        // Then each is redrawn on its own and the middle one is not touched
        XCTAssertEqual(regions.count, 2)
        XCTAssertFalse(regions.contains { $0.intersects(scene.frame(of: fields[1])!) })
    }

    func testChangingAPropertyInvalidatesAndRedrawsThatField() {
        let (scene, _, second, host) = makeScene()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        let before = host.invalidations
        second.placeholder = "changed"  // not visible: the label rests... no, the field has text
        second.errorMessage = "Wrong"
        XCTAssertGreaterThan(host.invalidations, before)
        let regions = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        XCTAssertEqual(regions.count, 1)
        XCTAssertTrue(regions[0].intersects(scene.frame(of: second)!))
    }

    func testAFieldEnteringErrorAnimatesItsColours() {
        let field = makeField(.outlined, text: "x")
        _ = field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)
        field.errorMessage = "Required"
        func outline(at time: Double) -> Color {
            field.advancedAppearance(at: time, origin: .zero, scheme: .light, showsCaret: false)!.shapes[0].color
        }
        let start = outline(at: 2), middle = outline(at: 2.075), end = outline(at: 2.2)
        XCTAssertEqual(start, ColorScheme.light.onSurface.withAlpha(0.38))
        XCTAssertEqual(end, ColorScheme.light.error)
        XCTAssertNotEqual(middle, start)
        XCTAssertNotEqual(middle, end)
        XCTAssertTrue(field.isAnimating(at: 2.075))
        XCTAssertEqual(field.drawn(at: 3).texts.last?.text, "Required", "the message shows below")
        XCTAssertEqual(field.drawn(at: 3).texts.last?.color, ColorScheme.light.error)
    }

    func testAnAssistiveRowMakesTheFieldTallerAndTheSceneReArranges() {
        let (scene, first, second, _) = makeScene()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        let below = scene.frame(of: second)!.minY
        first.helperText = "Helper"
        XCTAssertEqual(first.preferredHeight, 56 + 4 + 16)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        XCTAssertEqual(scene.frame(of: second)!.minY, below + 20)
    }

    func testTheInputMethodSpotFollowsTheCaretThroughTheHost() {
        let (scene, first, _, host) = makeScene()
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        let spotCount = host.spots.count
        scene.handle(.text("abc"), at: 0.1)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        XCTAssertEqual(host.spots.count, spotCount + 1)
        XCTAssertEqual(host.spots.last!.minX - host.spots[spotCount - 1].minX, 24, "three 8 px clusters further")
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.2)
        XCTAssertEqual(host.spots.count, spotCount + 1, "told only when it moved")
    }

    func testClipboardShortcutsGoThroughTheHostAndPasteArrivesLater() {
        let (scene, first, _, host) = makeScene()
        scene.focus(first, at: 0)
        scene.handle(.text("copy me"), at: 0)
        scene.handle(.key(.shortcut("a"), .control), at: 0)
        scene.handle(.key(.shortcut("c"), .control), at: 0)
        XCTAssertEqual(host.selections[.clipboard], "copy me")
        scene.handle(.key(.end, []), at: 0)
        scene.handle(.key(.shortcut("v"), .control), at: 0)
        XCTAssertEqual(first.text, "copy me", "nothing until the host answers")
        host.answerPastes()
        XCTAssertEqual(first.text, "copy mecopy me")
        scene.handle(.key(.shortcut("a"), .control), at: 0)
        scene.handle(.key(.shortcut("x"), .control), at: 0)
        XCTAssertEqual(first.text, "")
        XCTAssertEqual(host.selections[.clipboard], "copy mecopy me")
    }

    /// The older clipboard keys GTK and Qt keep: Ctrl+Insert copies, Shift+Insert pastes,
    /// Shift+Delete cuts; Insert alone types nothing.
    func testInsertAndDeleteClipboardKeys() {
        let (scene, first, _, host) = makeScene()
        scene.focus(first, at: 0)
        scene.handle(.text("word"), at: 0)
        scene.handle(.key(.insert, []), at: 0)
        XCTAssertEqual(first.text, "word", "Insert types nothing")
        scene.handle(.key(.shortcut("a"), .control), at: 0)
        scene.handle(.key(.insert, .control), at: 0)
        XCTAssertEqual(host.selections[.clipboard], "word")
        scene.handle(.key(.end, []), at: 0)
        scene.handle(.key(.insert, .shift), at: 0)
        host.answerPastes()
        XCTAssertEqual(first.text, "wordword")
        scene.handle(.key(.left, .shift), at: 0)
        scene.handle(.key(.delete, .shift), at: 0)
        XCTAssertEqual(first.text, "wordwor")
        XCTAssertEqual(host.selections[.clipboard], "d", "Shift+Delete cut the selection to the clipboard")
        scene.handle(.key(.delete, .shift), at: 0)
        XCTAssertEqual(first.text, "wordwor", "with nothing selected there is nothing to cut")
    }

    func testARefusedEditRingsTheBell() {
        let (scene, first, _, host) = makeScene()
        first.maximumLength = 2
        scene.focus(first, at: 0)
        scene.handle(.text("ab"), at: 0)
        XCTAssertEqual(host.bells, 0)
        scene.handle(.text("c"), at: 0)
        XCTAssertEqual(first.text, "ab")
        XCTAssertEqual(host.bells, 1)
    }

    func testSelectingWithThePointerOffersPrimaryAndAMiddleClickPastesIt() {
        let (scene, first, second, host) = makeScene()
        let frame = scene.frame(of: second)!
        scene.handle(.pointerDown(Point(x: frame.minX + 16, y: frame.midY), button: .primary, clickCount: 1, modifiers: []), at: 0)
        scene.handle(.pointerMoved(Point(x: frame.minX + 16 + 32, y: frame.midY), buttonHeld: true), at: 0)
        scene.handle(.pointerUp(Point(x: frame.minX + 48, y: frame.midY), button: .primary), at: 0)
        XCTAssertEqual(host.selections[.primary], "text")
        let target = scene.frame(of: first)!
        scene.handle(.pointerDown(Point(x: target.midX, y: target.midY), button: .middle, clickCount: 1, modifiers: []), at: 1)
        host.answerPastes()
        XCTAssertEqual(first.text, "text")
        XCTAssertTrue(first.isFocused)
    }

    func testSelectingFromTheKeyboardOffersPrimaryAsThePointerDoes() {
        let (scene, first, _, host) = makeScene()
        scene.focus(first, at: 0)
        scene.handle(.text("word pair"), at: 0)
        // Ctrl+A selects everything: PRIMARY has it.
        scene.handle(.key(.shortcut("a"), .control), at: 0.1)
        XCTAssertEqual(host.selections[.primary], "word pair")
        // Shift with a motion: PRIMARY follows the selection.
        scene.handle(.key(.end, []), at: 0.2)
        scene.handle(.key(.left, [.shift, .control]), at: 0.3)
        XCTAssertEqual(host.selections[.primary], "pair")
        scene.handle(.key(.right, [.shift]), at: 0.4)
        XCTAssertEqual(host.selections[.primary], "air")
        // A key that changes no selection offers nothing new.
        scene.handle(.key(.home, [.shift]), at: 0.5)
        XCTAssertEqual(host.selections[.primary], "word pair")
        host.selections[.primary] = nil
        scene.handle(.key(.home, [.shift]), at: 0.6)
        XCTAssertNil(host.selections[.primary])
    }
}

/// Styles are values: positioning, container kind and density.
final class StyleTests: XCTestCase {
    func testDensityInterpolatesTowardAFortyPixelField() {
        for style in FieldStyle.material {
            XCTAssertEqual(style.positioning(density: 0).containerHeight, 56)
            XCTAssertEqual(style.positioning(density: 1).containerHeight, 40)
            XCTAssertEqual(style.positioning(density: 0.5).containerHeight, 48)
            XCTAssertEqual(style.positioning(density: .nan).containerHeight, 56)
        }
        let field = makeField(.filled)
        field.verticalDensity = 1
        XCTAssertEqual(field.preferredHeight, 40)
        XCTAssertEqual(field.layout!.textLine.minY, 16)
    }

    func testAThirdFamilyIsAValueNotACase() {
        // A dense "underlined" family: filled container kind, its own positioning.
        let underlined = FieldStyle(
            name: "underlined", container: .filled,
            normal: VerticalPositioning(containerHeight: 48, floatingLabelTop: 4, textTopWithFloatingLabel: 20, textTopWithoutFloatingLabel: 12),
            dense: VerticalPositioning(containerHeight: 40, floatingLabelTop: 2, textTopWithFloatingLabel: 16, textTopWithoutFloatingLabel: 8))
        let field = TextField(identifier: "u", style: underlined, label: "Label", text: "x")
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(field.preferredHeight, 48)
        XCTAssertEqual(field.layout!.textLine.minY, 20)
        XCTAssertFalse(field.drawn(at: 1).fills.isEmpty)
    }

    func testALabelThatDisappearsIsHiddenWhileEditingAnEmptyField() {
        let field = makeField(.outlined)
        field.labelBehavior = .disappears
        XCTAssertEqual(field.labelPosition, .resting)
        field.focus(at: 0)
        XCTAssertEqual(field.labelPosition, .none)
        XCTAssertFalse(field.drawn(at: 1).texts.contains { $0.text == "Label" })
        XCTAssertNil(field.layout!.notch, "no notch for a label that never floats")
    }

    func testIconsTakeTheirSlotsAndReportTheirParts() {
        let field = makeField(.outlined, text: "abc")
        field.leadingIcon = FieldIcon(name: "search", content: .shape(.circle(center: Point(x: 12, y: 12), radius: 8)))
        field.trailingIcon = FieldIcon(name: "info", content: .shape(.circle(center: Point(x: 12, y: 12), radius: 8)))
        let layout = field.layout!
        XCTAssertEqual(layout.textLine.minX, 48, "12 + 24 + 12")
        XCTAssertEqual(layout.textLine.maxX, 300 - 48)
        XCTAssertEqual(field.part(at: Point(x: 20, y: 28)), .leadingIcon)
        XCTAssertEqual(field.part(at: Point(x: 280, y: 28)), .trailingIcon)
        XCTAssertEqual(field.part(at: Point(x: 150, y: 28)), .text)
        XCTAssertNil(field.part(at: Point(x: 150, y: 70)))
        field.helperText = "help"
        XCTAssertEqual(field.part(at: Point(x: 150, y: 62)), .assistiveRow)
    }

    func testHoverDeepensTheOutlineAndTheFilledContainer() {
        let outlined = makeField(.outlined), filled = makeField(.filled)
        outlined.isHovered = true
        filled.isHovered = true
        XCTAssertEqual(outlined.drawn(at: 1).fills[0].color, ColorScheme.light.onSurface.withAlpha(0.87))
        let fills = filled.drawn(at: 1).fills
        XCTAssertEqual(fills[0].color, ColorScheme.light.onSurface.withAlpha(0.12), "the container keeps MDC iOS's 12 %")
        XCTAssertEqual(fills[1].color, ColorScheme.light.onSurface.withAlpha(0.04), "a 4 % hover layer over it")
        XCTAssertEqual(fills[2].color, ColorScheme.light.onSurface.withAlpha(0.87), "the underline darkens")
    }
}

/// The scene at rest and at its limits: the same text set again changes nothing, hover follows
/// scrolled content and ended editing, direct focus ends the other field, a changed layout is
/// arranged again, absurd sizes stay bounded (each found in a user trial).
final class SceneEdgeCaseTests: XCTestCase {
    func testSettingTheSameTextChangesNothingSoANormalisingObserverComesToRest() {
        let field = makeField(.outlined, text: "abc")
        var calls = 0
        field.observe { field, event in
            guard case .textChanged = event else { return }
            calls += 1
            field.text = field.text.uppercased()
        }
        field.text = "mixed Case"
        XCTAssertEqual(field.text, "MIXED CASE")
        XCTAssertEqual(calls, 2, "the app's edit, then its own normalisation; setting it again is no change")
        XCTAssertEqual(field.editor.undoHistory.undoSteps.count, 2)
    }

    func testHoverFollowsTheContentWhenItScrollsUnderAStillPointer() {
        let fields = (0..<4).map { TextField(identifier: "f\($0)", style: .outlined, label: "L\($0)") }
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 150), measurer: sharedMeasurer)
        let frame = scene.frame(of: fields[0])!
        let point = Point(x: frame.midX, y: frame.midY)
        XCTAssertTrue(scene.handle(.pointerMoved(point, buttonHeld: false), at: 0), "hover is a change observers hear of")
        XCTAssertTrue(fields[0].isHovered)
        scene.handle(.scroll(steps: 2), at: 0)
        XCTAssertFalse(fields[0].isHovered)
        let under = fields.first { scene.frame(of: $0)!.contains(point) }
        XCTAssertNotNil(under)
        XCTAssertTrue(under!.isHovered)
        XCTAssertEqual(fields.filter(\.isHovered).count, 1, "one field under the pointer is hovered")
    }

    func testAFieldThatStopsEditingUnderThePointerShowsHoverAgain() {
        let field = TextField(identifier: "f", style: .filled, label: "L")
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 400, height: 150), measurer: sharedMeasurer)
        let frame = scene.frame(of: field)!
        scene.handle(.pointerMoved(Point(x: frame.midX, y: frame.midY), buttonHeld: false), at: 0)
        scene.handle(.pointerDown(Point(x: frame.midX, y: frame.midY), button: .primary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertFalse(field.isHovered, "an editing field shows no hover")
        scene.handle(.key(.escape, []), at: 1)
        XCTAssertTrue(field.isHovered)
    }

    func testFocusingAFieldDirectlyEndsEditingInTheOther() {
        let fields = [TextField(identifier: "a", style: .filled), TextField(identifier: "b", style: .filled)]
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        fields[0].focus(at: 0)
        fields[1].focus(at: 1)
        XCTAssertEqual(fields.filter(\.isFocused).map(\.identifier), ["b"])
        XCTAssertTrue(scene.focusedField === fields[1])
    }

    func testALayoutThatChangesIsArrangedAgainOnRequest() {
        final class Growing: SceneLayout {
            var top = 24.0
            let field: TextField
            init(_ field: TextField) { self.field = field }
            func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
                let height = field.layOut(width: 200, metrics: metrics, measurer: measurer)
                return Arrangement(fieldFrames: [(field, Rect(x: 24, y: top, width: 200, height: height))], contentHeight: top + height)
            }
        }
        let field = TextField(identifier: "f", style: .filled)
        let layout = Growing(field)
        let scene = FieldScene(fields: [field], layout: layout, scheme: .light)
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        layout.top = 100
        scene.setNeedsArrangement()
        XCTAssertGreaterThan(host.invalidations, 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0.1)
        XCTAssertEqual(scene.frame(of: field)?.minY, 100)
    }

    func testAbsurdWidthsAndTinyViewportsStayBounded() {
        let field = makeField(.filled, text: "x", enabled: false, width: 1e9)
        XCTAssertEqual(field.layout!.container.width, FieldLayout.maximumWidth)
        var scroll = ScrollContainer()
        scroll.update(contentHeight: 500, viewport: Size(width: 300, height: 3))
        XCTAssertNil(scroll.indicator(scale: 1), "no room for an indicator")
        XCTAssertEqual(Color(red: .nan, green: 2, blue: -1).description, "rgba(0, 255, 0, 1.0)")
    }
}
