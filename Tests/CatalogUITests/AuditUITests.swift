import Foundation
import MaterialFields
import TestHarness
import XCTest

/// `textfield-catalog --audit` and the `audit` step, through the real binary: the contrast it
/// measures from the rendered pixels agrees with the ratio the theme's colours give (WCAG's
/// formula on the colours blended as drawn), per state, in light and dark; `--require AA` fails
/// a script on Material's resting outline (2.67:1) with the figure and passes in high contrast.
final class AuditUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "audit" }

    /// A figure of the JSON: its ratio, whether it is exempt, its AA verdict if AA asks one.
    private struct Figure { var ratio: Double; var exempt: Bool; var aa: [String: Any]? }

    /// `--audit` of `ids` in `theme`, read back from `--audit-json`: figures by field, "state part".
    private func audit(_ ids: [String], theme: String) throws -> (fields: [String: [String: Figure]], raw: [[String: Any]], stdout: String) {
        let path = directory.appendingPathComponent("\(theme).json").path
        let result = try catalog(["--audit", ids.joined(separator: ","), "--theme", theme, "--audit-json", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let fields = try XCTUnwrap(document["fields"] as? [[String: Any]])
        var figures: [String: [String: Figure]] = [:]
        for field in fields {
            let id = try XCTUnwrap(field["id"] as? String)
            for figure in try XCTUnwrap(field["figures"] as? [[String: Any]]) {
                let key = "\(figure["state"] as? String ?? "?") \(figure["part"] as? String ?? "?")"
                figures[id, default: [:]][key] = Figure(ratio: figure["ratio"] as? Double ?? .nan, exempt: figure["exempt"] as? Bool ?? false,
                                                        aa: figure["AA"] as? [String: Any])
            }
        }
        return (figures, fields, result.stdout)
    }

    /// `color` drawn over `background` as the X server composites it: the host hands RENDER the
    /// colour premultiplied in 16 bits a channel (`XftCanvas.renderColor`, rounded), pixman keeps
    /// the top 8 bits, and OVER is src + dst x (255 - alpha) / 255, rounded.
    private func over(_ color: Color, _ background: Color) -> Color {
        func eight(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 65535).rounded()) >> 8 }
        let alpha = eight(color.alpha)
        func channel(_ top: Double, _ bottom: Double) -> Double {
            let destination = Int((bottom * 255).rounded())
            return Double(eight(top * color.alpha) + Int((Double(destination * (255 - alpha)) / 255).rounded())) / 255
        }
        return Color(red: channel(color.red, background.red), green: channel(color.green, background.green),
                     blue: channel(color.blue, background.blue))
    }

    private func ratio(_ a: Color, _ b: Color) -> Double {
        func luminance(_ c: Color) -> Double {
            func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(c.red) + 0.7152 * linear(c.green) + 0.0722 * linear(c.blue)
        }
        let x = luminance(a), y = luminance(b)
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func testMeasuredContrastAgreesWithTheThemesColoursInLightAndDark() throws {
        let ids = ["outlined-label", "filled-label", "filled-error", "filled-disabled", "intl-emoji", "rag-simple"]
        for (theme, scheme) in [("light", ColorScheme.light), ("dark", ColorScheme.dark)] {
            // Given the audit of a filled, an outlined, an error and a disabled field, and one with emoji
            let (measured, raw, stdout) = try audit(ids, theme: theme)
            // Then each figure is within 0.05 of what the theme's colours, blended as drawn, give
            // (a 12 px label with no fully covered pixel, "Card number", included)
            let surface = scheme.surface
            let normal = FieldColors.resolve(scheme: scheme, state: .normal)
            let hovered = FieldColors.resolve(scheme: scheme, state: .normal, isHovered: true)
            let editing = FieldColors.resolve(scheme: scheme, state: .editing)
            let error = FieldColors.resolve(scheme: scheme, state: .normal, isInError: true)
            let disabled = FieldColors.resolve(scheme: scheme, state: .disabled)
            let fill = over(normal.container, surface), disabledFill = over(disabled.container, surface)
            func on(_ color: Color, _ background: Color) -> Double { ratio(over(color, background), background) }
            let expected: [(String, String, Double)] = [
                ("outlined-label", "resting label (resting)", on(normal.restingLabel, surface)),
                ("outlined-label", "resting outline", on(normal.outline, surface)),
                ("outlined-label", "hovered outline", on(hovered.outline, surface)),
                ("outlined-label", "filled input text", on(normal.inputText, surface)),
                ("outlined-label", "filled label (floating)", on(normal.floatingLabel, surface)),
                ("outlined-label", "focused-empty label (floating)", on(editing.floatingLabel, surface)),
                ("outlined-label", "focused-empty focus indicator", on(editing.activeOutline, surface)),
                ("filled-label", "resting label (resting)", on(normal.restingLabel, fill)),
                ("filled-label", "resting indicator", on(normal.underline, fill)),
                ("filled-label", "resting container", ratio(fill, surface)),
                ("filled-label", "filled input text", on(normal.inputText, fill)),
                ("filled-label", "focused-empty focus indicator", on(editing.activeIndicator, fill)),
                ("filled-error", "error error text", on(error.leadingAssistiveText, surface)),
                ("filled-label", "error label (floating)", on(error.floatingLabel, fill)),
                ("filled-error", "error label (floating)", on(error.floatingLabel, fill)),
                ("filled-error", "focused-empty label (floating)", on(editing.floatingLabel, fill)),
                ("filled-error", "error indicator", on(error.underline, fill)),
                ("filled-error", "filled helper text", on(normal.leadingAssistiveText, surface)),
                ("filled-disabled", "disabled input text", on(disabled.inputText, disabledFill)),
                // (text with colour emoji in it: the emoji's own pixels are not the text's colour)
                ("intl-emoji", "filled input text", on(normal.inputText, surface)),
                ("filled-disabled", "disabled label (floating)", on(disabled.floatingLabel, disabledFill)),
                // (a RAG field with no side edge has its text where a side edge would be: its
                // boundary is its underline, the glyphs beside it are not read as an edge)
                ("rag-simple", "error boundary", on(error.underline, surface)),
            ]
            for (id, key, computed) in expected {
                guard let figure = measured[id]?[key] else {
                    XCTFail("\(theme) \(id): no figure '\(key)' (has: \(measured[id]?.keys.sorted() ?? []))")
                    continue
                }
                XCTAssertEqual(figure.ratio, computed, accuracy: 0.05, "\(theme) \(id) \(key)")
            }
            // Material's resting outline is under 3:1 in light, and said so
            if theme == "light" {
                let outline = try XCTUnwrap(measured["outlined-label"]?["resting outline"])
                XCTAssertEqual(outline.ratio, 2.67, accuracy: 0.05)
                XCTAssertEqual(outline.aa?["passes"] as? Bool, false)
                XCTAssertEqual(outline.aa?["criterion"] as? String, "1.4.11")
                XCTAssertTrue(stdout.contains("resting        outline"), stdout)
            }
            // An enabled field is audited in the state matrix's states, by the matrix's names
            XCTAssertEqual(raw.first { $0["id"] as? String == "outlined-label" }?["states"] as? [String],
                           ["resting", "hovered", "focused-empty", "filled", "error", "disabled"])
            // A disabled field is audited disabled only, its figures exempt; every field has its name
            let disabledField = try XCTUnwrap(raw.first { $0["id"] as? String == "filled-disabled" })
            XCTAssertEqual(disabledField["states"] as? [String], ["disabled"])
            XCTAssertTrue(measured["filled-disabled"]?.values.allSatisfy { $0.exempt && $0.aa == nil } ?? false)
            XCTAssertEqual(raw.first { $0["id"] as? String == "outlined-label" }?["accessibleName"] as? String, "Name")
            XCTAssertEqual(raw.first { $0["id"] as? String == "outlined-label" }?["role"] as? String, "entry")
        }
    }

    func testRequireAAFailsAStepWithEachFigureUnderItAndPassesWhereTheThemeMeetsIt() throws {
        // Given a script requiring AA of Material's outlined field, one in high contrast, and one
        // auditing without a requirement
        func write(_ name: String, _ text: String) throws -> String {
            let url = directory.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
        let material = try write("material.qa", "audit outlined-label --require AA\n")
        // (the README promises high contrast's text 7:1 and its boundaries 3:1: AAA)
        let high = try write("high.qa", """
            theme high-contrast
            audit outlined-label --require AA
            audit filled-label --require AA
            audit filled-error --require AAA
            audit outlined-prefix-suffix --require AAA
            theme high-contrast-dark
            audit filled-search --require AAA
            audit outlined-counter --require AAA

            """)
        let report = try write("report.qa", "audit outlined-label\n")
        let result = try catalog(["--script", material, "--script", high, "--script", report])
        // Then the first fails at its line naming the outline's figure, threshold and criterion
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(material):1: audit outlined-label: resting outline 2.67:1 < 3:1 (WCAG 1.4.11)"),
                      result.stderr)
        // and the others pass, the figures printed
        XCTAssertTrue(result.stdout.contains("\(high): ok"), result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("\(report): ok"), result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("2.67:1"), result.stdout)
        XCTAssertFalse(result.stderr.contains(high), result.stderr)
    }

    func testAnUnknownFieldIsABadCommandLineWithTheNearestId() throws {
        let result = try catalog(["--audit", "outlined-lable"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--audit: no field 'outlined-lable'; did you mean 'outlined-label'?"), result.stderr)
        for (arguments, message) in [(["--audit", "--require", "A"], "--require is AA or AAA, not 'A'"),
                                     (["--require", "AA"], "--require and --audit-json go with --audit"),
                                     (["--audit", "filled-label,"], "--audit takes field ids separated by commas, not 'filled-label,'"),
                                     (["--audit", "--script", "x.qa"], "--audit goes alone")] {
            let refused = try catalog(arguments)
            XCTAssertEqual(refused.status, 2, "\(arguments)")
            XCTAssertTrue(refused.stderr.hasPrefix("textfield-catalog: \(message)"), "\(arguments): \(refused.stderr)")
        }
    }
}
