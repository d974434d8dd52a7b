import CXlib
import Foundation
import TestHarness
import XCTest

/// A bare XDND target on a connection of its own: an `XdndAware` window (version 5) that records
/// the messages it gets and answers only when told to, so a test sees the source's side of the
/// protocol and a target that stops answering.
final class XdndProbe {
    let display: OpaquePointer
    let window: Window
    struct Message { var type: String; var data: [Int] }
    private(set) var messages: [Message] = []

    init(displayName: String, frame: (x: Int32, y: Int32, width: UInt32, height: UInt32)) throws {
        guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open \(displayName)") }
        self.display = display
        window = XCreateSimpleWindow(display, XDefaultRootWindow(display), frame.x, frame.y, frame.width, frame.height, 0, 0,
                                     0xFFFFFF)
        var version = [5]
        XChangeProperty(display, window, XInternAtom(display, "XdndAware", 0), XA_ATOM, 32, PropModeReplace, &version, 1)
        XMapWindow(display, window)
        XSync(display, 0)
    }

    deinit {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }
    func name(_ atom: Atom) -> String {
        guard atom != 0, let name = XGetAtomName(display, atom) else { return "None" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// Reads what has come; with `accepting`, each position is answered with a status accepting
    /// that action, else nothing is answered (a target that hangs).
    func pump(accepting: Bool) {
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == ClientMessage else { continue }
            let data = event.xclient.data.l
            let message = Message(type: name(event.xclient.message_type), data: [data.0, data.1, data.2, data.3, data.4])
            messages.append(message)
            if accepting, message.type == "XdndPosition" {
                var reply = XClientMessageEvent()
                reply.type = ClientMessage
                reply.display = display
                reply.window = Window(message.data[0])
                reply.message_type = atom("XdndStatus")
                reply.format = 32
                reply.data.l = (Int(window), 1, 0, 0, message.data[4])
                var replyEvent = XEvent(xclient: reply)
                XSendEvent(display, Window(message.data[0]), 0, NoEventMask, &replyEvent)
                XFlush(display)
            }
        }
    }

    /// The source's XdndTypeList, read from its window.
    func typeList(of source: Window) -> [String] {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, source, atom("XdndTypeList"), 0, 64, 0, XA_ATOM, &type, &format, &count, &remaining,
                                 &data) == Success, let data else { return [] }
        defer { XFree(data) }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
            .map { name(Atom($0)) }
    }
}

/// A GTK 3 entry beside the catalog (`Scripts/gtk_dnd_peer.py`): the real program the drags go to
/// and come from. It reports its text, selection and place in a JSON file.
final class GTKEntryPeer {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/gtk_dnd_peer.py").path

    struct State: Decodable, Equatable {
        var text: String
        var selection: [Int]
        var focused: Bool
        /// GTK's drag from the entry has begun (its `drag-begin`) and not ended.
        var dragging: Bool
        var geometry: [Double]?
    }

    private let process = Process()
    private let statePath = NSTemporaryDirectory() + "gtk-dnd-peer-\(UUID().uuidString).json"

    init(display: String, text: String, select: (Int, Int)?, at origin: (Int, Int)) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.script, statePath, "--text", text, "--at", String(origin.0), String(origin.1)]
            + (select.map { ["--select", String($0.0), String($0.1)] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        // Nothing that would reach for a session bus: without one, GTK's accessibility bridge and
        // GSettings autolaunch a bus (dbus-launch) that outlives the test.
        environment["NO_AT_BRIDGE"] = "1"
        environment["GSETTINGS_BACKEND"] = "memory"
        environment["GIO_USE_VFS"] = "local"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard waitForState(timeout: 20, { $0.geometry != nil && $0.selection == (select.map { [$0.0, $0.1] } ?? $0.selection) }) != nil else {
            throw HarnessError("the GTK entry never showed")
        }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: statePath)
    }

    func state() -> State? { try? JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath))) }

    func waitForState(timeout: TimeInterval = 10, _ condition: (State) -> Bool) -> State? {
        var last: State?
        _ = waitUntil(timeout: timeout) {
            guard let current = state() else { return false }
            last = current
            return condition(current)
        }
        return last.flatMap { condition($0) ? $0 : nil }
    }
}

