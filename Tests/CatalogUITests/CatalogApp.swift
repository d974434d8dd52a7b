import CXlib
import Foundation
import XCTest
@testable import XftHost
import TestHarness

/// The real `textfield-catalog` binary on a private X server, driven like a user would: xdotool
/// for real pointer and key events, the QA state file for the model, and the server's pixels.
final class CatalogApp {
    static var binaryPath: String {
        if let override = ProcessInfo.processInfo.environment["TEXTFIELD_CATALOG"] { return override }
        // The test runner lives in the build folder next to the binary.
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent().appendingPathComponent("textfield-catalog").path
    }

    let server: XvfbServer
    let process = Process()
    let statePath: String
    private(set) var windowID: Window = 0
    private let stderrPipe = Pipe()
    private let stdoutPipe = Pipe()

    /// - Parameters:
    ///   - environment: variables added to the catalog's environment (a locale, say).
    ///   - screenSize: the private X server's screen; make it at least as large as a `--size`
    ///     window, so every pixel of the window can be read back and pointed at.
    ///   - statePath: where the QA state goes (default: a new file in the temporary folder).
    ///   - prepare: runs on the new server before the catalog starts (to set its resources, say).
    init(arguments: [String] = [], environment extra: [String: String] = [:],
         screenSize: (width: Int, height: Int) = (1024, 800), statePath: String? = nil,
         prepare: (XvfbServer) throws -> Void = { _ in }) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binaryPath) else {
            throw HarnessError("no binary at \(Self.binaryPath); build it first (`swift build`, which `./run.sh test` does)")
        }
        guard findExecutable("xdotool") != nil else {
            throw HarnessError("xdotool is not installed; `./run.sh test` installs it")
        }
        server = try XvfbServer(width: screenSize.width, height: screenSize.height)
        try prepare(server)
        self.statePath = statePath ?? NSTemporaryDirectory() + "catalog-state-\(UUID().uuidString).json"
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = ["--qa-state", self.statePath] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        process.standardError = stderrPipe
        process.standardOutput = stdoutPipe
        try process.run()

        // The catalog writes its QA state once its window is up: until the file is there, a look
        // every 5 ms costs a stat, where each look below starts an xdotool beside the starting
        // catalog.
        let stateDeadline = Date().addingTimeInterval(15)
        while access(self.statePath, F_OK) != 0, process.isRunning, Date() < stateDeadline { usleep(5_000) }
        let found = try waitUntil(timeout: 15) {
            // xdotool search exits 1 until the window is mapped.
            let search = try runCommand(findExecutable("xdotool")!, ["search", "--onlyvisible", "--name", "^Material text fields$"],
                                        environment: ["DISPLAY": server.displayName]).stdout
            guard let id = search.split(separator: "\n").first.flatMap({ Window($0) }) else { return false }
            windowID = id
            return (try? state()) != nil
        }
        guard found else { throw HarnessError("the catalog window never appeared") }
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: statePath)
    }

    /// Everything the catalog wrote to stderr. Read it once the catalog has exited: while it
    /// runs, the read waits for it to write or end.
    var standardError: String {
        String(decoding: stderrPipe.fileHandleForReading.availableData, as: UTF8.self)
    }

    /// Whether the catalog has written anything to stderr yet, asked without waiting and without
    /// taking it (`standardError` still reads it all).
    var hasWrittenToStandardError: Bool {
        var descriptor = pollfd(fd: stderrPipe.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// Everything the catalog wrote to stdout (nothing, normally), read as `standardError` is.
    var standardOutput: String {
        String(decoding: stdoutPipe.fileHandleForReading.availableData, as: UTF8.self)
    }

    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let result = try runCommand(findExecutable("xdotool")!, arguments, environment: ["DISPLAY": server.displayName])
        guard result.status == 0 else { throw HarnessError("xdotool \(arguments) failed: \(result.stderr)") }
        return result.stdout
    }

    // MARK: Model

    struct State: Decodable {
        struct Window: Decodable { var width: Double; var height: Double; var scrollOffset: Double; var focused: Bool }
        struct Field: Decodable {
            var id: String, style: String, kind: String, label: String, text: String
            var selection: [Int], focused: Bool, state: String, labelPosition: String, frame: [Double]
        }
        var theme: String
        var window: Window
        var fields: [Field]

        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    func state() throws -> State { try state(as: State.self) }

    /// The QA state read into a test's own view of it.
    func state<View: Decodable>(as view: View.Type) throws -> View {
        try JSONDecoder().decode(View.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
    }

    func waitForState(timeout: TimeInterval = 5, _ condition: (State) -> Bool) -> State? {
        waitForState(as: State.self, timeout: timeout, condition)
    }

    /// The QA state, in a test's own view of it, once `condition` holds, or nil after `timeout`.
    /// The file is looked at every 5 ms and decoded again only when the catalog has replaced it
    /// (it writes beside it and renames: a new inode, time or size), so a wait notices a change
    /// soon without decoding the same JSON over and over on the CPU the catalog needs.
    func waitForState<View: Decodable>(as view: View.Type, timeout: TimeInterval = 5, _ condition: (View) -> Bool) -> View? {
        var last: View?
        var decoded: StateFileVersion?
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let version = StateFileVersion(path: statePath)
            if version == nil || version != decoded, let current = try? state(as: View.self) {
                last = current
                decoded = version
            }
            if let last, condition(last) { return last }
            guard Date() < deadline else { return nil }
            usleep(5_000)
        }
    }

    /// Which write of the QA state file is there: the catalog renames a new file over it.
    private struct StateFileVersion: Equatable {
        var inode: UInt, size: Int, seconds: Int, nanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            inode = UInt(info.st_ino)
            size = Int(info.st_size)
            seconds = Int(info.st_mtim.tv_sec)
            nanoseconds = Int(info.st_mtim.tv_nsec)
        }
    }

    // MARK: Input

    func click(x: Double, y: Double, button: Int = 1) throws {
        try xdotool(["mousemove", "--window", String(windowID), String(Int(x)), String(Int(y)), "click", String(button)])
    }

    func click(field id: String, atFraction fraction: Double = 0.5) throws {
        let frame = try state().field(id).frame
        try click(x: frame[0] + frame[2] * fraction, y: frame[1] + frame[3] / 2)
    }

    func type(_ text: String) throws { try xdotool(["type", "--delay", "25", text]) }

    /// Gives `server`'s keyboard these XKB layouts, one group each (`"us,il"`: English, then
    /// Hebrew). Run it before the program starts (a `prepare` closure): the server keeps the
    /// keymap because tests' servers never reset when their last client leaves.
    static func setKeyboardLayouts(_ layouts: String, on server: XvfbServer) throws {
        guard let setxkbmap = findExecutable("setxkbmap") else {
            throw HarnessError("setxkbmap is not installed; `./run.sh test` installs it (x11-xkb-utils)")
        }
        let result = try runCommand(setxkbmap, ["-display", server.displayName, layouts])
        guard result.status == 0 else { throw HarnessError("setxkbmap \(layouts) failed: \(result.stderr)") }
    }
    func key(_ names: String...) throws { try xdotool(["key", "--delay", "25"] + names) }

    /// A short-lived connection of the test's own: held open, it would take the test runner down
    /// with the server in the dead-server test (Xlib exits on a lost connection).
    func withDisplay<T>(_ body: (OpaquePointer) throws -> T) throws -> T {
        guard let display = XOpenDisplay(server.displayName) else { throw HarnessError("cannot open \(server.displayName)") }
        defer { XCloseDisplay(display) }
        return try body(display)
    }

    /// Binds a spare keycode to `keysym` for good, so xdotool finds it in the keymap and never
    /// remaps on the fly (a remap can be reverted before the client looks the key up).
    func bindSpareKeycode(toKeysym name: String) throws {
        try withDisplay { display in
            let keysym = XStringToKeysym(name)
            var minimum: Int32 = 0, maximum: Int32 = 0
            XDisplayKeycodes(display, &minimum, &maximum)
            var symbols = [KeySym](repeating: keysym, count: 2)
            XChangeKeyboardMapping(display, minimum, 2, &symbols, 1)
            XSync(display, 0)
        }
    }

    /// Binds spare keycodes (one each, from the lowest) to `names`, as `bindSpareKeycode` does.
    func bindSpareKeycodes(toKeysyms names: [String]) throws {
        try withDisplay { display in
            var minimum: Int32 = 0, maximum: Int32 = 0
            XDisplayKeycodes(display, &minimum, &maximum)
            var symbols = names.flatMap { name in [KeySym](repeating: XStringToKeysym(name), count: 2) }
            XChangeKeyboardMapping(display, minimum, 2, &symbols, Int32(names.count))
            XSync(display, 0)
        }
    }

    /// Sends WM_DELETE_WINDOW, as a window manager's close button does.
    func requestClose() throws {
        try withDisplay { display in sendCloseRequest(display: display, window: windowID) }
    }

    // MARK: Pixels

    /// What the server shows in the window right now.
    func capture() throws -> RGBAImage {
        let current = try state().window
        return try withDisplay { display in
            guard let image = RGBAImage.capture(display: display, drawable: windowID, width: Int(current.width),
                                                height: Int(current.height))
            else { throw HarnessError("could not read the window's pixels") }
            return image
        }
    }

    /// What the server shows in one rectangle of the window (window coordinates); the image's
    /// (0, 0) is the rectangle's top-left.
    func capture(_ region: PixelRegion) throws -> RGBAImage {
        // XGetImage outside the window, or off the screen, is a BadMatch, and Xlib's default
        // handler would end the whole test process.
        let window = try state().window
        guard PixelRegion(x: 0, y: 0, width: min(Int(window.width), server.width), height: min(Int(window.height), server.height))
            .contains(region)
        else { throw HarnessError("\(region) is not inside the visible window (\(window.width)x\(window.height))") }
        return try withDisplay { display in
            guard let image = RGBAImage.capture(display: display, window: windowID, region: region)
            else { throw HarnessError("could not read the window's pixels in \(region)") }
            return image
        }
    }

    func waitForExit(timeout: TimeInterval = 5) -> Int32? {
        guard waitUntil(timeout: timeout, { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }
}

/// A rectangle of whole pixels, in window coordinates.
struct PixelRegion: CustomStringConvertible {
    var x: Int, y: Int, width: Int, height: Int

    var maxX: Int { x + width }
    var maxY: Int { y + height }
    var description: String { "(\(x), \(y), \(width)x\(height))" }

    /// The rectangle of a QA-state frame ([x, y, w, h]).
    init(frame: [Double]) {
        self.init(x: Int(frame[0].rounded()), y: Int(frame[1].rounded()), width: Int(frame[2].rounded()),
                  height: Int(frame[3].rounded()))
    }

    init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    func contains(_ other: PixelRegion) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

extension RGBAImage {
    /// Reads a rectangle of a window from the server.
    static func capture(display: OpaquePointer, window: Window, region: PixelRegion) -> RGBAImage? {
        guard region.width > 0, region.height > 0,
              let image = XGetImage(display, window, Int32(region.x), Int32(region.y), UInt32(region.width),
                                    UInt32(region.height), UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { cxlib_destroy_image(image) }
        func component(_ pixel: UInt, _ mask: UInt) -> UInt8 {
            guard mask != 0 else { return 0 }
            let shift = UInt(mask.trailingZeroBitCount)
            return UInt8(((pixel & mask) >> shift) * 255 / (mask >> shift))
        }
        let red = image.pointee.red_mask, green = image.pointee.green_mask, blue = image.pointee.blue_mask
        var pixels = [UInt8](repeating: 255, count: region.width * region.height * 4)
        for y in 0..<region.height {
            for x in 0..<region.width {
                let pixel = image.pointee.f.get_pixel(image, Int32(x), Int32(y))
                let offset = (y * region.width + x) * 4
                pixels[offset] = component(pixel, red)
                pixels[offset + 1] = component(pixel, green)
                pixels[offset + 2] = component(pixel, blue)
            }
        }
        return RGBAImage(width: region.width, height: region.height, pixels: pixels)
    }

    /// How many pixels of the image (or of `region` in image coordinates) pass `test`.
    func count(in region: PixelRegion? = nil, where test: (Pixel) -> Bool) -> Int {
        let area = region ?? PixelRegion(x: 0, y: 0, width: width, height: height)
        var count = 0
        for y in max(0, area.y)..<min(height, area.maxY) {
            for x in max(0, area.x)..<min(width, area.maxX) where test(pixel(x: x, y: y)) { count += 1 }
        }
        return count
    }
}

/// Strongly purple: the light theme's primary (#6200EE) at any useful coverage over the field,
/// which no grey, black or white of the catalog can pass for.
func isPrimary(_ p: Pixel) -> Bool { Int(p.blue) - Int(p.green) > 90 && Int(p.blue) - Int(p.red) > 50 }

/// Ink of the input text (on-surface at 87 %, antialiased): dark and grey, never purple.
func isTextInk(_ p: Pixel) -> Bool { p.red < 150 && p.green < 150 && p.blue < 150 }
