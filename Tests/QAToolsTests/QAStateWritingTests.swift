import Foundation
import MaterialFields
import QATools
import XCTest

/// How the live QA state reaches its file: its text made again only where it changed
/// (`QAStateText`), written on a thread where a newer state replaces one not yet written and the
/// newest is always written (`NewestJobThread`), and the file replaced whole (`SystemFiles.write`).
final class QAStateWritingTests: XCTestCase {
    /// A document shaped as the catalog's: members either side of the field list.
    private struct Document: Encodable, Equatable {
        struct Window: Encodable, Equatable {
            var width: Double
            var focused: Bool
        }
        var theme: String
        var window: Window
        var fields: [FieldSnapshot]
        var menu: [String]
    }

    private func snapshots(texts: [String]) -> [FieldSnapshot] {
        let fields = texts.indices.map { TextField(identifier: "f\($0)", style: .filled, label: "F\($0)") }
        for (field, text) in zip(fields, texts) { field.text = text }
        let scene = FieldScene(fields: fields, scheme: .light)
        scene.resize(to: Size(width: 400, height: 600), measurer: HalfEmMeasurer())
        return scene.snapshot()
    }

    /// The text made from the last one, checked against the whole document encoded at once.
    private func written(_ text: QAStateText<Document>, _ document: Document, file: StaticString = #filePath, line: UInt = #line) {
        var rest = document
        rest.fields = []
        let made = text.text(rest: rest, fields: document.fields)
        XCTAssertEqual(made, try JSONValue(encoding: document).prettyPrinted, file: file, line: line)
    }

    func testAFieldWhoseSnapshotDidNotChangeAndAnUnchangedRestAreNotEncodedAgain() {
        let text = QAStateText<Document>(fieldsKey: "fields")
        var document = Document(theme: "light", window: .init(width: 760, focused: true),
                                fields: snapshots(texts: ["a", "b", "c", "d"]), menu: ["Cut", "Copy"])
        written(text, document)
        XCTAssertEqual(text.fieldEncodings, 4)
        XCTAssertEqual(text.restEncodings, 1)
        // The same state again: nothing encoded
        written(text, document)
        XCTAssertEqual(text.fieldEncodings, 4)
        XCTAssertEqual(text.restEncodings, 1)
        // One field typed into: that field alone
        document.fields[2] = snapshots(texts: ["a", "b", "cx", "d"])[2]
        written(text, document)
        XCTAssertEqual(text.fieldEncodings, 5)
        XCTAssertEqual(text.restEncodings, 1)
        // The window changed: the rest alone
        document.window.focused = false
        written(text, document)
        XCTAssertEqual(text.fieldEncodings, 5)
        XCTAssertEqual(text.restEncodings, 2)
        // A field fewer, then every field new
        document.fields.removeLast()
        written(text, document)
        document.fields = snapshots(texts: ["p", "q", "r"])
        written(text, document)
        XCTAssertEqual(text.fieldEncodings, 8)
    }

    func testAStateSubmittedWhileOneIsWrittenReplacesThoseWaitingAndTheNewestIsAlwaysWritten() {
        let thread = NewestJobThread()
        let lock = NSLock()
        var written: [Int] = []
        func write(_ state: Int) { lock.lock(); written.append(state); lock.unlock() }
        let started = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        // A slow write under way
        thread.submit { started.signal(); release.wait(); write(1) }
        started.wait()
        // Four states taken while it runs
        for state in 2...5 { thread.submit { write(state) } }
        release.signal()
        thread.waitUntilIdle()
        XCTAssertEqual(written, [1, 5])
        // And one more after it, alone
        thread.submit { write(6) }
        thread.waitUntilIdle()
        XCTAssertEqual(written, [1, 5, 6])
    }

    func testTheFileIsReplacedWholeAReaderOfTheOldOneReadsItWholeAndNoPartialFileIsLeft() throws {
        let folder = NSTemporaryDirectory() + "qa-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/state.json"
        let old = String(repeating: "{\"old\": true}\n", count: 4096)
        try SystemFiles.write(old, to: path)
        // A reader that opened the file before the new state was written
        let reader = try XCTUnwrap(FileHandle(forReadingAtPath: path))
        defer { try? reader.close() }
        let new = "{\"new\": true}\n"
        try SystemFiles.write(new, to: path)
        XCTAssertEqual(String(decoding: reader.readDataToEndOfFile(), as: UTF8.self), old)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), new)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["state.json"])
    }
}
