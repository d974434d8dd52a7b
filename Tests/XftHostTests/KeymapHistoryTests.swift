import CXlib
import CXTest
import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// Keys read against the keymap of their own moment: a program that types a character the
/// keymap lacks binds it to a spare keycode, presses it and unbinds it soon after, and the
/// window must read the key as it was bound, however late its loop gets to it.
final class KeymapHistoryTests: XCTestCase {
    /// A delegate as slow as app code can be: every edit waits.
    private final class SlowDelegate: TextFieldDelegate {
        let seconds: Double
        init(seconds: Double) { self.seconds = seconds }
        func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
            usleep(UInt32(seconds * 1_000_000))
            return true
        }
    }

    func testAKeyBoundForAMomentIsReadAsItWasBoundThoughTheLoopGetsToItAfterTheUnbinding() throws {
        // Given a window whose field's delegate takes 300 ms an edit, and a typist that binds each
        // letter to a spare key for 100 ms (press and release inside), 20 ms apart: by the time the
        // loop reads the second letter's key, that letter has long been unbound
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let field = TextField(identifier: "f", style: .outlined, label: "Typed")
        let delegate = SlowDelegate(seconds: 0.3)
        field.delegate = delegate
        let scene = FieldScene(fields: [field])
        let screen = XDefaultScreen(host.display)
        let session = try WindowSession(host: host, display: host.display, screen: screen, depth: XDefaultDepth(host.display, screen),
                                        scene: scene, options: WindowOptions(title: "keymap", instanceName: "keymap", className: "Keymap",
                                                                             size: Size(width: 300, height: 120)), didChange: {})
        let text = "שלום мир ó"
        var ready: [Int32] = [0, 0], done: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ready), 0)
        XCTAssertEqual(pipe(&done), 0)
        defer { [ready[0], ready[1], done[0], done[1]].forEach { close($0) } }
        // Once the window has drawn and its history runs (or after 2 s without one), the field
        // takes the keyboard and the typist is told to start; when it has finished, the loop stops
        // after the keys it queued.
        var checks = 0
        func waitForHistory() {
            checks += 1
            guard session.keyboard.keymapHistory != nil || checks > 100 else { _ = host.addTimer(after: 0.02, waitForHistory); return }
            XCTAssertNotNil(session.keyboard.keymapHistory, "the window started no keymap history")
            field.becomeFirstResponder()
            var byte: UInt8 = 1
            _ = write(ready[1], &byte, 1)
        }
        _ = host.addTimer(after: 0.02, waitForHistory)
        let doneEnd = done[0]
        host.watch(fileDescriptor: doneEnd) {
            var byte: UInt8 = 0
            _ = read(doneEnd, &byte, 1)
            host.stop(status: 0)
        }
        let typist = Thread { [displayName = server.displayName, readyEnd = ready[0], doneStart = done[1]] in
            var byte: UInt8 = 0
            _ = read(readyEnd, &byte, 1)
            Self.type(text, on: displayName)
            _ = write(doneStart, &byte, 1)
        }
        typist.start()

        // When the loop has read every key
        XCTAssertEqual(try session.run(), 0)

        // Then every letter arrived as it was bound
        XCTAssertEqual(field.text, text)
    }

    /// Types `text` as xdotool types what the keymap lacks, on a connection of its own: each
    /// character bound to a spare keycode, pressed and released with XTEST, unbound 100 ms later.
    private static func type(_ text: String, on displayName: String) {
        guard let display = XOpenDisplay(displayName) else { return }
        defer { XCloseDisplay(display) }
        // The pointer over the window: with no window manager, keys go where it is.
        XTestFakeMotionEvent(display, -1, 100, 60, 0)
        var low: Int32 = 0, high: Int32 = 0, perKeycode: Int32 = 0
        XDisplayKeycodes(display, &low, &high)
        guard let map = XGetKeyboardMapping(display, KeyCode(low), high - low + 1, &perKeycode) else { return }
        let spare = (low...high).first { keycode in
            (0..<Int(perKeycode)).allSatisfy { map[(Int(keycode) - Int(low)) * Int(perKeycode) + $0] == 0 }
        }
        XFree(map)
        guard let spare else { return }
        for scalar in text.unicodeScalars {
            var keysym = KeySym(scalar.value < 0x100 ? scalar.value : 0x0100_0000 + scalar.value)
            XChangeKeyboardMapping(display, spare, 1, &keysym, 1)
            XSync(display, 0)
            XTestFakeKeyEvent(display, UInt32(spare), 1, 0)
            XTestFakeKeyEvent(display, UInt32(spare), 0, 0)
            XSync(display, 0)
            usleep(100_000)
            var nothing: KeySym = 0
            XChangeKeyboardMapping(display, spare, 1, &nothing, 1)
            XSync(display, 0)
            usleep(20_000)
        }
    }

    func testAKeyBoundToOneCharacterTypesItAsXlibReadsSuchAKey() {
        let shift = UInt32(ShiftMask)
        // One keysym: the same whatever the modifiers (the server makes it a one-level key)
        let shin = KeySym(0x0100_05E9), capitalPe = KeySym(0x0100_041F)
        XCTAssertEqual(KeyTranslation.singleKeysym([shin, 0, shin, 0, 0, 0, 0], state: 0)?.keysym, shin)
        XCTAssertEqual(KeyTranslation.singleKeysym([capitalPe, 0, capitalPe, 0], state: 0)?.keysym, capitalPe)
        XCTAssertEqual(KeyTranslation.singleKeysym([capitalPe, 0, capitalPe, 0], state: shift)?.keysym, capitalPe)
        // A letter the server paired with its capital: Shift or Lock gives the capital
        let oacute = KeySym(XK_oacute), capitalOacute = KeySym(XK_Oacute)
        XCTAssertEqual(KeyTranslation.singleKeysym([oacute, capitalOacute, oacute, capitalOacute], state: 0)?.keysym, oacute)
        XCTAssertEqual(KeyTranslation.singleKeysym([oacute, capitalOacute, oacute, capitalOacute], state: shift)?.keysym, capitalOacute)
        XCTAssertEqual(KeyTranslation.singleKeysym([oacute, capitalOacute], state: UInt32(LockMask))?.keysym, capitalOacute)
        XCTAssertEqual(KeyTranslation.singleKeysym([oacute, capitalOacute], state: UInt32(LockMask) | shift)?.keysym, oacute)
        XCTAssertEqual(KeyTranslation.singleKeysym([oacute, capitalOacute], state: UInt32(LockMask))?.unshifted, oacute)
        // A real layout's key (two characters, two groups) and an empty one are left to Xlib
        XCTAssertNil(KeyTranslation.singleKeysym([KeySym(XK_a), KeySym(XK_A), KeySym(0x0CF9), KeySym(XK_A)], state: 0))
        XCTAssertNil(KeyTranslation.singleKeysym([KeySym(XK_1), KeySym(XK_exclam)], state: 0))
        XCTAssertNil(KeyTranslation.singleKeysym([0, 0, 0, 0], state: 0))
    }
}
