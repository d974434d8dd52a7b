import XCTest
@testable import MaterialFields

// What the accessibility model tells an assistive technology as fields change: text insertions
// and deletions in code points, the caret and selection, focus and the other states, names,
// descriptions and roles; and that a secure field's text is never among it.

// MARK: - Events

/// What an assistive technology knows of a field from its events alone: the text and the caret.
private struct EventMirror {
    var scalars: [Unicode.Scalar]
    var caret: Int

    init(_ accessible: FieldAccessibility) {
        scalars = Array(accessible.text.unicodeScalars)
        caret = accessible.caretOffset
    }

    var text: String { String(String.UnicodeScalarView(scalars)) }

    mutating func apply(_ events: [AccessibilityEvent], file: StaticString = #filePath, line: UInt = #line) {
        for event in events {
            switch event {
            case .textDeleted(let offset, let length, let text):
                guard offset >= 0, offset + length <= scalars.count else {
                    return XCTFail("deleting \(offset)+\(length) from \(scalars.count)", file: file, line: line)
                }
                if !text.isEmpty {
                    XCTAssertEqual(String(String.UnicodeScalarView(scalars[offset..<(offset + length)])), text, file: file, line: line)
                }
                scalars.removeSubrange(offset..<(offset + length))
            case .textInserted(let offset, let length, let text):
                XCTAssertEqual(text.unicodeScalars.count, length, file: file, line: line)
                guard offset >= 0, offset <= scalars.count else { return XCTFail("inserting at \(offset)", file: file, line: line) }
                scalars.insert(contentsOf: text.unicodeScalars, at: offset)
            case .caretMoved(let offset):
                caret = offset
            default:
                break
            }
        }
    }
}

final class AccessibilityTextEventTests: XCTestCase {
    private func focused(_ text: String = "", secure: Bool = false) -> (AccessibilityHarness, TextField) {
        let field = plainField(text: text)
        field.isSecureTextEntry = secure
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        harness.key(.end)
        _ = harness.take()
        return (harness, field)
    }

    func testEachTypedKeyIsAnInsertThenTheCaretsMove() {
        let (harness, _) = focused()
        harness.type("ab")
        XCTAssertEqual(harness.take(), [.textInserted(offset: 0, length: 1, text: "a"), .caretMoved(offset: 1),
                                        .textInserted(offset: 1, length: 1, text: "b"), .caretMoved(offset: 2)])
    }

    func testACombiningMarkJoiningTheLetterBeforeIsOneCodePointInserted() {
        let (harness, _) = focused("e")
        harness.type("\u{301}")
        XCTAssertEqual(harness.take(), [.textInserted(offset: 1, length: 1, text: "\u{301}"), .caretMoved(offset: 2)])
    }

    func testARegionalIndicatorCompletingAFlagIsOneCodePointInserted() {
        let (harness, field) = focused("a")
        harness.type("\u{1F1EB}")
        harness.type("\u{1F1F7}")
        XCTAssertEqual(field.count, 2)
        XCTAssertEqual(harness.take(), [.textInserted(offset: 1, length: 1, text: "\u{1F1EB}"), .caretMoved(offset: 2),
                                        .textInserted(offset: 2, length: 1, text: "\u{1F1F7}"), .caretMoved(offset: 3)])
    }

    func testBackspaceOverAFamilyDeletesItsFiveCodePoints() {
        let (harness, _) = focused("a" + family)
        harness.key(.backspace)
        XCTAssertEqual(harness.take(), [.textDeleted(offset: 1, length: 5, text: family), .caretMoved(offset: 1)])
    }

    func testAPasteOverASelectionIsADeleteThenAnInsertThenTheCaretThenTheSelection() {
        let (harness, field) = focused("hello")
        field.selection = TextSelection(anchor: 1, head: 4)
        _ = harness.take()
        harness.host.selections[.clipboard] = "XY"
        harness.perform(.paste)
        harness.host.answerPastes()
        XCTAssertEqual(harness.take(), [.textDeleted(offset: 1, length: 3, text: "ell"), .textInserted(offset: 1, length: 2, text: "XY"),
                                        .caretMoved(offset: 3), .selectionChanged])
    }

    func testUndoAndRedoAreToldAsTheTextTheyChange() {
        let (harness, _) = focused()
        harness.type("ab")
        _ = harness.take()
        harness.key(.shortcut("z"), .control)
        XCTAssertEqual(harness.take(), [.textDeleted(offset: 0, length: 2, text: "ab"), .caretMoved(offset: 0)])
        harness.key(.shortcut("z"), [.control, .shift])
        XCTAssertEqual(harness.take(), [.textInserted(offset: 0, length: 2, text: "ab"), .caretMoved(offset: 2)])
    }

