import CXlib
import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// The emoji chooser of the real catalog on a private Xvfb, driven with xdotool: Ctrl+. opens an
/// override-redirect popup at the caret showing colour emoji; typing filters; Enter inserts as
/// one edit that Ctrl+Z takes away; Escape closes; the emoji used comes first next time, also
/// after a restart (the catalog keeps recents under `$XDG_STATE_HOME`).
final class EmojiChooserUITests: XCTestCase {
    private struct View: Decodable {
        struct Chooser: Decodable {
            var open: Bool
            var field: String?
            var frame: [Double]?
            var query: String?
            var category: String?
            var highlighted: String?
            var highlightedName: String?
            var focus: String?
            var tones: [String]?
            var results: Int?
            var recentsCount: Int
            var recents: [String]
        }
        struct Field: Decodable {
            var id: String, text: String, selection: [Int], focused: Bool, frame: [Double]
            var caretRect: [Double]?
        }
        var emojiChooser: Chooser
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private var stateHome: String!

    override func setUpWithError() throws {
        stateHome = NSTemporaryDirectory() + "emoji-state-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: stateHome)
    }

    private func launch() throws -> CatalogApp {
        try CatalogApp(arguments: ["--focus", "filled-label"], environment: ["XDG_STATE_HOME": stateHome])
    }

    private func waitForChooser(_ app: CatalogApp, timeout: TimeInterval = 15, _ condition: (View) -> Bool) -> View? {
        app.waitForState(as: View.self, timeout: timeout, condition)
    }

    /// The popup's X window: override-redirect, a child of the root, mapped.
    private func popupWindow(_ app: CatalogApp) throws -> Window? {
        var found: Window?
        _ = try waitUntil(timeout: 15) {
            let result = try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                        environment: ["DISPLAY": app.server.displayName])
            found = result.stdout.split(separator: "\n").first.flatMap { Window($0) }
            return found != nil
        }
        return found
    }

    private func attributes(of window: Window, _ app: CatalogApp) throws -> (width: Int, height: Int, overrideRedirect: Bool, parentIsRoot: Bool) {
        try app.withDisplay { display in
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            XQueryTree(display, window, &root, &parent, &children, &count)
            if let children { XFree(children) }
            return (Int(attributes.width), Int(attributes.height), attributes.override_redirect != 0, parent == root)
        }
    }

    private func capture(popup window: Window, _ app: CatalogApp) throws -> RGBAImage {
        let size = try attributes(of: window, app)
        return try app.withDisplay { display in
            try XCTUnwrap(RGBAImage.capture(display: display, window: window, region: PixelRegion(x: 0, y: 0, width: size.width, height: size.height)))
        }
    }

    /// Saturated colour, which neither the surface, the text nor the shadow has: emoji pixels
    /// (the yellow of the smileys) or the primary purple.
    private func isSaturated(_ p: Pixel) -> Bool {
        Int(max(p.red, p.green, p.blue)) - Int(min(p.red, p.green, p.blue)) > 100
    }

    /// Yellow, as the smiley faces are: red and green high, blue low.
    private func isYellow(_ p: Pixel) -> Bool { p.red > 200 && p.green > 150 && p.blue < 90 }

