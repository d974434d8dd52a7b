import XCTest
@testable import MaterialFields

/// UIKit's `autocapitalizationType`: capitals applied to typed text only.
final class AutocapitalizationTests: XCTestCase {
    private func capitalized(_ type: AutocapitalizationType, _ typed: String, after before: String = "") -> String {
        type.apply(to: typed, after: Array(before))
    }

    func testWordsCapitalizesTheFirstLetterOfEachWord() {
        XCTAssertEqual(capitalized(.words, "hello big world"), "Hello Big World")
        XCTAssertEqual(capitalized(.words, "école\tnaïve"), "École\tNaïve")
        XCTAssertEqual(capitalized(.words, "x", after: "abc "), "X", "after a space")
        XCTAssertEqual(capitalized(.words, "x", after: "abc\n"), "X", "after a line break")
        XCTAssertEqual(capitalized(.words, "x", after: "abc"), "x", "inside a word")
        XCTAssertEqual(capitalized(.words, "mcDonald"), "McDonald", "only the first letter changes")
        XCTAssertEqual(capitalized(.words, "1st place"), "1st Place", "a word starting with a digit keeps it")
    }

    func testSentencesCapitalizesAtTheStartAndAfterAnEndAndASpace() {
        XCTAssertEqual(capitalized(.sentences, "hello. world! yes? no"), "Hello. World! Yes? No")
        XCTAssertEqual(capitalized(.sentences, "hello world"), "Hello world", "only a sentence's first word")
        XCTAssertEqual(capitalized(.sentences, "x", after: "Done. "), "X", "after \". \"")
        XCTAssertEqual(capitalized(.sentences, "x", after: "Done.   "), "X", "after several spaces")
        XCTAssertEqual(capitalized(.sentences, "x", after: "Done?\t"), "X")
        XCTAssertEqual(capitalized(.sentences, "x", after: "Done."), "x", "no space yet: 3.14, e.g.")
        XCTAssertEqual(capitalized(.sentences, "x", after: "one, "), "x", "a comma ends no sentence")
        XCTAssertEqual(capitalized(.sentences, "x", after: "one\n"), "X", "a line break starts a sentence")
        XCTAssertEqual(capitalized(.sentences, "one\ntwo"), "One\nTwo")
        XCTAssertEqual(capitalized(.sentences, "e.g. this"), "E.g. This", "the rule is mechanical")
        XCTAssertEqual(capitalized(.sentences, "x", after: "   "), "X", "only spaces before: still the start")
    }

    func testAllCharactersAndNone() {
        XCTAssertEqual(capitalized(.allCharacters, "mixed Case 1-2"), "MIXED CASE 1-2")
        XCTAssertEqual(capitalized(.allCharacters, "x", after: "abc"), "X")
        XCTAssertEqual(capitalized(.none, "hello. world"), "hello. world")
        XCTAssertEqual(capitalized(.none, "x", after: ""), "x")
    }

    private func typingScene(_ type: AutocapitalizationType, kind: FieldKind = .textField,
                             text: String = "") -> (FieldScene, RecordingHost, TextField) {
        let field = filledField("f", text: text, kind: kind)
        field.autocapitalizationType = type
        let (scene, host) = makeUIKitScene([field])
        scene.focus(field, at: 0)
        field.selection = TextSelection(caret: field.count)
        return (scene, host, field)
    }

    func testTypedKeyByKeyInAField() {
        let (words, _, wordsField) = typingScene(.words)
        typeKeys(words, "john ronald reuel", time: 1)
        XCTAssertEqual(wordsField.text, "John Ronald Reuel")

        let (all, _, allField) = typingScene(.allCharacters)
        typeKeys(all, "ab-12c", time: 1)
        XCTAssertEqual(allField.text, "AB-12C")

        let (none, _, noneField) = typingScene(.none)
        typeKeys(none, "hello. world", time: 1)
        XCTAssertEqual(noneField.text, "hello. world")
    }

    func testSentencesInATextAreaIncludingAfterALineBreak() {
        let (scene, _, area) = typingScene(.sentences, kind: .textArea)
        typeKeys(scene, "hi there. how are you? fine", time: 1)
        scene.handle(.key(.enter, []), at: 2)
        typeKeys(scene, "and you", time: 3)
        XCTAssertEqual(area.text, "Hi there. How are you? Fine\nAnd you")
    }

