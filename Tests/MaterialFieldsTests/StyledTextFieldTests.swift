import XCTest
@testable import MaterialFields

/// UIKit's rules for styled text in a field, each quoted from the reference
/// (../shared/reference/uikit-uitextfield-reference.txt), and Ctrl+B, Ctrl+I and Ctrl+U
/// through the scene.
final class StyledTextFieldTests: XCTestCase {
    private let bold = TextAttributes(fontWeight: .bold)
    private let red = Color(hex: 0xCC0000)
    private let blue = Color(hex: 0x0000CC)

    private func sample() -> AttributedText {
        AttributedText("Big", attributes: TextAttributes(fontSize: 20, fontWeight: .bold, foregroundColor: red))
            + AttributedText(" plain ") + AttributedText("under", attributes: TextAttributes(underlineStyle: .single))
    }

    private func editedField(_ text: AttributedText? = nil, allowsStyles: Bool = true) -> (FieldScene, TextField, RecordingHost) {
        let field = filledField("styled")
        field.allowsEditingTextAttributes = allowsStyles
        if let text { field.attributedText = text }
        let (scene, host) = makeUIKitScene([field])
        scene.focus(field, at: 1)
        return (scene, field, host)
    }

    // MARK: attributedText

    /// "assigning a new a value updates the values in the font, textColor, and other style-related
    /// properties so that they reflect the style information starting at location 0"
    func testSettingAttributedTextTakesFontAndTextColorFromItsFirstRun() {
        let field = filledField("f")
        field.attributedText = sample()
        XCTAssertEqual(field.font, FontSpec(pixelSize: 20, weight: .bold))
        XCTAssertEqual(field.textColor, red)
        XCTAssertEqual(field.attributedText, sample(), "the runs are kept as set")
        XCTAssertEqual(field.text, "Big plain under", "text is the same string data, albeit without any formatting")
    }

    func testAFirstRunSettingNoFontOrColourLeavesThemAlone() {
        let field = filledField("f")
        field.font = FontSpec(pixelSize: 14)
        field.textColor = blue
        field.attributedText = AttributedText("x", attributes: TextAttributes(underlineStyle: .single)) + AttributedText("y", attributes: bold)
        XCTAssertEqual(field.font, FontSpec(pixelSize: 14))
        XCTAssertEqual(field.textColor, blue)
    }

    func testAFirstRunsFamilyAndItalicReachTheFontAndDefaultTextAttributesGiveThemBack() {
        let field = filledField("f")
        field.font = FontSpec(pixelSize: 14)
        field.attributedText = AttributedText("x", attributes: TextAttributes(fontFamily: "DejaVu Serif", isItalic: true))
            + AttributedText("y", attributes: bold)
        XCTAssertEqual(field.font, FontSpec(pixelSize: 14, familyName: "DejaVu Serif", isItalic: true))
        XCTAssertEqual(field.defaultTextAttributes.fontFamily, "DejaVu Serif")
        XCTAssertEqual(field.defaultTextAttributes.isItalic, true)
        field.defaultTextAttributes = TextAttributes(fontFamily: "Noto Serif", fontSize: 18, isItalic: true)
        XCTAssertEqual(field.font, FontSpec(pixelSize: 18, familyName: "Noto Serif", isItalic: true))
    }

    /// "assigning a new value to this property also replaces the value of the attributedText
    /// property with the same text, albeit without any inherent style attributes"
    func testSettingTextStripsStylesEvenWhenTheStringIsTheSame() {
        let field = filledField("f")
        field.attributedText = sample()
        field.text = "Big plain under"
        XCTAssertEqual(field.attributedText, AttributedText("Big plain under"))
        XCTAssertTrue(field.editingValue.storage.attributeRuns.isPlain)
        field.text = "new"
        XCTAssertEqual(field.attributedText.runs.count, 1)
    }

    /// "assigning a new value to this property causes the font to be applied to the entirety of
    /// the string in the attributedText property"
    func testSettingFontAppliesToTheWholeText() {
        let field = filledField("f")
        field.attributedText = AttributedText("ab") + AttributedText("CD", attributes: TextAttributes(fontSize: 30, fontWeight: .bold, kern: 2))
        field.font = FontSpec(pixelSize: 12)
        XCTAssertEqual(field.attributedText.runs.map(\.attributes), [.none, TextAttributes(kern: 2)],
                       "every run loses its font, so all of it shows in the new one; other keys stay")
        XCTAssertEqual(field.defaultTextAttributes.fontSize, 12)
    }

