import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// Styled runs through the real host (A2): faces opened by family, weight and slant; the font's
/// own underline and strikethrough; shaping across a style boundary (Arabic still joins); and the
/// pixels a styled field draws.
final class StyledTextHostTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private var fonts: FontCache { host.fonts }

    override func setUpWithError() throws {
        for (pattern, package) in [(":family=Roboto", "fonts-roboto"), (":lang=ar", "fonts-noto-core"), (":family=Noto Serif", "fonts-noto-core")] {
            let list = findExecutable("fc-list").flatMap { try? runCommand($0, [pattern, "family"]).stdout } ?? ""
            try XCTSkipIf(list.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty,
                          "no font for \(pattern) is installed (Debian: apt-get install \(package))")
        }
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    func testBoldItalicAndANamedFamilyOpenTheirOwnFaces() {
        for spec in [FontSpec(pixelSize: 16, weight: .bold), FontSpec(pixelSize: 16, isItalic: true),
                     FontSpec(pixelSize: 16, weight: .bold, isItalic: true), FontSpec(pixelSize: 16, familyName: "Noto Serif")] {
            _ = fonts.caretStops(of: "Ag", font: spec)
        }
        let faces = fonts.fontsUsed.map { "\($0.family) \($0.style)" }
        XCTAssertTrue(faces.contains("Roboto Bold"), "\(faces)")
        XCTAssertTrue(faces.contains("Roboto Italic"), "\(faces)")
        XCTAssertTrue(faces.contains("Roboto Bold Italic"), "\(faces)")
        XCTAssertTrue(faces.contains { $0.hasPrefix("Noto Serif") }, "\(faces)")
        let regular = fonts.caretStops(of: "Wide words", font: FontSpec(pixelSize: 16)).last ?? 0
        let bold = fonts.caretStops(of: "Wide words", font: FontSpec(pixelSize: 16, weight: .bold)).last ?? 0
        XCTAssertGreaterThan(bold, regular, "bold is wider")
    }

    func testStyledStopsAreEachRunsStopsPlusKern() {
        let regular = FontSpec(pixelSize: 16), big = FontSpec(pixelSize: 24, weight: .bold)
        let stops = fonts.caretStops(of: "abcd", segments: [StyledSegment(count: 2, font: regular),
                                                            StyledSegment(count: 2, font: big, kern: 3)], levels: nil)
        let first = fonts.caretStops(of: "ab", font: regular), second = fonts.caretStops(of: "cd", font: big)
        XCTAssertEqual(stops.count, 5)
        XCTAssertEqual(stops[2], first[2], accuracy: 1e-9)
        XCTAssertEqual(stops[4] - stops[2], second[2] + 6, accuracy: 1e-9)
    }

    func testTheFontsOwnUnderlineAndStrikethroughArePlacedByItsTables() {
        let metrics = fonts.decorationMetrics(for: FontSpec(pixelSize: 32))
        // Roboto: underline 150 units below the baseline, 100 thick; strikeout 528 up, 102 thick (2048 units).
        XCTAssertEqual(metrics.underlineThickness, 2)
        XCTAssertEqual(metrics.underlineOffset, 2, accuracy: 1)
        XCTAssertEqual(metrics.strikethroughOffset, 8, accuracy: 1)
        XCTAssertGreaterThan(metrics.strikethroughOffset, metrics.underlineOffset)
    }

    /// "بكم" with its middle letter in another style: shaped with the text around it as
    /// context, the kaf takes its medial (joined) form, the glyph the whole word gives it.
    func testArabicJoinsAcrossABoldBoundary() throws {
        let bold = FontSpec(pixelSize: 24, weight: .bold)
        func glyphs(_ text: String, before: String = "", after: String = "") -> [UInt32] {
            fonts.items(of: text[...], font: bold, rightToLeft: true, contextBefore: before, contextAfter: after).flatMap {
                fonts.shape($0, rightToLeft: true).glyphs.map(\.id)
            }
        }
        let word = fonts.items(of: "بكم", font: bold, rightToLeft: true)
        XCTAssertEqual(word.count, 1)
        let shapedWord = fonts.shape(try XCTUnwrap(word.first), rightToLeft: true)
        let kafInWord = zip(shapedWord.glyphs, shapedWord.glyphClusters).filter { $0.1 == 1 }.map(\.0.id)
        XCTAssertEqual(glyphs("ك", before: "ب", after: "م"), kafInWord, "the medial kaf, as in the whole word")
        XCTAssertNotEqual(glyphs("ك"), kafInWord, "alone, the kaf is isolated: the context is what joins it")
    }

    /// A colour boundary inside an Arabic word draws the same letters as no boundary: the pixels
    /// of "بكم" with its middle letter in a colour one step from the text's are those of the word
    /// in one colour.
    func testAColourBoundaryInsideAnArabicWordDrawsTheJoinedWord() throws {
        func render(_ middle: TextAttributes) throws -> RGBAImage {
            let field = TextField(identifier: "a", style: .filled, label: "L")
            field.layoutDirection = .rightToLeft
            field.textColor = Color(hex: 0x000000)
            field.attributedText = AttributedText("ب") + AttributedText("ك", attributes: middle) + AttributedText("م")
            let scene = FieldScene(fields: [field], scheme: .light, metrics: MaterialMetrics())
            return try host.renderSettled(scene, size: Size(width: 300, height: 100))
        }
        let plain = try render(.none)
        let coloured = try render(TextAttributes(foregroundColor: Color(hex: 0x010000)))
        // The pieces are drawn apart, so where two glyphs meet an edge pixel may be blended twice:
        // a few pixels at the joins. An isolated kaf (and its neighbours' final and initial forms)
        // would change dozens.
        var differing = 0
        for y in 0..<plain.height {
            for x in 0..<plain.width {
                let a = plain.pixel(x: x, y: y), b = coloured.pixel(x: x, y: y)
                if max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue))) > 2 { differing += 1 }
            }
        }
        XCTAssertLessThanOrEqual(differing, 0, "the coloured letter is drawn in the joined form")
    }

    /// The underline's rows, the background's rectangle and the text's colour, in pixels.
    func testUnderlineAndBackgroundLandOnThePixelsTheAppearanceNames() throws {
        let green = Color(hex: 0x00C853), blue = Color(hex: 0x2962FF)
        let field = TextField(identifier: "u", style: .filled, label: "L")
        field.attributedText = AttributedText("ab") + AttributedText("cdef", attributes: TextAttributes(
            backgroundColor: green, underlineStyle: .thick, underlineColor: blue))
        let scene = FieldScene(fields: [field], scheme: .light, metrics: MaterialMetrics())
        let image = try host.renderSettled(scene, size: Size(width: 400, height: 120))
        let frame = try XCTUnwrap(scene.frame(of: field))
        let appearance = try XCTUnwrap(field.appearance(at: 100, origin: Point(x: frame.minX, y: frame.minY), scheme: .light,
                                                        showsCaret: false))
        let underline = try XCTUnwrap(appearance.textDecorations.first?.path.bounds)
        let background = try XCTUnwrap(appearance.textBackgrounds.first?.path.bounds)
        XCTAssertEqual(underline.height, 2, "thick: twice Roboto's 1 px at 16 px")
        func colour(_ x: Double, _ y: Double) -> (Int, Int, Int) {
            let pixel = image.pixel(x: Int(x), y: Int(y))
            return (Int(pixel.red), Int(pixel.green), Int(pixel.blue))
        }
        func near(_ c: (Int, Int, Int), _ expected: Color) -> Bool {
            abs(c.0 - Int(expected.red * 255)) <= 2 && abs(c.1 - Int(expected.green * 255)) <= 2 && abs(c.2 - Int(expected.blue * 255)) <= 2
        }
        for x in stride(from: underline.minX, to: underline.maxX, by: 1) {
            XCTAssertTrue(near(colour(x, underline.minY), blue), "underline at (\(x), \(underline.minY))")
            XCTAssertTrue(near(colour(x, underline.maxY - 1), blue))
        }
        XCTAssertFalse(near(colour(underline.midX, underline.maxY), blue), "no third row")
        // The background's top-left and bottom-right corners are free of ink.
        XCTAssertTrue(near(colour(background.minX + 1, background.minY + 1), green))
        XCTAssertTrue(near(colour(background.maxX - 2, background.maxY - 2), green))
        XCTAssertFalse(near(colour(background.minX - 3, background.minY + 1), green), "'ab' has no background")
        XCTAssertEqual(background.minX, underline.minX)
        XCTAssertEqual(background.width, underline.width)
    }
}
