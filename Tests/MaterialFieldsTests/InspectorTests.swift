import XCTest
@testable import MaterialFields

/// The scene's overlay seam and the field inspector drawn through it.
final class InspectorTests: XCTestCase {
    private typealias Part = FieldInspector.Part

    /// The nearest whole-pixel rectangle, as outlines are drawn.
    private func snapped(_ rect: Rect) -> Rect {
        let left = rect.minX.rounded(), top = rect.minY.rounded()
        return Rect(x: left, y: top, width: rect.maxX.rounded() - left, height: rect.maxY.rounded() - top)
    }

    private func isInspectorColour(_ color: Color) -> Bool { Part.allCases.contains { $0.color == color } }

    /// A scene of two fields, the first filled and empty, the second outlined with text, in a
    /// window large enough for the panel beside them.
    private func makeScene() -> (FieldScene, TextField, TextField) {
        let first = TextField(identifier: "first", style: .filled, label: "First")
        let second = TextField(identifier: "second", style: .outlined, label: "Second", text: "text")
        let scene = FieldScene(fields: [first, second], scheme: .light)
        scene.resize(to: Size(width: 800, height: 600), measurer: sharedMeasurer)
        return (scene, first, second)
    }

    private func texts(_ canvas: RecordingCanvas) -> [String] { canvas.texts.map(\.text) }

    /// The panel as drawn: its title (the field's id and whether it is hovered or focused) and
    /// its rows, key to value.
    private func panel(_ canvas: RecordingCanvas) -> (title: String, role: String, rows: [String: String])? {
        let shown = texts(canvas)
        guard let index = shown.firstIndex(where: { $0 == "  hovered" || $0 == "  focused" }), index > 0 else { return nil }
        let keys: Set = ["state", "label", "motion", "container", "text", "resting", "floating", "frame"]
        var rows: [String: String] = [:]
        var key = index + 1
        // The frame row is the last; the legend after it repeats some keys' words.
        while key + 1 < shown.count, keys.contains(shown[key]), rows["frame"] == nil {
            rows[shown[key]] = shown[key + 1]
            key += 2
        }
        return (shown[index - 1], shown[index].trimmingCharacters(in: .whitespaces), rows)
    }

    private func covers(_ regions: [Rect], _ rect: Rect) -> Bool {
        regions.contains { $0.union(rect) == $0 }
    }

    // MARK: Outlines

    func testEveryPartIsOutlinedAtItsLayoutRectangleInItsOwnColour() throws {
        // Given a focused field with every part: labels, icons, clear button, prefix, suffix and helper text
        let field = TextField(identifier: "full", style: .filled, label: "Amount", text: "12")
        field.leadingIcon = .person
        field.trailingIcon = .search
        field.clearButtonMode = .always
        field.prefixText = "$"
        field.suffixText = "USD"
        field.helperText = "Helper"
        let scene = FieldScene(fields: [field], scheme: .light)
        scene.resize(to: Size(width: 800, height: 600), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        scene.focus(field, at: 0)
        scene.handle(.key(.end, []), at: 0)

        // When the inspector is shown
        scene.overlay = FieldInspector()
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 1)

        // Then each part's layout rectangle, in window pixels, is outlined in the part's colour
        let frame = try XCTUnwrap(scene.frame(of: field)), layout = try XCTUnwrap(field.layout)
        func window(_ rect: Rect) -> Rect { snapped(rect.offsetBy(dx: frame.minX, dy: frame.minY)) }
        // FakeMeasurer: ascent 0.75 em, descent 0.25 em.
        func box(_ placement: LabelPlacement?) throws -> Rect {
            let placement = try XCTUnwrap(placement), size = placement.font.pixelSize
            return window(Rect(x: placement.origin.x, y: placement.origin.y - 0.75 * size, width: placement.width, height: size))
        }
        let caret = try XCTUnwrap(field.caretRect)
        let expected: [(Part, Rect)] = [
            (.container, window(layout.container)),
            (.restingLabel, try box(layout.restingLabel)),
            (.floatingLabel, try box(layout.floatingLabel)),
            (.text, window(layout.textLine)),
            (.affix, try box(layout.prefix)),
            (.affix, try box(layout.suffix)),
            (.assistiveRow, window(try XCTUnwrap(layout.assistiveRow))),
            (.leadingIcon, window(try XCTUnwrap(layout.leadingIcon))),
            (.trailingIcon, window(try XCTUnwrap(layout.trailingIcon))),
            (.clearButton, window(try XCTUnwrap(layout.clearButton))),
            // Widened by the 1 px stroke, so the 2 px caret still shows inside its outline.
            (.caret, window(caret).insetBy(dx: -1, dy: -1)),
        ]
        for (part, rect) in expected {
            XCTAssertTrue(canvas.fills.contains { $0.color == part.color && $0.path.bounds == rect },
                          "no \(part) outline at \(rect); \(part) outlines: \(canvas.fills.filter { $0.color == part.color }.map(\.path.bounds))")
        }
        // And an outline is a 1 px frame, not a filled box
        let container = try XCTUnwrap(canvas.fills.first { $0.color == Part.container.color }).path
        XCTAssertEqual(container.contours.count, 2)
        XCTAssertEqual(Path(contours: [container.contours[1]]).bounds, window(layout.container).insetBy(dx: 1, dy: 1))
        // And every kind has its own colour
        XCTAssertEqual(Set(Part.allCases.map(\.color)).count, Part.allCases.count)
    }

