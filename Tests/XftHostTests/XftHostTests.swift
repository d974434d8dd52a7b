import CXlib
import Foundation
import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// The host's font and drawing layer against a real X server.
final class XftHostTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private var warnings: [String] = []

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { [unowned self] in warnings.append($0) }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// Skips a test whose expectations hold for one installed family only.
    private func requireFont(_ family: String, package: String) throws {
        let installed = runCommandOutput("fc-list", [":family=\(family)", "family"])
        try XCTSkipIf(installed.isEmpty, "the \(family) font is not installed (Debian: \(package)); ./run.sh test installs it")
    }

    private func runCommandOutput(_ command: String, _ arguments: [String]) -> String {
        guard let path = findExecutable(command), let result = try? runCommand(path, arguments) else { return "" }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testRobotoIsTheFaceWhenInstalled() throws {
        try requireFont("Roboto", package: "fonts-roboto")
        XCTAssertEqual(host.fonts.resolvedFamily, "Roboto")
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
    }

    func testCharactersRobotoLacksComeFromAFallbackFace() throws {
        try requireFont("Roboto", package: "fonts-roboto")
        let font = FontSpec(pixelSize: 16)
        let runs = host.fonts.items(of: "ok ✓ → ok"[...], font: font, rightToLeft: false)
        XCTAssertGreaterThanOrEqual(runs.count, 3)
        XCTAssertEqual(runs.map { String($0.text) }.joined(), "ok ✓ → ok")
        // The check mark is drawn by a face that has it, not by Roboto's missing-glyph box.
        let check = try XCTUnwrap(runs.first { $0.text.contains("✓") })
        XCTAssertEqual(XftCharExists(host.display, check.font, 0x2713), FcTrue)
        XCTAssertNotEqual(check.font, runs[0].font)
        XCTAssertGreaterThan(host.fonts.advance(of: FontCache.Run(text: check.text, font: check.font)), 0)
    }

    func testEmojiPresentationCharactersPreferAColourFace() throws {
        try requireFont("Noto Color Emoji", package: "fonts-noto-color-emoji")
        // fonts-noto-color-emoji is installed by ./run.sh; DejaVu, which sorts first, has ☕ in black.
        let runs = host.fonts.items(of: "a☕"[...], font: FontSpec(pixelSize: 16), rightToLeft: false)
        let cup = try XCTUnwrap(runs.last)
        XCTAssertEqual(String(cup.text), "☕")
        var isColor: FcBool = FcFalse
        XCTAssertEqual(FcPatternGetBool(cup.font.pointee.pattern, FC_COLOR, 0, &isColor), FcResultMatch)
        XCTAssertEqual(isColor, FcTrue)
    }

    func testPlainTextIsOneRun() throws {
        try requireFont("Roboto", package: "fonts-roboto")
        let runs = host.fonts.items(of: "Lisboa, Mañana"[...], font: FontSpec(pixelSize: 16), rightToLeft: false)
        XCTAssertEqual(runs.count, 1)
    }

    func testCombiningSequenceStaysInOneFaceAndMeasuresAsOneCharacter() {
        let font = FontSpec(pixelSize: 16)
        let composed = host.fonts.advance(of: "é", font: font)
        let decomposed = host.fonts.advance(of: "e\u{301}", font: font)
        XCTAssertEqual(host.fonts.items(of: "e\u{301}"[...], font: font, rightToLeft: false).count, 1)
        XCTAssertEqual(decomposed, composed, accuracy: 1, "the mark does not advance the pen")
    }

    func testLabelSizesScaleTheAdvance() {
        let resting = host.fonts.advance(of: "Email", font: FontSpec(pixelSize: 16))
        let floating = host.fonts.advance(of: "Email", font: FontSpec(pixelSize: 12))
        XCTAssertEqual(floating / resting, 0.75, accuracy: 0.06)
    }

    // MARK: Icons

    /// Black strings on white at given baselines: what a field's icon slot asks of the canvas.
    private final class TextScene: Scene {
        var host: SceneHost?
        let strings: [(text: String, origin: Point, font: FontSpec)]
        init(_ strings: [(text: String, origin: Point, font: FontSpec)]) { self.strings = strings }
        func resize(to size: Size, measurer: TextMeasuring) {}
        func handle(_ event: InputEvent, at time: Double) -> Bool { false }
        func nextWakeup(after time: Double) -> Double? { nil }
        func render(on canvas: Canvas, at time: Double) -> [Rect] {
            canvas.fill(Rect(x: 0, y: 0, width: 1000, height: 1000), color: Color(red: 1, green: 1, blue: 1))
            for string in strings {
                canvas.drawText(string.text, at: string.origin, font: string.font, color: Color(red: 0, green: 0, blue: 0))
            }
            return []
        }
        func invalidateAll() {}
        func settle() {}
    }

    private func familyName(of font: UnsafeMutablePointer<XftFont>) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font.pointee.pattern, FC_FAMILY, 0, &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    private let search = "\u{E8B6}", close = "\u{E5CD}"
    /// A private-use code point Material Icons 6.7 has no glyph for.
    private let notAnIcon = "\u{E005}"

    func testIconsAreDrawnWithMaterialIconsOneEmSquareAboveTheBaseline() throws {
        try requireFont("Material Icons", package: "fonts-material-design-icons-iconfont")
        let icons = FontSpec(pixelSize: 24, family: .icons)
        let runs = host.fonts.items(of: search[...], font: icons, rightToLeft: false)
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs.first.flatMap { familyName(of: $0.font) }, "Material Icons")
        XCTAssertEqual(host.fonts.resolvedIconFamily, "Material Icons")
        // Every icon is one 24 px square glyph at 24 px: the advance is the size, and the face's
        // ascent is the whole em (descent 0), so the baseline is the bottom of the icon's box.
        XCTAssertEqual(host.fonts.advance(of: search, font: icons), 24)
        XCTAssertEqual(host.fonts.caretStops(of: (search + close)[...], font: icons), [0, 24, 48])
        XCTAssertEqual(host.fonts.lineMetrics(for: icons), LineMetrics(ascent: 24, descent: 0))
        let scaled = host.fonts.lineMetrics(for: FontSpec(pixelSize: 36, family: .icons))
        XCTAssertEqual(scaled.ascent + scaled.descent, 36, accuracy: 1)
        XCTAssertEqual(host.fonts.advance(of: search, font: FontSpec(pixelSize: 36, family: .icons)), 36, accuracy: 1)
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
    }

    func testSearchIconInksTheMagnifierInsideItsTwentyFourPixelBox() throws {
        try requireFont("Material Icons", package: "fonts-material-design-icons-iconfont")
        // Given the search icon drawn with its baseline at the bottom of the box (20, 20, 24, 24)
        let box = (x: 20, y: 20)
        let scene = TextScene([(search, Point(x: Double(box.x), y: Double(box.y + 24)), FontSpec(pixelSize: 24, family: .icons))])
        let image = try host.renderSettled(scene, size: Size(width: 64, height: 64))
        var inside = 0, outside = 0
        var columns = Set<Int>(), rows = Set<Int>()
        for y in 0..<64 {
            for x in 0..<64 where image.pixel(x: x, y: y).red < 250 {
                let isInside = (box.x..<box.x + 24).contains(x) && (box.y..<box.y + 24).contains(y)
                if isInside { inside += 1; columns.insert(x - box.x); rows.insert(y - box.y) } else { outside += 1 }
            }
        }
        // Then every inked pixel is in the box...
        XCTAssertEqual(outside, 0)
        XCTAssertGreaterThan(inside, 60)
        // ...spanning Material's 24 px icon grid less its padding (about 3 to 20 both ways)...
        XCTAssertEqual(columns.min() ?? -1, 3, accuracy: 1)
        XCTAssertEqual(columns.max() ?? -1, 20, accuracy: 1)
        XCTAssertEqual(rows.min() ?? -1, 3, accuracy: 1)
        XCTAssertEqual(rows.max() ?? -1, 20, accuracy: 1)
        // ...and it is the magnifier: the lens's middle is empty, its ring and the handle's end are ink.
        XCTAssertEqual(image.pixel(x: box.x + 9, y: box.y + 9).red, 255, "the lens is hollow")
        XCTAssertLessThan(image.pixel(x: box.x + 9, y: box.y + 4).red, 128, "the lens's ring")
        XCTAssertLessThan(image.pixel(x: box.x + 19, y: box.y + 19).red, 128, "the handle")
        XCTAssertEqual(image.pixel(x: box.x + 4, y: box.y + 19).red, 255, "the bottom left is empty")
    }

    func testTextAndIconFacesOfOneSizeAreSeparateFacesAndMeasures() throws {
        try requireFont("Material Icons", package: "fonts-material-design-icons-iconfont")
        let text = FontSpec(pixelSize: 24), icons = FontSpec(pixelSize: 24, family: .icons)
        // "a" is in both fonts (Material Icons has letters for its ligature names), so only the
        // family tells the requests apart; the cluster-advance cache keeps them apart too.
        let textStops = host.fonts.caretStops(of: "a"[...], font: text)
        let iconStops = host.fonts.caretStops(of: "a"[...], font: icons)
        XCTAssertEqual(textStops[1], host.fonts.advance(of: "a", font: text))
        XCTAssertEqual(iconStops[1], host.fonts.advance(of: "a", font: icons))
        XCTAssertNotEqual(textStops, iconStops)
        let textRun = try XCTUnwrap(host.fonts.items(of: "a"[...], font: text, rightToLeft: false).first)
        let iconRun = try XCTUnwrap(host.fonts.items(of: "a"[...], font: icons, rightToLeft: false).first)
        XCTAssertNotEqual(textRun.font, iconRun.font)
        XCTAssertNotEqual(host.fonts.lineMetrics(for: text), host.fonts.lineMetrics(for: icons))
        // A medium-weight icon request gets the one icon face.
        let medium = try XCTUnwrap(host.fonts.items(of: search[...], font: FontSpec(pixelSize: 24, weight: .medium, family: .icons), rightToLeft: false).first)
        XCTAssertEqual(medium.font, iconRun.font)
    }

    func testAnIconTheFontLacksStaysInTheIconFaceNeverAFallback() throws {
        try requireFont("Material Icons", package: "fonts-material-design-icons-iconfont")
        let icons = FontSpec(pixelSize: 24, family: .icons)
        XCTAssertTrue(host.fonts.hasGlyph(search.unicodeScalars.first!, font: icons))
        XCTAssertFalse(host.fonts.hasGlyph(notAnIcon.unicodeScalars.first!, font: icons))
        // "✓" and U+E005 are in other installed faces; as icons they are the icon face's missing glyph.
        let runs = host.fonts.items(of: (search + notAnIcon + "✓")[...], font: icons, rightToLeft: false)
        XCTAssertEqual(runs.count, 1)
        XCTAssertEqual(runs.first.flatMap { familyName(of: $0.font) }, "Material Icons")
        XCTAssertEqual(host.fonts.caretStops(of: (search + notAnIcon)[...], font: icons), [0, 24, 48])
    }

    func testAMissingIconFamilyWarnsOnceWhenIconsAreFirstUsedAndStillMeasures() throws {
        // Given a font cache whose icon family is not installed
        var messages: [String] = []
        let fonts = try FontCache(display: host.display, screen: XDefaultScreen(host.display),
                                  iconFamily: "No Such Icons 42") { messages.append($0) }
        let aboutIcons = { messages.filter { $0.contains("No Such Icons 42") } }
        // Then nothing is said until an icon is asked for...
        XCTAssertEqual(aboutIcons(), [])
        // ...and then one line, however many sizes and calls follow, while every call still answers.
        for size in [18.0, 24, 36, 24] {
            let icons = FontSpec(pixelSize: size, family: .icons)
            XCTAssertEqual(fonts.items(of: search[...], font: icons, rightToLeft: false).count, 1)
            XCTAssertGreaterThan(fonts.lineMetrics(for: icons).ascent, 0)
            XCTAssertEqual(fonts.caretStops(of: (search + close)[...], font: icons).count, 3)
            _ = fonts.advance(of: search, font: icons)
        }
        XCTAssertEqual(aboutIcons().count, 1, "\(messages)")
        XCTAssertTrue(aboutIcons().first?.contains("icons will not draw correctly") == true, "\(messages)")
        XCTAssertNotEqual(fonts.resolvedIconFamily, "No Such Icons 42")
        XCTAssertNotNil(fonts.resolvedIconFamily)
        // Drawing with the stand-in face does not trap either.
        let screen = XDefaultScreen(host.display)
        let pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), 40, 40, UInt32(XDefaultDepth(host.display, screen)))
        do {
            let canvas = try XftCanvas(display: host.display, drawable: pixmap, width: 40, height: 40, fonts: fonts)
            canvas.drawText(search + close, at: Point(x: 8, y: 32), font: FontSpec(pixelSize: 24, family: .icons),
                            color: Color(red: 0, green: 0, blue: 0))
        }
        XSync(host.display, 0)
        XFreePixmap(host.display, pixmap)
        XCTAssertEqual(aboutIcons().count, 1)
    }

    func testRoundedCornersAreAntialiasedAndTranslucentFillsBlend() throws {
        // Given a white scene with one filled field
        let field = TextField(identifier: "f", style: .filled, label: "Name")
        let scene = FieldScene(fields: [field], scheme: .light)
        let image = try host.renderSettled(scene, size: Size(width: 300, height: 120))
        let frame = try XCTUnwrap(scene.frame(of: field))
        let x = Int(frame.minX), y = Int(frame.minY)
        // Then the container is on-surface at 12% over white...
        XCTAssertEqual(Int(image.pixel(x: x + 200, y: y + 30).red), 224, accuracy: 1)
        // ...the arc of its radius-4 corner misses the corner pixel and partly covers the next one
        // in (antialiased)...
        XCTAssertEqual(image.pixel(x: x, y: y).red, 255)
        let arc = Int(image.pixel(x: x + 1, y: y + 1).red)
        XCTAssertGreaterThan(arc, 224)
        XCTAssertLessThan(arc, 255)
        // ...and the bottom corners are square.
        XCTAssertLessThan(Int(image.pixel(x: x, y: y + 55).red), 200, "underline reaches the corner")
    }
}
