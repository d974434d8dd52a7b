import XCTest
@testable import MaterialFields

/// With the fake measurer every cluster of the 16 px input font is 8 px wide.
private func wrapped(_ text: String, width: Double) -> TextLayout {
    TextLayout(characters: Array(text), font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: sharedMeasurer, wrapWidth: width)
}

private func lineTexts(_ layout: TextLayout) -> [String] {
    layout.lines.map { String(layout.characters[$0.clusters]) }
}

final class TextWrapTests: XCTestCase {
    func testWordsWrapAtTheWidthAndSpacesHangAtTheLineEnd() {
        // 9 clusters fit in 72 px.
        let layout = wrapped("one two three four", width: 72)
        XCTAssertEqual(lineTexts(layout), ["one two ", "three ", "four"])
    }

    func testAWordLongerThanALineBreaksBetweenGraphemes() {
        let layout = wrapped("ab supercalifragilistic", width: 80)
        XCTAssertEqual(lineTexts(layout), ["ab ", "supercalif", "ragilistic"])
    }

    func testLineBreaksStartParagraphsAndAnEmptyParagraphIsALine() {
        let layout = wrapped("first\n\nthird\n", width: 200)
        XCTAssertEqual(lineTexts(layout), ["first", "", "third", ""])
        XCTAssertEqual(layout.height, 4 * 24)
        XCTAssertEqual(layout.caretStops[6], layout.caretStops[5], "a line break takes no width")
    }

    func testCombiningMarksAndEmojiNeverSplit() {
        let layout = wrapped("e\u{301}e\u{301}e\u{301}👨‍👩‍👧e\u{301}", width: 16)
        XCTAssertEqual(lineTexts(layout), ["e\u{301}e\u{301}", "e\u{301}👨‍👩‍👧", "e\u{301}"])
    }

    func testAnEditReWrapsOnlyItsParagraphAndMatchesAFreshLayout() {
        var random = SeededGenerator(seed: 7)
        let alphabet: [Character] = ["a", "b", " ", " ", "\n", "é", "w"]
        var text = Array("lorem ipsum dolor\nsit amet, consectetur\n\nadipiscing elit")
        var layout = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: sharedMeasurer,
                                wrapWidth: 72)
        for _ in 0..<400 {
            let lower = Int.random(in: 0...text.count, using: &random)
            let upper = Int.random(in: lower...min(text.count, lower + 4), using: &random)
            let insert = (0..<Int.random(in: 0...5, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            text.replaceSubrange(lower..<upper, with: insert)
            layout.replacing(lower..<upper, with: insert[...], measurer: sharedMeasurer)
            let fresh = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: sharedMeasurer,
                                   wrapWidth: 72)
            XCTAssertEqual(layout.lines, fresh.lines, "after replacing \(lower)..<\(upper) in \(String(text).debugDescription)")
            XCTAssertEqual(layout.caretStops, fresh.caretStops)
            if layout.lines != fresh.lines { return }
        }
    }

    func testAnEditInOneParagraphLeavesTheOthersLinesAlone() {
        let measurer = FakeMeasurer()
        var layout = TextLayout(characters: Array("aaaa aaaa\nbbbb bbbb bbbb\ncccc"), font: FontSpec(pixelSize: 16), lineHeight: 24,
                                measurer: measurer, wrapWidth: 48)
        let before = measurer.measuredClusters
        layout.replacing(26..<26, with: ["c"], measurer: measurer)
        XCTAssertEqual(layout.lastEditCost.pagesMeasured, 1, "only the edit's page is measured")
        XCTAssertEqual(measurer.measuredClusters - before, layout.count, "the text is one page")
        XCTAssertEqual(lineTexts(layout), ["aaaa ", "aaaa", "bbbb ", "bbbb ", "bbbb", "ccccc"])
    }