    func testTheProgramSettingTheTextIsToldAsAnyEdit() {
        let field = plainField(text: "ab")
        let harness = AccessibilityHarness([field])
        field.text = "x" + decomposedE
        XCTAssertEqual(harness.take(), [.textDeleted(offset: 0, length: 2, text: "ab"), .textInserted(offset: 0, length: 3, text: "x" + decomposedE),
                                        .caretMoved(offset: 3)])
    }

    func testARunOfTypedKeysStaysOneEditAndOneEvent() {
        let (harness, field) = focused()
        XCTAssertTrue(field.takesTypedRuns, "the accessibility model's observers read no text")
        harness.scene.handle(typedRun: "hello", at: harness.now)
        XCTAssertEqual(harness.take(), [.textInserted(offset: 0, length: 5, text: "hello"), .caretMoved(offset: 5)])
    }

    func testCaretMovesAndSelectionsAreToldAsGTKTellsThem() {
        let (harness, _) = focused("a" + family + "c")
        harness.key(.left)
        XCTAssertEqual(harness.take(), [.caretMoved(offset: 6)])
        harness.key(.left, .shift)
        XCTAssertEqual(harness.take(), [.caretMoved(offset: 1), .selectionChanged])
        harness.key(.right)
        XCTAssertEqual(harness.take(), [.caretMoved(offset: 6), .selectionChanged], "collapsing to the selection's end")
        harness.key(.shortcut("a"), .control)
        XCTAssertEqual(harness.take(), [.caretMoved(offset: 7), .selectionChanged])
        harness.key(.shortcut("a"), .control)
        XCTAssertEqual(harness.take(), [], "nothing changed")
    }

    func testEveryEditKeepsWhatTheEventsToldEqualToTheText() {
        let (harness, area) = wrappingArea("", width: 300)
        harness.key(.tab)
        let accessible = harness.accessible(area)
        var mirror = EventMirror(accessible)
        func check(_ step: String, line: UInt = #line) {
            mirror.apply(harness.take(), line: line)
            XCTAssertEqual(mirror.text, accessible.text, step, line: line)
            XCTAssertEqual(mirror.caret, accessible.caretOffset, step, line: line)
        }
        harness.type("cafe")
        check("typed")
        harness.type("\u{301}")
        check("a combining mark")
        harness.type(" \u{1F1EB}")
        harness.type("\u{1F1F7}")
        check("a flag")
        harness.handle(.inputMethodText(family + " x"))
        check("an input method's commit")
        harness.key(.left)
        harness.key(.left)
        harness.key(.backspace)
        check("a family deleted")
        harness.key(.backspace, .control)
        check("a word deleted")
        harness.key(.enter)
        harness.type("line two")
        check("a line break")
        harness.key(.home, .control)
        harness.key(.right, [.shift])
        harness.key(.right, [.shift])
        harness.host.selections[.clipboard] = "\u{1F1E9}\u{1F1EA}" + decomposedE
        harness.perform(.paste)
        harness.host.answerPastes()
        check("a paste over a selection")
        harness.key(.shortcut("z"), .control)
        check("undone")
        harness.key(.shortcut("z"), [.control, .shift])
        check("redone")
        XCTAssertTrue(accessible.insert("\u{1F1EB}", at: accessible.characterCount))
        check("an insert from an assistive technology")
        XCTAssertTrue(accessible.delete(from: 1, to: 3))
        check("a delete from an assistive technology")
        area.text = "e" + family
        check("the program's text")
        area.isSecureTextEntry = true
        harness.accessibility.sync()
        check("made secure")
        harness.type("\u{301}ab")
        check("typed into a secure field")
        area.isSecureTextEntry = false
        harness.type("z")
        check("typed as it stopped being secure, before a sync")
        harness.accessibility.sync()
        check("synced")
    }

    func testAKeyInALongTextCountsOnlyNearTheCaretNotTheWholeText() {
        let long = String(repeating: "word " + decomposedE + family + " ", count: 2_000)
        let field = plainField(text: long)
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        field.selection = TextSelection(caret: 3_000)
        let accessible = harness.accessible(field)
        _ = accessible.caretOffset
        let recounts = accessible.index.recounts
        var mirror = EventMirror(accessible)
        let arraysMade = EditableText.arraysMade
        harness.type("abc")
        harness.key(.backspace)
        harness.key(.left)
        _ = accessible.caretOffset
        _ = accessible.text(from: 2_990, to: 3_010)
        XCTAssertEqual(EditableText.arraysMade, arraysMade, "the events and the queries read the clusters they need, not a copy of the text")
        mirror.apply(harness.take())
        XCTAssertEqual(accessible.index.recounts, recounts, "each edit moved the index on, nothing counted the text again")
        XCTAssertEqual(mirror.text, accessible.text)
        XCTAssertEqual(mirror.caret, accessible.caretOffset)
        XCTAssertEqual(accessible.index.recounts, recounts)
    }

