import XCTest
@testable import MaterialFields

/// The chooser's model: categories, search, keyboard navigation, tones, pointer and picking.
final class EmojiChooserTests: XCTestCase {
    private var picked: [String] = []
    private var dismissed = 0

    private func makeChooser(recents: [String] = []) -> EmojiChooser {
        let store = EmojiRecents()
        for emoji in recents.reversed() { store.use(emoji) }
        let chooser = EmojiChooser(recents: store, scheme: .light, measurer: FakeMeasurer())
        chooser.onPick = { [unowned self] emoji, _ in picked.append(emoji) }
        chooser.onDismiss = { [unowned self] in dismissed += 1 }
        return chooser
    }

    private func key(_ chooser: EmojiChooser, _ key: EditingKey, _ modifiers: KeyModifiers = []) {
        chooser.handle(.key(key, modifiers), at: 0)
    }

    func testCategoriesAreUnicodesGroupsWithRecentlyUsedFirstWhenThereAreAny() {
        XCTAssertEqual(makeChooser().sections.map(\.title).first, "Smileys & Emotion")
        XCTAssertEqual(makeChooser().sections.count, 9)
        let chooser = makeChooser(recents: ["🎉", "👋🏽"])
        XCTAssertEqual(chooser.sections.first?.title, "Recently used")
        XCTAssertEqual(chooser.sections.first?.cells.map(\.character), ["🎉", "👋🏽"])
        XCTAssertEqual(chooser.sections.first?.cells.last?.name, "waving hand: medium skin tone")
        XCTAssertEqual(chooser.sections.count, 10)
    }

    func testTypingFiltersByNameAndEnterPicksTheFirstResult() {
        let chooser = makeChooser()
        for character in "grinning" { chooser.handle(.text(String(character)), at: 0) }
        XCTAssertEqual(chooser.query, "grinning")
        XCTAssertEqual(chooser.area, .search)
        XCTAssertEqual(chooser.sections.map(\.title), ["Search results"])
        XCTAssertEqual(chooser.highlightedCell?.name, "grinning face")
        key(chooser, .enter)
        XCTAssertEqual(picked, ["😀"])
        XCTAssertEqual(chooser.recents.emoji, ["😀"])
    }

    func testBackspaceDeletesFromTheSearchAndEscapeClearsItBeforeClosing() {
        let chooser = makeChooser()
        chooser.handle(.text("cat"), at: 0)
        key(chooser, .backspace)
        XCTAssertEqual(chooser.query, "ca")
        key(chooser, .escape)
        XCTAssertEqual(chooser.query, "")
        XCTAssertEqual(dismissed, 0, "the first Escape clears a search")
        XCTAssertEqual(chooser.sections.count, 9)
        key(chooser, .escape)
        XCTAssertEqual(dismissed, 1)
        XCTAssertEqual(picked, [])
    }

    func testArrowsMoveInTheGridRowByRowAndAcrossSections() {
        let chooser = makeChooser()
        XCTAssertEqual(chooser.highlighted, 0, "the chooser opens with its first emoji highlighted")
        key(chooser, .right)
        XCTAssertEqual(chooser.highlighted, 1)
        key(chooser, .down)
        XCTAssertEqual(chooser.highlighted, 1 + EmojiChooserLayout.columns)
        key(chooser, .up)
        XCTAssertEqual(chooser.highlighted, 1)
        key(chooser, .left)
        key(chooser, .left)
        XCTAssertEqual(chooser.highlighted, 0, "Left stops at the first emoji")
        key(chooser, .end)
        XCTAssertEqual(chooser.highlightedCell?.name, "flag: Wales")
        XCTAssertEqual(chooser.currentSection, chooser.sections.count - 1, "the grid scrolled to the last category")
        key(chooser, .home)
        XCTAssertEqual(chooser.highlighted, 0)
        XCTAssertEqual(chooser.scrollOffset, 0)
        // Down from the last row of a category goes on into the next one, same column where it can.
        let smileys = chooser.sections[0].cells.count
        let lastRowStart = (smileys - 1) / EmojiChooserLayout.columns * EmojiChooserLayout.columns
        chooser.highlighted = lastRowStart
        key(chooser, .down)
        XCTAssertEqual(chooser.highlighted, smileys, "the next category's first emoji")
        XCTAssertEqual(chooser.currentSection, 1)
    }

