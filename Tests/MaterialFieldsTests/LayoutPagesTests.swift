import XCTest
@testable import MaterialFields
@testable import TextEditing

/// A measurer that adds up one advance per ASCII byte, as the Xft host's does, and says so
/// (`asciiAdvances`), so layouts of ASCII text keep only their pages' widths.
private final class TableMeasurer: TextMeasuring {
    private(set) var measuredClusters = 0
    private var known = [Double](repeating: .nan, count: 128)
    func advance(of text: Substring, font: FontSpec) -> Double { caretStops(of: text, font: font).last ?? 0 }
    func lineMetrics(for font: FontSpec) -> LineMetrics { LineMetrics(ascent: 12, descent: 4) }
    private func width(_ byte: UInt8) -> Double { 5 + Double(byte % 7) * 0.25 }
    func caretStops(of text: Substring, font: FontSpec) -> [Double] {
        measuredClusters += text.count
        var stops = [0.0]
        for cluster in text {
            if let byte = cluster.asciiValue, cluster.unicodeScalars.count == 1 {
                known[Int(byte)] = width(byte)
                stops.append(stops.last! + width(byte))
            } else {
                stops.append(stops.last! + 9)
            }
        }
        return stops
    }
    func asciiAdvances(for font: FontSpec) -> [Double]? { known }
}

final class LayoutPagesTests: XCTestCase {
    private let font = FontSpec(pixelSize: 16)

    private func words(_ count: Int, seed: Int = 1) -> String {
        let words = ["page", "cut", "after", "a", "space", "where", "it", "can", "measured", "alone"]
        return (0..<count).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ")
    }

    /// The stops of every cluster, read through the pages, are the measurer's stops of the whole
    /// text (ASCII summed from the table, the rest measured), at any offset, in any order.
    func testStopsReadThroughPagesAreTheMeasurersStopsOfTheWholeText() {
        let measurer = TableMeasurer()
        let text = words(3_000) + "\n" + words(500, seed: 3)
        let whole = measurer.caretStops(of: Substring(text), font: font)
        var expected = [0.0]
        for (index, cluster) in text.enumerated() {
            expected.append(expected[index] + (cluster.isNewline ? 0 : whole[index + 1] - whole[index]))
        }
        let layout = TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: measurer, wrapWidth: 300)
        XCTAssertGreaterThan(layout.pages.pages.count, 50)
        XCTAssertTrue(layout.pages.pages.allSatisfy { $0.mode == .asciiTable }, "ASCII in a plain font is summed from the table")
        for offset in stride(from: text.count, through: 0, by: -37) {
            XCTAssertEqual(layout.caretStops[offset], expected[offset], accuracy: 1e-9, "stop \(offset)")
        }
        XCTAssertEqual(layout.width, expected.last!, accuracy: 1e-9)
    }

    /// Pages whose stops were let go are measured again, alone, to the very same stops: a long
    /// text read end to end keeps at most the cache's pages, and every stop matches a layout
    /// that never let any go.
    func testPagesLetGoAreMeasuredAgainToTheSameStops() {
        let measurer = ShapingLikeMeasurer()
        let text = Array(String(repeating: "שלום עולם ", count: 8_000))
        let layout = TextLayout(characters: text, font: font, lineHeight: 24, measurer: measurer, wrapWidth: 200)
        XCTAssertGreaterThan(layout.pages.pages.count, LayoutPageCache.capacity)
        // The whole text measured at once: a page cut after a space measures alone as in it.
        let expected = measurer.caretStops(of: Substring(String(text)), font: font, levels: layout.levels!)
        let firstPass = (0...text.count).map { layout.caretStops[$0] }
        XCTAssertLessThanOrEqual(layout.pageCache.count, LayoutPageCache.capacity)
        let secondPass = (0...text.count).reversed().map { layout.caretStops[$0] }
        XCTAssertEqual(firstPass, expected)
        XCTAssertEqual(secondPass.reversed(), expected)
        XCTAssertEqual(layout.text.string, String(text))
        XCTAssertEqual(String(layout.characters), String(text))
    }

    /// Pages end after a space once they are long enough, and a word longer than a page is cut
    /// at the page's most clusters.
    func testPagesEndAfterASpaceOrAtTheirMostClusters() {
        let measurer = FakeMeasurer()
        let long = String(repeating: "x", count: 1_000)
        let text = words(200) + " " + long + " end"
        let layout = TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: measurer)
        var start = 0
        for page in layout.pages.pages {
            XCTAssertLessThanOrEqual(page.count, LayoutPages.maximumCount)
            let end = start + page.count
            if page.count < LayoutPages.maximumCount && end < text.count {
                XCTAssertGreaterThanOrEqual(page.count, LayoutPages.minimumCount)
                XCTAssertTrue(layout.characters[end - 1].isWhitespace, "page \(start)..<\(end) ends inside a word")
            }
            start = end
        }
        XCTAssertEqual(start, text.count)
    }

    /// A whole long text deleted and put back by undo gives back the layout made for it, without
    /// measuring or wrapping it again.
    func testUndoingAWholeTextDeletionRestoresItsLayoutWithoutMeasuring() {
        let measurer = FakeMeasurer()
        let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Message", text: words(4_000))
        field.layOut(width: 400, metrics: MaterialMetrics(), measurer: measurer)
        field.focus(at: 0)
        let before = field.textLayout!
        field.selection = TextSelection(anchor: 0, head: field.count)
        _ = field.handle(.backspace, modifiers: [], at: 1)
        XCTAssertEqual(field.count, 0)
        let measured = measurer.measuredClusters
        field.undo(at: 2)
        XCTAssertEqual(measurer.measuredClusters, measured, "the text was measured again")
        let restored = field.textLayout!
        XCTAssertEqual(restored.lines, before.lines)
        XCTAssertTrue(restored.text.isIdentical(to: field.editor.storage.rope))
        let fresh = TextLayout(text: field.editor.storage.rope, font: before.font, lineHeight: before.lineHeight,
                               measurer: measurer, wrapWidth: before.wrapWidth)
        XCTAssertEqual(restored.lines, fresh.lines)
        XCTAssertEqual(restored.caretStops, fresh.caretStops)
        // Redo deletes it again; typing then lays the new text out as usual.
        field.redo(at: 3)
        XCTAssertEqual(field.count, 0)
        field.insert("a", at: 4)
        XCTAssertEqual(field.textLayout!.count, 1)
    }

    /// A paste of a long plain text gives the layout the field's own rope: nothing of it is
    /// copied into the layout, and no array of its clusters is made.
    func testAPastedLongTextIsTheFieldsOwnRopeInTheLayout() {
        let field = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Message")
        field.layOut(width: 400, metrics: MaterialMetrics(), measurer: TableMeasurer())
        field.focus(at: 0)
        let arrays = EditableText.arraysMade
        field.paste(words(20_000), at: 1)
        XCTAssertEqual(EditableText.arraysMade, arrays, "the paste made an array of the text's clusters")
        XCTAssertTrue(field.textLayout!.text.isIdentical(to: field.editor.storage.rope))
        XCTAssertEqual(field.textLayout!.count, field.count)
    }
}