    func testSentencesReadsTheTextBeforeTheCaretNotTheEnd() {
        let (scene, _, field) = typingScene(.sentences, text: "One. wo")
        field.selection = TextSelection(caret: 5)
        typeKeys(scene, "t", time: 1)
        XCTAssertEqual(field.text, "One. Two", "typed after \". \" in the middle")
        field.selection = TextSelection(caret: 2)
        typeKeys(scene, "x", time: 2)
        XCTAssertEqual(field.text, "Onxe. Two", "inside a word nothing changes")
    }

    func testPasteAndInputMethodTextAreTakenAsTheyAre() {
        let (scene, host, field) = typingScene(.words)
        host.selections[.clipboard] = "pasted words"
        scene.handle(.key(.shortcut("v"), .control), at: 1)
        host.answerPastes()
        XCTAssertEqual(field.text, "pasted words")
        field.insert(" composed", cause: .inputMethod, at: 2)
        XCTAssertEqual(field.text, "pasted words composed")
        typeKeys(scene, " typed", time: 3)
        XCTAssertEqual(field.text, "pasted words composed Typed", "typing still capitalizes")
    }

    func testASecureFieldIsNeverCapitalized() {
        for type in [AutocapitalizationType.words, .sentences, .allCharacters] {
            let (scene, _, field) = typingScene(type)
            field.isSecureTextEntry = true
            typeKeys(scene, "abc. def", time: 1)
            XCTAssertEqual(field.text, "abc. def", "\(type)")
        }
    }
}

/// UIKit's keyboard types on a desktop: what may be typed or pasted.
final class KeyboardTypeFilterTests: XCTestCase {
    private func filter(_ type: KeyboardType, _ text: String, keeping rest: String = "") -> String {
        type.filter(text, keeping: Array(rest))
    }

    /// A focused field of `type` with `text`, caret at the end, and a recorder.
    private func field(_ type: KeyboardType, text: String = "") -> (TextField, FieldRecorder) {
        let field = makeField(.filled, text: text)
        field.keyboardType = type
        field.focus(at: 0)
        field.selection = TextSelection(caret: field.count)
        return (field, FieldRecorder(field))
    }

    private func typeEach(_ text: String, into field: TextField) {
        for character in text { field.insert(String(character), at: 1) }
    }

    func testTypesThatAllowAnything() {
        let sample = "Any text: é, 5, @ @, 😀 and spaces."
        for type in [KeyboardType.default, .numbersAndPunctuation, .namePhonePad, .twitter, .webSearch] {
            XCTAssertEqual(filter(type, sample), sample, "\(type)")
            let (field, _) = field(type)
            field.paste(sample, at: 1)
            XCTAssertEqual(field.text, sample, "\(type)")
        }
    }

    func testNumberPadTakesASCIIDigitsOnly() {
        for type in [KeyboardType.numberPad, .asciiCapableNumberPad] {
            XCTAssertEqual(filter(type, "a1b2 3.4٣５"), "1234", "\(type): no letters, spaces, points or other scripts' digits")
            let (field, recorder) = field(type)
            typeEach("4x2 ", into: field)
            XCTAssertEqual(field.text, "42", "\(type) typed")
            XCTAssertEqual(recorder.refusedEdits.map(\.replacement), ["x", " "])
            // A paste is taken whole or refused: dropping its other characters would paste
            // another value. Only the spaces and line breaks around it go.
            field.paste("(555) 123-45", at: 2)
            XCTAssertEqual(field.text, "42", "\(type): a paste with more than digits is refused")
            XCTAssertEqual(recorder.refusedEdits.last?.replacement, "(555) 123-45")
            field.paste(" 55512345\n", at: 3)
            XCTAssertEqual(field.text, "4255512345", "\(type) pasted")
        }
    }