/// Drag and drop with real programs, driven as the desktop notes say: the button down on selected
/// text, a move onto the target, a wait for the drag to be seen there, a 2 px move, a wait, the
/// button up. Every wait is on a condition (the catalog's QA state, the GTK entry's report).
final class DragAndDropUITests: XCTestCase {
    private var app: CatalogApp!

    struct View: Decodable {
        struct Window: Decodable {
            struct Drag: Decodable { var field: String; var phase: String; var range: [Int]; var types: [String]; var accepted: String? }
            struct Drop: Decodable, Equatable { var field: String; var offset: Int; var operation: String }
            var drag: Drag?
            var drop: Drop?
        }
        struct Field: Decodable {
            var id: String, text: String, selection: [Int], focused: Bool, frame: [Double], caretRect: [Double]?
        }
        var window: Window
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
              (try? runCommand("/usr/bin/python3", ["-c", "import gi; gi.require_version('Gtk', '3.0')"]).status) == 0 else {
            throw XCTSkip("python3-gi and gir1.2-gtk-3.0 are not installed; `./run.sh test` installs them")
        }
        // Tall enough for the password fields; the screen leaves room for the GTK entry beside it.
        app = try CatalogApp(arguments: ["--size", "760x1500"], screenSize: (1400, 1560))
    }

    override func tearDown() {
        app = nil
    }

    private func view(_ condition: @escaping (View) -> Bool, timeout: TimeInterval = 10,
                      file: StaticString = #filePath, line: UInt = #line) throws -> View {
        guard let view = app.waitForState(as: View.self, timeout: timeout, condition) else {
            let last = try? app.state(as: View.self)
            XCTFail("the QA state never matched; last drag \(String(describing: last?.window.drag)), drop \(String(describing: last?.window.drop))",
                    file: file, line: line)
            throw HarnessError("condition not met")
        }
        return view
    }

    private func gtk(text: String, select: (Int, Int)?) throws -> GTKEntryPeer {
        try GTKEntryPeer(display: app.server.displayName, text: text, select: select, at: (900, 700))
    }

    private func mouse(_ arguments: String...) throws { try app.xdotool(arguments) }

    /// The window point (root pixels: the catalog's window is at 0, 0 without a window manager)
    /// of the caret after clicking the field at `x`, and the offset it went to.
    private func clickCaret(in id: String, atX x: Double) throws -> (point: (Double, Double), offset: Int) {
        let frame = try app.state(as: View.self).field(id).frame
        try mouse("mousemove", String(Int(x)), String(Int(frame[1] + 36)), "click", "1")
        let view = try view { $0.field(id).focused && $0.field(id).caretRect != nil && $0.field(id).selection[0] == $0.field(id).selection[1] }
        let caret = view.field(id).caretRect!
        return ((caret[0] + 1, caret[1] + caret[3] / 2), view.field(id).selection[0])
    }

    /// Selects the word under `point` with a double click and waits for `selection`.
    private func selectWord(in id: String, at point: (Double, Double), expecting selection: [Int]) throws {
        try mouse("mousemove", String(Int(point.0)), String(Int(point.1)), "click", "--repeat", "2", "--delay", "80", "1")
        _ = try view { $0.field(id).selection == selection }
    }

