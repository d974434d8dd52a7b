import Foundation
import XCTest
import TestHarness

/// `textfield-catalog --restore PATH` through the real binary on a real X server: what is typed,
/// selected, scrolled and focused comes back in the next catalog started with the same PATH; a
/// password's text never reaches PATH; a bad PATH gives one warning and the defaults, and is kept.
final class RestoreUITests: XCTestCase {
    private var directory: URL!
    private var path: String { directory.appendingPathComponent("fields.json").path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The QA state's view this test needs.
    private struct QA: Decodable {
        struct Field: Decodable { var id: String; var text: String; var selection: [Int]; var focused: Bool; var state: String; var frame: [Double] }
        struct Window: Decodable { var height: Double }
        var fields: [Field]
        var window: Window
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    /// The restore file as JSON (fields by id, focused), and its raw text.
    private func restoreFile() throws -> (fields: [String: [String: Any]], focused: String?, raw: String) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return (object["fields"] as? [String: [String: Any]] ?? [:], object["focused"] as? String, String(decoding: data, as: UTF8.self))
    }

    /// Every field of one column in the window, and the private screen as tall.
    private func tallCatalog() throws -> CatalogApp {
        try CatalogApp(arguments: ["--restore", path, "--size", "900x2420"], screenSize: (1024, 2420))
    }

    @discardableResult
    private func expect(_ app: CatalogApp, _ what: String, timeout: TimeInterval = 10, _ condition: (QA) -> Bool) throws -> QA {
        guard let state = app.waitForState(as: QA.self, timeout: timeout, condition) else {
            throw HarnessError("\(what) never held in the QA state")
        }
        return state
    }

    func testTextSelectionScrollAndFocusComeBackInTheNextCatalog() throws {
        let first = try tallCatalog()
        // Typed and selected backwards (anchor after head).
        try first.click(field: "filled-label")
        try expect(first, "filled-label focused") { $0.field("filled-label").focused }
        try first.type("hello restore")
        try first.key("shift+Left", "shift+Left")
        try expect(first, "the selection") { $0.field("filled-label").selection == [11, 13] }
        // A password typed over: never saved.
        try first.click(field: "filled-password", atFraction: 0.3)
        try expect(first, "filled-password focused") { $0.field("filled-password").focused }
        try first.key("ctrl+a")
        try first.type("Kx7secret9")
        try expect(first, "the password typed") { $0.field("filled-password").text.count == 10 }
        // A text area scrolled to its last rows by its caret, then left (it keeps its scroll).
        try first.click(field: "filled-area-long")
        try expect(first, "filled-area-long focused") { $0.field("filled-area-long").focused }
        try first.key("ctrl+End")
        let areaLength = try first.state(as: QA.self).field("filled-area-long").text.count
        try expect(first, "the area's caret at its end") { $0.field("filled-area-long").selection == [areaLength, areaLength] }
        // Last, a long line scrolled to its end, the caret three back: the field left focused.
        try first.click(field: "filled-long", atFraction: 0.2)
        try expect(first, "filled-long focused") { $0.field("filled-long").focused }
        try first.key("End", "Left", "Left", "Left")
        let length = try first.state(as: QA.self).field("filled-long").text.count
        try expect(first, "the caret three back") { $0.field("filled-long").selection == [length - 3, length - 3] }
        try first.key("ctrl+q")
        XCTAssertEqual(first.waitForExit(timeout: 20), 0, "Ctrl+Q closes the window")

        let saved = try restoreFile()
        XCTAssertEqual(saved.focused, "filled-long")
        XCTAssertEqual(saved.fields["filled-label"]?["text"] as? String, "hello restore")
        XCTAssertEqual(saved.fields["filled-label"]?["selection"] as? [Int], [13, 11], "anchor, then head")
        XCTAssertNil(saved.fields["filled-password"], "a secure field is not written")
        XCTAssertFalse(saved.raw.contains("Kx7secret9") || saved.raw.contains("hunter2"), "no password reaches the file")
        let areaScroll = try XCTUnwrap(saved.fields["filled-area-long"]?["scroll"] as? Double)
        let lineScroll = try XCTUnwrap(saved.fields["filled-long"]?["scroll"] as? Double)
        XCTAssertGreaterThan(areaScroll, 0, "the caret scrolled the area")
        XCTAssertGreaterThan(lineScroll, 0, "End scrolled the line")

        let second = try tallCatalog()
        let restored = try expect(second, "the fields restored") { $0.field("filled-long").focused }
        XCTAssertEqual(restored.field("filled-label").text, "hello restore")
        XCTAssertEqual(restored.field("filled-label").selection, [11, 13])
        XCTAssertFalse(restored.field("filled-label").focused)
        XCTAssertEqual(restored.field("filled-long").state, "editing")
        XCTAssertEqual(restored.field("filled-long").selection, [length - 3, length - 3], "the caret where it was, not all selected")
        XCTAssertEqual(restored.field("filled-password").text, String(repeating: "\u{2022}", count: 7), "the catalog's own password")

        // Typing saves within a second or so, while the window runs (a catalog killed then
        // keeps it): the scrolls written are the restored ones, kept through the key.
        try second.type("!")
        XCTAssertTrue(waitUntil(timeout: 10) { ((try? self.restoreFile())?.fields["filled-long"]?["text"] as? String)?.contains("!") == true },
                      "saved after the change, before the window closed")
        let afterKey = try restoreFile()
        XCTAssertEqual(afterKey.fields["filled-area-long"]?["scroll"] as? Double, areaScroll)
        XCTAssertEqual(try XCTUnwrap(afterKey.fields["filled-long"]?["scroll"] as? Double), lineScroll, accuracy: 0.5,
                       "the line kept the scroll it came back with (revealing the caret alone would have scrolled less)")

        // SIGTERM saves too, and ends with 128 + 15.
        try second.type("?")
        try expect(second, "the second key") { $0.field("filled-long").text.contains("!?") }
        second.process.terminate()
        XCTAssertEqual(second.waitForExit(timeout: 20), 143)
        XCTAssertEqual(try restoreFile().fields["filled-long"]?["text"] as? String,
                       try second.state(as: QA.self).field("filled-long").text)
    }

    func testACutShortFileGivesOneWarningTheDefaultsAndIsKept() throws {
        let corrupt = "{\"format\": \"textfield-catalog fields\", \"version\": 1, \"fields\": {\"filled-label\": {\"text\": \"abc\", \"selection\": [1,"
        try corrupt.write(toFile: path, atomically: true, encoding: .utf8)
        let app = try CatalogApp(arguments: ["--restore", path])
        let state = try expect(app, "the catalog up") { _ in true }
        XCTAssertEqual(state.field("filled-label").text, "", "the catalog's default")
        XCTAssertFalse(state.fields.contains { $0.focused })
        try app.click(field: "filled-label")
        try app.type("fresh")
        try expect(app, "typed") { $0.field("filled-label").text == "fresh" }
        try app.key("ctrl+q")
        XCTAssertEqual(app.waitForExit(timeout: 20), 0)

        let lines = app.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertEqual(lines.first.map(String.init),
                       "textfield-catalog: warning: --restore '\(path)': it ends before its JSON does (cut short?); the fields start "
                       + "as the catalog has them, and the file is kept as '\(path).bad' when the fields are next saved")
        XCTAssertEqual(try String(contentsOfFile: path + ".bad", encoding: .utf8), corrupt, "nothing lost")
        XCTAssertEqual(try restoreFile().fields["filled-label"]?["text"] as? String, "fresh")
    }

    /// The file is the user's: a link to it stays a link (the target is rewritten), its
    /// permission bits stay, an empty file is a first start and a new file is for its owner alone.
    /// The field that had the keyboard opens in view, as with `--focus`.
    func testALinkIsWrittenThroughTheModeKeptAnEmptyFileIsAFirstStartAndANewFileIs0600() throws {
        let files = FileManager.default
        func permissions(_ path: String) throws -> Int { try (files.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)!.intValue }
        // A link (relative, into a folder) to a 0640 file whose focused text area lies below the fold.
        let real = directory.appendingPathComponent("real")
        try files.createDirectory(at: real, withIntermediateDirectories: true)
        let target = real.appendingPathComponent("day.json").path
        try """
            {"format": "textfield-catalog fields", "version": 1, "focused": "filled-area-long",
             "fields": {"filled-area-long": {"text": "one\\ntwo\\nthree\\nfour\\nfive\\nsix\\nseven", "selection": [0, 0], "scroll": 0}}}
            """.write(toFile: target, atomically: true, encoding: .utf8)
        try files.setAttributes([.posixPermissions: 0o640], ofItemAtPath: target)
        try files.createSymbolicLink(atPath: path, withDestinationPath: "real/day.json")
        let linked = try CatalogApp(arguments: ["--restore", path])
        let opened = try expect(linked, "the area restored, focused") { $0.field("filled-area-long").focused }
        let frame = opened.field("filled-area-long").frame
        XCTAssertTrue(frame[1] >= 0 && frame[1] + frame[3] <= opened.window.height,
                      "the focused area \(frame) is wholly in the \(opened.window.height) px window")
        try linked.type("x")
        try expect(linked, "typed") { $0.field("filled-area-long").text.hasPrefix("xone") }
        try linked.key("ctrl+q")
        XCTAssertEqual(linked.waitForExit(timeout: 20), 0)
        XCTAssertEqual(try files.destinationOfSymbolicLink(atPath: path), "real/day.json", "still the link")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).contains("xone"), "the target rewritten")
        XCTAssertEqual(try permissions(target), 0o640)
        XCTAssertEqual(linked.standardError, "")

