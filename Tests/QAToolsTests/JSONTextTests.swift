import Foundation
import MaterialFields
import QATools
import XCTest

/// The QA tools write and read JSON without Foundation (the catalog's process keeps it out);
/// Foundation, here in the tests only, is the reference they must agree with.
final class JSONTextTests: XCTestCase {
    private struct Sample: Encodable {
        struct Inner: Encodable { var x: Double; var flags: [Bool]; var note: String? }
        var name: String
        var count: Int
        var ratio: Double
        var tiny: Double
        var huge: Double
        var negative: Double
        var nothing: String?
        var inner: Inner
        var list: [Inner]
        var empty: [Int]
        var emptyObject: [String: Int]
        var map: [String: Int]
        var selection: TextSelection
        var state: FieldState
    }

    private let sample = Sample(
        name: "Ada \"Countess\" \\ Lovelace\n\ttab / slash \u{1} é 🙂 ש", count: -42, ratio: 0.1, tiny: 1e-7, huge: 1.5e300,
        negative: -12.25, nothing: nil, inner: .init(x: 3, flags: [true, false], note: nil),
        list: [.init(x: 0.5, flags: [], note: "n"), .init(x: -0, flags: [true], note: nil)], empty: [], emptyObject: [:],
        map: ["b": 2, "a": 1, "é": 3], selection: TextSelection(anchor: 2, head: 5), state: .editing)

    func testTheWriterLaysOutWhatJSONEncoderDoesWithTheCatalogsOptions() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let reference = try XCTUnwrap(JSONSerialization.jsonObject(with: encoder.encode(sample)) as? NSDictionary)
        let written = try JSONValue(encoding: sample).prettyPrinted
        let reread = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary)
        XCTAssertEqual(reread, reference)
        // The layout too, where both agree on how a number is spelled.
        let simple = Sample.Inner(x: 3, flags: [true, false], note: "a/b")
        XCTAssertEqual(try JSONValue(encoding: ["k": simple, "j": simple]).prettyPrinted,
                       String(decoding: try encoder.encode(["k": simple, "j": simple]), as: UTF8.self))
    }

    func testADocumentPutTogetherFromMembersPrintedApartReadsAsTheWholePrintedAtOnce() throws {
        // The catalog's QA state keeps the text of fields that did not change: the pieces must
        // lay out as the whole would.
        let inner = try JSONValue(encoding: sample.list)
        let whole = JSONValue.object(["list": inner, "name": .string("n"), "none": .array([]), "nested": .object(["deep": inner])])
        let listText = JSONValue.prettyPrintedArray(sample.list.map { try! JSONValue(encoding: $0).prettyPrinted(depth: 2) }, depth: 1)
        let nested = JSONValue.prettyPrintedObject(["deep": inner.prettyPrinted(depth: 2)], depth: 1)
        let assembled = JSONValue.prettyPrintedObject(
            ["name": "\"n\"", "list": listText, "none": JSONValue.prettyPrintedArray([], depth: 1), "nested": nested], depth: 0)
        XCTAssertEqual(assembled, whole.prettyPrinted)
        XCTAssertEqual(JSONValue.prettyPrintedObject([:], depth: 1), JSONValue.object([:]).prettyPrinted(depth: 1))
    }

    func testTheParserReadsWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let text = String(decoding: try encoder.encode(sample), as: UTF8.self)
        let parsed = try XCTUnwrap(JSONValue(parsing: text))
        XCTAssertEqual(parsed, try JSONValue(encoding: sample))
        XCTAssertEqual(parsed.value(at: "name"), JSONValue.string(sample.name))
        XCTAssertEqual(parsed.value(at: "inner.flags.1"), JSONValue.bool(false))
        XCTAssertEqual(parsed.value(at: "selection.head"), JSONValue.number(5))
        XCTAssertNil(parsed.value(at: "nothing"), "a nil optional is left out, as JSONEncoder does")
    }

    func testEscapesAndSurrogatePairsParse() {
        XCTAssertEqual(JSONValue(parsing: #"["a\u00e9\ud83d\ude42\n\/", -1.5e2, true, null, {}]"#),
                       .array([.string("aé🙂\n/"), .number(-150), .bool(true), .null, .object([:])]))
    }

    func testEscapesNextToCombiningMarksAndLongTextsRoundTrip() throws {
        // A quote, a backslash or a newline followed by a combining mark is one Character with it.
        let tricky = "\"\u{301}a\\\u{308}\r\n\u{1}\u{300}é🙂"
        let long = String(repeating: "abc\"def\n", count: 100_000)
        for text in [tricky, long] {
            let written = JSONValue.object(["text": .string(text)]).prettyPrinted
            XCTAssertEqual(JSONValue(parsing: written)?.value(at: "text"), JSONValue.string(text))
            let reference = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: String]
            XCTAssertEqual(reference?["text"], text)
        }
    }

    func testMalformedTextIsNil() {
        for text in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"unterminated", "[1] 2", "{\"a\":1,}", "\"\u{1}\"", "+1",
                     "NaN", "\"\\ud83d\"", String(repeating: "[", count: 10_000)] {
            XCTAssertNil(JSONValue(parsing: text), text.prefix(20).description)
        }
        XCTAssertNil(JSONValue(bytes: [0x22, 0xFF, 0x22]), "bytes that are not UTF-8")
    }

    func testNestedContainersWriteThrough() throws {
        struct Custom: Encodable {
            enum Keys: String, CodingKey { case outer, list }
            enum Inner: String, CodingKey { case value }
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var outer = container.nestedContainer(keyedBy: Inner.self, forKey: .outer)
                try outer.encode(7, forKey: .value)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode("a")
                var element = list.nestedContainer(keyedBy: Inner.self)
                try element.encodeNil(forKey: .value)
                try list.encode(UInt8(3))
            }
        }
        XCTAssertEqual(try JSONValue(encoding: Custom()),
                       .object(["outer": .object(["value": .number(7)]),
                                "list": .array([.string("a"), .object(["value": .null]), .number(3)])]))
    }
}
