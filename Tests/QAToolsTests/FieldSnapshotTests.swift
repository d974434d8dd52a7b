import Foundation
import MaterialFields
import QATools
import XCTest

/// `FieldScene.snapshot()`: what the QA state says of each field, in window pixels, and what it
/// never says (a secure field's text).
final class FieldSnapshotTests: XCTestCase {
    private let measurer = HalfEmMeasurer()
    /// Letters that appear nowhere else in these fields (no label, no placeholder).
    private let secret = "Qz7#kV9!wX2$"

    private func makeScene(_ fields: [TextField], width: Double = 400, height: Double = 300) -> FieldScene {
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: width, height: height), measurer: measurer)
        scene.handle(.windowFocus(true), at: 0)
        return scene
    }

    /// JSON with sorted keys: Foundation's encoder otherwise writes an object's keys in its
    /// dictionary's order, which differs from one encoding to the next.
    private func encoded(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    func testSnapshotListsEveryFieldInWindowPixels() {
        let fields = [
            TextField(identifier: "a", style: .filled, label: "A"),
            TextField(identifier: "b", style: .filled, label: "B", isEnabled: false),
            TextField(identifier: "c", style: .outlined, label: "C"),
        ]
        let scene = makeScene(fields, width: 800, height: 600)
        scene.handle(.key(.tab, []), at: 0)
        scene.handle(.text("hey"), at: 0)
        let snapshot = scene.snapshot()
        XCTAssertEqual(snapshot.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(snapshot[0].text, "hey")
        XCTAssertEqual(snapshot[0].selection, [3, 3])
        XCTAssertTrue(snapshot[0].focused)
        XCTAssertEqual(snapshot[0].state, .editing)
        XCTAssertEqual(snapshot[0].labelPosition, .floating)
        XCTAssertEqual(snapshot[1].state, .disabled)
        let frame = scene.frame(of: fields[2])!
        XCTAssertEqual(snapshot[2].frame, [frame.x, frame.y, frame.width, frame.height])
    }

    func testTheSnapshotWritesAMissingMaxLengthAsNull() throws {
        let scene = makeScene([TextField(identifier: "f", style: .filled, label: "F")], height: 200)
        let json = try encoded(scene.snapshot())
        XCTAssertTrue(json.contains("\"maxLength\":null"), json)
        XCTAssertFalse(json.contains("leadingIcon"), "absent when the field has none")
        XCTAssertFalse(json.contains("\"rows\""), "rows only for text areas")
    }

    func testTheQASnapshotShowsABulletPerGraphemeSaysSoAndKeepsTheSelection() throws {
        let field = TextField(identifier: "password", style: .filled, label: "Password")
        field.isSecureTextEntry = true
        field.showsSecureTextToggle = true
        field.text = secret + "e\u{301}👩‍👩‍👧"
        let scene = makeScene([field])
        field.selection = TextSelection(anchor: 2, head: 5)

        let snapshot = try XCTUnwrap(scene.snapshot().first)
        XCTAssertEqual(snapshot.text, String(repeating: "\u{2022}", count: secret.count + 2))
        XCTAssertTrue(snapshot.secure)
        XCTAssertEqual(snapshot.selection, [2, 5])
        let json = try encoded(snapshot)
        XCTAssertFalse(json.contains("Qz7"), json)
        XCTAssertTrue(json.contains("\"secure\":true"), json)

        // Revealed by the eye, the text shows on screen and the snapshot still has bullets.
        let eye = try XCTUnwrap(field.layout?.trailingIcon, "the eye has a slot")
        let frame = try XCTUnwrap(scene.frame(of: field))
        let point = Point(x: frame.minX + eye.midX, y: frame.minY + eye.midY)
        scene.handle(.pointerDown(point, button: .primary, clickCount: 1, modifiers: []), at: 1)
        scene.handle(.pointerUp(point, button: .primary), at: 1)
        XCTAssertTrue(field.isSecureTextRevealed)
        let revealed = try XCTUnwrap(scene.snapshot().first)
        XCTAssertEqual(revealed.text, snapshot.text)
        XCTAssertEqual(revealed.revealed, true)
        XCTAssertFalse(try encoded(scene.snapshot()).contains("Qz7"))

        // Shown (the eye icon), the text is the text: intended.
        field.isSecureTextEntry = false
        let shown = try XCTUnwrap(scene.snapshot().first)
        XCTAssertEqual(shown.text, field.text)
        XCTAssertFalse(shown.secure)
    }

    func testAPlainFieldSaysWhichBackgroundImageIsDrawnWithItsSizeCapsAndFile() throws {
        let pixels = ImagePixels(width: 48, height: 72, rgba: [UInt8](repeating: 255, count: 48 * 72 * 4), premultiplied: false)!
        let paper = StretchableImage(pixels: pixels, scale: 2, capInsets: EdgeInsets(top: 8, left: 7, bottom: 6, right: 5),
                                     source: "/r/Images/paper@2x.png")
        let grey = StretchableImage(pixels: pixels, capInsets: EdgeInsets(all: 3))
        let enabled = TextField(identifier: "on", style: .plain(.line), label: "")
        let disabled = TextField(identifier: "off", style: .plain(.none), label: "", isEnabled: false)
        let rounded = TextField(identifier: "rounded", style: .plain(.roundedRect), label: "")
        let bare = TextField(identifier: "bare", style: .plain(.bezel), label: "")
        let material = TextField(identifier: "material", style: .filled, label: "M")
        for field in [enabled, disabled, rounded, material] {
            field.background = paper
            field.disabledBackground = grey
        }
        let scene = makeScene([enabled, disabled, rounded, bare, material], height: 400)
        let snapshot = Dictionary(uniqueKeysWithValues: scene.snapshot().map { ($0.id, $0) })
        XCTAssertEqual(snapshot["on"]?.background,
                       BackgroundSnapshot(drawn: .background, set: [.background, .disabledBackground], image: paper))
        XCTAssertEqual(snapshot["on"]?.background?.size, [24, 36], "points")
        XCTAssertEqual(snapshot["on"]?.background?.capInsets, [8, 7, 6, 5])
        XCTAssertEqual(snapshot["off"]?.background?.drawn, .disabledBackground)
        XCTAssertEqual(snapshot["off"]?.background?.source, nil, "made in code")
        XCTAssertEqual(snapshot["rounded"]?.background?.drawn, nil, "a rounded rect ignores it")
        XCTAssertEqual(snapshot["rounded"]?.background?.set, [.background, .disabledBackground])
        XCTAssertEqual(snapshot["bare"]?.background, BackgroundSnapshot(drawn: nil, set: [], image: nil))
        XCTAssertNil(snapshot["material"]?.background, "not a plain field")

        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(scene.snapshot()), as: UTF8.self)
        XCTAssertTrue(json.contains(#""background":{"capInsets":[8,7,6,5],"drawn":"background","scale":2,"#
                                    + #""set":["background","disabledBackground"],"size":[24,36],"source":"/r/Images/paper@2x.png"}"#), json)
        XCTAssertTrue(json.contains(#""background":{"capInsets":null,"drawn":null,"scale":null,"set":[],"size":null,"source":null}"#), json)
        // The catalog's own writer (no Foundation) writes the nulls too.
        let written = try JSONValue(encoding: scene.snapshot()).prettyPrinted
        XCTAssertTrue(written.contains(#""drawn" : null"#), written)
        scene.scheme = .highContrastDark
        XCTAssertNil(scene.snapshot().first { $0.id == "on" }?.background?.drawn, "high contrast draws the border instead")
        scene.scheme = .light
        XCTAssertEqual(try JSONDecoder().decode([FieldSnapshot].self, from: Data(json.utf8)).map(\.background),
                       scene.snapshot().map(\.background))
    }

    func testTheSnapshotListsRunsWithTheKeysTheySetAndTheTypingAttributesWhileEditing() throws {
        let field = TextField(identifier: "styled", style: .filled, label: "Styled")
        field.allowsEditingTextAttributes = true
        field.attributedText = AttributedText("ab")
            + AttributedText("CD", attributes: TextAttributes(fontFamily: "DejaVu Serif", fontSize: 20, fontWeight: .bold, isItalic: true,
                                                               foregroundColor: Color(hex: 0xCC0000), backgroundColor: Color(hex: 0x00FF00, alpha: 128.0 / 255),
                                                               underlineStyle: .double, underlineColor: Color(hex: 0x0000FF),
                                                               strikethroughStyle: .thick, strikethroughColor: Color(hex: 0x000000), kern: 1.5))
        let plain = TextField(identifier: "plain", style: .filled, label: "Plain", text: "xyz")
        let scene = makeScene([field, plain])
        var snapshot = scene.snapshot()
        XCTAssertNil(snapshot[0].typingAttributes, "not editing")
        let json = try encoded(snapshot[0])
        XCTAssertTrue(json.contains("\"typingAttributes\":null"), json)
        XCTAssertTrue(json.contains(#""attributes":{}"#), "a plain run sets no key: \(json)")
        for pair in [#""fontFamily":"DejaVu Serif""#, #""fontSize":20"#, #""fontWeight":700"#, #""italic":true"#,
                     ##""foregroundColor":"#CC0000FF""##, ##""backgroundColor":"#00FF0080""##, #""underlineStyle":"double""#,
                     ##""underlineColor":"#0000FFFF""##, #""strikethroughStyle":"thick""#, ##""strikethroughColor":"#000000FF""##, #""kern":1.5"#] {
            XCTAssertTrue(json.contains(pair), "\(pair) in \(json)")
        }
        let decoded = try JSONDecoder().decode(FieldSnapshot.self, from: Data(json.utf8))
        XCTAssertEqual(decoded.runs, snapshot[0].runs, "the runs read back as written")
        XCTAssertEqual(snapshot[1].runs, [RunSnapshot(start: 0, end: 3, attributes: AttributesSnapshot(.none))])

        scene.focus(field, at: 1)
        field.selection = TextSelection(caret: 4)
        scene.handle(.key(.shortcut("u"), .control), at: 2)
        snapshot = scene.snapshot()
        XCTAssertEqual(snapshot[0].typingAttributes?.attributes.underlineStyle, nil, "the run was underlined: Ctrl+U takes it off")
        XCTAssertEqual(snapshot[0].typingAttributes?.attributes.fontWeight, .bold)
        field.selection = TextSelection(caret: 1)
        XCTAssertEqual(try encoded(XCTUnwrap(scene.snapshot()[0].typingAttributes)), "{}")
    }

    func testTheColoursNameEveryMemberOfFieldColorsWithItsStatesValueAsHex() throws {
        let field = TextField(identifier: "a", style: .outlined, label: "A")
        field.errorMessage = "Wrong"
        let scene = makeScene([field])
        for scheme in [ColorScheme.light, .highContrastDark, .material3Dark] {
            scene.scheme = scheme
            let expected = FieldColors.resolve(scheme: scheme, state: .normal, isInError: true, container: .outlined)
            let colors = try XCTUnwrap(scene.snapshot().first?.colors)
            // Every stored property of FieldColors, by its name: a member added there and not to
            // `FieldColorsSnapshot.members` fails here.
            let children = Mirror(reflecting: expected).children
            XCTAssertEqual(FieldColorsSnapshot.members.map(\.name), children.map { $0.label ?? "?" })
            for child in children {
                // An optional member's value unwraps in the cast; its nil does not cast.
                let color = child.value as? Color
                XCTAssertEqual(colors[child.label ?? ""], color.map(AttributesSnapshot.hex), "\(scheme.design) \(child.label ?? "")")
            }
            let json = try encoded(colors)
            XCTAssertTrue(json.contains("\"outline\":\"\(AttributesSnapshot.hex(expected.outline))\""), json)
            XCTAssertTrue(json.contains("\"selectedText\":"), "selectedText is written, null or not: \(json)")
            // Read back, it writes the same bytes (each colour rounded to bytes as written).
            XCTAssertEqual(try encoded(try JSONDecoder().decode(FieldColorsSnapshot.self, from: Data(json.utf8))), json)
        }
    }

    func testAColourReadsBackFromItsHex() {
        XCTAssertEqual(AttributesSnapshot.hex(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)), "#FF800040")
        XCTAssertEqual(AttributesSnapshot.color(hex: "#FF800040").map(AttributesSnapshot.hex), "#FF800040")
        XCTAssertEqual(AttributesSnapshot.color(hex: "#0000FF"), Color(hex: 0x0000FF))
        XCTAssertNil(AttributesSnapshot.color(hex: "#12345"))
        XCTAssertNil(AttributesSnapshot.color(hex: "red"))
    }
}