    /// "assigning a new value to this property causes the text color to be applied to the
    /// entirety of the string in the attributedText property"
    func testSettingTextColorAppliesToTheWholeText() {
        let field = filledField("f")
        field.attributedText = AttributedText("ab", attributes: TextAttributes(foregroundColor: red, backgroundColor: blue))
            + AttributedText("cd", attributes: TextAttributes(foregroundColor: blue))
        field.textColor = Color(hex: 0x00AA00)
        XCTAssertEqual(field.attributedText.runs.map(\.attributes), [TextAttributes(backgroundColor: blue), .none])
        XCTAssertEqual(field.defaultTextAttributes.foregroundColor, Color(hex: 0x00AA00))
    }

    func testDefaultTextAttributesAreTheFontTheColourAndTheRestAndApplyToTheWholeText() {
        let field = filledField("f")
        XCTAssertEqual(field.defaultTextAttributes, .none, "Material's font and the scheme's colour: nothing set")
        field.attributedText = AttributedText("a") + AttributedText("b", attributes: TextAttributes(underlineStyle: .double, kern: 3))
        field.defaultTextAttributes = TextAttributes(fontSize: 18, foregroundColor: blue, kern: 1)
        XCTAssertEqual(field.font, FontSpec(pixelSize: 18))
        XCTAssertEqual(field.textColor, blue)
        XCTAssertEqual(field.defaultTextAttributes, TextAttributes(fontSize: 18, fontWeight: .regular, foregroundColor: blue, kern: 1))
        XCTAssertEqual(field.attributedText.runs.map(\.attributes), [.none, TextAttributes(underlineStyle: .double)],
                       "the kern set for the whole text replaces the run's")
        field.defaultTextAttributes = .none
        XCTAssertNil(field.font, "unset attributes maintain their default values")
        XCTAssertNil(field.textColor)
    }

    func testAttributedTextOnASecureFieldKeepsTheTextAndDropsTheStyles() {
        let field = filledField("pw")
        field.isSecureTextEntry = true
        field.attributedText = sample()
        XCTAssertEqual(field.attributedText, AttributedText("Big plain under"))
        XCTAssertNil(field.font, "a secret's styles set nothing")
        let styled = filledField("s")
        styled.attributedText = sample()
        styled.isSecureTextEntry = true
        XCTAssertTrue(styled.editingValue.storage.attributeRuns.isPlain, "a field made secure loses its styles")
    }

    /// The history is the editing session's: text the app set before editing began is where the
    /// session starts, so the first Ctrl+Z in it has nothing to take back.
    func testTextSetBeforeEditingIsNotAnUndoStepOfTheSessionThatFollows() {
        for setsStyles in [true, false] {
            let field = filledField("f")
            if setsStyles { field.attributedText = sample() } else { field.text = "Set by the app" }
            let before = field.attributedText
            field.focus(at: 1)
            XCTAssertFalse(field.canUndo, "styled: \(setsStyles)")
            field.undo(at: 2)
            XCTAssertEqual(field.attributedText, before, "styled: \(setsStyles)")
        }
    }

    func testSettingAttributedTextIsAProgrammaticEditThatUndoRestores() {
        let (_, field, _) = editedField()
        field.attributedText = AttributedText("one", attributes: bold)
        field.attributedText = AttributedText("two", attributes: TextAttributes(isItalic: true))
        field.undo(at: 2)
        XCTAssertEqual(field.attributedText, AttributedText("one", attributes: bold))
        field.redo(at: 3)
        XCTAssertEqual(field.attributedText, AttributedText("two", attributes: TextAttributes(isItalic: true)))
    }

    // MARK: typingAttributes

    /// "If the text field is not in editing mode, this property contains the value nil.
    /// Similarly, you cannot assign a value to this property unless the text field is currently
    /// in editing mode."
    func testTypingAttributesAreNilWhileNotEditingAndCannotBeSetThen() {
        let field = filledField("f", text: "abc")
        XCTAssertNil(field.typingAttributes)
        field.typingAttributes = bold
        XCTAssertNil(field.typingAttributes)
        let (scene, _) = makeUIKitScene([field])
        scene.focus(field, at: 1)
        XCTAssertEqual(field.typingAttributes, TextAttributes.none)
        field.typingAttributes = bold
        XCTAssertEqual(field.typingAttributes, bold)
        field.endEditing(at: 2)
        XCTAssertNil(field.typingAttributes, "editing ended")
    }

