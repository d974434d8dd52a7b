import XCTest
@testable import MaterialFields

/// The run list styled text is kept in: runs cover the text exactly, never empty, never two equal
/// neighbours, and the edits keep that.
final class AttributeRunsTests: XCTestCase {
    private let bold = TextAttributes(fontWeight: .bold)
    private let italic = TextAttributes(isItalic: true)
    private let red = TextAttributes(foregroundColor: Color(hex: 0xFF0000))

    func testRunsCoverTheTextAndMergeEqualNeighbours() {
        let runs = AttributeRuns([(2, bold), (0, italic), (3, bold), (1, .none)])
        XCTAssertEqual(runs.lengths, [5, 1])
        XCTAssertEqual(runs.runs.map(\.range), [0..<5, 5..<6])
        XCTAssertEqual(runs.count, 6)
        XCTAssertEqual(AttributeRuns(count: 0, attributes: bold), AttributeRuns())
    }

    func testAttributesAtAnOffsetClampIntoTheText() {
        let runs = AttributeRuns([(2, bold), (2, italic)])
        XCTAssertEqual(runs.attributes(at: 0), bold)
        XCTAssertEqual(runs.attributes(at: 1), bold)
        XCTAssertEqual(runs.attributes(at: 2), italic)
        XCTAssertEqual(runs.attributes(at: 99), italic)
        XCTAssertEqual(runs.attributes(at: -3), bold)
        XCTAssertEqual(AttributeRuns().attributes(at: 0), .none)
    }

    func testReplacingARangeSplicesRunsAndMergesAtTheSeams() {
        var runs = AttributeRuns([(3, bold), (3, italic)])
        runs.replaceSubrange(2..<4, with: AttributeRuns(count: 2, attributes: bold))
        XCTAssertEqual(runs.lengths, [4, 2])
        runs.replaceSubrange(0..<6, with: AttributeRuns())
        XCTAssertTrue(runs.isEmpty)
        runs.replaceSubrange(0..<0, with: AttributeRuns(count: 2, attributes: red))
        XCTAssertEqual(runs.runs, [AttributeRun(range: 0..<2, attributes: red)])
        runs.replaceSubrange(5..<9, with: AttributeRuns(count: 1, attributes: red))
        XCTAssertEqual(runs.lengths, [3])
    }

    func testAddingAttributesMergesKeysAndSettingReplacesThem() {
        var runs = AttributeRuns([(2, bold), (2, italic)])
        runs.addAttributes(red, in: 1..<3)
        XCTAssertEqual(runs.values, [bold, bold.merging(red), italic.merging(red), italic])
        runs.setAttributes(.none, in: 0..<4)
        XCTAssertEqual(runs, AttributeRuns(count: 4))
        XCTAssertTrue(runs.isPlain)
    }

    func testAttributedTextSlicesAndConcatenatesClustersWithTheirRuns() {
        var text = AttributedText("ab", attributes: bold) + AttributedText("e\u{301}👨‍👩‍👧", attributes: italic)
        XCTAssertEqual(text.count, 4)
        XCTAssertEqual(text[1..<3].runs, [AttributeRun(range: 0..<1, attributes: bold), AttributeRun(range: 1..<2, attributes: italic)])
        text.replaceSubrange(0..<1, with: AttributedText("X", attributes: italic))
        XCTAssertEqual(text.string, "Xbe\u{301}👨‍👩‍👧")
        XCTAssertEqual(text.attributes(at: 0), italic)
        XCTAssertEqual(AttributedText(characters: Array("abc"), runs: AttributeRuns(count: 1, attributes: bold)).runs.map(\.range), [0..<1, 1..<3])
    }

    func testResolvingTakesUnsetKeysFromTheDefaults() {
        let defaults = TextAttributes(fontSize: 16, foregroundColor: Color(hex: 0x000000))
        XCTAssertEqual(red.resolved(over: defaults), TextAttributes(fontSize: 16, foregroundColor: Color(hex: 0xFF0000)))
    }
}
