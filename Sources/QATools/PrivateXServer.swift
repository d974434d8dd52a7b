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

    public init(width: Int = 1280, height: Int = 1024) throws {
        guard let xvfb = Self.executable(named: "Xvfb") else {
            throw StartError(description: "no display, and Xvfb is not installed to start one (Debian package xvfb; ./run.sh installs it)")
        }
        process = Process()
        process.executableURL = URL(fileURLWithPath: xvfb)
        // -terminate: the server ends when its last client goes, so a program killed by a signal or
        // a crash, which never runs its cleanup, leaves no server behind.
        process.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-terminate"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartError(description: "no display, and Xvfb could not be started: \(error)")
        }
        var received = Data()
        let deadline = Date().addingTimeInterval(15)
        let reader = output.fileHandleForReading
        while !received.contains(UInt8(ascii: "\n")) {
            guard process.isRunning, Date() < deadline else {
                if process.isRunning { process.terminate() }
                throw StartError(description: "no display, and the private Xvfb did not report a display number")
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

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// True when nothing names a display to use: no `--display` and no `DISPLAY`.
    public static func isNeeded(displayName: String?) -> Bool {
        displayName == nil && (ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    }

    private static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"])
            .map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
