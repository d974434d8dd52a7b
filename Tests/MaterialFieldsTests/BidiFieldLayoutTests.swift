import XCTest
@testable import MaterialFields

/// How a field with bidi text lays out and moves its caret: GTK's strong caret at line ends, clicks
/// past a line, visual movement across lines, the mirrored placeholder, rule L1 and what an edit costs.
final class BidiFieldLayoutTests: XCTestCase {
    private let font = FontSpec(pixelSize: 16)   // FakeMeasurer: 8 px a cluster
    private let hebrew = "אבג"

    private func layout(_ text: String, direction: WritingDirection = .leftToRight, wrap: Double? = nil) -> TextLayout {
        TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: FakeMeasurer(), wrapWidth: wrap,
                   direction: direction)
    }

    // MARK: Caret at a line end (GTK's strong cursor)

    /// "abcאבג" in a left-to-right paragraph: GTK's strong cursor at the end of the text stands at
    /// the line's right end (where a left-to-right character typed there appears).
    func testCaretAtEndOfLTRParagraphEndingInHebrewStandsAtTheLineEnd() {
        let text = layout("abc" + hebrew)
        XCTAssertEqual(text.x(of: 6, onLine: 0), 48, "caret at end of text is drawn mid-line")
        // Typing "d" there puts the "d" at 48...56 and the caret before it at 48: the caret
        // jumped 24 px to where the character was typed.
        let typed = layout("abc" + hebrew + "d")
        XCTAssertEqual(typed.x(of: 6, onLine: 0), text.x(of: 6, onLine: 0),
                       "the caret before typing is not where the typed character appears")
    }

    /// Mirror case: a right-to-left paragraph ending with Latin. GTK's strong cursor at the end is
    /// at the line's left end.
    func testCaretAtEndOfRTLParagraphEndingInLatinStandsAtTheLeftEnd() {
        let text = layout(hebrew + " abc", direction: .rightToLeft)
        // visual: "abc" 0...24, space 24...32, Hebrew 32...56
        XCTAssertEqual(text.x(of: 7, onLine: 0), 0, "caret at end of text is drawn mid-line")
    }

    /// Clicking past the right end of a left-to-right line gives the line's logical end, as GTK's
    /// pango_layout_line_x_to_index does.
    func testClickPastTheRightEndOfAMixedLineGivesTheLineEnd() {
        let text = layout("abc" + hebrew)
        let offset = text.offset(nearestTo: 1_000, onLine: 0)
        XCTAssertEqual(offset, 6)
        XCTAssertEqual(text.x(of: offset, onLine: 0), 48, accuracy: 0.5, "the caret lands far from the click")
    }

    /// In "abcאבג" some offset has its caret at the line's right end (48): the visual end can be
    /// reached by keyboard and mouse.
    func testEveryVisualEndOfALineIsReachable() {
        let text = layout("abc" + hebrew)
        let xs = (0...6).map { text.x(of: $0, onLine: 0) }
        XCTAssertTrue(xs.contains(48), "caret xs \(xs) never reach the right end")
    }

    // MARK: Visual movement in a text area

    /// In a right-to-left text area, Left at a mixed line's visual end goes on to the next line,
    /// never to a boundary to the right, and never bounces.
    func testLeftArrowInARightToLeftTextAreaNeverMovesTheCaretRight() {
        let field = TextField(identifier: "f", style: .filled, kind: .textArea, label: "", text: hebrew + " abc")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        _ = field.focus(at: 0)
        _ = field.handle(.home, modifiers: [], at: 0)
        XCTAssertEqual(field.textDirection, .rightToLeft)
        var lastX = field.caretFrame(origin: .zero)!.minX
        var heads = [field.editor.selection.head]
        for step in 0..<12 {
            _ = field.handle(.left, modifiers: [], at: 0)
            let x = field.caretFrame(origin: .zero)!.minX
            heads.append(field.editor.selection.head)
            XCTAssertLessThanOrEqual(x, lastX, "step \(step): Left moved the caret right; heads \(heads)")
            lastX = x
        }
    }

    // MARK: What an edit costs

    /// Counts what the layout asks of the measurer.
    private final class CountingMeasurer: TextMeasuring {
        var measured = 0
        var resolved: [Int] = []
        func advance(of text: Substring, font: FontSpec) -> Double { Double(text.count) * 8 }
        func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
        func caretStops(of text: Substring, font: FontSpec) -> [Double] {
            measured += text.count
            return (0...text.count).map { Double($0) * 8 }
        }
        func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8] {
            resolved.append(paragraph.count)
            return Bidi.simplifiedLevels(of: paragraph, base: base)
        }
    }

    /// A keystroke in a long Hebrew text area resolves the levels of its own paragraph only and
    /// measures only the page or two around it; an arrow key and the caret ask nothing of the measurer.
    func testAKeystrokeInALongHebrewTextAreaTouchesItsParagraphAndWordOnly() {
        let measurer = CountingMeasurer()
        let paragraph = String(repeating: "שלום ", count: 20)
        var text = TextLayout(characters: Array(Array(repeating: paragraph, count: 500).joined(separator: "\n")), font: font,
                              lineHeight: 24, measurer: measurer, wrapWidth: 400, direction: .rightToLeft)
        measurer.measured = 0
        measurer.resolved = []
        text.replacing(1_000..<1_000, with: ["ש"], measurer: measurer)
        XCTAssertEqual(measurer.resolved.count, 1)
        XCTAssertLessThanOrEqual(measurer.resolved.reduce(0, +), paragraph.count + 1, "levels resolved for more than the edited paragraph")
        XCTAssertLessThanOrEqual(measurer.measured, 2 * TextLayout.pageMaximumCount, "measured \(measurer.measured) clusters for one key")
        measurer.measured = 0
        let line = text.lineIndex(of: 1_001)
        _ = text.offset(visuallyFrom: 1_001, rightward: true, onLine: line)
        _ = text.caretRect(at: 1_001, width: 2)
        XCTAssertEqual(measurer.measured, 0)
    }

    /// Left and Right walk a long mixed line: each press is a lookup in the line's order, and the
    /// walk still reaches every boundary once.
    func testRightArrowWalksALongMixedLineThroughEveryBoundary() {
        let text = layout(String(repeating: "ab אב ", count: 300))
        var offset = text.visualEnd(ofLine: 0, leftmost: true)
        var seen: Set<Int> = [offset]
        while let next = text.offset(visuallyFrom: offset, rightward: true, onLine: 0) {
            XCTAssertTrue(seen.insert(next).inserted, "\(next) reached twice")
            offset = next
        }
        XCTAssertEqual(seen.count, text.count + 1)
    }

    // MARK: Mirrored layout

    /// A right-to-left field with natural alignment: the placeholder's right edge is where
    /// right-to-left text starts (the caret at offset 0).
    func testMirroredPlaceholderLinesUpWithTheText() {
        let empty = makeField(.filled, label: "", placeholder: "חיפוש", text: "", width: 300)
        empty.layoutDirection = .rightToLeft
        _ = empty.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let layout = empty.layout!
        let placeholder = layout.placeholder!
        let filled = makeField(.filled, label: "", placeholder: "חיפוש", text: "חיפוש", width: 300)
        filled.layoutDirection = .rightToLeft
        _ = filled.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let runs = filled.textLayout!.visualRuns(onLine: 0, meeting: 0, 1_000)
        let textRight = filled.layout!.textLine.minX + runs.last!.x
            + Double(runs.last!.clusters.count) * 8
        XCTAssertEqual(placeholder.origin.x + placeholder.width, textRight, accuracy: 0.5,
                       "placeholder and typed text of the same string do not line up")
    }

    /// The same with a left-to-right placeholder in a mirrored field (alignment 0): the
    /// placeholder starts where left-to-right text starts.
    func testMirroredLeftToRightPlaceholderStartsWhereTextStarts() {
        let field = makeField(.filled, label: "", placeholder: "Search", text: "", width: 300)
        field.layoutDirection = .rightToLeft
        _ = field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(field.textDirection, .leftToRight)
        let layout = field.layout!
        XCTAssertEqual(layout.placeholder!.origin.x, layout.textLine.minX, accuracy: 0.5)
        XCTAssertEqual(field.textLayout!.x(of: 0, onLine: 0), 0)
    }

    // MARK: Scrolling of right-to-left text

    /// A single-line field whose right-to-left text is wider than its band shows the start of
    /// its text (on the right) when it is not being edited.
    func testAnUnfocusedOverflowingHebrewFieldShowsTheStartOfItsText() {
        let text = String(repeating: "שלום ", count: 20)   // 100 clusters, 800 px
        let field = makeField(.filled, label: "", text: text, width: 300)
        let layout = field.textLayout!
        let band = field.layout!.textLine
        let runs = layout.visualRuns(onLine: 0, meeting: layout.scrollX, layout.scrollX + band.width)
        let shown = runs.map(\.clusters)
        XCTAssertTrue(shown.contains { $0.contains(0) }, "the first cluster is not shown; shown \(shown), scrollX \(layout.scrollX)")
    }

    /// A right-to-left text area line ending in a no-break space: the no-break space does not
    /// hang (rule L1 and the alignment agree), so the line's start is at the right edge.
    func testATrailingNoBreakSpaceDoesNotPullRightToLeftTextOffTheRightEdge() {
        var plain = layout(hebrew, direction: .rightToLeft, wrap: 200)
        plain.align(1, in: 200)
        var nbsp = layout(hebrew + "\u{00A0}", direction: .rightToLeft, wrap: 200)
        nbsp.align(1, in: 200)
        XCTAssertEqual(plain.x(of: 0, onLine: 0), 200)
        XCTAssertEqual(nbsp.x(of: 0, onLine: 0), 200, "the line's start is not at the right edge")
    }
}
