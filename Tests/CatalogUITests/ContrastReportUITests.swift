import Foundation
import TestHarness
import XCTest

/// `textfield-catalog --contrast-report` through the real binary, with no display: the plain
/// table, the README's section being exactly what `--markdown` prints now, and bad options
/// refused with one line and status 2. No Xvfb: the report is the model's colours.
final class ContrastReportUITests: XCTestCase {
    private func report(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCommand(CatalogApp.binaryPath, arguments, environment: ["DISPLAY": ""], timeout: 120)
    }

    func testTheReportPrintsATablePerSchemeWithoutADisplay() throws {
        let result = try report(["--contrast-report", "--design", "m3", "--seed-color", "0b57d0"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let headings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("M") }.map { String($0.prefix { $0 != "(" && $0 != ":" }) }
        XCTAssertEqual(headings, ["M3 light ", "M3 dark ", "M3 light #0B57D0 ", "M3 dark #0B57D0 ", "M3 sweep"], result.stdout)
        XCTAssertTrue(result.stdout.contains("  family    state          part "), result.stdout)
        XCTAssertFalse(result.stdout.contains("M2 "), "--design m3 leaves M2 out")
    }

    /// The README's table is the command's output, so it cannot go stale: after a change of
    /// colours, Scripts/update_contrast_readme.sh rewrites it.
    func testTheReadmesContrastSectionIsWhatTheCommandPrints() throws {
        let readme = try String(contentsOf: QAScriptUITests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try XCTUnwrap(readme.range(of: "\n<!-- contrast-report begin"), "the README has the contrast report's markers")
        let start = try XCTUnwrap(readme.range(of: "-->\n", range: begin.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\n<!-- contrast-report end -->", range: start.upperBound..<readme.endIndex))
        let result = try report(["--contrast-report", "--markdown"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(String(readme[start.upperBound..<end.lowerBound]) + "\n", result.stdout,
                       "the README's contrast table is stale: run Scripts/update_contrast_readme.sh")
    }

    func testBadOptionsAreRefusedWithOneLine() throws {
        let cases: [([String], String)] = [
            (["--contrast-report", "--design", "m4"], "--contrast-report: --design is m2, m3 or both, not 'm4'"),
            (["--contrast-report", "--seed-color", "#12345"],
             "--contrast-report: --seed-color wants six hex digits, RRGGBB or #RRGGBB (e.g. 6750A4), not '#12345'"),
            (["--contrast-report", "--seed-color", "６７５０A4"],
             "--contrast-report: --seed-color wants six hex digits, RRGGBB or #RRGGBB (e.g. 6750A4), not '６７５０A4'"),
            (["--contrast-report", "--seed-color"],
             "--contrast-report: --seed-color needs a colour, RRGGBB or '#RRGGBB' (unquoted, the shell takes # and what follows for a comment)"),
            (["--contrast-report", "--design", "--markdown"], "--contrast-report: --design needs a value, not the option '--markdown'"),
            (["--contrast-report", "--design", "m9", "--help"], "--contrast-report: --design is m2, m3 or both, not 'm9'"),
            (["--contrast-report", "--design", "m2", "--seed-color", "112233"],
             "--contrast-report: --seed-color is for Material 3, not with --design m2"),
            (["--contrast-report", "--theme", "dark"],
             "--contrast-report goes alone, followed only by --design, --seed-color and --markdown, not '--theme'"),
            (["--theme", "dark", "--contrast-report"],
             "--contrast-report goes alone: give it first, followed only by its own options (--design, --seed-color, --markdown)"),
        ]
        let help = try report(["--contrast-report", "--design", "m3", "--help"])
        XCTAssertEqual(help.status, 0, "--help after it shows the usage")
        XCTAssertTrue(help.stdout.contains("  --contrast-report "), help.stdout)
        for (arguments, message) in cases {
            let result = try report(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.stdout, "", arguments.joined(separator: " "))
            XCTAssertEqual(result.stderr, "textfield-catalog: \(message)\nTry 'textfield-catalog --help' for the options.\n")
        }
    }
}
