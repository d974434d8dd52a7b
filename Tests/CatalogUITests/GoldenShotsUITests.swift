import Foundation
import TestHarness
import XCTest
@testable import XftHost

/// The golden screenshots (`./run.sh shots`) inside `./run.sh test`: every shot matches its
/// golden, and a golden with one colour changed fails with a diff image that marks exactly the
/// pixels of that colour.
final class GoldenShotsUITests: XCTestCase {
    private static let repository = QAScriptUITests.repository
    private static let goldens = repository.appendingPathComponent("Tests/Goldens")
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-shots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private var shotScripts: [String] {
        get throws {
            let folder = Self.repository.appendingPathComponent("Tests/Shots")
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".qa") }.sorted()
                .map { folder.appendingPathComponent($0).path }
        }
    }

    /// As `./run.sh shots` runs them: on the catalog's own Xvfb (DISPLAY unset).
    private func shots(goldens: URL, failures: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let arguments = ["--goldens", goldens.path, "--failures", failures.path] + (try shotScripts).flatMap { ["--script", $0] }
        return try runCommand(CatalogApp.binaryPath, arguments, environment: ["DISPLAY": ""], timeout: 300)
    }

    /// Fonts other than the recorded ones cannot draw the goldens' pixels: that is a skip with
    /// the manifest's message, not a failure of every shot.
    private func skipIfFontsDiffer(_ result: (status: Int32, stdout: String, stderr: String)) throws {
        if result.status == 4 { throw XCTSkip(result.stderr) }
    }

    func testEveryShotMatchesItsGolden() throws {
        // Where `./run.sh shots` leaves them: the paths a failure prints must still be there after the test.
        let failures = Self.repository.appendingPathComponent(".build/shots")
        let result = try shots(goldens: Self.goldens, failures: failures)
        try skipIfFontsDiffer(result)
        XCTAssertEqual(result.status, 0, "\(result.stdout)\n\(result.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: Self.goldens.path).filter { $0.hasSuffix(".png") }
        XCTAssertTrue(result.stdout.contains("shots: \(pngs.count) of \(pngs.count) match their goldens"), result.stdout)
    }

    func testAGoldenWithOneColourChangedFailsWithADiffOfExactlyThosePixels() throws {
        let goldens = directory.appendingPathComponent("goldens")
        try FileManager.default.copyItem(at: Self.goldens, to: goldens)
        let name = "focused-filled-light"
        let goldenPath = goldens.appendingPathComponent("\(name).png").path
        var golden = try RGBAImage.readPNG(from: goldenPath)
        // The container's fill, the most common colour that is not the page: a large, exact set of pixels.
        var counts: [UInt32: Int] = [:]
        for offset in stride(from: 0, to: golden.pixels.count, by: 4) {
            let key = UInt32(golden.pixels[offset]) << 16 | UInt32(golden.pixels[offset + 1]) << 8 | UInt32(golden.pixels[offset + 2])
            counts[key, default: 0] += 1
        }
        let page: UInt32 = 0xFFFFFF
        let colour = try XCTUnwrap(counts.filter { $0.key != page }.max { $0.value < $1.value }).key
        var changed = Set<Int>()
        for offset in stride(from: 0, to: golden.pixels.count, by: 4) {
            let key = UInt32(golden.pixels[offset]) << 16 | UInt32(golden.pixels[offset + 1]) << 8 | UInt32(golden.pixels[offset + 2])
            guard key == colour else { continue }
            golden.pixels[offset] = golden.pixels[offset] &+ 40
            changed.insert(offset / 4)
        }
        try golden.writePNG(to: goldenPath)

        let failures = directory.appendingPathComponent("failures")
        let result = try shots(goldens: goldens, failures: failures)
        try skipIfFontsDiffer(result)
        XCTAssertEqual(result.status, 3, result.stderr)
        let diffPath = failures.appendingPathComponent("\(name).diff.png").path
        let actualPath = failures.appendingPathComponent("\(name).actual.png").path
        XCTAssertTrue(result.stderr.contains("\(name): \(changed.count) pixels differ"), result.stderr)
        XCTAssertTrue(result.stderr.contains(diffPath) && result.stderr.contains(actualPath), "the message names both images")
        let shotCount = try FileManager.default.contentsOfDirectory(atPath: goldens.path).filter { $0.hasSuffix(".png") }.count
        XCTAssertTrue(result.stdout.contains("shots: \(shotCount - 1) of \(shotCount) match"), "only that shot fails: \(result.stdout)")

        let diff = try RGBAImage.readPNG(from: diffPath)
        var marked = Set<Int>()
        for index in 0..<(diff.width * diff.height) {
            let pixel = diff.pixel(x: index % diff.width, y: index / diff.width)
            if pixel.red == 255 && pixel.green == 0 && pixel.blue == 255 { marked.insert(index) }
        }
        XCTAssertEqual(marked, changed, "the diff marks exactly the pixels whose colour changed")
        XCTAssertEqual(try RGBAImage.readPNG(from: actualPath), try RGBAImage.readPNG(from: Self.goldens.appendingPathComponent("\(name).png").path),
                       "the actual image is the render, which the untouched golden holds")
    }

    /// A typo stops its script and is reported as the typo: a run that drew little opened few
    /// faces, which is no font difference. A goldens folder without its manifest is a failure.
    func testATypoIsATypoAndAMissingManifestIsAFailure() throws {
        let typo = directory.appendingPathComponent("typo.qa")
        try "resize 760 400\nscreenshot focused-filled-light.png 0 60 760 108\nclik filled-label\n"
            .write(to: typo, atomically: true, encoding: .utf8)
        let arguments = ["--goldens", Self.goldens.path, "--failures", directory.appendingPathComponent("f").path, "--script", typo.path]
        let result = try runCommand(CatalogApp.binaryPath, arguments, environment: ["DISPLAY": ""], timeout: 120)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("\(typo.path):3: unknown step 'clik'"), result.stderr)
        XCTAssertFalse(result.stderr.contains("font"), result.stderr)

        let goldens = directory.appendingPathComponent("goldens")
        try FileManager.default.copyItem(at: Self.goldens, to: goldens)
        try FileManager.default.removeItem(at: goldens.appendingPathComponent("fonts.txt"))
        let unjudged = try shots(goldens: goldens, failures: directory.appendingPathComponent("failures"))
        XCTAssertEqual(unjudged.status, 3, unjudged.stderr)
        XCTAssertTrue(unjudged.stderr.contains("There is no font manifest"), unjudged.stderr)
    }

    func testOtherFontsGetOneMessageNamingThem() throws {
        let goldens = directory.appendingPathComponent("goldens")
        try FileManager.default.copyItem(at: Self.goldens, to: goldens)
        let manifest = goldens.appendingPathComponent("fonts.txt")
        let recorded = try String(contentsOf: manifest, encoding: .utf8)
        try recorded.replacingOccurrences(of: "Roboto | Regular | ", with: "Roboto | Regular | 9.")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let result = try shots(goldens: goldens, failures: directory.appendingPathComponent("failures"))
        XCTAssertEqual(result.status, 4, result.stderr)
        XCTAssertTrue(result.stderr.contains("Roboto Regular"), result.stderr)
        XCTAssertFalse(result.stderr.contains("pixels differ"), "no wall of pixel failures: \(result.stderr)")
    }
}
