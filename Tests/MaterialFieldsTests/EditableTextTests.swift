import XCTest
@testable import MaterialFields

final class EditableTextTests: XCTestCase {
    private let combiningAcute = "e\u{301}"
    private let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    private let flag = "🇵🇹"

    func testStyledTextJoinedMidClusterKeepsAStyleForEveryClusterThroughEdits() {
        // "e" and a bold U+0301 joined with +: one cluster as a whole, two pieces as given.
        let bold = TextAttributes(fontWeight: .bold)
        var text = EditableText(AttributedText("e") + AttributedText("\u{301}x", attributes: bold))
        XCTAssertEqual(text.count, 2)
        XCTAssertEqual(text.attributeRuns.count, text.count)
        XCTAssertEqual(text.attributeRuns.attributes(at: 0), .none, "the cluster takes its first piece's styles")
        XCTAssertEqual(text.attributeRuns.attributes(at: 1), bold)
        _ = text.apply(text.insertion("y", cause: .typing))
        XCTAssertEqual(text.text, "e\u{301}xy")
        XCTAssertEqual(text.attributeRuns.count, text.count)
    }

    func testCaretStepsOverWholeGraphemeClusters() {
        // Given text made of a combining sequence, a ZWJ family and a flag, caret at the end
        var text = EditableText("a" + combiningAcute + family + flag)
        XCTAssertEqual(text.count, 4)
        // When the caret moves back one step at a time
        var positions: [Int] = []
        for _ in 0..<5 { text.moveBackward(); positions.append(text.selection.head) }
        // Then each cluster is one step and the caret stops at the start
        XCTAssertEqual(positions, [3, 2, 1, 0, 0])
    }

    func testBackspaceDeletesOneWholeCluster() {
        for cluster in [combiningAcute, family, flag] {
            var text = EditableText("x" + cluster)
            text.deleteBackward()
            XCTAssertEqual(text.text, "x", "deleting \(cluster.unicodeScalars.map { String($0.value, radix: 16) })")
            XCTAssertEqual(text.selection, TextSelection(caret: 1))
        }
    }

    func testDeleteForwardDeletesOneWholeCluster() {
        var text = EditableText(flag + family + "z", caret: 0)
        text.deleteForward()
        XCTAssertEqual(text.text, family + "z")
        text.deleteForward()
        XCTAssertEqual(text.text, "z")
        XCTAssertEqual(text.selection.head, 0)
    }

    func testMovingForwardStepsOverClusters() {
        var text = EditableText(combiningAcute + flag, caret: 0)
        text.moveForward()
        XCTAssertEqual(text.selection.head, 1)
        text.moveForward()
        text.moveForward()
        XCTAssertEqual(text.selection.head, 2)
    }

    func testCombiningMarkTypedAfterLetterMergesIntoOneCluster() {
        var text = EditableText("e")
        text.insert("\u{301}")
        XCTAssertEqual(text.count, 1)
        XCTAssertEqual(text.selection.head, 1)
    }

    func testInsertReplacesSelection() {
        var text = EditableText("hello world")
        text.select(TextSelection(anchor: 6, head: 11))
        text.insert("there")
        XCTAssertEqual(text.text, "hello there")
        XCTAssertEqual(text.selection, TextSelection(caret: 11))
    }

    func testHomeAndEndWithShiftSelect() {
        var text = EditableText("abc", caret: 1)
        text.moveToEnd(extending: true)
        XCTAssertEqual(text.selection, TextSelection(anchor: 1, head: 3))
        XCTAssertEqual(text.selectedText, "bc")
        text.moveToStart()
        XCTAssertEqual(text.selection, TextSelection(caret: 0))
    }

    func testArrowCollapsesSelectionToTheEdgeInItsDirection() {
        var text = EditableText("abcdef")
        text.select(TextSelection(anchor: 1, head: 4))
        text.moveBackward()
        XCTAssertEqual(text.selection, TextSelection(caret: 1))
        text.select(TextSelection(anchor: 4, head: 1))
        text.moveForward()
        XCTAssertEqual(text.selection, TextSelection(caret: 4))
    }

    func testBackspaceAtStartDoesNothing() {
        var text = EditableText("abc", caret: 0)
        text.deleteBackward()
        XCTAssertEqual(text.text, "abc")
    }

    func testWordMovementAndDeletion() {
        var text = EditableText("one two  three")
        text.moveWordBackward()
        XCTAssertEqual(text.selection.head, 9)
        text.moveWordBackward()
        XCTAssertEqual(text.selection.head, 4)
        text.moveWordForward()
        XCTAssertEqual(text.selection.head, 7)
        text.moveToEnd()
        text.deleteWordBackward()
        XCTAssertEqual(text.text, "one two  ")
    }

    func testWordRangeCoversTheWordOrTheGapUnderTheOffset() {
        let text = EditableText("hi, you")
        XCTAssertEqual(text.wordRange(at: 0), 0..<2)
        XCTAssertEqual(text.wordRange(at: 2), 2..<4)
        XCTAssertEqual(text.wordRange(at: 6), 4..<7)
        XCTAssertEqual(text.wordRange(at: 99), 4..<7)
        XCTAssertEqual(EditableText("").wordRange(at: 0), 0..<0)
    }

    func testSelectionIsClampedToText() {
        var text = EditableText("ab")
        text.select(TextSelection(anchor: -3, head: 99))
        XCTAssertEqual(text.selection, TextSelection(anchor: 0, head: 2))
    }

    /// The text a painter draws from a layout's clusters is every cluster's bytes, in order,
    /// whatever their length: ASCII, a combining sequence, a ZWJ family, a flag, CJK, CRLF.
    func testTheTextOfARunOfClustersIsThoseClustersJoined() {
        let characters = Array("ab" + combiningAcute + family + "漢字" + flag + "\r\n" + "z")
        for lower in 0...characters.count {
            for upper in lower...characters.count {
                let clusters = characters[lower..<upper]
                XCTAssertEqual(String(clusters: clusters), String(clusters), "clusters \(lower)..<\(upper)")
            }
        }
    }
}
