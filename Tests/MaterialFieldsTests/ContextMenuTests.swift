import XCTest
@testable import MaterialFields

/// A host that shows popups (it records them), serves the clipboard later as X does, and
/// answers "has text" only when told.
private final class PopupHost: SceneHost {
    var shown: [(popup: ScenePopup, anchor: PopupAnchor)] = []
    var closed: [ObjectIdentifier] = []
    var clipboard: String?
    var selections: [SelectionKind: String] = [:]
    var pendingTextChecks: [(Bool) -> Void] = []
    var pendingPastes: [(String?) -> Void] = []
    var bells = 0

    func setSelectionText(_ text: String, for selection: SelectionKind) { selections[selection] = text }
    func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
        pendingPastes.append(completion)
    }
    func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void) {
        pendingTextChecks.append(completion)
    }
    func setNeedsRender() {}
    func setPointerShape(_ shape: PointerShape) {}
    func setInputMethodSpot(_ caret: Rect) {}
    func ringBell() { bells += 1 }
    func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool {
        shown.append((popup, anchor))
        popup.placement = anchor.place(popup.surfaceSize, in: Rect(x: 0, y: 0, width: 1000, height: 800))
        return true
    }
    func closePopup(_ popup: ScenePopup) { closed.append(ObjectIdentifier(popup)) }

    func answerTextChecks(_ hasText: Bool) {
        let checks = pendingTextChecks
        pendingTextChecks = []
        checks.forEach { $0(hasText) }
    }
    func answerPastes() {
        let pastes = pendingPastes
        pendingPastes = []
        pastes.forEach { $0(selections[.clipboard]) }
    }
}

/// Adds "Shout" after Select All and removes Delete, as an app's delegate would.
private final class MenuEditingDelegate: TextFieldDelegate {
    var askedRange: Range<Int>?
    var suggestedIdentifiers: [MenuItem.Identifier] = []
    var shouted = 0
    func textField(_ textField: TextField, editMenuForCharactersIn range: Range<Int>, suggestedActions: [MenuItem]) -> [MenuItem]? {
        askedRange = range
        suggestedIdentifiers = suggestedActions.map(\.identifier)
        var items = suggestedActions.filter { $0.identifier != .delete }
        let index = items.firstIndex { $0.identifier == .selectAll }! + 1
        items.insert(MenuItem(title: "Shout", mnemonic: "s") { [weak self] field in
            self?.shouted += 1
            field.apply(TextEdit(range: 0..<field.count, replacement: field.text.uppercased(), cause: .paste))
        }, at: index)
        return items
    }
}

/// The context menu's model: which items can act, the keyboard and the pointer in it, what an
/// item does (through the scene's command pipeline), the delegate's edits, and where it opens.
final class ContextMenuTests: XCTestCase {
    /// The scene holds its host weakly: the test keeps it.
    private var keptHost: PopupHost?

    private func makeScene(text: String = "hello world", secure: Bool = false) -> (FieldScene, TextField, PopupHost) {
        let field = TextField(identifier: "f", style: .filled, label: "Label", text: text)
        field.isSecureTextEntry = secure
        let scene = FieldScene(fields: [field])
        let host = PopupHost()
        keptHost = host
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        return (scene, field, host)
    }

    private func enabledTitles(_ menu: ContextMenu?) -> [String] {
        (menu?.items ?? []).filter { $0.isEnabled && !$0.isDivider }.map(\.title)
    }

    /// A point on the field's text, in window coordinates.
    private func textPoint(_ scene: FieldScene, _ field: TextField, x: Double) -> Point {
        let frame = scene.frame(of: field)!
        let line = field.layout!.textLine
        return Point(x: frame.minX + line.minX + x, y: frame.minY + line.midY)
    }

