import XCTest
@testable import MaterialFields

/// A text's direction is its first strong character's (UAX #9 P2 and P3) by the Unicode
/// Bidi_Class: punctuation, symbols and digits decide nothing, the letters and digits of strong
/// scripts do, isolated text is skipped, and a field asks its measurer for the classes.
final class FirstStrongDirectionTests: XCTestCase {
    private func typed(_ text: String, into field: TextField) {
        field.focus(at: 0)
        for character in text { field.insert(String(character), at: 0) }
    }

    func testASpanishQuestionTypedIntoAnEmptyLatinFieldReadsLeftToRightAtTheLeft() {
        let field = makeField(.outlined, label: "Name", text: "", width: 300)
        typed("¿Dónde está?", into: field)
        XCTAssertEqual(field.text, "¿Dónde está?")
        XCTAssertEqual(field.textDirection, .leftToRight)
        let layout = field.textLayout!
        XCTAssertEqual(layout.direction, .leftToRight)
        XCTAssertNil(layout.levels, "left-to-right text with no right-to-left character needs no bidi resolution")
        // Left-aligned: the inverted question mark at the band's left edge, the question mark last.
        XCTAssertEqual(layout.x(of: 0, onLine: 0), 0)
        XCTAssertEqual(layout.visualRuns(onLine: 0, meeting: 0, 1_000).map(\.direction), [.leftToRight])
    }

    func testATextAreaStartingWithABulletReadsLeftToRightAndKeepsItsHelperTextAtTheLeft() {
        let area = TextField(identifier: "area", style: .outlined, kind: .textArea, label: "Shopping list")
        area.helperText = "One item a line"
        area.layOut(width: 300, metrics: MaterialMetrics(), measurer: sharedMeasurer)
        typed("• Milk\n• Eggs", into: area)
        XCTAssertEqual(area.textDirection, .leftToRight)
        let layout = area.layout!
        XCTAssertFalse(layout.isMirrored)
        XCTAssertEqual(area.textLayout!.x(of: 0, onLine: 0), 0, "the bullet at the left")
        XCTAssertEqual(area.textLayout!.x(of: 7, onLine: 1), 0, "the second line's bullet at the left too")
        let appearance = area.advancedAppearance(at: 1, origin: .zero, scheme: .light, showsCaret: false)!
        let helper = appearance.assistive.first { $0.text == "One item a line" }!
        XCTAssertEqual(helper.origin.x, layout.assistiveRow!.minX.rounded(), "helper text at the start of the row")
    }

    func testPunctuationAndSymbolsDecideNoDirection() {
        // ¿ ¡ • § ¶ · — ‰ were right to left by the old hand-written table; « » © never were.
        // ʹ and ˆ are modifier letters of class ON, which it took for left to right.
        for character in ["¿", "¡", "•", "§", "¶", "·", "—", "‰", "«", "»", "©", "\u{02B9}", "\u{02C6}"] {
            let scalar = character.unicodeScalars.first!
            XCTAssertNil(Bidi.strongDirection(of: scalar), character)
            XCTAssertEqual(Bidi.firstStrongDirection(of: character + "abc"), .leftToRight, character)
            XCTAssertEqual(Bidi.firstStrongDirection(of: character + "שלום"), .rightToLeft, character)
        }
    }

    func testTheDigitsAndSymbolsOfStrongScriptsDecideTheDirection() {
        // Each was neutral by the old table (or, for ՚ and ।, right to left).
        let leftToRight: [UInt32] = [0x0966, 0x09E6, 0x2160, 0x0482, 0xE000, 0x1D6C1, 0x055A, 0x0964]
        let rightToLeft: [UInt32] = [0x07C0, 0x07FE, 0x0608, 0x060B, 0x070F, 0x10858, 0x1EC71]
        for (values, direction) in [(leftToRight, WritingDirection.leftToRight), (rightToLeft, .rightToLeft)] {
            for value in values {
                let character = String(Character(Unicode.Scalar(value)!))
                XCTAssertEqual(Bidi.strongDirection(of: Unicode.Scalar(value)!), direction, "U+\(String(value, radix: 16))")
                // Followed by letters of the other direction, which decide only when it does not.
                let rest = direction == .leftToRight ? "שלום" : "abc"
                XCTAssertEqual(makeField(.filled, label: "", text: "(" + character + ") " + rest).textDirection, direction,
                               "U+\(String(value, radix: 16))")
            }
        }
    }

