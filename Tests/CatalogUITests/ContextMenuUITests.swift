import CXlib
import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// The context menu of the real catalog on a private Xvfb, driven with xdotool: a real
/// override-redirect popup at the pointer or the caret, its items acting through the field's
/// commands (xclip reads what Copy put on CLIPBOARD), Paste enabled by the clipboard's real owner,
/// closing on Escape and on a press outside, staying on screen near the edges, following the theme.
final class ContextMenuUITests: XCTestCase {
    private struct View: Decodable {
        struct Item: Decodable { var id: String; var title: String; var enabled: Bool }
        struct Menu: Decodable {
            var open: Bool
            var field: String?
            var items: [Item]?
            var highlighted: Int?
            var frame: [Double]?
            var keyboard: Bool?
            func item(_ id: String) -> Item? { items?.first { $0.id == id } }
        }
        struct Field: Decodable {
            var id: String, text: String, selection: [Int], focused: Bool, frame: [Double]
            var caretRect: [Double]?
        }
        var menu: Menu
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private var xclip: String!
    private var servers: [Process] = []

    override func setUpWithError() throws {
        xclip = try XCTUnwrap(findExecutable("xclip"), "xclip is not installed; ./run.sh test installs it")
    }

    override func tearDown() {
        servers.filter(\.isRunning).forEach { $0.terminate() }
        servers = []
    }

    private func waitForMenu(_ app: CatalogApp, timeout: TimeInterval = 10, _ condition: (View.Menu) -> Bool) -> View? {
        app.waitForState(as: View.self, timeout: timeout) { condition($0.menu) }
    }

    /// Window-coordinate point in the middle of `id`'s text line, `dx` from its left.
    private func point(in app: CatalogApp, field id: String, dx: Double = 24) throws -> (Int, Int) {
        let frame = try app.state(as: View.self).field(id).frame
        return (Int(frame[0] + dx), Int(frame[1] + frame[3] / 2 + 6))
    }