    func testPointsMapToTheNearestBoundaryOnTheLineUnderThem() {
        let layout = wrapped("one two three four", width: 72)
        XCTAssertEqual(layout.offset(nearestTo: Point(x: 3, y: 30)), 8, "start of line 2")
        XCTAssertEqual(layout.offset(nearestTo: Point(x: 13, y: 30)), 10)
        XCTAssertEqual(layout.offset(nearestTo: Point(x: 500, y: 60)), 18, "past the end of the last line")
        XCTAssertEqual(layout.offset(nearestTo: Point(x: -5, y: -100)), 0)
        XCTAssertEqual(layout.offset(nearestTo: Point(x: .nan, y: .infinity)), 14)
    }

    func testTheCaretAtASoftBreakShowsOnTheNextLineUnlessUpstream() {
        let layout = wrapped("one two three four", width: 72)
        XCTAssertEqual(layout.caretRect(at: 8, width: 2).minX, 0)
        XCTAssertEqual(layout.caretRect(at: 8, width: 2).minY, 24 + layout.caretInset)
        XCTAssertEqual(layout.caretRect(at: 8, width: 2, upstream: true).minX, 64)
        XCTAssertEqual(layout.caretRect(at: 8, width: 2, upstream: true).minY, layout.caretInset)
    }

    func testASelectionAcrossLinesIsOneRectanglePerLine() {
        let layout = wrapped("one two three four", width: 72)
        let rects = layout.rects(for: 4..<16)
        guard rects.count == 3 else { return XCTFail("\(rects)") }
        XCTAssertEqual(rects[0].minX, 32)
        XCTAssertEqual(rects[1].minX, 0)
        XCTAssertEqual(rects[2].maxX, 16)
    }
}

private func makeArea(_ text: String = "", width: Double = 104, style: FieldStyle = .filled) -> TextField {
    // 104 px wide: 72 px of text between the 16 px paddings, 9 clusters a line.
    let field = TextField(identifier: "area", style: style, kind: .textArea, label: "Notes", text: text)
    field.layOut(width: width, metrics: MaterialMetrics(), measurer: sharedMeasurer)
    return field
}

final class TextAreaFieldTests: XCTestCase {
    func testEnterInsertsALineBreakAndPastedBreaksStay() {
        let field = makeArea()
        field.focus(at: 0)
        field.insert("ab", at: 0)
        XCTAssertTrue(field.handle(.enter, modifiers: [], at: 0))
        field.paste("c\r\nd", at: 0)
        XCTAssertEqual(field.text, "ab\nc\nd")
    }

    func testTheContainerGrowsFromTheMinimumToTheMaximumRowsThenScrolls() {
        let field = makeArea()
        var heights: [Double] = []
        var invalidations: [TextField.Invalidation] = []
        field.invalidationHandler = { _, invalidation in invalidations.append(invalidation) }
        field.focus(at: 0)
        heights.append(field.layout!.container.height)
        for line in 0..<6 {
            if line > 0 { _ = field.handle(.enter, modifiers: [], at: 0) }
            field.insert("line \(line)", at: 0)
            heights.append(field.layout!.container.height)
        }
        XCTAssertEqual(heights, [80, 80, 80, 104, 128, 128, 128], "56 px + 24 px a row past the first, 2 to 4 rows")
        XCTAssertEqual(field.visibleRows, 4)
        XCTAssertTrue(invalidations.contains(.layout), "the scene hears that the height changed")
        XCTAssertTrue(field.hasOverflow)
        XCTAssertEqual(field.textLayout!.scrollY, 2 * 24, "scrolled to keep the caret's line in view")
    }

    func testFractionalMaximumRowsShowPartOfARow() {
        let field = makeArea("1\n2\n3\n4\n5")
        field.maximumNumberOfVisibleRows = 3.5
        XCTAssertEqual(field.layout!.container.height, 56 + 2.5 * 24)
        XCTAssertEqual(field.layout!.textLine.height, 3.5 * 24)
    }

    func testAPreferredContainerHeightWinsOnlyWhenTaller() {
        let field = makeArea("short")
        field.preferredContainerHeight = 200
        XCTAssertEqual(field.layout!.container.height, 200)
        field.preferredContainerHeight = 60
        XCTAssertEqual(field.layout!.container.height, 80)
    }

