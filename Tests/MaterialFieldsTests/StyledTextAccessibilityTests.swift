import XCTest
@testable import MaterialFields

/// Styled text as AT-SPI reads it: ATK's run attributes (in code points) and the defaults.
final class StyledTextAccessibilityTests: XCTestCase {
    func testARunReadsAsATKAttributesInCodePoints() {
        let field = filledField("styled")
        // "é" is two code points: the runs after it start one later in AT-SPI's units.
        field.attributedText = AttributedText("e\u{301}a")
            + AttributedText("BIG", attributes: TextAttributes(fontFamily: "DejaVu Serif", fontSize: 20, fontWeight: .bold, isItalic: true,
                                                               foregroundColor: Color(hex: 0xFF0000), backgroundColor: Color(red: 0, green: 0, blue: 1),
                                                               underlineStyle: .double, strikethroughStyle: .single, kern: 2))
            + AttributedText("z")
        let harness = AccessibilityHarness([field])
        let accessible = harness.accessible(field)
        let plain = accessible.attributeRun(at: 1)
        XCTAssertEqual(plain.start, 0)
        XCTAssertEqual(plain.end, 3)
        XCTAssertEqual(plain.attributes, [])
        let styled = accessible.attributeRun(at: 4)
        XCTAssertEqual(styled.start, 3)
        XCTAssertEqual(styled.end, 6)
        XCTAssertEqual(styled.attributes, [
            .init("family-name", "DejaVu Serif"), .init("size", "15"), .init("weight", "700"), .init("style", "italic"),
            .init("underline", "double"), .init("strikethrough", "true"), .init("fg-color", "65535,0,0"), .init("bg-color", "0,0,65535"),
        ])
        XCTAssertEqual(accessible.attributeRun(at: 99).start, 6, "past the end: the last run")
        XCTAssertEqual(accessible.attributeRun(at: 99).end, 7)
    }

    func testTheDefaultsAreTheFieldsFontAndWhatTheAppSet() {
        let field = filledField("f")
        let harness = AccessibilityHarness([field])
        XCTAssertEqual(harness.accessible(field).defaultAttributes, [
            .init("family-name", "Roboto"), .init("size", "12"), .init("weight", "400"), .init("style", "normal"),
            .init("underline", "none"), .init("strikethrough", "false"),
        ])
        field.font = FontSpec(pixelSize: 18, weight: .medium)
        field.textColor = Color(hex: 0x00FF00)
        let attributes = harness.accessible(field).defaultAttributes
        XCTAssertTrue(attributes.contains(.init("size", "13.5")), "\(attributes)")
        XCTAssertTrue(attributes.contains(.init("weight", "500")))
        XCTAssertTrue(attributes.contains(.init("fg-color", "0,65535,0")))
    }

    func testASecureFieldReadsAsOnePlainRun() {
        let field = filledField("pw")
        field.attributedText = AttributedText("ab", attributes: TextAttributes(fontWeight: .bold))
        field.isSecureTextEntry = true
        let harness = AccessibilityHarness([field])
        let run = harness.accessible(field).attributeRun(at: 0)
        XCTAssertEqual(run.start, 0)
        XCTAssertEqual(run.end, 2)
        XCTAssertEqual(run.attributes, [])
    }

    func testCtrlBOnASelectionIsToldAsAttributesChangedNotAsTextReplaced() {
        let field = filledField("styled", text: "e\u{301}bc")
        field.allowsEditingTextAttributes = true
        let harness = AccessibilityHarness([field])
        harness.key(.tab)
        _ = harness.take()
        harness.key(.shortcut("b"), .control)
        XCTAssertEqual(harness.take(field), [.textAttributesChanged])
        XCTAssertEqual(harness.accessible(field).attributeRun(at: 0).attributes, [.init("weight", "700")])
        XCTAssertEqual(harness.accessible(field).attributeRun(at: 0).end, 4, "four code points")
        harness.key(.shortcut("z"), .control)
        XCTAssertEqual(harness.take(field), [.textAttributesChanged], "its undo too")
        harness.type("x")
        XCTAssertEqual(harness.take(field).first, .textDeleted(offset: 0, length: 4, text: "e\u{301}bc"), "the index still counts right")
    }
}
