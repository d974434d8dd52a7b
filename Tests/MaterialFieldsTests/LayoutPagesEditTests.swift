import XCTest
@testable import MaterialFields
@testable import TextEditing

/// A measurer that sums one advance per ASCII byte, as the Xft host's does, and says so
/// (`asciiAdvances`); every cluster is 8 px wide, as `FakeMeasurer`'s are in a 16 px font.
private final class EvenTableMeasurer: TextMeasuring {
    private var known = [Double](repeating: .nan, count: 128)
    func advance(of text: Substring, font: FontSpec) -> Double { caretStops(of: text, font: font).last ?? 0 }
    func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        var stops = [0.0]
        for cluster in text {
            if let byte = cluster.asciiValue, cluster.unicodeScalars.count == 1 { known[Int(byte)] = font.pixelSize / 2 }
            stops.append(stops.last! + font.pixelSize / 2)
        }
        return stops
    }
    func asciiAdvances(for font: FontSpec) -> [Double]? { known }
}

/// Edits measure again only the pages they touch; whatever the edits, the layout must be the one
/// a fresh layout of the same text makes.
final class LayoutPagesEditTests: XCTestCase {
    private let font = FontSpec(pixelSize: 16)

    private struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    private static let pieces: [String] = ["a", "b", "word", "x", " ", " ", " ", "\n", "\r\n", "\t", "é", "e\u{301}", "👍🏽",
                                           "\u{00A0}", "longerwordthatwraps", "ש", "שלום", "1", "(", ")"]

    private func randomText(_ generator: inout Generator, pieces: Int, rightToLeft: Bool) -> String {
        var text = ""
        for _ in 0..<pieces {
            var piece = Self.pieces[generator.next(Self.pieces.count)]
            if !rightToLeft, piece.unicodeScalars.contains(where: { $0.value >= 0x0590 && $0.value < 0x0700 }) { piece = "q" }
            text += piece
        }
        return text
    }

    private func assertSame(_ layout: TextLayout, asFreshWith measurer: TextMeasuring, _ message: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        let fresh = TextLayout(text: Rope(layout.text.string), font: layout.font, lineHeight: layout.lineHeight, measurer: measurer,
                               wrapWidth: layout.wrapWidth, direction: layout.direction)
        XCTAssertEqual(layout.count, fresh.count, message, file: file, line: line)
        XCTAssertEqual(layout.levels, fresh.levels, "levels, " + message, file: file, line: line)
        XCTAssertEqual(Array(layout.caretStops), Array(fresh.caretStops), "stops, " + message, file: file, line: line)
        XCTAssertEqual(layout.lines, fresh.lines, "lines, " + message, file: file, line: line)
        XCTAssertEqual(layout.width, fresh.width, "width, " + message, file: file, line: line)
    }

    private func runRandomEdits(measurer: TextMeasuring, rightToLeft: Bool, seed: UInt64) {
        var generator = Generator(state: seed)
        var layout = TextLayout(text: Rope(randomText(&generator, pieces: 700, rightToLeft: rightToLeft)), font: font,
                                lineHeight: 24, measurer: measurer, wrapWidth: 120)
        for step in 0..<40 {
            let lower = generator.next(layout.count + 1)
            let upper = min(layout.count, lower + [0, 0, 1, 3, 40, 400][generator.next(6)])
            let inserted = randomText(&generator, pieces: [0, 1, 1, 2, 30, 200][generator.next(6)], rightToLeft: rightToLeft)
            let before = layout.text.string
            if generator.next(2) == 0 {
                layout.replacing(lower..<upper, with: Array(inserted)[...], measurer: measurer)
            } else {
                layout.replacing(lower..<upper, withText: Rope(inserted), measurer: measurer)
            }
            var expected = Array(before)
            expected.replaceSubrange(lower..<upper, with: Array(inserted))
            XCTAssertEqual(layout.text.string, String(expected))
            assertSame(layout, asFreshWith: measurer, "seed \(seed) step \(step): \(lower)..<\(upper) with \(inserted.debugDescription)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    func testRandomEditsOfPlainTextLayOutAsAFreshLayoutDoes() {
        for seed in 1...6 as ClosedRange<UInt64> { runRandomEdits(measurer: FakeMeasurer(), rightToLeft: false, seed: seed) }
    }

    func testRandomEditsOfTableMeasuredTextLayOutAsAFreshLayoutDoes() {
        for seed in 1...6 as ClosedRange<UInt64> { runRandomEdits(measurer: EvenTableMeasurer(), rightToLeft: false, seed: seed) }
    }

    func testRandomEditsOfBidiTextLayOutAsAFreshLayoutDoes() {
        for seed in 1...6 as ClosedRange<UInt64> { runRandomEdits(measurer: ShapingLikeMeasurer(), rightToLeft: true, seed: seed) }
    }

    /// A page summed from one measurer's ASCII table, measured again after an edit handed the
    /// layout a measurer without one, is measured by that measurer: no trap, the same stops.
    func testATablePageIsMeasuredAgainByAMeasurerWithoutATable() {
        let text = String(repeating: "plain ascii words ", count: 40)
        var layout = TextLayout(text: Rope(text), font: font, lineHeight: 24, measurer: EvenTableMeasurer())
        XCTAssertEqual(layout.pages.pages.first?.mode, .asciiTable)
        let measurer = FakeMeasurer()
        layout.replacing(layout.count..<layout.count, with: ["!"], measurer: measurer)
        XCTAssertEqual(layout.caretStops[5], 40)
        assertSame(layout, asFreshWith: measurer, "after the measurer changed")
    }
}