    func testSelectedTextDraggedOutOfAFieldDropsIntoAGTKEntry() throws {
        let entry = try gtk(text: "gtk side", select: nil)
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        let word = (frame[0] + 40, frame[1] + 36)
        try selectWord(in: "filled-prefilled", at: word, expecting: [0, 6])
        let target = entry.state()!.geometry!
        let drop = (Int(target[0] + target[2] - 20), Int(target[1] + target[3] / 2))
        // Beyond the double click's slop, or the press would be its third click.
        try mouse("mousemove", String(Int(word.0) + 8), String(Int(word.1)), "mousedown", "1")
        try mouse("mousemove", String(drop.0), String(drop.1))
        // GTK's entry answers XdndStatus: a copy, as a GTK entry takes a plain drag from another program.
        var view = try view { $0.window.drag?.phase == "dragging" && $0.window.drag?.accepted == "copy" }
        XCTAssertEqual(view.window.drag?.field, "filled-prefilled")
        XCTAssertEqual(view.window.drag?.range, [0, 6])
        XCTAssertEqual(Array(view.window.drag?.types.prefix(2) ?? []), ["text/plain;charset=utf-8", "UTF8_STRING"])
        try mouse("mousemove", String(drop.0 + 2), String(drop.1))
        _ = try self.view { $0.window.drag?.accepted == "copy" }
        try mouse("mouseup", "1")
        let received = entry.waitForState { $0.text == "gtk sideLisboa" }
        XCTAssertNotNil(received, "GTK got \(String(describing: entry.state()?.text))")
        view = try self.view { $0.window.drag == nil }
        XCTAssertEqual(view.field("filled-prefilled").text, "Lisboa", "a copy leaves the source's text")
    }

    func testShiftMovesTextOutOfAFieldIntoAGTKEntry() throws {
        let entry = try gtk(text: "gtk side", select: nil)
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        let word = (frame[0] + 40, frame[1] + 36)
        try selectWord(in: "filled-prefilled", at: word, expecting: [0, 6])
        let target = entry.state()!.geometry!
        let drop = (Int(target[0] + target[2] - 20), Int(target[1] + target[3] / 2))
        try mouse("mousemove", String(Int(word.0) + 8), String(Int(word.1)), "mousedown", "1")
        try mouse("keydown", "shift")
        try mouse("mousemove", String(drop.0), String(drop.1))
        _ = try view { $0.window.drag?.accepted == "move" }
        try mouse("mousemove", String(drop.0 + 2), String(drop.1))
        _ = try view { $0.window.drag?.accepted == "move" }
        try mouse("mouseup", "1")
        try mouse("keyup", "shift")
        XCTAssertNotNil(entry.waitForState { $0.text == "gtk sideLisboa" }, "GTK got \(String(describing: entry.state()?.text))")
        // GTK's XdndFinished says the move was done: the field's text goes.
        _ = try view { $0.field("filled-prefilled").text == "" && $0.window.drag == nil }
    }

    func testTextDraggedFromAGTKEntryLandsAtTheDropPointWithADropCaretWhileHovering() throws {
        let entry = try gtk(text: "gtk side", select: (0, 3))
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        // Where the caret goes after "Lis": the drop point aimed at.
        let (caret, offset) = try clickCaret(in: "filled-prefilled", atX: frame[0] + 16 + 24)
        let caretTop = try app.state(as: View.self).field("filled-prefilled").caretRect![1]
        XCTAssertGreaterThan(offset, 0)
        XCTAssertLessThan(offset, 6)
        // Focus goes elsewhere, so the drop has to bring it back.
        try app.click(field: "filled-placeholder")
        _ = try view { $0.field("filled-placeholder").focused }

        let source = entry.state()!.geometry!
        try mouse("mousemove", String(Int(source[0] + 12)), String(Int(source[1] + source[3] / 2)), "mousedown", "1")
        // Near the container's bottom edge: GTK's drag icon, which follows the pointer, then
        // leaves the caret's top half in view (a single line takes the drop point from x alone).
        let hover = Int(frame[1] + frame[3] - 3)
        try mouse("mousemove", String(Int(caret.0)), String(hover))
        XCTAssertNotNil(entry.waitForState { $0.dragging }, "GTK's drag never began")
        try mouse("mousemove", String(Int(caret.0)), String(hover - 2))
        var view = try self.view { $0.window.drop == View.Window.Drop(field: "filled-prefilled", offset: offset, operation: "copy") }
        XCTAssertNil(view.window.drag, "the drag is GTK's")
        // The drop caret is drawn in the primary colour (#6200EE) at the drop point, in a field
        // that is not focused (so no caret of its own is there).
        let image = try app.capture()
        let primaryPixels = (Int(caret.0) - 3...Int(caret.0) + 3).filter { x in
            let pixel = image.pixel(x: x, y: Int(caretTop) + 6)
            return pixel.red < 0x80 && pixel.green < 0x40 && pixel.blue > 0xC0
        }
        XCTAssertFalse(primaryPixels.isEmpty, "no drop caret at x \(caret.0)")
        try mouse("mouseup", "1")
        view = try self.view { $0.field("filled-prefilled").text != "Lisboa" }
        let expected = String("Lisboa".prefix(offset)) + "gtk" + String("Lisboa".dropFirst(offset))
        XCTAssertEqual(view.field("filled-prefilled").text, expected)
        view = try self.view { $0.field("filled-prefilled").focused && $0.window.drop == nil }
        XCTAssertEqual(view.field("filled-prefilled").selection, [offset, offset + 3], "the dropped text is selected")
        XCTAssertEqual(entry.state()?.text, "gtk side", "GTK asked for a copy")
        // And it was one edit: one undo takes it back.
        try app.key("ctrl+z")
        _ = try self.view { $0.field("filled-prefilled").text == "Lisboa" }
    }

