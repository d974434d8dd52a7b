import XCTest
@testable import MaterialFields

/// The scene's side of styled copy and paste: Ctrl+C and Ctrl+X hand the host the copy with its
/// runs, Ctrl+V asks for styles only for a field that allows editing them (plain text for any
/// other, and for a secure one), and PRIMARY stays plain.
final class StyledClipboardSceneTests: XCTestCase {
    /// A host that keeps styled selections, as the window's does.
    private final class StyledHost: SceneHost {
        var plain: [SelectionKind: String] = [:]
        var styled: [SelectionKind: AttributedText] = [:]
        var requests: [String] = []
        private var pending: [() -> Void] = []

        func setSelectionText(_ text: String, for selection: SelectionKind) {
            plain[selection] = text
            styled[selection] = nil
        }
        func requestSelectionText(_ selection: SelectionKind, completion: @escaping (String?) -> Void) {
            requests.append("plain")
            let text = plain[selection]
            pending.append { completion(text) }
        }
        func setSelectionAttributedText(_ text: AttributedText, for selection: SelectionKind) {
            styled[selection] = text
            plain[selection] = text.string
        }
        func requestSelectionAttributedText(_ selection: SelectionKind, completion: @escaping (AttributedText?) -> Void) {
            requests.append("styled")
            let text = styled[selection] ?? plain[selection].map { AttributedText($0) }
            pending.append { completion(text) }
        }
        func answer() {
            let answers = pending
            pending = []
            answers.forEach { $0() }
        }
        func setNeedsRender() {}
        func setPointerShape(_ shape: PointerShape) {}
        func setInputMethodSpot(_ caret: Rect) {}
        func ringBell() {}
        func showPopup(_ popup: ScenePopup, anchor: PopupAnchor) -> Bool { false }
        func closePopup(_ popup: ScenePopup) {}
        func requestSelectionHasText(_ selection: SelectionKind, completion: @escaping (Bool) -> Void) { completion(true) }
        func beginDrag(_ text: String, operations: DragOperations, at time: Double) -> Bool { false }
    }

    private let bold = TextAttributes(fontWeight: .bold)

    private func scene(_ fields: [TextField]) -> (FieldScene, StyledHost) {
        let scene = FieldScene(fields: fields)
        let host = StyledHost()
        scene.host = host
        scene.resize(to: Size(width: 400, height: 800), measurer: sharedMeasurer)
        scene.handle(.windowFocus(true), at: 0)
        return (scene, host)
    }

    private func key(_ scene: FieldScene, _ letter: Character, at time: Double) {
        scene.handle(.key(.shortcut(letter), .control), at: time)
    }

    func testCopyAndCutHandTheHostTheRunsAndAPasteTakesThemWhereStylesAreAllowed() {
        let source = filledField("source"), styledTarget = filledField("styled"), plainTarget = filledField("plain")
        source.attributedText = AttributedText("the ") + AttributedText("big", attributes: bold) + AttributedText(" word")
        styledTarget.allowsEditingTextAttributes = true
        let (scene, host) = scene([source, styledTarget, plainTarget])

        scene.focus(source, at: 1)
        key(scene, "a", at: 1)
        key(scene, "c", at: 2)
        XCTAssertEqual(host.styled[.clipboard], AttributedText("the ") + AttributedText("big", attributes: bold) + AttributedText(" word"))

        scene.focus(styledTarget, at: 3)
        key(scene, "v", at: 3)
        host.answer()
        XCTAssertEqual(styledTarget.attributedText, AttributedText("the ") + AttributedText("big", attributes: bold) + AttributedText(" word"))

        scene.focus(plainTarget, at: 4)
        key(scene, "v", at: 4)
        host.answer()
        XCTAssertEqual(plainTarget.attributedText, AttributedText("the big word"))
        XCTAssertEqual(host.requests, ["styled", "plain"], "a field without styles asks for plain text only")

        scene.focus(styledTarget, at: 5)
        styledTarget.selection = TextSelection(anchor: 4, head: 7)
        key(scene, "x", at: 6)
        XCTAssertEqual(styledTarget.text, "the  word")
        XCTAssertEqual(host.styled[.clipboard], AttributedText("big", attributes: bold), "a cut keeps the styles of what it took")
    }

    /// A clipboard without styles (no HTML offered) pastes as plain text does: in the typing
    /// attributes, here the bold of the cluster before the caret.
    func testPlainTextPastedIntoAStyledFieldTakesTheTypingAttributes() {
        let field = filledField("styled")
        field.allowsEditingTextAttributes = true
        field.attributedText = AttributedText("a") + AttributedText("b", attributes: bold)
        let (scene, host) = scene([field])
        scene.focus(field, at: 1)
        field.selection = TextSelection(caret: 2)
        host.setSelectionText("cd", for: .clipboard)
        key(scene, "v", at: 2)
        host.answer()
        XCTAssertEqual(field.attributedText, AttributedText("a") + AttributedText("bcd", attributes: bold))
        XCTAssertEqual(host.requests, ["styled"])
    }

    func testASecureFieldAndPrimaryStayPlain() {
        let secret = filledField("secret")
        secret.isSecureTextEntry = true
        secret.allowsEditingTextAttributes = true
        let (scene, host) = scene([secret])
        host.setSelectionAttributedText(AttributedText("pw", attributes: bold), for: .clipboard)
        scene.focus(secret, at: 1)
        key(scene, "v", at: 1)
        host.answer()
        XCTAssertEqual(secret.text, "pw")
        XCTAssertEqual(host.requests, ["plain"], "a secure field takes no styles")
        // A selection in it never reaches any selection.
        secret.selection = TextSelection(anchor: 0, head: 2)
        key(scene, "c", at: 2)
        XCTAssertEqual(host.styled[.clipboard], AttributedText("pw", attributes: bold), "a secure field copied nothing")
        XCTAssertNil(host.styled[.primary])
        XCTAssertNil(host.plain[.primary])
    }
}
