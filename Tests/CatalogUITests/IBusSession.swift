import CXlib
import Foundation
import TestHarness

/// A real ibus serving XIM on one private X server, as DESKTOP-NOTES' recipe runs it: its own
/// `dbus-run-session`, HOME and XDG folders (settings from a GSettings keyfile: Hangul in Hangul
/// mode with the 2-set keyboard, libpinyin without its dynamic or English candidates), no panel,
/// the engine chosen with `ibus engine`. Only the processes it started are stopped.
final class IBusSession {
    let home: URL
    let environment: [String: String]
    private let bus = Process()
    private var daemonPID: pid_t = 0

    /// The packages the recipe needs, or a message naming them.
    static func missingTools() -> String? {
        let tools = ["dbus-run-session", "ibus-daemon", "ibus"]
        let missing = tools.filter { findExecutable($0) == nil }
        let engines = ["/usr/share/ibus/component/hangul.xml", "/usr/share/ibus/component/libpinyin.xml"]
        guard missing.isEmpty, engines.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            return "ibus with its Hangul and pinyin engines is not installed (\(missing.joined(separator: ", "))); "
                + "`./run.sh test` installs ibus ibus-hangul ibus-libpinyin"
        }
        return nil
    }

    init(display: String) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("ibus-home-\(UUID().uuidString)")
        let config = home.appendingPathComponent(".config")
        let settings = config.appendingPathComponent("glib-2.0/settings")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        try """
        [org/freedesktop/ibus/engine/hangul]
        initial-input-mode='hangul'
        hangul-keyboard='2'

        [com/github/libpinyin/ibus-libpinyin/libpinyin]
        dynamic-adjust=false
        emoji-candidate=false
        english-candidate=false

        """.write(to: settings.appendingPathComponent("keyfile"), atomically: true, encoding: .utf8)
        environment = [
            "DISPLAY": display, "HOME": home.path, "XDG_CONFIG_HOME": config.path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_RUNTIME_DIR": home.path, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "GSETTINGS_BACKEND": "keyfile",
            "NO_AT_BRIDGE": "1", "XMODIFIERS": "@im=ibus",
        ]
        let pidFile = home.appendingPathComponent("daemon.pid")
        bus.executableURL = URL(fileURLWithPath: findExecutable("dbus-run-session")!)
        // The shell tells its PID and becomes the daemon, so the test stops exactly that process.
        bus.arguments = ["--", "sh", "-c", "echo $$ > '\(pidFile.path)'; exec ibus-daemon --xim --panel=disable --emoji-extension=disable"]
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value }
        merged.removeValue(forKey: "DBUS_SESSION_BUS_ADDRESS")
        bus.environment = merged
        bus.standardOutput = FileHandle.nullDevice
        bus.standardError = FileHandle.nullDevice
        try bus.run()
        let started = try waitUntil(timeout: 30) {
            if daemonPID == 0, let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                daemonPID = pid
            }
            return try runCommand(findExecutable("ibus")!, ["list-engine"], environment: environment, timeout: 10).status == 0
        }
        guard started else {
            stop()
            throw HarnessError("ibus-daemon did not answer within 30 s")
        }
        // ibus-x11 (started by the daemon) announces its XIM server on the root window.
        guard waitUntil(timeout: 30, { Self.ximServerIsAnnounced(display: display) }) else {
            stop()
            throw HarnessError("ibus-x11 never announced its XIM server")
        }
    }

    /// Selects `engine` (`hangul`, `libpinyin`) and waits until ibus says it is the one.
    func use(engine: String) throws {
        let ibus = findExecutable("ibus")!
        // Setup, not a check: the first switch to an engine starts it (libpinyin opens its
        // dictionaries and makes its user database in the fresh HOME), which took 11 s once beside
        // the golden shots in `./run.sh test`'s other process where it takes 2 s alone; the bound
        // only stops a hung ibus.
        let chosen = try waitUntil(timeout: 60) {
            _ = try runCommand(ibus, ["engine", engine], environment: environment, timeout: 60)
            return try runCommand(ibus, ["engine"], environment: environment, timeout: 60).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines) == engine
        }
        guard chosen else { throw HarnessError("ibus would not switch to the \(engine) engine") }
    }

    private static func ximServerIsAnnounced(display name: String) -> Bool {
        guard let display = XOpenDisplay(name) else { return false }
        defer { XCloseDisplay(display) }
        let property = XInternAtom(display, "XIM_SERVERS", 1)
        guard property != 0 else { return false }
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, XDefaultRootWindow(display), property, 0, 64, 0, XA_ATOM, &type, &format,
                                 &count, &after, &data) == Success, let data else { return false }
        defer { XFree(data) }
        let atoms = UnsafeRawPointer(data).assumingMemoryBound(to: UInt.self)
        return (0..<Int(count)).contains { index in
            guard let atomName = XGetAtomName(display, atoms[index]) else { return false }
            defer { XFree(atomName) }
            return String(cString: atomName) == "@server=ibus"
        }
    }

    /// Stops the daemon this session started (its engines and ibus-x11 go with it and with the
    /// X server), then its bus.
    func stop() {
        if daemonPID > 0 { kill(daemonPID, SIGTERM) }
        if !waitUntil(timeout: 10, { !bus.isRunning }) {
            if daemonPID > 0 { kill(daemonPID, SIGKILL) }
            _ = waitUntil(timeout: 5) { !bus.isRunning }
            if bus.isRunning { bus.terminate() }
        }
        daemonPID = 0
        try? FileManager.default.removeItem(at: home)
    }

    deinit { stop() }
}