    /// Left button held on selected text, then a right-click: the menu takes the pointer, so the
    /// left release never reaches the window. The pending press is forgotten; a later press
    /// (one that closes the menu, swallowed by it) and a motion with the button held start no
    /// drag of that old selection.
    func testAPopupOpeningForgetsAPendingDragPressWhoseReleaseItTakes() {
        let (scene, field, host) = makeScene()
        scene.focus(field, at: 0)
        field.selection = TextSelection(anchor: 0, head: 5)
        let press = textPoint(scene, field, x: 20)
        scene.handle(.pointerDown(press, button: .primary, clickCount: 1, modifiers: []), at: 1)
        XCTAssertEqual(scene.dragSourceState?.phase, .pending)
        scene.handle(.pointerDown(press, button: .secondary, clickCount: 1, modifiers: []), at: 1.2)
        XCTAssertNotNil(scene.shownContextMenu)
        XCTAssertNil(scene.dragSourceState, "the press the menu's grab ends is no drag in waiting")

        scene.handle(.key(.escape, []), at: 2)
        XCTAssertNil(scene.shownContextMenu)
        scene.handle(.pointerMoved(Point(x: press.x + 60, y: press.y), buttonHeld: true), at: 2.1)
        XCTAssertNil(scene.dragSourceState)
        XCTAssertEqual(field.text, "hello world")
        XCTAssertEqual(host.bells, 0)
    }

    func testRightClickOpensTheMenuAtThePointerWithTheStandardItemsInGTKOrder() {
        let (scene, field, host) = makeScene()
        let point = textPoint(scene, field, x: 12)
        XCTAssertTrue(scene.handle(.pointerDown(point, button: .secondary, clickCount: 1, modifiers: []), at: 1))
        XCTAssertTrue(field.isFocused)
        let menu = scene.shownContextMenu
        XCTAssertNotNil(menu)
        XCTAssertEqual(host.shown.count, 1)
        XCTAssertEqual(host.shown.first?.anchor, .point(point))
        XCTAssertEqual(menu?.items.map(\.title), ["Undo", "Redo", "Cut", "Copy", "Paste", "Delete", "Select All", "", "Insert Emoji"])
        XCTAssertTrue(menu?.items[7].isDivider ?? false)
        XCTAssertNil(menu?.highlightedIndex, "a menu opened with the pointer highlights nothing")
        XCTAssertFalse(menu?.openedByKeyboard ?? true)
    }

    func testItemsAreEnabledOnlyWhenTheyCanAct() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(caret: 3)
        scene.openContextMenu(for: field, at: nil, time: 1)
        // No selection, no history, clipboard not yet answered.
        XCTAssertEqual(enabledTitles(scene.shownContextMenu), ["Select All", "Insert Emoji"])
        scene.closePopup()

        field.insert("!", at: 2)
        field.selection = TextSelection(anchor: 0, head: 5)
        scene.openContextMenu(for: field, at: nil, time: 3)
        XCTAssertEqual(enabledTitles(scene.shownContextMenu), ["Undo", "Cut", "Copy", "Delete", "Select All", "Insert Emoji"])
        scene.closePopup()

