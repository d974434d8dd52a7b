import CXlib
import CXTest
import Foundation
import TestHarness
import XCTest

/// Bursts of real XTEST input queued faster than a field could take them one key at a time: the
/// window hands runs of typed keys to the scene in one go, and these check that nothing about
/// the outcome tells it from typing key by key (order, commands in between, a click behind the
/// keys, the maximum length and its bells, undo).
final class TypedBurstUITests: XCTestCase {
    private enum Stroke {
        /// A key by keysym name, with modifier keysyms held around it.
        case key(String, held: [String] = [])
        case click(x: Double, y: Double)
    }

    /// Sends every stroke through XTEST on one connection with no wait between them, then syncs:
    /// the whole burst reaches the catalog's queue in order, behind nothing.
    private func send(_ strokes: [Stroke], to app: CatalogApp) throws {
        try app.withDisplay { display in
            var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
            guard XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor) != 0 else {
                throw HarnessError("the X server lacks XTEST")
            }
            var keycodes: [String: UInt32] = [:]
            func keycode(_ name: String) throws -> UInt32 {
                if let code = keycodes[name] { return code }
                let code = UInt32(XKeysymToKeycode(display, XStringToKeysym(name)))
                guard code != 0 else { throw HarnessError("no key for \(name)") }
                keycodes[name] = code
                return code
            }
            for stroke in strokes {
                switch stroke {
                case .key(let name, let held):
                    for modifier in held { XTestFakeKeyEvent(display, try keycode(modifier), 1, 0) }
                    XTestFakeKeyEvent(display, try keycode(name), 1, 0)
                    XTestFakeKeyEvent(display, try keycode(name), 0, 0)
                    for modifier in held.reversed() { XTestFakeKeyEvent(display, try keycode(modifier), 0, 0) }
                case .click(let x, let y):
                    var rootX: Int32 = 0, rootY: Int32 = 0, child: Window = 0
                    XTranslateCoordinates(display, app.windowID, XDefaultRootWindow(display), Int32(x), Int32(y), &rootX, &rootY, &child)
                    XTestFakeMotionEvent(display, -1, rootX, rootY, 0)
                    XTestFakeButtonEvent(display, 1, 1, 0)
                    XTestFakeButtonEvent(display, 1, 0, 0)
                }
            }
            XSync(display, 0)
        }
    }

    private func letters(_ text: String) -> [Stroke] {
        text.map { .key($0 == " " ? "space" : String($0)) }
    }

    private func focus(_ app: CatalogApp, _ id: String) throws {
        try app.click(field: id)
        XCTAssertNotNil(app.waitForState { $0.field(id).focused }, "\(id) never took focus")
    }

    private func center(of id: String, in app: CatalogApp) throws -> (x: Double, y: Double) {
        let frame = try app.state().field(id).frame
        return (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2)
    }

    /// Words of the letters a to y with a space after each, `count` keys in all.
    private func words(_ count: Int, seed: Int = 0) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxy")
        return String((0..<count).map { index in index % 7 == 6 ? " " : alphabet[(index * 11 + seed) % alphabet.count] })
    }

    func testABurstWithBackspacesAmongItsLettersArrivesWholeAndInOrder() throws {
        let app = try CatalogApp()
        try focus(app, "filled-label")
        // Letters, then Backspaces that take back the end of what came just before them: a
        // Backspace handled before the letters queued ahead of it deletes other letters.
        var strokes: [Stroke] = [], expected = ""
        for chunk in 0..<60 {
            let typed = words(90, seed: chunk)
            strokes += letters(typed)
            expected += typed
            let deletions = 1 + chunk % 5
            strokes += Array(repeating: .key("BackSpace"), count: deletions)
            expected.removeLast(deletions)
        }
        strokes += letters("end")
        expected += "end"
        try send(strokes, to: app)
        // Waits for the burst's last keys: mid-burst, before a chunk's Backspaces, the text can be
        // longer than the whole burst's, so its length alone says nothing. "end" appears nowhere
        // else (within a word each letter is 11 after the one before), so once the text ends with
        // it every key before it has been handled.
        let state = app.waitForState(timeout: 60) { $0.field("filled-label").text.hasSuffix("end") }
        XCTAssertEqual(state?.field("filled-label").text, expected, "keys were lost or handled out of order")
        XCTAssertEqual(try app.state().field("filled-label").text, expected)
    }

    func testAClickQueuedBehindABurstLandsAfterEveryKeyBeforeIt() throws {
        let app = try CatalogApp()
        try focus(app, "filled-label")
        let target = try center(of: "filled-placeholder", in: app)
        let burst = words(20_000)
        // Keys after the click belong to the field it focused.
        try send(letters(burst) + [.click(x: target.x, y: target.y)] + letters("after"), to: app)
        let state = app.waitForState(timeout: 60) { $0.field("filled-placeholder").text == "after" }
        XCTAssertNotNil(state, "the keys after the click did not reach the clicked field")
        XCTAssertEqual(try app.state().field("filled-label").text, burst, "the first field did not get every key before the click")
        XCTAssertEqual(try app.state().field("filled-placeholder").text, "after", "keys typed before the click reached the clicked field")
        XCTAssertTrue(try app.state().field("filled-placeholder").focused)
    }

    func testAFieldWithAMaximumLengthCutsABurstAndRefusesEachKeyPastIt() throws {
        let app = try CatalogApp(arguments: ["--size", "760x1400"], screenSize: (1024, 1500))
        try focus(app, "filled-counter")
        let bells = try BellCounter(displayName: app.server.displayName)
        defer { bells.stop() }
        let burst = words(600)
        try send(letters(burst), to: app)
        let limit = 20
        let state = app.waitForState(timeout: 30) { $0.field("filled-counter").text.count >= limit }
        XCTAssertEqual(state?.field("filled-counter").text, String(burst.prefix(limit)), "the burst was not cut where typing cuts it")
        // Typed one by one, every key past the limit is refused and rings the bell.
        XCTAssertTrue(waitUntil(timeout: 10) { bells.count() >= burst.count - limit }, "only \(bells.count()) bells")
        usleep(300_000)
        XCTAssertEqual(bells.count(), burst.count - limit, "not one bell per refused key")
    }

    func testUndoAfterABurstTakesBackAWordAtATimeAsAfterTyping() throws {
        let app = try CatalogApp()
        try focus(app, "filled-label")
        // Typing groups undo by word: a word and the space after it, punctuation on its own.
        let typed = "hello world again"
        try send(letters(typed) + [.key("period"), .key("z", held: ["Control_L"]), .key("z", held: ["Control_L"])], to: app)
        let state = app.waitForState(timeout: 10) { $0.field("filled-label").text == "hello world " }
        XCTAssertNotNil(state, "two undos after the burst left \(String(describing: try? app.state().field("filled-label").text))")
        try send([.key("z", held: ["Control_L"])], to: app)
        XCTAssertNotNil(app.waitForState(timeout: 10) { $0.field("filled-label").text == "hello " },
                        "the third undo left \(String(describing: try? app.state().field("filled-label").text))")
    }
}