    /// "The attributes to apply to new text being entered by the user."
    func testTypedTextTakesTheTypingAttributes() {
        let (scene, field, _) = editedField(AttributedText("ab"))
        field.selection = TextSelection(caret: 2)
        field.typingAttributes = TextAttributes(foregroundColor: blue)
        typeKeys(scene, "cd", time: 2)
        XCTAssertEqual(field.attributedText, AttributedText("ab") + AttributedText("cd", attributes: TextAttributes(foregroundColor: blue)))
    }

    /// "When the text field's selection changes, the contents of the dictionary are cleared
    /// automatically": they become the attributes at the new place.
    func testMovingTheSelectionResetsTheTypingAttributes() {
        let (scene, field, _) = editedField(AttributedText("ab") + AttributedText("CD", attributes: bold))
        field.selection = TextSelection(caret: 1)
        XCTAssertEqual(field.typingAttributes, TextAttributes.none)
        field.typingAttributes = TextAttributes(isItalic: true)
        scene.handle(.key(.right, []), at: 2)
        XCTAssertEqual(field.typingAttributes, TextAttributes.none, "the italic asked for at 1 is forgotten")
        scene.handle(.key(.end, []), at: 3)
        XCTAssertEqual(field.typingAttributes, bold, "at the end, the bold before the caret")
        field.selection = TextSelection(anchor: 1, head: 3)
        XCTAssertEqual(field.typingAttributes, TextAttributes.none, "a selection: its first cluster's")
        field.typingAttributes = nil
        XCTAssertEqual(field.typingAttributes, TextAttributes.none, "nil puts back the attributes at the selection")
    }

    // MARK: allowsEditingTextAttributes, paste and copy

    /// "The default value of this property is NO." "pasting styled text into the text field
    /// retains any embedded style information" / "If NO, the text field ... strips style
    /// information from any pasted text. However, you can still set the style information
    /// programmatically"
    func testAPasteKeepsItsStylesOnlyWhenTheFieldAllowsThem() {
        XCTAssertFalse(filledField("d").allowsEditingTextAttributes)
        let pasted = AttributedText("x", attributes: bold) + AttributedText("y", attributes: TextAttributes(foregroundColor: red))
        let (_, allowing, _) = editedField(AttributedText("ab"))
        allowing.selection = TextSelection(caret: 2)
        allowing.paste(pasted, at: 2)
        XCTAssertEqual(allowing.attributedText, AttributedText("ab") + pasted)

        let (_, plain, _) = editedField(AttributedText("a") + AttributedText("b", attributes: TextAttributes(isItalic: true)),
                                        allowsStyles: false)
        plain.selection = TextSelection(caret: 2)
        plain.paste(pasted, at: 2)
        XCTAssertEqual(plain.attributedText, AttributedText("a") + AttributedText("bxy", attributes: TextAttributes(isItalic: true)),
                       "plain text, taking the typing attributes")
        plain.attributedText = pasted
        XCTAssertEqual(plain.attributedText, pasted, "the program still sets styles")
    }

    func testStyledTextPastesAsItIsAndTextWithNoStyleTakesTheTypingAttributes() {
        let (_, field, _) = editedField(AttributedText("ab"))
        field.selection = TextSelection(caret: 2)
        field.typingAttributes = TextAttributes(isItalic: true)
        field.paste(AttributedText("x", attributes: bold) + AttributedText("y"), at: 2)
        XCTAssertEqual(field.attributedText, AttributedText("ab") + AttributedText("x", attributes: bold) + AttributedText("y"),
                       "styled text's plain part is plain, as an HTML paste in UIKit")
        field.typingAttributes = TextAttributes(isItalic: true)
        field.paste(AttributedText("z"), at: 3)
        XCTAssertEqual(field.attributedText.runs.last, AttributeRun(range: 4..<5, attributes: TextAttributes(isItalic: true)),
                       "text with no style pastes as plain text, as typed text would")
    }

