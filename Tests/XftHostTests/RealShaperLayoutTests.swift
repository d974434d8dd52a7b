import CXlib
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// Bidi layouts and shaping with the real host (FriBidi,
/// HarfBuzz, the installed fonts): incremental layouts equal fresh ones, items of one script,
/// wide glyphs at a clip's edge.
final class RealShaperLayoutTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private let font = FontSpec(pixelSize: 16)

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }
    override func tearDown() { host = nil; server = nil }

    /// "x" RLO has only even levels (FriBidi gives the lone RLO its paragraph's level); a "y"
    /// typed after it is ASCII, yet FriBidi puts it at level 1 (overridden right to left): the
    /// layout keeps levels for any text that can open right-to-left text.
    func testASCIITypedAfterARightToLeftOverrideIsResolvedAsAFreshLayoutIs() {
        let fonts = host.fonts
        var layout = TextLayout(characters: Array("x\u{202E}"), font: font, lineHeight: 24, measurer: fonts)
        layout.replacing(2..<2, with: ["y"], measurer: fonts)
        let fresh = TextLayout(characters: Array("x\u{202E}y"), font: font, lineHeight: 24, measurer: fonts)
        XCTAssertEqual(fresh.levels, [0, 0, 1])
        XCTAssertEqual(layout.levels, fresh.levels, "the y typed after RLO stays left to right")
    }

    /// A long Arabic word typed a letter at a time (48 joining letters, within the reach an edit
    /// re-measures around it) keeps the stops of a fresh layout.
    func testTypingALongArabicWordKeepsTheStopsAFreshLayoutHas() {
        let fonts = host.fonts
        let word = String(repeating: "بسم", count: 16)   // 48 joining letters, no space
        var characters: [Character] = []
        var layout = TextLayout(characters: [], font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        for character in word {
            layout.replacing(characters.count..<characters.count, with: [character], measurer: fonts)
            characters.append(character)
        }
        let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        let worst = zip(layout.caretStops, fresh.caretStops).map { abs($0 - $1) }.max() ?? 0
        XCTAssertEqual(worst, 0, "typed stops drift by up to \(worst) px; width \(layout.width) vs \(fresh.width)")
    }

    /// In a right-to-left run every cluster is shaped, ASCII punctuation too, and may take the
    /// fallback face of the cluster before it (`FontCache.items`): deleting the "1" of "א.1."
    /// puts the last "." after a "." in the Hebrew face, and the edit's measuring sees that.
    func testDeletingBetweenASCIIPunctuationInRightToLeftTextKeepsFreshStops() {
        let fonts = host.fonts
        var layout = TextLayout(characters: Array("א.1."), font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        layout.replacing(2..<3, with: [], measurer: fonts)
        let fresh = TextLayout(characters: Array("א.."), font: font, lineHeight: 24, measurer: fonts, direction: .rightToLeft)
        XCTAssertEqual(layout.levels, fresh.levels)
        XCTAssertEqual(layout.caretStops, fresh.caretStops, "the last period keeps the primary face's width")
    }

    /// HarfBuzz shapes one script at a time (`hb_buffer_guess_segment_properties` takes the
    /// first): "אكيف" in one face is two items, and the Arabic letters join as they do alone.
    func testArabicAfterHebrewInOneItemIsShapedWithJoiningForms() {
        let fonts = host.fonts
        let mixed = fonts.items(of: "אكيف"[...], font: font, rightToLeft: true)
        let alone = fonts.items(of: "كيف"[...], font: font, rightToLeft: true)
        XCTAssertEqual(mixed.map(\.text), ["א", "كيف"], "Hebrew and Arabic share one item")
        let mixedArabic = fonts.shape(mixed[1], rightToLeft: true).clusterAdvances
        let aloneArabic = fonts.shape(alone[0], rightToLeft: true).clusterAdvances
        XCTAssertEqual(mixedArabic, aloneArabic, "the Arabic letters after a Hebrew one are set in isolated forms")
    }

    /// Random edits with the real measurer (FriBidi levels with brackets, HarfBuzz advances):
    /// the incrementally kept layout against a fresh one, words kept short.
    func testRandomEditsKeepTheLayoutAFreshOneHasWithTheRealMeasurer() {
        let fonts = host.fonts
        let pieces = ["ab", "x", "שלום", "א", "مرحبا", "كيف", " ", " ", " ", "12", "٣٤", ".", "(", ")", "[", "]", "\n", "\u{200F}", "a1", "क्षत्रिय"]
        var seed: UInt64 = 0x51DE
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var failures = 0
        for direction in WritingDirection.allCases {
            for wrap in [nil, 90.0] as [Double?] {
                var characters: [Character] = []
                var layout = TextLayout(characters: [], font: font, lineHeight: 24, measurer: fonts, wrapWidth: wrap, direction: direction)
                for step in 0..<300 {
                    let lower = next(characters.count + 1)
                    let upper = min(characters.count, lower + next(5))
                    var replacement = next(3) == 0 ? "" : (0...next(2)).map { _ in pieces[next(pieces.count)] }.joined()
                    if wrap == nil { replacement = replacement.replacingOccurrences(of: "\n", with: " ") }
                    var candidate = characters
                    candidate.replaceSubrange(lower..<upper, with: Array(replacement))
                    // Words of at most 24 clusters: the 32-cluster reach is another finding.
                    let longest = candidate.split(whereSeparator: \.isWhitespace).map(\.count).max() ?? 0
                    if longest > 24 { continue }
                    let previous = characters
                    characters = candidate
                    layout.replacing(lower..<upper, with: characters[lower..<(lower + replacement.count)], measurer: fonts)
                    let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: fonts, wrapWidth: wrap, direction: direction)
                    let context = "\(direction) \(String(describing: wrap)) step \(step) edit \(lower)..<\(upper) <- \(replacement.debugDescription): \(String(previous).debugDescription) -> \(String(characters).debugDescription)"
                    var same = true
                    if layout.levels != fresh.levels { XCTFail("levels " + context); same = false }
                    let worst = zip(layout.caretStops, fresh.caretStops).map { abs($0 - $1) }.max() ?? 0
                    if same && worst > 0.001 {
                        let index = layout.caretStops.indices.first { abs(layout.caretStops[$0] - fresh.caretStops[$0]) > 0.001 } ?? -1
                        XCTFail("stops differ by \(worst) from stop \(index) " + context); same = false
                    }
                    if same && layout.lines != fresh.lines { XCTFail("lines " + context); same = false }
                    if !same {
                        failures += 1
                        layout = fresh
                        if failures > 5 { return }
                    }
                }
            }
        }
    }

    private func render(width: Int = 400, height: Int = 140, _ draw: (XftCanvas) -> Void) throws -> RGBAImage {
        let pixmap = XCreatePixmap(host.display, XDefaultRootWindow(host.display), UInt32(width), UInt32(height), UInt32(host.depth))
        defer { XFreePixmap(host.display, pixmap) }
        let canvas = try XftCanvas(display: host.display, drawable: pixmap, width: width, height: height, fonts: host.fonts)
        canvas.fill(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: Color(hex: 0xFFFFFF))
        draw(canvas)
        XSync(host.display, 0)
        return try XCTUnwrap(RGBAImage.capture(display: host.display, drawable: pixmap, width: width, height: height))
    }

    private func ink(_ image: RGBAImage, _ range: Range<Int>) -> Int {
        var count = 0
        for y in 0..<image.height { for x in range where image.pixel(x: x, y: y).red < 200 { count += 1 } }
        return count
    }

    /// A shaped glyph whose origin lies well left of the clip but whose right part is in view (a
    /// scrolled field with a large font, or emoji at scale 2) is drawn, as simple text is.
    func testAWideShapedGlyphStraddlingTheClipsLeftEdgeIsDrawn() throws {
        let big = FontSpec(pixelSize: 96)
        let letter = "ש"
        let width = host.fonts.advance(of: letter[...], font: big)
        XCTAssertGreaterThan(width, 50)
        let clipLeft = 200.0
        let image = try render { canvas in
            canvas.pushClip(Rect(x: clipLeft, y: 0, width: 200, height: 140))
            canvas.drawText(letter, at: Point(x: clipLeft - 45, y: 110), font: big, color: Color(hex: 0x000000), direction: .rightToLeft)
            canvas.popClip()
        }
        let unclipped = try render { canvas in
            canvas.drawText(letter, at: Point(x: clipLeft - 45, y: 110), font: big, color: Color(hex: 0x000000), direction: .rightToLeft)
        }
        let expected = ink(unclipped, Int(clipLeft)..<Int(clipLeft) + 30)
        XCTAssertGreaterThan(expected, 0, "control: the glyph reaches into the clip")
        XCTAssertEqual(ink(image, Int(clipLeft)..<Int(clipLeft) + 30), expected, "the part of the glyph inside the clip was not drawn")
    }

}
