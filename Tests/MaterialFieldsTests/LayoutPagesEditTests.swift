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
                               wrapWidth: layout.wrapWidth, direction: layout.direction, styles: layout.styles)
        XCTAssertEqual(layout.styles, fresh.styles, "styles, " + message, file: file, line: line)
        XCTAssertEqual(layout.baselineInLine, fresh.baselineInLine, "baseline, " + message, file: file, line: line)
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

    /// Styled text edited (with styles, or taking the styles before) and restyled lays out as a
    /// fresh layout of the same text and styles does.
    func testRandomEditsAndRestylesOfStyledTextLayOutAsAFreshLayoutDoes() {
        let measurer = ShapingLikeMeasurer()
        let kinds = [TextAttributes.none, TextAttributes(fontSize: 32), TextAttributes(fontSize: 24, kern: 2), TextAttributes(fontWeight: .bold)]
        for seed in 1...4 as ClosedRange<UInt64> {
            var generator = Generator(state: seed)
            let text = randomText(&generator, pieces: 600, rightToLeft: seed % 2 == 0)
            var styles = AttributeRuns(count: text.count)
            styles.setAttributes(kinds[1], in: 10..<(min(text.count, 400)))
            var layout = TextLayout(text: Rope(text), font: font, lineHeight: 24, measurer: measurer, wrapWidth: 150, styles: styles)
            for step in 0..<30 {
                let lower = generator.next(layout.count + 1)
                let upper = min(layout.count, lower + [0, 1, 5, 60][generator.next(4)])
                if generator.next(3) == 0 {
                    var new = layout.styles ?? AttributeRuns(count: layout.count)
                    new.setAttributes(kinds[generator.next(kinds.count)], in: lower..<upper)
                    layout.restyle(generator.next(5) == 0 ? nil : new, measurer: measurer)
                } else {
                    let inserted = randomText(&generator, pieces: [0, 1, 3, 50][generator.next(4)], rightToLeft: seed % 2 == 0)
                    let count = inserted.count
                    let newStyles = generator.next(2) == 0 ? nil : AttributeRuns(count: count, attributes: kinds[generator.next(kinds.count)])
                    if generator.next(2) == 0 {
                        layout.replacing(lower..<upper, with: Array(inserted)[...], styles: newStyles, measurer: measurer)
                    } else {
                        layout.replacing(lower..<upper, withText: Rope(inserted), styles: newStyles, measurer: measurer)
                    }
                }
                assertSame(layout, asFreshWith: measurer, "seed \(seed) step \(step) at \(lower)..<\(upper)")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
    }

    /// Widths that are 0 for many clusters (a line break, a zero-width space, 'z'), so pages and
    /// runs of stops are flat: the searches over pages and stops find what a scan of every stop finds.
    private final class FlatMeasurer: TextMeasuring {
        func advance(of text: Substring, font: FontSpec) -> Double { caretStops(of: text, font: font).last ?? 0 }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] {
            var stops = [0.0]
            for cluster in text { stops.append(stops.last! + (cluster == "z" || cluster == "\u{200B}" ? 0 : cluster == "w" ? 13 : 5)) }
            return stops
        }
    }

    func testBoundarySearchesFindWhatAScanOfEveryStopFinds() {
        var generator = Generator(state: 7)
        var text = ""
        for _ in 0..<900 {
            text += ["z", "zz", "\u{200B}", "w", "a", " ", "\n", "\n\n\n", "é"][generator.next(9)]
            if generator.next(40) == 0 { text += String(repeating: "\n", count: 300) }
            if generator.next(40) == 0 { text += String(repeating: "z", count: 500) }
        }
        let layout = TextLayout(text: Rope(text), font: font, lineHeight: 24, measurer: FlatMeasurer(), wrapWidth: 60)
        let stops = Array(layout.caretStops)
        XCTAssertGreaterThan(layout.pages.pages.count, 5)
        for _ in 0..<3_000 {
            let start = generator.next(layout.count + 1)
            let end = min(layout.count, start + generator.next(2_000))
            let x = Double(generator.next(Int(layout.width) + 40)) - 20 + [0, 0.5][generator.next(2)]
            var cursor = ClusterCursor(layout)
            let last = layout.lastBoundary(atOrLeftOf: x, in: start, end, cursor: &cursor)
            let expectedLast = (start...end).last { stops[$0] <= x } ?? start
            XCTAssertEqual(last, expectedLast, "last boundary at or left of \(x) in \(start)...\(end)")
            for strictly in [false, true] {
                let first = layout.firstBoundary(rightOf: x, strictly: strictly, in: start, end)
                let expectedFirst = (start...end).first { strictly ? stops[$0] > x : stops[$0] >= x } ?? end + 1
                XCTAssertEqual(first, expectedFirst, "first boundary right of \(x) (strictly: \(strictly)) in \(start)...\(end)")
            }
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }

    /// Clusters handed to an edit that join with the text's own (a line feed after a carriage
    /// return, a combining mark after a letter, a second regional indicator) lay out as a fresh
    /// layout of the joined text does, plain and styled.
    func testAnEditWhoseClustersJoinTheirNeighboursLaysOutAsTheJoinedText() {
        let measurer = ShapingLikeMeasurer()
        let cases: [(String, Range<Int>, [Character])] = [("ab\rcd", 3..<3, ["\n"]), ("ab\rcd", 3..<4, ["\n", "x"]),
                                                          ("abe", 3..<3, ["\u{301}"]), ("a\u{1F1EB}b", 2..<3, ["\u{1F1F7}"]),
                                                          ("ab\rcd", 3..<3, ["\n", "\n"]), ("שב a\rcd", 5..<5, ["\n", "ש"])]
        for (text, range, inserted) in cases {
            for styled in [false, true] {
                let styles = styled ? AttributeRuns([(1, TextAttributes.none), (text.count - 1, TextAttributes(fontSize: 32))]) : nil
                for viaRope in [false, true] {
                    var layout = TextLayout(text: Rope(text), font: font, lineHeight: 24, measurer: measurer, wrapWidth: 40, styles: styles)
                    if viaRope {
                        layout.replacing(range, withText: Rope(String(inserted)), measurer: measurer)
                    } else {
                        layout.replacing(range, with: inserted[...], measurer: measurer)
                    }
                    XCTAssertEqual(layout.styles?.count ?? layout.count, layout.count, "styles cover \(text.debugDescription)")
                    XCTAssertEqual(layout.levels?.count ?? layout.count, layout.count, "levels cover \(text.debugDescription)")
                    let fresh = TextLayout(text: Rope(layout.text.string), font: font, lineHeight: 24, measurer: measurer, wrapWidth: 40,
                                           styles: layout.styles)
                    XCTAssertEqual(layout.lines, fresh.lines, "\(text.debugDescription) \(range) \(inserted)")
                    XCTAssertEqual(layout.levels, fresh.levels, "\(text.debugDescription) \(range) \(inserted)")
                    XCTAssertEqual(Array(layout.caretStops), Array(fresh.caretStops), "\(text.debugDescription) \(range) \(inserted)")
                }
            }
        }
    }

    /// A text area typed in, pasted into (long texts too, over everything), cut back with
    /// Backspace and taken back and forth by undo and redo keeps the layout a fresh layout of its
    /// text makes, whether an edit measured it or a whole-text undo restored it.
    func testAFieldsLayoutThroughTypingPastesUndoAndRedoIsAFreshLayoutsOfItsText() {
        for (seed, measurer) in [(UInt64(3), FakeMeasurer() as TextMeasuring), (4, EvenTableMeasurer()), (5, ShapingLikeMeasurer())] {
            var generator = Generator(state: seed)
            let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Notes",
                                  text: randomText(&generator, pieces: 300, rightToLeft: seed == 5))
            field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
            field.focus(at: 0)
            var time = 1.0
            for step in 0..<40 {
                time += 1
                let head = generator.next(field.count + 1)
                switch generator.next(7) {
                case 0: field.selection = TextSelection(anchor: 0, head: field.count)
                        field.paste(randomText(&generator, pieces: 2_000, rightToLeft: seed == 5), at: time)
                case 1: field.selection = TextSelection(anchor: 0, head: field.count)
                        _ = field.handle(.backspace, modifiers: [], at: time)
                case 2: field.undo(at: time)
                case 3: field.redo(at: time)
                case 4: field.selection = TextSelection(anchor: head, head: min(field.count, head + generator.next(30)))
                        _ = field.handle(.backspace, modifiers: [], at: time)
                default: field.selection = TextSelection(caret: head)
                         field.insert(randomText(&generator, pieces: 1 + generator.next(3), rightToLeft: seed == 5), at: time)
                }
                guard let layout = field.textLayout else { return XCTFail("no layout") }
                XCTAssertEqual(layout.text.string, field.text, "seed \(seed) step \(step)")
                assertSame(layout, asFreshWith: measurer, "seed \(seed) step \(step)")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
    }

    /// Words longer than a page (cut at its most clusters) and pages of nothing but line breaks,
    /// edited inside and at their edges, lay out as a fresh layout does.
    func testEditsInWordsLongerThanAPageAndInRunsOfLineBreaksLayOutAsAFreshLayoutDoes() {
        for measurer in [FakeMeasurer() as TextMeasuring, EvenTableMeasurer()] {
            var generator = Generator(state: 11)
            let text = "start " + String(repeating: "x", count: 1_000) + " mid " + String(repeating: "\n", count: 900) + "end "
                + String(repeating: "y", count: 800)
            var layout = TextLayout(text: Rope(text), font: font, lineHeight: 24, measurer: measurer, wrapWidth: 100)
            for step in 0..<60 {
                let lower = generator.next(layout.count + 1)
                let upper = min(layout.count, lower + [0, 1, 2, 384, 500][generator.next(5)])
                let inserted = [" ", "\n", "z", "", String(repeating: "w", count: 400), String(repeating: "\n", count: 130)][generator.next(6)]
                layout.replacing(lower..<upper, withText: Rope(inserted), measurer: measurer)
                assertSame(layout, asFreshWith: measurer, "step \(step): \(lower)..<\(upper) with \(inserted.count) clusters")
                if testRun?.failureCount ?? 0 > 0 { return }
            }
        }
    }

    /// The very rope a whole-text replacement removed, put back with other styles or after the
    /// layout was wrapped at another width, is laid out anew, not given the layout it had.
    func testTheRopePutBackWithOtherStylesOrAtAnotherWidthIsNotGivenItsOldLayout() {
        let measurer = FakeMeasurer()
        let rope = Rope(String(repeating: "restore only what is the same ", count: 200))
        let bold = AttributeRuns(count: rope.count, attributes: TextAttributes(fontSize: 32))
        for change in ["styles", "width", "nothing"] {
            var layout = TextLayout(text: rope, font: font, lineHeight: 24, measurer: measurer, wrapWidth: 300)
            layout.replacing(0..<layout.count, withText: Rope(), whole: Rope(), measurer: measurer)
            if change == "width" { layout.rewrap(width: 200) }
            layout.replacing(0..<0, withText: rope, whole: rope, styles: change == "styles" ? bold : nil, measurer: measurer)
            XCTAssertEqual(layout.lastEditCost.pagesMeasured == 0, change == "nothing", "restored after a change of \(change)")
            let fresh = TextLayout(text: rope, font: font, lineHeight: 24, measurer: measurer, wrapWidth: change == "width" ? 200 : 300,
                                   styles: change == "styles" ? bold : nil)
            XCTAssertEqual(layout.lines, fresh.lines, change)
            XCTAssertEqual(layout.styles, fresh.styles, change)
            XCTAssertEqual(Array(layout.caretStops), Array(fresh.caretStops), change)
        }
    }

    /// A measurer that gives a stop too few for a text with "q", else NaN after an "n" and
    /// infinity after an "i": nothing traps, every stop is finite and rising, the lines cover the text, and
    /// a page measured again (its stops let go) is repaired to the very same stops. (A page's
    /// repair depends on where it was cut, so an edited layout need not equal a fresh one here.)
    private final class UnreliableMeasurer: TextMeasuring {
        func advance(of text: Substring, font: FontSpec) -> Double { .nan }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] {
            var stops = [0.0]
            let short = text.contains("q")
            for cluster in text {
                stops.append(!short && cluster == "n" ? .nan : !short && cluster == "i" ? .infinity : stops.last!.isFinite ? stops.last! + 7 : 3)
            }
            if short { stops.removeLast() }
            return stops
        }
    }

    func testAMeasurersWrongCountsAndNonFiniteStopsAreRepairedTheSameWhenAPageIsMeasuredAgain() {
        let measurer = UnreliableMeasurer()
        var generator = Generator(state: 21)
        let letters = ["a", "a", "a", "n", "i", "q", " ", " ", "é", "ש"]
        var layout = TextLayout(text: Rope((0..<3_000).map { _ in letters[generator.next(letters.count)] }.filter { $0 != "q" }.joined()), font: font,
                                lineHeight: 24, measurer: measurer, wrapWidth: 90)
        for step in 0..<30 {
            let lower = generator.next(layout.count + 1)
            let upper = min(layout.count, lower + generator.next(50))
            let inserted = (0..<generator.next(40)).map { _ in letters[generator.next(letters.count)] }.joined()
            layout.replacing(lower..<upper, withText: Rope(inserted), measurer: measurer)
            let stops = Array(layout.caretStops)
            XCTAssertTrue(stops.allSatisfy(\.isFinite), "step \(step)")
            XCTAssertTrue(zip(stops, stops.dropFirst()).allSatisfy { $0 <= $1 }, "step \(step)")
            XCTAssertEqual(layout.lines.first?.clusters.lowerBound, 0)
            XCTAssertEqual(layout.lines.last?.clusters.upperBound, layout.count)
            LayoutPageCache.shared.removeAll()
            XCTAssertEqual(Array(layout.caretStops), stops, "step \(step)")
            if testRun?.failureCount ?? 0 > 0 { return }
        }
    }
}
