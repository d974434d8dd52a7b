import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// The model's Bidi_Class table (generated from the Unicode Character Database) against FriBidi's,
/// and the host answering the model's direction questions with FriBidi's classes.
final class FriBidiClassTests: XCTestCase {
    /// Classes Unicode changed after FriBidi's version (10.0) and before the table's (15.0), as
    /// FriBidi 1.0.8 has them: FriBidi answers either so or as the table does.
    private let changedSinceUnicode10: [UInt32: BidiClass] = [
        // HANUNOO SIGN PAMUDPOD: a non-spacing mark until Unicode 14 made it a spacing mark (L).
        0x1734: .nonspacingMark,
        // JAVANESE CONSONANT SIGN KERET and SHARADA SANDHI MARK: spacing marks (L) before they
        // became non-spacing ones (NSM).
        0xA9BD: .leftToRight,
        0x111C9: .leftToRight,
    ]

    private func version(_ text: String) -> (major: Int, minor: Int) {
        let parts = text.split(separator: ".").map { Int($0) ?? 0 }
        return (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
    }

    func testTheModelsTableAgreesWithFriBidiForEveryAssignedCodePoint() {
        let fribidi = version(FontCache.fribidiUnicodeVersion)
        XCTAssertGreaterThanOrEqual(fribidi.major, 6, "FriBidi \(FontCache.fribidiUnicodeVersion) predates the isolates")
        // Every code point both versions assign (private use included: class L in both).
        let table = BidiClass.tableUnicodeVersion
        let newest = (fribidi.major, fribidi.minor) < (table.major, table.minor) ? fribidi : table
        var compared = 0
        var differences: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                  (age.major, age.minor) <= (newest.major, newest.minor) else { continue }
            compared += 1
            let theirs = FontCache.fribidiClass(of: scalar)
            let ours = BidiClass(scalar)
            if theirs == ours { continue }
            if let old = changedSinceUnicode10[value], theirs == old { continue }
            if differences.count < 40 {
                differences.append("U+\(String(value, radix: 16, uppercase: true)): FriBidi \(theirs?.shortName ?? "?"), table \(ours.shortName)")
            }
        }
        XCTAssertEqual(differences, [], "FriBidi's Unicode \(FontCache.fribidiUnicodeVersion) against the table's \(table)")
        // 274,289 with Unicode 10.0: its characters, controls and noncharacters, and 137,468
        // private-use code points.
        XCTAssertGreaterThan(compared, 270_000)
    }

    func testTheHostAnswersWithFriBidisClasses() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let samples: [(UInt32, BidiClass)] = [
            (0x41, .leftToRight), (0x05D0, .rightToLeft), (0x0627, .arabicLetter), (0x31, .europeanNumber),
            (0x2B, .europeanSeparator), (0x25, .europeanTerminator), (0x0661, .arabicNumber), (0x2C, .commonSeparator),
            (0x0301, .nonspacingMark), (0x00AD, .boundaryNeutral), (0x0A, .paragraphSeparator), (0x09, .segmentSeparator),
            (0x20, .whiteSpace), (0xBF, .otherNeutral), (0x202A, .leftToRightEmbedding), (0x202D, .leftToRightOverride),
            (0x202B, .rightToLeftEmbedding), (0x202E, .rightToLeftOverride), (0x202C, .popDirectionalFormat),
            (0x2066, .leftToRightIsolate), (0x2067, .rightToLeftIsolate), (0x2068, .firstStrongIsolate),
            (0x2069, .popDirectionalIsolate),
        ]
        for (value, expected) in samples {
            XCTAssertEqual(host.measurer.bidiClass(of: Unicode.Scalar(value)!), expected, "U+\(String(value, radix: 16))")
        }
        // FriBidi's Unicode 10 has the pamudpod as a mark: the host's answer is FriBidi's, not the table's.
        if version(FontCache.fribidiUnicodeVersion) < (14, 0) {
            XCTAssertEqual(host.measurer.bidiClass(of: "\u{1734}"), .nonspacingMark)
            XCTAssertEqual(BidiClass("\u{1734}"), .leftToRight)
        }
        _ = server
    }

    func testAFieldTheHostMeasuresReadsASpanishQuestionLeftToRight() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let field = TextField(identifier: "f", style: .outlined, label: "Name")
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: host.measurer)
        field.focus(at: 0)
        for character in "¿Dónde está?" { field.insert(String(character), at: 0) }
        XCTAssertEqual(field.textDirection, .leftToRight)
        XCTAssertEqual(field.textLayout?.direction, .leftToRight)
        XCTAssertEqual(field.textLayout?.x(of: 0, onLine: 0), 0)
        let area = TextField(identifier: "a", style: .outlined, kind: .textArea, label: "List", text: "• Milk\n• Eggs")
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: host.measurer)
        XCTAssertEqual(area.textDirection, .leftToRight)
        // Isolated Hebrew decides nothing for FriBidi's classes either.
        let isolated = TextField(identifier: "i", style: .outlined, label: "", text: "\u{2067}שלום\u{2069} abc")
        isolated.layOut(width: 300, metrics: MaterialMetrics(), measurer: host.measurer)
        XCTAssertEqual(isolated.textDirection, .leftToRight)
        _ = server
    }

    func testTheSimplifiedLevelsAgreeWithFriBidiOnNumbersOfBothKinds() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        for text in ["ab ١٢", "ب 12", "ב 12", "א ०", "abc ١٢٣ def", "שלום 12 abc", "مرحبا ١٢ 34"] {
            for base in WritingDirection.allCases {
                XCTAssertEqual(Bidi.simplifiedLevels(of: text, base: base), host.measurer.bidiLevels(of: Substring(text), base: base),
                               "\(text) \(base)")
            }
        }
        _ = server
    }
}
