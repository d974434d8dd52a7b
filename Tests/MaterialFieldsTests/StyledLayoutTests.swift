import XCTest
@testable import MaterialFields

/// Styled runs in the text layout and the field's drawing (A2): each run measured in its font
/// plus kern, hit testing and selection over run boundaries, wrapping, the line's height from the
/// tallest run, incremental edits and restyles, and what the appearance draws for runs.
/// `FakeMeasurer` advances every cluster half its font's size, so widths are arithmetic.
final class StyledLayoutTests: XCTestCase {
    private let measurer = FakeMeasurer()
    private let font = FontSpec(pixelSize: 16)

    /// "abcd": "ab" at 16 px (8 px each), "cd" at 32 px (16 px each) with 2 px kern.
    private func bigTail() -> AttributeRuns {
        AttributeRuns([(2, TextAttributes.none), (2, TextAttributes(fontSize: 32, kern: 2))])
    }

    func testEachRunIsMeasuredInItsFontPlusItsKern() {
        let layout = TextLayout(characters: Array("abcd"), font: font, lineHeight: 24, measurer: measurer, styles: bigTail())
        XCTAssertEqual(Array(layout.caretStops), [0, 8, 16, 34, 52])
        XCTAssertEqual(layout.width, 52)
    }

    func testHitTestingCaretsAndSelectionFollowRunAdvances() {
        let layout = TextLayout(characters: Array("abcd"), font: font, lineHeight: 40, measurer: measurer, styles: bigTail())
        XCTAssertEqual(layout.offset(nearestTo: 24, onLine: 0), 2, "nearer the end of 'b' (16) than of 'c' (34)")
        XCTAssertEqual(layout.offset(nearestTo: 30, onLine: 0), 3)
        XCTAssertEqual(layout.offset(before: Point(x: 40, y: 5)), 3, "x 40 is inside 'd' (34..52)")
        XCTAssertEqual(layout.x(of: 3, onLine: 0), 34)
        let rects = layout.rects(for: 1..<3)
        XCTAssertEqual(rects.count, 1)
        XCTAssertEqual(rects.first?.minX, 8)
        XCTAssertEqual(rects.first?.maxX, 34)
    }

    func testTheLineTakesItsBaselineAndCaretFromTheTallestRun() {
        // 16 px: ascent 12, descent 4; 32 px: ascent 24, descent 8. Line 40: (40 - 32) / 2 + 24.
        let styled = TextLayout(characters: Array("abcd"), font: font, lineHeight: 40, measurer: measurer, styles: bigTail())
        XCTAssertEqual(styled.baselineInLine, 28)
        XCTAssertEqual(styled.caretHeight, 32)
        XCTAssertEqual(styled.caretInset, 4)
        let plain = TextLayout(characters: Array("abcd"), font: font, lineHeight: 40, measurer: measurer)
        XCTAssertEqual(plain.baselineInLine, 24, "(40 - 16) / 2 + 12")
    }

    func testWrappingBreaksByRunWidths() {
        // "aa bb cc": "bb" at 32 px is 32 wide; at width 40 "aa " (24) fits, "aa bb" (56) does not.
        let styles = AttributeRuns([(3, TextAttributes.none), (2, TextAttributes(fontSize: 32)), (3, TextAttributes.none)])
        let layout = TextLayout(characters: Array("aa bb cc"), font: font, lineHeight: 40, measurer: measurer, wrapWidth: 40,
                                styles: styles)
        XCTAssertEqual(layout.lines.map(\.clusters), [0..<3, 3..<6, 6..<8])
        let plain = TextLayout(characters: Array("aa bb cc"), font: font, lineHeight: 40, measurer: measurer, wrapWidth: 40)
        XCTAssertEqual(plain.lines.map(\.clusters), [0..<6, 6..<8], "plain, 'aa bb ' (48 with the hanging space) breaks later")
    }

