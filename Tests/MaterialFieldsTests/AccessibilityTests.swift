import XCTest
@testable import MaterialFields

// The accessibility model (Accessibility/): fields as AT-SPI objects, in AT-SPI's units (code
// points, window pixels), their text queries, edits through the field's pipeline, and the events
// an assistive technology is told.

/// A scene with an accessibility model and everything it tells recorded.
final class AccessibilityHarness {
    let scene: FieldScene
    let host = RecordingHost()
    let accessibility: SceneAccessibility
    private(set) var told: [(field: FieldAccessibility, event: AccessibilityEvent)] = []
    private var time = 0.0

    init(_ fields: [TextField], size: Size = Size(width: 400, height: 600), windowFocused: Bool = true, layout: SceneLayout? = nil,
         observing: Bool = true) {
        scene = layout.map { FieldScene(fields: fields, layout: $0, scheme: .light) } ?? FieldScene(fields: fields)
        scene.host = host
        scene.resize(to: size, measurer: sharedMeasurer)
        if windowFocused { scene.handle(.windowFocus(true), at: 0) }
        accessibility = SceneAccessibility(scene: scene)
        if observing { observe() }
    }

    func observe() {
        accessibility.observe { [unowned self] field, event in told.append((field, event)) }
    }

    var now: Double {
        time += 0.1
        return time
    }

    func accessible(_ field: TextField) -> FieldAccessibility { accessibility.accessible(for: field)! }

    /// What was told since the last call, about `field` (about any field when nil).
    func take(_ field: TextField? = nil) -> [AccessibilityEvent] {
        defer { told = [] }
        return told.filter { field == nil || $0.field.field === field }.map(\.event)
    }

    func handle(_ event: InputEvent) { scene.handle(event, at: now) }
    func type(_ text: String) { for character in text { handle(.text(String(character))) } }
    func key(_ key: EditingKey, _ modifiers: KeyModifiers = []) { handle(.key(key, modifiers)) }
    func perform(_ command: TextCommand) { scene.perform(command, at: now) }
}

let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 5 code points, 1 cluster
let decomposedE = "e\u{301}"                                 // 2 code points, 1 cluster
let flags = "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}"            // 🇫🇷🇩🇪: 4 code points, 2 clusters

func plainField(_ identifier: String = "field", label: String = "Label", text: String = "") -> TextField {
    TextField(identifier: identifier, style: .filled, label: label, text: text)
}

/// A text area 104 px wide (72 px of text, nine clusters a line with the fake measurer) alone in
/// a scene that keeps it that wide.
func wrappingArea(_ text: String, width: Double = 104) -> (AccessibilityHarness, TextField) {
    let area = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Notes", text: text)
    let harness = AccessibilityHarness([area], layout: StackLayout(fields: [area], maximumWidth: width))
    return (harness, area)
}

// MARK: - What a field is

final class AccessibleFieldDescriptionTests: XCTestCase {
    func testRolesAreEntryPasswordTextAndTextAsGTKGivesThem() {
        let entry = plainField("entry"), secure = plainField("secure")
        let area = TextField(identifier: "area", style: .filled, kind: .textArea, label: "Notes")
        secure.isSecureTextEntry = true
        let harness = AccessibilityHarness([entry, secure, area])
        XCTAssertEqual(harness.accessible(entry).role, .entry)
        XCTAssertEqual(harness.accessible(secure).role, .passwordText)
        XCTAssertEqual(harness.accessible(area).role, .text)
        XCTAssertTrue(harness.accessible(entry).states.contains(.singleLine))
        XCTAssertFalse(harness.accessible(entry).states.contains(.multiLine))
        XCTAssertTrue(harness.accessible(area).states.contains(.multiLine))
        XCTAssertEqual(harness.accessibility.fields.map { $0.field }.map { $0?.identifier }, ["entry", "secure", "area"],
                       "one accessible object per field, in Tab order")
    }

    func testTheNameIsTheAccessibilityLabelElseTheLabelElseThePlaceholder() {
        let field = TextField(identifier: "f", style: .filled, label: "", placeholder: "Search")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertEqual(accessible.name, "Search")
        field.label = "Find"
        XCTAssertEqual(accessible.name, "Find")
        field.accessibilityLabel = "Find a contact"
        XCTAssertEqual(accessible.name, "Find a contact")
    }

    func testTheDescriptionIsTheHelperTextOrInErrorTheErrorMessageWhichMakesTheEntryInvalid() {
        let field = plainField()
        field.helperText = "As on your card"
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertEqual(accessible.description, "As on your card")
        XCTAssertFalse(accessible.states.contains(.invalidEntry))
        XCTAssertNil(accessible.errorMessage)
        field.errorMessage = "Too short"
        XCTAssertEqual(accessible.description, "Too short")
        XCTAssertEqual(accessible.errorMessage, "Too short")
        XCTAssertTrue(accessible.states.contains(.invalidEntry))
        field.errorMessage = ""
        XCTAssertEqual(accessible.description, "As on your card", "an error without a message shows the helper text")
        XCTAssertTrue(accessible.states.contains(.invalidEntry))
    }

    func testAnEnabledFieldIsEnabledSensitiveEditableAndFocusableAndADisabledOneNoneOfThem() {
        let field = plainField()
        let harness = AccessibilityHarness([field])
        let group: AccessibleStates = [.enabled, .sensitive, .editable, .focusable]
        XCTAssertTrue(harness.accessible(field).states.isSuperset(of: group.union([.visible, .showing, .selectableText])))
        field.isEnabled = false
        XCTAssertTrue(harness.accessible(field).states.isDisjoint(with: group))
        XCTAssertTrue(harness.accessible(field).states.contains(.visible))
    }

