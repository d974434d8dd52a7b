import Foundation
import XCTest
import MaterialFields
import TestHarness

/// UIKit's editing semantics in the real catalog, typed with real keys: Return moves focus on, a
/// delegate that refuses letters drops them, a live formatter formats as digits arrive, a
/// delegate can keep focus, and the QA state reports the families and traits.
final class UIKitBehaviourUITests: XCTestCase {
    private struct View: Decodable {
        struct Field: Decodable {
            var id: String, label: String, text: String, focused: Bool, family: String, secure: Bool
            var alignment: String, keyboardType: String, placeholderMode: String?, hint: String?, error: Bool
            var selection: [Int], frame: [Double], revealed: Bool?
        }
        struct Window: Decodable { var height: Double }
        var window: Window
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    /// Scrolls the catalog with the wheel until `id` is wholly in the window, then clicks it. The
    /// clicks that bring it in (a wheel step is 48 px at scale 1) go in one xdotool call, and the
    /// wait is for the field to be in view, so a field far down costs one round trip, not dozens.
    private func scrollToAndClick(_ app: CatalogApp, _ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let wheelStep = MaterialMetrics(scale: 1).wheelStep
        func inView(_ state: View) -> Bool {
            let frame = state.field(id).frame
            return frame[1] >= 0 && frame[1] + frame[3] <= state.window.height
        }
        for _ in 0..<10 {
            let state = try app.state(as: View.self)
            let frame = state.field(id).frame
            if inView(state) {
                try app.click(x: frame[0] + frame[2] / 2, y: frame[1] + frame[3] / 2)
                XCTAssertNotNil(app.waitForState(as: View.self) { $0.field(id).focused }, "\(id) never took focus", file: file, line: line)
                return
            }
            let distance = frame[1] < 0 ? -frame[1] : frame[1] + frame[3] - state.window.height
            let clicks = max(1, Int((distance / wheelStep).rounded(.up)))
            try app.xdotool(["mousemove", "--window", String(app.windowID), "380", "300",
                             "click", "--repeat", String(clicks), "--delay", "10", frame[1] < 0 ? "4" : "5"])
            _ = app.waitForState(as: View.self, timeout: 5, inView)
        }
        XCTFail("could not scroll \(id) into view", file: file, line: line)
    }

