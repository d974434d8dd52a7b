import XCTest
@testable import MaterialFields

/// A host that shows popups (placing them on a 1000 x 800 screen) and keeps a clipboard.
private final class PanelHost: SceneHost {
    var shown: [(popup: ScenePopup, anchor: PopupAnchor)] = []
    var selections: [SelectionKind: String] = [:]
    func setSelectionText(_ text: String, for selection: SelectionKind) { selections[selection] = text }
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) { completion(selections[selection]) }
    func setNeedsRender() {}
    func setPointerShape(_ shape: PointerShape) {}
    func setInputMethodSpot(_ caret: Rect) {}
    func ringBell() {}
    func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
        shown.append((popup, anchor))
        popup.placement = anchor.place(popup.surfaceSize, in: Rect(x: 0, y: 0, width: 1000, height: 800))
        return true
    }
    func closePopup(_ popup: ScenePopup) {}
}

/// `FieldControl` (the `set` step's and the panel's one model of a change) and the controls
/// panel's model: its controls, the keyboard and the pointer in it, what it tells `onChange`.
final class FieldControlsPanelTests: XCTestCase {
    private var keptHost: PanelHost?

    /// A panel on an outlined field with both icons (`icons`), or with none.
    private func makeScene(icons: Bool = true) -> (FieldScene, TextField, FieldControlsPanel) {
        let field = TextField(identifier: "name", style: .outlined, label: "Name")
        if icons {
            field.leadingIcon = .person
            field.trailingIcon = .search
        }
        let other = TextField(identifier: "other", style: .filled, label: "Other")
        let scene = FieldScene(fields: [field, other])
        let host = PanelHost()
        keptHost = host
        scene.host = host
        scene.resize(to: Size(width: 400, height: 600), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        XCTAssertTrue(scene.openControlsPanel(for: field, closeKey: (.function(9), []), onChange: { [unowned self] in steps.append($0) }))
        return (scene, field, scene.shownControlsPanel!)
    }
    private var steps: [String] = []

    // MARK: FieldControl

    func testEveryPropertyWritesAStepThatParsesBackToTheSameChange() throws {
        let changes: [FieldControl] = [.enabled(false), .error("Too \"short\"\n"), .error(""), .error(nil), .label("Given name"),
                                       .placeholder(""), .helper("As on\tyour passport \\ ok"), .counterLimit(20), .counterLimit(nil),
                                       .density(0.25), .density(1), .density(1e-7), .density(0.1 + 0.2), .clearButton(.whileEditing), .leadingIcon(.unlessEditing),
                                       .trailingIcon(.never), .direction(.rightToLeft), .secure(true)]
        XCTAssertEqual(Set(changes.map(\.property)), Set(FieldControl.Property.allCases), "every property is covered")
        for change in changes {
            let step = change.stepText(id: "f")
            let words = step.split(separator: " ", maxSplits: 3).map(String.init)
            XCTAssertEqual(Array(words.prefix(3)), ["set", "f", change.property.rawValue])
            let value = words[3]
            let quoted = value.hasPrefix("\"")
            let text = quoted ? try Self.unquote(value) : value
            XCTAssertEqual(try FieldControl.parse(property: change.property.rawValue, value: text, quoted: quoted), change, step)
        }
        XCTAssertEqual(FieldControl.label("Name").stepText(id: "f"), "set f label \"Name\"")
        XCTAssertEqual(FieldControl.error(nil).stepText(id: "f"), "set f error off")
        XCTAssertEqual(FieldControl.counterLimit(nil).stepText(id: "f"), "set f counter-limit none")
        XCTAssertEqual(FieldControl.density(0.5).stepText(id: "f"), "set f density 0.5")
        XCTAssertEqual(FieldControl.clearButton(.unlessEditing).stepText(id: "f"), "set f clear-button unless-editing")
    }

    /// What a script's reader does with a quoted value (the escapes `FieldControl.quoted` writes).
    private static func unquote(_ value: String) throws -> String {
        var result = ""
        var escaping = false
        for character in value.dropFirst().dropLast() {
            if escaping {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    func testAppliedChangesReadBackAsTheFieldsCurrentValues() {
        let field = TextField(identifier: "f", style: .filled, label: "Name")
        let changes: [FieldControl] = [.enabled(false), .error("Required"), .label("Given"), .placeholder("Ada"), .helper("Help"),
                                       .counterLimit(12), .density(0.75), .clearButton(.always), .leadingIcon(.whileEditing),
                                       .trailingIcon(.unlessEditing), .direction(.rightToLeft), .secure(true)]
        for change in changes { change.apply(to: field) }
        XCTAssertEqual(FieldControl.all(of: field), changes)
        XCTAssertTrue(field.isInError)
        XCTAssertEqual(field.maximumLength, 12)
        XCTAssertEqual(field.layoutDirection, .rightToLeft)
    }

    func testBadPropertiesAndValuesSayWhatTheyTake() {
        func message(_ property: String, _ value: String, quoted: Bool = false) -> String {
            do {
                _ = try FieldControl.parse(property: property, value: value, quoted: quoted)
                return "parsed"
            } catch {
                return "\(error)"
            }
        }
        XCTAssertTrue(message("lable", "x", quoted: true).hasPrefix("set: no property 'lable'; did you mean 'label'?"))
        XCTAssertEqual(message("clear-button", "allways"),
                       "set clear-button: 'allways' is not one of never, while-editing, unless-editing or always; did you mean 'always'?")
        XCTAssertEqual(message("counter-limit", "0"), "set counter-limit: '0' is not a whole number from 1 to 1000000, or none")
        XCTAssertEqual(message("density", "-1"), "set density: '-1' is not a number from 0 (Material's default) to 1 (dense)")
        XCTAssertEqual(message("enabled", "true", quoted: true), "set enabled: '\"true\"' is not true or false")
        XCTAssertEqual(message("label", "Name"), "set label: quote the text (set ID label \"Name\"; \"\" for none)")
        XCTAssertEqual(message("direction", "natural"), "set direction: 'natural' is not ltr or rtl")
        XCTAssertEqual(message("density", "nan"), "set density: 'nan' is not a number from 0 (Material's default) to 1 (dense)")
        XCTAssertEqual(message("density", "0x1p-1"), "set density: '0x1p-1' is not a number from 0 (Material's default) to 1 (dense)")
        XCTAssertEqual(message("error", "off", quoted: true), "parsed", "a quoted off is a message")
    }

    // MARK: The panel

    func testThePanelOpensBesideTheFieldNotOverIt() throws {
        let (scene, field, panel) = makeScene()
        let placement = try XCTUnwrap(panel.placement)
        let frame = try XCTUnwrap(scene.frame(of: field))
        let container = frame.minY + field.layout!.container.height
        XCTAssertGreaterThanOrEqual(placement.minY, container, "the panel starts below the field's container")
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(panel.focusedControl, .label)
        XCTAssertEqual(panel.editors[.label]?.text, "Name", "the editor holds the field's label")
        XCTAssertEqual(panel.editors[.label]?.selection, TextSelection(anchor: 0, head: 4), "selected, so typing replaces it")
    }

    /// A panel placed above an outlined field leaves its floating label uncovered: the label rises
    /// above the field's frame, and the panel avoids all the field paints.
    func testAPanelAboveAnOutlinedFieldLeavesItsRisingLabelUncovered() throws {
        let others = (0..<6).map { TextField(identifier: "other-\($0)", style: .filled, label: "Other") }
        let field = TextField(identifier: "name", style: .outlined, label: "Name")
        field.text = "Ada"
        let scene = FieldScene(fields: others + [field])
        let host = PanelHost()
        keptHost = host
        scene.host = host
        scene.resize(to: Size(width: 400, height: 800), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        XCTAssertTrue(scene.openControlsPanel(for: field, closeKey: (.function(9), []), onChange: { _ in }))
        let placement = try XCTUnwrap(scene.shownControlsPanel?.placement)
        let outer = try XCTUnwrap(scene.outerFrame(of: field))
        let frame = try XCTUnwrap(scene.frame(of: field))
        XCTAssertLessThan(outer.minY, frame.minY, "the outlined label rises above the frame")
        XCTAssertLessThanOrEqual(placement.maxY, outer.minY, "the panel is above the field, its label included")
    }

    /// At scale 2 in a window too short for the panel above or below the field and too narrow
    /// beside it, the panel is drawn smaller (down to scale 1) so it covers nothing of the field.
    func testAPanelTooBigForTheWindowAtItsScaleIsDrawnSmallerBesideTheField() throws {
        let field = TextField(identifier: "name", style: .outlined, label: "Name")
        let scene = FieldScene(fields: [field], metrics: MaterialMetrics(scale: 2))
        let host = PanelHost()
        keptHost = host
        scene.host = host
        scene.resize(to: Size(width: 1000, height: 720), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        XCTAssertTrue(scene.openControlsPanel(for: field))
        let panel = try XCTUnwrap(scene.shownControlsPanel)
        XCTAssertLessThan(panel.metrics.scale, 2)
        XCTAssertGreaterThanOrEqual(panel.metrics.scale, 1)
        let placement = try XCTUnwrap(panel.placement)
        let frame = try XCTUnwrap(scene.frame(of: field))
        XCTAssertTrue(placement.intersection(frame).isEmpty, "\(placement) covers the field at \(frame)")
        XCTAssertLessThanOrEqual(placement.maxY, 720, "inside the window")

        // With room (a tall window), the panel keeps the scene's scale.
        scene.closePopup(reason: .dismissed)
        scene.resize(to: Size(width: 1280, height: 1200), measurer: sharedMeasurer)
        XCTAssertTrue(scene.openControlsPanel(for: field))
        XCTAssertEqual(try XCTUnwrap(scene.shownControlsPanel).metrics.scale, 2)
    }

    /// A field that moves under its open panel (the field above it grew taller and an error row) has the
    /// panel shown again beside it, once; a frame with nothing moved shows nothing again.
    func testThePanelMovesWithItsFieldWhenTheFieldComesUnderIt() throws {
        let first = TextField(identifier: "first", style: .outlined, label: "First")
        let field = TextField(identifier: "second", style: .outlined, label: "Second")
        first.verticalDensity = 1
        let scene = FieldScene(fields: [first, field])
        let host = PanelHost()
        keptHost = host
        scene.host = host
        scene.resize(to: Size(width: 1000, height: 800), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        XCTAssertTrue(scene.openControlsPanel(for: field))
        let panel = try XCTUnwrap(scene.shownControlsPanel)
        _ = scene.render(on: RecordingCanvas(), at: 0.1)
        XCTAssertEqual(host.shown.count, 1, "nothing moved: shown once")
        let before = try XCTUnwrap(panel.placement)

        first.verticalDensity = 0
        first.errorMessage = "Now in error, with a message in a row of its own below the field"
        _ = scene.advance(to: 2)
        _ = scene.render(on: RecordingCanvas(), at: 2)
        let frame = try XCTUnwrap(scene.frame(of: field))
        XCTAssertGreaterThan(frame.maxY, before.minY, "the field came under the panel (else this test proves nothing)")
        XCTAssertEqual(host.shown.count, 2, "shown again")
        XCTAssertTrue(host.shown.last?.popup === panel)
        let after = try XCTUnwrap(panel.placement)
        XCTAssertTrue(after.intersection(frame).isEmpty, "\(after) covers the field at \(frame)")
        XCTAssertTrue(scene.shownControlsPanel === panel, "the same panel, still open")
        _ = scene.advance(to: 3)
        _ = scene.render(on: RecordingCanvas(), at: 3)
        XCTAssertEqual(host.shown.count, 2, "once")
    }

    func testABesideAnchorTakesTheFirstSideWithRoomElseTheOneCoveringLeast() {
        let screen = Rect(x: 0, y: 0, width: 1000, height: 800)
        let size = Size(width: 400, height: 300)
        // Room below.
        XCTAssertEqual(PopupAnchor.beside(Rect(x: 700, y: 100, width: 250, height: 80)).place(size, in: screen),
                       Rect(x: 600, y: 180, width: 400, height: 300), "below, kept on screen sideways")
        // Near the bottom: above.
        XCTAssertEqual(PopupAnchor.beside(Rect(x: 100, y: 600, width: 250, height: 80)).place(size, in: screen),
                       Rect(x: 100, y: 300, width: 400, height: 300))
        // A tall field with no room above or below: to its right.
        XCTAssertEqual(PopupAnchor.beside(Rect(x: 100, y: 100, width: 250, height: 600)).place(size, in: screen),
                       Rect(x: 350, y: 100, width: 400, height: 300))
        // No side has room: the least covered.
        let wide = Rect(x: 50, y: 300, width: 800, height: 300)
        let placed = PopupAnchor.beside(wide).place(Size(width: 900, height: 400), in: screen)
        XCTAssertEqual(placed, Rect(x: 50, y: 0, width: 900, height: 400), "above, over its top 100 px: less than below, over 200")
        // Menus keep their placement at the anchor's corner.
        XCTAssertEqual(PopupAnchor(rect: Rect(x: 100, y: 100, width: 250, height: 80)).place(size, in: screen),
                       Rect(x: 100, y: 180, width: 400, height: 300))
    }

    func testTabAndShiftTabWalkEveryControlAndWrap() {
        let (scene, _, panel) = makeScene()
        var visited: [FieldControlsPanel.Control] = [panel.focusedControl]
        for index in 1...FieldControlsPanel.order.count {
            scene.handle(.key(.tab, []), at: Double(index) / 10)
            visited.append(panel.focusedControl)
        }
        XCTAssertEqual(visited, FieldControlsPanel.order + [.label])
        scene.handle(.key(.tab, .shift), at: 5)
        XCTAssertEqual(panel.focusedControl, .direction)
        scene.handle(.key(.up, []), at: 5.1)
        XCTAssertEqual(panel.focusedControl, .trailingIcon)
        scene.handle(.key(.down, []), at: 5.2)
        XCTAssertEqual(panel.focusedControl, .direction)
    }

    /// A field with no icon: both icon modes are unavailable, read "no icon", are passed by Tab,
    /// arrows and clicks and change nothing; the step still sets the mode.
    func testIconModesOfAFieldWithNoIconAreUnavailableAndPassedBy() throws {
        let (scene, field, panel) = makeScene(icons: false)
        XCTAssertTrue(panel.isUnavailable(.leadingIcon))
        XCTAssertTrue(panel.isUnavailable(.trailingIcon))
        XCTAssertFalse(panel.isUnavailable(.clearButton))
        var visited: [FieldControlsPanel.Control] = []
        for index in 1...FieldControlsPanel.order.count {
            scene.handle(.key(.tab, []), at: Double(index) / 10)
            visited.append(panel.focusedControl)
        }
        XCTAssertFalse(visited.contains(.leadingIcon) || visited.contains(.trailingIcon), "\(visited)")
        XCTAssertEqual(Set(visited), Set(FieldControlsPanel.order).subtracting([.leadingIcon, .trailingIcon]))
        while panel.focusedControl != .clearButton { scene.handle(.key(.tab, []), at: 2) }
        scene.handle(.key(.tab, []), at: 2.1)
        XCTAssertEqual(panel.focusedControl, .direction, "Tab from the clear button skips both icon rows")
        scene.handle(.key(.up, []), at: 2.2)
        XCTAssertEqual(panel.focusedControl, .clearButton, "and so does Up")
        // A click on the leading icon's chip changes nothing and moves no focus.
        let row = try XCTUnwrap(panel.frames[.leadingIcon])
        let chip = panel.chipFrame(in: row)
        scene.handle(.key(.down, []), at: 2.3)
        XCTAssertEqual(panel.focusedControl, .direction)
        _ = panel.handle(.pointerDown(Point(x: chip.maxX - 4, y: chip.midY), button: .primary, clickCount: 1, modifiers: []), at: 3)
        _ = panel.handle(.pointerUp(Point(x: chip.maxX - 4, y: chip.midY), button: .primary), at: 3.1)
        XCTAssertEqual(field.leadingViewMode, .always)
        XCTAssertEqual(panel.focusedControl, .direction)
        panel.act(on: .trailingIcon, at: 3.2)
        XCTAssertEqual(field.trailingViewMode, .always)
        XCTAssertFalse(steps.contains { $0.contains("icon") }, "\(steps)")
        // What it draws: "no icon" twice, no mode name.
        let canvas = RecordingCanvas()
        panel.render(on: canvas)
        let texts = canvas.texts.map(\.text)
        XCTAssertEqual(texts.filter { $0 == FieldControlsPanel.unavailableText }.count, 2, "\(texts)")
        XCTAssertFalse(texts.contains("always"), "\(texts)")
        // The step still sets it (the field may get an icon later).
        FieldControl.leadingIcon(.never).apply(to: field)
        XCTAssertEqual(field.leadingViewMode, .never)
    }

    /// Keys handled in one batch, then no input: the editor left still eases out of its focused
    /// look, since the panel asks for frames while it moves.
    func testAnEditorLeftLosesItsFocusedLookWithNoFurtherInput() throws {
        let (scene, _, panel) = makeScene()
        let label = try XCTUnwrap(panel.editors[.label])
        scene.advance(to: 1)
        XCTAssertEqual(label.activationProgress(at: 1), 1)
        scene.handle(.key(.tab, []), at: 1)
        var time = 1.0
        while let wakeup = scene.nextWakeup(after: time), wakeup < 3 {
            time = max(wakeup, time + 1.0 / 60)
            scene.advance(to: time)
        }
        XCTAssertEqual(label.activationProgress(at: time), 0, "eased out by \(time)")
        XCTAssertEqual(panel.editors[.placeholder]?.activationProgress(at: time), 1)
        // Keys at one instant (a batch read together): only the control the keyboard ends on edits.
        for _ in 0..<8 { scene.handle(.key(.tab, []), at: time) }
        XCTAssertEqual(panel.focusedControl, .clearButton)
        XCTAssertEqual(panel.editors.values.filter(\.isFocused).map(\.identifier), [])
        while let wakeup = scene.nextWakeup(after: time), wakeup < 6 {
            time = max(wakeup, time + 1.0 / 60)
            scene.advance(to: time)
        }
        for editor in panel.editors.values { XCTAssertEqual(editor.activationProgress(at: time), 0, editor.identifier) }
    }

    /// The header says which design and seed the panel's scheme is (a state found by hand is
    /// replayed in the same one).
    func testTheHeaderNamesMaterial3AndItsSeed() {
        let (scene, _, panel) = makeScene()
        let canvas = RecordingCanvas()
        panel.render(on: canvas)
        XCTAssertTrue(canvas.texts.map(\.text).contains("Controls"), "\(canvas.texts.map(\.text))")
        XCTAssertEqual(FieldControlsPanel.title(in: .material3(seed: Color(hex: 0x0061A4), isDark: true)), "Controls · Material 3 #0061A4")
        XCTAssertEqual(FieldControlsPanel.title(in: .highContrastDark), "Controls")
        scene.scheme = .material3Light
        scene.closePopup(reason: .dismissed)
        XCTAssertTrue(scene.openControlsPanel(for: scene.fields[0], closeKey: (.function(9), []), onChange: { _ in }))
        let m3 = RecordingCanvas()
        scene.shownControlsPanel?.render(on: m3)
        XCTAssertTrue(m3.texts.map(\.text).contains("Controls · Material 3 #6750A4"), "\(m3.texts.map(\.text))")
    }

    /// A frame that comes late (a loaded machine), after the motion it was due for has ended,
    /// still draws the panel again: what was drawn last was mid-motion.
    func testALateFrameStillDrawsTheEndOfAnEditorsMotion() {
        let (scene, _, panel) = makeScene()
        scene.handle(.key(.tab, []), at: 1)
        scene.advance(to: 1.02)
        panel.render(on: RecordingCanvas())
        XCTAssertFalse(panel.needsRender)
        XCTAssertEqual(panel.nextWakeup(after: 5), 5, "the panel owes the motion's last frame")
        scene.advance(to: 5)
        XCTAssertTrue(panel.needsRender, "drawn again at the motion's end")
        panel.render(on: RecordingCanvas())
        scene.advance(to: 5.1)
        XCTAssertNotEqual(panel.nextWakeup(after: 5.1), 5.1, "and then it rests")
    }

    func testTypingInATextControlAppliesAtOnceAndIsToldOnceWhenLeft() {
        let (scene, field, _) = makeScene()
        for (index, letter) in "Given".enumerated() { scene.handle(.text(String(letter)), at: 1 + Double(index) / 10) }
        XCTAssertEqual(field.label, "Given", "each edit applies")
        XCTAssertEqual(steps, [], "not told per keystroke")
        scene.handle(.key(.tab, []), at: 2)
        XCTAssertEqual(steps, ["set name label \"Given\""])
        scene.handle(.text("e.g. Ada"), at: 2.1)
        scene.handle(.key(.enter, []), at: 2.2)
        XCTAssertEqual(field.placeholder, "e.g. Ada")
        XCTAssertEqual(steps.last, "set name placeholder \"e.g. Ada\"", "Enter tells it")
        scene.handle(.key(.escape, []), at: 2.3)
        XCTAssertNil(scene.shownControlsPanel)
        XCTAssertEqual(steps.count, 2, "nothing left to tell on closing")
    }

    func testSwitchesAndChoicesFromTheKeyboard() {
        let (scene, field, panel) = makeScene()
        while panel.focusedControl != .enabled { scene.handle(.key(.tab, []), at: 1) }
        scene.handle(.text(" "), at: 1.1)
        XCTAssertFalse(field.isEnabled)
        scene.handle(.key(.right, []), at: 1.2)
        XCTAssertTrue(field.isEnabled, "Right turns a switch on")
        scene.handle(.key(.right, []), at: 1.3)
        XCTAssertTrue(field.isEnabled, "and leaves it on")
        scene.handle(.key(.tab, []), at: 1.4)
        scene.handle(.key(.enter, []), at: 1.5)
        XCTAssertEqual(field.errorMessage, "", "the error switch with no message: the colours alone")
        while panel.focusedControl != .clearButton { scene.handle(.key(.tab, []), at: 2) }
        scene.handle(.key(.right, []), at: 2.1)
        XCTAssertEqual(field.clearButtonMode, .whileEditing)
        scene.handle(.key(.left, []), at: 2.2)
        scene.handle(.key(.left, []), at: 2.3)
        XCTAssertEqual(field.clearButtonMode, .always, "choices wrap")
        while panel.focusedControl != .density { scene.handle(.key(.tab, .shift), at: 3) }
        scene.handle(.key(.right, []), at: 3.1)
        XCTAssertEqual(field.verticalDensity, 0.25)
        XCTAssertEqual(steps, ["set name enabled false", "set name enabled true", "set name error \"\"",
                               "set name clear-button while-editing", "set name clear-button never", "set name clear-button always",
                               "set name density 0.25"])
    }

    func testTheErrorMessageAppliesOnlyWhileTheFieldIsInError() {
        let (scene, field, panel) = makeScene()
        while panel.focusedControl != .errorMessage { scene.handle(.key(.tab, []), at: 1) }
        scene.handle(.text("Required"), at: 1.1)
        XCTAssertNil(field.errorMessage, "a message alone does not put the field in error")
        scene.handle(.key(.tab, []), at: 1.2)
        XCTAssertEqual(steps, [])
        while panel.focusedControl != .error { scene.handle(.key(.tab, []), at: 2) }
        scene.handle(.text(" "), at: 2.1)
        XCTAssertEqual(field.errorMessage, "Required")
        XCTAssertEqual(steps, ["set name error \"Required\""])
        scene.handle(.text(" "), at: 2.2)
        XCTAssertNil(field.errorMessage)
        XCTAssertEqual(steps.last, "set name error off")
    }

    func testACounterLimitThatIsNoLimitChangesNothingAndShowsTheEditorInError() {
        let (scene, field, panel) = makeScene()
        while panel.focusedControl != .counterLimit { scene.handle(.key(.tab, []), at: 1) }
        scene.handle(.text("x0"), at: 1.1)
        XCTAssertEqual(panel.editors[.counterLimit]?.text, "0", "only digits go in")
        XCTAssertNil(field.maximumLength)
        XCTAssertTrue(panel.editors[.counterLimit]?.isInError ?? false)
        scene.handle(.key(.backspace, []), at: 1.2)
        scene.handle(.text("15"), at: 1.3)
        XCTAssertEqual(field.maximumLength, 15)
        XCTAssertFalse(panel.editors[.counterLimit]?.isInError ?? true)
        scene.handle(.key(.escape, []), at: 1.4)
        XCTAssertEqual(steps, ["set name counter-limit 15"], "closing tells the text left in the editor")
    }

    func testClicksFocusControlsFlipSwitchesAndStepChoicesByHalf() throws {
        let (scene, field, panel) = makeScene()
        let secure = try XCTUnwrap(panel.frames[.secure])
        _ = panel.handle(.pointerDown(Point(x: secure.midX, y: secure.midY), button: .primary, clickCount: 1, modifiers: []), at: 1)
        _ = panel.handle(.pointerUp(Point(x: secure.midX, y: secure.midY), button: .primary), at: 1)
        XCTAssertTrue(field.isSecureTextEntry)
        XCTAssertEqual(panel.focusedControl, .secure)
        let direction = try XCTUnwrap(panel.frames[.direction])
        let chip = panel.chipFrame(in: direction)
        _ = panel.handle(.pointerDown(Point(x: chip.maxX - 4, y: chip.midY), button: .primary, clickCount: 1, modifiers: []), at: 2)
        XCTAssertEqual(field.layoutDirection, .rightToLeft)
        let leading = try XCTUnwrap(panel.frames[.leadingIcon])
        _ = panel.handle(.pointerDown(Point(x: panel.chipFrame(in: leading).minX + 4, y: leading.midY), button: .primary, clickCount: 1,
                                      modifiers: []), at: 3)
        XCTAssertEqual(field.leadingViewMode, .unlessEditing, "the left half steps back")
        let helper = try XCTUnwrap(panel.frames[.helper])
        _ = panel.handle(.pointerDown(Point(x: helper.midX, y: helper.midY), button: .primary, clickCount: 1, modifiers: []), at: 4)
        XCTAssertEqual(panel.focusedControl, .helper)
        XCTAssertTrue(panel.editors[.helper]?.isFocused ?? false)
        _ = scene
    }

    func testTheEditorsCopyAndPasteThroughTheScenesClipboard() {
        let (scene, field, _) = makeScene()
        scene.handle(.key(.shortcut("a"), .control), at: 1)
        scene.handle(.key(.shortcut("c"), .control), at: 1.1)
        XCTAssertEqual(keptHost?.selections[.clipboard], "Name")
        scene.handle(.key(.tab, []), at: 1.2)
        scene.handle(.key(.shortcut("v"), .control), at: 1.3)
        XCTAssertEqual(field.placeholder, "Name")
        scene.handle(.key(.shortcut("z"), .control), at: 1.4)
        XCTAssertEqual(field.placeholder, "", "undo in the editor undoes the change too")
        scene.handle(.key(.escape, []), at: 1.5)
        XCTAssertEqual(steps, [], "the placeholder ended as it was: nothing to tell")
    }

    func testTheKeyThatOpenedItClosesItAndTheFieldHasTheKeyboardBack() {
        let (scene, field, _) = makeScene()
        scene.handle(.key(.function(9), []), at: 1)
        XCTAssertNil(scene.shownControlsPanel)
        XCTAssertTrue(field.isFocused)
        scene.handle(.text("A"), at: 1.1)
        XCTAssertEqual(field.text, "A", "keys go to the field again")
    }

    func testWithNoFieldThePanelSaysSoAndHasNoControls() {
        let scene = FieldScene(fields: [TextField(identifier: "f", style: .filled, label: "F")])
        let host = PanelHost()
        keptHost = host
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        XCTAssertTrue(scene.openControlsPanel(for: nil))
        let panel = scene.shownControlsPanel
        XCTAssertNil(panel?.field)
        XCTAssertEqual(panel?.frames.count, 0)
        let canvas = RecordingCanvas()
        panel?.render(on: canvas)
        XCTAssertTrue(canvas.texts.contains { $0.text.hasPrefix("No field to control") }, "\(canvas.texts.map(\.text))")
        scene.handle(.key(.tab, []), at: 1)
        scene.handle(.key(.escape, []), at: 2)
        XCTAssertNil(scene.shownControlsPanel)
    }
}