    func testFocusedNeedsTheFieldBeingEditedInAFocusedWindow() {
        let field = plainField()
        let harness = AccessibilityHarness([field], windowFocused: false)
        harness.key(.tab)
        XCTAssertTrue(field.isFocused)
        XCTAssertFalse(harness.accessible(field).states.contains(.focused))
        harness.handle(.windowFocus(true))
        XCTAssertTrue(harness.accessible(field).states.contains(.focused))
    }

    func testAFieldScrolledOutOfTheWindowIsNotShowingAndOneNotPlacedHasNoFrame() {
        let fields = (0..<8).map { plainField("f\($0)") }
        let harness = AccessibilityHarness(fields, size: Size(width: 400, height: 200))
        XCTAssertTrue(harness.accessible(fields[0]).states.contains(.showing))
        XCTAssertFalse(harness.accessible(fields[7]).states.contains(.showing))
        XCTAssertEqual(harness.accessible(fields[0]).frame, harness.scene.frame(of: fields[0]))
    }

    func testAnAccessibleObjectOutlivingItsFieldAnswersAsEmpty() {
        var field: TextField? = plainField(text: "abc")
        let accessible = FieldAccessibility(field: field!, scene: FieldScene(fields: []))
        XCTAssertEqual(accessible.characterCount, 3)
        field = nil
        XCTAssertNil(accessible.field)
        XCTAssertEqual(accessible.text, "")
        XCTAssertEqual(accessible.characterCount, 0)
        XCTAssertEqual(accessible.span(at: 0, boundary: .wordStart), TextSpan(text: "", start: 0, end: 0))
        XCTAssertFalse(accessible.setCaretOffset(1))
        XCTAssertFalse(accessible.insert("x", at: 0))
    }
}

// MARK: - Clusters and code points

final class CodePointConversionTests: XCTestCase {
    /// é as e + U+0301 (2 code points), a ZWJ family (5), two flags (2 each), x: 5 clusters, 12 code points.
    private let text = decomposedE + family + flags + "x"

    /// The scenes made, kept for the test's length (an accessible object holds its field weakly).
    private var harnesses: [AccessibilityHarness] = []

    private func make(secure: Bool = false) -> (TextField, FieldAccessibility) {
        let field = plainField(text: text)
        field.isSecureTextEntry = secure
        let harness = AccessibilityHarness([field])
        harnesses.append(harness)
        return (field, harness.accessible(field))
    }

    func testTheTextCountsCodePointsWhereTheFieldCountsClusters() {
        let (field, accessible) = make()
        XCTAssertEqual(field.count, 5)
        XCTAssertEqual(accessible.characterCount, 12)
        XCTAssertEqual(accessible.text, text)
    }

    func testTheCaretIsTheSelectionsHeadInCodePoints() {
        let (field, accessible) = make()
        for (cluster, offset) in [(0, 0), (1, 2), (2, 7), (3, 9), (4, 11), (5, 12)] {
            field.selection = TextSelection(caret: cluster)
            XCTAssertEqual(accessible.caretOffset, offset, "cluster \(cluster)")
        }
        field.selection = TextSelection(anchor: 4, head: 1)
        XCTAssertEqual(accessible.caretOffset, 2, "the head, not the lower end")
    }

    func testSettingTheCaretInsideAClusterPutsItAtTheClustersStart() {
        let (field, accessible) = make()
        for (offset, cluster) in [(0, 0), (1, 0), (2, 1), (3, 1), (6, 1), (7, 2), (8, 2), (9, 3), (10, 3), (11, 4), (12, 5), (99, 5), (-3, 0)] {
            XCTAssertTrue(accessible.setCaretOffset(offset))
            XCTAssertEqual(field.selection, TextSelection(caret: cluster), "offset \(offset)")
        }
    }

    func testTextBetweenOffsetsMaySplitAClusterAsCodePointsDo() {
        let (_, accessible) = make()
        XCTAssertEqual(accessible.text(from: 1, to: 3), "\u{301}\u{1F468}")
        XCTAssertEqual(accessible.text(from: 2, to: 7), family)
        XCTAssertEqual(accessible.text(from: 7, to: 9), "\u{1F1EB}\u{1F1F7}")
        XCTAssertEqual(accessible.text(from: 10, to: -1), "\u{1F1EA}x")
        XCTAssertEqual(accessible.text(from: 0, to: -1), text)
        XCTAssertEqual(accessible.text(from: 5, to: 2), "")
        XCTAssertEqual(accessible.text(from: -5, to: 99), text)
        XCTAssertEqual(accessible.character(at: 1), "\u{301}")
        XCTAssertEqual(accessible.character(at: 3), "\u{200D}")
        XCTAssertEqual(accessible.character(at: 11), "x")
        XCTAssertNil(accessible.character(at: 12))
        XCTAssertNil(accessible.character(at: -1))
    }