    func testPageDownMovesAPageAndKeepsTheHighlightInView() {
        let chooser = makeChooser()
        key(chooser, .home)
        key(chooser, .pageDown)
        XCTAssertEqual(chooser.highlighted, 6 * EmojiChooserLayout.columns, "seven rows in view: six rows on")
        XCTAssertTrue(chooser.isCellVisible(chooser.highlighted!))
        key(chooser, .pageUp)
        XCTAssertEqual(chooser.highlighted, 0)
    }

    func testTabCyclesSearchCategoriesAndGridAndTheTabsJump() {
        let chooser = makeChooser()
        XCTAssertEqual(chooser.area, .grid)
        key(chooser, .tab)
        XCTAssertEqual(chooser.area, .search)
        key(chooser, .tab)
        XCTAssertEqual(chooser.area, .categories)
        key(chooser, .right)
        XCTAssertEqual(chooser.currentSection, 1)
        XCTAssertEqual(chooser.highlightedCell?.name, chooser.sections[1].cells[0].name)
        key(chooser, .left)
        key(chooser, .left)
        XCTAssertEqual(chooser.currentSection, chooser.sections.count - 1, "Left from the first tab wraps")
        key(chooser, .enter)
        XCTAssertEqual(chooser.area, .grid)
        key(chooser, .tab, .shift)
        XCTAssertEqual(chooser.area, .categories)
        chooser.handle(.text("x"), at: 0)
        XCTAssertEqual(chooser.area, .search, "typing goes into the search box from anywhere")
    }

    func testTheCategoryTabsStayWhileSearchingAndATabClearsTheSearch() {
        let chooser = makeChooser(recents: ["🎉"])
        chooser.handle(.text("cat"), at: 0)
        XCTAssertEqual(chooser.categories.count, 10)
        XCTAssertNil(chooser.currentCategory, "no tab is current while the grid shows search results")
        let layout = EmojiChooserLayout(scale: 1)
        let flags = layout.tab(9, of: 10)
        chooser.handle(.pointerDown(Point(x: flags.midX, y: flags.midY), button: .primary, clickCount: 1, modifiers: []), at: 0)
        chooser.handle(.pointerUp(Point(x: flags.midX, y: flags.midY), button: .primary), at: 0)
        XCTAssertEqual(chooser.query, "")
        XCTAssertEqual(chooser.currentCategory.map { chooser.categories[$0].title }, "Flags")
        XCTAssertEqual(chooser.highlightedCell?.name, "chequered flag")
    }

    func testEnterRightAwayInsertsTheMostRecentEmoji() {
        let chooser = makeChooser(recents: ["🎉", "😀"])
        key(chooser, .enter)
        XCTAssertEqual(picked, ["🎉"])
    }

    func testShiftEnterShowsTheSkinTonesAndEnterPicksOne() {
        let chooser = makeChooser()
        chooser.handle(.text("waving hand"), at: 0)
        XCTAssertEqual(chooser.highlightedCell?.character, "👋")
        key(chooser, .enter, .shift)
        XCTAssertEqual(chooser.area, .tones)
        XCTAssertEqual(chooser.tonePicker?.choices.map(\.character), ["👋", "👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"])
        key(chooser, .right)
        key(chooser, .right)
        XCTAssertEqual(chooser.highlightedCell?.name, "waving hand: medium-light skin tone")
        key(chooser, .escape)
        XCTAssertNil(chooser.tonePicker)
        XCTAssertEqual(picked, [], "Escape closes the tones, picking nothing")
        key(chooser, .enter, .shift)
        key(chooser, .end)
        key(chooser, .enter)
        XCTAssertEqual(picked, ["👋🏿"])
    }