    func testIsolatedTextDecidesNoDirection() {
        let (lri, rli, fsi, pdi) = ("\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}")
        XCTAssertEqual(Bidi.firstStrongDirection(of: rli + "שלום" + pdi + " abc"), .leftToRight)
        XCTAssertEqual(Bidi.firstStrongDirection(of: fsi + "abc" + pdi + " שלום"), .rightToLeft)
        // Nested isolates end at their own PDIs.
        XCTAssertEqual(Bidi.firstStrongDirection(of: lri + "a" + rli + "b" + pdi + "c" + pdi + "שלום"), .rightToLeft)
        // An isolate left open hides the rest of its paragraph, not the next one.
        XCTAssertNil(Bidi.firstStrongDirection(of: fsi + "abc"))
        XCTAssertEqual(Bidi.firstStrongDirection(of: fsi + "abc\nשלום"), .rightToLeft)
        // A PDI with no isolate open is skipped.
        XCTAssertEqual(Bidi.firstStrongDirection(of: pdi + "שלום"), .rightToLeft)
        // Embeddings and overrides are not isolates: their letters decide.
        XCTAssertEqual(Bidi.firstStrongDirection(of: "\u{202B}abc\u{202C}"), .leftToRight)
        // Marks (RLM) are strong.
        XCTAssertEqual(Bidi.firstStrongDirection(of: "\u{200F}abc"), .rightToLeft)
        XCTAssertEqual(makeField(.filled, label: "", text: rli + "שלום" + pdi + " abc").textDirection, .leftToRight)
    }

    func testAFieldTakesItsMeasurersClasses() {
        // A measurer whose bidi library puts U+E000 among the right-to-left letters (as a private
        // agreement may): the field reads right to left by it.
        final class PrivateRightToLeftMeasurer: TextMeasuring {
            private let base = FakeMeasurer()
            func advance(of text: Substring, font: FontSpec) -> Double { base.advance(of: text, font: font) }
            func lineMetrics(for font: FontSpec) -> LineMetrics { base.lineMetrics(for: font) }
            func caretStops(of text: Substring, font: FontSpec) -> [Double] { base.caretStops(of: text, font: font) }
            func bidiClass(of scalar: Unicode.Scalar) -> BidiClass {
                scalar.value == 0xE000 ? .rightToLeft : BidiClass(scalar)
            }
        }
        let text = "\u{E000} abc"
        XCTAssertEqual(makeField(.filled, label: "", text: text).textDirection, .leftToRight, "by the table, private use is L")
        let field = TextField(identifier: "f", style: .filled, text: text)
        field.layOut(width: 300, metrics: MaterialMetrics(), measurer: PrivateRightToLeftMeasurer())
        XCTAssertEqual(field.textDirection, .rightToLeft)
        XCTAssertEqual(field.textLayout!.direction, .rightToLeft)
    }

    func testSimplifiedLevelsTellNumbersApartByTheirClass() {
        // Arabic-Indic digits are Arabic numbers (AN), one level up even after Latin text.
        XCTAssertEqual(Bidi.simplifiedLevels(of: "ab ١٢", base: .leftToRight), [0, 0, 0, 2, 2])
        // European digits after an Arabic letter (which W2 makes Arabic numbers) or a Hebrew one:
        // one level above the letter either way.
        XCTAssertEqual(Bidi.simplifiedLevels(of: "ب 12", base: .leftToRight), [1, 1, 2, 2])
        XCTAssertEqual(Bidi.simplifiedLevels(of: "ב 12", base: .leftToRight), [1, 1, 2, 2])
        // Devanagari digits are left-to-right letters' kin (class L), not numbers.
        XCTAssertEqual(Bidi.simplifiedLevels(of: "א ०", base: .leftToRight), [1, 0, 0])
        XCTAssertEqual(Bidi.simplifiedLevels(of: "א ०", base: .rightToLeft), [1, 1, 2])
    }
}