    func testASelectionIsRoundedOutToWholeClusters() {
        let (field, accessible) = make()
        XCTAssertTrue(accessible.setSelection(0, start: 1, end: 3))
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 2))
        XCTAssertEqual(accessible.selection(0)?.start, 0)
        XCTAssertEqual(accessible.selection(0)?.end, 7)
        // Backwards: the anchor at the flag's end, the head at the family's start.
        XCTAssertTrue(accessible.setSelection(0, start: 8, end: 3))
        XCTAssertEqual(field.selection, TextSelection(anchor: 3, head: 1))
        XCTAssertEqual(accessible.selection(0)?.start, 2)
        XCTAssertEqual(accessible.selection(0)?.end, 9)
        XCTAssertEqual(accessible.caretOffset, 2)
        // Between the two flags is a boundary: nothing to round.
        XCTAssertTrue(accessible.setSelection(0, start: 9, end: -1))
        XCTAssertEqual(field.selection, TextSelection(anchor: 3, head: 5))
    }

    func testASecureFieldCountsABulletPerCluster() {
        let (field, accessible) = make(secure: true)
        XCTAssertEqual(accessible.text, String(repeating: "\u{2022}", count: 5))
        XCTAssertEqual(accessible.characterCount, 5)
        field.selection = TextSelection(caret: 3)
        XCTAssertEqual(accessible.caretOffset, 3)
        XCTAssertTrue(accessible.setCaretOffset(4))
        XCTAssertEqual(field.selection, TextSelection(caret: 4))
        XCTAssertEqual(accessible.text(from: 1, to: 3), "\u{2022}\u{2022}")
    }

    func testConversionsFarFromTheLastOneAgreeWithCountingFromTheStart() {
        // The index remembers one boundary; conversions before, after and far from it agree.
        let long = String(repeating: decomposedE + "a" + family, count: 40)
        let field = plainField(text: long)
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        let clusters = Array(long)
        var offsets = [0]
        for cluster in clusters { offsets.append(offsets.last! + cluster.unicodeScalars.count) }
        for cluster in [57, 3, 119, 0, 120, 61, 60, 1, 118] {
            field.selection = TextSelection(caret: cluster)
            XCTAssertEqual(accessible.caretOffset, offsets[cluster], "cluster \(cluster)")
        }
        for cluster in [99, 2, 119, 41] {
            accessible.setCaretOffset(offsets[cluster] + 1)
            XCTAssertEqual(field.selection.head, cluster, "inside cluster \(cluster)")
        }
    }
}

// MARK: - Text queries by boundary

final class TextSpanTests: XCTestCase {
    /// The scenes made, kept for the test's length (an accessible object holds its field weakly).
    private var harnesses: [AccessibilityHarness] = []

    private func accessible(_ text: String, secure: Bool = false) -> FieldAccessibility {
        let field = plainField(text: text)
        field.isSecureTextEntry = secure
        let harness = AccessibilityHarness([field])
        harnesses.append(harness)
        return harness.accessible(field)
    }

    private func at(_ accessible: FieldAccessibility, _ offset: Int, _ boundary: TextBoundary) -> TextSpan {
        accessible.span(at: offset, boundary: boundary)
    }

    private func span(_ text: String, _ start: Int, _ end: Int) -> TextSpan { TextSpan(text: text, start: start, end: end) }

    func testCharactersAreClustersTheOneAtTheEndEmpty() {
        let ab = accessible("ab")
        XCTAssertEqual(at(ab, 0, .character), span("a", 0, 1))
        XCTAssertEqual(at(ab, 2, .character), span("", 2, 2))
        XCTAssertEqual(at(ab, 99, .character), span("", 2, 2), "beyond the text clamps")
        XCTAssertEqual(at(ab, -4, .character), span("a", 0, 1))
        XCTAssertEqual(ab.span(before: 0, boundary: .character), span("", 0, 0))
        XCTAssertEqual(ab.span(before: 2, boundary: .character), span("b", 1, 2))
        XCTAssertEqual(ab.span(after: 0, boundary: .character), span("b", 1, 2))
        XCTAssertEqual(ab.span(after: 1, boundary: .character), span("", 2, 2))
        let clusters = accessible(decomposedE + family + "x")
        XCTAssertEqual(at(clusters, 3, .character), span(family, 2, 7), "a code point inside a cluster stands for it")
        XCTAssertEqual(at(clusters, 1, .character), span(decomposedE, 0, 2))
        XCTAssertEqual(clusters.span(after: 1, boundary: .character), span(family, 2, 7))
    }

    func testAWordStartSpanRunsToTheNextWordsStartAndBetweenWordsHoldsTheWordBefore() {
        let text = accessible("hello  world.")
        XCTAssertEqual(at(text, 0, .wordStart), span("hello  ", 0, 7))
        XCTAssertEqual(at(text, 5, .wordStart), span("hello  ", 0, 7))
        XCTAssertEqual(at(text, 6, .wordStart), span("hello  ", 0, 7))
        XCTAssertEqual(at(text, 7, .wordStart), span("world.", 7, 13))
        XCTAssertEqual(at(text, 13, .wordStart), span("world.", 7, 13), "at the end, the last word")
        XCTAssertEqual(text.span(before: 7, boundary: .wordStart), span("hello  ", 0, 7))
        XCTAssertEqual(text.span(before: 3, boundary: .wordStart), span("", 0, 0))
        XCTAssertEqual(text.span(after: 0, boundary: .wordStart), span("world.", 7, 13))
        XCTAssertEqual(text.span(after: 7, boundary: .wordStart), span("", 13, 13))
        let leading = accessible("  hi")
        XCTAssertEqual(at(leading, 0, .wordStart), span("  ", 0, 2))
    }

