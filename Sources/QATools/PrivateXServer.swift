import Foundation

/// An Xvfb of the program's own, for headless work when no display is given: the server picks
/// a free display number and reports it (-displayfd), so parallel runs never collide. It stops
/// when this object goes away, or when the program's connection closes however the program ends.
public final class PrivateXServer {
    public let displayName: String
    private let process: Process

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The screen's size in pixels.
    public let width: Int, height: Int

    /// - Parameter endsWithLastClient: the server ends when its last client disconnects (Xvfb's
    ///   -terminate), so a program killed by a signal, which never runs its cleanup, leaves none
    ///   behind. A server several programs use one after another (a test's) keeps running instead.
    public init(width: Int = 1280, height: Int = 1024, endsWithLastClient: Bool = true) throws {
        self.width = width
        self.height = height
        guard let xvfb = Self.executable(named: "Xvfb") else {
            throw StartError(description: "Xvfb is not installed (Debian package xvfb; ./run.sh installs it)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
                             endsWithLastClient ? "-terminate" : "-noreset"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartError(description: "Xvfb could not be started: \(error)")
        }
        var received = Data()
        let deadline = Date().addingTimeInterval(15)
        let reader = output.fileHandleForReading
        while !received.contains(UInt8(ascii: "\n")) {
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { process.terminate() }
                throw StartError(description: "Xvfb did not report a display number")
            }
            var descriptor = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) > 0 {
                let chunk = reader.availableData
                if chunk.isEmpty { continue }
                received.append(chunk)
            }
        }
        displayName = ":" + String(decoding: received, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public var isRunning: Bool { process.isRunning }

    /// Stops the server now, as when an X server dies under its clients.
    public func kill() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    deinit { kill() }

    /// True when nothing names a display to use: no `--display` and no `DISPLAY`.
    public static func isNeeded(displayName: String?) -> Bool {
        displayName == nil && (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    }

    /// The path of a program on PATH (or in /usr/bin), or nil.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"])
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