    func testPlainRunsLayOutAsPlainText() {
        let layout = TextLayout(characters: Array("abc"), font: font, lineHeight: 24, measurer: measurer,
                                styles: AttributeRuns(count: 3))
        XCTAssertNil(layout.styles)
        XCTAssertEqual(layout, TextLayout(characters: Array("abc"), font: font, lineHeight: 24, measurer: measurer))
    }

    func testAnInsertionTakesTheStylesBeforeItAndMatchesAFreshLayout() {
        var layout = TextLayout(characters: Array("abcd"), font: font, lineHeight: 40, measurer: measurer, styles: bigTail())
        layout.replacing(4..<4, with: ["e"], measurer: measurer)
        var expected = bigTail()
        expected.replaceSubrange(4..<4, with: AttributeRuns(count: 1, attributes: TextAttributes(fontSize: 32, kern: 2)))
        XCTAssertEqual(layout.styles, expected)
        XCTAssertEqual(Array(layout.caretStops), [0, 8, 16, 34, 52, 70])
        XCTAssertEqual(layout, TextLayout(characters: Array("abcde"), font: font, lineHeight: 40, measurer: measurer, styles: expected))
    }

    func testAnEditWithItsOwnStylesMeasuresThem() {
        var layout = TextLayout(characters: Array("abcd"), font: font, lineHeight: 40, measurer: measurer, styles: bigTail())
        layout.replacing(0..<1, with: ["x", "y"], styles: AttributeRuns(count: 2, attributes: TextAttributes(fontSize: 24)),
                         measurer: measurer)
        XCTAssertEqual(Array(layout.caretStops), [0, 12, 24, 32, 50, 68])
    }

    func testARestyleMeasuresOnlyTheChangedRunAgain() {
        let text = Array(String(repeating: "word ", count: 400))
        var layout = TextLayout(characters: text, font: font, lineHeight: 40, measurer: measurer, wrapWidth: 300)
        let before = measurer.measuredClusters
        var styles = AttributeRuns(count: text.count)
        styles.setAttributes(TextAttributes(fontSize: 32), in: 1000..<1004)
        layout.restyle(styles, measurer: measurer)
        XCTAssertLessThanOrEqual(measurer.measuredClusters - before, 2 * TextLayout.pageMaximumCount, "a page or two, not the 2,000")
        XCTAssertEqual(layout, TextLayout(characters: text, font: font, lineHeight: 40, measurer: measurer, wrapWidth: 300, styles: styles))
        layout.restyle(nil, measurer: measurer)
        XCTAssertEqual(layout, TextLayout(characters: text, font: font, lineHeight: 40, measurer: measurer, wrapWidth: 300))
    }

    func testSegmentsCarryTheTextAroundAStyleBoundaryAsContext() {
        let styles = AttributeRuns([(3, TextAttributes.none), (2, TextAttributes(fontWeight: .bold)), (3, TextAttributes.none)])
        let segments = TextLayout.segments(styles, in: 0..<8, of: Array("abcdefgh"), font: font) ?? []
        XCTAssertEqual(segments.map { $0.count }, [3, 2, 3])
        XCTAssertEqual(segments.map { $0.contextBefore }, ["", "abc", "bcde"])
        XCTAssertEqual(segments.map { $0.contextAfter }, ["defg", "fgh", ""])
        XCTAssertEqual(segments[1].font, FontSpec(pixelSize: 16, weight: .bold))
    }

    // MARK: The field

    private func styledField(_ text: AttributedText, kind: FieldKind = .textField) -> TextField {
        let field = TextField(identifier: "s", style: .filled, kind: kind, label: "Label")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
        field.attributedText = text
        return field
    }

    private func parts(_ parts: [(String, TextAttributes)]) -> AttributedText {
        parts.reduce(AttributedText()) { $0 + AttributedText($1.0, attributes: $1.1) }
    }

