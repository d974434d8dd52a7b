import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// `textfield-catalog --matrix DIR`: every field in every state it can take, one PNG each, a
/// contact sheet per field and an index page, through the real binary. One run of four fields
/// (an enabled one, one built disabled, one built right to left, one plain field whose layout
/// does not mirror) serves every check of output.
final class StateMatrixUITests: XCTestCase {
    private static var directory: URL!
    private static var run: (status: Int32, stdout: String, stderr: String)!
    private static let fields = ["outlined-label", "filled-disabled", "intl-hebrew", "plain-none"]
    private static let states = ["resting", "hovered", "focused-empty", "focused-text", "filled", "error", "error-focused", "disabled"]

    private var directory: URL { Self.directory }

    override class func setUp() {
        super.setUp()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-matrix-\(UUID().uuidString)")
        // No DISPLAY: the catalog starts a private server, as for scripts.
        run = try? runCommand(CatalogApp.binaryPath, ["--matrix", directory.path] + fields.flatMap { ["--field", $0] },
                              environment: ["DISPLAY": ""], timeout: 300)
    }

    override class func tearDown() {
        try? FileManager.default.removeItem(at: directory)
        super.tearDown()
    }

    private func image(_ id: String, _ name: String) throws -> RGBAImage {
        let path = directory.appendingPathComponent(id).appendingPathComponent(name + ".png").path
        XCTAssertTrue(FileManager.default.fileExists(atPath: path), "\(path) was written")
        return try RGBAImage.readPNG(from: path)
    }