    func testUpAndDownMoveByVisualLineKeepingTheCaretsX() {
        let field = makeArea("one two three four")  // "one two " / "three " / "four"
        field.focus(at: 0)
        field.selection = TextSelection(caret: 2)
        _ = field.handle(.down, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 10), "x 16 on the line \"three \"")
        _ = field.handle(.down, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 16))
        _ = field.handle(.down, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 18), "past the last line: the end")
        field.selection = TextSelection(caret: 7)
        _ = field.handle(.down, modifiers: [], at: 0)
        _ = field.handle(.down, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 18), "\"four\" is shorter: its end")
        _ = field.handle(.up, modifiers: [], at: 0)
        _ = field.handle(.up, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 7), "the goal x survives the short line")
        _ = field.handle(.up, modifiers: .shift, at: 0)
        XCTAssertEqual(field.selection, TextSelection(anchor: 7, head: 0), "above the first line: the start")
    }

    func testHomeAndEndGoToTheVisualLinesEndsAndControlToTheTextsEnds() {
        let field = makeArea("one two three four")
        field.focus(at: 0)
        field.selection = TextSelection(caret: 11)
        _ = field.handle(.home, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 8))
        _ = field.handle(.end, modifiers: [], at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 14))
        XCTAssertEqual(field.caretRect?.minY, (field.layout!.textLine.minY + 24 + field.textLayout!.caretInset).rounded(),
                       "End leaves the caret on its line, not at the start of the next")
        _ = field.handle(.end, modifiers: .control, at: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 18))
        _ = field.handle(.home, modifiers: [.control, .shift], at: 0)
        XCTAssertEqual(field.selection, TextSelection(anchor: 18, head: 0))
    }

    func testATripleClickSelectsTheParagraph() {
        let field = makeArea("first para\nsecond")  // "first " / "para" / "second"
        let secondLine = Point(x: 20, y: field.layout!.textLine.minY + 48 + 12)
        field.pointerDown(at: secondLine, extending: false, clickCount: 3, time: 0)
        XCTAssertEqual(field.selection, TextSelection(anchor: 11, head: 17))
    }

    func testAClickOnALowerLinePlacesTheCaretThere() {
        let field = makeArea("one two three four")
        field.pointerDown(at: Point(x: 16 + 13, y: field.layout!.textLine.minY + 24 + 5), extending: false, time: 0)
        XCTAssertEqual(field.selection, TextSelection(caret: 10))
    }

    func testTheWheelScrollsAnAreaWithOverflowOnlyAsFarAsItGoes() {
        let field = makeArea("1\n2\n3\n4\n5\n6")
        XCTAssertTrue(field.hasOverflow)
        XCTAssertTrue(field.scrollText(by: 30))
        XCTAssertEqual(field.textLayout!.scrollY, 30)
        XCTAssertTrue(field.scrollText(by: 100))
        XCTAssertEqual(field.textLayout!.scrollY, 48, "6 lines, 4 shown")
        XCTAssertFalse(field.scrollText(by: 10), "at the end: the page may scroll instead")
        XCTAssertFalse(makeArea("short").scrollText(by: 10), "no overflow, nothing to scroll")
    }

    func testAScrolledEdgeFadesAndOnlyVisibleLinesAreDrawn() {
        let field = makeArea("1\n2\n3\n4\n5\n6")
        let top = field.drawn(at: 1)
        XCTAssertEqual(top.texts.filter { $0.font.pixelSize == 16 && $0.text.count == 1 }.map(\.text), ["1", "2", "3", "4"])
        let surface = ColorScheme.light.surface
        let container = ColorScheme.light.onSurface.withAlpha(0.12).composited(over: surface)
        XCTAssertTrue(top.fills.contains { $0.color.alpha < 1 && $0.color.withAlpha(1) == container.withAlpha(1) },
                      "a fade at the bottom, more text below")
        field.scrollText(by: 48)
        let bottom = field.drawn(at: 1)
        XCTAssertEqual(bottom.texts.filter { $0.font.pixelSize == 16 && $0.text.count == 1 }.map(\.text), ["3", "4", "5", "6"])
    }

    func testSecureEntryKeepsLineBreaksSoRowsDoNotReveal() {
        let field = makeArea("ab\ncd")
        field.isSecureTextEntry = true
        XCTAssertEqual(field.textLayout!.lines.count, 2)
    }
}

