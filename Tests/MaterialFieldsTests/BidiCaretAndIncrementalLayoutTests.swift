import XCTest
@testable import MaterialFields

/// The bidi layout and the field's caret: copies read
/// from two threads, the caret's place at a line's end, right-to-left paragraphs of digits, the
/// input method's spot, the caret drawn into the reserve, incremental layouts equal fresh ones.
final class BidiCaretAndIncrementalLayoutTests: XCTestCase {
    private let font = FontSpec(pixelSize: 16)   // FakeMeasurer: 8 px a cluster
    private let hebrew = "אבג"

    /// Direction- and context-dependent widths (as a shaper's), and FriBidi's override: after an
    /// RLO (until a PDF) every character is right to left, as `fribidi` resolves it.
    final class OverrideMeasurer: ShapingLikeMeasurer {
        override func bidiLevels(of paragraph: Substring, base: WritingDirection) -> [UInt8] {
            var levels = Bidi.simplifiedLevels(of: paragraph, base: base)
            var overriding = false
            for (index, cluster) in paragraph.enumerated() {
                if cluster == "\u{202C}" { overriding = false; continue }
                if overriding { levels[index] = base == .rightToLeft ? 3 : 1 }
                if cluster == "\u{202E}" { overriding = true }
            }
            return levels
        }
    }