    func testDecimalPadTakesDigitsAndOneSeparator() {
        XCTAssertEqual(filter(.decimalPad, "1.2,3.4"), "1.234")
        XCTAssertEqual(filter(.decimalPad, ",5"), ",5", "a comma is a separator too")
        XCTAssertEqual(filter(.decimalPad, ".5", keeping: "1,0"), "5", "one already kept")
        XCTAssertEqual(filter(.decimalPad, "-1e5"), "15", "no sign or exponent")

        let (field, recorder) = field(.decimalPad)
        typeEach("3.1.4", into: field)
        XCTAssertEqual(field.text, "3.14", "typed")
        XCTAssertEqual(recorder.refusedEdits.map(\.replacement), ["."])
        field.paste(",15.9", at: 2)
        XCTAssertEqual(field.text, "3.14", "a paste with a second separator is refused, not pasted as another number")
        field.paste("159", at: 2)
        XCTAssertEqual(field.text, "3.14159", "pasted")

        // Replacing the separator may bring a new one: the kept text is what counts.
        field.selection = TextSelection(anchor: 1, head: 2)
        field.insert(",", at: 3)
        XCTAssertEqual(field.text, "3,14159")
        field.selection = TextSelection(anchor: 0, head: field.count)
        field.paste("2.5", at: 4)
        XCTAssertEqual(field.text, "2.5")
    }

    func testPhonePadTakesDigitsAndPhoneSymbols() {
        XCTAssertEqual(filter(.phonePad, "+1 (555) 123-4567 ext. 8#*/"), "+1 (555) 123-4567 . 8#*/")
        let (field, recorder) = field(.phonePad)
        typeEach("+44 x(0)20", into: field)
        XCTAssertEqual(field.text, "+44 (0)20", "typed")
        XCTAssertEqual(recorder.refusedEdits.map(\.replacement), ["x"])
        field.paste(" call 7946-0958", at: 2)
        XCTAssertEqual(field.text, "+44 (0)20", "a paste with letters is refused")
        field.paste(" 7946-0958\n", at: 3)
        XCTAssertEqual(field.text, "+44 (0)20 7946-0958 ", "pasted as it is: the phone pad takes spaces (the line break is one in a single line)")
    }

    func testEmailAddressTakesOneAtAndNoSpaces() {
        XCTAssertEqual(filter(.emailAddress, "a b@c@d"), "ab@cd")
        XCTAssertEqual(filter(.emailAddress, "@z", keeping: "x@y"), "z")
        XCTAssertEqual(filter(.emailAddress, "\tme\u{00A0}@x"), "me@x", "no kind of space")

        let (field, recorder) = field(.emailAddress)
        typeEach("me @home@x", into: field)
        XCTAssertEqual(field.text, "me@homex", "typed")
        XCTAssertEqual(recorder.refusedEdits.map(\.replacement), [" ", "@"])

        field.selection = TextSelection(anchor: 0, head: field.count)
        field.paste("first last@example.com\nsecond@example.org", at: 2)
        XCTAssertEqual(field.text, "me@homex", "a paste of two addresses (a space, a second @) is refused")
        field.paste("  first.last@example.com\n", at: 2)
        XCTAssertEqual(field.text, "first.last@example.com", "pasted over the selection, without the spaces around it")

        // Replacing the @ itself lets a new one in: only the kept text is read.
        field.selection = TextSelection(anchor: 10, head: 12)
        XCTAssertEqual(field.text.dropFirst(10).prefix(2), "@e")
        field.insert("@", at: 3)
        XCTAssertEqual(field.text, "first.last@xample.com")
        field.selection = TextSelection(anchor: 10, head: 11)
        _ = field.handle(.backspace, modifiers: [], at: 4)
        XCTAssertFalse(field.text.contains("@"))
        field.insert("@", at: 5)
        XCTAssertEqual(field.text, "first.last@xample.com", "with the @ deleted, a new one may be typed")
    }

    func testURLTakesNoWhitespace() {
        XCTAssertEqual(filter(.URL, "http://a b.com/\tpath"), "http://ab.com/path")
        let (field, recorder) = field(.URL)
        typeEach("a b", into: field)
        XCTAssertEqual(field.text, "ab", "typed")
        XCTAssertEqual(recorder.refusedEdits.map(\.replacement), [" "])
        field.paste("/path with spaces?q=1 2", at: 2)
        XCTAssertEqual(field.text, "ab", "a paste with spaces inside is refused")
        field.paste("/path?q=1\n", at: 2)
        XCTAssertEqual(field.text, "ab/path?q=1", "pasted")
    }