    func testAnEmojiWithoutTonesIsPickedByShiftEnter() {
        let chooser = makeChooser()
        chooser.handle(.text("grinning face"), at: 0)
        key(chooser, .enter, .shift)
        XCTAssertNil(chooser.tonePicker)
        XCTAssertEqual(picked, ["😀"])
    }

    func testPointerHoverHighlightsAClickPicksARightClickShowsTones() {
        let chooser = makeChooser()
        let layout = EmojiChooserLayout(scale: 1)
        // The first heading (28 px), then the first row of cells.
        let firstCell = Point(x: layout.padding + layout.cell / 2, y: layout.grid.minY + layout.headingHeight + layout.cell / 2)
        chooser.handle(.pointerMoved(Point(x: firstCell.x + layout.cell, y: firstCell.y), buttonHeld: false), at: 0)
        XCTAssertEqual(chooser.highlighted, 1)
        chooser.handle(.pointerDown(firstCell, button: .primary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertEqual(picked, [], "a click acts on release")
        chooser.handle(.pointerUp(firstCell, button: .primary), at: 0.1)
        XCTAssertEqual(picked, ["😀"])
        // A press moved off its cell before the release picks nothing.
        chooser.handle(.pointerDown(firstCell, button: .primary, clickCount: 1, modifiers: []), at: 1)
        chooser.handle(.pointerUp(Point(x: firstCell.x + layout.cell, y: firstCell.y), button: .primary), at: 1.1)
        XCTAssertEqual(picked, ["😀"])
        // People & Body: its first emoji, waving hand, has tones.
        let people = makeChooser()
        people.showSection(1)
        XCTAssertEqual(people.scrollOffset, people.rows.rows[people.rows.firstRowOfSection[1]].top)
        people.handle(.pointerDown(firstCell, button: .secondary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertEqual(people.tonePicker?.choices.first?.character, "👋")
        // A click beside the tones closes them.
        people.handle(.pointerDown(Point(x: 2, y: 2), button: .primary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertNil(people.tonePicker)
        // A long press shows them too; a short one on an emoji without tones picks it.
        people.handle(.pointerDown(firstCell, button: .primary, clickCount: 1, modifiers: []), at: 10)
        people.handle(.pointerUp(firstCell, button: .primary), at: 10 + EmojiChooser.longPressDuration)
        XCTAssertEqual(people.tonePicker?.choices.count, 6)
        XCTAssertEqual(picked, ["😀"])
    }

    func testAPressHeldOnAnEmojiWithTonesShowsThemWhileTheButtonIsStillDown() {
        let layout = EmojiChooserLayout(scale: 1)
        let people = makeChooser()
        people.showSection(1)
        let firstCell = Point(x: layout.padding + layout.cell / 2, y: layout.grid.minY + layout.headingHeight + layout.cell / 2)
        people.handle(.pointerMoved(firstCell, buttonHeld: false), at: 0)
        people.handle(.pointerDown(firstCell, button: .primary, clickCount: 1, modifiers: []), at: 10)
        // The chooser asks to be woken when the press comes due, and shows nothing before.
        XCTAssertEqual(people.nextWakeup(after: 10.1), 10 + EmojiChooser.longPressDuration)
        XCTAssertFalse(people.advance(to: 10.2))
        XCTAssertNil(people.tonePicker)
        XCTAssertTrue(people.advance(to: 10 + EmojiChooser.longPressDuration))
        XCTAssertEqual(people.tonePicker?.choices.count, 6, "the tones show with the button still down")
        XCTAssertNil(people.nextWakeup(after: 11), "a long press comes due once")
        // The release that ends it picks nothing.
        people.handle(.pointerUp(firstCell, button: .primary), at: 11)
        XCTAssertNotNil(people.tonePicker)

        // Held, but moved off its cell before it came due: no tones, and no more wake-ups.
        let moved = makeChooser()
        moved.showSection(1)
        moved.handle(.pointerMoved(firstCell, buttonHeld: false), at: 0)
        moved.handle(.pointerDown(firstCell, button: .primary, clickCount: 1, modifiers: []), at: 10)
        moved.handle(.pointerMoved(Point(x: firstCell.x + layout.cell, y: firstCell.y), buttonHeld: true), at: 10.2)
        XCTAssertFalse(moved.advance(to: 11))
        XCTAssertNil(moved.tonePicker)
        XCTAssertNil(moved.nextWakeup(after: 11))

        // Held long on an emoji with no tones, the release still picks it.
        let smileys = makeChooser()
        smileys.handle(.pointerMoved(firstCell, buttonHeld: false), at: 0)
        smileys.handle(.pointerDown(firstCell, button: .primary, clickCount: 1, modifiers: []), at: 10)
        XCTAssertNil(smileys.nextWakeup(after: 10.1))
        XCTAssertFalse(smileys.advance(to: 12))
        smileys.handle(.pointerUp(firstCell, button: .primary), at: 12)
        XCTAssertEqual(picked.last, "😀", "a long press on an emoji with no tones picks it")
    }

    func testAClickOnATabJumpsToItsCategoryAndTheWheelScrolls() {
        let chooser = makeChooser()
        let layout = EmojiChooserLayout(scale: 1)
        let flags = layout.tab(8, of: 9)
        chooser.handle(.pointerDown(Point(x: flags.midX, y: flags.midY), button: .primary, clickCount: 1, modifiers: []), at: 0)
        XCTAssertEqual(chooser.sections[chooser.currentSection!].title, "Flags")
        chooser.handle(.key(.home, []), at: 0)
        chooser.handle(.scroll(steps: 3), at: 0)
        XCTAssertEqual(chooser.scrollOffset, 3 * 2 * layout.cell)
        chooser.handle(.scroll(steps: -100), at: 0)
        XCTAssertEqual(chooser.scrollOffset, 0)
    }

    func testRandomInputNeverTrapsAndKeepsTheHighlightOnACell() {
        var generator = SystemRandomNumberGenerator()
        let chooser = makeChooser(recents: ["🎉", "👋🏽"])
        let keys: [EditingKey] = [.left, .right, .up, .down, .home, .end, .pageUp, .pageDown, .tab, .enter, .escape, .backspace, .function(10)]
        for step in 0..<3000 {
            let event: InputEvent
            switch Int.random(in: 0..<6, using: &generator) {
            case 0, 1:
                let modifiers: KeyModifiers = Bool.random(using: &generator) ? [] : [.shift]
                event = .key(keys.randomElement(using: &generator)!, modifiers)
            case 2: event = .text(["a", "h", "z", " ", "fl", "é", "\u{0}", "🙂"].randomElement(using: &generator)!)
            case 3:
                event = .pointerMoved(Point(x: .random(in: -50...450, using: &generator), y: .random(in: -50...450, using: &generator)), buttonHeld: false)
            case 4:
                event = .pointerDown(Point(x: .random(in: -50...450, using: &generator), y: .random(in: -50...450, using: &generator)),
                                     button: Bool.random(using: &generator) ? .primary : .secondary, clickCount: 1, modifiers: [])
            default: event = .scroll(steps: [-3, -1, 1, 2, .infinity, -.infinity, .nan].randomElement(using: &generator)!)
            }
            chooser.handle(event, at: Double(step))
            if let highlighted = chooser.highlighted { XCTAssertTrue(chooser.cells.indices.contains(highlighted)) }
            XCTAssertTrue(chooser.scrollOffset.isFinite && chooser.scrollOffset >= 0)
            if chooser.query.count > 12 { chooser.setQuery("") }
        }
        chooser.render(on: EmojiTextCanvas())
    }

    func testItDrawsItsEmojiHighlightAndSearchText() {
        let chooser = makeChooser()
        chooser.handle(.text("thumbs u"), at: 0)
        let canvas = EmojiTextCanvas()
        chooser.render(on: canvas)
        let texts = canvas.texts
        XCTAssertTrue(texts.contains("thumbs u"), "the search text shows")
        XCTAssertTrue(texts.contains("👍"))
        XCTAssertTrue(texts.contains("thumbs up"), "the footer names the highlighted emoji")
        XCTAssertFalse(chooser.needsRender)
    }

    func testALongNameBesideTheSkinToneHintEndsInAnEllipsisInsteadOfBeingCut() throws {
        // On opening, the most recent emoji is highlighted: a tone, whose name is long.
        let chooser = makeChooser(recents: ["👍🏼"])
        let canvas = EmojiTextCanvas()
        chooser.render(on: canvas)
        XCTAssertTrue(canvas.texts.contains("Shift+Enter: skin tones"))
        let name = try XCTUnwrap(canvas.texts.first { $0.hasPrefix("thumbs up") }, "the footer names the highlighted emoji")
        // "thumbs up: medium-light skin tone" does not fit beside "Shift+Enter: skin tones".
        XCTAssertTrue(name.hasSuffix("…"), "a name that does not fit ends in an ellipsis: \(name)")
        XCTAssertGreaterThan(name.count, 5, "as much of the name as fits")
        let footer = chooser.layout.footer
        let nameX = footer.minX + chooser.layout.padding + 4 * chooser.metrics.scale + 32 * chooser.metrics.scale
        let hintX = footer.maxX - chooser.layout.padding - 4 * chooser.metrics.scale
            - chooser.advance("Shift+Enter: skin tones", chooser.hintFont)
        XCTAssertLessThanOrEqual(chooser.advance(name, chooser.footerFont), hintX - 8 * chooser.metrics.scale - nameX)
    }
}

/// Records the text a render draws.
private final class EmojiTextCanvas: Canvas {
    var texts: [String] = []
    func fill(_ path: Path, color: Color) {}
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) { texts.append(text) }
    func drawImage(_ image: StretchableImage, in rect: Rect, scale: Double) {}
    func pushClip(_ rect: Rect) {}
    func popClip() {}
}

/// The chooser in a scene: Ctrl+. and Ctrl+; open it at the caret of the field being edited;
/// the emoji picked goes in as one edit through the field's pipeline.
final class EmojiChooserSceneTests: XCTestCase {
    /// A host that shows popups (and records them).
    private final class PopupHost: SceneHostForPopups {}

    private final class Watcher: TextFieldDelegate {
        var asked: [(Range<Int>, String)] = []
        var refuses = false
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            asked.append((range, string))
            return !refuses
        }
    }

    private func makeScene(text: String = "hello", secure: Bool = false) -> (FieldScene, TextField, SceneHostForPopups) {
        let field = TextField(identifier: "f", style: .filled, label: "L", text: text)
        field.isSecureTextEntry = secure
        let scene = FieldScene(fields: [field], scheme: .light)
        let host = PopupHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 600), measurer: sharedMeasurer)
        scene.focus(field, at: 0)
        return (scene, field, host)
    }

    func testCtrlPeriodAndCtrlSemicolonOpenTheChooserAtTheCaret() throws {
        let (scene, field, host) = makeScene()
        XCTAssertTrue(scene.handle(.key(.shortcut("."), .control), at: 1))
        let chooser = try XCTUnwrap(scene.shownEmojiChooser)
        XCTAssertTrue(host.shown.last === chooser)
        XCTAssertTrue(chooser.field === field)
        let caret = try XCTUnwrap(field.caretRect)
        let frame = try XCTUnwrap(scene.frame(of: field))
        XCTAssertEqual(host.anchors.last?.rect, caret.offsetBy(dx: frame.minX, dy: frame.minY))
        scene.handle(.key(.escape, []), at: 2)
        XCTAssertNil(scene.shownEmojiChooser, "Escape on an empty search closes it")
        XCTAssertTrue(field.isFocused, "the field keeps focus")
        scene.handle(.key(.shortcut(";"), .control), at: 3)
        XCTAssertNotNil(scene.shownEmojiChooser)
    }

    func testTheChooserDoesNotOpenInASecureField() {
        let (scene, _, host) = makeScene(secure: true)
        scene.handle(.key(.shortcut("."), .control), at: 1)
        XCTAssertNil(scene.shownEmojiChooser)
        XCTAssertEqual(host.bells, 1)
    }

    func testThePickedEmojiReplacesTheSelectionAsOneEditThatUndoTakesAway() throws {
        let (scene, field, host) = makeScene(text: "hello world")
        let watcher = Watcher()
        field.delegate = watcher
        var changes: [EditCause] = []
        _ = field.observe { _, event in if case .textChanged(let applied) = event { changes.append(applied.edit.cause) } }
        field.selection = TextSelection(anchor: 6, head: 11)
        scene.handle(.key(.shortcut("."), .control), at: 1)
        for character in "party popper" { scene.handle(.text(String(character)), at: 2) }
        XCTAssertEqual(scene.shownEmojiChooser?.highlightedCell?.character, "🎉")
        scene.handle(.key(.enter, []), at: 3)
        XCTAssertNil(scene.shownEmojiChooser, "picking closes the chooser")
        XCTAssertEqual(field.text, "hello 🎉")
        XCTAssertEqual(field.selection, TextSelection(anchor: 7, head: 7))
        XCTAssertEqual(changes, [.emoji], "one edit")
        XCTAssertEqual(watcher.asked.count, 1)
        XCTAssertEqual(watcher.asked.first?.0, 6..<11)
        XCTAssertEqual(watcher.asked.first?.1, "🎉")
        XCTAssertEqual(scene.emojiRecents.emoji, ["🎉"])
        scene.handle(.key(.shortcut("z"), .control), at: 4)
        XCTAssertEqual(field.text, "hello world", "one undo step restores the selection's text")
        withExtendedLifetime(host) {}
    }

    func testAnEmojiTheDelegateRefusesIsNotInserted() {
        let (scene, field, host) = makeScene()
        let watcher = Watcher()
        watcher.refuses = true
        field.delegate = watcher
        scene.handle(.key(.shortcut("."), .control), at: 1)
        scene.handle(.key(.enter, []), at: 2)
        XCTAssertEqual(field.text, "hello")
        XCTAssertEqual(host.bells, 1, "a refused edit rings the bell")
    }

    func testTheRecentsComeFirstTheNextTime() {
        let (scene, field, host) = makeScene(text: "")
        scene.handle(.key(.shortcut("."), .control), at: 1)
        scene.handle(.text("rocket"), at: 2)
        scene.handle(.key(.enter, []), at: 3)
        scene.handle(.key(.shortcut("."), .control), at: 4)
        XCTAssertEqual(scene.shownEmojiChooser?.sections.first?.title, "Recently used")
        XCTAssertEqual(scene.shownEmojiChooser?.highlightedCell?.character, "🚀")
        scene.handle(.key(.enter, []), at: 5)
        XCTAssertEqual(field.text, "🚀🚀")
        withExtendedLifetime(host) {}
    }
}

/// A recording host that shows popups.
class SceneHostForPopups: SceneHost {
    var shown: [ScenePopup] = []
    var anchors: [PopupAnchor] = []
    var closed: [ScenePopup] = []
    var bells = 0
    func setSelectionText(_ text: String, for selection: SelectionKind) {}
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {}
    func setNeedsRender() {}
    func setPointerShape(_ shape: PointerShape) {}
    func setInputMethodSpot(_ caret: Rect) {}
    func ringBell() { bells += 1 }
    func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
        shown.append(popup)
        anchors.append(anchor)
        popup.placement = anchor.place(popup.surfaceSize, in: Rect(x: 0, y: 0, width: 1280, height: 1024))
        return true
    }
    func closePopup(_ popup: ScenePopup) { closed.append(popup) }
}
