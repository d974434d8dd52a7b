import Glibc
import XftHost

/// An Xvfb of the program's own, for headless work when no display is given: the server picks
/// a free display number and reports it (-displayfd), so parallel runs never collide. It stops
/// when this object goes away, or when the program's connection closes however the program ends.
public final class PrivateXServer {
    public let displayName: String
    private let process: ChildProcess

    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The screen's size in pixels.
    public let width: Int, height: Int

    /// - Parameter endsWithLastClient: the server ends when its last client disconnects (Xvfb's
    ///   -terminate), so a program killed by a signal, which never runs its cleanup, leaves none
    ///   behind. A server several programs use one after another (a test's) keeps running instead.
    public convenience init(width: Int = 1280, height: Int = 1024, endsWithLastClient: Bool = true) throws {
        try self.init(waitingFor: Self.launch(width: width, height: height, endsWithLastClient: endsWithLastClient))
    }

    /// An Xvfb started and not yet waited for: it gets ready (compiles its keymap, most of a
    /// start's time) while the caller does something else, and `server()` then takes it. One
    /// dropped before that is stopped.
    public final class Launch {
        fileprivate let process: ChildProcess
        public let width: Int, height: Int

        fileprivate init(process: ChildProcess, width: Int, height: Int) {
            self.process = process
            self.width = width
            self.height = height
        }

        /// Waits until the server reports its display number (15 s at most).
        public func server() throws -> PrivateXServer { try PrivateXServer(waitingFor: self) }
    }

    /// Starts an Xvfb without waiting for it (see `Launch`).
    public static func launch(width: Int = 1280, height: Int = 1024, endsWithLastClient: Bool = true) throws -> Launch {
        guard let xvfb = Self.executable(named: "Xvfb") else {
            throw StartError(description: "Xvfb is not installed (Debian package xvfb; ./run.sh installs it)")
        }
        do {
            let process = try ChildProcess(xvfb, arguments: ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24",
                                                             "-nolisten", "tcp", endsWithLastClient ? "-terminate" : "-noreset"])
            return Launch(process: process, width: width, height: height)
        } catch {
            throw StartError(description: "Xvfb could not be started: \(error)")
        }
    }

    private init(waitingFor launch: Launch) throws {
        width = launch.width
        height = launch.height
        process = launch.process
        var received: [UInt8] = []
        let deadline = ProcessClock.wallSeconds() + 15
        while !received.contains(UInt8(ascii: "\n")) {
            guard process.isRunning, ProcessClock.wallSeconds() < deadline else {
                process.terminate()
                throw StartError(description: "Xvfb did not report a display number")
            }
            received += process.readOutput(waitingAtMost: 100)
        }
        displayName = ":" + String(decoding: received, as: UTF8.self).trimmedOfWhitespace
    }

    public var isRunning: Bool { process.isRunning }

    /// Stops the server now, as when an X server dies under its clients.
    public func kill() {
        process.terminate()
    }

    deinit { kill() }

    /// True when nothing names a display to use: no `--display` and no `DISPLAY`.
    public static func isNeeded(displayName: String?) -> Bool {
        displayName == nil && (SystemFiles.environment("DISPLAY") ?? "").isEmpty
    }

    /// The path of a program on PATH (or in /usr/bin), or nil.
    public static func executable(named name: String) -> String? {
        let path = SystemFiles.environment("PATH") ?? "/usr/bin:/bin"
        return (path.split(separator: ":").map(String.init) + ["/usr/bin"])
            .map { "\($0)/\(name)" }
            .first { SystemFiles.isExecutableFile($0) }
    }
}