    func testASCIICapableTakesASCIIOnly() {
        XCTAssertEqual(filter(.asciiCapable, "café naïve 😀 ok"), "caf nave  ok")
        let (field, recorder) = field(.asciiCapable)
        typeEach("né", into: field)
        XCTAssertEqual(field.text, "n", "typed")
        XCTAssertEqual(recorder.refusedEdits.map(\.replacement), ["é"])
        field.paste("o ½ way", at: 2)
        XCTAssertEqual(field.text, "n", "a paste with more than ASCII is refused")
        field.paste("o way", at: 2)
        XCTAssertEqual(field.text, "no way", "pasted")
        field.insert("ü", cause: .inputMethod, at: 3)
        XCTAssertEqual(field.text, "no way", "an input method's text is filtered as typing is")
    }

    func testARefusedKeyLeavesTheSelectionItWouldHaveReplaced() {
        let (field, recorder) = field(.numberPad, text: "12345")
        field.selection = TextSelection(anchor: 1, head: 4)
        field.insert("x", at: 1)
        XCTAssertEqual(field.text, "12345")
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 4))
        XCTAssertEqual(recorder.refusedEdits.count, 1)
    }

    func testTheProgramIsNotFiltered() {
        let (field, _) = field(.numberPad)
        field.text = "not a number"
        XCTAssertEqual(field.text, "not a number")
    }

    /// README: "the others let everything in, pasted as it is": a space pasted into a web search
    /// (or a Twitter field, `.namePhonePad`, `.numbersAndPunctuation`) is kept.
    func testAPastedSpaceIsKeptInAFieldWhoseKeyboardTypeLetsEverythingIn() {
        for type in [KeyboardType.webSearch, .twitter, .namePhonePad, .numbersAndPunctuation] {
            let field = makeField(.filled, text: "foobar")
            field.keyboardType = type
            field.focus(at: 0)
            field.selection = TextSelection(caret: 3)
            field.paste(" ", at: 1)
            XCTAssertEqual(field.text, "foo bar", "\(type)")
            field.selection = TextSelection(caret: field.count)
            field.paste(" baz ", at: 2)
            XCTAssertEqual(field.text, "foo bar baz ", "\(type): the paste lost its trailing space")
        }
    }

    /// Counts the characters read from it, so a test can tell one scan of the kept text from one
    /// per typed separator without timing anything.
    private final class ReadCounter { var count = 0 }
    private struct CountingText: Sequence {
        let characters: [Character]
        let counter: ReadCounter
        func makeIterator() -> AnyIterator<Character> {
            var iterator = characters.makeIterator()
            return AnyIterator { [counter] in
                guard let next = iterator.next() else { return nil }
                counter.count += 1
                return next
            }
        }
    }

    /// A line of many separators (or many @) into a field with 100,000 kept characters reads
    /// the kept text at most once: one scan at the first separator, not one per separator.
    func testManySeparatorsReadTheKeptTextOnce() {
        let kept = Array(String(repeating: "1", count: 100_000) + ".5")
        for (type, typed) in [(KeyboardType.decimalPad, String(repeating: "1,", count: 60)),
                              (.emailAddress, String(repeating: "a@", count: 60))] {
            let counter = ReadCounter()
            _ = type.filter(typed, keeping: CountingText(characters: kept, counter: counter))
            XCTAssertLessThanOrEqual(counter.count, kept.count, "\(type): the kept text was read \(counter.count) characters' worth")
            let none = ReadCounter()
            _ = type.filter(String(repeating: "12", count: 60), keeping: CountingText(characters: kept, counter: none))
            XCTAssertEqual(none.count, 0, "\(type): without a separator or @ typed, the kept text is not read")
        }
    }
}

/// UIKit's `textAlignment`: text, caret and hit testing move together.
final class TextAlignmentTests: XCTestCase {
    /// An outlined field 300 wide: its text band runs from 16 to 284, and a single line aligns
    /// in 266 px (the caret's 2 px kept free at the end). Each cluster is 8 px wide.
    private func alignedField(_ alignment: TextAlignment, text: String = "abcd") -> TextField {
        let field = makeField(.outlined, text: text)
        field.textAlignment = alignment
        return field
    }

    private func textRuns(_ field: TextField) -> [TextRun] {
        field.advancedAppearance(at: 10, origin: Point(x: 0, y: 0), scheme: .light, showsCaret: true)?.textRuns ?? []
    }