    func testAStyledPasteGoesThroughThePipelineKeepingTheRunsOfWhatIsLetIn() {
        let (_, field, _) = editedField(AttributedText(""))
        field.maximumLength = 4
        field.characterFilter = { $0 != "-" }
        let pasted = AttributedText("ab", attributes: bold) + AttributedText("-", attributes: TextAttributes(kern: 9))
            + AttributedText("cdef", attributes: TextAttributes(isItalic: true))
        field.paste(pasted, at: 2)
        XCTAssertEqual(field.attributedText, AttributedText("ab", attributes: bold) + AttributedText("cd", attributes: TextAttributes(isItalic: true)))
        field.undo(at: 3)
        XCTAssertEqual(field.attributedText, AttributedText(""), "one undo step")
        field.redo(at: 4)
        XCTAssertEqual(field.attributedText.runs.map(\.attributes), [bold, TextAttributes(isItalic: true)])
    }

    func testCopyableAttributedTextIsTheSelectionOverTheDefaultsTheAppSet() {
        let (_, field, _) = editedField(AttributedText("ab") + AttributedText("CD", attributes: bold))
        field.selection = TextSelection(anchor: 1, head: 3)
        XCTAssertEqual(field.copyableAttributedText, AttributedText("b") + AttributedText("C", attributes: bold))
        field.textColor = blue
        XCTAssertEqual(field.copyableAttributedText, AttributedText("b", attributes: TextAttributes(foregroundColor: blue))
                       + AttributedText("C", attributes: TextAttributes(fontWeight: .bold, foregroundColor: blue)))
        field.selection = TextSelection(caret: 1)
        XCTAssertNil(field.copyableAttributedText)
        field.selection = TextSelection(anchor: 0, head: 4)
        field.isSecureTextEntry = true
        XCTAssertNil(field.copyableAttributedText, "nothing from a secure field")
    }

    // MARK: Ctrl+B, Ctrl+I, Ctrl+U

    func testTheKeysAreBoundToUIKitsToggleCommands() {
        XCTAssertEqual(KeyBindings.standard.command(for: .shortcut("b"), modifiers: .control), .toggleBoldface)
        XCTAssertEqual(KeyBindings.standard.command(for: .shortcut("I"), modifiers: .control), .toggleItalics)
        XCTAssertEqual(KeyBindings.standard.command(for: .shortcut("u"), modifiers: .control), .toggleUnderline)
    }