    private func compareIncrementalWithFresh(measurer: TextMeasuring, pieces: [String], steps: Int, seed start: UInt64, strict: Bool = false,
                                             file: StaticString = #filePath, line: UInt = #line) {
        var seed = start
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var failures = 0
        for direction in WritingDirection.allCases {
            for wrap in [nil, 60.0] as [Double?] {
                var characters: [Character] = []
                var layout = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: measurer, wrapWidth: wrap,
                                        direction: direction)
                // The edits as they were made, described only when a step fails (describing every
                // step cost most of the test's time).
                var edits: [(lower: Int, upper: Int, replacement: String)] = []
                for step in 0..<steps {
                    let lower = next(characters.count + 1)
                    let upper = min(characters.count, lower + next(next(5) == 0 ? 20 : 4))
                    var replacement = next(3) == 0 ? "" : (0...next(3)).map { _ in pieces[next(pieces.count)] }.joined()
                    if wrap == nil { replacement = replacement.replacingOccurrences(of: "\n", with: " ") }
                    edits.append((lower, upper, replacement))
                    characters.replaceSubrange(lower..<upper, with: Array(replacement))
                    let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: measurer,
                                           wrapWidth: wrap, direction: direction)
                    layout.replacing(lower..<upper, with: characters[lower..<(lower + replacement.count)], measurer: measurer)
                    var context: String {
                        let history = edits.suffix(3).map { "\($0.lower)..<\($0.upper) <- \($0.replacement.unicodeScalars.map { String($0.value, radix: 16) })" }
                        return "\(direction) wrap \(String(describing: wrap)) step \(step): \(String(characters).unicodeScalars.map { String($0.value, radix: 16) })\n\(history.joined(separator: "\n"))"
                    }
                    var same = true
                    if layout.characters != fresh.characters { XCTFail("characters " + context, file: file, line: line); same = false }
                    if layout.levels != fresh.levels {
                        XCTFail("levels \(String(describing: layout.levels)) vs fresh \(String(describing: fresh.levels)) " + context,
                                file: file, line: line)
                        same = false
                    }
                    if layout.caretStops != fresh.caretStops && same {
                        let firstDiff = zip(layout.caretStops, fresh.caretStops).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? -1
                        var wordStart = max(0, firstDiff - 1), wordEnd = max(0, firstDiff - 1)
                        while wordStart > 0, !characters[wordStart - 1].isWhitespace { wordStart -= 1 }
                        while wordEnd < characters.count, !characters[wordEnd].isWhitespace { wordEnd += 1 }
                        if wordEnd - wordStart > 30 && !strict {
                            // A word longer than the 32 clusters an edit re-measures around it: a separate finding.
                            layout = fresh
                            continue
                        }
                        same = false
                        XCTFail("stops differ from stop \(firstDiff) (edit \(lower)..<\(upper), word \(wordStart)..<\(wordEnd)) " + context, file: file, line: line)
                        same = false
                    }
                    if same && layout.lines != fresh.lines { XCTFail("lines \(layout.lines) vs \(fresh.lines) " + context, file: file, line: line); same = false }
                    if !same {
                        failures += 1
                        // Start again from a fresh layout so one divergence is not reported at every later step.
                        layout = fresh
                        if failures > 4 { return }
                    }
                }
            }
        }
    }

    /// The incremental bidi path against a fresh layout, in every direction, wrapped or not, with
    /// line breaks, Hebrew, Arabic, both kinds of digits, brackets, marks and spaces.
    func testIncrementalLevelsAndStopsMatchAFreshLayoutWithoutOverrides() {
        let pieces = ["ab", "x", "שלום", "א", "مرحبا", " ", "  ", "12", "٣٤", ".", "(", ")", "[", "]", "\n", "\u{200F}", "\u{200E}", "a1"]
        compareIncrementalWithFresh(measurer: OverrideMeasurer(), pieces: pieces, steps: 400, seed: 0xB1D1)
        compareIncrementalWithFresh(measurer: FakeMeasurer(), pieces: pieces, steps: 400, seed: 0xFACE)
        for seed in 1...40 as ClosedRange<UInt64> {
            compareIncrementalWithFresh(measurer: OverrideMeasurer(), pieces: pieces, steps: 300, seed: seed)
        }
    }

    /// The same with FriBidi's explicit override (RLO ... PDF): ASCII typed after an RLO in text
    /// whose levels are all even is resolved again.
    func testIncrementalLevelsMatchAFreshLayoutWithRightToLeftOverrides() {
        let pieces = ["ab", "x", "שלום", " ", "12", "(", ")", "\n", "\u{202E}", "\u{202C}", "\u{200F}"]
        compareIncrementalWithFresh(measurer: OverrideMeasurer(), pieces: pieces, steps: 400, seed: 0x0ADE)
    }

    // MARK: The caret's other place

    /// "abcאבג": a click on the right half of א (40...48) puts the caret at boundary 3 in its
    /// other place, the line's right end (48, drawn to its left over א). Right at the visual end
    /// leaves it there: no neighbour, and the place is kept.
    func testRightAtTheLinesVisualEndFromTheOtherPlaceDoesNotMoveTheCaretLeft() {
        let field = makeField(.filled, label: "", text: "abc" + hebrew)
        field.focus(at: 0)
        let band = field.layout!.textLine
        field.pointerDown(at: Point(x: band.minX + 46, y: band.midY), extending: false, time: 0)
        field.pointerUp()
        XCTAssertEqual(field.editor.selection.head, 3)
        let before = field.caretFrame(origin: .zero)!.minX
        XCTAssertEqual(before, band.minX + 46)
        XCTAssertTrue(field.handle(.right, modifiers: [], at: 0))
        XCTAssertGreaterThanOrEqual(field.caretFrame(origin: .zero)!.minX, before, "Right moved the caret left")
    }

    /// The mirror image: "אבגabc" in a right-to-left paragraph, a click on the left half of "a"
    /// (the run "abc" stands at the left; its first letter's left edge is the line's left end)
    /// puts boundary 3 at its other place, the left end. Left there must not move it right.
    func testLeftAtTheLinesVisualEndFromTheOtherPlaceDoesNotMoveTheCaretRight() {
        let field = makeField(.filled, label: "", text: hebrew + "abc")
        XCTAssertEqual(field.textDirection, .rightToLeft)
        field.focus(at: 0)
        let band = field.layout!.textLine
        let text = field.textLayout!
        // "abc" is the leftmost run: find the x of the left edge of "a" in field coordinates.
        let left = band.minX + text.visualRuns(onLine: 0, meeting: -1_000, 1_000).first!.x - text.scrollX
        field.pointerDown(at: Point(x: left + 2, y: band.midY), extending: false, time: 0)
        field.pointerUp()
        XCTAssertEqual(field.editor.selection.head, 3)
        let before = field.caretFrame(origin: .zero)!.minX
        XCTAssertEqual(before, left, accuracy: 0.5)
        XCTAssertTrue(field.handle(.left, modifiers: [], at: 0))
        XCTAssertLessThanOrEqual(field.caretFrame(origin: .zero)!.minX, before, "Left moved the caret right")
    }

    // MARK: Sendable

    /// `TextLayout` is `Sendable` and its copies share one `VisualLineCache` (written by queries)
    /// and its visual lines' sorted carets: two threads querying their own copies of one layout
    /// must not corrupt them.
    func testCopiesOfALayoutCanBeQueriedFromTwoThreads() {
        let text = String(repeating: "abc אבג 12 ", count: 400)
        let layout = TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: FakeMeasurer(), wrapWidth: 80)
        XCTAssertGreaterThan(layout.lines.count, 300)
        for _ in 0..<20 {
            let copies = [layout, layout, layout, layout]
            DispatchQueue.concurrentPerform(iterations: 4) { thread in
                let copy = copies[thread]
                var sum = 0.0
                for line in copy.lines.indices {
                    sum += copy.x(of: copy.lines[line].clusters.lowerBound + 1, onLine: line)
                    _ = copy.offset(visuallyFrom: copy.lines[line].clusters.lowerBound, rightward: true, onLine: line)
                }
                XCTAssertTrue(sum.isFinite)
            }
        }
    }

    // MARK: A right-to-left paragraph with only even levels

    private func layout(_ text: String, direction: WritingDirection = .leftToRight, wrap: Double? = nil) -> TextLayout {
        TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: FakeMeasurer(), wrapWidth: wrap,
                   direction: direction)
    }

    /// "12" in a right-to-left paragraph (a mirrored field's number) resolves to levels [2, 2]:
    /// its line still starts at the right and ends at the left (GTK's strong caret), where a
    /// Hebrew letter or a space typed there appears, as "12 " (with a level-1 space) does.
    func testARightToLeftParagraphOfDigitsEndsAtItsLeftEdge() {
        let digits = layout("12", direction: .rightToLeft)
        let spaced = layout("12 ", direction: .rightToLeft)
        XCTAssertEqual(spaced.x(of: 3, onLine: 0), 0, "control: with a visual line the end is at the left")
        XCTAssertEqual(digits.x(of: 2, onLine: 0), 0, "the end of a right-to-left paragraph is drawn at its right")
        XCTAssertEqual(digits.x(of: 0, onLine: 0), 16, "the start of a right-to-left paragraph is drawn at its left")
    }

    /// In a mirrored field, typing "12" then a Hebrew letter: after "12" the caret stands where
    /// the next digit goes (right of "12"); the letter appears left of "12", and the caret then
    /// stands left of the letter, where the next one goes.
    func testTypingHebrewAfterDigitsInAMirroredFieldLeavesTheCaretWhereTheNextLetterGoes() {
        let field = makeField(.filled, label: "", text: "")
        field.layoutDirection = .rightToLeft
        field.focus(at: 0)
        field.insert("1", at: 0)
        field.insert("2", at: 0)
        XCTAssertEqual(field.textDirection, .rightToLeft)
        let band = field.layout!.textLine
        XCTAssertEqual(field.caretFrame(origin: .zero)!.maxX, band.maxX, accuracy: 0.5)
        field.insert("א", at: 0)
        let text = field.textLayout!
        let letter = text.visualRuns(onLine: 0, meeting: -1_000, 1_000).first { $0.clusters.contains(2) }!
        let digits = text.visualRuns(onLine: 0, meeting: -1_000, 1_000).first { $0.clusters.contains(0) }!
        XCTAssertLessThan(letter.x, digits.x, "the letter is not left of the digits")
        XCTAssertEqual(field.caretFrame(origin: .zero)!.maxX, band.minX + letter.x - text.scrollX, accuracy: 0.5,
                       "the caret is not left of the letter typed")
    }

    // MARK: The input method's spot and the drawn caret

    /// In a right-to-left text area, the spaces a wrapped line breaks after hang past its left
    /// edge; a caret among them stands left of the band. The input method's spot (`caretRect`)
    /// is where the caret is drawn (`caretFrame`, QA `caretRect`): clamped to the band.
    func testTheInputMethodSpotIsWhereTheCaretIsDrawn() {
        let field = TextField(identifier: "f", style: .filled, kind: .textArea, label: "",
                              text: "שלום" + String(repeating: " ", count: 40) + "אבג")
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        field.focus(at: 0)
        XCTAssertGreaterThan(field.textLayout!.lines.count, 1)
        field.selection = TextSelection(caret: 30)
        let drawn = field.caretFrame(origin: .zero)!
        let spot = field.caretRect!
        XCTAssertEqual(spot.minX, drawn.minX, accuracy: 0.5, "the IM spot is \(drawn.minX - spot.minX) px left of the drawn caret")
    }

    // MARK: Traps

    func testQueriesOnRandomBidiLayoutsDoNotTrap() {
        let pieces = ["ab", "שלום", "مرحبا", " ", "   ", "12", "\n", "\u{200F}", "(", ")", "\t", "\u{00A0}"]
        var seed: UInt64 = 0x7A9
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let xs: [Double] = [-.infinity, -1e9, -5, 0, 3, 7.5, 40, 1e9, .infinity, .nan, -0.0]
        for _ in 0..<300 {
            let text = (0..<next(8)).map { _ in pieces[next(pieces.count)] }.joined()
            let wrap: Double? = [nil, 0, 8, 30, 100][next(5)]
            var layout = TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: FakeMeasurer(),
                                    wrapWidth: wrap, direction: next(2) == 0 ? .leftToRight : .rightToLeft)
            layout.align([0, 0.5, 1][next(3)], in: [0, 50, 300][next(3)], inset: [0, 2][next(2)])
            for line in layout.lines.indices {
                for offset in -1...(layout.count + 1) {
                    for after in [nil, true, false] as [Bool?] { _ = layout.x(of: offset, onLine: line, after: after) }
                    _ = layout.offset(visuallyFrom: offset, rightward: true, onLine: line)
                    _ = layout.offset(visuallyFrom: offset, rightward: false, onLine: line)
                }
                for x in xs {
                    _ = layout.offset(nearestTo: x, onLine: line)
                    _ = layout.caretPosition(nearestTo: x, onLine: line)
                    _ = layout.offset(before: Point(x: x, y: layout.top(ofLine: line) + 1))
                    _ = layout.clusters(onLine: line, meeting: x, x + 20)
                    _ = layout.visualRuns(onLine: line, meeting: x, x + 20)
                    _ = layout.offset(visuallyFrom: x, rightward: true, onLine: line)
                    _ = layout.offset(visuallyFrom: x, rightward: false, onLine: line)
                }
                _ = layout.visualEnd(ofLine: line, leftmost: true)
                _ = layout.visualEnd(ofLine: line, leftmost: false)
            }
            for lower in 0...layout.count {
                _ = layout.rects(for: lower..<min(layout.count, lower + 3))
                layout.reveal(offset: lower, visibleWidth: 20, after: true)
                layout.reveal(offset: lower, visibleHeight: 30)
            }
        }
    }

    // MARK: The caret's reserve at the left of right-to-left text

    /// A single line keeps the caret's width free past its end: at the right of left-to-right
    /// text, where the caret at the end is drawn clear of the last glyph. Right to left the reserve
    /// is at the left, and the caret at the end is drawn leftward into it, clear of the last
    /// (leftmost) letter.
    func testTheCaretAtTheEndOfRightToLeftTextIsDrawnInItsReserve() {
        let ltr = makeField(.filled, label: "", text: "abc")
        ltr.focus(at: 0)
        _ = ltr.handle(.end, modifiers: [], at: 0)
        let ltrText = ltr.textLayout!
        let ltrRight = ltr.layout!.textLine.minX + ltrText.x(of: 3, onLine: 0) - ltrText.scrollX
        XCTAssertGreaterThanOrEqual(ltr.caretFrame(origin: .zero)!.minX, ltrRight, "control: clear of the last glyph")

        let rtl = makeField(.filled, label: "", text: hebrew)
        rtl.focus(at: 0)
        _ = rtl.handle(.end, modifiers: [], at: 0)
        let text = rtl.textLayout!
        let band = rtl.layout!.textLine
        let leftEdge = band.minX + text.visualRuns(onLine: 0, meeting: -1_000, 1_000).first!.x - text.scrollX
        let caret = rtl.caretFrame(origin: .zero)!
        XCTAssertLessThanOrEqual(caret.maxX, leftEdge, "the caret [\(caret.minX), \(caret.maxX)] covers the leftmost letter, which starts at \(leftEdge)")
    }

    // MARK: Arrow keys as the eye sees them (randomized)

    /// In a single line, Right never moves the drawn caret left and Left never right, from
    /// wherever a click, a typed letter or an earlier arrow left it.
    func testArrowsNeverMoveTheDrawnCaretAgainstTheirDirection() {
        let pieces = ["ab", "שלום", "مرحبا", " ", "12", "(", ")", "x", "א"]
        var seed: UInt64 = 0xA770
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var reports: [String] = []
        for trial in 0..<200 {
            let text = (0..<(1 + next(6))).map { _ in pieces[next(pieces.count)] }.joined()
            let field = makeField(.filled, label: "", text: text, width: 400)
            field.focus(at: 0)
            let band = field.layout!.textLine
            for step in 0..<12 {
                switch next(4) {
                case 0:
                    let x = band.minX + Double(next(Int(band.width)))
                    field.pointerDown(at: Point(x: x, y: band.midY), extending: false, time: 0)
                    field.pointerUp()
                case 1:
                    field.insert(pieces[next(pieces.count)], at: 0)
                default:
                    let rightward = next(2) == 0
                    let before = field.caretFrame(origin: .zero)!.minX
                    let head = field.editor.selection.head
                    _ = field.handle(rightward ? .right : .left, modifiers: [], at: 0)
                    let after = field.caretFrame(origin: .zero)!.minX
                    // Scrolling moves the text under the caret: compare in text coordinates.
                    if field.textLayout!.scrollX == 0 && (rightward ? after < before : after > before) {
                        reports.append("trial \(trial) step \(step): \(rightward ? "Right" : "Left") moved \(before) -> \(after), head \(head) -> \(field.editor.selection.head) in \(field.text.debugDescription)")
                    }
                }
            }
        }
        XCTAssertEqual(reports.count, 0, reports.prefix(5).joined(separator: "\n"))
    }

    /// In a text area, Down from any line but the last moves the drawn caret down a line and Up
    /// from any but the first up a line, whatever place a click or typing gave it.
    func testUpAndDownAlwaysChangeTheLineInATextArea() {
        let pieces = ["ab ", "שלום ", "مرحبا ", "12", "(", ")", "x", "א", "\n", "abcdefgh "]
        var seed: UInt64 = 0xD0D0
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var reports: [String] = []
        for trial in 0..<150 {
            let text = (0..<(4 + next(12))).map { _ in pieces[next(pieces.count)] }.joined()
            let field = TextField(identifier: "f", style: .filled, kind: .textArea, label: "", text: text)
            field.maximumNumberOfVisibleRows = 40
            field.layOut(width: 160, metrics: MaterialMetrics(), measurer: sharedMeasurer)
            field.focus(at: 0)
            for step in 0..<16 {
                let band = field.layout!.textLine
                switch next(5) {
                case 0:
                    let point = Point(x: band.minX + Double(next(Int(band.width))), y: band.minY + Double(next(Int(band.height))))
                    field.pointerDown(at: point, extending: false, time: 0)
                    field.pointerUp()
                case 1:
                    field.insert(pieces[next(pieces.count)], at: 0)
                case 2:
                    _ = field.handle(next(2) == 0 ? .left : .right, modifiers: [], at: 0)
                default:
                    let down = next(2) == 0
                    let lines = field.textLayout!.lines.count
                    let before = field.caretFrame(origin: .zero)
                    let head = field.editor.selection.head
                    guard let beforeY = before?.minY else { continue }
                    let line = Int(((beforeY - band.minY + field.textLayout!.scrollY) / field.textLayout!.lineHeight).rounded(.down))
                    _ = field.handle(down ? .down : .up, modifiers: [], at: 0)
                    guard let after = field.caretFrame(origin: .zero) else { continue }
                    let afterLine = Int(((after.minY - band.minY + field.textLayout!.scrollY) / field.textLayout!.lineHeight).rounded(.down))
                    let expected = down ? min(line + 1, lines - 1) : max(line - 1, 0)
                    if afterLine != expected {
                        reports.append("trial \(trial) step \(step): \(down ? "Down" : "Up") line \(line) -> \(afterLine) (of \(lines)), head \(head) -> \(field.editor.selection.head) in \(field.text.debugDescription)")
                    }
                }
            }
        }
        XCTAssertEqual(reports.count, 0, reports.prefix(5).joined(separator: "\n"))
    }

    /// A single right-to-left line, scrolled from its right end: after any edit, key or click the
    /// caret (unclamped) is inside the band and the scroll inside its range.
    func testTheCaretStaysInViewInAScrolledRightToLeftLine() {
        let pieces = ["ab ", "שלום ", "مرحبا ", "12", "(", "x", "א", " ", "abcdefghijkl"]
        var seed: UInt64 = 0x5C0
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var reports: [String] = []
        for trial in 0..<120 {
            let field = makeField(.filled, label: "", text: "שלום " + (0..<next(30)).map { _ in pieces[next(pieces.count)] }.joined(), width: 160)
            field.adjustsFontSizeToFitWidth = next(3) == 0
            field.focus(at: 0)
            for step in 0..<20 {
                let band = field.layout!.textLine
                switch next(7) {
                case 0:
                    field.pointerDown(at: Point(x: band.minX + Double(next(Int(band.width))), y: band.midY), extending: false, time: 0)
                    field.pointerUp()
                case 1, 2: field.insert(pieces[next(pieces.count)], at: 0)
                case 3: _ = field.handle(.backspace, modifiers: [], at: 0)
                case 4: _ = field.handle([.home, .end, .delete][next(3)], modifiers: [], at: 0)
                default: _ = field.handle(next(2) == 0 ? .left : .right, modifiers: [], at: 0)
                }
                let text = field.textLayout!
                let metrics = field.layout!.metrics
                let visible = band.width - metrics.caretWidth
                // The field's own caret (its side included), unclamped: the input method's spot.
                let x = field.caretRect!.minX - band.minX
                if text.scrollX < 0 || text.scrollX > max(0, text.width - visible) + 0.001 || x < -0.001 || x > band.width + 0.001 {
                    reports.append("trial \(trial) step \(step): caret at \(x) of \(band.width), scroll \(text.scrollX) of \(text.width - visible) head \(field.editor.selection.head) in \(field.text.debugDescription)")
                    break
                }
            }
        }
        XCTAssertEqual(reports.count, 0, reports.prefix(5).joined(separator: "\n"))
    }
}