        // An empty file (`touch`): no warning, no .bad, its mode kept.
        let empty = directory.appendingPathComponent("empty.json").path
        XCTAssertTrue(files.createFile(atPath: empty, contents: Data(), attributes: [.posixPermissions: 0o604]))
        // A missing file: made for its owner alone.
        let fresh = directory.appendingPathComponent("new/fresh.json").path
        for file in [empty, fresh] {
            let app = try CatalogApp(arguments: ["--restore", file])
            try app.click(field: "filled-label")
            try app.type("hi")
            try expect(app, "typed") { $0.field("filled-label").text == "hi" }
            try app.key("ctrl+q")
            XCTAssertEqual(app.waitForExit(timeout: 20), 0)
            XCTAssertEqual(app.standardError, "", file)
            XCTAssertFalse(files.fileExists(atPath: file + ".bad"), file)
            XCTAssertTrue(try String(contentsOfFile: file, encoding: .utf8).contains("\"hi\""), file)
        }
        XCTAssertEqual(try permissions(empty), 0o604)
        XCTAssertEqual(try permissions(fresh), 0o600)
    }

    func testRestoreIsForTheLiveWindowOnly() throws {
        let script = directory.appendingPathComponent("s.qa").path
        try "settle\n".write(toFile: script, atomically: true, encoding: .utf8)
        let withScript = try runCommand(CatalogApp.binaryPath, ["--restore", path, "--script", script], timeout: 60)
        XCTAssertEqual(withScript.status, 2)
        XCTAssertTrue(withScript.stderr.hasPrefix("textfield-catalog: --restore keeps the live window's fields: not with --script"),
                      withScript.stderr)
        let withRecord = try runCommand(CatalogApp.binaryPath, ["--restore", path, "--record", directory.appendingPathComponent("r.qa").path],
                                        timeout: 60)
        XCTAssertEqual(withRecord.status, 2)
        XCTAssertTrue(withRecord.stderr.hasPrefix("textfield-catalog: --restore and --record do not go together"), withRecord.stderr)
        let folder = try runCommand(CatalogApp.binaryPath, ["--restore", directory.path], timeout: 60)
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.hasPrefix("textfield-catalog: --restore wants a file path; '\(directory.path)' is a folder"),
                      folder.stderr)
        let device = try runCommand(CatalogApp.binaryPath, ["--restore", "/dev/null"], timeout: 60)
        XCTAssertEqual(device.status, 2, "a device is neither read without end nor renamed aside")
        XCTAssertTrue(device.stderr.hasPrefix("textfield-catalog: --restore wants a file path; '/dev/null' is not a regular file"),
                      device.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "nothing written")
    }
}