    func testAWordEndSpanRunsFromTheWordEndBeforeAndOnAWordsEndHoldsTheWordAfter() {
        let text = accessible("hello  world.")
        XCTAssertEqual(at(text, 0, .wordEnd), span("hello", 0, 5))
        XCTAssertEqual(at(text, 3, .wordEnd), span("hello", 0, 5))
        XCTAssertEqual(at(text, 5, .wordEnd), span("  world", 5, 12))
        XCTAssertEqual(at(text, 8, .wordEnd), span("  world", 5, 12))
        XCTAssertEqual(at(text, 13, .wordEnd), span(".", 12, 13))
        XCTAssertEqual(text.span(before: 8, boundary: .wordEnd), span("hello", 0, 5))
        XCTAssertEqual(text.span(before: 2, boundary: .wordEnd), span("", 0, 0))
        XCTAssertEqual(text.span(after: 0, boundary: .wordEnd), span("  world", 5, 12))
        XCTAssertEqual(text.span(after: 8, boundary: .wordEnd), span(".", 12, 13))
    }

    func testWordsAreTheEditorsAndCountCodePoints() {
        // A decomposed é is one letter of the word; a family and punctuation are not word characters.
        let text = accessible("caf" + decomposedE + " au " + family + " b")
        XCTAssertEqual(at(text, 1, .wordStart), span("caf" + decomposedE + " ", 0, 6))
        XCTAssertEqual(at(text, 6, .wordStart), span("au " + family + " ", 6, 15))
        XCTAssertEqual(at(text, 6, .wordEnd), span(" au", 5, 8))
    }

    func testSentencesEndAtTerminatorsAndTheirSpacesGoWithTheSentenceBefore() {
        let text = accessible("Hi there. How are you? Fine.")
        XCTAssertEqual(at(text, 3, .sentenceStart), span("Hi there. ", 0, 10))
        XCTAssertEqual(at(text, 10, .sentenceStart), span("How are you? ", 10, 23))
        XCTAssertEqual(at(text, 28, .sentenceStart), span("Fine.", 23, 28))
        XCTAssertEqual(text.span(before: 12, boundary: .sentenceStart), span("Hi there. ", 0, 10))
        XCTAssertEqual(text.span(after: 12, boundary: .sentenceStart), span("Fine.", 23, 28))
        XCTAssertEqual(text.span(after: 25, boundary: .sentenceStart), span("", 28, 28))
        XCTAssertEqual(at(text, 3, .sentenceEnd), span("Hi there.", 0, 9))
        XCTAssertEqual(at(text, 9, .sentenceEnd), span(" How are you?", 9, 22))
        XCTAssertEqual(text.span(before: 12, boundary: .sentenceEnd), span("Hi there.", 0, 9))
        XCTAssertEqual(text.span(after: 3, boundary: .sentenceEnd), span(" How are you?", 9, 22))
    }

    func testAFullStopInANumberAnAbbreviationOrInitialsEndsNoSentence() {
        let text = accessible("Pi is 3.14 e.g. here. U.S.A. is big. Next")
        XCTAssertEqual(at(text, 5, .sentenceStart), span("Pi is 3.14 e.g. here. ", 0, 22))
        XCTAssertEqual(at(text, 23, .sentenceStart), span("U.S.A. is big. ", 22, 37))
        XCTAssertEqual(at(text, 38, .sentenceStart), span("Next", 37, 41))
    }

    func testVisualLinesOfATextAreaAreLines() {
        let (harness, area) = wrappingArea("one two three four")  // "one two " / "three " / "four"
        XCTAssertEqual(area.textLayout?.lines.map(\.clusters), [0..<8, 8..<14, 14..<18])
        let text = harness.accessible(area)
        XCTAssertEqual(at(text, 10, .lineStart), span("three ", 8, 14))
        XCTAssertEqual(at(text, 8, .lineStart), span("three ", 8, 14), "a soft break's offset starts the next line")
        XCTAssertEqual(at(text, 18, .lineStart), span("four", 14, 18))
        XCTAssertEqual(text.span(before: 10, boundary: .lineStart), span("one two ", 0, 8))
        XCTAssertEqual(text.span(before: 3, boundary: .lineStart), span("", 0, 0))
        XCTAssertEqual(text.span(after: 10, boundary: .lineStart), span("four", 14, 18))
        XCTAssertEqual(text.span(after: 15, boundary: .lineStart), span("", 18, 18))
        XCTAssertEqual(at(text, 10, .lineEnd), span("three ", 8, 14))
        XCTAssertEqual(at(text, 8, .lineEnd), span("one two ", 0, 8), "a soft break's offset ends the line before")
        XCTAssertEqual(at(text, 15, .lineEnd), span("four", 14, 18))
        XCTAssertEqual(text.span(before: 15, boundary: .lineEnd), span("three ", 8, 14))
        XCTAssertEqual(text.span(after: 0, boundary: .lineEnd), span("three ", 8, 14))
    }

    func testALineBreakGoesWithTheLineItEndsForLineStartAndTheLineAfterForLineEnd() {
        let (harness, area) = wrappingArea("ab\ncd", width: 400)
        let text = harness.accessible(area)
        XCTAssertEqual(at(text, 2, .lineStart), span("ab\n", 0, 3))
        XCTAssertEqual(at(text, 3, .lineStart), span("cd", 3, 5))
        XCTAssertEqual(at(text, 2, .lineEnd), span("ab", 0, 2))
        XCTAssertEqual(at(text, 3, .lineEnd), span("\ncd", 2, 5))
        XCTAssertEqual(at(text, 5, .lineEnd), span("\ncd", 2, 5))
    }

    func testASingleLineFieldIsOneLine() {
        let text = accessible("hello world")
        XCTAssertEqual(at(text, 3, .lineStart), span("hello world", 0, 11))
        XCTAssertEqual(at(text, 11, .lineEnd), span("hello world", 0, 11))
        XCTAssertEqual(text.span(after: 3, boundary: .lineStart), span("", 11, 11))
    }

