import Foundation
import QATools

/// A private Xvfb for one test: QATools' server, kept running across the programs a test starts
/// one after another (a test kills it itself when it wants the server gone).
public final class XvfbServer {
    private let server: PrivateXServer
    public var displayName: String { server.displayName }
    /// The screen's size in pixels.
    public var width: Int { server.width }
    public var height: Int { server.height }

    public init(width: Int = 1024, height: Int = 800) throws {
        do {
            server = try PrivateXServer(width: width, height: height, endsWithLastClient: false)
        } catch {
            throw HarnessError("\(error)")
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
