import XCTest
@testable import MaterialFields

/// Bidirectional text in the model, with the fake measurer (every cluster 8 px wide) and the
/// model's own simplified levels: visual order, the caret, hit testing, selection, movement and
/// the natural direction of a field.
final class BidiTests: XCTestCase {
    private let font = FontSpec(pixelSize: 16)
    private let hebrew = "אבג"

    private func layout(_ text: String, direction: WritingDirection = .leftToRight, wrap: Double? = nil) -> TextLayout {
        TextLayout(characters: Array(text), font: font, lineHeight: 24, measurer: FakeMeasurer(), wrapWidth: wrap,
                   direction: direction)
    }

    // MARK: Levels and order

    func testSimplifiedLevelsFollowStrongLettersNumbersAndNeutrals() {
        XCTAssertEqual(Bidi.simplifiedLevels(of: "ab אב", base: .leftToRight), [0, 0, 0, 1, 1])
        // A space between two Hebrew letters is Hebrew; digits after Hebrew go one level up.
        XCTAssertEqual(Bidi.simplifiedLevels(of: "א ב 12", base: .leftToRight), [1, 1, 1, 1, 2, 2])
        // Latin in a right-to-left paragraph is level 2; the space before it is the paragraph's.
        XCTAssertEqual(Bidi.simplifiedLevels(of: "א ab", base: .rightToLeft), [1, 1, 2, 2])
    }

    func testVisualOrderReversesRightToLeftRunsOnly() {
        XCTAssertEqual(Bidi.visualOrder([0, 0, 1, 1, 1]), [0, 1, 4, 3, 2])
        XCTAssertEqual(Bidi.visualOrder([1, 1, 2, 2, 1]), [4, 2, 3, 1, 0])
        // Left-to-right text in a right-to-left paragraph (all level 2) keeps its order.
        XCTAssertEqual(Bidi.visualOrder([2, 2, 2]), [0, 1, 2])
        XCTAssertEqual(Bidi.visualOrder([0, 2, 2, 0]), [0, 1, 2, 3])
    }

    func testLatinOnlyTextHasNoLevelsAndPaysNothingForBidi() {
        XCTAssertNil(layout("plain text, 123").levels)
        XCTAssertNotNil(layout("abc" + hebrew).levels)
    }

    // MARK: Caret and hit testing

    func testHebrewAfterLatinReadsRightToLeftToTheRightOfIt() {
        let text = layout("abc" + hebrew)
        // "abc" at 0...24; the Hebrew run at 24...48 with its first letter rightmost.
        let runs = text.visualRuns(onLine: 0, meeting: 0, 1000)
        XCTAssertEqual(runs.map(\.direction), [.leftToRight, .rightToLeft])
        XCTAssertEqual(runs.map(\.x), [0, 24])
        XCTAssertEqual(runs.last?.clusters, 3..<6)
        // After "abc" the caret stays by "c"; after the first Hebrew letter it stands at that
        // letter's left edge, the right end of the line less one letter.
        XCTAssertEqual(text.x(of: 3, onLine: 0), 24)
        XCTAssertEqual(text.x(of: 4, onLine: 0), 40)
        XCTAssertEqual(text.x(of: 5, onLine: 0), 32)
        // The line's end is at its right end, as the paragraph reads (GTK's strong caret), so
        // every visual position can be reached.
        XCTAssertEqual(text.x(of: 6, onLine: 0), 48)
        XCTAssertEqual(Set((0...6).map { text.x(of: $0, onLine: 0) }).count, 7)
    }

    func testRightToLeftParagraphStartsAtTheRightAndEndsAtTheLeft() {
        var text = layout(hebrew, direction: .rightToLeft)
        text.align(1, in: 200)
        XCTAssertEqual(text.x(of: 0, onLine: 0), 200)
        XCTAssertEqual(text.x(of: 3, onLine: 0), 176)
        // Drawn left of its x: the caret stays inside the band, at the right of the first letter.
        XCTAssertEqual(text.caretRect(at: 0, width: 2).minX, 198)
    }