    /// Lisboa becomes "Lisboa porto", "porto" is selected and the button goes down on it.
    private func pressOnPorto() throws -> (start: (Double, Double), frame: [Double]) {
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        _ = try clickCaret(in: "filled-prefilled", atX: frame[0] + frame[2] - 60)
        try app.type(" porto")
        let typed = try view { $0.field("filled-prefilled").text == "Lisboa porto" && $0.field("filled-prefilled").caretRect != nil }
        let end = typed.field("filled-prefilled").caretRect!
        let porto = (end[0] - 12, end[1] + end[3] / 2)
        try selectWord(in: "filled-prefilled", at: porto, expecting: [7, 12])
        // Beyond the double click's slop, or the press would be its third click.
        try mouse("mousemove", String(Int(porto.0) - 8), String(Int(porto.1)), "mousedown", "1")
        return ((frame[0] + 16, porto.1), frame)
    }

    func testDraggingWithinAFieldMovesTheTextAndOneUndoRestoresIt() throws {
        let (start, _) = try pressOnPorto()
        try mouse("mousemove", String(Int(start.0) + 40), String(Int(start.1)))
        _ = try view { $0.window.drag?.phase == "dragging" }
        try mouse("mousemove", String(Int(start.0)), String(Int(start.1)))
        _ = try view { $0.window.drop == View.Window.Drop(field: "filled-prefilled", offset: 0, operation: "move") }
        try mouse("mousemove", String(Int(start.0) - 2), String(Int(start.1)))
        _ = try view { $0.window.drag?.accepted == "move" }
        try mouse("mouseup", "1")
        var view = try view { $0.field("filled-prefilled").text == "portoLisboa " }
        XCTAssertEqual(view.field("filled-prefilled").selection, [0, 5])
        view = try self.view { $0.window.drag == nil && $0.window.drop == nil }
        try app.key("ctrl+z")
        view = try self.view { $0.field("filled-prefilled").text == "Lisboa porto" }
        XCTAssertEqual(view.field("filled-prefilled").selection, [7, 12], "one undo puts both places back")
    }

    func testCtrlAtTheDropCopiesWithinAField() throws {
        let (start, _) = try pressOnPorto()
        try mouse("mousemove", String(Int(start.0) + 40), String(Int(start.1)))
        _ = try view { $0.window.drag?.phase == "dragging" }
        try mouse("keydown", "ctrl")
        try mouse("mousemove", String(Int(start.0)), String(Int(start.1)))
        _ = try view { $0.window.drop?.offset == 0 }
        try mouse("mousemove", String(Int(start.0) - 2), String(Int(start.1)))
        _ = try view { $0.window.drop?.operation == "copy" }
        try mouse("mouseup", "1")
        try mouse("keyup", "ctrl")
        let view = try view { $0.field("filled-prefilled").text == "portoLisboa porto" }
        XCTAssertEqual(view.field("filled-prefilled").selection, [0, 5])
    }

