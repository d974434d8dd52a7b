import CXlib
import Foundation
import MaterialFields

/// The running program's name, for messages printed from C callbacks that cannot capture context.
let hostProgramName = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "materialfields"

/// What a window shows and how it introduces itself to the window manager.
public struct WindowOptions {
    public var title: String
    public var instanceName: String
    public var className: String
    public var size: Size

    public init(title: String, instanceName: String, className: String, size: Size) {
        self.title = title; self.instanceName = instanceName; self.className = className; self.size = size
    }
}

/// One X11 connection: a window that hosts a `Scene`, its event loop, and offscreen rendering
/// for screenshots.
public final class WindowHost {
    public let display: OpaquePointer
    public let fonts: FontCache
    private let screen: Int32
    private let depth: Int32
    private let startTime = WindowHost.monotonicSeconds()

    /// Opens the display (`nil` means `$DISPLAY`) and draws text in `fontFamily`. Warnings (a
    /// missing font) go to `warn`.
    public init(displayName: String? = nil, fontFamily: String = "Roboto", warn: @escaping (String) -> Void) throws {
        // The input method needs the user's locale; a C locale cannot carry non-ASCII text, so
        // fall back to C.UTF-8 there.
        if setlocale(LC_CTYPE, "") == nil || !String(cString: nl_langinfo(nl_item(CODESET))).uppercased().contains("UTF") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        XSetLocaleModifiers("")
        guard let display = XOpenDisplay(displayName) else {
            throw HostError.cannotOpenDisplay(displayName ?? ProcessInfo.processInfo.environment["DISPLAY"] ?? "")
        }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XRenderQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw HostError.missingRenderExtension
        }
        WindowHost.installErrorHandlers()
        self.display = display
        self.screen = XDefaultScreen(display)
        self.depth = XDefaultDepth(display, screen)
        do {
            self.fonts = try FontCache(display: display, screen: screen, family: fontFamily, warn: warn)
        } catch {
            XCloseDisplay(display)
            throw error
        }
    }

    deinit {
        fonts.close()
        XCloseDisplay(display)
    }

    static func monotonicSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Seconds since the host started: the scene's clock.
    public var now: Double { WindowHost.monotonicSeconds() - startTime }

    private static func installErrorHandlers() {
        // Without these Xlib prints and exits on its own; a lost server gets one clear line.
        XSetIOErrorHandler { _ in
            fputs("\(hostProgramName): lost the connection to the X server\n", stderr)
            exit(1)
        }
        XSetErrorHandler { display, event in
            guard let display, let event else { return 0 }
            var text = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(event.pointee.error_code), &text, Int32(text.count))
            fputs("\(hostProgramName): X error: \(String(cString: text)) (request \(event.pointee.request_code))\n", stderr)
            return 0
        }
    }

    // MARK: Offscreen

    /// Lays the scene out at `size`, settles every animation, draws it into a pixmap and reads the
    /// pixels back: what the window would show, with no window.
    public func renderSettled(_ scene: Scene, size: Size) throws -> RGBAImage {
        let width = max(1, Int(size.width)), height = max(1, Int(size.height))
        let pixmap = XCreatePixmap(display, XDefaultRootWindow(display), UInt32(width), UInt32(height), UInt32(depth))
        defer { XFreePixmap(display, pixmap) }
        let canvas = try XftCanvas(display: display, drawable: pixmap, width: width, height: height, fonts: fonts)
        scene.resize(to: Size(width: Double(width), height: Double(height)), measurer: fonts)
        scene.settle()
        scene.draw(on: canvas, at: now)
        XSync(display, 0)
        guard let image = RGBAImage.capture(display: display, drawable: pixmap, width: width, height: height) else {
            throw HostError.captureFailed
        }
        return image
    }

    // MARK: Window

    /// Opens the window and runs until it is closed. `didChange` runs after every batch of events
    /// or resize that changed the scene. Returns the exit status.
    public func run(_ scene: Scene, options: WindowOptions, didChange: @escaping () -> Void = {}) throws -> Int32 {
        let session = try WindowSession(host: self, display: display, screen: screen, depth: depth, scene: scene,
                                        options: options, didChange: didChange)
        return session.run()
    }
}
