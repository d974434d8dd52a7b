import Foundation
import TestHarness
import XCTest
import QATools
@testable import XftHost

/// The catalog's background-image rows through the real binary: their QA state, their element
/// shots at scale 1 and 2 against the PNG files they load, and a missing or broken file.
final class BackgroundImageUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "background-image" }

    /// The package's top folder: the binary is in .build/<triple>/debug.
    private var packageRoot: URL {
        var url = URL(fileURLWithPath: CatalogApp.binaryPath).resolvingSymlinksInPath().deletingLastPathComponent()
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url = url.deletingLastPathComponent()
        }
        return url
    }

    private func image(_ name: String) throws -> RGBAImage {
        try RGBAImage.readPNG(from: directory.appendingPathComponent(name).path)
    }

    private struct State: Decodable {
        struct Background: Decodable, Equatable {
            var drawn: String?, set: [String], size: [Double]?, scale: Double?, capInsets: [Double]?, source: String?
        }
        struct Field: Decodable { var id: String, state: String, background: Background? }
        var fields: [Field]
        func field(_ id: String) -> Field? { fields.first { $0.id == id } }
    }

    /// Straight-alpha `pixel` over the opaque `backdrop`, as XRender's Over does (to a unit).
    private func over(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8),
                      _ backdrop: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> [Double] {
        let a = Double(pixel.alpha) / 255
        return [Double(pixel.red) * a + Double(backdrop.red) * (1 - a), Double(pixel.green) * a + Double(backdrop.green) * (1 - a),
                Double(pixel.blue) * a + Double(backdrop.blue) * (1 - a)]
    }

    private func assertClose(_ got: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8), _ want: [Double], tolerance: Double,
                             _ message: String, line: UInt = #line) {
        let channels = [Double(got.red), Double(got.green), Double(got.blue)]
        let worst = zip(channels, want).map { abs($0 - $1) }.max() ?? 0
        XCTAssertLessThanOrEqual(worst, tolerance, "\(message): \(channels) vs \(want)", line: line)
    }

    /// The audit measures the paper's own border as the boundary (3:1 on white), not the image as ink.
    func testThePaperRowsSayWhichImageTheyDrawAndTheirShotsShowItAtScaleOneAndTwo() throws {
        let statePath = directory.appendingPathComponent("state.json").path
        let path = try script("paper.qa", """
            expect custom-paper background.drawn "background"
            expect custom-paper-disabled background.drawn disabledBackground
            expect custom-paper-disabled state disabled
            expect custom-paper background.capInsets [8, 8, 8, 8]
            audit custom-paper --require AA
            focus custom-paper
            key End
            hover custom-paper
            wheel 2
            settle
            screenshot paper-1.png custom-paper margin 4
            screenshot disabled-1.png custom-paper-disabled margin 4
            scale 2
            resize 1520 1440
            focus custom-paper
            key End
            hover custom-paper
            wheel 4
            settle
            screenshot paper-2.png custom-paper margin 4
            screenshot disabled-2.png custom-paper-disabled margin 4
            """)
        let result = try catalog(["--script", path, "--output-dir", directory.path, "--qa-state", statePath, "--theme", "light"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stderr.contains("warning"), result.stderr)

        let state = try JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
        let images = packageRoot.appendingPathComponent("Resources/Images")
        let paperPath = images.appendingPathComponent("paper@2x.png").path
        XCTAssertEqual(state.field("custom-paper")?.background,
                       State.Background(drawn: "background", set: ["background", "disabledBackground"], size: [24, 36], scale: 2,
                                        capInsets: [8, 8, 8, 8], source: paperPath))
        XCTAssertEqual(state.field("custom-paper-disabled")?.background?.drawn, "disabledBackground")
        XCTAssertEqual(state.field("custom-paper-disabled")?.background?.source,
                       images.appendingPathComponent("paper-disabled@2x.png").path)
        XCTAssertNil(state.field("filled-label")?.background, "only plain fields have the key")

        let paper = try RGBAImage.readPNG(from: paperPath)
        let grey = try RGBAImage.readPNG(from: images.appendingPathComponent("paper-disabled@2x.png").path)
        for (scale, margin) in [(1, 4), (2, 8)] {
            for (name, source) in [("paper", paper), ("disabled", grey)] {
                let shot = try image("\(name)-\(scale).png")
                let backdrop = shot.pixel(x: 0, y: 0)
                let height = shot.height - 2 * margin, width = shot.width - 2 * margin
                XCTAssertEqual(height, 36 * scale, "\(name) at scale \(scale): the 36-point container")
                // Rows of the centre column, right of any text: the image's own rows at scale 2,
                // each pair of them averaged at scale 1.
                let x = margin + width - 12 * scale
                for row in 0..<height {
                    let want: [Double]
                    if scale == 2 {
                        want = over(source.pixel(x: 20, y: row), backdrop)
                    } else {
                        let a = over(source.pixel(x: 20, y: 2 * row), backdrop), b = over(source.pixel(x: 20, y: 2 * row + 1), backdrop)
                        want = zip(a, b).map { ($0 + $1) / 2 }
                    }
                    assertClose(shot.pixel(x: x, y: margin + row), want, tolerance: 1.5, "\(name) at scale \(scale), row \(row)")
                }
                // The top-left corner at its size: 8 points of the image's corner.
                for y in 0..<(8 * scale) {
                    for cx in 0..<(8 * scale) {
                        let want: [Double]
                        if scale == 2 {
                            want = over(source.pixel(x: cx, y: y), backdrop)
                        } else {
                            let samples = [(0, 0), (1, 0), (0, 1), (1, 1)].map { over(source.pixel(x: 2 * cx + $0.0, y: 2 * y + $0.1), backdrop) }
                            want = (0..<3).map { channel in samples.map { $0[channel] }.reduce(0, +) / 4 }
                        }
                        assertClose(shot.pixel(x: margin + cx, y: margin + y), want, tolerance: 1.5,
                                    "\(name) at scale \(scale), corner (\(cx), \(y))")
                    }
                }
            }
        }
    }

    /// A copy of the binary with no `Resources/` above it, then one whose paper file is not a
    /// PNG: one warning each time, and the fields are drawn (the shot is written) all the same.
    func testAMissingOrBrokenImageIsOneWarningAndTheFieldIsDrawnWithoutIt() throws {
        let bare = directory.appendingPathComponent("bare/bin")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CatalogApp.binaryPath, toPath: bare.appendingPathComponent("textfield-catalog").path)
        let run = try runCommand(bare.appendingPathComponent("textfield-catalog").path,
                                 ["--screenshot", directory.appendingPathComponent("bare.png").path, "--field", "custom-paper"],
                                 environment: ["DISPLAY": server.displayName], timeout: 120)
        XCTAssertEqual(run.status, 0, run.stderr)
        // One line, the catalog's own for a missing Resources/ (it names the images); none of the images' own.
        XCTAssertEqual(run.stderr.split(separator: "\n").count, 1, run.stderr)
        XCTAssertTrue(run.stderr.hasPrefix("textfield-catalog: warning: no Resources folder (looked in "), run.stderr)
        XCTAssertTrue(run.stderr.hasSuffix("without background images or sample scripts\n"), run.stderr)
        XCTAssertNoThrow(try image("bare.png"))

        // The installed layout: the binary in bin/, its resources in share/materialfields/.
        let images = directory.appendingPathComponent("bare/share/materialfields/Images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Resources/fonts.conf"),
                                         to: images.deletingLastPathComponent().appendingPathComponent("fonts.conf"))
        try "not a PNG".write(to: images.appendingPathComponent("paper@2x.png"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("Resources/Images/paper-disabled@2x.png"),
                                         to: images.appendingPathComponent("paper-disabled@2x.png"))
        let statePath = directory.appendingPathComponent("broken.json").path
        let broken = try runCommand(bare.appendingPathComponent("textfield-catalog").path,
                                    ["--screenshot", directory.appendingPathComponent("broken.png").path, "--field", "custom-paper",
                                     "--qa-state", statePath],
                                    environment: ["DISPLAY": server.displayName], timeout: 120)
        XCTAssertEqual(broken.status, 0, broken.stderr)
        let paperPath = images.appendingPathComponent("paper@2x.png").path
        XCTAssertEqual(broken.stderr, "textfield-catalog: warning: cannot load image '\(paperPath)': not a PNG file; "
                       + "its fields are drawn without it\n")
        let state = try JSONDecoder().decode(State.self, from: Data(contentsOf: URL(fileURLWithPath: statePath)))
        // No background: the disabled row has nothing to draw either (disabledBackground alone is ignored).
        XCTAssertEqual(state.field("custom-paper")?.background?.set, ["disabledBackground"])
        XCTAssertNil(state.field("custom-paper-disabled")?.background?.drawn)
    }
}
