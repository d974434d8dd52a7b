import Foundation
import XCTest
import TestHarness

/// The catalog's password field on a real X server, typed into with real keys: its text never
/// reaches the QA state file, stdout or stderr, the pixels do not depend on it, and once it is
/// cleared no copy of it is left in the process's writable memory.
final class SecretUITests: XCTestCase {
    /// Long enough that every String holding it lives on the heap (more than 15 UTF-8 bytes),
    /// and unlike anything else in the catalog.
    private let secret = "Vq3Zk8Wm2Xj7Rp4Lc"
    private let otherSecret = "tB6yHn1Gd9Fs5Ew3U"

    private struct QA: Decodable {
        struct Field: Decodable {
            var id: String, text: String, secure: Bool?, selection: [Int], focused: Bool
            var accessibilityLabel: String, frame: [Double]
        }
        var fields: [Field]
        func field(_ id: String) -> Field { fields.first { $0.id == id }! }
    }

    private func tallCatalog() throws -> CatalogApp {
        try CatalogApp(arguments: ["--size", "900x2420"], screenSize: (1024, 2420))
    }

    /// The QA file's raw text, checked for the secret every time it is read, and decoded.
    private func qa(_ app: CatalogApp) throws -> QA {
        let data = try Data(contentsOf: URL(fileURLWithPath: app.statePath))
        let raw = String(decoding: data, as: UTF8.self)
        XCTAssertFalse(raw.contains(secret) || raw.contains(otherSecret), "the QA state holds the secret")
        return try JSONDecoder().decode(QA.self, from: data)
    }

    @discardableResult
    private func expect(_ app: CatalogApp, _ what: String, timeout: TimeInterval = 8,
                        _ condition: (QA.Field) -> Bool) throws -> QA.Field {
        var last: QA.Field?
        _ = waitUntil(timeout: timeout) {
            guard let field = try? qa(app).field("filled-password") else { return false }
            last = field
            return condition(field)
        }
        guard let last, condition(last) else {
            throw HarnessError("filled-password: \(what) never held; last \(String(describing: last))")
        }
        return last
    }

    /// Types `text` into the password field in place of what it holds.
    private func replacePassword(_ app: CatalogApp, with text: String) throws {
        try app.click(field: "filled-password", atFraction: 0.3)
        try expect(app, "focused") { $0.focused }
        try app.key("ctrl+a")
        try expect(app, "all selected") { $0.selection[0] == 0 && $0.selection[1] > 0 }
        try app.type(text)
        let dots = String(repeating: "\u{2022}", count: text.count)
        let field = try expect(app, "\(text.count) dots") { $0.text == dots }
        XCTAssertEqual(field.secure, true)
        XCTAssertEqual(field.selection, [text.count, text.count], "the caret's offset is still told")
        XCTAssertEqual(field.accessibilityLabel, "Password, " + dots)
    }

    /// `text` as the model's `[Character]` buffer holds it: a 16-byte slot a grapheme, its
    /// bytes inline (as this process's Swift runtime lays a Character out, the catalog's too).
    private func characterSlots(of text: String) -> Data {
        var slots = Data()
        for character in text { withUnsafeBytes(of: character) { slots.append(contentsOf: $0) } }
        return slots
    }

    /// Every writable mapping of `pid` that can be read, searched for `needle`; the addresses of
    /// the hits and how many bytes were searched.
    private func scanWritableMemory(of pid: Int32, for needle: String) throws -> (hits: [String], bytes: Int) {
        try scanWritableMemory(of: pid, for: Data(needle.utf8))
    }

    private func scanWritableMemory(of pid: Int32, for pattern: Data) throws -> (hits: [String], bytes: Int) {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        let memory = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/mem"))
        defer { try? memory.close() }
        var hits: [String] = [], searched = 0
        for line in maps.split(separator: "\n") {
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            guard columns.count >= 2, columns[1].hasPrefix("rw") else { continue }
            let bounds = columns[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            guard bounds.count == 2, bounds[1] > bounds[0] else { continue }
            // [vvar] and guard pages refuse reads: skip what cannot be read.
            guard (try? memory.seek(toOffset: bounds[0])) != nil,
                  let data = try? memory.read(upToCount: Int(bounds[1] - bounds[0])) else { continue }
            searched += data.count
            var from = data.startIndex
            while let range = data.range(of: pattern, in: from..<data.endIndex) {
                hits.append(String(bounds[0] + UInt64(range.lowerBound - data.startIndex), radix: 16) + " in " + line)
                from = range.upperBound
            }
        }
        return (hits, searched)
    }

    func testATypedPasswordNeverReachesTheQAStateOrTheLogsAndNoCopyOutlivesClearingIt() throws {
        // Given the catalog with a secret typed into the password field
        let app = try tallCatalog()
        try replacePassword(app, with: secret)
        let pid = app.process.processIdentifier
        // The scan sees the process at all: the field's label is in its writable memory.
        XCTAssertFalse(try scanWritableMemory(of: pid, for: "Secure entry with its eye").hits.isEmpty,
                       "the scan does not see the catalog's heap")

        // When the user deletes it all
        try app.key("ctrl+a", "BackSpace")
        try expect(app, "empty") { $0.text.isEmpty }
        // Nothing renders or rewrites the state any more: what is in memory now stays.
        usleep(300_000)

        // Then no copy of it is left anywhere the process can write: neither as a string nor as
        // the slots of a Character array (where the field kept it)
        let scan = try scanWritableMemory(of: pid, for: secret)
        XCTAssertGreaterThan(scan.bytes, 1 << 20)
        XCTAssertEqual(scan.hits, [], "copies of the secret outlived clearing it")
        XCTAssertEqual(try scanWritableMemory(of: pid, for: characterSlots(of: secret)).hits, [],
                       "the secret's Character slots outlived clearing it")

        // And nothing the catalog printed holds it
        try app.requestClose()
        XCTAssertEqual(app.waitForExit(timeout: 10), 0)
        XCTAssertFalse(app.standardError.contains(secret), app.standardError)
        XCTAssertFalse(app.standardOutput.contains(secret), app.standardOutput)
    }

    func testTwoPasswordsOfOneLengthShowTheSamePixels() throws {
        // Given a secret typed into the password field, editing ended (no caret, no blink)
        let app = try tallCatalog()
        func shot(of text: String) throws -> (pixels: [UInt8], ink: Int) {
            try replacePassword(app, with: text)
            try app.key("Escape")
            let field = try expect(app, "not focused") { !$0.focused }
            // The label and the indicator take 150 ms to settle.
            usleep(500_000)
            let image = try app.capture(PixelRegion(frame: field.frame))
            return (image.pixels, image.count { isTextInk($0) })
        }
        let first = try shot(of: secret)
        XCTAssertGreaterThan(first.ink, 40, "no dots drawn")

        // When another secret of as many graphemes replaces it, its letters quite unlike
        let second = try shot(of: otherSecret)

        // Then the field's pixels are the same, byte for byte
        XCTAssertEqual(second.ink, first.ink)
        XCTAssertTrue(second.pixels == first.pixels, "the pixels depend on the secret")
    }
}