    func testParagraphsRunFromStartToStartWithTheirLineBreak() {
        let (harness, area) = wrappingArea("ab\ncd\n", width: 400)
        let text = harness.accessible(area)
        XCTAssertEqual(at(text, 1, .paragraph), span("ab\n", 0, 3))
        XCTAssertEqual(at(text, 4, .paragraph), span("cd\n", 3, 6))
        XCTAssertEqual(at(text, 6, .paragraph), span("", 6, 6), "the empty paragraph after the last break")
        XCTAssertEqual(text.span(before: 4, boundary: .paragraph), span("ab\n", 0, 3))
        XCTAssertEqual(text.span(after: 1, boundary: .paragraph), span("cd\n", 3, 6))
        XCTAssertEqual(text.span(after: 4, boundary: .paragraph), span("", 6, 6))
    }

    func testEmptyTextGivesEmptySpansForEveryBoundary() {
        let text = accessible("")
        for boundary in TextBoundary.allCases {
            for offset in [-1, 0, 5] {
                XCTAssertEqual(text.span(at: offset, boundary: boundary), span("", 0, 0), "\(boundary) at \(offset)")
                XCTAssertEqual(text.span(before: offset, boundary: boundary), span("", 0, 0), "\(boundary) before \(offset)")
                XCTAssertEqual(text.span(after: offset, boundary: boundary), span("", 0, 0), "\(boundary) after \(offset)")
            }
        }
    }

    func testEverySpanOfEveryBoundaryHoldsTheTextBetweenItsOffsets() {
        let text = accessible("Oh. " + decomposedE + "t" + family + " is " + flags + "? Yes, 3.5 kg.  ")
        let whole = Array(text.text.unicodeScalars)
        for boundary in TextBoundary.allCases {
            for offset in -1...(whole.count + 1) {
                for span in [text.span(at: offset, boundary: boundary), text.span(before: offset, boundary: boundary),
                             text.span(after: offset, boundary: boundary)] {
                    XCTAssertLessThanOrEqual(0, span.start)
                    XCTAssertLessThanOrEqual(span.start, span.end)
                    XCTAssertLessThanOrEqual(span.end, whole.count)
                    XCTAssertEqual(span.text, String(String.UnicodeScalarView(whole[span.start..<span.end])), "\(boundary) \(offset)")
                }
                let at = text.span(at: offset, boundary: boundary)
                XCTAssertEqual(text.span(before: offset, boundary: boundary).end, at.start, "\(boundary) \(offset)")
                XCTAssertEqual(text.span(after: offset, boundary: boundary).start, at.end, "\(boundary) \(offset)")
            }
        }
    }

    func testASecureFieldsSpansAreBullets() {
        let text = accessible("ab cd", secure: true)
        XCTAssertEqual(at(text, 1, .wordStart), span("\u{2022}\u{2022}\u{2022}\u{2022}\u{2022}", 0, 5))
        XCTAssertEqual(at(text, 1, .character), span("\u{2022}", 1, 2))
    }
}

// MARK: - Where characters are

final class TextExtentsTests: XCTestCase {
    func testCharacterBoxesRunLeftToRightInsideTheFieldInWindowPixels() {
        let field = plainField(text: "abcd")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        let frame = harness.scene.frame(of: field)!
        let boxes = (0..<4).compactMap { accessible.characterExtents(at: $0) }
        XCTAssertEqual(boxes.count, 4)
        for (index, box) in boxes.enumerated() {
            XCTAssertEqual(box.width, 8, "the fake measurer's 16 px font: 8 px a cluster")
            XCTAssertGreaterThan(box.height, 0)
            XCTAssertTrue(frame.contains(Point(x: box.minX, y: box.minY)) && frame.contains(Point(x: box.maxX, y: box.maxY)),
                          "\(box) inside \(frame)")
            if index > 0 {
                XCTAssertEqual(box.minX, boxes[index - 1].maxX)
                XCTAssertEqual(box.minY, boxes[index - 1].minY)
            }
        }
        XCTAssertEqual(boxes[0].minX, frame.minX + field.layout!.textLine.minX, "the first starts at the text band's start")
        // At the end, where the caret sits while typing: an empty box after the last character.
        let end = accessible.characterExtents(at: 4)
        XCTAssertEqual(end?.minX, boxes[3].maxX)
        XCTAssertEqual(end?.width, 0)
        XCTAssertGreaterThan(end?.height ?? 0, 0)
        XCTAssertNil(accessible.characterExtents(at: 5))
        XCTAssertNil(accessible.characterExtents(at: -1))
        XCTAssertEqual(accessible.rangeExtents(from: 0, to: 4), boxes[0].union(boxes[3]))
        XCTAssertEqual(accessible.rangeExtents(from: 1, to: -1), boxes[1].union(boxes[3]))
        XCTAssertNil(accessible.rangeExtents(from: 2, to: 2))
    }

    func testTheOffsetUnderAPointIsTheCharacterWhoseBoxHoldsIt() {
        let field = plainField(text: "abcd")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        for index in 0..<4 {
            let box = accessible.characterExtents(at: index)!
            XCTAssertEqual(accessible.offset(at: Point(x: box.midX, y: box.midY)), index)
            XCTAssertEqual(accessible.offset(at: Point(x: box.minX, y: box.midY)), index)
        }
        let last = accessible.characterExtents(at: 3)!
        XCTAssertEqual(accessible.offset(at: Point(x: last.maxX + 20, y: last.midY)), -1, "past the text's end")
        XCTAssertEqual(accessible.offset(at: Point(x: 1, y: 1)), -1, "outside the field")
        XCTAssertEqual(accessible.offset(at: Point(x: Double.nan, y: last.midY)), -1)
    }

