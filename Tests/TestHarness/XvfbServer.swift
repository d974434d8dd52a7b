import Foundation
import QATools

/// A private Xvfb for one test: QATools' server, kept running across the programs a test starts
/// one after another (a test kills it itself when it wants the server gone).
///
/// A start costs a few hundred milliseconds, most of them Xvfb compiling its keymap (xkbcomp), and
/// the UI tests start about two hundred servers. So each server handed out has a successor of the
/// same size started behind it, which gets ready while the test runs and is handed to the next
/// test that asks for that size: still a new server no client has touched, never a reused one.
/// A process that asks once (the soak) gets no spare: they start from its second server on. The
/// spare left at the end is stopped when the process exits.
public final class XvfbServer {
    private let server: PrivateXServer
    public var displayName: String { server.displayName }
    /// The screen's size in pixels.
    public var width: Int { server.width }
    public var height: Int { server.height }

    /// The server started for the next test (touched on the tests' thread only).
    nonisolated(unsafe) private static var spare: PrivateXServer.Launch?
    nonisolated(unsafe) private static var stopsSpareAtExit = false
    nonisolated(unsafe) private static var served = 0

    public init(width: Int = 1024, height: Int = 800) throws {
        let spare = Self.spare
        Self.spare = nil
        do {
            if let spare, spare.width == width, spare.height == height, let ready = try? spare.server() {
                server = ready
            } else {
                server = try PrivateXServer(width: width, height: height, endsWithLastClient: false)
            }
        } catch {
            throw HarnessError("\(error)")
        }
        Self.served += 1
        guard Self.served >= 2 else { return }
        Self.spare = try? PrivateXServer.launch(width: width, height: height, endsWithLastClient: false)
        if !Self.stopsSpareAtExit {
            Self.stopsSpareAtExit = true
            atexit { XvfbServer.spare = nil }
        }
    }

    public var isRunning: Bool { server.isRunning }

    /// Kills the server, as when an X server crashes under its clients.
    public func kill() { server.kill() }
}

public struct HarnessError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

public func findExecutable(_ name: String) -> String? { PrivateXServer.executable(named: name) }

/// Runs a command to completion and returns its exit status and output.
@discardableResult
public func runCommand(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                timeout: TimeInterval = 30) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    if environment["DISPLAY"] == "" { merged.removeValue(forKey: "DISPLAY") }
    process.environment = merged
    // Files rather than pipes: a chatty child can never block on a full pipe.
    let directory = FileManager.default.temporaryDirectory
    let outURL = directory.appendingPathComponent("cmd-\(UUID().uuidString).out")
    let errURL = directory.appendingPathComponent("cmd-\(UUID().uuidString).err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: outURL); try? FileManager.default.removeItem(at: errURL) }
    process.standardOutput = try FileHandle(forWritingTo: outURL)
    process.standardError = try FileHandle(forWritingTo: errURL)
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    if process.isRunning {
        process.terminate()
        throw HarnessError("\(executable) \(arguments.joined(separator: " ")) did not finish within \(Int(timeout)) s")
    }
    let out = (try? Data(contentsOf: outURL)) ?? Data(), err = (try? Data(contentsOf: errURL)) ?? Data()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}

/// Polls `condition` until it holds or `timeout` passes.
public func waitUntil(timeout: TimeInterval = 5, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    repeat {
        if try condition() { return true }
        usleep(20_000)
    } while Date() < deadline
    return try condition()
}