    func testReturnMovesFocusToTheNextFieldAndEndsEditingOnTheLast() throws {
        let app = try CatalogApp()
        try app.click(field: "filled-label")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("filled-label").focused })
        try app.type("Ada")
        try app.key("Return")
        let moved = app.waitForState(as: View.self) { $0.field("filled-placeholder").focused }
        XCTAssertNotNil(moved, "Return did not move focus to the next field")
        XCTAssertEqual(moved?.field("filled-label").text, "Ada")
        XCTAssertEqual(moved?.field("filled-label").focused, false)
        // The keypad's Enter is Return too.
        try app.key("KP_Enter")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("filled-prefilled").focused }, "KP_Enter did not move on")

        // The search field's delegate keeps focus on Return (it searches instead).
        try scrollToAndClick(app, "filled-search")
        try app.type("x")
        try app.key("Return")
        // A key typed after Return reaching the field proves Return was handled and left it focused.
        try app.type("y")
        XCTAssertNotNil(app.waitForState { $0.field("filled-search").text == "xy" }, "a delegate returning false kept nothing")
        XCTAssertTrue(try app.state(as: View.self).field("filled-search").focused, "a delegate returning false kept nothing")

        // The last field of the catalog (a single line, whichever rows sections add): Return ends
        // editing, focusing nothing.
        let last = try XCTUnwrap(app.state().fields.last)
        XCTAssertEqual(last.kind, "textField", "the catalog's last field must be a single line for this check")
        try scrollToAndClick(app, last.id)
        try app.key("Return")
        XCTAssertNotNil(app.waitForState(as: View.self) { !$0.fields.contains(where: \.focused) }, "Return on the last field kept editing")
    }

    func testTheDigitsOnlyFieldDropsLettersTypedWithXdotool() throws {
        let app = try CatalogApp()
        try scrollToAndClick(app, "uikit-digits")
        // The digit typed last arrives after the space and the x, which were dropped.
        try app.type("4a1b2-c3 x5")
        let state = app.waitForState(as: View.self) { $0.field("uikit-digits").text == "41235" }
        XCTAssertNotNil(state, "got \(String(describing: try? app.state(as: View.self).field("uikit-digits").text))")
        XCTAssertEqual(state?.field("uikit-digits").selection, [5, 5])
    }

    func testThePhoneFormatterFormatsAsDigitsAreTypedAndBackspaceDeletesADigit() throws {
        let app = try CatalogApp()
        let phone = try XCTUnwrap(try app.state(as: View.self).fields.first { $0.label.contains("Phone") }, "no field labelled Phone")
        XCTAssertEqual(phone.keyboardType, "phonePad")
        try scrollToAndClick(app, phone.id)
        try app.type("5551234567")
        let formatted = app.waitForState(as: View.self) { $0.field(phone.id).text == "(555) 123-4567" }
        XCTAssertNotNil(formatted, "got \(String(describing: try? app.state(as: View.self).field(phone.id).text))")
        XCTAssertEqual(formatted?.field(phone.id).selection, [14, 14])
        // Letters are not phone characters; an eleventh digit does not fit.
        // Shift+Home after them changes the selection only: once it shows, both were handled.
        try app.type("a9")
        try app.key("shift+Home")
        let refused = app.waitForState(as: View.self) { $0.field(phone.id).selection == [0, 14] }
        XCTAssertNotNil(refused, "got \(String(describing: try? app.state(as: View.self).field(phone.id)))")
        XCTAssertEqual(refused?.field(phone.id).text, "(555) 123-4567")
        try app.key("End")
        // Backspace over the dash deletes the digit before it, and the rest is formatted again.
        try app.key("BackSpace", "BackSpace", "BackSpace", "BackSpace", "BackSpace")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field(phone.id).text == "(555) 12" },
                        "got \(String(describing: try? app.state(as: View.self).field(phone.id).text))")
        try app.key("Home")
        try app.type("2")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field(phone.id).text == "(255) 512" && $0.field(phone.id).selection == [2, 2] },
                        "got \(String(describing: try? app.state(as: View.self).field(phone.id)))")
        // Written with the country code, the number is the same: the "+", the "1" and the
        // spaces are not the number's digits.
        try app.key("ctrl+a")
        try app.type("+1 555 123 4567")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field(phone.id).text == "(555) 123-4567" },
                        "got \(String(describing: try? app.state(as: View.self).field(phone.id).text))")
    }

    func testADelegateKeepsFocusUntilTheTextIsValid() throws {
        let app = try CatalogApp()
        try scrollToAndClick(app, "uikit-quantity")
        try app.type("150")
        try app.key("Tab")
        let refused = app.waitForState(as: View.self) { $0.field("uikit-quantity").error }
        XCTAssertNotNil(refused, "an invalid quantity showed no error")
        XCTAssertEqual(refused?.field("uikit-quantity").focused, true, "Tab left a field whose delegate said no")
        // A click on another field does not take focus either.
        // A digit typed after the click reaching the quantity proves the click was handled.
        try app.click(field: "uikit-code")
        try app.type("7")
        XCTAssertNotNil(app.waitForState(as: View.self) { $0.field("uikit-quantity").text == "1507" },
                        "got \(String(describing: try? app.state(as: View.self).field("uikit-quantity").text))")
        XCTAssertTrue(try app.state(as: View.self).field("uikit-quantity").focused)
        XCTAssertFalse(try app.state(as: View.self).field("uikit-code").focused)
        try app.key("BackSpace", "BackSpace")
        try app.key("Tab")
        let left = app.waitForState(as: View.self) { !$0.field("uikit-quantity").focused }
        XCTAssertNotNil(left, "a valid quantity still kept focus")
        XCTAssertEqual(left?.field("uikit-quantity").error, false)
        XCTAssertEqual(left?.field("uikit-quantity").text, "15")
    }

    func testTheQAStateReportsFamiliesTraitsAndHints() throws {
        let app = try CatalogApp()
        let state = try app.state(as: View.self)
        XCTAssertEqual(state.field("filled-label").family, "material")
        XCTAssertEqual(state.field("filled-label").placeholderMode, nil)
        XCTAssertEqual(state.field("filled-label").hint, nil)
        XCTAssertEqual(state.field("plain-rounded").family, "plain")
        XCTAssertEqual(state.field("rag-editing").family, "rag")
        XCTAssertEqual(state.field("rag-editing").placeholderMode, "scalesWhenEditing")
        XCTAssertEqual(state.field("rag-simple").placeholderMode, "simple")
        XCTAssertEqual(state.field("rag-simple").hint, "")
        XCTAssertEqual(state.field("rag-editing").hint, "As on your passport")
        XCTAssertEqual(state.field("uikit-right").alignment, "right")
        XCTAssertEqual(state.field("uikit-center").alignment, "center")
        XCTAssertEqual(state.field("filled-label").alignment, "natural")
        XCTAssertEqual(state.field("uikit-email").keyboardType, "emailAddress")
        XCTAssertEqual(state.field("uikit-quantity").keyboardType, "numberPad")
        XCTAssertEqual(state.field("filled-label").keyboardType, "default")
        XCTAssertTrue(state.field("filled-password").secure)
        XCTAssertEqual(state.field("filled-password").text, String(repeating: "\u{2022}", count: 7))

        // Revealed with its eye, the password shows on screen but never in the QA state. (The
        // field starts below the window's bottom: scrolled into view first.)
        try scrollToAndClick(app, "filled-password")
        let frame = try app.state(as: View.self).field("filled-password").frame
        try app.click(x: frame[0] + frame[2] - 24, y: frame[1] + 28)
        let revealed = app.waitForState(as: View.self) { $0.field("filled-password").revealed == true }
        XCTAssertNotNil(revealed, "the eye did not reveal the password")
        XCTAssertEqual(revealed?.field("filled-password").text, String(repeating: "\u{2022}", count: 7))
    }
}