    func testACodePointInsideAClusterHasTheClustersBox() {
        let field = plainField(text: decomposedE + "x" + family)
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertEqual(accessible.characterExtents(at: 1), accessible.characterExtents(at: 0))
        XCTAssertEqual(accessible.characterExtents(at: 2)?.minX, accessible.characterExtents(at: 0)?.maxX)
        XCTAssertEqual(accessible.characterExtents(at: 6), accessible.characterExtents(at: 3))
        let family = accessible.characterExtents(at: 3)!
        XCTAssertEqual(accessible.offset(at: Point(x: family.midX, y: family.midY)), 3, "the cluster's first code point")
    }

    func testCharactersScrolledOutOfTheBandKeepTheirUnclippedBoxes() {
        let field = plainField(text: String(repeating: "w", count: 80))
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        harness.key(.end)
        let accessible = harness.accessible(field)
        let band = field.layout!.textLine.offsetBy(dx: harness.scene.frame(of: field)!.minX, dy: harness.scene.frame(of: field)!.minY)
        let first = accessible.characterExtents(at: 0)!
        XCTAssertLessThan(first.maxX, band.minX, "scrolled out to the left, and still told where it is")
        let last = accessible.characterExtents(at: 79)!
        XCTAssertLessThanOrEqual(last.maxX, band.maxX)
        XCTAssertEqual(last.minX - first.minX, 79 * 8)
        XCTAssertEqual(accessible.offset(at: Point(x: first.midX, y: first.midY)), -1, "nothing is drawn there")
    }

    func testBoxesFollowThePageAsItScrolls() {
        let fields = (0..<8).map { plainField("f\($0)", text: "abc") }
        let harness = AccessibilityHarness(fields, size: Size(width: 400, height: 200))
        let accessible = harness.accessible(fields[2])
        let before = accessible.characterExtents(at: 1)!
        harness.handle(.scroll(steps: 1))
        let scrolled = harness.scene.scroll.offset
        XCTAssertGreaterThan(scrolled, 0)
        XCTAssertEqual(accessible.characterExtents(at: 1), before.offsetBy(dx: 0, dy: -scrolled))
    }

    func testRightToLeftCharactersRunRightToLeft() {
        let field = plainField(text: "\u{5D0}\u{5D1}\u{5D2}")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        let boxes = (0..<3).map { accessible.characterExtents(at: $0)! }
        XCTAssertGreaterThan(boxes[0].minX, boxes[1].minX)
        XCTAssertGreaterThan(boxes[1].minX, boxes[2].minX)
        XCTAssertEqual(boxes[1].maxX, boxes[0].minX)
    }

    func testALaterLineOfATextAreaIsLower() {
        let (harness, area) = wrappingArea("one two three four")
        let accessible = harness.accessible(area)
        let first = accessible.characterExtents(at: 0)!, third = accessible.characterExtents(at: 8)!
        XCTAssertEqual(first.minX, third.minX)
        XCTAssertGreaterThan(third.minY, first.maxY - 1)
        XCTAssertEqual(accessible.characterExtents(at: 7)?.maxX, first.minX + 64, "the space the line hangs")
    }
}

// MARK: - Selections

final class AccessibleSelectionTests: XCTestCase {
    func testACaretIsNoSelectionAndAFieldHasAtMostOne() {
        let field = plainField(text: "hello")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertEqual(accessible.selectionCount, 0)
        XCTAssertNil(accessible.selection(0))
        XCTAssertTrue(accessible.addSelection(start: 1, end: 3))
        XCTAssertEqual(accessible.selectionCount, 1)
        XCTAssertEqual(accessible.selection(0)?.start, 1)
        XCTAssertEqual(accessible.selection(0)?.end, 3)
        XCTAssertNil(accessible.selection(1))
        XCTAssertFalse(accessible.addSelection(start: 0, end: 1), "a field has one selection")
        XCTAssertFalse(accessible.setSelection(1, start: 0, end: 1))
        XCTAssertTrue(accessible.setSelection(0, start: 4, end: 2))
        XCTAssertEqual(field.selection, TextSelection(anchor: 4, head: 2))
        XCTAssertTrue(accessible.removeSelection(0))
        XCTAssertEqual(field.selection, TextSelection(caret: 2), "the caret stays at the head")
        XCTAssertFalse(accessible.removeSelection(0))
        XCTAssertTrue(accessible.setSelection(0, start: 3, end: 3))
        XCTAssertEqual(field.selection, TextSelection(caret: 3), "equal offsets are a caret")
    }

    func testAnUnfocusedFieldTakesAndKeepsTheSelectionAsAProgramChange() {
        let field = plainField(text: "hello"), other = plainField("other")
        let harness = AccessibilityHarness([field, other])
        var causes: [SelectionChangeCause] = []
        field.observeSelection { _, cause in causes.append(cause) }
        let accessible = harness.accessible(field)
        XCTAssertTrue(accessible.setSelection(0, start: 1, end: 4))
        XCTAssertTrue(accessible.setCaretOffset(2))
        XCTAssertEqual(causes, [.program, .program])
        XCTAssertFalse(field.isFocused, "neither focuses the field")
        harness.scene.focus(other, at: harness.now)
        XCTAssertEqual(field.selection, TextSelection(caret: 2))
    }

