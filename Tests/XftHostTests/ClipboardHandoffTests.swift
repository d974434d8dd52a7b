import CXlib
import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The host's side of the clipboard after the window, as an app on the public API meets it: a
/// window that owns CLIPBOARD asks the manager to save it on close, within the app's bound and
/// with one warning when the manager never answers; `savesClipboardOnClose = false` asks nothing.
/// (ClipboardManagerUITests does the same with the real csd-clipboard.)
final class ClipboardHandoffTests: XCTestCase {
    private let options = WindowOptions(title: "handoff test", instanceName: "handoff-test", className: "HandoffTest",
                                        size: Size(width: 200, height: 120))

    /// A clipboard manager that owns CLIPBOARD_MANAGER and never answers; it only counts what
    /// it was asked.
    private final class SilentManager {
        let display: OpaquePointer
        let window: Window

        init(displayName: String) throws {
            guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open \(displayName)") }
            self.display = display
            window = XCreateSimpleWindow(display, XDefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0)
            XSetSelectionOwner(display, XInternAtom(display, "CLIPBOARD_MANAGER", 0), window, Time(CurrentTime))
            XSync(display, 0)
        }

        deinit { XCloseDisplay(display) }

        /// The targets of the SelectionRequests that reached it so far.
        func requests() -> [String] {
            XSync(display, 0)
            var targets: [String] = []
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == SelectionRequest, let name = XGetAtomName(display, event.xselectionrequest.target) else { continue }
                targets.append(String(cString: name))
                XFree(name)
            }
            return targets
        }
    }

    /// Runs a window that copies "kept" to CLIPBOARD and closes; returns the warnings.
    private func copyAndClose(on server: XvfbServer, configure: (WindowHost) -> Void) throws -> [String] {
        var warnings: [String] = []
        let host = try WindowHost(displayName: server.displayName) { warnings.append($0) }
        configure(host)
        let scene = FieldScene(fields: [TextField(identifier: "f", style: .outlined, label: "Handoff")])
        host.addTimer(after: 0.05) {
            scene.host?.setSelectionText("kept", for: .clipboard)
            host.stop(status: 4)
        }
        XCTAssertEqual(try host.run(scene, options: options), 4)
        return warnings
    }

    func testAWindowThatOwnsTheClipboardAsksTheManagerAndWarnsOnceWhenItNeverAnswers() throws {
        let server = try XvfbServer()
        let manager = try SilentManager(displayName: server.displayName)
        let warnings = try copyAndClose(on: server) { $0.clipboardManagerTimeout = 0.3 }
        XCTAssertEqual(manager.requests(), ["SAVE_TARGETS"])
        XCTAssertEqual(warnings, ["warning: the clipboard manager did not take the copied text within 0.3 s; it is gone with the window"])
    }

    func testAnAppThatOptsOutAsksTheManagerNothing() throws {
        let server = try XvfbServer()
        let manager = try SilentManager(displayName: server.displayName)
        let warnings = try copyAndClose(on: server) { $0.savesClipboardOnClose = false }
        XCTAssertEqual(manager.requests(), [])
        XCTAssertEqual(warnings, [])
    }
}
