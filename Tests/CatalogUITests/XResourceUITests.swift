import CXDamage
import CXlib
import CXRes
import Foundation
import XCTest
import MaterialFields
import TestHarness
@testable import XftHost

/// The catalog's server-side resources (pixmaps, pictures, GCs, fonts, cursors, glyph sets, ...)
/// do not grow with the number of frames it draws: counted with the X-Resource extension before
/// and after a thousand frames of focus changes, typing, label animations, caret blinks, a resize
/// and a theme switch. Frames are counted from outside, with X DAMAGE on the window.
final class XResourceUITests: XCTestCase {
    /// What may legitimately be there after the frames and not before, by resource type.
    /// PICTURE: XftCanvas's solid-fill cache (a Picture per colour, 64 at most before it is
    /// emptied; animations blend colours frame by frame, so it fills up) and Xft's own cache of
    /// solid-colour pictures for text (16 per display, libXft's XFT_NUM_SOLID_COLOR). Both are
    /// bounded, so a Picture lost per frame still shows as hundreds more.
    /// GLYPHSET: at most one per face the font cache opened (label sizes in quarter pixels,
    /// fallbacks, icons, a font shrunk to fit), made when the face first draws; Xft also frees a
    /// face's glyph set when its glyph memory limit evicts all of the face's glyphs, and makes it
    /// again at the next draw, so the count moves within that bound (a set lost per frame would
    /// show as hundreds).
    /// PIXMAP and PICTURE: the coverage-mask cache, a pixmap and a picture per mask, at most
    /// `MaskCache.countLimit` of them (animation frames add masks and push old ones out); a
    /// pixmap or picture lost per frame still shows as hundreds more than that.
    private static let boundedGrowth = ["PICTURE": 64 + 16 + MaskCache.countLimit, "PIXMAP": MaskCache.countLimit, "GLYPHSET": 32]

    private static let framesToDraw = 1000

    func testNoServerResourceGrowsWithTheNumberOfFrames() throws {
        // Slower animations: every focus change animates for longer, so the frames come from
        // label, notch and indicator animations more than from the keys that start them.
        let app = try CatalogApp(arguments: ["--slow-animations", "8"])
        try app.withDisplay { display in
            var resEventBase: Int32 = 0, damageEventBase: Int32 = 0, errorBase: Int32 = 0
            guard XResQueryExtension(display, &resEventBase, &errorBase) != 0 else {
                throw HarnessError("the X server has no X-Resource extension")
            }
            guard XDamageQueryExtension(display, &damageEventBase, &errorBase) != 0 else {
                throw HarnessError("the X server has no DAMAGE extension")
            }
            var major: Int32 = 1, minor: Int32 = 1
            XDamageQueryVersion(display, &major, &minor)
            let counter = FrameCounter(display: display, window: app.windowID, damageEventBase: damageEventBase)
            defer { counter.close() }

            // One round of every action first: what the first use creates (the scratch mask,
            // faces for the typed characters, the dark theme's colours) is made once, not per frame.
            try app.click(field: "filled-label")
            XCTAssertNotNil(app.waitForState { $0.field("filled-label").focused }, "the first field never took focus")
            try app.type("ab")
            try app.key("Tab", "x", "shift+Tab")
            // Both widths the cycle sees: a field whose font shrinks to fit opens the size each
            // width asks for once (a face per size, not per frame).
            try app.xdotool(["windowsize", String(app.windowID), "560", "640"])
            XCTAssertNotNil(app.waitForState { $0.window.width == 560 }, "the warm-up resize never arrived")
            try app.xdotool(["windowsize", String(app.windowID), "700", "640"])
            XCTAssertNotNil(app.waitForState { $0.window.width == 700 }, "the warm-up resize never arrived")
            try app.key("ctrl+t")
            XCTAssertNotNil(app.waitForState { $0.theme == "dark" }, "the warm-up theme switch never arrived")
            try app.key("ctrl+t")
            XCTAssertNotNil(app.waitForState { $0.theme == "light" }, "the theme never switched back")
            counter.pump(for: 2)  // animations end, the caret blinks
            let before = try Self.resources(of: app.windowID, on: display)

            counter.frames = 0
            var cycle = 0, resized = false, switchedTheme = false
            let deadline = Date().addingTimeInterval(180)
            while counter.frames < Self.framesToDraw || !resized || !switchedTheme {
                guard Date() < deadline else {
                    XCTFail("only \(counter.frames) frames in 180 s")
                    break
                }
                cycle += 1
                switch cycle % 12 {
                case 3:
                    try app.click(field: cycle % 24 == 3 ? "outlined-helper" : "filled-counter")
                case 6 where !resized:
                    try app.xdotool(["windowsize", String(app.windowID), "560", "720"])
                    resized = app.waitForState { $0.window.width == 560 } != nil
                    XCTAssertTrue(resized, "the resize never arrived")
                case 9 where !switchedTheme:
                    try app.key("ctrl+t")
                    switchedTheme = app.waitForState { $0.theme == "dark" } != nil
                    XCTAssertTrue(switchedTheme, "the theme switch never arrived")
                default:
                    try app.key(cycle % 2 == 0 ? "shift+Tab" : "Tab")
                }
                try app.type(String("memory"[String.Index(utf16Offset: cycle % 6, in: "memory")]))
                // Every eighth cycle the caret is left alone long enough to blink twice.
                counter.pump(for: cycle % 8 == 0 ? 1.2 : 0.3)
            }
            counter.pump(for: 2)
            let after = try Self.resources(of: app.windowID, on: display)

            let types = Set(before.keys).union(after.keys).sorted()
            let table = types.map { "\($0) \(before[$0] ?? 0) -> \(after[$0] ?? 0)" }.joined(separator: ", ")
            print("XResourceUITests: \(counter.frames) frames in \(cycle) actions; \(table)")
            for type in types {
                let grown = (after[type] ?? 0) - (before[type] ?? 0)
                XCTAssertLessThanOrEqual(grown, Self.boundedGrowth[type] ?? 0,
                                         "\(type) grew by \(grown) over \(counter.frames) frames (\(table))")
            }
        }
    }