    func testADisabledFieldTakesNoCaretOrSelection() {
        let field = plainField(text: "hello")
        let harness = AccessibilityHarness([field])
        field.selection = TextSelection(anchor: 0, head: 2)
        field.isEnabled = false
        let accessible = harness.accessible(field)
        XCTAssertFalse(accessible.setCaretOffset(4))
        XCTAssertFalse(accessible.setSelection(0, start: 1, end: 3))
        XCTAssertFalse(accessible.removeSelection(0))
        XCTAssertEqual(field.selection, TextSelection(anchor: 0, head: 2))
        XCTAssertEqual(accessible.selectionCount, 1, "what it has can still be read")
    }
}

// MARK: - Editing from an assistive technology

private final class DigitRefuser: TextFieldDelegate {
    var asked: [String] = []
    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        asked.append(string)
        return !string.contains(where: \.isNumber)
    }
}

final class AccessibleEditingTests: XCTestCase {
    func testAnInsertGoesIntoAnUnfocusedFieldWithoutFocusingItAndIsDrawn() {
        let field = plainField(text: "ac")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        var changes = 0
        field.addAction(for: .editingChanged) { _ in changes += 1 }
        let renders = harness.host.invalidations
        XCTAssertTrue(accessible.insert("b", at: 1))
        XCTAssertEqual(field.text, "abc")
        XCTAssertFalse(field.isFocused)
        XCTAssertEqual(accessible.caretOffset, 2, "after what was inserted, as GTK's entry puts it")
        XCTAssertEqual(changes, 1, "a user's edit")
        XCTAssertGreaterThan(harness.host.invalidations, renders)
    }

    func testAnInsertInsideAClusterGoesBeforeIt() {
        let field = plainField(text: decomposedE)
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertTrue(accessible.insert("x", at: 1))
        XCTAssertEqual(field.text, "x" + decomposedE)
        XCTAssertFalse(accessible.insert("", at: 0))
    }

    func testADelegateThatRefusesDigitsRefusesAnInsertOfDigits() {
        let field = plainField(text: "ab")
        let delegate = DigitRefuser()
        field.delegate = delegate
        let harness = AccessibilityHarness([field])
        var refused = 0
        field.observe { _, event in if case .editRefused = event { refused += 1 } }
        let accessible = harness.accessible(field)
        XCTAssertFalse(accessible.insert("12", at: 1))
        XCTAssertFalse(accessible.setContents("34"))
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(refused, 2)
        XCTAssertTrue(accessible.insert("cd", at: 2))
        XCTAssertEqual(field.text, "abcd")
        XCTAssertEqual(delegate.asked, ["12", "34", "cd"])
        XCTAssertEqual(harness.host.bells, 2, "a refused edit rings, as a refused key does")
    }

    func testTheMaximumLengthCutsAnInsert() {
        let field = plainField(text: "abc")
        field.maximumLength = 5
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertTrue(accessible.insert("defgh", at: 3))
        XCTAssertEqual(field.text, "abcde")
        XCTAssertFalse(accessible.insert("x", at: 0), "full")
    }

    func testAKeyboardTypeTakesTextHandedInWholeOrNotAtAllAsAPaste() {
        let field = plainField()
        field.keyboardType = .numberPad
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertFalse(accessible.insert("12a", at: 0))
        XCTAssertEqual(field.text, "")
        XCTAssertTrue(accessible.insert(" 42 ", at: 0))
        XCTAssertEqual(field.text, "42")
    }

    func testSetContentsReplacesEverythingAsOneUserEdit() {
        let field = plainField(text: "old")
        let harness = AccessibilityHarness([field])
        var causes: [EditCause] = []
        field.observe { _, event in if case .textChanged(let applied) = event { causes.append(applied.edit.cause) } }
        XCTAssertTrue(harness.accessible(field).setContents("new text"))
        XCTAssertEqual(field.text, "new text")
        XCTAssertEqual(causes, [.paste])
        XCTAssertFalse(harness.accessible(field).setContents("new text"), "nothing to change")
    }

    func testDeleteRoundsOutToClustersAndTheCaretStaysWithItsText() {
        let field = plainField(text: "ab" + family + "cd")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        XCTAssertEqual(accessible.caretOffset, 9)
        XCTAssertTrue(accessible.delete(from: 3, to: 4))
        XCTAssertEqual(field.text, "abcd", "the family goes whole")
        XCTAssertEqual(accessible.caretOffset, 4, "moved back with the text after it")
        field.selection = TextSelection(caret: 1)
        XCTAssertTrue(accessible.delete(from: 2, to: -1))
        XCTAssertEqual(field.text, "ab")
        XCTAssertEqual(accessible.caretOffset, 1, "before the range, it stays")
        XCTAssertFalse(accessible.delete(from: 1, to: 1))
    }

    func testCopyAndCutPutTheRangeOnTheClipboard() {
        let field = plainField(text: "abcd")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        accessible.copy(from: 1, to: 3)
        XCTAssertEqual(harness.host.selections[.clipboard], "bc")
        XCTAssertEqual(field.text, "abcd")
        XCTAssertTrue(accessible.cut(from: 0, to: 2))
        XCTAssertEqual(harness.host.selections[.clipboard], "ab")
        XCTAssertEqual(field.text, "cd")
    }

    func testPasteInsertsTheClipboardWhenItsOwnerAnswers() {
        let field = plainField(text: "ab")
        let harness = AccessibilityHarness([field])
        harness.host.selections[.clipboard] = "XY"
        harness.accessible(field).paste(at: 1)
        XCTAssertEqual(field.text, "ab", "not before the answer")
        harness.host.answerPastes()
        XCTAssertEqual(field.text, "aXYb")
        XCTAssertFalse(field.isFocused)
    }

