import Foundation
import TestHarness
import XCTest

/// The context menu as a screen reader finds it (`Scripts/atspi_client.py` on a private session
/// bus, as `AccessibilityUITests` reads the fields): a window holding a menu of menu items named by
/// their titles, sensitive when they can act, and focus moving from item to item with the arrows.
final class ContextMenuAccessibilityUITests: XCTestCase {
    private var bus: SessionBus!
    private var app: CatalogApp!

    override func setUpWithError() throws {
        for tool in ["dbus-daemon", "python3"] where findExecutable(tool) == nil {
            throw HarnessError("\(tool) is not installed; `./run.sh test` installs it")
        }
        bus = try SessionBus()
        app = try CatalogApp(environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
    }

    override func tearDown() {
        app = nil
        bus = nil
    }

    private var clientEnvironment: [String: String] {
        ["DISPLAY": app.server.displayName, "DBUS_SESSION_BUS_ADDRESS": bus.address, "NO_AT_BRIDGE": "1"]
    }

    private func tree() throws -> AccessibilityUITests.Tree {
        let result = try runCommand("/usr/bin/python3", [AccessibilityUITests.client, "tree", "textfield-catalog"],
                                    environment: clientEnvironment, timeout: 40)
        guard result.status == 0 else { throw HarnessError("atspi_client.py tree failed (\(result.status)): \(result.stderr)") }
        return try JSONDecoder().decode(AccessibilityUITests.Tree.self, from: Data(result.stdout.utf8))
    }

    private struct Menu: Decodable {
        struct State: Decodable { var open: Bool; var highlighted: Int? }
        var menu: State
    }

    func testTheMenuIsAMenuOfItemsWhoseFocusFollowsTheArrows() throws {
        try app.click(field: "outlined-prefilled")
        try app.key("ctrl+a")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").selection == [0, 6] })
        // The catalog's tree is on the bus before the menu opens.
        XCTAssertNotNil(try tree().node("outlined-prefilled"))
        let listener = try EventListener(client: AccessibilityUITests.client, environment: clientEnvironment)
        try app.key("Menu")
        XCTAssertNotNil(app.waitForState(as: Menu.self) { $0.menu.open })
        try app.key("Down")
        _ = waitUntil(timeout: 10) {
            listener.events.contains { $0.type == "object:state-changed:focused" && $0.id == "menu-copy" && $0.detail1 == 1 }
        }
        let events = listener.stop()
        XCTAssertTrue(events.contains { $0.type == "object:state-changed:focused" && $0.id == "menu-copy" && $0.detail1 == 1 },
                      "no focus event for Copy: \(events.map { "\($0.type) \($0.id ?? "")" })")
        XCTAssertTrue(events.contains { $0.type == "object:state-changed:focused" && $0.id == "menu-cut" && $0.detail1 == 0 },
                      "Cut did not lose focus")

        let nodes = try tree().nodes
        let menu = try XCTUnwrap(nodes.first { $0.role == "menu" }, "no menu on the bus")
        let items = nodes.filter { $0.role == "menu item" && $0.path.starts(with: menu.path) }
        XCTAssertEqual(items.map(\.name), ["Undo", "Redo", "Cut", "Copy", "Paste", "Delete", "Select All", "Insert Emoji"])
        XCTAssertEqual(nodes.filter { $0.role == "separator" && $0.path.starts(with: menu.path) }.count, 1)
        let copy = try XCTUnwrap(items.first { $0.id == "menu-copy" })
        XCTAssertTrue(copy.states.contains("focused") && copy.states.contains("selected") && copy.states.contains("sensitive"),
                      "\(copy.states)")
        XCTAssertEqual(copy.description, "Ctrl+C")
        XCTAssertFalse(try XCTUnwrap(items.first { $0.id == "menu-undo" }).states.contains("sensitive"), "Undo cannot act")
        XCTAssertNotNil(copy.screen, "no extents")

        // Closed, it leaves the tree.
        try app.key("Escape")
        XCTAssertNotNil(app.waitForState(as: Menu.self) { !$0.menu.open })
        XCTAssertTrue(try waitUntil(timeout: 10) { try self.tree().nodes.allSatisfy { $0.role != "menu" } }, "the menu stayed on the bus")
    }

    func testAnItemsClickActionChoosesIt() throws {
        try app.click(field: "outlined-prefilled")
        try app.key("End")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").selection == [6, 6] })
        XCTAssertNotNil(try tree().node("outlined-prefilled"))
        try app.key("Menu")
        XCTAssertNotNil(app.waitForState(as: Menu.self) { $0.menu.open })
        XCTAssertTrue(try waitUntil(timeout: 10) { try self.tree().node("menu-selectAll") != nil }, "the menu never reached the bus")
        let operations = #"[{"id": "menu-selectAll", "op": "doAction", "args": [0]}]"#
        let result = try runCommand("/usr/bin/python3", [AccessibilityUITests.client, "call", "textfield-catalog", operations],
                                    environment: clientEnvironment, timeout: 40)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "[true]")
        XCTAssertNotNil(app.waitForState { $0.field("outlined-prefilled").selection == [0, 6] }, "Select All did not act")
        XCTAssertNotNil(app.waitForState(as: Menu.self) { !$0.menu.open }, "the menu stayed open")
    }
}