    func testTheTextIsDrawnShiftedByItsAlignment() throws {
        let expected: [(TextAlignment, Double)] = [(.natural, 16), (.left, 16), (.center, 16 + 117), (.right, 16 + 234)]
        for (alignment, x) in expected {
            let field = alignedField(alignment)
            let run = try XCTUnwrap(textRuns(field).first, "\(alignment)")
            XCTAssertEqual(run.text, "abcd")
            XCTAssertEqual(run.origin.x, x, "\(alignment)")
        }
    }

    func testTheCaretStandsWhereTheTextIsDrawn() throws {
        for alignment in TextAlignment.allCases {
            let field = alignedField(alignment)
            field.focus(at: 0)
            let runX = try XCTUnwrap(textRuns(field).first).origin.x
            for offset in 0...4 {
                field.selection = TextSelection(caret: offset)
                XCTAssertEqual(try XCTUnwrap(field.caretRect).minX, runX + Double(offset) * 8, "\(alignment) caret at \(offset)")
                let caret = try XCTUnwrap(field.advancedAppearance(at: 10, origin: .zero, scheme: .light, showsCaret: true)?.caret)
                XCTAssertEqual(caret.path, .rectangle(try XCTUnwrap(field.caretRect)), "\(alignment): drawn where caretRect says")
            }
        }
    }

    func testAClickOnTheDrawnTextLandsOnTheOffsetUnderIt() throws {
        for alignment in TextAlignment.allCases {
            let field = alignedField(alignment)
            let band = try XCTUnwrap(field.layout?.textLine)
            field.focus(at: 0)
            let runX = try XCTUnwrap(textRuns(field).first).origin.x
            for offset in 0...4 {
                // A little right of the boundary, still nearer to it than to the next one.
                field.pointerDown(at: Point(x: runX + Double(offset) * 8 + 2, y: band.midY), extending: false, time: Double(offset))
                field.pointerUp()
                XCTAssertEqual(field.selection, TextSelection(caret: offset), "\(alignment) click at boundary \(offset)")
            }
            field.pointerDown(at: Point(x: band.minX + 1, y: band.midY), extending: false, time: 10)
            XCTAssertEqual(field.selection, TextSelection(caret: 0), "\(alignment): left of the text is its start")
            field.pointerDown(at: Point(x: band.maxX - 1, y: band.midY), extending: false, time: 11)
            XCTAssertEqual(field.selection, TextSelection(caret: 4), "\(alignment): right of the text is its end")
        }
    }

    func testAClickThroughTheSceneOnCentredTextLandsOnTheRightOffset() throws {
        let field = TextField(identifier: "f", style: .outlined, label: "L", text: "abcd")
        field.textAlignment = .center
        let (scene, _) = makeUIKitScene([field], width: 348)
        let band = try XCTUnwrap(field.layout?.textLine)
        XCTAssertEqual(band.width, 268, "the scene lays it out 300 wide")
        clickField(scene, field, at: Point(x: band.minX + 117 + 3 * 8 + 1, y: band.midY), time: 0)
        XCTAssertTrue(field.isFocused)
        XCTAssertEqual(field.selection, TextSelection(caret: 3))
        // A double click on the drawn word selects it.
        clickField(scene, field, at: Point(x: band.minX + 117 + 8 + 4, y: band.midY), clickCount: 2, time: 0.1)
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 4))
    }

    func testASelectionIsDrawnUnderTheShiftedText() throws {
        let field = alignedField(.right)
        field.focus(at: 0)
        field.selection = TextSelection(anchor: 1, head: 3)
        let appearance = try XCTUnwrap(field.advancedAppearance(at: 10, origin: .zero, scheme: .light, showsCaret: true))
        let run = try XCTUnwrap(appearance.textRuns.first)
        let rect = try XCTUnwrap(appearance.selection.first).path.bounds
        XCTAssertEqual(rect.minX, run.origin.x + 8)
        XCTAssertEqual(rect.width, 16)
    }

    func testTextWiderThanTheBandScrollsAsLeftAlignedTextDoes() throws {
        let long = String(repeating: "w", count: 50)
        for alignment in [TextAlignment.center, .right] {
            let field = alignedField(alignment, text: long)
            XCTAssertEqual(try XCTUnwrap(textRuns(field).first).origin.x, 16, "\(alignment): not shifted")
            field.focus(at: 0)
            field.selection = TextSelection(caret: 50)
            let caret = try XCTUnwrap(field.caretRect)
            XCTAssertEqual(caret.maxX, 284, "\(alignment): the caret at the end shows at the band's end")
        }
    }

    func testEachLineOfATextAreaIsAlignedOnItsOwn() throws {
        let area = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "L", text: "ab\nabcd")
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        area.textAlignment = .center
        let runs = textRuns(area)
        XCTAssertEqual(runs.map(\.text), ["ab", "abcd"])
        XCTAssertEqual(runs[0].origin.x - runs[1].origin.x, 8, "the shorter line is shifted half its shortfall more")
        XCTAssertEqual(runs[1].origin.x, 16 + (268 - 32) / 2)
    }

    func testThePlaceholderOfAPlainFieldFollowsTheAlignment() throws {
        let field = TextField(identifier: "p", style: .plain(.line), placeholder: "Name")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let band = try XCTUnwrap(field.layout?.textLine)
        // Aligned as a text of its width would be: the caret's 2 px stay free at the line's end.
        let width = band.width - 2
        for (alignment, x) in [(TextAlignment.left, band.minX), (.center, band.minX + (width - 32) / 2), (.right, band.minX + width - 32)] {
            field.textAlignment = alignment
            let placeholder = try XCTUnwrap(field.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false)?.placeholder)
            XCTAssertEqual(placeholder.origin.x, x.rounded(), "\(alignment)")
        }
    }

    /// A wrapped line keeps the space it broke after, and the alignment must not count it: in a
    /// right-aligned text area every line's last letter ends at the same edge (TextKit aligns
    /// without trailing whitespace).
    func testRightAlignedWrappedLinesEndAtTheSameEdge() throws {
        let text = String(repeating: "a", count: 20) + " " + String(repeating: "b", count: 20)
        let area = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "L", text: text)
        area.textAlignment = .right
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let layout = try XCTUnwrap(area.textLayout)
        XCTAssertEqual(layout.lines.count, 2)
        XCTAssertEqual(layout.x(of: 20, onLine: 0), layout.x(of: 41, onLine: 1), "the last letters of both lines")
    }
}