    func testEscapeCancelsADragAndNothingIsDropped() throws {
        let (start, _) = try pressOnPorto()
        try mouse("mousemove", String(Int(start.0) + 40), String(Int(start.1)))
        _ = try view { $0.window.drag?.phase == "dragging" }
        try mouse("mousemove", String(Int(start.0)), String(Int(start.1)))
        _ = try view { $0.window.drop?.offset == 0 }
        try app.key("Escape")
        var view = try view { $0.window.drag == nil && $0.window.drop == nil }
        try mouse("mouseup", "1")
        view = try self.view { $0.field("filled-prefilled").focused }
        XCTAssertEqual(view.field("filled-prefilled").text, "Lisboa porto")
        XCTAssertEqual(view.field("filled-prefilled").selection, [7, 12], "Escape ended the drag, not the editing")
    }

    func testShiftMovesTextOutOfAGTKEntry() throws {
        let entry = try gtk(text: "gtk side", select: (0, 3))
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        let source = entry.state()!.geometry!
        let target = (Int(frame[0] + frame[2] - 40), Int(frame[1] + frame[3] - 3))
        try mouse("mousemove", String(Int(source[0] + 12)), String(Int(source[1] + source[3] / 2)), "mousedown", "1")
        try mouse("keydown", "shift")
        try mouse("mousemove", String(target.0), String(target.1))
        XCTAssertNotNil(entry.waitForState { $0.dragging }, "GTK's drag never began")
        try mouse("mousemove", String(target.0), String(target.1 - 2))
        _ = try view { $0.window.drop == View.Window.Drop(field: "filled-prefilled", offset: 6, operation: "move") }
        try mouse("mouseup", "1")
        try mouse("keyup", "shift")
        _ = try view { $0.field("filled-prefilled").text == "Lisboagtk" }
        // XdndFinished said the move was done: GTK deletes what it gave.
        XCTAssertNotNil(entry.waitForState { $0.text == " side" }, "GTK kept \(String(describing: entry.state()?.text))")
    }

    /// Drags the first field's "Lisboa" onto a probe target and releases it there, answering as told.
    private func dragOntoProbe(accepting: Bool) throws -> XdndProbe {
        let probe = try XdndProbe(displayName: app.server.displayName, frame: (900, 100, 300, 200))
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        let word = (frame[0] + 40, frame[1] + 36)
        try selectWord(in: "filled-prefilled", at: word, expecting: [0, 6])
        try mouse("mousemove", String(Int(word.0) + 8), String(Int(word.1)), "mousedown", "1")
        try mouse("mousemove", "1000", "200")
        XCTAssertTrue(waitUntil(timeout: 10) {
            probe.pump(accepting: accepting)
            return probe.messages.contains { $0.type == "XdndPosition" }
        }, "the probe never got a position")
        if accepting { _ = try view { $0.window.drag?.accepted == "copy" } }
        try mouse("mousemove", "1002", "200")
        try mouse("mouseup", "1")
        return probe
    }

    func testTheSourceSpeaksXdndVersion5AndADeadTargetNeverHoldsTheDrag() throws {
        let probe = try dragOntoProbe(accepting: false)
        let enter = try XCTUnwrap(probe.messages.first { $0.type == "XdndEnter" })
        XCTAssertEqual((enter.data[1] >> 24) & 0xFF, 5, "version 5")
        XCTAssertEqual(enter.data[1] & 1, 1, "more than three types: XdndTypeList")
        XCTAssertEqual(probe.typeList(of: Window(enter.data[0])), ["text/plain;charset=utf-8", "UTF8_STRING", "text/plain", "STRING", "TEXT"])
        let position = try XCTUnwrap(probe.messages.first { $0.type == "XdndPosition" })
        XCTAssertEqual(probe.name(Atom(position.data[4])), "XdndActionCopy")
        XCTAssertEqual(position.data[2] >> 16, 1000, "root x")
        // No status ever comes: the release leaves the target and the drag ends (within the status
        // timeout), with nothing dropped.
        let view = try view({ $0.window.drag == nil }, timeout: 15)
        XCTAssertEqual(view.field("filled-prefilled").text, "Lisboa")
        XCTAssertTrue(waitUntil(timeout: 10) {
            probe.pump(accepting: false)
            return probe.messages.contains { $0.type == "XdndLeave" }
        })
        XCTAssertFalse(probe.messages.contains { $0.type == "XdndDrop" })
        // The window answers again: a click places the caret.
        try app.click(field: "filled-prefilled", atFraction: 0.2)
        _ = try self.view { $0.field("filled-prefilled").selection[0] == $0.field("filled-prefilled").selection[1] }
    }