    func testAnEditMadeByAnObserverOfAnotherEditIsToldAsTheWholeTextOnce() {
        let field = plainField()
        // An app's formatter, there before the accessibility model: it rewrites "!" as ".".
        field.observe { field, event in
            if case .textChanged = event, field.text.contains("!") { field.text = field.text.replacingAll("!", with: ".") }
        }
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        let accessible = harness.accessible(field)
        var mirror = EventMirror(accessible)
        harness.type("a!b")
        mirror.apply(harness.take())
        XCTAssertEqual(field.text, "a.b")
        XCTAssertEqual(mirror.text, "a.b")
        XCTAssertEqual(mirror.caret, accessible.caretOffset)
    }

    func testNothingIsToldBeforeAnObserverComesAndWhatCameBeforeIsKnown() {
        let field = plainField()
        let harness = AccessibilityHarness([field], observing: false)
        harness.key(.tab)
        harness.type(decomposedE + "b")
        harness.observe()
        XCTAssertEqual(harness.take(), [])
        harness.type("c")
        XCTAssertEqual(harness.take(), [.textInserted(offset: 3, length: 1, text: "c"), .caretMoved(offset: 4)])
    }

    func testTheModelGoingAwayStopsItsObserversAndHoldsNothing() {
        let field = plainField()
        let scene = FieldScene(fields: [field])
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        var told = 0
        weak var weakModel: SceneAccessibility?
        weak var weakAccessible: FieldAccessibility?
        do {
            let model = SceneAccessibility(scene: scene)
            model.observe { _, _ in told += 1 }
            weakModel = model
            weakAccessible = model.fields.first
            field.text = "a"
            XCTAssertEqual(told, 2)
        }
        XCTAssertNil(weakModel)
        XCTAssertNil(weakAccessible)
        field.text = "b"
        field.selection = TextSelection(caret: 0)
        XCTAssertEqual(told, 2)
    }

    func testACancelledObserverHearsNothingMore() {
        let field = plainField()
        let harness = AccessibilityHarness([field])
        var told = 0
        let cancellation = harness.accessibility.observe { _, _ in told += 1 }
        field.text = "a"
        cancellation.cancel()
        field.text = "b"
        XCTAssertEqual(told, 2)
    }
}

// MARK: - States, names and roles as they change

final class AccessibilityStateEventTests: XCTestCase {
    func testFocusIsToldAsTheFieldAndTheWindowGainAndLoseIt() {
        let first = plainField("first", text: "abc"), second = plainField("second")
        let harness = AccessibilityHarness([first, second], windowFocused: false)
        harness.key(.tab)
        harness.accessibility.sync()
        XCTAssertFalse(harness.take().contains(.stateChanged(.focused, true)), "the window has no focus")
        harness.handle(.windowFocus(true))
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(first), [.stateChanged(.focused, true)])
        harness.key(.tab)
        XCTAssertEqual(harness.told.map { $0.field.field?.identifier ?? "" }, ["first", "second"], "without a sync")
        XCTAssertEqual(harness.told.map(\.event), [.stateChanged(.focused, false), .stateChanged(.focused, true)])
        _ = harness.take()
        harness.handle(.windowFocus(false))
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(second), [.stateChanged(.focused, false)])
    }

    func testAFieldIsToldFocusedBeforeTheSelectionTabMakes() {
        let field = plainField(text: "abc")
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        XCTAssertEqual(harness.take(), [.stateChanged(.focused, true), .selectionChanged])
    }

    func testSyncTellsNameDescriptionAndErrorChangesAndNothingWhenNothingChanged() {
        let field = plainField()
        let harness = AccessibilityHarness([field])
        harness.accessibility.sync()
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(), [])
        field.label = "E-mail"
        field.helperText = "Work address"
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(), [.nameChanged("E-mail"), .descriptionChanged("Work address")])
        field.errorMessage = "Not an address"
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(), [.descriptionChanged("Not an address"), .stateChanged(.invalidEntry, true)])
        field.errorMessage = nil
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(), [.descriptionChanged("Work address"), .stateChanged(.invalidEntry, false)])
    }

    func testDisablingIsToldAtOnceAsOneChangeOfTheEnabledStates() {
        let field = plainField(), other = plainField("other")
        let harness = AccessibilityHarness([field, other])
        harness.key(.tab)
        _ = harness.take()
        field.isEnabled = false
        XCTAssertEqual(harness.take(), [.stateChanged(.focused, false),
                                        .stateChanged([.enabled, .sensitive, .editable, .focusable], false)])
        field.isEnabled = true
        XCTAssertEqual(harness.take(), [.stateChanged([.enabled, .sensitive, .editable, .focusable], true)])
    }

    func testScrollingAFieldOutOfTheWindowIsToldAtTheNextSync() {
        let fields = (0..<8).map { plainField("f\($0)") }
        let harness = AccessibilityHarness(fields, size: Size(width: 400, height: 200))
        harness.handle(.scroll(steps: 3))
        XCTAssertEqual(harness.take(), [])
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(fields[0]), [.stateChanged(.showing, false)])
    }

    func testMakingAFieldSecureChangesItsRoleAndTellsItsTextAsBulletsNeverAsText() {
        let field = plainField(text: "a" + family)
        let harness = AccessibilityHarness([field])
        field.isSecureTextEntry = true
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(), [.roleChanged(.passwordText), .textDeleted(offset: 0, length: 6, text: ""),
                                        .textInserted(offset: 0, length: 2, text: "\u{2022}\u{2022}"), .caretMoved(offset: 2)])
        field.isSecureTextEntry = false
        harness.accessibility.sync()
        XCTAssertEqual(harness.take(), [.roleChanged(.entry), .textDeleted(offset: 0, length: 2, text: "\u{2022}\u{2022}"),
                                        .textInserted(offset: 0, length: 6, text: "a" + family), .caretMoved(offset: 6)])
    }
}

