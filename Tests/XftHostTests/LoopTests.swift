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
        host.addTimer(after: 0.1) { fired.append(host.now) }
        host.addTimer(after: 0.2) { host.stop(status: 7) }
        let cancelled = host.addTimer(after: 0.15) { XCTFail("a cancelled timer ran") }
        cancelled.cancel()
        let started = host.now
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
}