/// UIKit's `adjustsFontSizeToFitWidth` and `minimumFontSize`.
final class FontFittingTests: XCTestCase {
    /// An outlined field 300 wide: a single line fits 266 px, 16 px text is 8 px a cluster.
    private func fittingField(text: String, minimum: Double = 0, scale: Double = 1) -> TextField {
        let field = TextField(identifier: "f", style: .outlined, label: "L", text: text)
        field.layOut(width: 300 * scale, metrics: MaterialMetrics(scale: scale), measurer: sharedMeasurer)
        field.minimumFontSize = minimum
        field.adjustsFontSizeToFitWidth = true
        return field
    }

    private func drawnFontSize(_ field: TextField) -> Double? {
        field.advancedAppearance(at: 10, origin: .zero, scheme: .light, showsCaret: true)?.textRuns.first?.font.pixelSize
    }

    private let band = 266.0

    func testShortTextKeepsItsFullSize() {
        let field = fittingField(text: "short")
        XCTAssertEqual(drawnFontSize(field), 16)
        XCTAssertEqual(field.textLayout?.font.pixelSize, 16)
    }

    func testLongTextShrinksToTheLargestQuarterPixelSizeThatFits() throws {
        let field = fittingField(text: String(repeating: "a", count: 40))   // 320 px at 16 px
        let size = try XCTUnwrap(drawnFontSize(field))
        XCTAssertLessThan(size, 16)
        XCTAssertEqual(size * 4, (size * 4).rounded(), "quarter pixels")
        XCTAssertLessThanOrEqual(size * 0.5 * 40, band, "it fits")
        XCTAssertGreaterThan((size + 0.25) * 0.5 * 40, band, "a quarter pixel more would not")
        XCTAssertEqual(size, 13.25)
        field.focus(at: 0)
        field.selection = TextSelection(caret: 40)
        XCTAssertEqual(try XCTUnwrap(field.caretRect).height, size, "the caret follows the font")
        XCTAssertEqual(field.textLayout?.scrollX, 0, "fitting text needs no scrolling")
    }