    func testHitTestingInARightToLeftRunPicksTheNearerEdge() {
        let text = layout("abc" + hebrew)
        // The first Hebrew letter (offset 3) covers x 40...48: its right half is before it, its
        // left half after it.
        XCTAssertEqual(text.offset(nearestTo: 46, onLine: 0), 3)
        XCTAssertEqual(text.offset(nearestTo: 42, onLine: 0), 4)
        // The last Hebrew letter covers 24...32: its left half is the end of the text.
        XCTAssertEqual(text.offset(nearestTo: 25, onLine: 0), 6)
        // Past the line's ends: its start and its end.
        XCTAssertEqual(text.offset(nearestTo: 1_000, onLine: 0), 6)
        XCTAssertEqual(text.offset(nearestTo: -5, onLine: 0), 0)
        var rightToLeft = layout(hebrew + " abc", direction: .rightToLeft)
        rightToLeft.align(1, in: 200)
        XCTAssertEqual(rightToLeft.offset(nearestTo: 1_000, onLine: 0), 0)
        XCTAssertEqual(rightToLeft.offset(nearestTo: 0, onLine: 0), 7)
        XCTAssertEqual(rightToLeft.x(of: 7, onLine: 0), 200 - 56)
        XCTAssertEqual(text.offset(before: Point(x: 45, y: 5)), 3)
    }

    func testEveryClickLandsOnAnEdgeOfTheClusterUnderIt() {
        let text = layout("ab " + hebrew + " 12 cd")
        for x in stride(from: 0.5, to: Double(text.count * 8), by: 1) {
            let offset = text.offset(nearestTo: x, onLine: 0)
            let cluster = text.offset(before: Point(x: x, y: 5))
            let nearerRight = x.truncatingRemainder(dividingBy: 8) >= 4
            // The right edge of a left-to-right cluster is after it; of a right-to-left one, before it.
            let expected = nearerRight != text.isRightToLeft(cluster: cluster) ? cluster + 1 : cluster
            XCTAssertEqual(offset, expected, "x \(x) over cluster \(cluster)")
        }
    }

    // MARK: Selection

    func testSelectionAcrossADirectionChangeIsSeveralRectangles() {
        let text = layout("abc" + hebrew)
        // "c" and the first Hebrew letter: 16...24 and 40...48, not one span over the letters between.
        let rects = text.rects(for: 2..<4)
        XCTAssertEqual(rects.map(\.minX), [16, 40])
        XCTAssertEqual(rects.map(\.width), [8, 8])
        // All of it is one span.
        XCTAssertEqual(text.rects(for: 0..<6).map(\.width), [48])
    }

    // MARK: Movement

    func testRightArrowWalksVisuallyAndReachesEveryBoundaryOnce() {
        let text = layout("ab" + hebrew + "cd")
        var offset = text.offset(nearestTo: -1, onLine: 0)
        var visited = [offset]
        var lastX = text.x(of: offset, onLine: 0)
        while let next = text.offset(visuallyFrom: offset, rightward: true, onLine: 0) {
            XCTAssertGreaterThanOrEqual(text.x(of: next, onLine: 0), lastX)
            lastX = text.x(of: next, onLine: 0)
            offset = next
            visited.append(offset)
        }
        XCTAssertEqual(Set(visited), Set(0...7))
        XCTAssertEqual(visited.count, 8)
        // Left goes back the same way.
        var back = [offset]
        while let previous = text.offset(visuallyFrom: offset, rightward: false, onLine: 0) {
            offset = previous
            back.append(offset)
        }
        XCTAssertEqual(back, visited.reversed())
    }

    func testArrowKeysInAHebrewFieldMoveTheCaretOnScreen() {
        let field = makeField(.filled, label: "", text: hebrew)
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        let end = field.caretFrame(origin: .zero)!.minX
        _ = field.handle(.right, modifiers: [], at: 0)
        // Right in right-to-left text goes back toward its start, which is on the right.
        XCTAssertEqual(field.editor.selection.head, 2)
        XCTAssertGreaterThan(field.caretFrame(origin: .zero)!.minX, end)
        _ = field.handle(.home, modifiers: [], at: 0)
        XCTAssertEqual(field.editor.selection.head, 0)
        XCTAssertGreaterThan(field.caretFrame(origin: .zero)!.minX, end)
        // Left from the start moves into the text (forward in storage order).
        _ = field.handle(.left, modifiers: [], at: 0)
        XCTAssertEqual(field.editor.selection.head, 1)
    }

