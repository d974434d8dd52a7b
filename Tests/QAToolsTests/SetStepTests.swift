import Foundation
@testable import MaterialFields
import XCTest
@testable import QATools

/// The `set` step's syntax (a bare word or one quoted text, `type`'s escapes) and the QA state's
/// `settings`, which reads back as the changes that made it.
final class SetStepTests: XCTestCase {
    private func parse(_ line: String) throws -> QAScript.Step {
        try XCTUnwrap(QAScript(file: "t.qa", text: line).lines.first).step
    }

    private func failure(_ line: String) -> String {
        do {
            _ = try QAScript(file: "t.qa", text: line)
            return "parsed"
        } catch {
            return "\(error)"
        }
    }

    func testValuesAreBareWordsOrOneQuotedTextWithEscapes() throws {
        XCTAssertEqual(try parse("set f label \"Given name\""), .set(id: "f", control: .label("Given name")))
        XCTAssertEqual(try parse("set f helper \"Tab\\there \\\"quoted\\\" \\u{1F389}\""),
                       .set(id: "f", control: .helper("Tab\there \"quoted\" 🎉")))
        XCTAssertEqual(try parse("set f error \"off\""), .set(id: "f", control: .error("off")), "a quoted off is a message")
        XCTAssertEqual(try parse("set f error off"), .set(id: "f", control: .error(nil)))
        XCTAssertEqual(try parse("set f placeholder \"\""), .set(id: "f", control: .placeholder("")))
        XCTAssertEqual(try parse("  set   f   density   0.5  "), .set(id: "f", control: .density(0.5)))
        XCTAssertEqual(try parse("set f counter-limit none"), .set(id: "f", control: .counterLimit(nil)))
    }

    func testAStepThePanelWritesParsesBackToItsChange() throws {
        for change in [FieldControl.label("a \"b\" \\ c\nd"), .error("é\t!"), .trailingIcon(.whileEditing), .density(0.75)] {
            XCTAssertEqual(try parse(change.stepText(id: "outlined-label")), .set(id: "outlined-label", control: change))
        }
    }

    func testBadSetStepsSayWhatIsWrongOnTheirLine() {
        XCTAssertEqual(failure("set f label \"a\" \"b\""), "t.qa:1: set label: '\"a\" \"b\"' is more than one value (a text with blanks goes in one pair of quotes)")
        XCTAssertEqual(failure("set f label \"open"), "t.qa:1: a quote is not closed")
        XCTAssertEqual(failure("set f label \"a\"b"), "t.qa:1: set label: '\"a\"b' is not one quoted text (nothing may follow its closing quote)")
        XCTAssertEqual(failure("set f secure"), "t.qa:1: set secure: no value (true or false)")
        XCTAssertTrue(failure("set f").hasPrefix("t.qa:1: usage: set ID PROPERTY VALUE"))
        XCTAssertTrue(failure("set f lable x y").hasPrefix("t.qa:1: set: no property 'lable'; did you mean 'label'?"), "the property first")
    }

    func testSettingsEncodeUnderTheStepsNamesAndDecodeToTheSameChanges() throws {
        let field = TextField(identifier: "f", style: .filled, label: "Name")
        FieldControl.counterLimit(9).apply(to: field)
        FieldControl.clearButton(.unlessEditing).apply(to: field)
        let settings = FieldSettings(FieldControl.all(of: field))
        let data = try JSONEncoder().encode(settings)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(object.keys), Set(FieldControl.Property.allCases.map(\.rawValue)))
        XCTAssertEqual(object["counter-limit"] as? Int, 9)
        XCTAssertEqual(object["clear-button"] as? String, "unless-editing")
        XCTAssertTrue(object["error"] is NSNull, "not in error: null")
        XCTAssertEqual(try JSONDecoder().decode(FieldSettings.self, from: data), settings)
    }
}