    func testASecureFieldCopiesAndCutsNothing() {
        let field = plainField(text: "Qz7#")
        field.isSecureTextEntry = true
        let harness = AccessibilityHarness([field])
        harness.host.selections[.clipboard] = "sentinel"
        let accessible = harness.accessible(field)
        accessible.copy(from: 0, to: -1)
        XCTAssertFalse(accessible.cut(from: 0, to: -1))
        XCTAssertEqual(harness.host.selections[.clipboard], "sentinel")
        XCTAssertEqual(field.text, "Qz7#")
    }

    func testADisabledFieldRefusesEveryEdit() {
        let field = plainField(text: "abc")
        let harness = AccessibilityHarness([field])
        field.isEnabled = false
        harness.host.selections[.clipboard] = "XY"
        let accessible = harness.accessible(field)
        XCTAssertFalse(accessible.setContents("x"))
        XCTAssertFalse(accessible.insert("x", at: 0))
        XCTAssertFalse(accessible.delete(from: 0, to: 1))
        XCTAssertFalse(accessible.cut(from: 0, to: 1))
        accessible.paste(at: 0)
        harness.host.answerPastes()
        XCTAssertFalse(accessible.performAction(0))
        XCTAssertEqual(field.text, "abc")
    }

    func testUndoTakesBackAnEditFromAnAssistiveTechnology() {
        let field = plainField(text: "ab")
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        XCTAssertTrue(harness.accessible(field).insert("cd", at: 2))
        harness.key(.shortcut("z"), .control)
        XCTAssertEqual(field.text, "ab")
    }
}

// MARK: - The action

private final class ReturnKeeper: TextFieldDelegate {
    func textFieldShouldReturn(_ textField: TextField) -> Bool { false }
}

final class AccessibleActionTests: XCTestCase {
    func testActivatePressesReturnAndFocusMovesOn() {
        let first = plainField("first"), second = plainField("second")
        let harness = AccessibilityHarness([first, second])
        var returns = 0
        first.observe { _, event in if event == .returnPressed { returns += 1 } }
        harness.key(.tab)
        XCTAssertEqual(harness.accessible(first).actionCount, 1)
        XCTAssertEqual(FieldAccessibility.actionNames, ["activate"])
        XCTAssertTrue(harness.accessible(first).performAction(0))
        XCTAssertEqual(returns, 1)
        XCTAssertTrue(second.isFocused)
        XCTAssertFalse(harness.accessible(second).performAction(1))
    }

    func testActivateAsksTheDelegate() {
        let first = plainField("first"), second = plainField("second")
        let keeper = ReturnKeeper()
        first.delegate = keeper
        let harness = AccessibilityHarness([first, second])
        harness.key(.tab)
        XCTAssertTrue(harness.accessible(first).performAction(0))
        XCTAssertTrue(first.isFocused, "the delegate kept the caret where it is")
    }

    func testATextAreaHasNoAction() {
        let (harness, area) = wrappingArea("a")
        harness.key(.tab)
        XCTAssertEqual(harness.accessible(area).actionCount, 0)
        XCTAssertFalse(harness.accessible(area).performAction(0))
        XCTAssertEqual(area.text, "a")
    }
}

// MARK: - Headings and captions

private final class CaptionedLayout: SceneLayout {
    let field: TextField
    init(field: TextField) { self.field = field }

    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        let height = field.layOut(width: 300, metrics: metrics, measurer: measurer)
        let font = FontSpec(pixelSize: 16)
        return Arrangement(fieldFrames: [(field, Rect(x: 20, y: 90, width: 300, height: height))],
                           decorations: [Decoration(text: "Sign in", frame: Rect(x: 20, y: 10, width: 200, height: 32), baseline: 34,
                                                    font: font, color: scheme.onSurface, role: .heading),
                                         Decoration(text: "Your e-mail", frame: Rect(x: 20, y: 60, width: 200, height: 20), baseline: 76,
                                                    font: font, color: scheme.onSurface, labelledField: "email"),
                                         Decoration(text: "Unrelated", frame: Rect(x: 20, y: 200, width: 200, height: 20), baseline: 216,
                                                    font: font, color: scheme.onSurface, labelledField: "nobody")],
                           contentHeight: 2_000)
    }
}

final class StaticTextTests: XCTestCase {
    func testHeadingsAndCaptionsAreLabelsInWindowPixelsAndACaptionNamesTheFieldItLabels() {
        let field = plainField("email")
        let harness = AccessibilityHarness([field], size: Size(width: 400, height: 300), layout: CaptionedLayout(field: field))
        let texts = harness.accessibility.staticTexts
        XCTAssertEqual(texts.map(\.text), ["Sign in", "Your e-mail", "Unrelated"])
        XCTAssertEqual(texts.map(\.role), [.heading, .label, .label])
        XCTAssertNil(texts[0].labelledField)
        XCTAssertTrue(texts[1].labelledField === field)
        XCTAssertNil(texts[2].labelledField, "no field has that identifier")
        XCTAssertEqual(texts[1].frame, Rect(x: 20, y: 60, width: 200, height: 20))
        harness.handle(.scroll(steps: 1))
        let scrolled = harness.scene.scroll.offset
        XCTAssertGreaterThan(scrolled, 0)
        XCTAssertEqual(harness.accessibility.staticTexts[1].frame, Rect(x: 20, y: 60 - scrolled, width: 200, height: 20))
    }
}
