import CXlib
import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The host behaves as a library: an app can add timers and file descriptors to its loop, stop it,
/// and survive the X server going away.
final class LoopTests: XCTestCase {
    private func makeScene() -> FieldScene {
        FieldScene(fields: [TextField(identifier: "f", style: .outlined, label: "Loop")])
    }

    private let options = WindowOptions(title: "loop test", instanceName: "loop-test", className: "LoopTest",
                                        size: Size(width: 200, height: 120))

    func testATimerRunsFromTheLoopAndCanStopIt() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        var fired: [Double] = []
        // Taken before the timer is added: its deadline counts from the moment it was added.
        let started = host.now
        host.addTimer(after: 0.1) { fired.append(host.now) }
        host.addTimer(after: 0.2) { host.stop(status: 7) }
        let cancelled = host.addTimer(after: 0.15) { XCTFail("a cancelled timer ran") }
        cancelled.cancel()
        XCTAssertEqual(try host.run(makeScene(), options: options), 7)
        XCTAssertEqual(fired.count, 1)
        XCTAssertGreaterThanOrEqual(fired[0] - started, 0.1)
        XCTAssertLessThan(host.now - started, 2, "the loop slept toward the timer instead of waiting forever")
    }

    func testAWatchedFileDescriptorWakesTheLoop() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[0]); close(ends[1]) }
        var received = ""
        host.watch(fileDescriptor: ends[0]) {
            var byte: UInt8 = 0
            if read(ends[0], &byte, 1) == 1 { received.append(Character(Unicode.Scalar(byte))) }
            if received == "ok" { host.stop(status: 3) }
        }
        // Another thread writes, as a network client or a child process would.
        let writeEnd = ends[1]
        let writer = Thread {
            usleep(100_000)
            var bytes: [UInt8] = Array("ok".utf8)
            _ = write(writeEnd, &bytes, 2)
        }
        writer.start()
        XCTAssertEqual(try host.run(makeScene(), options: options), 3)
        XCTAssertEqual(received, "ok")
    }

    func testTheAppIsToldOfChangesAtMostOnceAFrameAndOfTheLastOneBeforeRunReturns() throws {
        // Given a window whose model an app timer changes every millisecond for 300 ms
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let scene = makeScene()
        let field = scene.fields[0]
        var changes = 0
        func change() {
            changes += 1
            field.text = "change \(changes)"
            if changes == 300 { host.stop(status: 0); return }
            _ = host.addTimer(after: 0.001, change)
        }
        _ = host.addTimer(after: 0.001, change)
        // When the loop runs it through
        var told: [String] = []
        let start = host.now
        XCTAssertEqual(try host.run(scene, options: options) { told.append(field.text) }, 0)
        let elapsed = host.now - start
        // Then while it ran the app heard of it at most once a frame interval (by the rule the
        // next test pins; what the app does with the news, the catalog's QA state, stays off the
        // path from one input to the next), however slowly the machine went, and it heard of the
        // last change before run returned
        XCTAssertGreaterThan(told.count, 1)
        XCTAssertLessThanOrEqual(told.count, Int(elapsed / WindowHost.frameInterval) + 2,
                                 "told \(told.count) times in \(elapsed) s")
        XCTAssertEqual(told.last, "change 300")
        withExtendedLifetime(server) {}
    }

    func testTheAppIsToldAFrameAfterTheLastNewsAndWhileEventsWaitOnlyWhenAWholeFrameMoreIsOverdue() {
        let frame = WindowHost.frameInterval
        func due(after elapsed: Double, eventsWaiting: Bool) -> Bool {
            WindowSession.isNotificationDue(now: 10 + elapsed, lastNotification: 10, eventsWaiting: eventsWaiting)
        }
        // Within a frame of the last notification: not yet, whatever waits
        for waiting in [false, true] {
            XCTAssertFalse(due(after: 0, eventsWaiting: waiting))
            XCTAssertFalse(due(after: frame * 0.99, eventsWaiting: waiting))
        }
        // A frame on, with nothing waiting: now
        XCTAssertTrue(due(after: frame, eventsWaiting: false))
        XCTAssertTrue(due(after: frame * 1.5, eventsWaiting: false))
        // A frame on while events wait: they are handled first, unless a second frame has passed too
        XCTAssertFalse(due(after: frame, eventsWaiting: true))
        XCTAssertFalse(due(after: frame * 1.99, eventsWaiting: true))
        XCTAssertTrue(due(after: frame * 2.01, eventsWaiting: true))
        XCTAssertTrue(due(after: frame * 5, eventsWaiting: true))
        // The first news of a run is due at once
        XCTAssertTrue(WindowSession.isNotificationDue(now: 0, lastNotification: -.infinity, eventsWaiting: true))
        // The queue is looked at only inside the window where it decides
        var asked = 0
        func waiting() -> Bool { asked += 1; return true }
        _ = WindowSession.isNotificationDue(now: 10, lastNotification: 10, eventsWaiting: waiting())
        _ = WindowSession.isNotificationDue(now: 10 + 3 * frame, lastNotification: 10, eventsWaiting: waiting())
        XCTAssertEqual(asked, 0)
    }

    func testAProtocolErrorWhileTheWindowRunsIsOneWarningAtOnceNotTheWindowsEnd() throws {
        // Given a running window with nothing to animate, whose app asks the server for something
        // it refuses (to free a pixmap that does not exist) and reads the answer, with no event
        // to follow: the loop would sleep next
        let server = try XvfbServer()
        var refusals: [String] = []
        var host: WindowHost!
        host = try WindowHost(displayName: server.displayName) { warning in
            guard warning.contains("X server") else { return }
            refusals.append(warning)
            host.stop(status: 5)
        }
        host.addTimer(after: 0.05) {
            XFreePixmap(host.display, 0x7FF_0001)
            XSync(host.display, 0)
        }
        // (should the warning never come, this ends the run with another status)
        host.addTimer(after: 30) { host.stop(status: 9) }
        // When the loop runs on, then the warning is given before it sleeps: the app stops it
        XCTAssertEqual(try host.run(makeScene(), options: options), 5, "the warning waited for the next wake-up")
        // And the refusal was one warning, and nothing said the window had gone
        XCTAssertEqual(refusals, ["warning: the X server refused a request (BadPixmap (invalid Pixmap parameter), request code 54)"])
    }

    func testALostServerEndsRunWithAnErrorAndTheProcessLivesOn() throws {
        // Given a window running on a server that dies under it
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        host.addTimer(after: 0.2) { server.kill() }
        // When the loop notices, run throws; the library never exits the process
        XCTAssertThrowsError(try host.run(makeScene(), options: options)) { error in
            XCTAssertEqual("\(error)", "lost the connection to the X server")
        }
        // Then this test is still running to see it, and the host knows the connection is gone
        XCTAssertTrue(host.isConnectionLost || !server.isRunning)
    }

    func testEveryEntryPointThatOpensADisplayOrAWindowThrowsAClearErrorInsteadOfTrapping() throws {
        // No display, one nobody serves, a name that is not one
        for name in ["", ":4095", "nohost.invalid:0", String(repeating: "x", count: 300)] {
            XCTAssertThrowsError(try WindowHost(displayName: name) { _ in }) { error in
                XCTAssertTrue("\(error)".hasPrefix("cannot open the X display"), "\(error)")
            }
        }
        // A window, a settled render and an offscreen surface once the server has gone
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        host.addTimer(after: 0.05) { server.kill() }
        XCTAssertThrowsError(try host.run(makeScene(), options: options))
        func assertConnectionLost(_ what: String, _ body: () throws -> Void) {
            XCTAssertThrowsError(try body(), what) { XCTAssertEqual("\($0)", "lost the connection to the X server", what) }
        }
        assertConnectionLost("a second window") { _ = try host.run(makeScene(), options: options) }
        assertConnectionLost("a settled render") { _ = try host.renderSettled(makeScene(), size: Size(width: 100, height: 100)) }
        assertConnectionLost("an offscreen surface") { _ = try OffscreenSurface(host: host, size: Size(width: 100, height: 100)) }
    }

    func testACopyAfterTheServerDiedReturnsInsteadOfSpinning() throws {
        // Given a window whose server died before any event carried a server time, so a copy
        // has to ask the server for one
        let server = try XvfbServer()
        let lock = NSLock()
        var warnings: [String] = []
        let host = try WindowHost(displayName: server.displayName) { warning in lock.withLock { warnings.append(warning) } }
        let screen = XDefaultScreen(host.display)
        // Boxed: the copy runs on another thread, which also lets the session go.
        final class SessionBox: @unchecked Sendable { var session: WindowSession? }
        let box = SessionBox()
        box.session = try WindowSession(host: host, display: host.display, screen: screen,
                                        depth: XDefaultDepth(host.display, screen), scene: makeScene(),
                                        options: options, didChange: {})
        // (the events of the window's creation dropped: none is left for Xlib to hand back)
        XSync(host.display, 1)
        server.kill()
        // When the scene copies (on a thread of its own: the bug kept it in Xlib at full CPU for ever)
        let done = DispatchSemaphore(value: 0)
        Thread {
            box.session?.setSelectionText("copied", for: .clipboard)
            // Let go of the session here, while the host it points to (unowned) surely lives.
            box.session = nil
            done.signal()
        }.start()
        // Then the copy returns, the host knows the connection is gone, and no warning blames
        // another client for a selection nobody can hold any more
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success, "the copy never returned once the server was gone")
        XCTAssertTrue(host.isConnectionLost)
        XCTAssertEqual(lock.withLock { warnings }, [])
        withExtendedLifetime(host) {}
    }

    func testACopyBeforeAnyEventTakesTheSelectionAtAServerTime() throws {
        // Given a window on a live server that has handled no event yet
        let server = try XvfbServer()
        var warnings: [String] = []
        let host = try WindowHost(displayName: server.displayName) { warnings.append($0) }
        let screen = XDefaultScreen(host.display)
        let session = try WindowSession(host: host, display: host.display, screen: screen,
                                        depth: XDefaultDepth(host.display, screen), scene: makeScene(),
                                        options: options, didChange: {})
        XSync(host.display, 1)
        // When the scene copies, the host asks the server for the time (a property change of its own)
        let started = host.now
        session.setSelectionText("copied", for: .clipboard)
        // Then it owns CLIPBOARD at once, without waiting out the fallback
        XCTAssertLessThan(host.now - started, 1)
        XCTAssertNotEqual(XGetSelectionOwner(host.display, XInternAtom(host.display, "CLIPBOARD", 0)), Window(0))
        XCTAssertEqual(warnings, [])
        withExtendedLifetime((host, session, server)) {}
    }

    /// A scene that drew its first frame before laying out what the frame does not show is told
    /// the frame is out in the same pass: the app's first news (the catalog's QA state) and every
    /// event after it meet every field laid out.
    func testTheFieldsAFirstFrameSkippedAreLaidOutBeforeTheAppHearsOfIt() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let fields = (0..<12).map { TextField(identifier: "f\($0)", style: .filled, label: "Field \($0)") }
        let scene = FieldScene(fields: fields)
        scene.defersLayoutBelowFirstFrame = true
        var firstNews: (provisional: Bool, laidOut: Int)?
        host.addTimer(after: 0.3) { host.stop(status: 0) }
        XCTAssertEqual(try host.run(scene, options: options) {
            if firstNews == nil { firstNews = (scene.isArrangementProvisional, fields.filter { $0.layout != nil }.count) }
        }, 0)
        XCTAssertEqual(firstNews?.provisional, false)
        XCTAssertEqual(firstNews?.laidOut, fields.count)
        withExtendedLifetime(server) {}
    }

    /// The pointer's cursors are not made before the first frame (the first one loads libXcursor
    /// and reads the cursor theme): the window gets its arrow once the frame is out.
    func testTheWindowsArrowPointerIsMadeAfterItsFirstFrameNotBefore() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let screen = XDefaultScreen(host.display)
        let session = try WindowSession(host: host, display: host.display, screen: screen,
                                        depth: XDefaultDepth(host.display, screen), scene: makeScene(),
                                        options: options, didChange: {})
        XCTAssertEqual(session.cursors.count, 0, "a cursor was made before the window drew")
        host.addTimer(after: 0.2) { host.stop(status: 0) }
        XCTAssertEqual(try session.run(), 0)
        XCTAssertEqual(session.cursors.count, 1, "the window has no pointer of its own after its first frame")
        XCTAssertTrue(session.hasPointerShape)
        withExtendedLifetime((host, server)) {}
    }
}