    func testATargetThatNeverFinishesADropEndsTheDragAfterTheTimeout() throws {
        let probe = try dragOntoProbe(accepting: true)
        XCTAssertTrue(waitUntil(timeout: 10) {
            probe.pump(accepting: true)
            return probe.messages.contains { $0.type == "XdndDrop" }
        }, "no drop came")
        // While the drop waits for its XdndFinished the window has its pointer back: a click
        // places the caret (it is not swallowed by the drag).
        try app.click(field: "filled-prefilled", atFraction: 0.2)
        _ = try view({ $0.field("filled-prefilled").selection[0] == $0.field("filled-prefilled").selection[1] }, timeout: 20)
        // No XdndFinished: the drag ends after 5 s anyway, the text where it was.
        let view = try view({ $0.window.drag == nil }, timeout: 20)
        XCTAssertEqual(view.field("filled-prefilled").text, "Lisboa")
    }

    func testTheDragThresholdFollowsTheDesktop() throws {
        var daemon: DesktopSettingsUITests.SettingsDaemon?
        app = try CatalogApp(arguments: ["--size", "760x1500"], screenSize: (1400, 1560)) { server in
            daemon = try DesktopSettingsUITests.SettingsDaemon(server: server, settings: "Net/DndDragThreshold 40\n")
        }
        struct Desktop: Decodable { struct Inner: Decodable { struct Settings: Decodable { var dragThreshold: Double? }; var settings: Settings }
            var desktop: Inner }
        XCTAssertNotNil(app.waitForState(as: Desktop.self, timeout: 15) { $0.desktop.settings.dragThreshold == 40 })
        let frame = try app.state(as: View.self).field("filled-prefilled").frame
        let word = (Int(frame[0] + 40), Int(frame[1] + 36))
        try selectWord(in: "filled-prefilled", at: (Double(word.0), Double(word.1)), expecting: [0, 6])
        // 25 px is a drag for GTK's default 8, not for this desktop's 40: the release is a click.
        try mouse("mousemove", String(word.0 + 8), String(word.1), "mousedown", "1")
        _ = try view { $0.window.drag?.phase == "pending" }
        try mouse("mousemove", String(word.0 + 33), String(word.1))
        try mouse("mouseup", "1")
        var view = try view { $0.field("filled-prefilled").selection[0] == $0.field("filled-prefilled").selection[1] }
        XCTAssertNil(view.window.drag)
        try selectWord(in: "filled-prefilled", at: (Double(word.0 + 60), Double(word.1)), expecting: [0, 6])
        try mouse("mousemove", String(word.0 + 8), String(word.1), "mousedown", "1")
        try mouse("mousemove", String(word.0 + 49), String(word.1))
        view = try self.view { $0.window.drag?.phase == "dragging" }
        try app.key("Escape")
        try mouse("mouseup", "1")
        _ = try self.view { $0.window.drag == nil }
        _ = daemon
    }

