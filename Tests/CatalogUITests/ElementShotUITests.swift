import Foundation
import TestHarness
import XCTest
import QATools
@testable import XftHost

/// Screenshots by id through the real binary: `screenshot NAME.png ID [margin N]` in scripts,
/// `--screenshot PATH --field ID [--margin N]`, `--list-fields`, and a shot's own tolerance and
/// masks against its golden.
final class ElementShotUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "element-shot" }

    private func image(_ name: String) throws -> RGBAImage {
        try RGBAImage.readPNG(from: directory.appendingPathComponent(name).path)
    }

    private struct State: Decodable {
        struct Field: Decodable { var id: String, kind: String, style: String, family: String, frame: [Double], outerFrame: [Double] }
        var fields: [Field]
        func field(_ id: String) -> Field? { fields.first { $0.id == id } }
    }

    private func state(_ name: String) throws -> State {
        try JSONDecoder().decode(State.self, from: Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// Whether two images are the same, said briefly (an image's description is megabytes).
    private func assertSame(_ actual: RGBAImage, _ expected: RGBAImage, _ message: String, line: UInt = #line) {
        guard actual != expected else { return }
        let comparison = ImageComparison(expected: expected, actual: actual, tolerance: .exact)
        XCTFail("\(message): \(comparison.summary)", line: line)
    }

    /// The pixels of `image` in the box, row by row.
    private func crop(_ image: RGBAImage, x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for row in y..<(y + height) {
            let start = (row * image.width + x) * 4
            pixels += image.pixels[start..<(start + width * 4)]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// An element shot is the field's outer frame cut out of the whole window: its left, width
    /// and bottom are the QA state's outer frame's, and its top is that frame's or above it (the
    /// outlined label rises above the container). At scale 1 and 2, in light and dark; the margin
    /// is in points, so 8 is 16 pixels at scale 2, and stops at the window's edges.
    func testAnElementShotIsTheFieldsFrameCutFromTheWindowAtEveryScaleAndTheme() throws {
        let path = try script("shots.qa", """
            focus outlined-label
            settle
            screenshot full-1.png
            screenshot outlined-1.png outlined-label
            screenshot outlined-margin-1.png outlined-label margin 8
            screenshot filled-1.png filled-helper
            screenshot wide-1.png filled-label margin 40
            theme dark
            settle
            screenshot full-dark.png
            screenshot outlined-dark.png outlined-label
            scale 2
            resize 1520 1440
            theme dark
            focus outlined-label
            settle
            screenshot full-2.png
            screenshot outlined-2.png outlined-label
            screenshot outlined-margin-2.png outlined-label margin 8
            """)
        let result = try catalog(["--script", path, "--output-dir", directory.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        // The frames, from the QA state of the same catalog at each scale; and the command line's
        // --field shot, which must be the script's byte for byte.
        for (scale, theme) in [("1", "light"), ("2", "dark")] {
            let run = try catalog(["--screenshot", directory.appendingPathComponent("field-\(scale).png").path, "--field", "outlined-label",
                                   "--margin", "8", "--focus", "outlined-label", "--scale", scale, "--theme", theme,
                                   "--qa-state", directory.appendingPathComponent("state-\(scale).json").path])
            XCTAssertEqual(run.status, 0, run.stderr)
            assertSame(try image("field-\(scale).png"), try image("outlined-margin-\(scale).png"),
                       "--screenshot --field draws what the script's element shot draws (scale \(scale))")
        }
        for (shot, full, field, scale) in [("outlined-1", "full-1", "outlined-label", 1), ("filled-1", "full-1", "filled-helper", 1),
                                           ("outlined-dark", "full-dark", "outlined-label", 1), ("outlined-2", "full-2", "outlined-label", 2)] {
            let outer = try XCTUnwrap(state("state-\(scale).json").field(field)).outerFrame.map { Int($0) }
            let element = try image("\(shot).png"), window = try image("\(full).png")
            XCTAssertEqual(element.width, outer[2], "\(shot): as wide as the field")
            XCTAssertGreaterThanOrEqual(element.height, outer[3], "\(shot): the field's whole height")
            assertSame(element, crop(window, x: outer[0], y: outer[1] + outer[3] - element.height, width: element.width,
                                     height: element.height), "\(shot) is the field cut from the window")
        }
        // Outlined fields draw their floating label above the container, so the shot starts above it.
        let outlined = try XCTUnwrap(state("state-1.json").field("outlined-label")).outerFrame
        XCTAssertGreaterThan(try image("outlined-1.png").height, Int(outlined[3]), "the outlined label rises above the container")
        XCTAssertEqual(try image("filled-1.png").height, Int(try XCTUnwrap(state("state-1.json").field("filled-helper")).outerFrame[3]),
                       "a filled field's shot is its outer frame, the helper row included")
        // Margins: 8 points each side, in pixels at the scale.
        for (scale, pixels) in [(1, 8), (2, 16)] {
            let bare = try image("outlined-\(scale == 1 ? "1" : "2").png"), framed = try image("outlined-margin-\(scale).png")
            XCTAssertEqual(framed.width, bare.width + 2 * pixels, "scale \(scale)")
            XCTAssertEqual(framed.height, bare.height + 2 * pixels, "scale \(scale)")
            assertSame(crop(framed, x: pixels, y: pixels, width: bare.width, height: bare.height), bare, "the field in the middle")
        }
        // A margin wider than the room to the window's edge stops there: filled-label is 24 px
        // from the left, so 40 points leave 24 on the left and 40 on the right.
        let filled = try XCTUnwrap(state("state-1.json").field("filled-label")).outerFrame.map { Int($0) }
        let wide = try image("wide-1.png")
        XCTAssertEqual(filled[0], 24)
        XCTAssertEqual(wide.width, 24 + filled[2] + 40)
        assertSame(wide, crop(try image("full-1.png"), x: 0, y: filled[1] + filled[3] + 40 - wide.height, width: wide.width,
                              height: wide.height), "the margin cut at the window's edge")
    }

    /// `--screenshot --field` shoots a field wherever it is on the page, as a browser's element
    /// screenshot does: without `--size` the window is as tall as the page, so the last field of the
    /// catalog, far below the default window, is the same shot a tall script window takes. A
    /// `--size` is taken as given, and a field outside it is an error that says how to fix it.
    func testTheCommandLinesFieldShotReachesAFieldBelowTheDefaultWindow() throws {
        let path = try script("tall.qa", """
            resize 760 8000
            settle
            screenshot emoji.png intl-emoji
            """)
        let scripted = try catalog(["--script", path, "--output-dir", directory.path])
        XCTAssertEqual(scripted.status, 0, scripted.stderr)
        let png = directory.appendingPathComponent("emoji-cli.png").path
        let run = try catalog(["--screenshot", png, "--field", "intl-emoji"])
        XCTAssertEqual(run.status, 0, run.stderr)
        assertSame(try image("emoji-cli.png"), try image("emoji.png"), "the last field, shot from the command line")
        let sized = try catalog(["--screenshot", png, "--field", "intl-emoji", "--size", "760x720"])
        XCTAssertEqual(sized.status, 1, sized.stderr)
        XCTAssertTrue(sized.stderr.contains("is not wholly inside the 760x720 window"), sized.stderr)
    }

    /// `--list-fields` needs no display and lists the scene's every field in order, with the QA
    /// state's kind, style and family, under a header, tab-separated.
    func testListFieldsPrintsEveryFieldOfTheSceneWithItsKindStyleAndFamily() throws {
        let list = try catalog(["--list-fields"], display: "")
        XCTAssertEqual(list.status, 0, list.stderr)
        XCTAssertEqual(list.stderr, "")
        let rows = list.stdout.split(separator: "\n").map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertEqual(rows.first, ["id", "kind", "style", "family", "section"])
        let statePath = directory.appendingPathComponent("state.json").path
        XCTAssertEqual(try catalog(["--screenshot", directory.appendingPathComponent("s.png").path, "--qa-state", statePath]).status, 0)
        let fields = try state("state.json").fields
        XCTAssertEqual(rows.dropFirst().map { $0[0] }, fields.map(\.id), "every id of the scene, in its order")
        for (row, field) in zip(rows.dropFirst(), fields) {
            XCTAssertEqual(row.count, 5, "\(row)")
            XCTAssertEqual(Array(row[1...3]), [field.kind, field.style, field.family], field.id)
        }
        let byID = Dictionary(uniqueKeysWithValues: rows.dropFirst().map { ($0[0], $0) })
        XCTAssertEqual(byID["filled-area"]?[1], "textArea")
        XCTAssertEqual(byID["outlined-label"]?[1], "textField")
        XCTAssertEqual(byID["rag-outline"]?[3], "rag")
        XCTAssertEqual(byID["plain-line"]?[3], "plain")
        XCTAssertEqual(byID["outlined-label"]?[4], "material")
        XCTAssertEqual(byID["plain-line"]?[4], "uikit-rag")
        XCTAssertEqual(byID["intl-hebrew"]?[4], "international")
    }

    /// A golden taken with the caret shown, judged against a run where it blinked off: the exact
    /// default fails; a count of differing pixels above the caret's passes and one below it fails
    /// with the figures; a caret mask passes, and the golden and the diff show the mask in cyan.
    func testToleranceAndMasksJudgeAShotWithTheirFigures() throws {
        let goldens = directory.appendingPathComponent("goldens").path, failures = directory.appendingPathComponent("failures").path
        let record = try script("record.qa", """
            click filled-label
            type Ada
            settle
            screenshot caret.png filled-label
            screenshot caret-masked.png filled-label mask caret
            screenshot exact.png filled-label
            """)
        let recorded = try catalog(["--script", record, "--goldens", goldens, "--update-goldens"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        // The recorded golden shows what is masked: a cyan box where the caret is.
        let masked = try RGBAImage.readPNG(from: goldens + "/caret-masked.png")
        let cyan = (0..<(masked.width * masked.height)).filter { masked.pixel(x: $0 % masked.width, y: $0 / masked.width) == (0, 255, 255, 255) }
        XCTAssertGreaterThan(cyan.count, 20, "the caret's mask is painted into the golden")

        // 700 ms later the caret has blinked off (it shows for 500 ms of each second).
        let blinked = """
            click filled-label
            type Ada
            settle
            wait 700

            """
        let blinkedOff = try script("blinked.qa", blinked + """
            screenshot caret.png filled-label tolerance 0 200
            screenshot caret-masked.png filled-label mask caret
            screenshot exact.png filled-label
            """)
        let failing = try script("failing.qa", blinked + """
            screenshot caret.png filled-label tolerance 0 5
            screenshot caret-masked.png filled-label
            """)
        let pass = try catalog(["--script", blinkedOff, "--goldens", goldens, "--failures", failures])
        XCTAssertEqual(pass.status, 3, "the exact shot fails: the caret blinked off")
        let lines = pass.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, pass.stderr)
        XCTAssertTrue(lines[0].hasPrefix("\(blinkedOff):7: exact: "), pass.stderr)
        XCTAssertTrue(pass.stdout.contains("shots: 2 of 3 match their goldens"), pass.stdout)
        // How far the caret's pixels are off, for the failing run's figures.
        let figures = try XCTUnwrap(lines[0].range(of: "exact: "), pass.stderr)
        let differing = try XCTUnwrap(Int(lines[0][figures.upperBound...].prefix { $0.isNumber }), pass.stderr)
        XCTAssertGreaterThan(differing, 5)
        XCTAssertLessThanOrEqual(differing, 200)

        let fail = try catalog(["--script", failing, "--goldens", goldens, "--failures", failures])
        XCTAssertEqual(fail.status, 3, fail.stderr)
        XCTAssertTrue(fail.stderr.contains("\(failing):5: caret: \(differing) pixels differ (most by "), fail.stderr)
        XCTAssertTrue(fail.stderr.contains("(tolerance 0 per channel, 5 differing pixels allowed)"), fail.stderr)
        // Unmasked, the golden's cyan box is a difference.
        XCTAssertTrue(fail.stderr.contains("\(failing):6: caret-masked: "), fail.stderr)
        // And masked in the run, the diff image shows the mask in cyan and no difference.
        let diff = try RGBAImage.readPNG(from: failures + "/exact.diff.png")
        XCTAssertTrue((0..<diff.width).contains { x in (0..<diff.height).contains { diff.pixel(x: x, y: $0) == (255, 0, 255, 255) } },
                      "the exact shot's diff marks the caret in magenta")
    }

    /// A mask by part, added to a shot whose golden has none: the text typed differently passes
    /// under `mask text` with no tolerance (the masked pixels are not compared, whatever the
    /// golden has there); under a caret mask it fails, and the diff image shows the mask in cyan
    /// beside the difference in magenta.
    func testATextMaskHidesTheTextAndTheDiffShowsTheMask() throws {
        let goldens = directory.appendingPathComponent("goldens").path, failures = directory.appendingPathComponent("failures").path
        let record = try script("record.qa", "click outlined-label\ntype Ada\nsettle\nscreenshot o.png outlined-label\n")
        XCTAssertEqual(try catalog(["--script", record, "--goldens", goldens, "--update-goldens"]).status, 0)
        let check = try script("check.qa", "click outlined-label\ntype Bob\nsettle\nscreenshot o.png outlined-label mask text tolerance 0 0\n")
        let result = try catalog(["--script", check, "--goldens", goldens, "--failures", failures])
        XCTAssertEqual(result.status, 0, "the only difference, the text, is masked: \(result.stderr)")
        let caretOnly = try script("caret.qa", "click outlined-label\ntype Bob\nsettle\nscreenshot o.png outlined-label mask caret\n")
        let other = try catalog(["--script", caretOnly, "--goldens", goldens, "--failures", failures])
        XCTAssertEqual(other.status, 3, "with only the caret masked, the text differs")
        XCTAssertTrue(other.stderr.contains(" pixels masked"), other.stderr)
        let diff = try RGBAImage.readPNG(from: failures + "/o.diff.png")
        let colours = Set((0..<(diff.width * diff.height)).map { index -> [UInt8] in
            let pixel = diff.pixel(x: index % diff.width, y: index / diff.width)
            return [pixel.red, pixel.green, pixel.blue]
        })
        XCTAssertTrue(colours.contains([0, 255, 255]), "the caret's mask, in cyan")
        XCTAssertTrue(colours.contains([255, 0, 255]), "the text's difference, in magenta")
    }

    /// The README's element-shot sample runs as written: recorded, then matching its goldens.
    func testTheReadmeElementShotSampleRecordsAndMatches() throws {
        let readme = try String(contentsOf: QAScriptUITests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.range(of: "### Shooting one field"), "the README shows how to shoot one field")
        let start = try XCTUnwrap(readme.range(of: "<<'QA'\n", range: section.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "\nQA\n", range: start.upperBound..<readme.endIndex))
        let sample = String(readme[start.upperBound..<end.lowerBound])
        XCTAssertTrue(sample.contains(" mask ") && sample.contains(" tolerance ") && sample.contains(" margin "), sample)
        let path = try script("readme.qa", sample + "\n")
        let goldens = directory.appendingPathComponent("goldens").path
        let recorded = try catalog(["--script", path, "--goldens", goldens, "--update-goldens"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let compared = try catalog(["--script", path, "--goldens", goldens])
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertTrue(compared.stdout.contains("shots: 3 of 3 match their goldens"), compared.stdout)
    }

    /// `--screenshot`'s errors are the command line's: no line of the script it runs inside, and
    /// advice in its options' words (status 1: the command was sound, the shot could not be taken).
    func testTheCommandLinesShotErrorsSpeakOfItsOptions() throws {
        let file = directory.appendingPathComponent("a-file").path
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        for (arguments, message) in [
            (["--size", "1x1", "--field", "outlined-label", "--screenshot", directory.appendingPathComponent("x.png").path],
             "--screenshot: outlined-label ("),
            (["--field", "outlined-label", "--screenshot", file + "/t.png"], "--screenshot: cannot write PNG '\(file)/t.png': Not a directory"),
        ] {
            let result = try catalog(arguments)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("textfield-catalog: " + message), result.stderr)
            XCTAssertFalse(result.stderr.contains("--screenshot:2:"), result.stderr)
            XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
            if arguments.first == "--size" {
                XCTAssertTrue(result.stderr.hasSuffix("is not wholly inside the 1x1 window: give a --size it fits in, or leave --size out "
                                                      + "(the window is then as tall as the page)\n"), result.stderr)
            }
        }
        let audit = try catalog(["--audit", "filled-label", "--audit-json", file + "/a.json"])
        XCTAssertEqual(audit.status, 1, audit.stderr)
        XCTAssertEqual(audit.stderr, "textfield-catalog: --audit-json: cannot write '\(file)/a.json': Not a directory\n", "said once")
    }

    /// Bad ids and bad options: each script fails on its own line with what was expected.
    func testBadIdsAndOptionsSayWhatWasExpected() throws {
        let cases: [(String, String)] = [
            ("screenshot x.png outlined-lable\n", ":1: screenshot: no field 'outlined-lable'; did you mean 'outlined-label'?"),
            ("screenshot x.png matrial\n", ":1: screenshot: no field 'matrial'; did you mean 'material'?"),
            ("screenshot x.png filled-label mask filled-labl:caret\n", ":1: screenshot: mask: no field 'filled-labl'; did you mean 'filled-label'?"),
            ("screenshot x.png filled-label mask material:caret\n", ":1: screenshot: mask material:caret: material is a section; parts are a field's"),
            ("screenshot x.png mask caret\n", ":1: screenshot: mask caret: the shot names no field and none is focused; say whose it is (mask ID:caret)"),
            ("screenshot x.png material\n", ":1: screenshot: material (0 0 760 2404) is not wholly inside the 760x720 window: scroll a field into view (`focus ID`, `--focus`) or make the window larger (`resize`, `--size`; the whole page is 760x5602)"),
            ("screenshot x.png filled-label tolerance 2\n", ":1: screenshot: tolerance needs two numbers"),
            ("screenshot x.png filled-label mask filled-label:glyph\n", ":1: screenshot: mask 'filled-label:glyph': 'glyph' is not a part (parts: caret, text, label, assistive, icons, affixes)"),
            ("screenshot x.png 0 0 10 10 margin 4\n", ":1: screenshot: margin is around a field or section"),
            ("screenshot x.png filled-label mask carret\n", ":1: screenshot: mask 'carret': no part or field has that name; did you mean the part 'caret'?"),
            ("scrennshot x.png filled-label\n", ":1: unknown step 'scrennshot'; did you mean 'screenshot'? (steps: "),
        ]
        var arguments: [String] = []
        var paths: [String] = []
        for (index, (text, _)) in cases.enumerated() {
            let path = try script("bad-\(index).qa", text)
            paths.append(path)
            arguments += ["--script", path]
        }
        let result = try catalog(arguments + ["--output-dir", directory.path])
        XCTAssertEqual(result.status, 3)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, cases.count, result.stderr)
        for ((_, message), (path, line)) in zip(cases, zip(paths, lines)) {
            XCTAssertTrue(line.hasPrefix(path + message), "\(line)\nwanted \(path + message)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("x.png").path))
        // The command line: a wrong --field, --margin alone.
        let png = directory.appendingPathComponent("f.png").path
        let wrong = try catalog(["--screenshot", png, "--field", "outlined-lable"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.hasPrefix("textfield-catalog: --field: no field 'outlined-lable'; did you mean 'outlined-label'?"),
                      wrong.stderr)
        let margin = try catalog(["--screenshot", png, "--margin", "8"])
        XCTAssertEqual(margin.status, 2)
        XCTAssertTrue(margin.stderr.hasPrefix("textfield-catalog: --margin goes with --field ID"), margin.stderr)
    }
}
