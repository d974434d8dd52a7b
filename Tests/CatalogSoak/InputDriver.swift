import CXTest
import Foundation
import TestHarness

/// The soak's own connection to the private X server: it injects key, button and motion events
/// through XTEST (the server treats them as coming from the real devices) and resizes, focuses and
/// closes the catalog's window directly, as there is no window manager.
final class InputDriver {
    let display: OpaquePointer
    /// Held so the server outlives this connection: closing a connection to a dead server makes
    /// Xlib exit the process.
    private let server: XvfbServer
    private let screen: Int32
    /// Where each keysym can be typed: its keycode and whether Shift selects it.
    private var keys: [KeySym: (code: KeyCode, shifted: Bool)] = [:]
    private var spareKeycodes: [KeyCode] = []
    private var symbolsPerKeycode: Int32 = 0
    private let shiftCode: KeyCode, controlCode: KeyCode

    init(server: XvfbServer) throws {
        guard let display = XOpenDisplay(server.displayName) else { throw SoakError("cannot open display \(server.displayName)") }
        self.display = display
        self.server = server
        screen = XDefaultScreen(display)
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard XTestQueryExtension(display, &eventBase, &errorBase, &major, &minor) != 0 else {
            throw SoakError("the X server has no XTEST extension")
        }
        // A request about a window that just went away (the catalog died) must not end the soak
        // before it can say so: Xlib's default handler exits.
        XSetErrorHandler { _, _ in 0 }
        shiftCode = XKeysymToKeycode(display, XStringToKeysym("Shift_L"))
        controlCode = XKeysymToKeycode(display, XStringToKeysym("Control_L"))
        readKeyboardMapping()
    }

    deinit { if server.isRunning { XCloseDisplay(display) } }

    private func readKeyboardMapping() {
        var minimum: Int32 = 0, maximum: Int32 = 0
        XDisplayKeycodes(display, &minimum, &maximum)
        guard let mapping = XGetKeyboardMapping(display, KeyCode(minimum), maximum - minimum + 1, &symbolsPerKeycode)
        else { return }
        defer { XFree(mapping) }
        let perCode = Int(symbolsPerKeycode)
        for code in minimum...maximum {
            let base = Int(code - minimum) * perCode
            let symbols = (0..<perCode).map { mapping[base + $0] }
            if symbols.allSatisfy({ $0 == 0 }) {
                spareKeycodes.append(KeyCode(code))
                continue
            }
            // Only the first two columns (plain and Shift) of the core mapping are used.
            for (column, symbol) in symbols.prefix(2).enumerated() where symbol != 0 && keys[symbol] == nil {
                keys[symbol] = (KeyCode(code), column == 1)
            }
        }
    }

    /// The keysym that types `scalar`: Latin-1 keysyms are the code point, everything else is
    /// the Unicode keysym range.
    static func keysym(for scalar: Unicode.Scalar) -> KeySym {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xFF: return KeySym(scalar.value)
        default: return KeySym(0x0100_0000 | scalar.value)
        }
    }

    /// Binds spare keycodes to every scalar of `text` the keyboard cannot type yet, two to a key
    /// (plain and Shift: Xvfb's keymap has only about twenty spare keycodes). Done once, before the
    /// catalog starts, so it never sees a mapping change mid-keystroke.
    func makeTypeable(_ text: String) throws {
        var missing: [KeySym] = []
        for scalar in text.unicodeScalars {
            let symbol = Self.keysym(for: scalar)
            if keys[symbol] == nil && !missing.contains(symbol) { missing.append(symbol) }
        }
        while !missing.isEmpty {
            guard !spareKeycodes.isEmpty, symbolsPerKeycode >= 2 else {
                throw SoakError("no spare keycode left to bind keysym 0x\(String(missing[0], radix: 16))")
            }
            let code = spareKeycodes.removeFirst()
            let pair = Array(missing.prefix(2))
            missing.removeFirst(pair.count)
            var symbols = [KeySym](repeating: 0, count: Int(symbolsPerKeycode))
            symbols[0] = pair[0]
            symbols[1] = pair.count > 1 ? pair[1] : pair[0]
            XChangeKeyboardMapping(display, Int32(code), symbolsPerKeycode, &symbols, 1)
            keys[pair[0]] = (code, false)
            if pair.count > 1 { keys[pair[1]] = (code, true) }
        }
        XSync(display, 0)
    }

    // MARK: Keys

    struct Modifiers: OptionSet {
        let rawValue: Int
        static let shift = Modifiers(rawValue: 1)
        static let control = Modifiers(rawValue: 2)
    }

    /// Presses and releases the key for `keysym` with `modifiers` held (plus Shift when the keysym
    /// is on the key's second level).
    func key(_ keysym: KeySym, _ modifiers: Modifiers = []) {
        guard let (code, shifted) = keys[keysym] else { return }
        let useShift = modifiers.contains(.shift) || shifted
        if modifiers.contains(.control) { XTestFakeKeyEvent(display, UInt32(controlCode), 1, 0) }
        if useShift { XTestFakeKeyEvent(display, UInt32(shiftCode), 1, 0) }
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        if useShift { XTestFakeKeyEvent(display, UInt32(shiftCode), 0, 0) }
        if modifiers.contains(.control) { XTestFakeKeyEvent(display, UInt32(controlCode), 0, 0) }
    }

    func key(named name: String, _ modifiers: Modifiers = []) {
        key(XStringToKeysym(name), modifiers)
    }

    /// Types `text` one scalar per key, as a keyboard with those keys would: a combining mark or
    /// a ZWJ arrives as its own commit and the catalog joins it to the grapheme before.
    func type(_ text: String) {
        for scalar in text.unicodeScalars { key(Self.keysym(for: scalar)) }
    }

    // MARK: Pointer (window coordinates: the window sits at the root's origin, no WM moves it)

    func move(to x: Int, _ y: Int) {
        XTestFakeMotionEvent(display, screen, Int32(x), Int32(y), 0)
    }

    func button(_ number: UInt32, pressed: Bool) {
        XTestFakeButtonEvent(display, number, pressed ? 1 : 0, 0)
    }

    func click(_ number: UInt32 = 1) {
        button(number, pressed: true)
        button(number, pressed: false)
    }

    // MARK: The window

    /// The first top-level window whose WM_NAME is `name`, if one is mapped.
    func findWindow(named name: String) -> Window? {
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count) != 0,
              let children else { return nil }
        defer { XFree(children) }
        for index in 0..<Int(count) {
            var title: UnsafeMutablePointer<CChar>?
            guard XFetchName(display, children[index], &title) != 0, let title else { continue }
            defer { XFree(title) }
            var attributes = XWindowAttributes()
            if String(cString: title) == name, XGetWindowAttributes(display, children[index], &attributes) != 0,
               attributes.map_state == IsViewable {
                return children[index]
            }
        }
        return nil
    }

    func resize(_ window: Window, width: Int, height: Int) {
        XResizeWindow(display, window, UInt32(width), UInt32(height))
    }

    /// Sends WM_DELETE_WINDOW, as a window manager's close button does.
    func requestClose(_ window: Window) { sendCloseRequest(display: display, window: window) }

    /// Waits until the server has handled everything sent so far.
    func sync() { XSync(display, 0) }
}

struct SoakError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
