@testable import QATools
import XCTest

/// WCAG 2.1's contrast arithmetic, on pairs whose ratios are published, and the audit step's syntax.
final class WCAGTests: XCTestCase {
    private func ratio(_ first: UInt32, _ second: UInt32) -> Double { WCAG.ratio(WCAG.RGB(hex: first), WCAG.RGB(hex: second)) }

    func testKnownPairsHaveTheirPublishedRatios() {
        XCTAssertEqual(ratio(0x000000, 0xFFFFFF), 21, accuracy: 0.001)
        XCTAssertEqual(ratio(0xFFFFFF, 0x000000), 21, accuracy: 0.001, "the order does not matter")
        XCTAssertEqual(ratio(0x777777, 0xFFFFFF), 4.48, accuracy: 0.005, "#777 just misses 4.5:1")
        XCTAssertEqual(ratio(0x767676, 0xFFFFFF), 4.54, accuracy: 0.005, "#767676, the lightest grey that passes AA on white")
        XCTAssertEqual(ratio(0x6200EE, 0xFFFFFF), 7.62, accuracy: 0.01, "Material's primary on white")
        XCTAssertEqual(ratio(0x9E9E9E, 0xFFFFFF), 2.68, accuracy: 0.01, "Material's 38 % outline, blended on white")
        XCTAssertEqual(ratio(0x123456, 0x123456), 1, "a colour against itself")
    }

    func testLuminanceFollowsTheSRGBCurve() {
        XCTAssertEqual(WCAG.luminance(WCAG.RGB(hex: 0x000000)), 0)
        XCTAssertEqual(WCAG.luminance(WCAG.RGB(hex: 0xFFFFFF)), 1, accuracy: 1e-12)
        // Below the knee the curve is linear: 10/255 / 12.92.
        XCTAssertEqual(WCAG.luminance(WCAG.RGB(hex: 0x0A0A0A)), 10.0 / 255 / 12.92, accuracy: 1e-9)
        // Green weighs most, blue least.
        XCTAssertEqual(WCAG.luminance(WCAG.RGB(hex: 0x00FF00)), 0.7152, accuracy: 1e-9)
        XCTAssertEqual(WCAG.luminance(WCAG.RGB(hex: 0x0000FF)), 0.0722, accuracy: 1e-9)
    }

    func testRatiosAreCutToTwoDecimalsSoAFailNeverReadsAsAPass() {
        XCTAssertEqual(WCAG.formatted(2.999), "2.99")
        XCTAssertEqual(WCAG.formatted(4.5), "4.50")
        XCTAssertEqual(WCAG.formatted(21), "21.00")
        XCTAssertEqual(WCAG.formatted(2.6791), "2.67")
    }

    func testThresholdsFollowTheLevelAndTheTextSize() {
        XCTAssertEqual(WCAG.requirement(for: .text(large: false), at: .aa)?.minimum, 4.5)
        XCTAssertEqual(WCAG.requirement(for: .text(large: true), at: .aa)?.minimum, 3)
        XCTAssertEqual(WCAG.requirement(for: .text(large: false), at: .aaa)?.minimum, 7)
        XCTAssertEqual(WCAG.requirement(for: .text(large: true), at: .aaa)?.minimum, 4.5)
        XCTAssertEqual(WCAG.requirement(for: .nonText, at: .aa)?.minimum, 3)
        XCTAssertEqual(WCAG.requirement(for: .nonText, at: .aa)?.criterion, "1.4.11")
        XCTAssertNil(WCAG.requirement(for: .focusChange, at: .aa), "focus appearance is AAA (2.4.13)")
        XCTAssertEqual(WCAG.requirement(for: .focusChange, at: .aaa)?.criterion, "2.4.13")
    }

