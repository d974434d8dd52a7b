import XCTest
@testable import MaterialFields

final class RopeTests: XCTestCase {
    /// Pieces that test segmentation at chunk and edit edges: combining marks, ZWJ emoji,
    /// regional indicators, CR LF and lone CR/LF, Hangul jamo that join into syllables, Arabic,
    /// Devanagari with a virama, the Unicode line and paragraph separators.
    private let pieces = ["a", "e", "\u{301}", "👩", "\u{200D}", "🇫", "🇷", "🇩🇪", "中", " ", "👨‍👩‍👧‍👦", "x\u{308}\u{301}",
                          "\r", "\n", "\r\n", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "مرحبا", "\u{0627}\u{0644}\u{064E}",
                          "क्", "त", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "word ", "é"]

    private func randomText(_ generator: inout SeededGenerator, pieces count: Int) -> String {
        (0..<count).map { _ in
            // Now and then a long ASCII run, so texts span many leaves.
            Int.random(in: 0..<12, using: &generator) == 0
                ? String(repeating: "lorem ipsum ", count: Int.random(in: 20...200, using: &generator))
                : pieces.randomElement(using: &generator)!
        }.joined()
    }

    /// Every query of `rope` agrees with `model`, the clusters Swift makes of the same text.
    private func assertMatches(_ rope: Rope, _ model: [Character], full: Bool, _ generator: inout SeededGenerator,
                               _ message: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(rope.structuralProblem(), message() + " [1]", file: file, line: line)
        XCTAssertEqual(rope.count, model.count, message() + " [2]", file: file, line: line)
        let text = String(model)
        XCTAssertEqual(rope.utf8Count, text.utf8.count, message() + " [3]", file: file, line: line)
        XCTAssertEqual(rope.lineBreakCount, model.filter(\.isNewline).count, message() + " [4]", file: file, line: line)
        if full {
            XCTAssertEqual(Array(rope), model, message() + " [5]", file: file, line: line)
            XCTAssertEqual(rope.string, text, message() + " [6]", file: file, line: line)
        }
        guard !model.isEmpty else { return }
        for _ in 0..<3 {
            let offset = Int.random(in: 0..<model.count, using: &generator)
            XCTAssertEqual(rope[offset], model[offset], message() + " [7]", file: file, line: line)
            let bytes = String(model[..<offset]).utf8.count
            XCTAssertEqual(rope.utf8Offset(ofCluster: offset), bytes, message() + " [8]", file: file, line: line)
            XCTAssertEqual(rope.clusterOffset(ofUTF8: bytes), offset, message() + " [9]", file: file, line: line)
            // A byte inside a multi-byte cluster belongs to it; rounding up gives the next one.
            if model[offset].utf8.count > 1 {
                XCTAssertEqual(rope.clusterOffset(ofUTF8: bytes + 1), offset, message() + " [10]", file: file, line: line)
                XCTAssertEqual(rope.clusterOffset(ofUTF8: bytes + 1, roundingUp: true), offset + 1, message() + " [11]", file: file, line: line)
            }
            let lineIndex = model[..<offset].filter(\.isNewline).count
            XCTAssertEqual(rope.line(containing: offset), lineIndex, message() + " [12]", file: file, line: line)
            let lineStart = model[..<offset].lastIndex(where: \.isNewline).map { $0 + 1 } ?? 0
            XCTAssertEqual(rope.startOfLine(lineIndex), lineStart, message() + " [13]", file: file, line: line)
            let upper = Int.random(in: offset...min(model.count, offset + 400), using: &generator)
            XCTAssertEqual(Array(rope.slice(offset..<upper)), Array(model[offset..<upper]), message() + " [14]", file: file, line: line)
            XCTAssertEqual(rope.string(in: offset..<upper), String(model[offset..<upper]), message() + " [15]", file: file, line: line)
        }
    }