    func testOnlyTheFieldBeingEditedHasACaretOutline() {
        let (scene, first, _) = makeScene()
        scene.focus(first, at: 0)
        scene.overlay = FieldInspector()
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 1)
        XCTAssertEqual(canvas.fills.filter { $0.color == Part.caret.color }.count, 1)
        XCTAssertEqual(canvas.fills.filter { $0.color == Part.container.color }.count, 2, "both fields are outlined")
    }

    // MARK: Panel

    func testThePanelNamesTheFocusedFieldThenTheHoveredOneWithStateAndFrames() throws {
        // Given the inspector over a scene whose first field is being edited
        let (scene, first, second) = makeScene()
        scene.overlay = FieldInspector()
        scene.focus(first, at: 0)
        var canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 1)

        // Then the panel names it, with its state, label position, finished motion, frames and the frame count
        var frame = try XCTUnwrap(scene.frame(of: first))
        var shown = try XCTUnwrap(panel(canvas), "\(texts(canvas))")
        XCTAssertEqual(shown.title, "first")
        XCTAssertEqual(shown.role, "focused")
        XCTAssertEqual(shown.rows["state"], "editing")
        XCTAssertEqual(shown.rows["label"], "floating")
        XCTAssertEqual(shown.rows["motion"], "float 100%  activation 100%")
        XCTAssertEqual(shown.rows["container"], "\(Int(frame.minX)), \(Int(frame.minY)), \(Int(frame.width)) × 56")
        let band = first.layout!.textLine.offsetBy(dx: frame.minX, dy: frame.minY)
        let numbers = [band.minX, band.minY, band.width].map { Int($0.rounded()) }
        XCTAssertEqual(shown.rows["text"], "\(numbers[0]), \(numbers[1]), \(numbers[2]) × 24")
        XCTAssertNotNil(shown.rows["resting"])
        XCTAssertNotNil(shown.rows["floating"])
        XCTAssertEqual(shown.rows["frame"], "\(scene.drawnFrameCount)")

        // When the pointer rests over the other field
        frame = try XCTUnwrap(scene.frame(of: second))
        scene.handle(.pointerMoved(Point(x: frame.midX, y: frame.minY + 28), buttonHeld: false), at: 2)
        XCTAssertTrue(scene.hoveredField === second)
        XCTAssertEqual(scene.nextWakeup(after: 2), 2, "the panel is owed a frame")
        canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 2)

        // Then the panel describes the hovered field rather than the focused one
        shown = try XCTUnwrap(panel(canvas), "\(texts(canvas))")
        XCTAssertEqual(shown.title, "second")
        XCTAssertEqual(shown.role, "hovered")
        XCTAssertEqual(shown.rows["state"], "normal")
        XCTAssertEqual(shown.rows["motion"], "float 100%  activation 0%")
        XCTAssertEqual(shown.rows["container"], "\(Int(frame.minX)), \(Int(frame.minY)), \(Int(frame.width)) × 56")
    }

    func testMovingOntoTheFieldBeingEditedAsksForAFrameForThePanel() {
        // Given the inspector with the pointer away from the field being edited
        let (scene, first, _) = makeScene()
        scene.overlay = FieldInspector()
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        XCTAssertNil(scene.nextWakeup(after: 1))
        // When the pointer moves onto it (an edited field shows no hover, so it does not change)
        let frame = scene.frame(of: first)!
        scene.handle(.pointerMoved(Point(x: frame.midX, y: frame.minY + 28), buttonHeld: false), at: 2)
        // Then the scene still wants a frame, and the panel calls the field hovered
        XCTAssertEqual(scene.nextWakeup(after: 2), 2)
        let canvas = RecordingCanvas()
        XCTAssertFalse(scene.advanceAndRender(on: canvas, at: 2).isEmpty)
        XCTAssertEqual(panel(canvas)?.role, "hovered", "\(texts(canvas))")
    }

    func testThePanelShowsTheLabelFloatMidAnimation() {
        // Given the inspector, and a field focused at 0 whose label floats over 150 ms
        let (scene, first, _) = makeScene()
        scene.overlay = FieldInspector()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        scene.focus(first, at: 0)
        // When a frame is drawn half-way through
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 0.075)
        // Then the panel shows the float part-way, as the label is drawn
        let progress = Int((first.labelFloatProgress(at: 0.075) * 100).rounded())
        XCTAssertTrue(progress > 0 && progress < 100)
        XCTAssertEqual(panel(canvas)?.rows["motion"]?.hasPrefix("float \(progress)%  activation "), true, "\(texts(canvas))")
    }

    // MARK: Damage

    func testShowingAndHidingTheOverlayRepaintsWhatItCoversAndAnUnchangedOneNothing() throws {
        // Given a scene drawn and at rest
        let (scene, _, _) = makeScene()
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 0), [Rect(x: 0, y: 0, width: 800, height: 600)])
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 0.5), [])

        // When the inspector is shown
        let inspector = FieldInspector()
        scene.overlay = inspector
        XCTAssertEqual(scene.nextWakeup(after: 1), 1)
        let canvas = RecordingCanvas()
        let shown = scene.advanceAndRender(on: canvas, at: 1)

        // Then every layer it draws (two fields' outlines, the panel) is repainted, and not the whole window
        let layers = inspector.content(of: scene, frame: scene.drawnFrameCount, at: 1, measurer: sharedMeasurer).layers
        XCTAssertEqual(layers.count, 3)
        for layer in layers { XCTAssertTrue(covers(shown, layer.bounds), "\(layer.bounds) is not in \(shown)") }
        XCTAssertFalse(covers(shown, Rect(x: 0, y: 0, width: 800, height: 600)))
        XCTAssertTrue(canvas.fills.contains { isInspectorColour($0.color) })

        // When frames come with nothing changed
        // Then nothing is repainted and nothing more is asked for
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 2), [])
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 3), [])
        XCTAssertNil(scene.nextWakeup(after: 3))

        // When it is hidden
        scene.overlay = nil
        XCTAssertEqual(scene.nextWakeup(after: 4), 4)
        let hiddenCanvas = RecordingCanvas()
        let hidden = scene.advanceAndRender(on: hiddenCanvas, at: 4)

        // Then what it covered is repainted without it, and then nothing
        for layer in layers { XCTAssertTrue(covers(hidden, layer.bounds), "\(layer.bounds) is not in \(hidden)") }
        XCTAssertFalse(hiddenCanvas.fills.contains { isInspectorColour($0.color) })
        XCTAssertEqual(scene.advanceAndRender(on: RecordingCanvas(), at: 5), [])
    }

    func testAKeystrokeWithTheInspectorShownRepaintsTheFieldAndThePanelOnly() throws {
        // Given the inspector over a field being edited, at rest
        let (scene, first, second) = makeScene()
        scene.overlay = FieldInspector()
        scene.focus(first, at: 0)
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 1)
        // When a letter is typed
        scene.handle(.text("x"), at: 1.1)
        let regions = scene.advanceAndRender(on: RecordingCanvas(), at: 1.1)
        // Then the field is repainted, the other field is left alone, and the rest is no more than the panel
        let other = try XCTUnwrap(scene.frame(of: second))
        XCTAssertFalse(regions.contains { $0.intersects(other) }, "\(regions)")
        let edited = try XCTUnwrap(scene.frame(of: first))
        XCTAssertTrue(regions.contains { $0.intersects(edited) }, "\(regions)")
        let repainted = regions.map { $0.width * $0.height }.reduce(0, +)
        XCTAssertLessThan(repainted, 800 * 600 / 3, "a field and a corner panel, not the window: \(regions)")
    }

    func testWithoutAnOverlayTheSceneDrawsOnlyItsSurfaceAndFields() throws {
        // Given a scene that never had an overlay, and one that showed the inspector and hid it again
        let (plain, _, _) = makeScene()
        let (inspected, _, _) = makeScene()
        _ = plain.advanceAndRender(on: RecordingCanvas(), at: 0)
        inspected.overlay = FieldInspector()
        _ = inspected.advanceAndRender(on: RecordingCanvas(), at: 0)
        inspected.overlay = nil
        _ = inspected.advanceAndRender(on: RecordingCanvas(), at: 0.5)

        // When both draw everything
        plain.invalidateAll()
        inspected.invalidateAll()
        let plainCanvas = RecordingCanvas(), inspectedCanvas = RecordingCanvas()
        _ = plain.advanceAndRender(on: plainCanvas, at: 1)
        _ = inspected.advanceAndRender(on: inspectedCanvas, at: 1)

        // Then each draws the surface and its fields' appearances, and not one command more
        let window = Rect(x: 0, y: 0, width: 800, height: 600)
        let expected = RecordingCanvas()
        expected.pushClip(window)
        expected.fill(window, color: ColorScheme.light.surface)
        for field in plain.fields {
            let frame = try XCTUnwrap(plain.frame(of: field))
            let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: Point(x: frame.minX, y: frame.minY), scheme: .light,
                                                            showsCaret: false))
            FieldRenderer.draw(appearance, on: expected)
        }
        expected.popClip()
        XCTAssertEqual(plainCanvas.commands, expected.commands)
        XCTAssertEqual(inspectedCanvas.commands, expected.commands)
    }

    // MARK: Found in review

    func testAnOverlayShownAndHiddenBeforeARenderLeavesTheSceneAsleep() {
        let (scene, _, _) = makeScene()
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 0)
        XCTAssertNil(scene.nextWakeup(after: 1))
        scene.overlay = FieldInspector()
        scene.overlay = nil
        _ = scene.advanceAndRender(on: RecordingCanvas(), at: 2)
        XCTAssertNil(scene.nextWakeup(after: 3), "nothing left to draw: the scene sleeps")
    }

    /// An app's layout may put a field anywhere finite; the panel's numbers must not trap.
    func testAFieldFarAwayDoesNotTrapThePanel() {
        final class FarLayout: SceneLayout {
            let field: TextField
            init(_ field: TextField) { self.field = field }
            func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
                _ = field.layOut(width: 32767, metrics: metrics, measurer: measurer)
                var arrangement = Arrangement()
                arrangement.fieldFrames = [(field, Rect(x: 1e19, y: 100, width: 32767, height: 56))]
                arrangement.contentHeight = 600
                return arrangement
            }
        }
        let field = TextField(identifier: "far", style: .filled, label: "Far")
        let scene = FieldScene(fields: [field], layout: FarLayout(field), scheme: .light)
        scene.resize(to: Size(width: 800, height: 600), measurer: sharedMeasurer)
        scene.overlay = FieldInspector()
        scene.focus(field, at: 0)
        let canvas = RecordingCanvas()
        _ = scene.advanceAndRender(on: canvas, at: 0.05)
        XCTAssertEqual(panel(canvas)?.title, "far")
    }
}
