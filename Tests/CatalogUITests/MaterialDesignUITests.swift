import Foundation
import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// Material 3 in the catalog: `--design` and `--seed-color`, Ctrl+M and Ctrl+Shift+M, the
/// `design` and `seed` steps, and what the QA state, the matrix and the audit say of them.
final class MaterialDesignUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "material-design" }

    private static let helpHint = "Try 'textfield-catalog --help' for the options."

    func testTheDesignAndSeedOptionsRefuseBadValuesInOneLineAndListingTheFieldsTakesThem() throws {
        let shell = " (RRGGBB or '#RRGGBB': unquoted, the shell takes # and what follows for a comment)"
        for (arguments, reason) in [(["--design", "m4"], "--design is m2 or m3, not 'm4'"),
                                    (["--design"], "--design needs a value"),
                                    (["--seed-color", "#FFF"], "--seed-color wants six hex digits, RRGGBB or #RRGGBB (e.g. 6750A4), not '#FFF'"),
                                    (["--seed-color", "purple"], "--seed-color wants six hex digits, RRGGBB or #RRGGBB (e.g. 6750A4), not 'purple'"),
                                    // What the shell leaves of `--seed-color #6750A4 --design m3`.
                                    (["--seed-color", "--design", "m3"], "--seed-color needs a colour, not the option '--design'" + shell),
                                    (["--seed-color"], "--seed-color needs a colour" + shell)] {
            let result = try runCommand(CatalogApp.binaryPath, arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr, "textfield-catalog: \(reason)\n\(Self.helpHint)\n", "\(arguments)")
        }
        let plain = try runCommand(CatalogApp.binaryPath, ["--list-fields"])
        let m3 = try runCommand(CatalogApp.binaryPath, ["--list-fields", "--design", "m3", "--seed-color", "#0061A4"])
        XCTAssertEqual(m3.status, 0, m3.stderr)
        XCTAssertEqual(m3.stdout, plain.stdout, "the same fields in either design")
        let help = try runCommand(CatalogApp.binaryPath, ["--help"]).stdout
        XCTAssertTrue(help.contains("--design m2|m3") && help.contains("--seed-color RRGGBB"), help)
    }

    private struct State: Decodable {
        struct Window: Decodable { var theme: String; var design: String; var seed: String }
        struct Field: Decodable { var id: String; var colors: [String: String?] }
        var theme: String
        var design: String
        var seed: String?
        var window: Window
        var fields: [Field]
        func colors(_ id: String) -> [String: String?] { fields.first { $0.id == id }?.colors ?? [:] }
    }

    /// `#RRGGBBAA`, as the QA state writes a colour.
    private static func hex(_ color: Color) -> String {
        "#" + [color.red, color.green, color.blue, color.alpha]
            .map { String(format: "%02X", Int((min(max($0, 0), 1) * 255).rounded())) }.joined()
    }

    /// Every member of `colors` by name, as the QA state should list it.
    private static func expected(_ colors: FieldColors) -> [String: String?] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: colors).children.map { child in
            (child.label ?? "?", (child.value as? Color).map(hex))
        })
    }

    func testCtrlMSwitchesTheDesignCtrlShiftMStepsTheSeedAndTheQAStateFollowsWithEachFieldsColours() throws {
        // Through the scene's keys, on the virtual clock: as the live window's keys arrive.
        let path = try script("keys.qa", """
            expect window design "m2"
            expect window seed "#6750A4"
            expect filled-label colors.activeIndicator "#6200EEFF"
            key ctrl+m
            expect window design "m3"
            key ctrl+shift+m
            expect window seed "#0061A4"
            key ctrl+shift+m ctrl+shift+m ctrl+shift+m ctrl+shift+m
            expect window seed "#6750A4"
            # High contrast keeps Material 2's forced colours; the design comes back with light and dark.
            theme high-contrast
            expect window design "m3"
            expect filled-label colors.activeIndicator "#3700B3FF"
            key ctrl+t
            expect window theme "high-contrast-dark"
            theme light
            # A fresh catalog keeps the design and seed.
            scale 1
            expect window design "m3"
            expect window seed "#6750A4"
            key ctrl+m
            expect window design "m2"
            expect filled-label colors.activeIndicator "#6200EEFF"
            key ctrl+t
            expect window theme "dark"
            # Last, so what they draw is what the state ends with.
            key ctrl+m ctrl+shift+m
            """)
        let statePath = directory.appendingPathComponent("state.json").path
        let result = try catalog(["--script", path, "--qa-state", statePath])
        XCTAssertEqual(result.status, 0, result.stderr)
        let state = try JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
        XCTAssertEqual([state.design, state.seed, state.theme], ["m3", "#0061A4", "dark"])
        XCTAssertEqual([state.window.design, state.window.seed], ["m3", "#0061A4"])
        // The colours of the seed's dark scheme, resting and in error, member by member.
        let scheme = ColorScheme.material3(seed: Color(hex: 0x0061A4), isDark: true)
        XCTAssertEqual(state.colors("filled-label"), Self.expected(FieldColors.resolve(scheme: scheme, state: .normal)))
        XCTAssertEqual(state.colors("outlined-error"), Self.expected(FieldColors.resolve(scheme: scheme, state: .normal, isInError: true, container: .outlined)))
        XCTAssertEqual(state.colors("filled-disabled"), Self.expected(FieldColors.resolve(scheme: scheme, state: .disabled)))

        // Material 2 under high contrast: the top-level keys say what draws, `window` what was chosen.
        let highContrast = try script("high-contrast.qa", "design m3\nseed #984061\ntheme high-contrast\n")
        XCTAssertEqual(try catalog(["--script", highContrast, "--qa-state", statePath]).status, 0)
        let forced = try JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
        XCTAssertEqual([forced.design, forced.seed, forced.window.design, forced.window.seed], ["m2", nil, "m3", "#984061"])
    }

    func testAScreenshotTheMatrixAndTheAuditDrawInTheDesignAndSeedGiven() throws {
        // The page in Material 3's surface (#FEF7FF, Material's own seed in light), not Material 2's white.
        let shot = directory.appendingPathComponent("shot.png").path, statePath = directory.appendingPathComponent("shot.json").path
        let screenshot = try catalog(["--screenshot", shot, "--field", "filled-label", "--margin", "8", "--design", "m3",
                                      "--qa-state", statePath])
        XCTAssertEqual(screenshot.status, 0, screenshot.stderr)
        let page = try RGBAImage.readPNG(from: shot).pixel(x: 1, y: 1)
        for (channel, expected) in [(page.red, 0xFE), (page.green, 0xF7), (page.blue, 0xFF)] {
            XCTAssertLessThanOrEqual(abs(Int(channel) - expected), 1, "the page is \(page), not Material 3's surface")
        }
        let state = try JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
        XCTAssertEqual([state.design, state.seed], ["m3", "#6750A4"])

        let matrix = directory.appendingPathComponent("matrix")
        let result = try catalog(["--matrix", matrix.path, "--field", "filled-label", "--design", "m3", "--seed-color", "0061A4",
                                  "--theme", "dark", "--scale", "1"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("matrix: 16 images of 1 field"), result.stdout)
        for state in ["resting", "error-focused"] {
            let image = matrix.appendingPathComponent("filled-label/m3-dark-1x-ltr-\(state).png").path
            XCTAssertTrue(FileManager.default.fileExists(atPath: image), image)
        }
        let audit = try catalog(["--audit", "filled-label", "--design", "m3", "--seed-color", "#0061A4"])
        XCTAssertEqual(audit.status, 0, audit.stderr)
        XCTAssertTrue(audit.stdout.contains("filled-label: filled text field, material family; entry \"Name\"; theme m3-light, scale 1"),
                      audit.stdout)
        XCTAssertTrue(audit.stdout.contains("theme m3-light, seed #0061A4; fields under"), audit.stdout)
    }
}