    func testCtrlPeriodOpensAPopupOfColourEmojiTypingFiltersEnterInsertsOneUndoStepAndEscapeCloses() throws {
        let app = try launch()
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").focused })
        try app.type("hi")
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").text == "hi" })
        try app.key("ctrl+period")
        let opened = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.open && $0.emojiChooser.frame != nil },
                                   "Ctrl+. opens the chooser")
        XCTAssertEqual(opened.emojiChooser.field, "filled-label")
        XCTAssertEqual(opened.emojiChooser.category, "Smileys & Emotion")
        XCTAssertEqual(opened.emojiChooser.recentsCount, 0)
        // At the caret: the surface's top-left below the caret's bottom-left (window coordinates).
        let caret = try XCTUnwrap(opened.field("filled-label").caretRect)
        let frame = try XCTUnwrap(opened.emojiChooser.frame)
        XCTAssertEqual(frame[1], (caret[1] + caret[3]).rounded(.down), accuracy: 1.5, "below the caret")
        XCTAssertEqual(frame[0], caret[0].rounded(.down), accuracy: 1.5)
        XCTAssertEqual(frame[2], 376, "nine 40 px cells and 8 px of padding each side at scale 1")

        let window = try XCTUnwrap(try popupWindow(app), "no popup window")
        let popup = try attributes(of: window, app)
        XCTAssertTrue(popup.overrideRedirect)
        XCTAssertTrue(popup.parentIsRoot)
        // Colour emoji are drawn: a good many yellow pixels of the smileys in the grid.
        var image = try capture(popup: window, app)
        let yellowBefore = image.count(where: isYellow)
        XCTAssertGreaterThan(yellowBefore, 5000, "the grid shows colour emoji (Noto Color Emoji)")

        try app.type("grinning")
        let filtered = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.query == "grinning" }, "typing goes into the search box")
        XCTAssertEqual(filtered.emojiChooser.focus, "search")
        XCTAssertEqual(filtered.emojiChooser.highlightedName, "grinning face")
        XCTAssertEqual(filtered.emojiChooser.results, 7)
        XCTAssertEqual(filtered.field("filled-label").text, "hi", "the search's keys do not reach the field")
        // One row of emoji now, seven of them yellow faces: fewer yellow pixels, but some.
        var yellowAfter = 0
        XCTAssertTrue(try waitUntil(timeout: 10) {
            image = try capture(popup: window, app)
            yellowAfter = image.count(where: isYellow)
            return yellowAfter < yellowBefore / 3 && yellowAfter > 500
        }, "the grid shows only what the search found (yellow pixels \(yellowBefore) before, \(yellowAfter) after)")

        try app.key("Return")
        let inserted = try XCTUnwrap(waitForChooser(app) { !$0.emojiChooser.open && $0.field("filled-label").text == "hi😀" },
                                     "Enter inserts the highlighted emoji and closes the chooser")
        XCTAssertEqual(inserted.field("filled-label").selection, [3, 3], "the caret after the emoji")
        XCTAssertTrue(inserted.field("filled-label").focused)
        XCTAssertEqual(inserted.emojiChooser.recents, ["😀"])
        XCTAssertNil(try? popupWindowNow(app), "the popup window is gone")

        try app.key("ctrl+z")
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").text == "hi" }, "one undo step takes the emoji away")

        try app.key("ctrl+period")
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.open })
        try app.key("Escape")
        XCTAssertNotNil(waitForChooser(app) { !$0.emojiChooser.open }, "Escape closes it")
        XCTAssertEqual(try app.state(as: View.self).field("filled-label").text, "hi")
        XCTAssertTrue(try app.state(as: View.self).field("filled-label").focused)
    }

    /// The popup window if one is mapped right now (no waiting).
    private func popupWindowNow(_ app: CatalogApp) throws -> Window {
        let result = try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                    environment: ["DISPLAY": app.server.displayName])
        guard let window = result.stdout.split(separator: "\n").first.flatMap({ Window($0) }) else { throw HarnessError("none") }
        return window
    }

    func testTheFirstEscapeClearsTheSearchAndRecentsComeFirstNextTimeAndAfterARestart() throws {
        do {
            let app = try launch()
            XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").focused })
            try app.key("ctrl+semicolon")
            XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.open }, "Ctrl+; opens the chooser too")
            try app.type("rocket")
            XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.query == "rocket" })
            try app.key("Escape")
            let cleared = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.query == "" }, "the first Escape clears the search")
            XCTAssertTrue(cleared.emojiChooser.open)
            try app.type("rocket")
            XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.highlightedName == "rocket" })
            try app.key("Return")
            XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").text == "🚀" })
            try app.key("ctrl+period")
            let again = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.open })
            XCTAssertEqual(again.emojiChooser.category, "Recently used")
            XCTAssertEqual(again.emojiChooser.highlighted, "🚀", "the emoji used last is first")
            try app.key("Escape")
            XCTAssertNotNil(waitForChooser(app) { !$0.emojiChooser.open })
        }
        let file = stateHome + "/materialfields/emoji-recent"
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "🚀\n")
        // A new run reads them back.
        let app = try launch()
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").focused && $0.emojiChooser.recents == ["🚀"] },
                        "the recents are loaded at start")
        try app.key("ctrl+period")
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.open && $0.emojiChooser.highlighted == "🚀" })
        try app.key("Return")
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").text == "🚀" })
    }

    func testTheContextMenusInsertEmojiOpensTheChooserAndItsShadowStaysAsTheHighlightMoves() throws {
        let app = try launch()
        let field = try XCTUnwrap(waitForChooser(app) { $0.field("filled-label").focused }).field("filled-label")
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(field.frame[0] + 60)),
                         String(Int(field.frame[1] + field.frame[3] / 2 + 6)), "click", "3"])
        struct MenuView: Decodable { struct Menu: Decodable { var open: Bool; var highlightedTitle: String? }; var menu: Menu }
        XCTAssertNotNil(app.waitForState(as: MenuView.self, timeout: 10) { $0.menu.open }, "right-click opens the menu")
        try app.key("End")
        XCTAssertNotNil(app.waitForState(as: MenuView.self, timeout: 10) { $0.menu.highlightedTitle == "Insert Emoji" })
        try app.key("Return")
        let opened = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.open && $0.emojiChooser.frame != nil },
                                   "Insert Emoji opens the chooser (and the menu's ungrab does not close it)")
        XCTAssertEqual(opened.emojiChooser.field, "filled-label")
        // Stays open: the window still has the keyboard a moment later.
        try app.key("Right")
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.open && $0.emojiChooser.highlightedName == "grinning face with big eyes" })

        // The shadow in the margin below the surface is drawn once: moving the highlight redraws
        // the surface and leaves the shadow as it was.
        let window = try XCTUnwrap(try popupWindow(app))
        let size = try attributes(of: window, app)
        let frame = try XCTUnwrap(opened.emojiChooser.frame)
        let margin = PixelRegion(x: 0, y: Int(frame[3]) + 10, width: size.width, height: size.height - Int(frame[3]) - 10)
        func shade() throws -> Int {
            let image = try capture(popup: window, app)
            var sum = 0
            for y in margin.y..<min(image.height, margin.maxY) { for x in 0..<image.width { sum += Int(image.pixel(x: x, y: y).green) } }
            return sum
        }
        let before = try shade()
        for _ in 0..<10 { try app.key("Right") }
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.highlightedName == "winking face" }, "ten cells on")
        XCTAssertEqual(try shade(), before, "the shadow did not darken")

        // The wheel over the grid scrolls it: the cell under the still pointer is highlighted.
        try app.xdotool(["mousemove", "--window", String(window), String(size.width / 2), String(Int(frame[3]) - 100)])
        let hovered = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.highlighted != "😉" }).emojiChooser.highlighted
        try app.xdotool(["click", "5"])
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.highlighted != hovered }, "the wheel scrolled the grid under the pointer")
    }

    func testARightClickOrALongPressShowsTheSkinTonesAndAClickPicksOne() throws {
        let app = try launch()
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").focused })
        try app.key("ctrl+period")
        try app.type("waving")
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.highlighted == "👋" })
        let window = try XCTUnwrap(try popupWindow(app))
        // Popup window pixels: the surface starts 12 px right and 8 px down (the shadow's margin);
        // in it, the first cell's centre is 8 + 20 across and, below the search box, the tabs and a
        // 1 px line, 97 + 20 down.
        let surface = (x: 12, y: 8)
        try app.xdotool(["mousemove", "--window", String(window), String(surface.x + 28), String(surface.y + 117), "click", "3"])
        let tones = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.tones != nil }, "a right click shows the tones")
        XCTAssertEqual(tones.emojiChooser.tones, ["👋", "👋🏻", "👋🏼", "👋🏽", "👋🏾", "👋🏿"])
        XCTAssertEqual(tones.emojiChooser.focus, "tones")
        // The tones' row opens under the cell, kept inside the grid (4 px from its left edge, 4 px
        // of inset): the fourth choice, medium skin tone, is centred at 8 + 3 * 40 + 20 across and
        // 137 + 4 + 20 down.
        try app.xdotool(["mousemove", "--window", String(window), String(surface.x + 148), String(surface.y + 161), "click", "1"])
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-label").text == "👋🏽" && !$0.emojiChooser.open },
                        "a click on a tone inserts it")
        XCTAssertEqual(try app.state(as: View.self).emojiChooser.recents, ["👋🏽"])

        // A long press on the recent tone (the first cell, under "Recently used"'s 28 px heading)
        // shows the tones too, that tone highlighted; Escape closes them and leaves the chooser open.
        try app.key("ctrl+period")
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.open && $0.emojiChooser.highlighted == "👋🏽" })
        let reopened = try XCTUnwrap(try popupWindow(app))
        try app.xdotool(["mousemove", "--window", String(reopened), String(surface.x + 28), String(surface.y + 97 + 28 + 20)])
        try app.xdotool(["mousedown", "1"])
        // The tones show while the button is still held, as GTK's long press does (however long
        // the catalog takes to come round to it); the release after them picks nothing.
        let held = try XCTUnwrap(waitForChooser(app) { $0.emojiChooser.tones != nil }, "a long press shows the tones")
        XCTAssertEqual(held.emojiChooser.highlighted, "👋🏽")
        try app.xdotool(["mouseup", "1"])
        try app.key("Escape")
        XCTAssertNotNil(waitForChooser(app) { $0.emojiChooser.open && $0.emojiChooser.tones == nil })
        XCTAssertEqual(try app.state(as: View.self).field("filled-label").text, "👋🏽", "nothing was inserted")
    }

    func testTheChooserDoesNotOpenInAPasswordField() throws {
        let app = try CatalogApp(arguments: ["--focus", "filled-password"], environment: ["XDG_STATE_HOME": stateHome])
        XCTAssertNotNil(waitForChooser(app) { $0.field("filled-password").focused })
        try app.key("ctrl+period")
        // Something later that does change the state, so the check below sees what came after.
        try app.type("x")
        let state = try XCTUnwrap(waitForChooser(app) { $0.field("filled-password").text == "•" })
        XCTAssertFalse(state.emojiChooser.open)
    }
}
