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
        key(chooser, .right)
        XCTAssertEqual(chooser.highlighted, 0, "the first key highlights the first emoji in view")
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
}

/// Records the text a render draws.
private final class EmojiTextCanvas: Canvas {
    var texts: [String] = []
    func fill(_ path: Path, color: Color) {}
    func drawText(_ text: String, at origin: Point, font: FontSpec, color: Color) { texts.append(text) }
    func pushClip(_ rect: Rect) {}
    func popClip() {}
}