/// Counts the bells rung on a display (XKB bell notifications), read by a thread on a
/// connection of its own until `stop()`.
private final class BellCounter: @unchecked Sendable {
    private let display: OpaquePointer
    private let eventBase: Int32
    private let lock = NSLock()
    private var rung = 0
    private var stopped = false
    private let finished = DispatchSemaphore(value: 0)

    init(displayName: String) throws {
        var major = Int32(XkbMajorVersion), minor = Int32(XkbMinorVersion)
        var opcode: Int32 = 0, eventBase: Int32 = 0, errorBase: Int32 = 0
        guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open \(displayName)") }
        guard XkbQueryExtension(display, &opcode, &eventBase, &errorBase, &major, &minor) != 0 else {
            XCloseDisplay(display)
            throw HarnessError("the X server lacks XKB")
        }
        self.display = display
        self.eventBase = eventBase
        XkbSelectEvents(display, UInt32(XkbUseCoreKbd), UInt32(XkbBellNotifyMask), UInt32(XkbBellNotifyMask))
        XSync(display, 0)
        Thread { self.read() }.start()
    }

    private func read() {
        while true {
            lock.lock()
            let done = stopped
            lock.unlock()
            if done { break }
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == eventBase else { continue }
                let isBell = withUnsafePointer(to: &event) { pointer in
                    pointer.withMemoryRebound(to: XkbAnyEvent.self, capacity: 1) { $0.pointee.xkb_type == XkbBellNotify }
                }
                if isBell {
                    lock.lock()
                    rung += 1
                    lock.unlock()
                }
            }
            usleep(2_000)
        }
        finished.signal()
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return rung
    }

    func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        finished.wait()
        XCloseDisplay(display)
    }
}