    // MARK: The caret where two directions meet

    func testAClickAtARunsEdgeShowsTheCaretThereNotAtTheBoundarysOtherPlace() {
        let field = makeField(.filled, label: "", text: "abc" + hebrew + " de")
        field.focus(at: 0)
        let band = field.layout!.textLine
        // Just inside the left edge of the Hebrew run (its last letter, ג, at 24...32): the
        // boundary after ג, whose strong caret stands at the run's right end (48).
        field.pointerDown(at: Point(x: band.minX + 25, y: band.midY), extending: false, time: 0)
        field.pointerUp()
        XCTAssertEqual(field.editor.selection.head, 6)
        // At x 24, drawn to its left: where the next Hebrew letter would go.
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, band.minX + 22)
        // Right steps on from where the caret is drawn: over ב, to the boundary after it.
        _ = field.handle(.right, modifiers: [], at: 0)
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, band.minX + 30)
        XCTAssertEqual(field.editor.selection.head, 5)
    }

    func testAfterTypingAHebrewLetterTheCaretStandsWhereTheNextOneGoes() {
        let field = makeField(.filled, label: "", text: "abc")
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        field.insert("א", at: 0)
        let band = field.layout!.textLine
        // Left of the letter just typed (x 24, drawn leftward), where the next Hebrew letter will appear.
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, band.minX + 22)
        field.insert("ב", at: 0)
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, band.minX + 22)
        // An arrow key brings back GTK's strong caret: the line's end, as the paragraph reads.
        _ = field.handle(.end, modifiers: [], at: 0)
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, band.minX + 40)
    }

    func testBackspaceWhereTwoDirectionsMeetLeavesTheCaretWhereTheLetterWas() {
        let field = makeField(.filled, label: "", text: "ab " + hebrew + " cd")
        field.focus(at: 0)
        let band = field.layout!.textLine
        // Just right of "ab ": the end of the Hebrew word, whose last letter ג stands there.
        field.pointerDown(at: Point(x: band.minX + 25, y: band.midY), extending: false, time: 0)
        field.pointerUp()
        XCTAssertEqual(field.editor.selection.head, 6)
        let before = field.caretFrame(origin: .zero)!.minX
        _ = field.handle(.backspace, modifiers: [], at: 0)
        XCTAssertEqual(field.text, "ab אב cd")
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, before, "the caret jumped away from the deleted letter")
        _ = field.handle(.backspace, modifiers: [], at: 0)
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, before)
        // Delete removes the space after the Hebrew, at the right of it: the caret goes there, by "cd".
        _ = field.handle(.delete, modifiers: [], at: 0)
        XCTAssertEqual(field.text, "ab אcd")
        XCTAssertEqual(field.caretFrame(origin: .zero)!.minX, band.minX + 32)
    }

    func testDigitsTypedAfterArabicAtTheEndOfALongLatinLineKeepTheArabicInView() {
        let field = makeField(.filled, label: "", text: String(repeating: "a", count: 60), width: 200)
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        field.insert(" רקמ", at: 0)
        field.insert(" 12", at: 0)
        let text = field.textLayout!
        let visible = field.layout!.textLine.width
        // The Hebrew word and the number after it read right to left together: all of it shows.
        let runs = text.visualRuns(onLine: 0, meeting: text.scrollX, text.scrollX + visible)
        let hebrew = runs.last { $0.direction == .rightToLeft && $0.clusters.contains(61) }!
        XCTAssertLessThanOrEqual(hebrew.x + Double(hebrew.clusters.count) * 8 - text.scrollX, visible + 0.001)
    }

    func testTextTypedAtTheEndOfALongLineInTheOtherDirectionComesIntoView() {
        let field = makeField(.filled, label: "", text: String(repeating: "a", count: 60), width: 200)
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        field.insert("שלו", at: 0)
        let text = field.textLayout!
        let visible = field.layout!.textLine.width
        // The Hebrew run stands right of the a's: all of it is in view, and the caret at its left.
        let run = text.visualRuns(onLine: 0, meeting: text.scrollX, text.scrollX + visible).last!
        XCTAssertEqual(run.direction, .rightToLeft)
        XCTAssertLessThanOrEqual(run.x + 24 - text.scrollX, visible)
        XCTAssertGreaterThanOrEqual(field.caretFrame(origin: .zero)!.minX, field.layout!.textLine.minX)
        // Latin typed at the end of a long Hebrew line grows to the left of its caret: shown too.
        let hebrewLine = makeField(.filled, label: "", text: String(repeating: "ש", count: 60), width: 200)
        hebrewLine.focus(at: 0)
        _ = hebrewLine.handle(.end, modifiers: [], at: 0)
        hebrewLine.insert("abc", at: 0)
        let latin = hebrewLine.textLayout!
        let first = latin.visualRuns(onLine: 0, meeting: latin.scrollX, latin.scrollX + visible).first!
        XCTAssertEqual(first.direction, .leftToRight)
        XCTAssertGreaterThanOrEqual(first.x - latin.scrollX, 0)
    }

    // MARK: Backspace in scripts typed a character at a time

    func testBackspaceTakesTheLastMarkOrSignOfArabicHebrewAndIndicClusters() {
        func backspace(_ text: String) -> String {
            let field = makeField(.filled, label: "", text: text)
            field.focus(at: 0)
            _ = field.handle(.end, modifiers: [], at: 0)
            _ = field.handle(.backspace, modifiers: [], at: 0)
            return field.text
        }
        // The fatha goes, the letter stays; then the letter.
        XCTAssertEqual(backspace("كَتَبَ"), "كَتَب")
        XCTAssertEqual(backspace("كَتَب"), "كَتَ")
        XCTAssertEqual(backspace("שָׁלוֹ"), "שָׁלו")
        XCTAssertEqual(backspace("שָׁלוֹם"), "שָׁלוֹ")
        // The vowel sign ी goes, then the conjunct comes apart a character at a time.
        XCTAssertEqual(backspace("हिन्दी"), "हिन्द")
        XCTAssertEqual(backspace("क्ष"), "क्")
        XCTAssertEqual(backspace("क्"), "क")
        // Other clusters go whole: an emoji sequence, a Latin letter with its accent.
        XCTAssertEqual(backspace("a👨\u{200D}👩\u{200D}👧"), "a")
        XCTAssertEqual(backspace("ae\u{301}"), "a")
        // What is left must not join the next cluster: क् before त would, so क्ष goes whole.
        let conjunct = makeField(.filled, label: "", text: "क्षत्रिय")
        conjunct.focus(at: 0)
        _ = conjunct.handle(.home, modifiers: [], at: 0)
        _ = conjunct.handle(.right, modifiers: [], at: 0)
        _ = conjunct.handle(.backspace, modifiers: [], at: 0)
        XCTAssertEqual(conjunct.text, "त्रिय")
        XCTAssertEqual(conjunct.editor.selection, TextSelection(caret: 0))
        // A secure field's bullet is a whole letter.
        let secret = makeField(.filled, label: "", text: "שָׁ")
        secret.isSecureTextEntry = true
        secret.focus(at: 0)
        _ = secret.handle(.end, modifiers: [], at: 0)
        _ = secret.handle(.backspace, modifiers: [], at: 0)
        XCTAssertEqual(secret.text, "")
        // Undo after a run of Backspaces with partial ones brings back exactly what was there.
        let undone = makeField(.filled, label: "", text: "")
        undone.focus(at: 0)
        undone.insert("שָׁלוֹם", at: 0)
        for _ in 0..<3 { _ = undone.handle(.backspace, modifiers: [], at: 0) }
        XCTAssertEqual(undone.text, "שָׁל")
        for _ in 0..<3 { _ = undone.handle(.shortcut("z"), modifiers: .control, at: 0) }
        XCTAssertEqual(undone.text, "שָׁלוֹם")
        for _ in 0..<3 { _ = undone.handle(.shortcut("z"), modifiers: [.control, .shift], at: 0) }
        XCTAssertEqual(undone.text, "שָׁל")
        // Ctrl+Backspace still takes the word.
        let field = makeField(.filled, label: "", text: "كَتَبَ")
        field.focus(at: 0)
        _ = field.handle(.end, modifiers: [], at: 0)
        _ = field.handle(.backspace, modifiers: .control, at: 0)
        XCTAssertEqual(field.text, "")
    }

    // MARK: Natural direction and alignment

    func testNaturalDirectionFollowsTheFirstStrongCharacter() {
        XCTAssertEqual(makeField(.filled, text: "שלום").textDirection, .rightToLeft)
        XCTAssertEqual(makeField(.filled, text: "123 שלום").textDirection, .rightToLeft)
        XCTAssertEqual(makeField(.filled, text: "hello שלום").textDirection, .leftToRight)
        // Empty: the placeholder, then the label, then the field's layout direction.
        XCTAssertEqual(makeField(.filled, label: "", placeholder: "חיפוש").textDirection, .rightToLeft)
        XCTAssertEqual(makeField(.filled, label: "שם").textDirection, .rightToLeft)
        XCTAssertEqual(makeField(.filled, label: "Name").textDirection, .leftToRight)
        let mirrored = makeField(.filled, label: "", text: "123")
        mirrored.layoutDirection = .rightToLeft
        XCTAssertEqual(mirrored.textDirection, .rightToLeft)
    }

    func testNaturalAlignmentPutsRightToLeftTextAtTheRight() {
        let field = makeField(.filled, label: "", text: hebrew, width: 300)
        let band = field.layout!.textLine
        // Right-aligned to the band's edge; the caret's width is kept free at the left end instead.
        XCTAssertEqual(field.textLayout!.x(of: 0, onLine: 0), band.width, accuracy: 0.001)
        // Typing a Latin first letter turns it around.
        field.focus(at: 0)
        _ = field.handle(.home, modifiers: [], at: 0)
        field.insert("a", at: 0)
        XCTAssertEqual(field.textDirection, .leftToRight)
        XCTAssertEqual(field.textLayout!.x(of: 0, onLine: 0), 0)
        // An explicit alignment is not turned around.
        let left = makeField(.filled, label: "", text: hebrew)
        left.textAlignment = .left
        XCTAssertEqual(left.textLayout!.visualRuns(onLine: 0, meeting: 0, 1000).first?.x, MaterialMetrics().caretWidth)
    }

    // MARK: Mirrored layout

    func testRightToLeftLayoutMirrorsTheField() {
        let field = makeField(.outlined, label: "Name", text: "", width: 300)
        field.leadingIcon = .person
        field.clearButtonMode = .always
        field.helperText = "Helper"
        field.maximumLength = 10
        let ltr = field.layout!
        field.layoutDirection = .rightToLeft
        let rtl = field.layout!
        XCTAssertEqual(rtl.leadingIcon!.maxX, 300 - ltr.leadingIcon!.minX)
        XCTAssertEqual(rtl.clearButton!.minX, 300 - ltr.clearButton!.maxX)
        XCTAssertEqual(rtl.textLine.maxX, 300 - ltr.textLine.minX)
        XCTAssertEqual(rtl.floatingLabel!.origin.x + rtl.floatingLabel!.width, 300 - ltr.floatingLabel!.origin.x, accuracy: 0.5)
        XCTAssertEqual(rtl.notch!.upperBound, 300 - ltr.notch!.lowerBound)
        XCTAssertTrue(rtl.isMirrored)
        // Helper text at the right, the counter at the left.
        let appearance = field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)!
        let helper = appearance.assistive.first { $0.text == "Helper" }!
        let counter = appearance.assistive.first { $0.text.contains("/") }!
        XCTAssertGreaterThan(helper.origin.x, counter.origin.x)
        XCTAssertEqual(counter.origin.x, rtl.assistiveRow!.minX)
    }

    func testARAGUnderlineGrowingInTheInterfaceDirectionStartsAtTheRightWhenMirrored() {
        let field = makeField(.rag, label: "", placeholder: "שם")
        field.textBackground = .underline(UnderlineBackground(expandMode: .expandsInUserInterfaceDirection))
        field.layoutDirection = .rightToLeft
        field.focus(at: 0)
        // Partway through the growth, the focused line hugs the right end.
        let appearance = field.advancedAppearance(at: 0.05, origin: .zero, scheme: .light, showsCaret: false)!
        let lines = appearance.shapes.map(\.path.bounds).filter { $0.height <= 3 && $0.width > 0 }
        let right = field.layout!.textBackground!.maxX
        XCTAssertTrue(lines.contains { abs($0.maxX - right) < 0.5 && $0.width < field.layout!.textBackground!.width - 1 },
                      "\(lines)")
    }

    func testALongRightToLeftLineShowsItsStartAtTheRightWhenNotEdited() {
        let field = makeField(.filled, label: "", text: String(repeating: "שלום ", count: 40), width: 200)
        let text = field.textLayout!
        XCTAssertGreaterThan(text.width, 1_000)
        // The first cluster's right edge is in view: the text's start, at the band's right.
        let band = field.layout!.textLine.width
        let startX = text.x(of: 0, onLine: 0) - text.scrollX
        XCTAssertGreaterThan(startX, band - 10)
        XCTAssertLessThanOrEqual(startX, band)
    }

    func testTypingAtTheStartOfALongRightToLeftLineKeepsWhatWasTypedInView() {
        let field = makeField(.filled, label: "", text: String(repeating: "שלום ", count: 40), width: 200)
        field.focus(at: 0)
        _ = field.handle(.home, modifiers: [], at: 0)
        let band = field.layout!.textLine.width
        for letter in ["א", "ב", "ג"] {
            field.insert(letter, at: 0)
            let text = field.textLayout!
            // The text's start (its right end) stays at the band's right edge, the letters typed
            // left of it, the caret left of them.
            XCTAssertEqual(text.x(of: 0, onLine: 0) - text.scrollX, band, accuracy: 0.001)
            XCTAssertEqual(field.caretFrame(origin: .zero)!.minX,
                           field.layout!.textLine.maxX - Double(field.editor.selection.head) * 8 - 2, accuracy: 0.5)
        }
    }

    func testRendererDrawsEachRunInItsDirection() {
        let field = makeField(.filled, label: "", text: "abc" + hebrew)
        let appearance = field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)!
        XCTAssertEqual(appearance.textRuns.map(\.text), ["abc", hebrew])
        XCTAssertEqual(appearance.textRuns.map(\.direction), [.leftToRight, .rightToLeft])
    }

    // MARK: Incremental layout

    func testEditsInBidiTextLeaveTheLayoutAFreshOneWouldHave() {
        let measurer = ShapingLikeMeasurer()
        let pieces = ["ab", "שלום", "مرحبا", " ", "12", ".", "\n", "x", "א", "(", ")", "\u{200F}"]
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        for direction in WritingDirection.allCases {
            for wrap in [nil, 60.0] as [Double?] {
                var characters: [Character] = []
                var layout = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: measurer, wrapWidth: wrap,
                                        direction: direction)
                for step in 0..<300 {
                    let lower = next(characters.count + 1)
                    let upper = min(characters.count, lower + next(4))
                    var replacement = next(3) == 0 ? "" : pieces[next(pieces.count)]
                    if wrap == nil { replacement = replacement.replacingOccurrences(of: "\n", with: " ") }
                    characters.replaceSubrange(lower..<upper, with: Array(replacement))
                    // Clusters of the new text, as the field hands them over.
                    let fresh = TextLayout(characters: characters, font: font, lineHeight: 24, measurer: measurer,
                                           wrapWidth: wrap, direction: direction)
                    let oldCount = layout.count
                    let newCount = characters.count
                    let changed = (newCount - (oldCount - (upper - lower)))
                    layout.replacing(lower..<upper, with: characters[lower..<(lower + changed)], measurer: measurer)
                    XCTAssertEqual(layout.characters, fresh.characters, "step \(step)")
                    XCTAssertEqual(layout.levels, fresh.levels, "step \(step) \(direction)")
                    XCTAssertEqual(layout.lines, fresh.lines, "step \(step) \(direction) \(String(describing: wrap))")
                    XCTAssertEqual(layout.caretStops, fresh.caretStops, "step \(step) \(direction): \(String(characters))")
                    // The scroll is not compared: a right-to-left line's moves with its width.
                    if layout.characters != fresh.characters || layout.levels != fresh.levels || layout.lines != fresh.lines
                        || layout.caretStops != fresh.caretStops { return }
                }
            }
        }
    }
}