    /// Xft hands out one shared, reference-counted face when two requests resolve to the same
    /// font file, size and rendering (a family without a medium weight gives its regular face
    /// for both weights). Closing the fonts must drop every reference it took, or the face and
    /// its server-side glyph set outlive the cache.
    func testClosingTheFontsReleasesAFaceOpenedForTwoRequests() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName, fontFamily: "NoSuchFamily Memcheck") { _ in }
        let display = host.display
        // No cache of unreferenced faces: a face whose last reference goes is freed at once.
        let defaults = FcPatternCreate()!
        FcPatternAddInteger(defaults, XFT_MAX_UNREF_FONTS, 0)
        XftDefaultSet(display, defaults)
        let fonts = try FontCache(display: display, screen: XDefaultScreen(display), family: "NoSuchFamily Memcheck") { _ in }
        let regular = FontSpec(pixelSize: 19), medium = FontSpec(pixelSize: 19, weight: .medium)
        _ = fonts.advance(of: "x"[...], font: regular)
        _ = fonts.advance(of: "x"[...], font: medium)
        let regularFace = try XCTUnwrap(fonts.items(of: "x"[...], font: regular, rightToLeft: false).first?.font)
        let mediumFace = try XCTUnwrap(fonts.items(of: "x"[...], font: medium, rightToLeft: false).first?.font)
        try XCTSkipIf(regularFace != mediumFace, "the stand-in family has a medium face of its own here: nothing is shared")
        // Any XID of the host's connection names its client.
        let probe = XCreatePixmap(display, XDefaultRootWindow(display), 1, 1, UInt32(XDefaultDepth(display, XDefaultScreen(display))))
        defer { XFreePixmap(display, probe) }
        let open = try Self.resources(of: probe, on: display)["GLYPHSET"] ?? 0
        fonts.close()
        let closed = try Self.resources(of: probe, on: display)["GLYPHSET"] ?? 0
        XCTAssertEqual(closed, open - 1, "the shared 19 px face kept its glyph set after close (\(open) -> \(closed))")
    }

    /// A canvas frees every mask it cached when it goes: surfaces made, filled with masks and
    /// dropped one after another leave no pixmap behind (a cached mask is a pixmap and its
    /// picture), and no more pictures than Xft keeps per display for solid colours (16, slots
    /// filled at random as an animation's blended colours come and go).
    func testACanvasFreesItsCachedMasksWhenItGoes() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let display = host.display
        let probe = XCreatePixmap(display, XDefaultRootWindow(display), 1, 1, UInt32(host.depth))
        defer { XFreePixmap(display, probe) }
        var afterSessions: [[String: Int]] = []
        var whileDrawing: [String: Int] = [:]
        for _ in 0..<4 {
            do {
                // The same session each time, so Xft's own pictures for text colours (kept per
                // display) are all made by the first.
                let fields = (0..<6).map {
                    TextField(identifier: "f\($0)", style: $0 % 2 == 0 ? .filled : .outlined, label: "Field \($0)")
                }
                let scene = FieldScene(fields: fields, scheme: .light)
                let size = Size(width: 400, height: 600)
                let surface = try OffscreenSurface(host: host, size: size)
                surface.resize(to: size, scene: scene)
                // Frames of a focus animation: masks that stay and masks of shapes in motion.
                scene.focus(fields[1], at: 0)
                for frame in 0..<20 { try surface.render(scene, at: Double(frame) / 60) }
                XCTAssertGreaterThan(surface.maskStatistics.entries, 0)
                whileDrawing = try Self.resources(of: probe, on: display)
            }
            afterSessions.append(try Self.resources(of: probe, on: display))
        }
        let pixmapsWhileDrawing = whileDrawing["PIXMAP"] ?? 0, picturesWhileDrawing = whileDrawing["PICTURE"] ?? 0
        for (index, after) in afterSessions.enumerated() {
            XCTAssertEqual(after["PIXMAP"] ?? 0, 1, "only the probe is left (\(afterSessions))")
            if index > 0 {
                XCTAssertLessThanOrEqual(after["PICTURE"] ?? 0, (afterSessions[0]["PICTURE"] ?? 0) + 16, "\(afterSessions)")
            }
        }
        XCTAssertGreaterThan(pixmapsWhileDrawing, 2, "the masks were on the server while drawing")
        XCTAssertGreaterThan(picturesWhileDrawing, afterSessions[0]["PICTURE"] ?? 0)
    }

    /// A stretchable image drawn at many sizes keeps at most 16 of them on the server (a pixmap
    /// and a picture each), and a canvas that goes frees them all.
    func testACanvasKeepsAtMostSixteenImagesAndFreesThemWhenItGoes() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let display = host.display
        let probe = XCreatePixmap(display, XDefaultRootWindow(display), 1, 1, UInt32(host.depth))
        defer { XFreePixmap(display, probe) }
        let bytes = (0..<64).flatMap { index -> [UInt8] in [UInt8(index * 4), 128, 200, 255] }
        let image = StretchableImage(pixels: ImagePixels(width: 8, height: 8, rgba: bytes, premultiplied: false)!,
                                     capInsets: EdgeInsets(all: 3))
        let before = try Self.resources(of: probe, on: display)
        var most = 0
        do {
            let target = XCreatePixmap(display, XDefaultRootWindow(display), 300, 100, UInt32(host.depth))
            defer { XFreePixmap(display, target) }
            let canvas = try XftCanvas(display: display, drawable: target, width: 300, height: 100, fonts: host.fonts)
            for width in 20..<60 {
                canvas.drawImage(image, in: Rect(x: 0, y: 0, width: Double(width), height: 40), scale: 1)
                most = max(most, (try Self.resources(of: probe, on: display)["PIXMAP"] ?? 0) - (before["PIXMAP"] ?? 0))
            }
            XCTAssertEqual(canvas.imageUploads, 40)
        }
        let after = try Self.resources(of: probe, on: display)
        // The canvas's draw target and mask scratch aside, 16 images at most.
        XCTAssertGreaterThan(most, 10, "images were kept on the server")
        XCTAssertLessThanOrEqual(most, 16 + 3)
        XCTAssertEqual(after["PIXMAP"] ?? 0, before["PIXMAP"] ?? 0, "every pixmap freed (\(before) → \(after))")
        XCTAssertLessThanOrEqual(after["PICTURE"] ?? 0, (before["PICTURE"] ?? 0) + 1, "\(before) → \(after)")
    }

    /// The resources of the client that owns `window`, by type name.
    private static func resources(of window: Window, on display: OpaquePointer) throws -> [String: Int] {
        XSync(display, 0)
        var count: Int32 = 0
        var types: UnsafeMutablePointer<XResType>?
        guard XResQueryClientResources(display, window, &count, &types) != 0, let types else {
            throw HarnessError("XResQueryClientResources failed for window \(window)")
        }
        defer { XFree(types) }
        var result: [String: Int] = [:]
        for index in 0..<Int(count) {
            guard let name = XGetAtomName(display, types[index].resource_type) else { continue }
            result[String(cString: name)] = Int(types[index].count)
            XFree(name)
        }
        return result
    }
}

/// Counts the frames that reach a window: a DAMAGE object reporting only "became non-empty",
/// emptied after every report, so each burst of copies a frame makes is one event. A frame
/// drawn while the test is busy elsewhere merges with the next: the count is a lower bound.
private final class FrameCounter {
    let display: OpaquePointer
    let damage: Damage
    let notifyType: Int32
    var frames = 0

    init(display: OpaquePointer, window: Window, damageEventBase: Int32) {
        self.display = display
        notifyType = damageEventBase + Int32(XDamageNotify)
        damage = XDamageCreate(display, window, Int32(XDamageReportNonEmpty))
        // A new Damage reports its whole window once: that notice is not a frame.
        XSync(display, 0)
        pump(for: 0)
        frames = 0
    }

    func close() {
        XDamageDestroy(display, damage)
        XSync(display, 0)
    }

    /// Reads damage events for `seconds`, emptying the damage after each one.
    func pump(for seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        repeat {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == notifyType else { continue }
                frames += 1
                XDamageSubtract(display, damage, 0, 0)
            }
            usleep(2_000)
        } while Date() < end
    }
}