    /// A source on a server up for more than 24.8 days stamps its positions with times from
    /// 2^31 ms on, which Xlib hands over as negative longs: the window answers, it does not trap.
    func testAPositionStampedAfterTwentyFiveDaysOfServerUptimeIsAnswered() throws {
        let probe = try XdndProbe(displayName: app.server.displayName, frame: (900, 100, 300, 200))
        let frame = try app.state(as: View.self).field("filled-placeholder").frame
        func send(_ type: String, _ data: (Int, Int, Int, Int, Int)) {
            var message = XClientMessageEvent()
            message.type = ClientMessage
            message.display = probe.display
            message.window = app.windowID
            message.message_type = probe.atom(type)
            message.format = 32
            message.data.l = data
            var event = XEvent(xclient: message)
            XSendEvent(probe.display, app.windowID, 0, NoEventMask, &event)
            XFlush(probe.display)
        }
        send("XdndEnter", (Int(probe.window), 5 << 24, Int(probe.atom("UTF8_STRING")), 0, 0))
        let point = (Int(frame[0] + 40) << 16) | Int(frame[1] + 36)
        send("XdndPosition", (Int(probe.window), 0, point, Int(UInt32(0x8000_0000)), Int(probe.atom("XdndActionCopy"))))
        XCTAssertTrue(waitUntil(timeout: 10) {
            probe.pump(accepting: false)
            return probe.messages.contains { $0.type == "XdndStatus" }
        }, "no XdndStatus came; the catalog is \(app.process.isRunning ? "running" : "gone")")
        let status = try XCTUnwrap(probe.messages.first { $0.type == "XdndStatus" })
        XCTAssertEqual(status.data[1] & 1, 1, "the text is accepted over the field")
        _ = try view { $0.window.drop?.field == "filled-placeholder" }
        send("XdndLeave", (Int(probe.window), 0, 0, 0, 0))
        _ = try view { $0.window.drop == nil }
    }

    func testSecureFieldsNeitherTakeNorGiveDrags() throws {
        let entry = try gtk(text: "gtk side", select: (0, 3))
        let password = try app.state(as: View.self).field("filled-password").frame
        let plain = try app.state(as: View.self).field("filled-prefilled").frame
        let source = entry.state()!.geometry!
        try mouse("mousemove", String(Int(source[0] + 12)), String(Int(source[1] + source[3] / 2)), "mousedown", "1")
        // Over a field that takes text first, so the drag is known to be seen...
        try mouse("mousemove", String(Int(plain[0] + 60)), String(Int(plain[1] + 36)))
        XCTAssertNotNil(entry.waitForState { $0.dragging }, "GTK's drag never began")
        try mouse("mousemove", String(Int(plain[0] + 62)), String(Int(plain[1] + 36)))
        _ = try view { $0.window.drop?.field == "filled-prefilled" }
        // ...then over the password field: no drop caret, nothing accepted.
        try mouse("mousemove", String(Int(password[0] + 60)), String(Int(password[1] + 36)))
        _ = try view { $0.window.drop == nil }
        try mouse("mousemove", String(Int(password[0] + 62)), String(Int(password[1] + 36)))
        _ = try view { $0.window.drop == nil }
        try mouse("mouseup", "1")
        // GTK's drag ends (its entry gets its press back) and nothing came in.
        XCTAssertNotNil(entry.waitForState { $0.text == "gtk side" })
        var view = try view { $0.field("filled-password").text == "•••••••" }
        XCTAssertFalse(view.field("filled-password").focused)

        // Its own selected text does not drag: the press selects as any press does, and GTK gets nothing.
        try app.click(field: "filled-password")
        _ = try self.view { $0.field("filled-password").focused }
        try app.key("ctrl+a")
        _ = try self.view { $0.field("filled-password").selection == [0, 7] }
        try mouse("mousemove", String(Int(password[0] + 40)), String(Int(password[1] + 36)), "mousedown", "1")
        try mouse("mousemove", String(Int(password[0] + 80)), String(Int(password[1] + 36)))
        view = try self.view { $0.field("filled-password").selection != [0, 7] }
        XCTAssertNil(view.window.drag, "no drag from a secure field")
        try mouse("mousemove", String(Int(source[0] + 100)), String(Int(source[1] + source[3] / 2)))
        try mouse("mouseup", "1")
        view = try self.view { $0.window.drag == nil }
        XCTAssertEqual(entry.state()?.text, "gtk side")
    }
}
