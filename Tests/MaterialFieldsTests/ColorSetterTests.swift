import XCTest
@testable import MaterialFields

/// MDC's per-state colour setters each colour their own part, in their own state only.
final class ColorSetterTests: XCTestCase {
    func testEachSetterColoursItsRoleInItsState() {
        let field = makeField(.filled, text: "x")
        let setters: [(FieldColorRole, (Color?, ControlState) -> Void)] = [
            (.floatingLabel, field.setFloatingLabelColor), (.normalLabel, field.setNormalLabelColor),
            (.text, field.setTextColor), (.leadingAssistiveText, field.setLeadingAssistiveLabelColor),
            (.trailingAssistiveText, field.setTrailingAssistiveLabelColor), (.filledBackground, field.setFilledBackgroundColor),
            (.underline, field.setUnderlineColor), (.outline, field.setOutlineColor),
        ]
        XCTAssertEqual(Set(setters.map(\.0)), Set(FieldColorRole.allCases), "a setter for every role")
        for (index, (role, set)) in setters.enumerated() {
            let color = Color(red: Double(index) / 10, green: 0.1, blue: 0.8)
            set(color, .editing)
            XCTAssertEqual(field.color(for: role, state: .editing), color, "\(role)")
            XCTAssertNil(field.color(for: role, state: .normal), "\(role): other states keep the scheme's")
            set(nil, .editing)
            XCTAssertNil(field.color(for: role, state: .editing), "\(role): nil unsets it")
        }
    }

    func testTheSetColoursReachWhatTheFieldDraws() {
        let field = makeField(.filled, text: "x")
        field.helperText = "help"
        field.maximumLength = 10
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        let label = Color(red: 0.1, green: 0.2, blue: 0.3), helper = Color(red: 0.4, green: 0.5, blue: 0.6)
        let counter = Color(red: 0.7, green: 0.8, blue: 0.9), underline = Color(red: 0.9, green: 0.1, blue: 0.1)
        field.setNormalLabelColor(label, for: .normal)
        field.setLeadingAssistiveLabelColor(helper, for: .normal)
        field.setTrailingAssistiveLabelColor(counter, for: .normal)
        field.setUnderlineColor(underline, for: .normal)
        field.text = ""
        field.settle()
        let drawn = field.drawn(at: 1)
        XCTAssertEqual(drawn.texts.first { $0.text == "Label" }?.color, label)
        XCTAssertEqual(drawn.texts.first { $0.text == "help" }?.color, helper)
        XCTAssertEqual(drawn.texts.first { $0.text == "0 / 10" }?.color, counter)
        XCTAssertTrue(drawn.fills.contains { $0.color == underline }, "the underline")
    }
}
