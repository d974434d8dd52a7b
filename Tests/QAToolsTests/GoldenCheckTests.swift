import Foundation
import QATools
import XCTest
import XftHost

/// Checking one shot against its golden on disk: the files a failure leaves, `--update`, a
/// missing golden.
final class GoldenCheckTests: XCTestCase {
    private var directory: String!
    private var goldens: String { directory + "/Goldens" }
    private var failures: String { directory + "/failures" }
    private var set: GoldenSet { GoldenSet(goldensDirectory: goldens, failuresDirectory: failures) }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-check-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// A white image with a blue box.
    private func shot(width: Int = 40, height: Int = 30, boxAt boxX: Int = 10) -> RGBAImage {
        RGBAImage(width: width, height: height) { x, y in
            (boxX..<boxX + 8).contains(x) && (5..<15).contains(y) ? (30, 90, 200, 255) : (255, 255, 255, 255)
        }
    }

    func testUpdateWritesTheGoldenAndAThenMatchingShotPasses() throws {
        let golden = shot()
        let written = try set.check("field-filled", actual: golden, update: true)
        guard case .updated(_, let path, changed: true) = written else { return XCTFail("\(written)") }
        XCTAssertEqual(path, goldens + "/field-filled.png")
        XCTAssertEqual(try RGBAImage.readPNG(from: path), golden)
        XCTAssertFalse(written.isFailure)
        XCTAssertEqual(written.message, "field-filled: wrote the golden \(path)")
        // Updating with the same pixels leaves the file alone.
        let modified = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.02)
        let again = try set.check("field-filled", actual: golden, update: true)
        guard case .updated(_, _, changed: false) = again else { return XCTFail("\(again)") }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, modified)
        // The shot now matches; no failure files are written.
        let checked = try set.check("field-filled", actual: golden)
        guard case .matches = checked else { return XCTFail(checked.message) }
        XCTAssertEqual(checked.message, "field-filled: matches its golden (no pixel differs)")
        XCTAssertFalse(exists(failures + "/field-filled.actual.png"))
        // A changed render replaces the golden on update.
        let moved = shot(boxAt: 11)
        guard case .updated(_, _, changed: true) = try set.check("field-filled", actual: moved, update: true) else { return XCTFail() }
        XCTAssertEqual(try RGBAImage.readPNG(from: path), moved)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: goldens), ["field-filled.png"], "no partial file left")
    }

    func testADifferingShotWritesActualAndDiffSideBySideAndNamesThemInItsMessage() throws {
        _ = try set.check("box", actual: shot(), update: true)
        // When the box moved one pixel right
        let moved = shot(boxAt: 11)
        let outcome = try set.check("box", actual: moved)
        guard case .differs(let difference) = outcome else { return XCTFail(outcome.message) }
        XCTAssertTrue(outcome.isFailure)
        // Then its left column and the column past its old right edge differ
        XCTAssertEqual(difference.comparison.differingPixels, 20)
        XCTAssertEqual(difference.comparison.differenceBounds, PixelBounds(minX: 10, minY: 5, maxX: 18, maxY: 14))
        // ...the actual render and the diff image sit side by side in the failures directory...
        XCTAssertEqual(difference.actualPath, failures + "/box.actual.png")
        XCTAssertEqual(difference.diffPath, failures + "/box.diff.png")
        XCTAssertEqual(try RGBAImage.readPNG(from: difference.actualPath), moved)
        let diff = try RGBAImage.readPNG(from: try XCTUnwrap(difference.diffPath))
        XCTAssertEqual(diff, difference.comparison.diffImage)
        XCTAssertTrue(diff.isMagenta(x: 10, y: 5))
        XCTAssertTrue(diff.isMagenta(x: 18, y: 14))
        XCTAssertFalse(diff.isMagenta(x: 14, y: 10))
        // ...and the message says how much, where, and names every file.
        XCTAssertEqual(outcome.message, "box: 20 pixels differ (most by 225) in x 10-18, y 5-14 "
                       + "(tolerance 2 per channel, 0 differing pixels allowed); "
                       + "golden: \(goldens)/box.png, actual: \(failures)/box.actual.png, diff: \(failures)/box.diff.png")
        // A later passing run removes them, so the directory only ever shows current failures.
        _ = try set.check("box", actual: shot())
        XCTAssertFalse(exists(failures + "/box.actual.png"))
        XCTAssertFalse(exists(failures + "/box.diff.png"))
    }

    func testAShotOfAnotherSizeWritesTheActualOnlyAndSaysBothSizes() throws {
        _ = try set.check("box", actual: shot(), update: true)
        _ = try set.check("box", actual: shot(boxAt: 12))   // leaves a diff behind
        let outcome = try set.check("box", actual: shot(width: 41))
        guard case .differs(let difference) = outcome else { return XCTFail(outcome.message) }
        XCTAssertNil(difference.diffPath)
        XCTAssertTrue(exists(failures + "/box.actual.png"))
        XCTAssertFalse(exists(failures + "/box.diff.png"), "no stale diff beside a new actual")
        XCTAssertEqual(outcome.message, "box: the image is 41 x 30 but the golden is 40 x 30; "
                       + "golden: \(goldens)/box.png, actual: \(failures)/box.actual.png (no diff image: the sizes differ)")
    }

    func testAMissingGoldenFailsSayingHowToRecordIt() throws {
        let outcome = try set.check("catalog-dark", actual: shot())
        guard case .missing(_, let golden, let actual) = outcome else { return XCTFail(outcome.message) }
        XCTAssertTrue(outcome.isFailure)
        XCTAssertEqual(golden, goldens + "/catalog-dark.png")
        XCTAssertEqual(try RGBAImage.readPNG(from: actual), shot())
        XCTAssertEqual(outcome.message, "catalog-dark: no golden at \(golden); this render is at \(actual); "
                       + "run the same textfield-catalog command with `--update-goldens` to record it",
                       "a user's own goldens folder: no ./run.sh advice")
        XCTAssertFalse(exists(golden), "only --update writes goldens")
    }

    func testAShotCanHaveItsOwnTolerance() throws {
        var lenient = set
        lenient.toleranceByShot["box"] = ImageTolerance(channel: 2, maxDifferingPixels: 20)
        _ = try lenient.check("box", actual: shot(), update: true)
        _ = try lenient.check("other", actual: shot(), update: true)
        XCTAssertFalse(try lenient.check("box", actual: shot(boxAt: 11)).isFailure)
        XCTAssertTrue(try lenient.check("other", actual: shot(boxAt: 11)).isFailure)
    }

    func testAnUnreadableGoldenOrAnUnsafeNameIsAnError() throws {
        try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: goldens + "/broken.png"))
        XCTAssertThrowsError(try set.check("broken", actual: shot())) { error in
            XCTAssertTrue("\(error)".hasPrefix("broken: cannot read the golden \(goldens)/broken.png"), "\(error)")
        }
        for name in ["", "../escape", ".hidden", "a/b", "spaced name"] {
            XCTAssertThrowsError(try set.check(name, actual: shot(), update: true), name)
        }
        XCTAssertFalse(exists(directory + "/escape.png"))
    }
}
