import XCTest
@testable import MaterialFields

/// The `text/html` a copy offers: a small valid fragment, everything escaped, and read back by
/// `HTMLReader` to the same runs for every attribute a field keeps.
final class HTMLWriterTests: XCTestCase {
    private func styled(_ parts: [(String, TextAttributes)]) -> AttributedText {
        parts.reduce(AttributedText()) { $0 + AttributedText($1.0, attributes: $1.1) }
    }

    func testFragmentForPlainAndStyledRuns() {
        XCTAssertEqual(HTMLWriter.fragment(for: AttributedText("plain")), "<meta charset=\"utf-8\">plain")
        let text = styled([("Bold", TextAttributes(fontWeight: .bold)), (" and ", .none),
                           ("red", TextAttributes(foregroundColor: Color(hex: 0xB00020)))])
        XCTAssertEqual(HTMLWriter.fragment(for: text),
                       "<meta charset=\"utf-8\"><b>Bold</b> and <span style=\"color:#B00020\">red</span>")
    }

    func testEveryAttributeIsWritten() {
        let all = TextAttributes(fontFamily: "DejaVu Serif", fontSize: 18.5, fontWeight: .medium, isItalic: true,
                                 foregroundColor: Color(red: 0, green: 0, blue: 1, alpha: 0.5), backgroundColor: Color(hex: 0xFFFF00),
                                 underlineStyle: .double, underlineColor: Color(hex: 0xFF0000),
                                 strikethroughStyle: .thick, kern: 1.25)
        XCTAssertEqual(HTMLWriter.fragment(for: AttributedText("x", attributes: all)),
                       "<meta charset=\"utf-8\"><span style=\"font-family:'DejaVu Serif';font-size:18.5px;font-weight:500;"
                       + "color:rgba(0, 0, 255, 0.5);background-color:#FFFF00;letter-spacing:1.25px\"><i>"
                       + "<u style=\"text-decoration-style:double;text-decoration-color:#FF0000\">"
                       + "<s style=\"text-decoration-thickness:0.15em\">x</s></u></i></span>")
    }

    func testEscapesMarkupQuotesAndControls() {
        let text = styled([("<script>&\"x\"</script>\n\u{1}", TextAttributes(fontFamily: "A\"B'C\\D<"))])
        XCTAssertEqual(HTMLWriter.fragment(for: text),
                       "<meta charset=\"utf-8\"><span style=\"font-family:'A&quot;B\\'C\\\\D&lt;'\">"
                       + "&lt;script&gt;&amp;\"x\"&lt;/script&gt;<br>&#1;</span>")
    }

    func testSpacesThatWouldCollapseAreKept() {
        XCTAssertFalse(HTMLWriter.needsPreservedSpaces(Array("one two\nthree")))
        for text in ["two  spaces", " leading", "trailing ", "tab\there", "line \nend", "line\n start"] {
            XCTAssertTrue(HTMLWriter.needsPreservedSpaces(Array(text)), text)
            XCTAssertEqual(HTMLReader().attributedText(fromHTML: HTMLWriter.fragment(for: AttributedText(text)))?.string, text)
        }
    }

    func testRoundTripKeepsEveryRun() {
        let text = styled([
            ("Plain ", .none),
            ("bold ", TextAttributes(fontWeight: .bold)),
            ("italic ", TextAttributes(isItalic: true)),
            ("medium ", TextAttributes(fontWeight: .medium)),
            ("serif ", TextAttributes(fontFamily: "DejaVu Serif", fontSize: 22)),
            ("colours ", TextAttributes(foregroundColor: Color(hex: 0x6200EE), backgroundColor: Color(hex: 0xFFF59D))),
            ("translucent ", TextAttributes(foregroundColor: Color(red: 1, green: 0, blue: 0, alpha: 0.6))),
            ("under ", TextAttributes(underlineStyle: .single)),
            ("double ", TextAttributes(underlineStyle: .double, underlineColor: Color(hex: 0x018786))),
            ("struck ", TextAttributes(strikethroughStyle: .single, strikethroughColor: Color(hex: 0xB00020))),
            ("thick ", TextAttributes(strikethroughStyle: .thick)),
            ("spaced", TextAttributes(kern: 2.5)),
            ("\nسلام", TextAttributes(fontWeight: .bold, isItalic: true, underlineStyle: .single)),
            (" 😀 a < b & c", .none),
        ])
        let html = HTMLWriter.fragment(for: text)
        guard let read = HTMLReader().attributedText(fromHTML: html) else { return XCTFail("refused") }
        XCTAssertEqual(read.string, text.string)
        XCTAssertEqual(read.runs.count, text.runs.count)
        for (got, want) in zip(read.runs, text.runs) {
            XCTAssertEqual(got.range, want.range)
            // Colours go through bytes: compare them as bytes.
            XCTAssertEqual(HTMLWriter.tags(for: got.attributes).open, HTMLWriter.tags(for: want.attributes).open)
        }
        XCTAssertEqual(HTMLWriter.fragment(for: read), html)
    }

    func testNumbersAndColoursAreWrittenCompactly() {
        XCTAssertEqual(HTMLWriter.number(18), "18")
        XCTAssertEqual(HTMLWriter.number(0.5), "0.5")
        XCTAssertEqual(HTMLWriter.number(-1.257), "-1.26")
        XCTAssertEqual(HTMLWriter.number(-0.001), "0")
        XCTAssertEqual(HTMLWriter.number(.nan), "0")
        XCTAssertEqual(HTMLWriter.css(Color(hex: 0x00A0FF)), "#00A0FF")
        XCTAssertEqual(HTMLWriter.css(Color(red: 2, green: -1, blue: .nan, alpha: 0.25)), "rgba(255, 0, 0, 0.25)")
    }
}