final class TextAreaRobustnessTests: XCTestCase {
    /// Random keys, text, clicks, drags, wheel, resizes and property changes on a text area: no
    /// trap, the selection stays in range, the lines cover the text in order, the rows stay in
    /// their bounds, and every drawn coordinate is finite.
    func testRandomUseKeepsTheAreaConsistent() {
        var random = SeededGenerator(seed: 42)
        let field = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "Notes")
        field.maximumNumberOfVisibleRows = 3.5
        field.helperText = "help"
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        field.focus(at: 0)
        let pieces = ["a", "word ", "\n", "e\u{301}", "👨‍👩‍👧", "🇵🇹", "\r\n", "\u{0}", "long" + String(repeating: "x", count: 40), " "]
        let keys: [EditingKey] = [.left, .right, .up, .down, .home, .end, .backspace, .delete, .enter]
        for step in 0..<3_000 {
            let time = Double(step) * 0.01
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3: field.insert(pieces.randomElement(using: &random)!, at: time)
            case 4...6:
                var modifiers: KeyModifiers = []
                if Bool.random(using: &random) { modifiers.insert(.shift) }
                if Int.random(in: 0..<4, using: &random) == 0 { modifiers.insert(.control) }
                _ = field.handle(keys.randomElement(using: &random)!, modifiers: modifiers, at: time)
            case 7:
                let point = Point(x: Double.random(in: -50...300, using: &random), y: Double.random(in: -50...200, using: &random))
                field.pointerDown(at: point, extending: Bool.random(using: &random), clickCount: Int.random(in: 1...3, using: &random),
                                  time: time)
                field.pointerDragged(to: Point(x: point.y, y: point.x * 2), time: time)
                field.pointerUp()
                if !field.isFocused { field.focus(at: time) }
            case 8:
                field.scrollText(by: Double.random(in: -100...100, using: &random))
                field.maximumNumberOfVisibleRows = [1, 2.5, 4, 10].randomElement(using: &random)!
            default:
                field.layOut(width: [0, 1, 50, 200, 600, .nan].randomElement(using: &random)!, metrics: MaterialMetrics(),
                             measurer: sharedMeasurer)
            }
            let selection = field.selection
            XCTAssertTrue((0...field.count).contains(selection.anchor) && (0...field.count).contains(selection.head))
            let lines = field.textLayout!.lines
            XCTAssertEqual(lines.first?.clusters.lowerBound, 0)
            XCTAssertEqual(lines.last?.clusters.upperBound, field.count)
            for (line, next) in zip(lines, lines.dropFirst()) {
                XCTAssertTrue(next.clusters.lowerBound == line.clusters.upperBound
                              || (next.clusters.lowerBound == line.clusters.upperBound + 1
                                  && field.editor.characters[line.clusters.upperBound].isNewline), "lines in order at step \(step)")
            }
            XCTAssertTrue((1...max(field.minimumNumberOfVisibleRows, field.maximumNumberOfVisibleRows)).contains(field.visibleRows), "rows at step \(step)")
            let expectedRows = min(max(Double(lines.count), field.minimumNumberOfVisibleRows),
                                   max(field.minimumNumberOfVisibleRows, field.maximumNumberOfVisibleRows))
            XCTAssertEqual(field.visibleRows, expectedRows, "the rows follow the lines at step \(step)")
            guard let appearance = field.advancedAppearance(at: time, origin: Point(x: 0, y: 0), scheme: .light, showsCaret: true) else {
                return XCTFail("no appearance at step \(step)")
            }
            let points = appearance.textRuns.map(\.origin) + (appearance.caret.map { [Point(x: $0.path.bounds.minX, y: $0.path.bounds.minY)] } ?? [])
            XCTAssertTrue(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "step \(step)")
            if field.text.contains("\u{0}") { return XCTFail("a NUL reached the text at step \(step)") }
        }
    }
}

/// A small deterministic generator so a failing sequence can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