// MARK: - A secret stays secret

final class AccessibilitySecretTests: XCTestCase {
    private let secret = "Qz7#kV9!wX2$"
    private let otherSecret = "mj4&Rb8%Ty5@"

    func testNoEventQueryOrSpanEverGivesASecureFieldsText() {
        let password = plainField("password", label: "")
        password.isSecureTextEntry = true
        let other = plainField("other", label: "")
        let harness = AccessibilityHarness([password, other])
        let accessible = harness.accessible(password)
        var texts: [String] = []
        func query() {
            texts.append(accessible.text)
            let count = accessible.characterCount
            XCTAssertEqual(count, password.count)
            for start in -1...(count + 1) {
                for end in [-1, start, start + 1, count] { texts.append(accessible.text(from: start, to: end)) }
                if let character = accessible.character(at: start) { texts.append(String(character)) }
                for boundary in TextBoundary.allCases {
                    texts += [accessible.span(at: start, boundary: boundary).text, accessible.span(before: start, boundary: boundary).text,
                              accessible.span(after: start, boundary: boundary).text]
                }
                _ = accessible.characterExtents(at: start)
                _ = accessible.rangeExtents(from: 0, to: start)
            }
            harness.host.selections[.clipboard] = "sentinel"
            accessible.copy(from: 0, to: -1)
            XCTAssertFalse(accessible.cut(from: 0, to: -1))
            texts.append(harness.host.selections[.clipboard] ?? "")
        }
        harness.key(.tab)
        harness.type(secret)
        query()
        harness.scene.handle(typedRun: otherSecret, at: harness.now)
        harness.handle(.inputMethodText(secret))
        harness.key(.backspace)
        harness.key(.backspace, .control)
        harness.key(.left)
        harness.key(.left, .shift)
        harness.key(.shortcut("x"), .control)
        harness.key(.shortcut("c"), .control)
        harness.key(.shortcut("z"), .control)
        query()
        harness.host.selections[.clipboard] = otherSecret
        harness.perform(.paste)
        harness.host.answerPastes()
        XCTAssertTrue(accessible.insert(secret, at: 3))
        XCTAssertTrue(accessible.setContents(otherSecret + family))
        harness.host.selections[.clipboard] = secret
        accessible.paste(at: 2)
        harness.host.answerPastes()
        XCTAssertTrue(accessible.delete(from: 1, to: 4))
        password.text = secret + decomposedE
        password.toggleSecureTextReveal()
        query()
        harness.key(.tab)
        password.selection = TextSelection(anchor: 0, head: 3)
        harness.accessibility.sync()
        query()
        texts += harness.told.compactMap { told -> String? in
            switch told.event {
            case .textInserted(_, _, let text), .textDeleted(_, _, let text): return text
            default: return nil
            }
        }
        XCTAssertTrue(harness.told.contains { if case .textInserted = $0.event { return $0.field === accessible } else { return false } })
        for text in texts where text != "sentinel" {
            XCTAssertTrue(text.allSatisfy { $0 == "\u{2022}" }, "\(text) gives away more than bullets")
        }
        for event in harness.told where event.field === accessible {
            if case .textInserted(_, let length, let text) = event.event { XCTAssertEqual(length, text.count, "a bullet per cluster") }
        }
    }
}


private extension String {
    func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
