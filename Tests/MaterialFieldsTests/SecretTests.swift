import XCTest
@testable import MaterialFields

/// A secure field's text never leaves the model: not through the QA snapshot, accessibility,
/// the renderer, observers, undo, CLIPBOARD or PRIMARY; and the model's storage of it is
/// overwritten when it is cleared, replaced or the field goes away.
final class SecretTests: XCTestCase {
    /// Letters that appear nowhere else in these fields (no label, no placeholder).
    private let secret = "Qz7#kV9!wX2$"
    private let otherSecret = "mj4&Rb8%Ty5@"

    private func makeScene(secure: Bool = true, text: String = "") -> (FieldScene, TextField, RecordingHost) {
        let field = TextField(identifier: "password", style: .filled, label: "Password")
        field.isSecureTextEntry = secure
        field.text = text
        let scene = FieldScene(fields: [field])
        let host = RecordingHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 300), measurer: sharedMeasurer)
        return (scene, field, host)
    }

    private func press(_ scene: FieldScene, _ field: TextField, atFraction fraction: Double, clickCount: Int = 1,
                       modifiers: KeyModifiers = [], at time: Double) -> Point {
        let frame = scene.frame(of: field)!
        let point = Point(x: frame.minX + frame.width * fraction, y: frame.midY)
        scene.handle(.pointerDown(point, button: .primary, clickCount: clickCount, modifiers: modifiers), at: time)
        return point
    }

    private func click(_ scene: FieldScene, _ field: TextField, atFraction fraction: Double, clickCount: Int = 1, at time: Double) {
        let point = press(scene, field, atFraction: fraction, clickCount: clickCount, at: time)
        scene.handle(.pointerUp(point, button: .primary), at: time)
    }

    // MARK: QA, accessibility, observers

    func testAccessibilityTextNeverContainsTheSecret() {
        let (_, field, _) = makeScene(text: secret)
        field.helperText = "At least 8 characters"
        XCTAssertEqual(field.accessibilityText, "Password, ••••••••••••, At least 8 characters")
        field.maximumLength = 20
        XCTAssertFalse(field.accessibilityText.contains("Qz7"))
        XCTAssertTrue(field.accessibilityText.hasSuffix("12 / 20"), field.accessibilityText)
    }

    func testObserversHearOfReplacedSecretTextAsBulletsOnly() {
        let (_, field, _) = makeScene(text: secret)
        var replaced: [String] = []
        field.observe { _, event in
            if case .textChanged(let applied) = event { replaced.append(applied.replacedText) }
        }
        field.text = ""
        XCTAssertEqual(replaced, [String(repeating: "\u{2022}", count: secret.count)])
    }

    func testASecureFieldKeepsNoUndoAndBecomingSecureDropsWhatWasTypedWhileShown() {
        let (scene, field, _) = makeScene(secure: false)
        scene.handle(.key(.tab, []), at: 0)
        scene.handle(.text(secret), at: 0.1)
        XCTAssertTrue(field.canUndo)
        field.isSecureTextEntry = true
        XCTAssertFalse(field.canUndo, "typed while shown, it would come back through undo")
        scene.handle(.text("more"), at: 0.2)
        scene.handle(.key(.backspace, []), at: 0.3)
        XCTAssertFalse(field.canUndo)
        scene.handle(.key(.shortcut("z"), .control), at: 0.4)
        XCTAssertEqual(field.text, secret + "mor")
    }

    func testReadingASecureFieldsTextLeavesNoCopyCachedInTheField() {
        func cached(_ field: TextField) -> String? {
            Mirror(reflecting: field.editor).children.first { $0.label == "cachedText" }?.value as? String
        }
        let (_, plain, _) = makeScene(secure: false, text: secret)
        _ = plain.text
        XCTAssertEqual(cached(plain), secret, "a plain field caches its text (or the check sees nothing)")
        let (_, field, _) = makeScene(text: secret)
        XCTAssertEqual(field.text, secret, "the program may read it")
        XCTAssertNil(cached(field))
    }

    // MARK: Screenshots

    func testTheRendererDrawsDotsOnlyAndTwoSecretsOfOneLengthDrawTheSame() {
        let (scene, field, _) = makeScene(text: secret)
        scene.handle(.key(.tab, []), at: 0)
        field.selection = TextSelection(caret: 4)
        let first = field.drawn(at: 1)
        let texts = field.advancedAppearance(at: 1, origin: Point(x: 10, y: 20), scheme: .light, showsCaret: true)!
            .textRuns.map(\.text).joined()
        XCTAssertTrue(texts.contains(String(repeating: "\u{2022}", count: secret.count)), texts)
        XCTAssertFalse(texts.contains { secret.contains($0) }, texts)

        field.text = otherSecret
        field.selection = TextSelection(caret: 4)
        XCTAssertEqual(field.drawn(at: 1).commands, first.commands)
    }

    // MARK: CLIPBOARD and PRIMARY

    func testCopyAndCutAreRefusedAndNothingReachesTheClipboard() {
        let (scene, field, host) = makeScene(text: secret)
        scene.handle(.key(.tab, []), at: 0)
        scene.handle(.key(.shortcut("a"), .control), at: 0.1)
        XCTAssertEqual(field.selection.range, 0..<secret.count)
        scene.handle(.key(.shortcut("c"), .control), at: 0.2)
        scene.handle(.key(.shortcut("x"), .control), at: 0.3)
        XCTAssertNil(host.selections[.clipboard])
        XCTAssertEqual(field.text, secret, "a refused cut deletes nothing")
        XCTAssertNil(field.copyableText)
        XCTAssertNil(field.cut(at: 0.4))
    }

    /// Every way of selecting, run on a plain field (which must publish PRIMARY, or the check
    /// would prove nothing) and on a secure one (which must not).
    private func selectEveryWay(secure: Bool) -> [String] {
        let (scene, field, host) = makeScene(secure: secure, text: secret)
        var published: [String] = []
        func harvest() {
            if let text = host.selections.removeValue(forKey: .primary) { published.append(text) }
        }
        scene.handle(.key(.tab, []), at: 0)
        harvest()
        scene.handle(.key(.shortcut("a"), .control), at: 0.1)
        harvest()
        click(scene, field, atFraction: 0.2, clickCount: 2, at: 1)
        harvest()
        click(scene, field, atFraction: 0.2, clickCount: 3, at: 2)
        harvest()
        let start = press(scene, field, atFraction: 0.05, at: 3)
        scene.handle(.pointerMoved(Point(x: start.x + 60, y: start.y), buttonHeld: true), at: 3.1)
        scene.handle(.pointerUp(Point(x: start.x + 60, y: start.y), button: .primary), at: 3.2)
        harvest()
        click(scene, field, atFraction: 0.05, at: 4)
        _ = press(scene, field, atFraction: 0.3, modifiers: .shift, at: 5)
        scene.handle(.pointerUp(Point(x: 0, y: 0), button: .primary), at: 5.1)
        harvest()
        for key in [EditingKey.right, .right, .left, .end, .home] {
            scene.handle(.key(key, .shift), at: 6)
            harvest()
        }
        scene.handle(.key(.right, [.shift, .control]), at: 7)
        harvest()
        XCTAssertNil(host.selections[.clipboard])
        return published
    }

    func testSelectingInASecureFieldNeverPublishesPrimary() {
        let plain = selectEveryWay(secure: false)
        XCTAssertGreaterThanOrEqual(plain.count, 8, "a plain field publishes its selections: \(plain)")
        XCTAssertEqual(selectEveryWay(secure: true), [])
    }

    func testMiddleClickPastesPrimaryIntoASecureField() {
        let (scene, field, host) = makeScene()
        host.selections[.primary] = otherSecret
        let frame = scene.frame(of: field)!
        scene.handle(.pointerDown(Point(x: frame.midX, y: frame.midY), button: .middle, clickCount: 1, modifiers: []), at: 0)
        host.answerPastes()
        XCTAssertEqual(field.text, otherSecret)
        XCTAssertEqual(field.displayedText, String(repeating: "\u{2022}", count: otherSecret.count))
    }

    // MARK: Storage

    /// Collects what the storage hook reports, and the bytes it saw.
    private final class OverwriteRecorder {
        var ranges: [[UInt8]] = []
        init() { EditableText.overwriteObserver = { [unowned self] bytes in self.ranges.append(Array(bytes)) } }
        func stop() { EditableText.overwriteObserver = nil }
        var slots: Int { ranges.reduce(0) { $0 + $1.count } / MemoryLayout<Character>.stride }
    }

    /// The bytes a Character's slot holds inline (all but the last, its discriminator).
    private func inlineBytes(_ bytes: UnsafeRawBufferPointer, slots: Int) -> [UInt8] {
        (0..<slots).flatMap { slot in bytes[(slot * MemoryLayout<Character>.stride)..<(slot * MemoryLayout<Character>.stride + 15)] }
    }

    func testClearingOverwritesTheSlotsWhereTheSecretWasInPlace() throws {
        let (scene, field, _) = makeScene()
        scene.handle(.key(.tab, []), at: 0)
        for (index, character) in secret.enumerated() { scene.handle(.text(String(character)), at: 0.1 * Double(index)) }
        let address = try XCTUnwrap(field.editor.storage.storageAddress)
        let before = inlineBytes(UnsafeRawBufferPointer(start: address, count: secret.count * MemoryLayout<Character>.stride),
                                 slots: secret.count)
        XCTAssertEqual(before.filter { $0 != 0 }, Array(secret.utf8), "the slots hold the secret inline, one byte a slot")

        // Every way of emptying, replacing or shortening the text leaves the same buffer, with no
        // byte of the secret in the slots it no longer uses.
        let ways: [(String, (TextField) -> Void)] = [
            ("text = \"\"", { $0.text = "" }),
            ("select all, Backspace", { field in
                scene.handle(.key(.shortcut("a"), .control), at: 5); scene.handle(.key(.backspace, []), at: 5.1)
            }),
            ("replaced by typing", { field in
                scene.handle(.key(.shortcut("a"), .control), at: 6); scene.handle(.text("x"), at: 6.1)
            }),
            ("Backspace by word, one at a time", { field in
                while field.count > 0 { scene.handle(.key(.backspace, [.control]), at: 7) }
            }),
            ("a piece from the middle deleted (the tail moves down)", { field in
                field.selection = TextSelection(anchor: 2, head: 7)
                scene.handle(.key(.delete, []), at: 8)
            }),
        ]
        for (name, empty) in ways {
            field.text = secret
            let address = try XCTUnwrap(field.editor.storage.storageAddress)
            empty(field)
            XCTAssertEqual(field.editor.storage.storageAddress, address, "\(name): the buffer was replaced, not edited in place")
            let after = inlineBytes(UnsafeRawBufferPointer(start: address, count: secret.count * MemoryLayout<Character>.stride),
                                    slots: secret.count)
            let vacated = after.dropFirst(field.count * 15)
            let left = vacated.filter { byte in secret.utf8.contains(byte) }
            XCTAssertEqual(left, [], "\(name): bytes of the secret stayed in the buffer")
        }
    }

    func testADelegateThatRewritesTheTextWhileAskedEditsTheSecretInPlace() {
        /// A live formatter: sets the text itself (same length) and refuses the key.
        final class Formatter: TextFieldDelegate {
            var replacement = ""
            func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
                textField.text = replacement
                return false
            }
        }
        let (scene, field, _) = makeScene(text: secret)
        let formatter = Formatter()
        formatter.replacement = otherSecret
        field.delegate = formatter
        scene.handle(.key(.tab, []), at: 0)
        field.selection = TextSelection(caret: field.count)
        let address = try? XCTUnwrap(field.editor.storage.storageAddress)
        scene.handle(.text("x"), at: 1)
        XCTAssertEqual(field.text, otherSecret)
        XCTAssertEqual(field.editor.storage.storageAddress, address,
                       "the buffer was copied while the delegate was asked: the old secret stays behind in freed memory")
    }

    func testTheMaximumLengthCountsWithoutCopyingOrOverwritingTheSecret() {
        let (scene, field, _) = makeScene()
        // A family emoji is a cluster with its own heap object: overwriting a copy that shares it
        // would zero the field's own text.
        let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        field.maximumLength = secret.count + 3
        scene.handle(.key(.tab, []), at: 0)
        field.text = secret + family
        let recorder = OverwriteRecorder()
        defer { recorder.stop() }
        // Three graphemes where two fit: the limit counts the result around the edit only.
        field.paste("abc", at: 1)
        XCTAssertEqual(field.text, secret + family + "ab")
        XCTAssertFalse(recorder.ranges.contains { $0.count >= secret.count * MemoryLayout<Character>.stride },
                       "the whole text was copied (and overwritten) to count the result")
    }

    func testClearButtonAndGrowingOverwriteWhatTheyLetGo() {
        let recorder = OverwriteRecorder()
        defer { recorder.stop() }
        let (scene, field, _) = makeScene()
        field.clearButtonMode = .always
        scene.handle(.key(.tab, []), at: 0)
        // One at a time, so the array grows past its capacity several times.
        let long = String(repeating: secret, count: 4)
        for (index, character) in long.enumerated() { scene.handle(.text(String(character)), at: 0.01 * Double(index)) }
        let grown = recorder.slots
        XCTAssertGreaterThanOrEqual(grown, 16, "each outgrown buffer is overwritten before it is freed")

        let frame = scene.frame(of: field)!, layout = field.layout!
        let button = layout.clearButton!
        let point = Point(x: frame.minX + button.midX, y: frame.minY + button.midY)
        scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: 10)
        XCTAssertEqual(field.text, "")
        XCTAssertGreaterThanOrEqual(recorder.slots - grown, long.count, "the clear button's text was overwritten")
        for bytes in recorder.ranges {
            let inline = bytes.count % MemoryLayout<Character>.stride == 0
                ? bytes.withUnsafeBytes { inlineBytes($0, slots: bytes.count / MemoryLayout<Character>.stride) } : bytes
            XCTAssertFalse(inline.contains { secret.utf8.contains($0) }, "an overwritten range still holds the secret")
        }
    }

    func testADeallocatedSecureFieldOverwritesItsTextLargeClustersIncluded() {
        let recorder = OverwriteRecorder()
        defer { recorder.stop() }
        // A family (25 UTF-8 bytes) is too long for a slot: it lives in a heap object of its own.
        let family = "👩‍👩‍👧‍👦"
        do {
            let field = TextField(identifier: "p", style: .outlined, label: "PIN")
            field.isSecureTextEntry = true
            field.text = secret + family
            XCTAssertEqual(field.count, secret.count + 1)
            recorder.ranges = []
        }
        let slots = recorder.ranges.filter { $0.count == (secret.count + 1) * MemoryLayout<Character>.stride }
        XCTAssertEqual(slots.count, 1, "the field's deinit overwrote every slot: \(recorder.ranges.map(\.count))")
        let scrubbed = recorder.ranges.filter { $0.count == family.utf8.count }
        XCTAssertEqual(scrubbed.count, 1, "the large cluster's own bytes were overwritten")
        XCTAssertEqual(scrubbed.first.map { Set($0) }, [0])
    }

    func testASecureFieldStillEditsGraphemesExactlyAsAPlainOne() {
        // The overwriting path segments as the plain one does: same text, same caret, always.
        var generator = SeededGenerator(seed: 5)
        let pieces = ["a", "e", "\u{301}", "👩", "\u{200D}", "🇫", "🇷", "🇩🇪", "中", " ", "👨‍👩‍👧‍👦", "x\u{308}\u{301}\u{323}\u{324}\u{325}"]
        for _ in 0..<20 {
            var plain = EditableText(), secure = EditableText()
            secure.overwritesStorage = true
            for _ in 0..<60 {
                let choice = Int.random(in: 0..<4, using: &generator)
                let lower = Int.random(in: 0...plain.count, using: &generator)
                let upper = Int.random(in: lower...plain.count, using: &generator)
                let text = (0..<Int.random(in: 0...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                let edit = choice == 0 ? plain.replacingAll(with: text, cause: .paste)
                    : TextEdit(range: lower..<upper, replacement: text, cause: .typing)
                let applied = plain.apply(edit)
                let securelyApplied = secure.apply(edit)
                XCTAssertEqual(secure.characters, plain.characters, "after \(edit)")
                XCTAssertEqual(secure.selection, plain.selection)
                XCTAssertEqual(securelyApplied.oldClusters, applied.oldClusters)
                XCTAssertEqual(securelyApplied.newClusterCount, applied.newClusterCount)
            }
        }
    }
}
