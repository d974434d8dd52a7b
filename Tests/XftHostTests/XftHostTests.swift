import CXlib
import Foundation
import MaterialFields
import XCTest
@testable import XftHost
import TestHarness

/// The host's font and drawing layer against a real X server.
final class XftHostTests: XCTestCase {
    private var server: XvfbServer!
    private var host: WindowHost!
    private var warnings: [String] = []

    override func setUpWithError() throws {
        server = try XvfbServer()
        host = try WindowHost(displayName: server.displayName) { [unowned self] in warnings.append($0) }
    }

    override func tearDown() {
        host = nil
        server = nil
    }

    /// Skips a test whose expectations hold for one installed family only.
    private func requireFont(_ family: String, package: String) throws {
        let installed = runCommandOutput("fc-list", [":family=\(family)", "family"])
        try XCTSkipIf(installed.isEmpty, "the \(family) font is not installed (Debian: \(package)); ./run.sh test installs it")
    }

    private func runCommandOutput(_ command: String, _ arguments: [String]) -> String {
        guard let path = findExecutable(command), let result = try? runCommand(path, arguments) else { return "" }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testRobotoIsTheFaceWhenInstalled() throws {
        try requireFont("Roboto", package: "fonts-roboto")
        XCTAssertEqual(host.fonts.resolvedFamily, "Roboto")
        XCTAssertTrue(warnings.isEmpty, "\(warnings)")
    }

    func testCharactersRobotoLacksComeFromAFallbackFace() throws {
        try requireFont("Roboto", package: "fonts-roboto")
        let font = FontSpec(pixelSize: 16)
        let runs = host.fonts.runs(of: "ok ✓ → ok"[...], font: font)
        XCTAssertGreaterThanOrEqual(runs.count, 3)
        XCTAssertEqual(runs.map { String($0.text) }.joined(), "ok ✓ → ok")
        // The check mark is drawn by a face that has it, not by Roboto's missing-glyph box.
        let check = try XCTUnwrap(runs.first { $0.text.contains("✓") })
        XCTAssertEqual(XftCharExists(host.display, check.font, 0x2713), FcTrue)
        XCTAssertNotEqual(check.font, runs[0].font)
        XCTAssertGreaterThan(host.fonts.advance(of: check), 0)
    }

    func testEmojiPresentationCharactersPreferAColourFace() throws {
        try requireFont("Noto Color Emoji", package: "fonts-noto-color-emoji")
        // fonts-noto-color-emoji is installed by ./run.sh; DejaVu, which sorts first, has ☕ in black.
        let runs = host.fonts.runs(of: "a☕"[...], font: FontSpec(pixelSize: 16))
        let cup = try XCTUnwrap(runs.last)
        XCTAssertEqual(String(cup.text), "☕")
        var isColor: FcBool = FcFalse
        XCTAssertEqual(FcPatternGetBool(cup.font.pointee.pattern, FC_COLOR, 0, &isColor), FcResultMatch)
        XCTAssertEqual(isColor, FcTrue)
    }

    func testPlainTextIsOneRun() throws {
        try requireFont("Roboto", package: "fonts-roboto")
        let runs = host.fonts.runs(of: "Lisboa, Mañana"[...], font: FontSpec(pixelSize: 16))
        XCTAssertEqual(runs.count, 1)
    }

    func testCombiningSequenceStaysInOneFaceAndMeasuresAsOneCharacter() {
        let font = FontSpec(pixelSize: 16)
        let composed = host.fonts.advance(of: "é", font: font)
        let decomposed = host.fonts.advance(of: "e\u{301}", font: font)
        XCTAssertEqual(host.fonts.runs(of: "e\u{301}"[...], font: font).count, 1)
        XCTAssertEqual(decomposed, composed, accuracy: 1, "the mark does not advance the pen")
    }

    func testLabelSizesScaleTheAdvance() {
        let resting = host.fonts.advance(of: "Email", font: FontSpec(pixelSize: 16))
        let floating = host.fonts.advance(of: "Email", font: FontSpec(pixelSize: 12))
        XCTAssertEqual(floating / resting, 0.75, accuracy: 0.06)
    }

    func testRoundedCornersAreAntialiasedAndTranslucentFillsBlend() throws {
        // Given a white scene with one filled field
        let field = TextField(identifier: "f", style: .filled, label: "Name")
        let scene = FieldScene(fields: [field], scheme: .light)
        let image = try host.renderSettled(scene, size: Size(width: 300, height: 120))
        let frame = try XCTUnwrap(scene.frame(of: field))
        let x = Int(frame.minX), y = Int(frame.minY)
        // Then the container is on-surface at 12% over white...
        XCTAssertEqual(Int(image.pixel(x: x + 200, y: y + 30).red), 224, accuracy: 1)
        // ...the arc of its radius-4 corner misses the corner pixel and partly covers the next one
        // in (antialiased)...
        XCTAssertEqual(image.pixel(x: x, y: y).red, 255)
        let arc = Int(image.pixel(x: x + 1, y: y + 1).red)
        XCTAssertGreaterThan(arc, 224)
        XCTAssertLessThan(arc, 255)
        // ...and the bottom corners are square.
        XCTAssertLessThan(Int(image.pixel(x: x, y: y + 55).red), 200, "underline reaches the corner")
    }
}