    private func rightClick(_ app: CatalogApp, at point: (Int, Int)) throws {
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(point.0), String(point.1), "click", "3"])
    }

    /// The popup's X window: override-redirect, a child of the root, mapped.
    private func popupWindow(_ app: CatalogApp) throws -> Window? {
        var found: Window?
        _ = try waitUntil(timeout: 10) {
            let result = try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                        environment: ["DISPLAY": app.server.displayName])
            found = result.stdout.split(separator: "\n").first.flatMap { Window($0) }
            return found != nil
        }
        return found
    }

    private struct PopupGeometry { var x: Int32, y: Int32, width: Int, height: Int, overrideRedirect: Bool, viewable: Bool, parentIsRoot: Bool }

    private func geometry(of window: Window, _ app: CatalogApp) throws -> PopupGeometry {
        try app.withDisplay { display in
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, window, &attributes)
            var root: Window = 0, parent: Window = 0
            var children: UnsafeMutablePointer<Window>?
            var count: UInt32 = 0
            XQueryTree(display, window, &root, &parent, &children, &count)
            if let children { XFree(children) }
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, window, root, 0, 0, &x, &y, &child)
            return PopupGeometry(x: x, y: y, width: Int(attributes.width), height: Int(attributes.height),
                                 overrideRedirect: attributes.override_redirect != 0, viewable: attributes.map_state == IsViewable,
                                 parentIsRoot: parent == root)
        }
    }

    private func capture(popup window: Window, _ app: CatalogApp) throws -> RGBAImage {
        let geometry = try geometry(of: window, app)
        return try app.withDisplay { display in
            try XCTUnwrap(RGBAImage.capture(display: display, window: window,
                                            region: PixelRegion(x: 0, y: 0, width: geometry.width, height: geometry.height)))
        }
    }

    private func windowOrigin(_ app: CatalogApp) throws -> (Int32, Int32) {
        try app.withDisplay { display in
            var x: Int32 = 0, y: Int32 = 0, child: Window = 0
            XTranslateCoordinates(display, app.windowID, XDefaultRootWindow(display), 0, 0, &x, &y, &child)
            return (x, y)
        }
    }

    private func offerClipboard(_ text: String, app: CatalogApp) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xclip-\(UUID().uuidString).txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: xclip)
        process.arguments = ["-quiet", "-selection", "clipboard", "-i", file.path]
        process.environment = ["DISPLAY": app.server.displayName, "PATH": "/usr/bin:/bin"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        servers.append(process)
        let owned = try waitUntil(timeout: 10) {
            try app.withDisplay { display in
                let owner = XGetSelectionOwner(display, XInternAtom(display, "CLIPBOARD", 0))
                return owner != 0 && owner != app.windowID
            }
        }
        XCTAssertTrue(owned, "xclip never took CLIPBOARD")
    }

    /// The centre of item `index` of the standard menu (window coordinates): 8 px of padding, then
    /// 48 px items, the divider (item 7, after Select All) 17 px.
    private func itemCentre(_ menu: View.Menu, _ index: Int) -> (Int, Int) {
        let frame = menu.frame!
        return (Int(frame[0] + frame[2] / 2), Int(frame[1] + 8 + 48 * Double(index) + 24 - (index > 7 ? 31 : 0)))
    }

    // MARK: Tests

    func testRightClickOpensAnOverrideRedirectMenuAtThePointerAndTheFieldKeepsFocus() throws {
        let app = try CatalogApp()
        let target = try point(in: app, field: "filled-prefilled")
        // What the window shows right of the pointer before the menu covers it.
        let before = try app.capture(PixelRegion(x: target.0, y: target.1 + 40, width: 400, height: 160))
        try rightClick(app, at: target)
        let state = try XCTUnwrap(waitForMenu(app) { $0.open }, "no menu opened")
        XCTAssertEqual(state.menu.field, "filled-prefilled")
        XCTAssertEqual(state.menu.frame?[0], Double(target.0))
        XCTAssertEqual(state.menu.frame?[1], Double(target.1))
        XCTAssertEqual(state.menu.items?.map(\.title), ["Undo", "Redo", "Cut", "Copy", "Paste", "Delete", "Select All", "", "Insert Emoji"])
        XCTAssertEqual(state.menu.keyboard, false)
        XCTAssertTrue(state.field("filled-prefilled").focused)

        let popup = try XCTUnwrap(try popupWindow(app), "no popup window on the server")
        let geometry = try geometry(of: popup, app)
        XCTAssertTrue(geometry.overrideRedirect)
        XCTAssertTrue(geometry.viewable)
        XCTAssertTrue(geometry.parentIsRoot)
        let origin = try windowOrigin(app)
        // The surface sits inside the shadow's margin (12 px at the sides, 8 above at scale 1).
        XCTAssertEqual(Int(geometry.x) + 12, Int(origin.0) + target.0)
        XCTAssertEqual(Int(geometry.y) + 8, Int(origin.1) + target.1)
        // Its pixels: the white surface, dark title ink, and the shadow's grey below the surface.
        let image = try capture(popup: popup, app)
        let surface = PixelRegion(x: 12, y: 8, width: Int(state.menu.frame![2]), height: Int(state.menu.frame![3]))
        XCTAssertGreaterThan(image.count(in: surface) { $0.red == 255 && $0.green == 255 && $0.blue == 255 }, surface.width * surface.height / 2)
        XCTAssertGreaterThan(image.count(in: surface) { $0.red < 100 && $0.green < 100 && $0.blue < 100 }, 200, "no title ink")
        // The column just right of the surface, against the same pixels of the window before it opened.
        let shadowColumn = PixelRegion(x: surface.maxX + 2, y: 8 + 40, width: 1, height: 160)
        let darker = (0..<shadowColumn.height).filter { y in
            let shadow = image.pixel(x: shadowColumn.x, y: shadowColumn.y + y), plain = before.pixel(x: surface.width + 2, y: y)
            let dark = Int(shadow.red) + Int(shadow.green) + Int(shadow.blue), light = Int(plain.red) + Int(plain.green) + Int(plain.blue)
            // A soft shadow: darker than what it falls on, but not by half.
            return dark < light - 6 && dark > light / 2
        }
        XCTAssertGreaterThan(darker.count, shadowColumn.height * 3 / 4, "no shadow beside the surface")
        // Hover redraws the surface, never the translucent shadow over itself.
        for index in [6, 8, 6] {
            let centre = itemCentre(state.menu, index)
            try app.xdotool(["mousemove", "--window", String(app.windowID), String(centre.0), String(centre.1)])
            XCTAssertNotNil(waitForMenu(app) { $0.highlighted == index }, "hover did not highlight item \(index)")
        }
        let after = try capture(popup: popup, app)
        XCTAssertTrue((0..<image.height).allSatisfy { y in
            (0..<12).allSatisfy { x in after.pixel(x: surface.maxX + x, y: y) == image.pixel(x: surface.maxX + x, y: y) }
        }, "the shadow changed as the menu was redrawn")
    }

    func testMenuKeyAndShiftF10OpenAtTheCaretWithTheFirstItemHighlighted() throws {
        let app = try CatalogApp()
        try app.click(field: "outlined-prefilled")
        let focused = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-prefilled").caretRect != nil })
        let caret = try XCTUnwrap(focused.field("outlined-prefilled").caretRect)
        try app.key("Menu")
        let opened = try XCTUnwrap(waitForMenu(app) { $0.open }, "the Menu key opened nothing")
        XCTAssertEqual(opened.menu.keyboard, true)
        XCTAssertEqual(opened.menu.frame?[0], caret[0].rounded(.down))
        XCTAssertEqual(opened.menu.frame?[1], (caret[1] + caret[3]).rounded(.down), "below the caret")
        let firstEnabled = opened.menu.items?.firstIndex { $0.enabled && !$0.title.isEmpty }
        XCTAssertEqual(opened.menu.highlighted, firstEnabled)
        try app.key("Escape")
        XCTAssertNotNil(waitForMenu(app) { !$0.open }, "Escape did not close it")
        XCTAssertTrue(try app.state(as: View.self).field("outlined-prefilled").focused, "Escape closed the menu, not the field")
        try app.key("shift+F10")
        XCTAssertNotNil(waitForMenu(app) { $0.open && $0.keyboard == true }, "Shift+F10 opened nothing")
        try app.key("Down")
        XCTAssertNotNil(waitForMenu(app) { $0.highlighted != nil && $0.highlighted != firstEnabled }, "Down moved nothing")
        try app.key("Escape")
        XCTAssertNotNil(waitForMenu(app) { !$0.open })
    }

    func testPasteIsEnabledOnceTheClipboardsOwnerOffersText() throws {
        let app = try CatalogApp()
        let target = try point(in: app, field: "filled-label")
        try rightClick(app, at: target)
        let first = try XCTUnwrap(waitForMenu(app) { $0.open })
        XCTAssertEqual(first.menu.item("paste")?.enabled, false, "nobody owns CLIPBOARD")
        try app.key("Escape")
        XCTAssertNotNil(waitForMenu(app) { !$0.open })

        try offerClipboard("from xclip", app: app)
        try rightClick(app, at: target)
        XCTAssertNotNil(waitForMenu(app) { $0.open && $0.item("paste")?.enabled == true }, "Paste stayed disabled")
        // And it pastes what xclip holds.
        try app.key("p")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.menu.open && $0.field("filled-label").text == "from xclip" })
    }

    func testSelectAllThenCopyFromTheMenuGivesXclipTheText() throws {
        let app = try CatalogApp()
        let target = try point(in: app, field: "outlined-prefilled")
        try rightClick(app, at: target)
        let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        let selectAll = itemCentre(menu, 6)
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(selectAll.0), String(selectAll.1), "click", "1"])
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.menu.open && $0.field("outlined-prefilled").selection == [0, 6] },
                        "Select All did not select Lisboa")
        // A right-click inside the selection keeps it.
        try rightClick(app, at: target)
        let second = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        XCTAssertEqual(second.item("copy")?.enabled, true)
        XCTAssertEqual(try app.state(as: View.self).field("outlined-prefilled").selection, [0, 6])
        let copy = itemCentre(second, 3)
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(copy.0), String(copy.1), "click", "1"])
        let copied = try waitUntil(timeout: 10) {
            try runCommand(self.xclip, ["-o", "-selection", "clipboard"], environment: ["DISPLAY": app.server.displayName]).stdout == "Lisboa"
        }
        XCTAssertTrue(copied, "xclip did not read Lisboa from CLIPBOARD")
        XCTAssertFalse(try app.state(as: View.self).menu.open)
    }

    func testAPressOutsideClosesTheMenuWithoutReachingTheFieldUnderIt() throws {
        let app = try CatalogApp()
        // Outside the window too (the screen is 1024x800, the window 760x720 at the origin): the
        // pointer grab brings the press to the menu, which closes.
        try rightClick(app, at: try point(in: app, field: "filled-prefilled"))
        XCTAssertNotNil(waitForMenu(app) { $0.open })
        try app.xdotool(["mousemove", "900", "780", "click", "1"])
        XCTAssertNotNil(waitForMenu(app) { !$0.open }, "a press outside the window left the menu open")

        try rightClick(app, at: try point(in: app, field: "filled-prefilled"))
        XCTAssertNotNil(waitForMenu(app) { $0.open })
        // A click on another field closes the menu; that field does not take focus.
        let other = try point(in: app, field: "outlined-label")
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(other.0), String(other.1), "click", "1"])
        let closed = try XCTUnwrap(waitForMenu(app) { !$0.open }, "the press outside left the menu open")
        XCTAssertTrue(closed.field("filled-prefilled").focused)
        XCTAssertFalse(closed.field("outlined-label").focused, "the press went through to the field under it")
        XCTAssertNil(try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                    environment: ["DISPLAY": app.server.displayName]).stdout.split(separator: "\n").first,
                     "the popup window is still mapped")
        // The next click does reach it.
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(other.0), String(other.1), "click", "1"])
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("outlined-label").focused })
    }

    func testTheMenuStaysOnScreenNearTheRightAndBottomEdges() throws {
        let app = try CatalogApp()
        // The window moved so that the right column's field is near the screen's corner.
        try app.xdotool(["windowmove", String(app.windowID), "300", "450"])
        _ = try waitUntil(timeout: 10) { try self.windowOrigin(app) == (300, 450) }
        let field = try app.state(as: View.self).field("outlined-prefilled").frame
        let target = (Int(field[0] + field[2]) - 30, Int(field[1] + field[3] / 2))
        try rightClick(app, at: target)
        let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        let frame = try XCTUnwrap(menu.frame)
        let origin = try windowOrigin(app)
        let root = (x: frame[0] + Double(origin.0), y: frame[1] + Double(origin.1))
        XCTAssertLessThanOrEqual(root.x + frame[2], 1024, "past the right edge")
        XCTAssertLessThanOrEqual(root.y + frame[3], 800, "past the bottom edge")
        XCTAssertEqual(frame[0] + frame[2], Double(target.0), "flipped to the left of the pointer")
        XCTAssertEqual(frame[1] + frame[3], Double(target.1), "flipped above the pointer")
        let popup = try XCTUnwrap(try popupWindow(app))
        let geometry = try geometry(of: popup, app)
        XCTAssertEqual(Double(geometry.x + 12), root.x)
        XCTAssertEqual(Double(geometry.y + 8), root.y)
    }

    func testTheMenuFollowsTheDarkAndHighContrastThemes() throws {
        // Dark: the surface lifted by Material's 12 % overlay (#121212 becomes #2E2E2E or so).
        do {
            let app = try CatalogApp(arguments: ["--theme", "dark"])
            try rightClick(app, at: try point(in: app, field: "filled-prefilled"))
            let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
            let image = try capture(popup: try XCTUnwrap(try popupWindow(app)), app)
            // The padding above the first item, inside the rounded corners.
            let pixel = image.pixel(x: 12 + Int(menu.frame![2]) / 2, y: 8 + 3)
            XCTAssertEqual(Double(pixel.red), 46, accuracy: 3)
            XCTAssertEqual(pixel.red, pixel.blue)
        }
        // High contrast: an opaque outline in on-surface (black), and the highlighted item inverted.
        do {
            let app = try CatalogApp(arguments: ["--theme", "high-contrast"])
            try app.click(field: "filled-prefilled")
            XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("filled-prefilled").focused })
            try app.key("Menu")
            let menu = try XCTUnwrap(waitForMenu(app) { $0.open && $0.highlighted != nil }).menu
            let image = try capture(popup: try XCTUnwrap(try popupWindow(app)), app)
            let width = Int(menu.frame![2])
            let left = image.pixel(x: 12, y: 8 + Int(menu.frame![3]) / 2)
            XCTAssertEqual([left.red, left.green, left.blue], [0, 0, 0], "no outline")
            let highlighted = menu.highlighted!
            let row = PixelRegion(x: 12 + 1, y: 8 + 8 + 48 * highlighted + 2, width: width - 2, height: 44)
            XCTAssertGreaterThan(image.count(in: row) { $0.red == 0 && $0.green == 0 && $0.blue == 0 }, row.width * row.height * 3 / 4,
                                 "the highlighted item is not drawn inverted")
        }
    }

    func testPressingTheRightButtonDraggingOntoAnItemAndReleasingActs() throws {
        let app = try CatalogApp()
        let target = try point(in: app, field: "outlined-prefilled")
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(target.0), String(target.1), "mousedown", "3"])
        let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        let selectAll = itemCentre(menu, 6)
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(selectAll.0), String(selectAll.1)])
        XCTAssertNotNil(waitForMenu(app) { $0.highlighted == 6 }, "dragging onto Select All did not highlight it: \(String(describing: try? app.state(as: View.self).menu)) \(selectAll)")
        try app.xdotool(["mouseup", "3"])
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.menu.open && $0.field("outlined-prefilled").selection == [0, 6] },
                        "releasing over Select All did not select the text")
    }

    func testTheWindowLosingFocusClosesTheMenu() throws {
        let app = try CatalogApp()
        try rightClick(app, at: try point(in: app, field: "filled-prefilled"))
        XCTAssertNotNil(waitForMenu(app) { $0.open })
        // Another client gives the keyboard to the root window, as a window manager switching away does.
        try app.withDisplay { display in
            XSetInputFocus(display, XDefaultRootWindow(display), Int32(RevertToNone), Time(CurrentTime))
            XSync(display, 0)
        }
        XCTAssertNotNil(waitForMenu(app) { !$0.open }, "the menu stayed open after the window lost focus")
        XCTAssertNil(try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                    environment: ["DISPLAY": app.server.displayName]).stdout.split(separator: "\n").first)
    }

    func testTheCatalogsDelegateAddsUppercaseWhichEditsThroughThePipeline() throws {
        let app = try CatalogApp(arguments: ["--focus", "uikit-words"])
        try app.type("ada lovelace")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("uikit-words").text == "Ada Lovelace" })
        // The field may be below the window's fold: the keyboard opens the menu at its caret.
        try app.key("Menu")
        let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        XCTAssertEqual(menu.field, "uikit-words")
        let titles = menu.items?.map(\.title) ?? []
        XCTAssertEqual(titles.firstIndex(of: "Uppercase"), titles.firstIndex(of: "Select All").map { $0 + 1 }, "\(titles)")
        XCTAssertEqual(menu.item("uppercase")?.enabled, true)
        // Its mnemonic is U, which Undo shares: U moves between the two, Enter acts.
        let uppercase = try XCTUnwrap(titles.firstIndex(of: "Uppercase"))
        try app.key("u")
        XCTAssertNotNil(waitForMenu(app) { $0.highlighted == uppercase || $0.highlighted == 0 })
        if try app.state(as: View.self).menu.highlighted != uppercase { try app.key("u") }
        XCTAssertNotNil(waitForMenu(app) { $0.highlighted == uppercase })
        try app.key("Return")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.menu.open && $0.field("uikit-words").text == "ADA LOVELACE" })
        // One undoable edit, as the app's item went through the field's pipeline.
        try app.key("ctrl+z")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("uikit-words").text == "Ada Lovelace" })
    }

    /// With a compositing manager (xcompmgr) the popup is an ARGB window whose margin is
    /// transparent: the shadow is composited over what is under it, read back from the root.
    func testUnderACompositorTheMenuIsTranslucentAndItsShadowFallsOnWhatIsUnderIt() throws {
        let xcompmgr = try XCTUnwrap(findExecutable("xcompmgr"), "xcompmgr is not installed; ./run.sh test installs it")
        let compositor = Process()
        let app = try CatalogApp(prepare: { server in
            compositor.executableURL = URL(fileURLWithPath: xcompmgr)
            compositor.environment = ["DISPLAY": server.displayName]
            compositor.standardOutput = FileHandle.nullDevice
            compositor.standardError = FileHandle.nullDevice
            try compositor.run()
            let managed = waitUntil(timeout: 10) {
                guard let display = XOpenDisplay(server.displayName) else { return false }
                defer { XCloseDisplay(display) }
                return XGetSelectionOwner(display, XInternAtom(display, "_NET_WM_CM_S0", 0)) != 0
            }
            guard managed else { throw HarnessError("xcompmgr never took _NET_WM_CM_S0") }
        })
        servers.append(compositor)
        let target = try point(in: app, field: "filled-prefilled")
        func rootColumn(x: Int, y: Int, height: Int) throws -> RGBAImage {
            try app.withDisplay { display in
                try XCTUnwrap(RGBAImage.capture(display: display, window: XDefaultRootWindow(display),
                                                region: PixelRegion(x: x, y: y, width: 1, height: height)))
            }
        }
        let origin = try windowOrigin(app)
        // The window as the compositor shows it, right of the pointer, before the menu covers it.
        let beforeStrip = try app.withDisplay { display in
            try XCTUnwrap(RGBAImage.capture(display: display, window: XDefaultRootWindow(display),
                                            region: PixelRegion(x: Int(origin.0) + target.0, y: Int(origin.1) + target.1 + 40,
                                                                width: 400, height: 160)))
        }
        try rightClick(app, at: target)
        let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        let popup = try XCTUnwrap(try popupWindow(app))
        let depth = try app.withDisplay { display -> Int32 in
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, popup, &attributes)
            return attributes.depth
        }
        XCTAssertEqual(depth, 32, "not an ARGB window under a compositor")
        let width = Int(menu.frame![2])
        var soft = 0
        let shadowed = try waitUntil(timeout: 10) {
            let column = try rootColumn(x: Int(origin.0) + target.0 + width + 2, y: Int(origin.1) + target.1 + 40, height: 160)
            soft = (0..<160).filter { y in
                let shadow = column.pixel(x: 0, y: y), plain = beforeStrip.pixel(x: width + 2, y: y)
                let dark = Int(shadow.red) + Int(shadow.green) + Int(shadow.blue), light = Int(plain.red) + Int(plain.green) + Int(plain.blue)
                return dark < light - 6 && dark > light / 2
            }.count
            return soft > 120
        }
        XCTAssertTrue(shadowed, "the composited shadow beside the menu is missing or not soft (\(soft) of 160 rows)")
    }

    func testResizingOrUnmappingTheWindowClosesTheMenu() throws {
        let app = try CatalogApp()
        let target = try point(in: app, field: "filled-prefilled")
        try rightClick(app, at: target)
        XCTAssertNotNil(waitForMenu(app) { $0.open })
        try app.xdotool(["windowsize", String(app.windowID), "700", "650"])
        XCTAssertNotNil(waitForMenu(app) { !$0.open }, "a resize left the menu open")
        XCTAssertNotNil(app.waitForState { $0.window.width == 700 })

        try rightClick(app, at: target)
        XCTAssertNotNil(waitForMenu(app) { $0.open })
        try app.xdotool(["windowunmap", String(app.windowID)])
        XCTAssertNotNil(waitForMenu(app) { !$0.open }, "unmapping the window left the menu open")
        XCTAssertNil(try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--classname", "^materialfields-popup$"],
                                    environment: ["DISPLAY": app.server.displayName]).stdout.split(separator: "\n").first)
    }

    func testAMenuOpenedFromTheKeyboardUnderAStillPointerKeepsTheKeyboardsHighlight() throws {
        let app = try CatalogApp()
        try app.click(field: "outlined-prefilled")
        try app.key("ctrl+a")
        let focused = try XCTUnwrap(app.waitForState(as: View.self) { $0.field("outlined-prefilled").selection == [0, 6] })
        let caret = try XCTUnwrap(focused.field("outlined-prefilled").caretRect)
        // The pointer waits where the menu's fourth item (Copy) will open.
        try app.xdotool(["mousemove", "--window", String(app.windowID), String(Int(caret[0]) + 60),
                         String(Int(caret[1] + caret[3]) + 8 + 48 * 3 + 24)])
        try app.key("Menu")
        let menu = try XCTUnwrap(waitForMenu(app) { $0.open }).menu
        let cut = menu.items?.firstIndex { $0.id == "cut" }
        XCTAssertEqual(menu.highlighted, cut, "the first enabled item, not the one under the pointer")
        // Moving the pointer does highlight what is under it.
        try app.xdotool(["mousemove_relative", "--", "0", "2"])
        XCTAssertNotNil(waitForMenu(app) { $0.highlighted == menu.items?.firstIndex { $0.id == "copy" } })
    }

    /// Paste asks the owner for TARGETS only, never for the text: an owner offering an image
    /// leaves it disabled, one offering only STRING enables it, and neither is asked to convert.
    func testPasteAsksTheOwnerForTargetsOnlyAndWantsATextForm() throws {
        let app = try CatalogApp()
        let target = try point(in: app, field: "filled-label")
        for (offered, enabled) in [(["TARGETS", "image/png"], false), (["TARGETS", "STRING"], true)] {
            let owner = try ExternalOwner(displayName: app.server.displayName, selection: "CLIPBOARD",
                                          answer: .once(type: "image/png", format: 8, bytes: [0x89, 0x50]), offering: offered)
            try rightClick(app, at: target)
            XCTAssertNotNil(waitForMenu(app) { $0.open })
            XCTAssertTrue(waitUntil(timeout: 10) { owner.askedTargets.contains("TARGETS") }, "the owner was never asked")
            // A key after the owner's answer: the catalog has read the answer when the key shows.
            try app.key("Down")
            let state = try XCTUnwrap(waitForMenu(app) { $0.highlighted != nil && ($0.item("paste")?.enabled == enabled) },
                                      "Paste is not \(enabled ? "enabled" : "disabled") for an owner offering \(offered)")
            XCTAssertEqual(state.menu.item("paste")?.enabled, enabled)
            XCTAssertEqual(owner.askedTargets, ["TARGETS"], "the owner was asked for more than its targets")
            XCTAssertEqual(owner.requests, 0)
            try app.key("Escape")
            XCTAssertNotNil(waitForMenu(app) { !$0.open })
            owner.stop()
        }
    }
}