    func testTheFieldDrawsEachRunInItsFontAndColour() {
        let pink = Color(hex: 0xE91E63)
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(fontWeight: .bold, isItalic: true, foregroundColor: pink))]))
        let texts = field.drawn(at: 1).texts.filter { $0.text != "Label" }
        XCTAssertEqual(texts.map(\.text), ["ab", "cd"])
        XCTAssertEqual(texts[1].font, FontSpec(pixelSize: 16, weight: .bold, isItalic: true))
        XCTAssertEqual(texts[1].color, pink)
        XCTAssertEqual(texts[0].color, ColorScheme.light.onSurface.withAlpha(0.87), "a run with no colour takes the field's")
        XCTAssertEqual(texts[1].origin.x - texts[0].origin.x, 16, "'cd' starts after 'ab' (2 x 8 px)")
    }

    func testUnderlineStrikethroughAndBackgroundAreDrawnWhereTheRunIs() throws {
        let yellow = Color(hex: 0xFFE082), red = Color(hex: 0xE53935)
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(backgroundColor: yellow, underlineStyle: .single)),
                                       ("ef", TextAttributes(strikethroughStyle: .double, strikethroughColor: red))]))
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: Point(x: 10, y: 20), scheme: .light, showsCaret: false))
        let textRun = try XCTUnwrap(appearance.textRuns.first)
        let left = textRun.origin.x, baseline = textRun.origin.y
        let background = try XCTUnwrap(appearance.textBackgrounds.first?.path.bounds)
        XCTAssertEqual(appearance.textBackgrounds.first?.color, yellow)
        XCTAssertEqual(background.minX, left + 16)
        XCTAssertEqual(background.width, 16)
        XCTAssertEqual(background.height, field.textLayout?.lineHeight, "the line's height")
        // Estimated metrics at 16 px (ascent 12, descent 4): underline 2 px below, 1 px thick.
        let underline = try XCTUnwrap(appearance.textDecorations.first { $0.color == ColorScheme.light.onSurface.withAlpha(0.87) })
        XCTAssertEqual(underline.path.bounds, Rect(x: left + 16, y: baseline + 2, width: 16, height: 1))
        let strikes = appearance.textDecorations.filter { $0.color == red }
        XCTAssertEqual(strikes.count, 2, "a double strikethrough is two lines")
        XCTAssertTrue(strikes.allSatisfy { $0.path.bounds.minX == left + 32 && $0.path.bounds.maxY <= baseline })
        // Drawn: backgrounds before the text, lines after it.
        let canvas = RecordingCanvas()
        FieldRenderer.draw(appearance, on: canvas)
        let order = canvas.commands.enumerated()
        let backgroundIndex = order.first { if case .fill(_, yellow) = $0.element { return true }; return false }?.offset
        let textIndex = order.first { if case .text("abcdef", _, _, _) = $0.element { return true }; return false }?.offset
        let strikeIndex = order.first { if case .fill(_, red) = $0.element { return true }; return false }?.offset
        XCTAssertLessThan(try XCTUnwrap(backgroundIndex), try XCTUnwrap(textIndex))
        XCTAssertLessThan(try XCTUnwrap(textIndex), try XCTUnwrap(strikeIndex))
    }

    func testAStyleChangeDamagesTheFieldAndAnEqualOneNothing() throws {
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(strikethroughStyle: .single))]))
        field.focus(at: 0)
        field.allowsEditingTextAttributes = true
        field.selection = TextSelection(anchor: 0, head: 2)
        let selected = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(selected.textDecorations.count, 1, "the strikethrough")
        // Underline changes no font: the layout learns of it from the edit alone.
        field.toggleStyle(.underline, at: 1)
        let underlined = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(underlined.textDecorations.count, 2, "the new underline under 'ab'")
        XCTAssertNotNil(underlined.damage(since: selected), "a change of style alone is a change to draw")
        XCTAssertNil(underlined.damage(since: underlined))
        field.undo(at: 2)
        let undone = try XCTUnwrap(field.advancedAppearance(at: 2, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(undone.textDecorations.count, 1, "undo takes the underline off what is drawn")
        XCTAssertNotNil(undone.damage(since: underlined))
    }

    func testTypingInsideABoldRunIsMeasuredBold() {
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(fontSize: 32))]))
        field.focus(at: 0)
        field.selection = TextSelection(caret: 4)
        field.insert("e", at: 1)
        XCTAssertEqual(field.textLayout.map { Array($0.caretStops) }, [0, 8, 16, 32, 48, 64])
        XCTAssertEqual(field.textLayout?.styles, AttributeRuns([(2, TextAttributes.none), (3, TextAttributes(fontSize: 32))]))
    }

    func testALargerRunMakesTheLineAndTheContainerTaller() {
        let field = styledField(AttributedText("ab"))
        let plainHeight = field.layout?.container.height ?? 0
        field.attributedText = parts([("ab", .none), ("cd", TextAttributes(fontSize: 40))])
        XCTAssertGreaterThan(field.layout?.container.height ?? 0, plainHeight)
        XCTAssertEqual(field.textLayout?.lineHeight, field.layout?.textLineHeight)
        field.text = "ab"
        XCTAssertEqual(field.layout?.container.height, plainHeight, "plain text again: the field's own height")
    }

    func testRunColoursGiveWayInHighContrastAndFadeWhenDisabled() {
        let pink = Color(hex: 0xE91E63)
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(foregroundColor: pink))]))
        let forced = field.drawn(at: 1, scheme: .highContrastLight).texts.filter { $0.text == "abcd" }
        XCTAssertEqual(forced.count, 1, "one colour, drawn once")
        XCTAssertFalse(forced.contains { $0.color.red == pink.red && $0.color.green == pink.green })
        field.isEnabled = false
        let disabled = field.drawn(at: 2).texts.first { $0.color.red == pink.red && $0.color.green == pink.green }
        XCTAssertNotNil(disabled)
        XCTAssertLessThan(disabled?.color.alpha ?? 1, 1)
    }

    /// A colour boundary does not split shaping: the piece is drawn whole once per colour, each
    /// time clipped to that colour's clusters, the clips meeting on a whole pixel.
    func testAColourBoundaryDrawsOnePieceOncePerColourClipped() throws {
        let pink = Color(hex: 0xE91E63)
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(foregroundColor: pink))]))
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(appearance.textRuns.map(\.text), ["abcd", "abcd"])
        XCTAssertEqual(appearance.textRuns.map(\.color), [ColorScheme.light.onSurface.withAlpha(0.87), pink])
        XCTAssertEqual(appearance.textRuns[0].origin, appearance.textRuns[1].origin)
        let first = try XCTUnwrap(appearance.textRuns[0].clip), second = try XCTUnwrap(appearance.textRuns[1].clip)
        XCTAssertEqual(first.maxX, second.minX, "the clips meet")
        XCTAssertEqual(second.minX, appearance.textRuns[0].origin.x + 16, "where 'c' starts")
        XCTAssertEqual(field.textLayout.map { Array($0.caretStops) }, [0, 8, 16, 24, 32])
        let canvas = RecordingCanvas()
        FieldRenderer.draw(appearance, on: canvas)
        XCTAssertTrue(canvas.commands.contains(.pushClip(second)))
    }

    func testSecureFieldsDrawNoStyles() throws {
        let field = styledField(parts([("ab", .none), ("cd", TextAttributes(fontSize: 32))]))
        field.defaultTextAttributes = TextAttributes(underlineStyle: .single)
        XCTAssertNotNil(field.textLayout?.styles)
        field.isSecureTextEntry = true
        XCTAssertNil(field.textLayout?.styles, "bullets carry no styles, not even the defaults'")
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertTrue(appearance.textDecorations.isEmpty)
    }

    // MARK: attributedPlaceholder

    private func placeholderField() -> TextField {
        let field = TextField(identifier: "p", style: .filled, label: "")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
        return field
    }

    func testAttributedPlaceholderDrawsItsRunsInThePlaceholderGreyUnlessTheySetAColour() throws {
        let pink = Color(hex: 0xE91E63)
        let field = placeholderField()
        field.attributedPlaceholder = parts([("Search ", .none), ("tags", TextAttributes(fontWeight: .bold, foregroundColor: pink))])
        XCTAssertEqual(field.placeholder, "Search tags")
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertNil(appearance.placeholder)
        XCTAssertEqual(appearance.placeholderRuns.map(\.text), ["Search ", "tags"])
        XCTAssertEqual(appearance.placeholderRuns.first?.color, ColorScheme.light.onSurface.withAlpha(0.60), "the theme's placeholder grey")
        XCTAssertEqual(appearance.placeholderRuns.last?.color, pink)
        XCTAssertEqual(appearance.placeholderRuns.last?.font.weight, .bold)
        field.placeholderColor = Color(hex: 0x808080)
        let recoloured = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(recoloured.placeholderRuns.first?.color, Color(hex: 0x808080), "placeholderColor is what a run without colour takes")
    }

    func testAPlainFieldDrawsAStyledPlaceholderInUIKitsSeventyPercentGreyWhereARunSetsNoColour() throws {
        let pink = Color(hex: 0xE91E63)
        let field = TextField(identifier: "p", style: .plain(.roundedRect), label: "")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
        field.attributedPlaceholder = parts([("Search ", TextAttributes(isItalic: true)), ("tags", TextAttributes(foregroundColor: pink))])
        var appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(appearance.placeholderRuns.first?.color, Color(red: 0.7, green: 0.7, blue: 0.7), "UIKit's 70 % grey")
        XCTAssertEqual(appearance.placeholderRuns.last?.color, pink, "a run's own colour wins")
        field.placeholderColor = Color(hex: 0x808080)
        appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(appearance.placeholderRuns.first?.color, Color(hex: 0x808080), "the app's placeholderColor wins over the grey")
        field.placeholderColor = nil
        appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .highContrastLight, showsCaret: false))
        XCTAssertNotEqual(appearance.placeholderRuns.first?.color, Color(red: 0.7, green: 0.7, blue: 0.7), "high contrast forces its own")
        field.placeholder = "Search tags"
        appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertTrue(appearance.placeholderRuns.isEmpty, "a plain placeholder is drawn as before, in the field's colour")
    }

    func testSettingPlaceholderMakesItPlainAndAttributedPlaceholderReadsBack() throws {
        let field = placeholderField()
        XCTAssertNil(field.attributedPlaceholder)
        let styled = parts([("a", TextAttributes(isItalic: true)), ("b", .none)])
        field.attributedPlaceholder = styled
        XCTAssertEqual(field.attributedPlaceholder, styled)
        field.placeholder = "plain"
        XCTAssertEqual(field.attributedPlaceholder, AttributedText("plain"))
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        XCTAssertEqual(appearance.placeholder?.text, "plain")
        XCTAssertTrue(appearance.placeholderRuns.isEmpty)
        field.attributedPlaceholder = nil
        XCTAssertEqual(field.placeholder, "")
    }
}