    func testItNeverShrinksBelowTheMinimumAndThenScrolls() throws {
        let field = fittingField(text: String(repeating: "a", count: 40), minimum: 14)
        XCTAssertEqual(drawnFontSize(field), 14)
        field.focus(at: 0)
        field.selection = TextSelection(caret: 40)
        let layout = try XCTUnwrap(field.textLayout)
        XCTAssertGreaterThan(layout.width, band, "still too wide at the minimum")
        XCTAssertEqual(layout.scrollX, 40 * 7 - band, "scrolled to show the caret at the end")
        let caret = try XCTUnwrap(field.caretRect)
        XCTAssertLessThanOrEqual(caret.maxX, 284)
        XCTAssertEqual(caret.height, 14)
    }

    func testAMinimumOfZeroMeansEightPixels() throws {
        let field = fittingField(text: String(repeating: "a", count: 100), minimum: 0)
        XCTAssertEqual(drawnFontSize(field), 8, "UIKit's 0: 8 px, not smaller")
        field.focus(at: 0)
        field.selection = TextSelection(caret: 100)
        XCTAssertGreaterThan(try XCTUnwrap(field.textLayout).scrollX, 0, "and then it scrolls")
    }

    func testTheMinimumScalesWithTheMetrics() {
        let field = fittingField(text: String(repeating: "a", count: 100), minimum: 10, scale: 2)
        XCTAssertEqual(drawnFontSize(field), 20, "10 px at scale 2")
        let floor = fittingField(text: String(repeating: "a", count: 100), minimum: 0, scale: 2)
        XCTAssertEqual(drawnFontSize(floor), 16, "8 px at scale 2")
    }

    func testTypingShrinksAndDeletingGrowsItBack() throws {
        let field = fittingField(text: "")
        field.focus(at: 0)
        var sizes: [Double] = []
        for _ in 0..<40 {
            field.insert("a", at: 1)
            sizes.append(try XCTUnwrap(drawnFontSize(field)))
        }
        XCTAssertEqual(sizes.first, 16)
        XCTAssertEqual(sizes.last, 13.25)
        XCTAssertEqual(sizes, sizes.sorted(by: >), "typing only ever shrinks it")
        for _ in 0..<6 { _ = field.handle(.backspace, modifiers: [], at: 2) }
        let grown = try XCTUnwrap(drawnFontSize(field))
        XCTAssertGreaterThan(grown, 13.25, "34 clusters need less shrinking")
        XCTAssertLessThanOrEqual(grown * 0.5 * 34, band)
        for _ in 0..<10 { _ = field.handle(.backspace, modifiers: [], at: 3) }
        XCTAssertEqual(drawnFontSize(field), 16, "24 clusters fit at full size again")
        field.text = String(repeating: "b", count: 40)
        XCTAssertEqual(drawnFontSize(field), 13.25, "the program's text is fitted too")
    }

