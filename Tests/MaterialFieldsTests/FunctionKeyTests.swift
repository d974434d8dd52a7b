import XCTest
@testable import MaterialFields

/// F1 to F24 are never text nor edits: they reach the app's handler (the catalog's F11 and F12).
final class FunctionKeyTests: XCTestCase {
    func testFunctionKeysEditNothingAndReachTheAppsHandler() {
        // Given a text field and a text area with text, and an app handler
        let field = TextField(identifier: "field", style: .filled, label: "Field", text: "abc")
        let area = TextField(identifier: "area", style: .outlined, kind: .textArea, label: "Area", text: "one\ntwo")
        let scene = FieldScene(fields: [field, area], scheme: .light)
        scene.resize(to: Size(width: 800, height: 600), measurer: sharedMeasurer)
        var heard: [EditingKey] = []
        scene.unhandledKeyHandler = { key, _ in
            heard.append(key)
            return true
        }
        for edited in [field, area] {
            scene.focus(edited, at: 0)
            scene.handle(.key(.left, []), at: 0)
            let text = edited.text, selection = edited.selection

            // When F1, F11, F12 and F24 are pressed, alone and with Shift
            for number in [1, 11, 12, 24] {
                XCTAssertTrue(scene.handle(.key(.function(number), []), at: 1))
                XCTAssertTrue(scene.handle(.key(.function(number), .shift), at: 1))
            }

            // Then the field keeps its text, selection and focus, and the app heard every key
            XCTAssertEqual(edited.text, text)
            XCTAssertEqual(edited.selection, selection)
            XCTAssertTrue(edited.isFocused)
        }
        let pressed = [1, 11, 12, 24].flatMap { [EditingKey.function($0), .function($0)] }
        XCTAssertEqual(heard, pressed + pressed)
    }
}
