import XCTest
@testable import MaterialFields

final class DecisionTests: XCTestCase {
    func testLabelPositionTruthTable() {
        // (hasLabel, hasText, canFloat, isEditing) -> position
        let table: [(Bool, Bool, Bool, Bool, LabelPosition)] = [
            (false, false, false, false, .none), (false, false, false, true, .none),
            (false, false, true, false, .none), (false, false, true, true, .none),
            (false, true, false, false, .none), (false, true, false, true, .none),
            (false, true, true, false, .none), (false, true, true, true, .none),
            (true, false, false, false, .resting), (true, false, false, true, .none),  // MDC: cannot float, editing: hidden
            (true, false, true, false, .resting), (true, false, true, true, .floating),
            (true, true, false, false, .none), (true, true, false, true, .none),
            (true, true, true, false, .floating), (true, true, true, true, .floating),
        ]
        for (hasLabel, hasText, canFloat, isEditing, expected) in table {
            XCTAssertEqual(LabelPosition.resolve(hasLabel: hasLabel, hasText: hasText, canFloat: canFloat, isEditing: isEditing),
                           expected, "label \(hasLabel) text \(hasText) float \(canFloat) editing \(isEditing)")
        }
    }

    func testPlaceholderVisibilityTruthTable() {
        // (hasPlaceholder, hasText, labelPosition) -> visible
        let table: [(Bool, Bool, LabelPosition, Bool)] = [
            (false, false, .none, false), (false, false, .resting, false), (false, false, .floating, false),
            (false, true, .none, false), (false, true, .resting, false), (false, true, .floating, false),
            (true, false, .none, true), (true, false, .resting, false), (true, false, .floating, true),
            (true, true, .none, false), (true, true, .resting, false), (true, true, .floating, false),
        ]
        for (hasPlaceholder, hasText, position, expected) in table {
            XCTAssertEqual(PlaceholderVisibility.isVisible(hasPlaceholder: hasPlaceholder, hasText: hasText, labelPosition: position),
                           expected, "placeholder \(hasPlaceholder) text \(hasText) label \(position)")
        }
    }

    func testStateTruthTable() {
        XCTAssertEqual(FieldState.resolve(isEnabled: true, isFocused: false), .normal)
        XCTAssertEqual(FieldState.resolve(isEnabled: true, isFocused: true), .editing)
        XCTAssertEqual(FieldState.resolve(isEnabled: false, isFocused: false), .disabled)
        XCTAssertEqual(FieldState.resolve(isEnabled: false, isFocused: true), .disabled)
    }
}
