import Foundation
import MaterialFields
import TestHarness
import XCTest
import XftHost

/// `WindowHost.fontsUsed`: the faces a rendering opened, which the golden screenshots' font
/// manifest is made from.
final class FontsUsedTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!

    override func setUpWithError() throws {
        for (family, package) in [("Roboto", "fonts-roboto"), ("DejaVu Sans", "fonts-dejavu-core"),
                                  ("Noto Color Emoji", "fonts-noto-color-emoji")] {
            try XCTSkipIf(fontconfigList(":family=\(family)", "family").isEmpty,
                          "the \(family) font is not installed (Debian: \(package)); ./run.sh test installs it")
        }
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { _ in }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    private func fontconfigList(_ arguments: String...) -> String {
        guard let path = findExecutable("fc-list"), let result = try? runCommand(path, arguments) else { return "" }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Draws strings in black on white, each at its own size.
    private final class TextScene: Scene {
        var host: SceneHost?
        let strings: [(text: String, pixelSize: Double)]
        init(_ strings: [(text: String, pixelSize: Double)]) { self.strings = strings }
        func resize(to size: Size, measurer: TextMeasuring) {}
        func handle(_ event: InputEvent, at time: Double) -> Bool { false }
        func nextWakeup(after time: Double) -> Double? { nil }
        func render(on canvas: Canvas, at time: Double) -> [Rect] {
            canvas.fill(Rect(x: 0, y: 0, width: 400, height: 200), color: Color(red: 1, green: 1, blue: 1))
            for (row, string) in strings.enumerated() {
                canvas.drawText(string.text, at: Point(x: 8, y: 40 + 40 * Double(row)), font: FontSpec(pixelSize: string.pixelSize),
                                color: Color(red: 0, green: 0, blue: 0))
            }
            return []
        }
        func invalidateAll() {}
        func settle() {}
    }

    /// Chinese, Japanese and Korean come from Noto CJK (which `./run.sh` installs), not as boxes
    /// of a face that lacks them.
    func testChineseJapaneseAndKoreanDrawFromACJKFace() throws {
        try XCTSkipIf(!fontconfigList(":lang=ja", "family").contains("CJK"),
                      "Noto CJK is not installed (Debian: fonts-noto-cjk); ./run.sh installs it")
        let image = try host.renderSettled(TextScene([("東京 ひらがな 한글", 16)]), size: Size(width: 400, height: 200))
        let cjk = host.fontsUsed.filter { $0.family.contains("CJK") }
        XCTAssertFalse(cjk.isEmpty, "faces used: \(host.fontsUsed.map(\.family))")
        // And the run drew: a face that was opened but gave no glyphs would leave the row white.
        var ink = 0
        for y in 20..<48 { for x in 8..<200 where image.pixel(x: x, y: y).red < 128 { ink += 1 } }
        XCTAssertGreaterThan(ink, 200, "the glyphs drew")
    }

    func testRenderingFallbackCharactersRecordsRobotoAndEachFallbackFaceOnceWithVersionAndSize() throws {
        // When text with a check mark (Roboto lacks it) and an emoji is drawn at two sizes
        _ = try host.renderSettled(TextScene([("A ✓ 🎉", 16), ("A ✓ 🎉", 24)]), size: Size(width: 400, height: 200))
        let used = host.fontsUsed
        // Then Roboto and the two fallback faces are recorded, each once whatever the sizes...
        let families = used.map(\.family)
        XCTAssertEqual(families.count, Set(used.map(\.file)).count, "one record per face: \(used)")
        let roboto = try XCTUnwrap(used.first { $0.family == "Roboto" && $0.style == "Regular" }, "\(used)")
        XCTAssertTrue(roboto.file.hasSuffix("/Roboto-Regular.ttf"), roboto.file)
        let checkMark = try XCTUnwrap(used.first { $0.family == "DejaVu Sans" }, "\(used)")
        XCTAssertEqual(checkMark.style, "Book")
        XCTAssertNotNil(used.first { $0.family == "Noto Color Emoji" }, "\(used)")
        XCTAssertGreaterThanOrEqual(used.count, 3)
        for record in used {
            // ...each with its file's real size...
            let attributes = try FileManager.default.attributesOfItem(atPath: record.file)
            XCTAssertEqual(record.fileSize, (attributes[.size] as? NSNumber)?.intValue, record.file)
            XCTAssertGreaterThan(record.fileSize, 10_000, record.file)
            // ...and the version fontconfig reports for that file, as the font prints it.
            XCTAssertFalse(record.version.isEmpty, "\(record)")
            let query = try XCTUnwrap(findExecutable("fc-query"))
            let reported = try runCommand(query, ["-f", "%{fontversion}\n", record.file]).stdout
            let fixed = try XCTUnwrap(Int(reported.split(separator: "\n").first ?? ""), "\(record.file): \(reported)")
            XCTAssertEqual(record.version, FontRecord.versionString(fixed16_16: fixed))
        }
    }

    func testVersionsPrintAsTheirFixedPointValueWithThreeDecimals() {
        XCTAssertEqual(FontRecord.versionString(fixed16_16: 140116), "2.138")
        XCTAssertEqual(FontRecord.versionString(fixed16_16: 155320), "2.370")
        XCTAssertEqual(FontRecord.versionString(fixed16_16: 66650), "1.017")
        XCTAssertEqual(FontRecord.versionString(fixed16_16: 65536 + 655), "1.010")
        XCTAssertEqual(FontRecord.versionString(fixed16_16: 65536), "1.000")
    }

    func testTheFirstFaceIsRecordedBeforeAnythingIsDrawn() {
        // The host opens its 16 px text face at start, so even an empty render names the text font.
        XCTAssertEqual(host.fontsUsed.map(\.family), ["Roboto"])
    }
}