extension StyledLayoutTests {
    func testBadStyleValuesLayOutSafely() {
        // A kern more negative than a cluster is wide stops at 0; NaN kern and sizes are ignored.
        let styles = AttributeRuns([(2, TextAttributes(kern: -50)), (1, TextAttributes(fontSize: .nan, kern: .nan)),
                                    (1, TextAttributes(fontFamily: "", fontSize: -3))])
        let layout = TextLayout(characters: Array("abcd"), font: FontSpec(pixelSize: 16), lineHeight: 24,
                                measurer: FakeMeasurer(), styles: styles)
        XCTAssertEqual(Array(layout.caretStops), [0, 0, 0, 8, 16])
        XCTAssertEqual(layout.offset(nearestTo: 100, onLine: 0), 4)
        XCTAssertEqual(layout.offset(nearestTo: -5, onLine: 0), 0)
    }
}

extension StyledLayoutTests {
    /// A keystroke in a long styled text costs what it touches: its page's clusters measured, its
    /// lines wrapped, not the text or its thousand runs measured again.
    func testAKeystrokeInALongStyledTextMeasuresItsPageOnly() {
        let measurer = FakeMeasurer()
        let text = Array(String(repeating: "styled text ", count: 1_000))
        var pairs: [(Int, TextAttributes)] = []
        for index in 0..<(text.count / 12) { pairs.append((12, index % 2 == 0 ? .none : TextAttributes(fontWeight: .bold, kern: 0.5))) }
        let styles = AttributeRuns(pairs)
        var layout = TextLayout(characters: text, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer, wrapWidth: 320,
                                styles: styles)
        let before = measurer.measuredClusters
        layout.replacing(6_003..<6_003, with: ["x"], measurer: measurer)
        XCTAssertLessThanOrEqual(measurer.measuredClusters - before, 2 * TextLayout.pageMaximumCount, "a page or two, not 12,000")
        // 40 clusters a line: the lines of two pages, and the two before them.
        XCTAssertLessThanOrEqual(layout.lastEditCost.linesWrapped, 2 * TextLayout.pageMaximumCount / 40 + 3)
        var expected = styles
        expected.replaceSubrange(6_003..<6_003, with: AttributeRuns(count: 1, attributes: styles.attributes(at: 6_002)))
        var characters = text
        characters.insert("x", at: 6_003)
        XCTAssertEqual(layout, TextLayout(characters: characters, font: FontSpec(pixelSize: 16), lineHeight: 24, measurer: measurer,
                                          wrapWidth: 320, styles: expected))
    }
}

