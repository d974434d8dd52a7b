import Foundation
import XCTest
@testable import MaterialFields

/// The Bidi_Class table generated from the Unicode Character Database (`BidiClassTable.swift`,
/// `Scripts/generate_bidi_classes.py`). XftHostTests compares it with FriBidi code point by code
/// point (FriBidi knows Unicode 10); here every character assigned since is checked against the
/// UCD's own UnicodeData.txt, and the lookup itself is pinned.
final class BidiClassTests: XCTestCase {
    private func bidiClass(_ value: UInt32) -> BidiClass { BidiClass(Unicode.Scalar(value)!) }

    func testTheTableWasGeneratedWithTheEnumsOrderOfClasses() {
        XCTAssertEqual(BidiClass.allCases.map(\.shortName).joined(separator: " "), BidiClass.tableClassOrder)
        XCTAssertEqual(BidiClass.allCases.count, 23)
    }

    func testACharacterOfEveryClassHasIt() {
        let samples: [(UInt32, BidiClass)] = [
            (0x41, .leftToRight), (0x05D0, .rightToLeft), (0x0627, .arabicLetter), (0x31, .europeanNumber),
            (0x2B, .europeanSeparator), (0x25, .europeanTerminator), (0x0661, .arabicNumber), (0x2C, .commonSeparator),
            (0x0301, .nonspacingMark), (0x00AD, .boundaryNeutral), (0x0A, .paragraphSeparator), (0x09, .segmentSeparator),
            (0x20, .whiteSpace), (0x21, .otherNeutral), (0x202A, .leftToRightEmbedding), (0x202D, .leftToRightOverride),
            (0x202B, .rightToLeftEmbedding), (0x202E, .rightToLeftOverride), (0x202C, .popDirectionalFormat),
            (0x2066, .leftToRightIsolate), (0x2067, .rightToLeftIsolate), (0x2068, .firstStrongIsolate),
            (0x2069, .popDirectionalIsolate),
            // Run edges of the search: the first code point past Latin-1, the last of all.
            (0x0100, .leftToRight), (0x10FFFD, .leftToRight), (0x200F, .rightToLeft), (0x061C, .arabicLetter),
        ]
        for (value, expected) in samples {
            XCTAssertEqual(bidiClass(value), expected, "U+\(String(value, radix: 16, uppercase: true))")
        }
        XCTAssertEqual(Set(samples.map(\.1)).count, 23)
    }

    /// Every assigned character has the class UnicodeData.txt gives it (its fifth field), read
    /// from Debian's unicode-data (`./run.sh test` installs it), a file the generator never reads.
    func testEveryAssignedCharacterHasTheClassOfTheUnicodeCharacterDatabase() throws {
        let folder = "/usr/share/unicode"
        guard let data = FileManager.default.contents(atPath: folder + "/UnicodeData.txt"),
              let derived = FileManager.default.contents(atPath: folder + "/extracted/DerivedBidiClass.txt") else {
            XCTFail("no Unicode Character Database in \(folder): install Debian's unicode-data (./run.sh test does)")
            return
        }
        // The same Unicode version as the table, or there is nothing to compare.
        let header = String(decoding: derived.prefix(64), as: UTF8.self)
        let table = "\(BidiClass.tableUnicodeVersion.major).\(BidiClass.tableUnicodeVersion.minor)."
        guard header.hasPrefix("# DerivedBidiClass-" + table) else {
            throw XCTSkip("this machine's UCD is not Unicode \(table)x, the table's: \(header.prefix { $0 != "\n" })")
        }
        let classes = Dictionary(uniqueKeysWithValues: BidiClass.allCases.map { ($0.shortName, $0) })
        var checked = 0, wrong: [String] = []
        var rangeStart: UInt32?
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count > 4, let value = UInt32(fields[0], radix: 16), let expected = classes[String(fields[4])] else {
                XCTFail("not a UnicodeData.txt line: \(line)")
                continue
            }
            // A range is two lines, "<..., First>" and "<..., Last>".
            if fields[1].hasSuffix(", First>") { rangeStart = value; continue }
            let first = fields[1].hasSuffix(", Last>") ? rangeStart ?? value : value
            rangeStart = nil
            for code in first...value {
                guard let scalar = Unicode.Scalar(code) else { continue }
                checked += 1
                let found = BidiClass(scalar)
                if found != expected, wrong.count < 20 {
                    wrong.append("U+\(String(code, radix: 16, uppercase: true)): \(found.shortName), not \(expected.shortName)")
                }
            }
        }
        XCTAssertEqual(wrong, [])
        // Unicode 15.0 assigns 149,186 characters, and 137,468 more for private use.
        XCTAssertGreaterThan(checked, 280_000)
    }

    func testUnassignedCodePointsTakeTheDefaultsOfTheirBlocks() {
        XCTAssertEqual(bidiClass(0x05FF), .rightToLeft, "Hebrew block")
        XCTAssertEqual(bidiClass(0x07BF), .arabicLetter, "Thaana block")
        XCTAssertEqual(bidiClass(0x20CF), .europeanTerminator, "Currency Symbols block")
        XCTAssertEqual(bidiClass(0xFDD0), .boundaryNeutral, "a noncharacter")
        XCTAssertEqual(bidiClass(0x10FFFF), .boundaryNeutral, "a noncharacter")
        XCTAssertEqual(bidiClass(0xE0080), .boundaryNeutral, "default ignorable")
        XCTAssertEqual(bidiClass(0x50000), .leftToRight, "anywhere else")
        XCTAssertEqual(bidiClass(0x1EFFF), .rightToLeft, "the last right-to-left block")
    }

    func testTheSpansOfRightToLeftOpenersMissNone() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if BidiClass.mayOpenRightToLeft(scalar) != BidiClass(scalar).mayOpenRightToLeft { wrong.append(value) }
        }
        XCTAssertEqual(wrong, [])
    }
}