    func testANewWidthFitsTheTextAgain() {
        let field = fittingField(text: String(repeating: "a", count: 40))
        XCTAssertEqual(drawnFontSize(field), 13.25)
        field.layOut(width: 400, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(drawnFontSize(field), 16, "wide enough: full size")
        field.layOut(width: 200, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        XCTAssertEqual(drawnFontSize(field), 8.25, "166 px for 40 clusters")
    }

    func testTurningItOffRestoresTheFullSize() {
        let field = fittingField(text: String(repeating: "a", count: 40))
        XCTAssertEqual(drawnFontSize(field), 13.25)
        field.adjustsFontSizeToFitWidth = false
        XCTAssertEqual(drawnFontSize(field), 16)
    }

    func testATextAreaIsNeverShrunk() {
        let area = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "L", text: String(repeating: "a", count: 80))
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        area.adjustsFontSizeToFitWidth = true
        XCTAssertEqual(drawnFontSize(area), 16, "it wraps instead")
    }

    /// With `minimumFontSize` at or above the text font (16 px; UIKit apps often use 17), a text
    /// that overflows stays at the full size, and a keystroke re-measures only what it changed.
    func testAMinimumAtTheFullSizeDoesNotRemeasureTheWholeTextPerKeystroke() {
        func measuredPerTenKeys(minimum: Double) -> Int {
            let measurer = FakeMeasurer()
            let field = TextField(identifier: "f", style: .outlined, label: "L", text: String(repeating: "a", count: 5_000))
            field.layOut(width: 300, metrics: MaterialMetrics(), measurer: measurer)
            field.minimumFontSize = minimum
            field.adjustsFontSizeToFitWidth = true
            field.focus(at: 0)
            field.selection = TextSelection(caret: field.count)
            let before = measurer.measuredClusters
            for key in 0..<10 { field.insert("a", at: 1 + Double(key)) }
            return measurer.measuredClusters - before
        }
        // The whole text each key would be 50,000 clusters; a key measures its page (at the end).
        XCTAssertLessThan(measuredPerTenKeys(minimum: 15), 10 * TextLayout.pageMaximumCount, "below the full size: the whole text, each key")
        XCTAssertLessThan(measuredPerTenKeys(minimum: 17), 10 * TextLayout.pageMaximumCount, "at or above the full size: the whole text, each key")
    }
}

/// UIKit's `font`: the text's face and size, with a taller line and container for larger text.
final class FontPropertyTests: XCTestCase {
    func testALargerFontDrawsTheTextAndCaretLargerInATallerContainer() throws {
        let plain = makeField(.outlined, text: "Ada")
        let large = makeField(.outlined, text: "Ada")
        large.font = FontSpec(pixelSize: 32)
        let normalHeight = try XCTUnwrap(plain.layout?.container.height)
        let largeLayout = try XCTUnwrap(large.layout)
        XCTAssertGreaterThan(largeLayout.textLineHeight, 24)
        XCTAssertEqual(largeLayout.container.height, normalHeight + largeLayout.textLineHeight - 24,
                       "the container grows by what the line grew, keeping the paddings")
        large.focus(at: 0)
        large.selection = TextSelection(caret: 3)
        let appearance = try XCTUnwrap(large.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: true))
        XCTAssertEqual(appearance.textRuns.first?.font.pixelSize, 32)
        let caret = try XCTUnwrap(appearance.caret?.path.bounds)
        XCTAssertGreaterThan(caret.height, 24, "the caret is as tall as the larger text")
        XCTAssertTrue(largeLayout.textLine.contains(Point(x: largeLayout.textLine.midX, y: caret.midY)))

        // Back to nil: Material's 16 px again, and the first height.
        large.font = nil
        XCTAssertEqual(large.layout?.container.height, normalHeight)
        let back = try XCTUnwrap(large.advancedAppearance(at: 2, origin: .zero, scheme: .light, showsCaret: true))
        XCTAssertEqual(back.textRuns.first?.font.pixelSize, 16)
    }

    func testARAGPlaceholderAndHintFollowTheFieldsFont() throws {
        let field = TextField(identifier: "r", style: .rag, placeholder: "City")
        field.hint = "Where you live"
        field.font = FontSpec(pixelSize: 20)
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let layout = try XCTUnwrap(field.layout)
        XCTAssertEqual(layout.restingLabel?.font.pixelSize, 20, "the placeholder takes the text's font")
        XCTAssertEqual(layout.assistiveFont.pixelSize, 20, "so does the hint")
        field.placeholderFont = FontSpec(pixelSize: 14)
        XCTAssertEqual(field.layout?.restingLabel?.font.pixelSize, 14, "unless it has its own")
    }

    func testANonsenseFontSizeIsClampedNotTrapped() {
        for size in [Double.nan, .infinity, -5, 0, 1e9] {
            let field = makeField(.filled, text: "x")
            field.font = FontSpec(pixelSize: size)
            XCTAssertNotNil(field.advancedAppearance(at: 0, origin: .zero, scheme: .light, showsCaret: false), "\(size)")
            XCTAssertTrue(field.layout.map { $0.container.height.isFinite && $0.container.height < 1_000 } ?? false, "\(size)")
        }
    }
}

/// What once trapped: a test that would take the test process down lives in a class of its own.
final class AutocapitalizationTrapTests: XCTestCase {
    /// "ß" (like the ligatures "ﬁ", "ﬀ" and "ŉ") is lowercase and upper-cases to two characters:
    /// a German user typing ß at the start of a word in `.words` (the sign-in form's name field)
    /// or of a sentence in `.sentences` must not crash the app.
    func testCapitalizingSharpSAtTheStartOfAWordDoesNotTrap() {
        let field = filledField("f")
        field.autocapitalizationType = .words
        let (scene, _) = makeUIKitScene([field])
        scene.focus(field, at: 0)
        typeKeys(scene, "ß", time: 1)
        XCTAssertEqual(field.text, "SS")
        typeKeys(scene, " ﬁne", time: 2)
        XCTAssertEqual(field.text, "SS FIne")
    }
}