extension StyledLayoutTests {
    /// A long styled line scrolled to its end draws only the runs near the band, each where the
    /// layout's stops put it, and the last ends at the caret.
    func testAScrolledStyledLineDrawsItsPiecesWhereTheStopsAre() throws {
        var text = AttributedText()
        for index in 0..<60 { text = text + AttributedText("word ", attributes: index % 2 == 0 ? .none : TextAttributes(fontSize: 20)) }
        let field = styledField(text)
        field.focus(at: 0)
        field.selection = TextSelection(caret: text.count)
        let layout = try XCTUnwrap(field.textLayout)
        XCTAssertGreaterThan(layout.scrollX, 0)
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
        let clip = appearance.textClip
        XCTAssertLessThan(appearance.textRuns.count, 20, "only what shows, not 60 words")
        for run in appearance.textRuns {
            let width = Double(run.text.count) * run.font.pixelSize / 2
            XCTAssertGreaterThan(run.origin.x + width, clip.minX - 40)
            XCTAssertLessThan(run.origin.x, clip.maxX + 40)
        }
        let last = try XCTUnwrap(appearance.textRuns.last)
        let caret = try XCTUnwrap(appearance.caret?.path.bounds)
        XCTAssertEqual(last.origin.x + Double(last.text.count) * last.font.pixelSize / 2, caret.minX, accuracy: 1,
                       "the last piece ends where the caret stands")
    }
}

extension StyledLayoutTests {
    /// Right to left, a kerned run's clusters are drawn one at a time leftward from the run's
    /// right end, each its advance plus kern from the one before.
    func testAKernedRightToLeftRunGoesLeftwardClusterByCluster() throws {
        let field = styledField(AttributedText("אב") + AttributedText("גדה", attributes: TextAttributes(kern: 2)))
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false))
        let kerned = appearance.textRuns.filter { $0.text.count == 1 }
        XCTAssertEqual(kerned.map(\.text), ["ג", "ד", "ה"])
        XCTAssertEqual(kerned.map(\.direction), [.rightToLeft, .rightToLeft, .rightToLeft])
        XCTAssertEqual(kerned[0].origin.x - kerned[1].origin.x, 10, "8 px and 2 of kern")
        XCTAssertEqual(kerned[1].origin.x - kerned[2].origin.x, 10)
        let plain = try XCTUnwrap(appearance.textRuns.first { $0.text == "אב" })
        XCTAssertEqual(plain.origin.x, kerned[0].origin.x + 10, "the unkerned start stands right of them")
    }
}