        field.selection = TextSelection(anchor: 0, head: field.count)
        scene.openContextMenu(for: field, at: nil, time: 4)
        XCTAssertFalse(enabledTitles(scene.shownContextMenu).contains("Select All"), "everything is selected already")
        XCTAssertEqual(host.pendingTextChecks.count, 3)
    }

    func testPasteIsEnabledWhenTheClipboardAnswersThatItHoldsText() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        scene.openContextMenu(for: field, at: nil, time: 1)
        let menu = scene.shownContextMenu!
        XCTAssertFalse(menu.items[4].isEnabled)
        XCTAssertEqual(host.pendingTextChecks.count, 1, "the clipboard is asked as the menu opens")
        menu.needsRender = false
        host.answerTextChecks(true)
        XCTAssertTrue(menu.items[4].isEnabled)
        XCTAssertTrue(menu.needsRender)
        scene.closePopup()

        scene.openContextMenu(for: field, at: nil, time: 2)
        host.answerTextChecks(false)
        XCTAssertFalse(scene.shownContextMenu!.items[4].isEnabled)
    }

    func testCutAndCopyAreNeverEnabledInASecureField() {
        let (scene, field, host) = makeScene(text: "secret", secure: true)
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 6)
        scene.openContextMenu(for: field, at: nil, time: 1)
        host.answerTextChecks(true)
        XCTAssertEqual(enabledTitles(scene.shownContextMenu), ["Paste", "Delete"])
    }

    func testArrowsWrapAndSkipDisabledItemsAndDividersHomeAndEndGoToTheEnds() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 5)
        scene.openContextMenu(for: field, at: nil, time: 1)
        host.answerTextChecks(false)
        let menu = scene.shownContextMenu!
        func highlighted() -> String? { menu.highlightedIndex.map { menu.items[$0].title } }
        XCTAssertEqual(highlighted(), "Cut", "the keyboard highlights the first enabled item")
        XCTAssertTrue(menu.openedByKeyboard)
        scene.handle(.key(.down, []), at: 2)
        XCTAssertEqual(highlighted(), "Copy")
        scene.handle(.key(.down, []), at: 2)
        XCTAssertEqual(highlighted(), "Delete", "Paste (disabled) is passed over")
        scene.handle(.key(.down, []), at: 2)
        scene.handle(.key(.down, []), at: 2)
        XCTAssertEqual(highlighted(), "Insert Emoji", "the divider is passed over")
        scene.handle(.key(.down, []), at: 2)
        XCTAssertEqual(highlighted(), "Cut", "Down wraps to the top")
        scene.handle(.key(.up, []), at: 2)
        XCTAssertEqual(highlighted(), "Insert Emoji", "Up wraps to the bottom")
        scene.handle(.key(.home, []), at: 2)
        XCTAssertEqual(highlighted(), "Cut")
        scene.handle(.key(.end, []), at: 2)
        XCTAssertEqual(highlighted(), "Insert Emoji")
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 5), "the keys went to the menu, not the field")
        XCTAssertTrue(field.isFocused)
    }

    func testEnterActsThroughTheScenesCommandPipelineAndCloses() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 5)
        scene.openContextMenu(for: field, at: nil, time: 1)
        let menu = scene.shownContextMenu!
        scene.handle(.key(.down, []), at: 2) // Copy
        scene.handle(.key(.enter, []), at: 2)
        XCTAssertEqual(host.selections[.clipboard], "hello")
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(menu.closeReason, .activated)
        XCTAssertEqual(host.closed, [ObjectIdentifier(menu)])
        // Cut is undoable as Ctrl+X's is.
        scene.openContextMenu(for: field, at: nil, time: 3)
        scene.handle(.text("t"), at: 3)
        XCTAssertEqual(field.text, " world")
        XCTAssertTrue(field.canUndo)
        scene.openContextMenu(for: field, at: nil, time: 4)
        scene.handle(.text("u"), at: 4)
        XCTAssertEqual(field.text, "hello world")
    }

    func testMnemonicActsAndASharedFirstLetterJumpsBetweenItems() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(caret: 0)
        host.selections[.clipboard] = "X"
        scene.openContextMenu(for: field, at: nil, time: 1)
        host.answerTextChecks(true)
        scene.handle(.text("A"), at: 2)
        XCTAssertNil(scene.shownPopup, "Select _All's mnemonic acts")
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 11))

        // Items without mnemonics: a letter two titles start with moves between them.
        let menu = ContextMenu(items: [MenuItem(title: "Bold") { _ in }, MenuItem(title: "Blue") { _ in },
                                       MenuItem(title: "Red") { _ in }],
                               field: field, scene: scene, scheme: .light, metrics: MaterialMetrics(), measurer: sharedMeasurer,
                               openedByKeyboard: true)
        XCTAssertTrue(scene.showPopup(menu, anchor: .point(.zero)))
        XCTAssertEqual(menu.highlightedIndex, 0)
        scene.handle(.text("b"), at: 3)
        XCTAssertEqual(menu.highlightedIndex, 1)
        scene.handle(.text("b"), at: 3)
        XCTAssertEqual(menu.highlightedIndex, 0)
        XCTAssertNotNil(scene.shownPopup)
        scene.handle(.text("r"), at: 3)
        XCTAssertNil(scene.shownPopup, "a letter only one item starts with acts")
        XCTAssertEqual(menu.closeReason, .activated)
    }

    func testEscapeClosesWithoutActingAndTheFieldKeepsFocus() {
        let (scene, field, _) = makeScene()
        field.focus(at: 0)
        scene.handle(.key(.menu, []), at: 1)
        let menu = scene.shownContextMenu
        XCTAssertNotNil(menu)
        scene.handle(.key(.escape, []), at: 2)
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(menu?.closeReason, .dismissed)
        XCTAssertTrue(field.isFocused, "Escape closed the menu, not the field's editing")
        scene.handle(.key(.function(10), .shift), at: 3)
        XCTAssertNotNil(scene.shownContextMenu, "Shift+F10 opens it too")
        scene.handle(.key(.function(10), []), at: 3)
    }

    func testKeyboardMenuOpensBelowTheCaret() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(caret: 4)
        scene.handle(.key(.menu, []), at: 1)
        let frame = scene.frame(of: field)!
        let caret = field.caretRect!.offsetBy(dx: frame.minX, dy: frame.minY)
        XCTAssertEqual(host.shown.last?.anchor.rect, caret)
        XCTAssertEqual(scene.shownContextMenu?.placement?.minY, caret.maxY.rounded(.down))
    }

    func testTheWindowLosingFocusOrAPressReachingItClosesTheMenu() {
        let (scene, field, _) = makeScene()
        field.focus(at: 0)
        scene.handle(.windowFocus(true), at: 0)
        scene.openContextMenu(for: field, at: nil, time: 1)
        let menu = scene.shownContextMenu
        scene.handle(.windowFocus(false), at: 2)
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(menu?.closeReason, .windowFocusLost)

        scene.openContextMenu(for: field, at: nil, time: 3)
        let second = scene.shownContextMenu
        let selection = field.selection
        XCTAssertTrue(scene.handle(.pointerDown(textPoint(scene, field, x: 2), button: .primary, clickCount: 1, modifiers: []), at: 4))
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(second?.closeReason, .clickOutside)
        XCTAssertEqual(field.selection, selection, "the press that closed the menu did not reach the field")

        scene.openContextMenu(for: field, at: nil, time: 5)
        let third = scene.shownContextMenu!
        scene.popupWasClosed(third, reason: .windowChanged)
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(third.closeReason, .windowChanged)
    }

    func testRightClickOutsideTheSelectionMovesTheCaretAndInsideKeepsIt() {
        let (scene, field, _) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 5) // "hello", 8 px a character
        scene.handle(.pointerDown(textPoint(scene, field, x: 16), button: .secondary, clickCount: 1, modifiers: []), at: 1)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 5), "inside the selection it stays")
        scene.closePopup()
        scene.handle(.pointerDown(textPoint(scene, field, x: 72), button: .secondary, clickCount: 1, modifiers: []), at: 2)
        XCTAssertEqual(field.selection, TextSelection(caret: 9), "outside it the caret moves there first")
        XCTAssertEqual(enabledTitles(scene.shownContextMenu).contains("Copy"), false)
    }

    func testPointerHoverHighlightsAndAClickActs() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 6, head: 11)
        scene.openContextMenu(for: field, at: Point(x: 10, y: 10), time: 1)
        let menu = scene.shownContextMenu!
        let copy = menu.itemFrames[3]
        let paste = menu.itemFrames[4]
        menu.handle(.pointerMoved(Point(x: paste.midX, y: paste.midY), buttonHeld: false), at: 2)
        XCTAssertNil(menu.highlightedIndex, "a disabled item does not highlight")
        menu.handle(.pointerMoved(Point(x: copy.midX, y: copy.midY), buttonHeld: false), at: 2)
        XCTAssertEqual(menu.highlightedIndex, 3)
        menu.handle(.pointerExited, at: 2)
        XCTAssertNil(menu.highlightedIndex)
        menu.handle(.pointerDown(Point(x: copy.midX, y: copy.midY), button: .primary, clickCount: 1, modifiers: []), at: 3)
        XCTAssertNotNil(scene.shownPopup, "a press alone does not act")
        menu.handle(.pointerUp(Point(x: copy.midX, y: copy.midY), button: .primary), at: 3)
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(host.selections[.clipboard], "world")

        // Pressed on a disabled item and released over Select All: Select All acts, as in GTK.
        scene.openContextMenu(for: field, at: Point(x: 10, y: 10), time: 4)
        let second = scene.shownContextMenu!
        let selectAll = second.itemFrames[6]
        second.handle(.pointerDown(Point(x: paste.midX, y: paste.midY), button: .primary, clickCount: 1, modifiers: []), at: 5)
        second.handle(.pointerUp(Point(x: paste.midX, y: paste.midY), button: .primary), at: 5)
        XCTAssertNotNil(scene.shownPopup, "a click on a disabled item does nothing")
        second.handle(.pointerDown(Point(x: paste.midX, y: paste.midY), button: .primary, clickCount: 1, modifiers: []), at: 6)
        second.handle(.pointerUp(Point(x: selectAll.midX, y: selectAll.midY), button: .primary), at: 6)
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 11))
    }

    func testReleasingTheOpeningPressOverAnItemAfterMovingActsButReleasingInPlaceDoesNot() {
        let (scene, field, _) = makeScene()
        let point = textPoint(scene, field, x: 12)
        scene.handle(.pointerDown(point, button: .secondary, clickCount: 1, modifiers: []), at: 1)
        let menu = scene.shownContextMenu!
        let selectAll = menu.itemFrames[6]
        // Released where it opened (the menu's corner): nothing, the menu stays.
        menu.handle(.pointerUp(Point(x: 1, y: 1), button: .secondary), at: 1.1)
        XCTAssertNotNil(scene.shownPopup)
        scene.closePopup()

        scene.handle(.pointerDown(point, button: .secondary, clickCount: 1, modifiers: []), at: 2)
        let dragged = scene.shownContextMenu!
        dragged.handle(.pointerMoved(Point(x: selectAll.midX, y: selectAll.midY), buttonHeld: true), at: 2.2)
        dragged.handle(.pointerUp(Point(x: selectAll.midX, y: selectAll.midY), button: .secondary), at: 2.3)
        XCTAssertNil(scene.shownPopup)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 11))
    }

    func testTheDelegateAddsRemovesAndReplacesItems() {
        let (scene, field, _) = makeScene()
        let delegate = MenuEditingDelegate()
        field.delegate = delegate
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 0, head: 5)
        scene.openContextMenu(for: field, at: nil, time: 1)
        XCTAssertEqual(delegate.askedRange, 0..<5)
        XCTAssertEqual(delegate.suggestedIdentifiers.first, .undo)
        let menu = scene.shownContextMenu!
        XCTAssertEqual(menu.items.map(\.title), ["Undo", "Redo", "Cut", "Copy", "Paste", "Select All", "Shout", "", "Insert Emoji"])
        scene.handle(.text("s"), at: 2)
        XCTAssertEqual(delegate.shouted, 1)
        XCTAssertEqual(field.text, "HELLO WORLD")
        XCTAssertTrue(field.canUndo, "the app's item edited through the pipeline")
    }

    func testInsertEmojiCallsTheScenesEmojiChooserEntryPoint() {
        let (scene, field, host) = makeScene()
        field.focus(at: 0)
        scene.openContextMenu(for: field, at: nil, time: 1)
        let menu = scene.shownContextMenu!
        XCTAssertTrue(menu.activate(8, at: 2))
        XCTAssertEqual(menu.closeReason, .activated)
        // The emoji chooser opens in the menu's place, for the same field.
        XCTAssertTrue(scene.shownEmojiChooser?.field === field)
        XCTAssertEqual(host.bells, 0)
    }

    func testMenuGeometryFollowsMaterialAndTheScale() {
        let (_, field, _) = makeScene()
        for scale in [1.0, 2.0] {
            let menu = ContextMenu(items: MenuItem.standardItems(for: field, clipboardHasText: false), field: field, scene: nil,
                                   scheme: .light, metrics: MaterialMetrics(scale: scale), measurer: sharedMeasurer,
                                   openedByKeyboard: false)
            XCTAssertEqual(menu.itemFrames[0], Rect(x: 0, y: 8 * scale, width: menu.surfaceSize.width, height: 48 * scale))
            XCTAssertEqual(menu.itemFrames[7].height, 16 * scale + 1 * scale.rounded(), "the divider")
            XCTAssertEqual(menu.surfaceSize.height, (8 + 8 * 48 + 8) * scale + menu.itemFrames[7].height)
            XCTAssertGreaterThanOrEqual(menu.surfaceSize.width, 112 * scale)
        }
    }

    func testAPopupIsPlacedOnScreenNearTheEdges() {
        let screen = Rect(x: 0, y: 0, width: 800, height: 600)
        let size = Size(width: 200, height: 300)
        XCTAssertEqual(PopupAnchor.point(Point(x: 100, y: 100)).place(size, in: screen), Rect(x: 100, y: 100, width: 200, height: 300))
        XCTAssertEqual(PopupAnchor.point(Point(x: 700, y: 500)).place(size, in: screen), Rect(x: 500, y: 200, width: 200, height: 300),
                       "flipped to the left of and above the pointer")
        let caret = PopupAnchor(rect: Rect(x: 50, y: 400, width: 2, height: 20))
        XCTAssertEqual(caret.place(size, in: screen), Rect(x: 50, y: 100, width: 200, height: 300), "above the caret")
        XCTAssertEqual(PopupAnchor.point(Point(x: 10, y: 10)).place(Size(width: 900, height: 100), in: screen).minX, 0)
    }

    func testTheMenuFollowsTheTheme() {
        let (_, field, _) = makeScene()
        for scheme in [ColorScheme.light, .dark, .highContrastLight, .highContrastDark] {
            let menu = ContextMenu(items: MenuItem.standardItems(for: field, clipboardHasText: true), field: field, scene: nil,
                                   scheme: scheme, metrics: MaterialMetrics(), measurer: sharedMeasurer, openedByKeyboard: true)
            let canvas = RecordingCanvas()
            PopupRenderer.draw(menu, on: canvas, origin: Point(x: 12, y: 8))
            let surface = canvas.fills.first { $0.path.bounds == Rect(x: 12, y: 8, width: menu.surfaceSize.width, height: menu.surfaceSize.height) }
            XCTAssertEqual(surface?.color, PopupElevation.surfaceColor(for: scheme))
            XCTAssertTrue(canvas.texts.contains { $0.0 == "Select All" })
            if scheme.contrast == .high {
                // The highlighted item is drawn inverted, its title in the surface colour.
                XCTAssertTrue(canvas.texts.contains { $0.0 == menu.items[menu.highlightedIndex!].title && $0.3 == scheme.surface })
                XCTAssertTrue(canvas.fills.contains { $0.color == scheme.onSurface }, "an outline bounds the surface")
            }
        }
        XCTAssertNotEqual(PopupElevation.surfaceColor(for: .dark), ColorScheme.dark.surface, "dark surfaces are lifted by the overlay")
    }
}