    func testCtrlBBoldsASelectionThatIsNotAllBoldThenTakesItOffEachAnUndoStep() {
        let (scene, field, _) = editedField(AttributedText("ab") + AttributedText("CD", attributes: bold))
        field.selection = TextSelection(anchor: 1, head: 4)
        XCTAssertTrue(scene.handle(.key(.shortcut("b"), .control), at: 2))
        XCTAssertEqual(field.attributedText, AttributedText("a") + AttributedText("bCD", attributes: bold))
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 4), "the selection stays")
        XCTAssertTrue(scene.handle(.key(.shortcut("b"), .control), at: 3))
        XCTAssertEqual(field.attributedText, AttributedText("abCD"), "all bold: Ctrl+B takes it off")
        scene.handle(.key(.shortcut("z"), .control), at: 4)
        XCTAssertEqual(field.attributedText, AttributedText("a") + AttributedText("bCD", attributes: bold))
        scene.handle(.key(.shortcut("z"), .control), at: 5)
        XCTAssertEqual(field.attributedText, AttributedText("ab") + AttributedText("CD", attributes: bold))
        XCTAssertEqual(field.selection, TextSelection(anchor: 1, head: 4))
        scene.handle(.key(.shortcut("y"), .control), at: 6)
        XCTAssertEqual(field.attributedText, AttributedText("a") + AttributedText("bCD", attributes: bold))
    }

    func testCtrlIAndCtrlUToggleItalicAndUnderline() {
        let (scene, field, _) = editedField(AttributedText("abcd"))
        field.selection = TextSelection(anchor: 0, head: 2)
        scene.handle(.key(.shortcut("i"), .control), at: 2)
        field.selection = TextSelection(anchor: 1, head: 3)
        scene.handle(.key(.shortcut("u"), .control), at: 3)
        XCTAssertEqual(field.attributedText.runs.map(\.attributes),
                       [TextAttributes(isItalic: true), TextAttributes(isItalic: true, underlineStyle: .single),
                        TextAttributes(underlineStyle: .single), .none])
        field.selection = TextSelection(anchor: 0, head: 4)
        scene.handle(.key(.shortcut("i"), .control), at: 4)
        XCTAssertTrue(field.attributedText.runs.allSatisfy { $0.attributes.isItalic == true }, "part italic: all becomes italic")
    }

    func testABoldFontIsTakenOffByARegularWeight() {
        let (scene, field, _) = editedField(AttributedText("ab"))
        field.font = FontSpec(pixelSize: 16, weight: .bold)
        field.selection = TextSelection(anchor: 0, head: 1)
        scene.handle(.key(.shortcut("b"), .control), at: 2)
        XCTAssertEqual(field.attributedText.runs.map(\.attributes), [TextAttributes(fontWeight: .regular), .none])
    }

    func testCtrlBAtACaretSetsTheTypingAttributesWithoutAnUndoStep() {
        let (scene, field, _) = editedField(AttributedText("ab"))
        field.selection = TextSelection(caret: 2)
        let steps = field.editor.undoHistory.undoSteps.count
        XCTAssertTrue(scene.handle(.key(.shortcut("b"), .control), at: 2))
        XCTAssertEqual(field.typingAttributes, bold)
        XCTAssertEqual(field.editor.undoHistory.undoSteps.count, steps, "nothing in the text changed")
        typeKeys(scene, "cd", time: 3)
        scene.handle(.key(.shortcut("b"), .control), at: 4)
        typeKeys(scene, "e", time: 5)
        XCTAssertEqual(field.attributedText, AttributedText("ab") + AttributedText("cd", attributes: bold) + AttributedText("e"))
    }

    func testTheKeysAreTheAppsWhenTheFieldDoesNotAllowStyles() {
        let (scene, field, _) = editedField(AttributedText("abc"), allowsStyles: false)
        var unhandled: [EditingKey] = []
        scene.unhandledKeyHandler = { key, _ in unhandled.append(key); return false }
        field.selection = TextSelection(anchor: 0, head: 3)
        let steps = field.editor.undoHistory.undoSteps.count
        XCTAssertFalse(scene.handle(.key(.shortcut("b"), .control), at: 2))
        XCTAssertEqual(unhandled, [.shortcut("b")])
        XCTAssertEqual(field.attributedText, AttributedText("abc"))
        XCTAssertEqual(field.editor.undoHistory.undoSteps.count, steps)
    }

    func testASecureFieldTogglesNothing() {
        let (scene, field, _) = editedField(AttributedText("secret"))
        field.isSecureTextEntry = true
        field.selection = TextSelection(anchor: 0, head: 3)
        XCTAssertFalse(scene.handle(.key(.shortcut("b"), .control), at: 2))
        XCTAssertNil(field.typingAttributes)
        XCTAssertTrue(field.editingValue.storage.attributeRuns.isPlain)
    }

    // MARK: The context menu's format items

    func testAFieldThatAllowsStylesHasBoldItalicAndUnderlineInItsMenu() {
        let field = filledField("styled")
        field.allowsEditingTextAttributes = true
        field.attributedText = AttributedText("abcd")
        let scene = FieldScene(fields: [field])
        let host = SceneHostForPopups()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        scene.focus(field, at: 1)
        let items = MenuItem.standardItems(for: field, clipboardHasText: false)
        XCTAssertEqual(items.suffix(4).map(\.identifier), [.divider, .bold, .italic, .underline])
        XCTAssertEqual(items.suffix(3).map(\.shortcut), ["Ctrl+B", "Ctrl+I", "Ctrl+U"])
        XCTAssertTrue(items.suffix(3).allSatisfy(\.isEnabled))
        field.selection = TextSelection(anchor: 0, head: 2)
        XCTAssertTrue(scene.openContextMenu(for: field, at: nil, time: 2))
        scene.handle(.text("b"), at: 3)
        XCTAssertNil(scene.shownPopup, "Bold's mnemonic acts")
        XCTAssertEqual(field.attributedText, AttributedText("ab", attributes: bold) + AttributedText("cd"))
        scene.openContextMenu(for: field, at: nil, time: 4)
        scene.handle(.text("n"), at: 5)
        XCTAssertEqual(field.attributedText.runs.first?.attributes, TextAttributes(fontWeight: .bold, underlineStyle: .single))
        scene.openContextMenu(for: field, at: nil, time: 6)
        scene.handle(.text("u"), at: 7)
        XCTAssertEqual(field.attributedText.runs.first?.attributes, bold, "Undo takes the underline back")

        let plain = filledField("plain")
        XCTAssertFalse(MenuItem.standardItems(for: plain, clipboardHasText: false).contains { $0.identifier == .bold })
        field.isSecureTextEntry = true
        XCTAssertFalse(MenuItem.standardItems(for: field, clipboardHasText: false).contains { $0.identifier == .bold })
    }
}