    private func pngFiles() throws -> Set<String> {
        var files = Set<String>()
        for id in try FileManager.default.contentsOfDirectory(atPath: directory.path) where !id.hasSuffix(".html") {
            for file in try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent(id).path) {
                files.insert("\(id)/\(file)")
            }
        }
        return files
    }

    private static func luminance(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Double {
        (0.2126 * Double(pixel.red) + 0.7152 * Double(pixel.green) + 0.0722 * Double(pixel.blue)) / 255
    }

    func testEveryStateAFieldCanTakeIsOnePNGNamedByIdThemeScaleDirectionAndState() throws {
        let run = try XCTUnwrap(Self.run)
        XCTAssertEqual(run.status, 0, run.stderr)
        var expected = Set<String>()
        for theme in ["light", "dark"] {
            for scale in ["1x", "2x"] {
                for direction in ["ltr", "rtl"] {
                    for state in Self.states { expected.insert("outlined-label/\(theme)-\(scale)-\(direction)-\(state).png") }
                    // Built disabled: only empty and with its text, both disabled.
                    for state in ["resting", "disabled"] { expected.insert("filled-disabled/\(theme)-\(scale)-\(direction)-\(state).png") }
                }
                // Built right to left: no left-to-right form.
                for state in Self.states { expected.insert("intl-hebrew/\(theme)-\(scale)-rtl-\(state).png") }
                // A plain field does not mirror: left to right only, not an rtl image identical to its ltr one.
                for state in Self.states { expected.insert("plain-none/\(theme)-\(scale)-ltr-\(state).png") }
            }
        }
        let sheets = Set(Self.fields.map { "\($0)/contact-sheet.png" })
        XCTAssertEqual(try pngFiles(), expected.union(sheets))
        XCTAssertTrue(run.stdout.contains("matrix: \(expected.count) images of 4 fields"), run.stdout)
    }

    func testStatesThemesScalesAndDirectionsDrawWhatTheyAre() throws {
        let resting = try image("outlined-label", "light-1x-ltr-resting")
        let focused = try image("outlined-label", "light-1x-ltr-focused-empty")
        let hovered = try image("outlined-label", "light-1x-ltr-hovered")
        XCTAssertNotEqual(resting.pixels, focused.pixels, "focus draws the outline and label in the primary colour")
        XCTAssertNotEqual(resting.pixels, hovered.pixels, "hover darkens the outline")
        XCTAssertNotEqual(try image("outlined-label", "light-1x-ltr-filled").pixels,
                          try image("outlined-label", "light-1x-ltr-error").pixels, "the error state shows its colour and message")

        // Dark is dark: the mean luminance of the whole image.
        func mean(_ image: RGBAImage) -> Double {
            var sum = 0.0
            for y in 0..<image.height { for x in 0..<image.width { sum += Self.luminance(image.pixel(x: x, y: y)) } }
            return sum / Double(image.width * image.height)
        }
        let dark = try image("outlined-label", "dark-1x-ltr-resting")
        XCTAssertGreaterThan(mean(resting), 0.8)
        XCTAssertLessThan(mean(dark), 0.3)

        // 2x is twice the size, for every state.
        for state in Self.states {
            let one = try image("outlined-label", "light-1x-ltr-\(state)"), two = try image("outlined-label", "light-2x-ltr-\(state)")
            XCTAssertEqual(two.width, 2 * one.width, state)
            XCTAssertEqual(two.height, 2 * one.height, state)
        }

        // Right to left mirrors the resting label: its ink sits left of the middle in ltr, right of it in rtl
        // (the outline is symmetric, so only the label moves the centroid).
        func inkCentroid(_ image: RGBAImage) -> Double {
            var sum = 0.0, count = 0.0
            for y in 0..<image.height {
                for x in 0..<image.width where Self.luminance(image.pixel(x: x, y: y)) < 0.6 { sum += Double(x); count += 1 }
            }
            return sum / max(count, 1) / Double(image.width)
        }
        let rtl = try image("outlined-label", "light-1x-rtl-resting")
        XCTAssertLessThan(inkCentroid(resting), 0.49)
        XCTAssertGreaterThan(inkCentroid(rtl), 0.51)
    }

    func testADisabledFieldsTextIsDimmerThanAFilledOnes() throws {
        func darkest(_ image: RGBAImage) -> Double {
            var lowest = 1.0
            for y in 0..<image.height { for x in 0..<image.width { lowest = min(lowest, Self.luminance(image.pixel(x: x, y: y))) } }
            return lowest
        }
        let filled = try image("outlined-label", "light-1x-ltr-filled"), disabled = try image("outlined-label", "light-1x-ltr-disabled")
        XCTAssertLessThan(darkest(filled), 0.25, "high-emphasis text")
        XCTAssertGreaterThan(darkest(disabled), darkest(filled) + 0.25, "disabled text is faded")
        // The field built disabled draws its text as faded as a field disabled by the matrix.
        XCTAssertGreaterThan(darkest(try image("filled-disabled", "light-1x-ltr-disabled")), darkest(filled) + 0.25)
    }

    func testTheIndexReferencesEveryPNGAndOnlyExistingOnes() throws {
        let html = try String(contentsOf: directory.appendingPathComponent("index.html"), encoding: .utf8)
        var referenced = Set<String>()
        for attribute in ["src=\"", "href=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                let tail = rest[start.upperBound...]
                guard let end = tail.firstIndex(of: "\"") else { break }
                referenced.insert(String(tail[..<end]))
                rest = tail[end...]
            }
        }
        XCTAssertFalse(referenced.contains { $0.hasPrefix("/") || $0.contains("://") }, "relative paths only: it opens from disk")
        XCTAssertEqual(referenced.filter { $0.hasSuffix(".png") }, try pngFiles())
        XCTAssertTrue(html.contains("skipped: built disabled") && html.contains("skipped: built right to left")
                      && html.contains("skipped: left to right only: its family does not mirror"), "a state a field cannot take is said to be skipped")
        // Every table (eight state columns are wider than a 1280-pixel window) scrolls in a box
        // of its own, so the page itself stays as wide as the window.
        XCTAssertEqual(html.components(separatedBy: "<table>").count, html.components(separatedBy: "<div class=\"table-box\"><table>").count)
        XCTAssertTrue(html.contains(".table-box { max-width: 100%; overflow-x: auto;"), "the box scrolls")
    }

    func testBadFoldersAndIdsAreClearOneLineErrors() throws {
        let file = directory.deletingLastPathComponent().appendingPathComponent("matrix-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let catalog = CatalogApp.binaryPath
        let onFile = try runCommand(catalog, ["--matrix", file.path], environment: ["DISPLAY": ""], timeout: 60)
        XCTAssertEqual(onFile.status, 2)
        XCTAssertTrue(onFile.stderr.hasPrefix("textfield-catalog: --matrix: '\(file.path)' is a file, not a folder\n"), onFile.stderr)

        let under = try runCommand(catalog, ["--matrix", file.path + "/sub", "--field", "filled-label", "--scale", "1", "--theme", "light"],
                                   environment: ["DISPLAY": ""], timeout: 60)
        XCTAssertEqual(under.status, 1)
        XCTAssertEqual(under.stderr, "textfield-catalog: --matrix: cannot create the directory \(file.path): Not a directory\n")

        let typo = try runCommand(catalog, ["--matrix", directory.path + "-typo", "--field", "outlined-lable"],
                                  environment: ["DISPLAY": ""], timeout: 60)
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.hasPrefix("textfield-catalog: --field: no field 'outlined-lable'; did you mean 'outlined-label'?"),
                      typo.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "-typo"), "nothing is written for a bad command line")
    }
}
