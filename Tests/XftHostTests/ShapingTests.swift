import CXlib
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// HarfBuzz shaping and FriBidi ordering with the fonts `./run.sh` installs: what reaches the
/// pixels, and the measurements the model gets.
final class ShapingTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private var fonts: FontCache { host.fonts }
    private let font = FontSpec(pixelSize: 24)

    override func setUpWithError() throws {
        // The scripts these tests shape, and the packages `./run.sh` installs for them.
        for (language, package) in [("he", "fonts-noto-core"), ("ar", "fonts-noto-core"), ("hi", "fonts-noto-core")] {
            let list = findExecutable("fc-list").flatMap { try? runCommand($0, [":lang=\(language)", "family"]).stdout } ?? ""
            try XCTSkipIf(list.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                          "no font for the \(language) script is installed (Debian: apt-get install \(package))")
        }
        let emoji = findExecutable("fc-list").flatMap { try? runCommand($0, [":color=true", "family"]).stdout } ?? ""
        try XCTSkipIf(!emoji.contains("Emoji"), "no colour emoji font is installed (Debian: apt-get install fonts-noto-color-emoji)")
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    private func shaped(_ text: String, rightToLeft: Bool = false) -> [ShapedItem] {
        fonts.items(of: text[...], font: font, rightToLeft: rightToLeft).map {
            XCTAssertTrue($0.isShaped, "\(text) was not shaped")
            return fonts.shape($0, rightToLeft: rightToLeft)
        }
    }

    /// What typing Latin draws: ASCII the main face has is one unshaped item, every byte in it;
    /// tabs and line breaks, which the face may lack, keep every byte too.
    func testASCIITextIsOneUnshapedItemInTheMainFace() {
        let items = fonts.items(of: "Hello, world 42!"[...], font: font, rightToLeft: false)
        XCTAssertEqual(items.map { String($0.text) }, ["Hello, world 42!"])
        XCTAssertEqual(items.map(\.isShaped), [false])
        for text in ["x", "a\tb", "line\r\nnext", "two  spaces ", "ascii é"] {
            let items = fonts.items(of: text[...], font: font, rightToLeft: false)
            XCTAssertEqual(items.map { String($0.text) }.joined(), text)
            XCTAssertFalse(items.contains { $0.isShaped }, text)
        }
    }

    func testTheFamilyEmojiIsOneGlyph() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let items = shaped(family)
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(items.first?.glyphs.count, 1, "man, woman and girl were not joined")
        // A bitmap colour face advances as Xft scales it: about the size of the text, not of its strike.
        XCTAssertEqual(items.first?.width ?? 0, 24 * 1.2, accuracy: 12)
        XCTAssertEqual(fonts.caretStops(of: family[...], font: font).count, 2)
    }

    func testSkinToneAndFlagSequencesAreOneGlyphEach() {
        for sequence in ["👍🏽", "🇵🇹"] {
            XCTAssertEqual(shaped(sequence).first?.glyphs.count, 1, sequence)
        }
    }

    func testLamAlefBecomesTheLigature() {
        let lamAlef = "\u{644}\u{627}"
        let items = shaped(lamAlef, rightToLeft: true)
        XCTAssertEqual(items.count, 1)
        let glyphs = items.first?.glyphs.count ?? 0
        XCTAssertGreaterThan(glyphs, 0)
        XCTAssertLessThan(glyphs, lamAlef.unicodeScalars.count, "lam and alef were not ligated")
        // The two clusters share the ligature's advance, so a caret between them stands inside it.
        let advances = items.first?.clusterAdvances ?? []
        XCTAssertEqual(advances.count, 2)
        XCTAssertGreaterThan(advances.min() ?? 0, 0)
    }

    func testKshaIsOneCluster() {
        let ksha = "\u{915}\u{94D}\u{937}"
        XCTAssertEqual(ksha.count, 1)
        let items = shaped(ksha)
        XCTAssertEqual(items.count, 1)
        XCTAssertEqual(Set(items.first?.glyphClusters ?? [-1]), [0], "a glyph of क्ष belongs to another cluster")
        XCTAssertEqual(fonts.caretStops(of: ksha[...], font: font).count, 2)
    }

    func testArabicLettersJoin() {
        // Joined, the three letters of "بكم" are narrower than each on its own.
        let word = "بكم"
        let joined = fonts.runAdvance(of: word[...], font: font, rightToLeft: true)
        let apart = word.reduce(0.0) { $0 + fonts.runAdvance(of: String($1)[...], font: font, rightToLeft: true) }
        XCTAssertLessThan(joined, apart)
    }

    func testAClusterTheMainFaceLacksGoesToAFallbackWhole() {
        let items = fonts.items(of: "ab שלום"[...], font: font, rightToLeft: false)
        XCTAssertEqual(items.map(\.text), ["ab ", "שלום"])
        XCTAssertNotEqual(items[0].font, items[1].font)
    }

    func testFriBidiLevelsAndDirection() {
        XCTAssertEqual(fonts.bidiLevels(of: "ab אב", base: .leftToRight), [0, 0, 0, 1, 1])
        XCTAssertEqual(fonts.bidiLevels(of: "אב 12", base: .leftToRight), [1, 1, 1, 2, 2])
        XCTAssertEqual(fonts.firstStrongDirection(of: "123 שלום abc"), .rightToLeft)
        XCTAssertEqual(fonts.firstStrongDirection(of: "(abc) שלום"), .leftToRight)
        XCTAssertNil(fonts.firstStrongDirection(of: "123 !?"))
    }

    // MARK: Pixels

    private func render(width: Int = 400, height: Int = 60, _ draw: (XftCanvas) -> Void) throws -> RGBAImage {
        let pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(width), UInt32(height), UInt32(host.depth))
        defer { XFreePixmap(host.display, pixmap) }
        let canvas = try XftCanvas(display: host.display, drawable: pixmap, width: width, height: height, fonts: fonts)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: Color(hex: 0xFFFFFF))
        draw(canvas)
        XSync(host.display, 0)
        return try XCTUnwrap(RGBAImage.capture(display: host.display, drawable: pixmap, width: width, height: height))
    }

    private func columns(_ image: RGBAImage, _ range: Range<Int>) -> [UInt8] {
        var result: [UInt8] = []
        for y in 0..<image.height {
            for x in range { result += [image.pixel(x: x, y: y).red, image.pixel(x: x, y: y).green] }
        }
        return result
    }

    private func hasInk(_ image: RGBAImage, _ range: Range<Int>) -> Bool { columns(image, range).contains { $0 < 200 } }

    func testHebrewAfterLatinIsDrawnToItsRightWithItsFirstLetterRightmost() throws {
        let latin = "abc", hebrew = "אבג"
        let origin = Point(x: 10, y: 40)
        let paragraph = try render { $0.drawText(latin + hebrew, at: origin, font: font, color: Color(hex: 0x000000)) }
        let latinWidth = fonts.advance(of: latin[...], font: font)
        let hebrewWidth = fonts.runAdvance(of: hebrew[...], font: font, rightToLeft: true)
        let runStart = Int(origin.x + latinWidth)
        // Left of the Hebrew: exactly "abc" drawn alone.
        let latinAlone = try render { $0.drawText(latin, at: origin, font: font, color: Color(hex: 0x000000)) }
        XCTAssertEqual(columns(paragraph, 0..<runStart), columns(latinAlone, 0..<runStart))
        // The Hebrew's rightmost letter is its first (א), its leftmost its last (ג).
        let first = String(hebrew.first!), last = String(hebrew.last!)
        let firstExact = fonts.runAdvance(of: first[...], font: font, rightToLeft: true)
        let firstWidth = Int(firstExact), lastWidth = Int(fonts.runAdvance(of: last[...], font: font, rightToLeft: true))
        // Where the run's shaping puts its first letter: after the two others, rounded as drawn.
        let firstX = Double(runStart) + hebrewWidth - firstExact
        let firstLeft = Int(firstX.rounded())
        let firstAlone = try render {
            $0.drawText(first, at: Point(x: firstX, y: origin.y), font: font, color: Color(hex: 0x000000), direction: .rightToLeft)
        }
        let lastAlone = try render {
            $0.drawText(last, at: Point(x: Double(runStart), y: origin.y), font: font, color: Color(hex: 0x000000), direction: .rightToLeft)
        }
        XCTAssertTrue(hasInk(paragraph, firstLeft..<(firstLeft + firstWidth)))
        XCTAssertEqual(columns(paragraph, (firstLeft + 1)..<(firstLeft + firstWidth - 1)),
                       columns(firstAlone, (firstLeft + 1)..<(firstLeft + firstWidth - 1)), "the first Hebrew letter is not rightmost")
        XCTAssertEqual(columns(paragraph, (runStart + 1)..<(runStart + lastWidth - 1)), columns(lastAlone, (runStart + 1)..<(runStart + lastWidth - 1)),
                       "the last Hebrew letter is not leftmost")
    }

    func testColourEmojiDrawInColour() throws {
        let image = try render { $0.drawText("😀", at: Point(x: 10, y: 40), font: font, color: Color(hex: 0x000000)) }
        var coloured = 0
        for y in 0..<image.height {
            for x in 0..<60 {
                let pixel = image.pixel(x: x, y: y)
                if abs(Int(pixel.red) - Int(pixel.blue)) > 60 { coloured += 1 }
            }
        }
        XCTAssertGreaterThan(coloured, 20, "the emoji was drawn in one colour")
    }

    func testWhatIsMeasuredIsWhatIsDrawn() throws {
        // The model places the word after an Arabic run by the shaped width: ink must end there.
        let arabic = "مرحبا بالعالم"
        let width = fonts.advance(of: arabic[...], font: font)
        let image = try render { $0.drawText(arabic, at: Point(x: 10, y: 40), font: font, color: Color(hex: 0x000000)) }
        XCTAssertTrue(hasInk(image, 10..<(10 + Int(width))))
        XCTAssertFalse(hasInk(image, (12 + Int(width))..<400), "glyphs were drawn past the measured width")
        XCTAssertTrue(hasInk(image, (Int(width) + 10 - 4)..<(Int(width) + 10 + 1)), "the text ends before its measured width")
    }

    // MARK: Typed text keeps a fresh layout's stops

    /// Types an Arabic sentence a character at a time into a right-to-left layout and compares
    /// the incrementally kept stops with a fresh layout's.
    private func typeAndCompare(_ fonts: FontCache, _ sentence: String, file: StaticString = #filePath, line: UInt = #line) {
        var characters: [Character] = []
        var layout = TextLayout(characters: [], font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        var worst = 0.0
        for character in sentence {
            layout.replacing(characters.count..<characters.count, with: [character], measurer: fonts)
            characters.append(character)
        }
        let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        for (a, b) in zip(layout.caretStops, fresh.caretStops) { worst = max(worst, abs(a - b)) }
        XCTAssertEqual(worst, 0, "typed stops drift from a fresh layout's by up to \(worst) px; width \(layout.width) vs \(fresh.width)",
                       file: file, line: line)
    }

    /// With a text family that covers Arabic (one face for letters and spaces), typed text keeps
    /// the stops of a fresh measurement (and so of the glyphs, drawn from fresh shaping): items end
    /// at spaces and advances are exact.
    func testTypedArabicKeepsTheStopsAFreshLayoutHasWithAnArabicTextFamily() throws {
        let fonts = try FontCache(display: host.display, screen: XDefaultScreen(host.display), family: "DejaVu Sans") { _ in }
        typeAndCompare(fonts, String(repeating: "مرحبا بالعالم كيف حالك ", count: 4))
    }

    func testTypedHebrewKeepsTheStopsAFreshLayoutHasWithAHebrewTextFamily() throws {
        let fonts = try FontCache(display: host.display, screen: XDefaultScreen(host.display), family: "DejaVu Sans") { _ in }
        typeAndCompare(fonts, String(repeating: "שלום עולם מה שלומך ", count: 4))
    }

    func testTypedArabicKeepsTheStopsAFreshLayoutHasWithRoboto() throws {
        typeAndCompare(host.fonts, String(repeating: "مرحبا بالعالم كيف حالك ", count: 4))
    }

    // MARK: Shaped items wider than X's coordinates

    /// A shaped item wider than 32,767 px (a long right-to-left word) still draws the glyphs
    /// inside the clip, as simple text drawn in pieces does.
    func testALongRightToLeftParagraphStillDrawsWhatIsInView() throws {
        let long = String(repeating: "ש", count: 4_000)
        let width = host.fonts.advance(of: long[...], font: font)
        XCTAssertGreaterThan(width, 32_767)
        let image = try render { $0.drawText(long, at: Point(x: 10, y: 40), font: font, color: Color(hex: 0x000000)) }
        XCTAssertTrue(hasInk(image, 10..<400), "nothing of a \(width) px right-to-left run was drawn")
        let latin = String(repeating: "w", count: 4_000)
        let latinImage = try render { $0.drawText(latin, at: Point(x: 10, y: 40), font: font, color: Color(hex: 0x000000)) }
        XCTAssertTrue(hasInk(latinImage, 10..<400))
    }

    /// The same through a run the model placed (`direction:`), starting left of the view as a
    /// scrolled field would: glyph positions are not clamped to 16 bits before they are placed.
    func testGlyphPositionsOfALongShapedItemAreNotClamped() throws {
        let long = String(repeating: "ש", count: 4_000)
        let item = host.fonts.items(of: long[...], font: font, rightToLeft: true)
        XCTAssertEqual(item.count, 1)
        let shaped = host.fonts.shape(item[0], rightToLeft: true)
        let clamped = shaped.glyphs.filter { $0.x == Int16.max }.count
        XCTAssertLessThanOrEqual(clamped, 1, "\(clamped) glyphs piled up at x = 32767")
    }
}
