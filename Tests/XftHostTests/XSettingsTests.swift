import CXlib
import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The XSETTINGS protocol: the property's bytes parsed (both byte orders; truncated, garbage and
/// absurd data refused without a trap), GTK's names turned into `DesktopSettings`, and a window
/// following a manager (a fake one, driven by the test on its own connection) as its settings
/// change, turn to garbage, and as the manager goes and another comes.
final class XSettingsTests: XCTestCase {
    // MARK: Building blobs

    /// An XSETTINGS property in either byte order, built field by field as the specification lays it out.
    private struct Blob {
        var bigEndian = false
        var bytes: [UInt8] = []

        init(bigEndian: Bool = false, serial: UInt32 = 7, count: UInt32) {
            self.bigEndian = bigEndian
            bytes = [bigEndian ? 1 : 0, 0, 0, 0]
            card32(serial)
            card32(count)
        }

        mutating func card16(_ value: UInt16) {
            let pair = [UInt8(value & 0xFF), UInt8(value >> 8)]
            bytes += bigEndian ? pair.reversed() : pair
        }

        mutating func card32(_ value: UInt32) {
            let four = (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
            bytes += bigEndian ? four.reversed() : four
        }

        mutating func padded(_ data: [UInt8]) {
            bytes += data
            bytes += [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
        }

        mutating func header(type: UInt8, name: String) {
            bytes += [type, 0]
            card16(UInt16(name.utf8.count))
            padded(Array(name.utf8))
            card32(3)  // the serial of its last change
        }

        mutating func integer(_ name: String, _ value: Int32) {
            header(type: 0, name: name)
            card32(UInt32(bitPattern: value))
        }

        mutating func string(_ name: String, _ value: String) {
            header(type: 1, name: name)
            card32(UInt32(value.utf8.count))
            padded(Array(value.utf8))
        }

        mutating func color(_ name: String, red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
            header(type: 2, name: name)
            // The specification's order: red, blue, green, alpha.
            card16(red); card16(blue); card16(green); card16(alpha)
        }
    }

    /// A manager's typical settings, in the given byte order.
    private func typical(bigEndian: Bool) -> [UInt8] {
        var blob = Blob(bigEndian: bigEndian, serial: 0x0102_0304, count: 5)
        blob.integer("Net/CursorBlink", 0)
        blob.integer("Net/CursorBlinkTime", 800)
        blob.string("Net/ThemeName", "Adwaita-dark")
        blob.color("Gtk/Colour", red: 0x1111, green: 0x2222, blue: 0x3333, alpha: 0xFFFF)
        blob.integer("Xft/DPI", -1)
        return blob.bytes
    }

    // MARK: Parsing

    func testBothByteOrdersParseToTheSameSettings() throws {
        for bigEndian in [false, true] {
            let parsed = try XCTUnwrap(XSettings(parsing: typical(bigEndian: bigEndian)), "big endian: \(bigEndian)")
            XCTAssertEqual(parsed.serial, 0x0102_0304)
            XCTAssertEqual(parsed.values, [
                "Net/CursorBlink": .integer(0), "Net/CursorBlinkTime": .integer(800), "Net/ThemeName": .string("Adwaita-dark"),
                "Gtk/Colour": .color(red: 0x1111, green: 0x2222, blue: 0x3333, alpha: 0xFFFF), "Xft/DPI": .integer(-1),
            ])
        }
        XCTAssertEqual(XSettings(parsing: Blob(count: 0).bytes), XSettings(serial: 7), "no settings at all")
    }

    func testEveryTruncationIsRefusedWithoutATrap() {
        let whole = typical(bigEndian: false)
        for length in 0..<whole.count {
            XCTAssertNil(XSettings(parsing: Array(whole[..<length])), "cut at \(length) of \(whole.count)")
        }
        // Bytes after the last setting are none of its business.
        XCTAssertNotNil(XSettings(parsing: whole + [9, 9, 9]))
    }

    func testMalformedDataIsRefused() {
        var unknownOrder = typical(bigEndian: false)
        unknownOrder[0] = 2
        XCTAssertNil(XSettings(parsing: unknownOrder), "a byte order that is neither")

        var unknownType = Blob(count: 1)
        unknownType.header(type: 3, name: "Net/CursorBlink")
        unknownType.card32(0)
        XCTAssertNil(XSettings(parsing: unknownType.bytes), "a type with no known size")

        var twice = Blob(count: 2)
        twice.integer("Net/CursorBlink", 0)
        twice.integer("Net/CursorBlink", 1)
        XCTAssertNil(XSettings(parsing: twice.bytes), "a name twice, as GTK refuses it")

        var longString = Blob(count: 1)
        longString.header(type: 1, name: "Net/ThemeName")
        longString.card32(0xFFFF_FFF0)
        longString.bytes += Array("Adwaita".utf8) + [0]
        XCTAssertNil(XSettings(parsing: longString.bytes), "a string length past the end")

        var longName = Blob(count: 1)
        longName.bytes += [0, 0]
        longName.card16(0xFFFF)
        longName.bytes += Array("Net/CursorBlink".utf8)
        XCTAssertNil(XSettings(parsing: longName.bytes), "a name length past the end")

        var emptyName = Blob(count: 1)
        emptyName.integer("", 1)
        XCTAssertNil(XSettings(parsing: emptyName.bytes))

        var badName = Blob(count: 1)
        badName.header(type: 0, name: "x")
        badName.bytes[12 + 4] = 0xFF  // the name's one byte: not UTF-8
        badName.card32(1)
        XCTAssertNil(XSettings(parsing: badName.bytes))

        // Four billion settings announced in a few bytes: refused at once, nothing reserved.
        var huge = Blob(count: .max)
        huge.integer("Net/CursorBlink", 0)
        XCTAssertNil(XSettings(parsing: huge.bytes))
    }

    /// SplitMix64: the same garbage on every run, so a failure can be replayed.
    private struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func testRandomGarbageNeverTraps() {
        var generator = SeededGenerator(state: 23)
        let valid = typical(bigEndian: true)
        for round in 0..<2_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                // Noise of any length, its header sometimes plausible.
                bytes = (0..<Int.random(in: 0...96, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                if bytes.count >= 12, round % 4 == 0 { bytes[0] = 0; bytes[8] = 3; bytes[9] = 0; bytes[10] = 0; bytes[11] = 0 }
            } else {
                // A valid blob with a few bytes flipped.
                bytes = valid
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
            }
            _ = XSettings(parsing: bytes)
        }
    }

    // MARK: GTK's names

    func testGTKsNamesBecomeDesktopSettingsInSecondsAndDotsPerInch() {
        var blob = Blob(count: 11)
        blob.integer("Net/CursorBlink", 0)
        blob.integer("Net/CursorBlinkTime", 800)
        blob.integer("Gtk/CursorBlinkTimeout", 5)
        blob.integer("Net/DoubleClickTime", 700)
        blob.integer("Net/DndDragThreshold", 12)
        blob.integer("Gtk/EnablePrimaryPaste", 0)
        blob.integer("Gtk/EnableAnimations", 0)
        blob.integer("Xft/DPI", 147_456)
        blob.string("Net/ThemeName", "HighContrast")
        blob.integer("Gtk/ApplicationPreferDarkTheme", 1)
        blob.string("Gtk/FontName", "Cantarell 11")
        let settings = XSettings(parsing: blob.bytes)?.desktopSettings
        XCTAssertEqual(settings, DesktopSettings(cursorBlink: false, cursorBlinkTime: 0.8, cursorBlinkTimeout: 5, doubleClickTime: 0.7,
                                                 dragThreshold: 12, primaryPasteEnabled: false, animationsEnabled: false, dpi: 144,
                                                 themeName: "HighContrast", prefersDarkTheme: true))
        XCTAssertEqual(settings?.theme, .highContrastInverse)
        XCTAssertEqual(settings?.scale, 1.5)
    }

    func testWrongTypesAndUnsetValuesAreLeftOut() {
        var blob = Blob(count: 6)
        blob.string("Net/CursorBlink", "0")
        blob.integer("Net/ThemeName", 1)
        blob.integer("Xft/DPI", -1)  // GTK's "unset"
        blob.color("Gtk/EnableAnimations", red: 0, green: 0, blue: 0, alpha: 0)
        blob.integer("Net/DoubleClickTime", -5)
        blob.string("Net/ThemeName2", "")
        XCTAssertEqual(XSettings(parsing: blob.bytes)?.desktopSettings, DesktopSettings())
    }

    // MARK: The double-click time

    func testTheDoubleClickTimeIsTheDesktopsOrGTKsDefault() {
        func clicks(_ settings: DesktopSettings, gap: Time) -> Int {
            var counter = ClickCounter()
            counter.follow(settings)
            _ = counter.press(at: Point(x: 10, y: 10), time: 1_000)
            return counter.press(at: Point(x: 10, y: 10), time: 1_000 + gap)
        }
        XCTAssertEqual(clicks(DesktopSettings(), gap: 400), 2, "GTK's 400 ms")
        XCTAssertEqual(clicks(DesktopSettings(), gap: 450), 1)
        XCTAssertEqual(clicks(DesktopSettings(doubleClickTime: 0.7), gap: 650), 2)
        XCTAssertEqual(clicks(DesktopSettings(doubleClickTime: 0.2), gap: 250), 1)
        XCTAssertEqual(clicks(DesktopSettings(doubleClickTime: .infinity), gap: 450), 1, "unusable: the default")
    }

    // MARK: A window following its manager

    /// A settings manager on the test's own connection: a window holding the property, which
    /// takes the selection and announces itself on the root as managers do.
    private final class FakeManager {
        let display: OpaquePointer
        let root: Window
        let selection: Atom, property: Atom, manager: Atom
        var window: Window = 0

        init(displayName: String) throws {
            guard let display = XOpenDisplay(displayName) else { throw HarnessError("cannot open \(displayName)") }
            self.display = display
            root = XDefaultRootWindow(display)
            selection = XInternAtom(display, "_XSETTINGS_S0", 0)
            property = XInternAtom(display, "_XSETTINGS_SETTINGS", 0)
            manager = XInternAtom(display, "MANAGER", 0)
        }

        deinit { XCloseDisplay(display) }

        /// A new manager window with `bytes` as its settings, owning the selection from now.
        func start(with bytes: [UInt8]) {
            window = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
            publish(bytes)
            XSetSelectionOwner(display, selection, window, Time(CurrentTime))
            var event = XEvent(xclient: XClientMessageEvent())
            event.xclient.type = ClientMessage
            event.xclient.window = root
            event.xclient.message_type = manager
            event.xclient.format = 32
            event.xclient.data.l.0 = Int(CurrentTime)
            event.xclient.data.l.1 = Int(selection)
            event.xclient.data.l.2 = Int(window)
            XSendEvent(display, root, 0, StructureNotifyMask, &event)
            XSync(display, 0)
        }

        func publish(_ bytes: [UInt8]) {
            XChangeProperty(display, window, property, property, 8, PropModeReplace, bytes, Int32(bytes.count))
            XSync(display, 0)
        }

        /// The manager goes, as when its process ends.
        func stop() {
            XDestroyWindow(display, window)
            XSync(display, 0)
        }
    }

    private func settingsBlob(_ build: (inout Blob) -> Void, count: UInt32) -> [UInt8] {
        var blob = Blob(count: count)
        build(&blob)
        return blob.bytes
    }

    func testAWindowFollowsItsManagerThroughChangesGarbageAndANewManager() throws {
        // Given a display whose manager turns blinking off, and a resource dpi of 120
        let server = try XvfbServer()
        try withExtendedLifetime(try FakeManager(displayName: server.displayName)) { fake in
            let resources = Array("Xft.dpi:\t120\n".utf8)
            XChangeProperty(fake.display, fake.root, XInternAtom(fake.display, "RESOURCE_MANAGER", 0), XA_STRING, 8, PropModeReplace,
                            resources, Int32(resources.count))
            fake.start(with: settingsBlob({ $0.integer("Net/CursorBlink", 0) }, count: 1))
            let host = try WindowHost(displayName: server.displayName) { _ in }

            // Then a host with no window reads them (the dpi from the resource)
            XCTAssertEqual(host.desktopSettings, DesktopSettings(cursorBlink: false, dpi: 120))
            XCTAssertEqual(host.desktopScale, 1.25)

            // When a window runs while the manager changes its settings, publishes garbage, goes,
            // and another manager comes with a dpi of its own (each step once the last was heard)
            let scene = FieldScene(fields: [TextField(identifier: "f", style: .filled, label: "F")])
            // What was heard, each after the step last taken ("open": the window opening).
            var heard: [(after: String, settings: DesktopSettings)] = []
            var sceneHad: [DesktopSettings] = []
            var taken = "open"
            let steps: [(name: String, action: () -> Void)] = [
                ("theme", { fake.publish(self.settingsBlob({ $0.string("Net/ThemeName", "HighContrast") }, count: 1)) }),
                ("garbage", {
                    // Ignored: nothing is heard, so the next step follows on a timer.
                    fake.publish([1, 2, 3])
                    host.addTimer(after: 0.3) { taken = "manager gone"; fake.stop() }
                }),
                ("new manager", { fake.start(with: self.settingsBlob({ $0.integer("Xft/DPI", 192 * 1024) }, count: 1)) }),
                ("close", { host.stop(status: 0) }),
            ]
            host.desktopSettingsDidChange = { settings in
                heard.append((taken, settings))
                sceneHad.append(scene.desktopSettings)
                guard heard.count <= steps.count else { return }
                let step = steps[heard.count - 1]
                host.addTimer(after: 0.05) { taken = step.name; step.action() }
            }
            host.addTimer(after: 30) { host.stop(status: 9) }
            let options = WindowOptions(title: "xsettings", instanceName: "xsettings", className: "XSettings",
                                        size: Size(width: 200, height: 100))
            XCTAssertEqual(try host.run(scene, options: options), 0, "the steps stalled: heard \(heard)")

            // Then the window heard each change once, in order, and the scene had it first
            XCTAssertEqual(heard.map(\.after), ["open", "theme", "manager gone", "new manager"], "\(heard)")
            XCTAssertEqual(heard.map(\.settings), [
                DesktopSettings(cursorBlink: false, dpi: 120),
                DesktopSettings(dpi: 120, themeName: "HighContrast"),
                DesktopSettings(dpi: 120),
                DesktopSettings(dpi: 192),
            ])
            XCTAssertEqual(sceneHad, heard.map(\.settings))
            XCTAssertEqual(host.desktopSettings, DesktopSettings(dpi: 192), "read afresh once the window is closed")
        }
    }
}