    func testLargeTextIsEighteenPointsOrFourteenBoldInTheFieldsOwnPixels() {
        XCTAssertTrue(WCAG.isLargeText(pixelSize: 24, isBold: false, scale: 1), "18 pt is 24 px")
        XCTAssertFalse(WCAG.isLargeText(pixelSize: 23.9, isBold: false, scale: 1))
        XCTAssertTrue(WCAG.isLargeText(pixelSize: 18.7, isBold: true, scale: 1), "14 pt bold is 18.67 px")
        XCTAssertFalse(WCAG.isLargeText(pixelSize: 18.7, isBold: false, scale: 1))
        XCTAssertFalse(WCAG.isLargeText(pixelSize: 32, isBold: false, scale: 2), "a 16 px text drawn at scale 2 is still 16 px")
        XCTAssertTrue(WCAG.isLargeText(pixelSize: 48, isBold: false, scale: 2))
    }

    func testTheAuditStepParsesItsTargetAndLevel() throws {
        let script = try QAScript(file: "a.qa", text: "audit outlined-label\naudit all --require AA\naudit filled-error --require aaa\n")
        XCTAssertEqual(script.lines.map(\.step), [.audit(id: "outlined-label", require: nil), .audit(id: "all", require: .aa),
                                                  .audit(id: "filled-error", require: .aaa)])
    }

    func testABadAuditStepIsRefusedWithItsUsage() {
        for (line, message) in [("audit", "usage: audit ID|all [--require AA|AAA]"),
                                ("audit outlined-label --require", "usage: audit ID|all"),
                                ("audit outlined-label --require A", "audit: --require takes AA or AAA, not 'A'"),
                                ("audit outlined-label --level AA", "audit: '--level' is not --require"),
                                ("audit --require AA", "usage: audit ID|all")] {
            XCTAssertThrowsError(try QAScript(file: "a.qa", text: line + "\n"), line) { error in
                let failure = error as? QAScript.Failure
                XCTAssertEqual(failure?.line, 1)
                XCTAssertTrue(failure?.message.contains(message) ?? false, "\(line): \(failure?.message ?? "\(error)")")
            }
        }
    }

    /// What `--require` holds a field to: every figure of an enabled state under the level, and
    /// a name; never a disabled state's figure, an informative one, or a focus change at AA.
    func testARequiredLevelNamesEachShortfallAndANamelessField() {
        func figure(_ state: FieldVisualState, _ part: String, _ subject: WCAG.Subject, _ ratio: Double, informative: Bool = false) -> AuditFigure {
            AuditFigure(state: state, part: part, subject: subject, foreground: WCAG.RGB(hex: 0x9E9E9E), background: WCAG.RGB(hex: 0xFFFFFF),
                        ratio: ratio, isInformative: informative, against: "surface")
        }
        var audit = FieldAudit(id: "x", style: "outlined", container: "outlined", family: "material", kind: "text field",
                               accessibleName: "Name", role: "entry", theme: "light", scale: 1, states: ContrastAudit.states,
                               figures: [figure(.resting, "outline", .nonText, 2.679), figure(.resting, "label (resting)", .text(large: false), 5.74),
                                         figure(.focusedEmpty, "focus change", .focusChange, 2.84),
                                         figure(.resting, "container", .nonText, 1.3, informative: true),
                                         figure(.disabled, "input text", .text(large: false), 2.67)])
        XCTAssertEqual(audit.failures(at: .aa), ["resting outline 2.67:1 < 3:1 (WCAG 1.4.11)"])
        XCTAssertEqual(audit.failures(at: .aaa), ["resting outline 2.67:1 < 3:1 (WCAG 1.4.11)",
                                                  "resting label (resting) 5.74:1 < 7:1 (WCAG 1.4.6)",
                                                  "focused-empty focus change 2.84:1 < 3:1 (WCAG 2.4.13)"])
        audit.accessibleName = ""
        XCTAssertEqual(audit.failures(at: .aa).first, "no accessible name (WCAG 4.1.2)")
        XCTAssertTrue(audit.table.contains("NO ACCESSIBLE NAME"), audit.table)
        XCTAssertEqual(ContrastAudit.roleName(.passwordText), "password text")
    }
}