    func testRandomEditsAgreeWithSwiftsSegmentationOfTheWholeText() {
        var generator = SeededGenerator(seed: 28)
        for round in 0..<4 {
            let initial = randomText(&generator, pieces: Int.random(in: 0...60, using: &generator))
            var rope = Rope(initial)
            var model = Array(initial)
            assertMatches(rope, model, full: true, &generator, "round \(round), initial")
            for step in 0..<100 {
                let lower = Int.random(in: 0...model.count, using: &generator)
                let upper = Int.random(in: lower...min(model.count, lower + Int.random(in: 0...40, using: &generator)), using: &generator)
                let replacement = randomText(&generator, pieces: Int.random(in: 0...4, using: &generator))
                let before = rope, beforeModel = model
                let change = rope.replaceSubrange(lower..<upper, with: replacement)
                let text = String(model[..<lower]) + replacement + String(model[upper...])
                model = Array(text)
                let message = "round \(round), step \(step): \(lower)..<\(upper) with \(replacement.debugDescription)"
                assertMatches(rope, model, full: step % 10 == 0, &generator, message)
                // What changed is the window: outside it every cluster is the old one.
                XCTAssertLessThanOrEqual(change.window.lowerBound, lower, message)
                XCTAssertGreaterThanOrEqual(change.window.upperBound, upper, message)
                XCTAssertEqual(Array(model[..<change.window.lowerBound]), Array(beforeModel[..<change.window.lowerBound]), message)
                XCTAssertEqual(model.count - change.newCount, beforeModel.count - change.window.count, message)
                XCTAssertEqual(change.caret, Array(String(model[..<lower]) + replacement).count, message)
                // The old version is still whole: the edit shared its nodes, it did not change them.
                if step % 25 == 0 { XCTAssertEqual(Array(before), beforeModel, message) }
            }
        }
    }

    func testReplacingWithARopePutsBackItsClustersAsTextWould() {
        var generator = SeededGenerator(seed: 9)
        for round in 0..<40 {
            let initial = randomText(&generator, pieces: 40)
            var rope = Rope(initial)
            let model = Array(initial)
            let lower = Int.random(in: 0...model.count, using: &generator)
            let upper = Int.random(in: lower...model.count, using: &generator)
            let inserted = randomText(&generator, pieces: Int.random(in: 0...30, using: &generator))
            rope.replaceSubrange(lower..<upper, with: Rope(inserted))
            let expected = Array(String(model[..<lower]) + inserted + String(model[upper...]))
            assertMatches(rope, expected, full: true, &generator, "round \(round)")
        }
    }

    func testADeletionUndoneSharesTheDeletedNodesInsteadOfCopyingThem() throws {
        let text = String(repeating: "The quick brown fox jumps over the lazy dog.\n", count: 20_000)
        var rope = Rope(text)
        let original = rope
        let range = 1_000..<(rope.count - 1_000)
        let deleted = rope.slice(range)
        rope.replaceSubrange(range, with: "")
        XCTAssertEqual(rope.count, 2_000)
        let change = rope.replaceSubrange(1_000..<1_000, with: deleted)
        XCTAssertEqual(change, RopeReplacement(window: 1_000..<1_000, newCount: range.count, caret: range.upperBound))
        XCTAssertEqual(rope, original)
        XCTAssertNil(rope.structuralProblem())
        // Only the leaves on the cut paths are new.
        XCTAssertGreaterThanOrEqual(rope.sharedLeafCount(with: original), original.leafCount - 6,
                                    "the undo put the old leaves back, not copies of their text")
    }

    func testLinesAreFoundByTheirBreaksOfEveryKind() {
        let rope = Rope("one\r\ntwo\rthree\nfour\u{2028}five\u{85}six\u{0B}seven")
        XCTAssertEqual(rope.lineBreakCount, 6)
        XCTAssertEqual((0...7).map { rope.string(in: rope.lineRange($0)) }, ["one", "two", "three", "four", "five", "six", "seven", ""])
        XCTAssertEqual(rope.line(containing: 3), 0, "a CR LF is one cluster that ends its line")
        XCTAssertEqual(rope.line(containing: 4), 1)
    }

    func testALargeTextStaysShallowThroughManyEditsAndAClusterLongerThanALeafStaysWhole() {
        var generator = SeededGenerator(seed: 3)
        var rope = Rope(String(repeating: "0123456789abcdef ", count: 60_000))
        let leavesAtStart = rope.leafCount
        XCTAssertLessThanOrEqual(rope.height, 4)
        for _ in 0..<2_000 {
            let offset = Int.random(in: 0...rope.count, using: &generator)
            if Bool.random(using: &generator) {
                rope.replaceSubrange(offset..<offset, with: "x")
            } else {
                rope.replaceSubrange(offset..<min(rope.count, offset + 3), with: "")
            }
        }
        XCTAssertNil(rope.structuralProblem())
        XCTAssertLessThanOrEqual(rope.height, 5, "edits kept the tree balanced")
        XCTAssertLessThanOrEqual(rope.leafCount, leavesAtStart * 2, "small leaves were merged as they met")
        // One cluster of 3,000 combining marks: too long for a leaf, never split.
        let long = "e" + String(repeating: "\u{301}", count: 1_500)
        var marked = Rope("ab" + long + "cd")
        XCTAssertEqual(marked.count, 5)
        XCTAssertNil(marked.structuralProblem())
        marked.replaceSubrange(2..<3, with: "E")
        XCTAssertEqual(marked.string, "abEcd")
    }
}
