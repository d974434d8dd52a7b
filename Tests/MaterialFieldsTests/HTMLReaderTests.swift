import XCTest
@testable import MaterialFields

/// Clipboard HTML read into styled text: the tags and inline styles browsers, office suites and
/// GTK programs write, character references, what is dropped, malformed and hostile markup.
final class HTMLReaderTests: XCTestCase {
    private let reader = HTMLReader()

    /// The text's runs as (text, attributes) pairs.
    private func runs(_ html: String, reader: HTMLReader? = nil) -> [(String, TextAttributes)] {
        guard let text = (reader ?? self.reader).attributedText(fromHTML: html) else {
            XCTFail("refused: \(html.prefix(80))")
            return []
        }
        return text.runs.map { (String(text.characters[$0.range]), $0.attributes) }
    }

    private func string(_ html: String) -> String? { reader.attributedText(fromHTML: html)?.string }

    private func assertRuns(_ html: String, _ expected: [(String, TextAttributes)], reader: HTMLReader? = nil,
                            file: StaticString = #filePath, line: UInt = #line) {
        let actual = runs(html, reader: reader)
        XCTAssertEqual(actual.map(\.0), expected.map(\.0), "texts of \(html)", file: file, line: line)
        XCTAssertEqual(actual.map(\.1), expected.map(\.1), "attributes of \(html)", file: file, line: line)
    }

    // MARK: Tags

    func testFormattingTagsGiveTheirStyles() {
        let bold = TextAttributes(fontWeight: .bold), italic = TextAttributes(isItalic: true)
        assertRuns("a<b>b</b><strong>s</strong><i>i</i><em>e</em>", [("a", .none), ("bs", bold), ("ie", italic)])
        assertRuns("<u>u</u><ins>n</ins><s>s</s><strike>k</strike><del>d</del>", [
            ("un", TextAttributes(underlineStyle: .single)), ("skd", TextAttributes(strikethroughStyle: .single)),
        ])
        assertRuns("<b><i><u>all</u></i></b>", [("all", TextAttributes(fontWeight: .bold, isItalic: true, underlineStyle: .single))])
        assertRuns("<mark>m</mark>", [("m", TextAttributes(foregroundColor: Color(hex: 0), backgroundColor: Color(hex: 0xFFFF00)))])
        assertRuns("<code>c</code>", [("c", TextAttributes(fontFamily: "monospace"))])
        assertRuns("<h1>Title</h1>", [("Title", TextAttributes(fontSize: 32, fontWeight: .bold))])
    }

    func testFontElementGivesFaceColourAndSize() {
        assertRuns("<font face=\"DejaVu Serif, serif\" color=\"#00ff00\" size=\"5\">f</font><font size=\"+1\" color=\"red\">g</font>", [
            ("f", TextAttributes(fontFamily: "DejaVu Serif", fontSize: 24, foregroundColor: Color(hex: 0x00FF00))),
            ("g", TextAttributes(fontSize: 18, foregroundColor: Color(hex: 0xFF0000))),
        ])
        assertRuns("<font color=\"00f\">legacy hex</font>", [("legacy hex", TextAttributes(foregroundColor: Color(hex: 0x0000FF)))])
    }

    func testUnknownTagsAndLinksKeepTheirText() {
        assertRuns("<blink>on</blink> <a href=\"https://example.com\">link</a> <custom-x a=1>x</custom-x> <sup>2</sup>",
                   [("on link x 2", .none)])
    }

    // MARK: Inline styles

    func testFontWeightKeywordsAndNumbers() {
        assertRuns("<span style=\"font-weight: 700\">a</span><span style=\"font-weight:bold\">b</span>"
                   + "<span style=\"font-weight:500\">c</span><span style=\"font-weight: 600 !important\">d</span>",
                   [("ab", TextAttributes(fontWeight: .bold)), ("c", TextAttributes(fontWeight: .medium)), ("d", TextAttributes(fontWeight: .bold))])
        // Normal undoes an outer bold; on its own it sets nothing.
        assertRuns("<b>x<span style=\"font-weight: normal\">y</span></b><span style=\"font-weight:400\">z</span>", [
            ("x", TextAttributes(fontWeight: .bold)), ("y", TextAttributes(fontWeight: .regular)), ("z", .none),
        ])
        assertRuns("<b style=\"font-weight:normal\">Google Docs</b>", [("Google Docs", .none)])
    }

    func testFontStyleSizeAndFamily() {
        assertRuns("<span style=\"font-style: italic\">i</span><span style=\"font-style:oblique 10deg\">o</span>",
                   [("io", TextAttributes(isItalic: true))])
        assertRuns("<span style=\"font-size: 12pt\">p</span><span style=\"font-size:20px\">x</span>"
                   + "<span style=\"font-size:24px\"><span style=\"font-size:0.5em\">e</span><span style=\"font-size:150%\">%</span></span>"
                   + "<span style=\"font-size: large\">k</span><span style=\"font-size:2rem\">r</span>", [
                       ("p", .none), ("x", TextAttributes(fontSize: 20)),  // 12 pt is 16 px, the initial size: no style
                       ("e", TextAttributes(fontSize: 12)),
                       ("%", TextAttributes(fontSize: 36)), ("k", TextAttributes(fontSize: 18)), ("r", TextAttributes(fontSize: 32)),
                   ])
        assertRuns("<span style=\"font-family: 'Noto Serif', Georgia, serif\">n</span>", [("n", TextAttributes(fontFamily: "Noto Serif"))])
        assertRuns("<span style='font-family: \"Odd \\\"Name\\\"\"'>q</span>", [("q", TextAttributes(fontFamily: "Odd \"Name\""))])
        assertRuns("<span style=\"font-family: -apple-system, system-ui, Arial\">s</span>", [("s", TextAttributes(fontFamily: "Arial"))])
        assertRuns("<span style=\"font: italic bold 14px/1.5 'DejaVu Sans', sans-serif\">f</span>",
                   [("f", TextAttributes(fontFamily: "DejaVu Sans", fontSize: 14, fontWeight: .bold, isItalic: true))])
    }

    func testFamilyListTakesTheFirstTheDesktopHas() {
        let desktop = HTMLReader(isFamilyAvailable: { $0 == "DejaVu Serif" })
        assertRuns("<span style=\"font-family: 'Segoe UI', 'DejaVu Serif', serif\">a</span>", [("a", TextAttributes(fontFamily: "DejaVu Serif"))],
                   reader: desktop)
        assertRuns("<span style=\"font-family: Calibri, monospace\">b</span>", [("b", TextAttributes(fontFamily: "monospace"))], reader: desktop)
        assertRuns("<span style=\"font-family: Calibri, Cambria\">c</span>", [("c", TextAttributes(fontFamily: "Calibri"))], reader: desktop)
    }

    func testHostileSizesAreBounded() {
        assertRuns("<span style=\"font-size: 99999999999999999px\">big</span><span style=\"font-size:0.0001px\">small</span>",
                   [("big", TextAttributes(fontSize: 256)), ("small", TextAttributes(fontSize: 1))])
        assertRuns("<span style=\"letter-spacing: 1e9px; font-size: -4px\">k</span>", [("k", TextAttributes(kern: 100))])
    }

    func testColoursInEveryNotation() {
        let expected = Color(red: 1, green: 0, blue: 0)
        for value in ["#f00", "#FF0000", "#ff0000ff", "rgb(255, 0, 0)", "rgb(255 0 0)", "rgba(255,0,0,1)", "rgb(100%, 0%, 0%)",
                      "red", "RED", "hsl(0, 100%, 50%)"] {
            assertRuns("<span style=\"color: \(value)\">c</span>", [("c", TextAttributes(foregroundColor: expected))])
        }
        assertRuns("<span style=\"color: rgba(0, 0, 255, 0.5)\">a</span>",
                   [("a", TextAttributes(foregroundColor: Color(red: 0, green: 0, blue: 1, alpha: 0.5)))])
        assertRuns("<span style=\"color: #0000ff80\">h</span>",
                   [("h", TextAttributes(foregroundColor: Color(red: 0, green: 0, blue: 1, alpha: 128.0 / 255)))])
        assertRuns("<span style=\"color: rebeccapurple; background-color: #ffff00\">p</span>",
                   [("p", TextAttributes(foregroundColor: Color(hex: 0x663399), backgroundColor: Color(hex: 0xFFFF00)))])
        assertRuns("<span style=\"background: url(x.png) no-repeat #00ff00\">g</span>", [("g", TextAttributes(backgroundColor: Color(hex: 0x00FF00)))])
        // Nonsense is ignored, as a browser ignores it.
        assertRuns("<span style=\"color: #ggg; color: rgb(1); color: notacolour\">n</span>", [("n", .none)])
        // A transparent background paints nothing: it sets nothing.
        assertRuns("<span style=\"background-color: transparent\">t</span>", [("t", .none)])
    }

    func testTextDecorationLinesStylesAndColours() {
        assertRuns("<span style=\"text-decoration: underline\">u</span><span style=\"text-decoration-line: line-through\">s</span>", [
            ("u", TextAttributes(underlineStyle: .single)), ("s", TextAttributes(strikethroughStyle: .single)),
        ])
        assertRuns("<span style=\"text-decoration: underline double #ff0000\">d</span>",
                   [("d", TextAttributes(underlineStyle: .double, underlineColor: Color(hex: 0xFF0000)))])
        assertRuns("<u style=\"text-decoration-thickness: 0.15em\">t</u>", [("t", TextAttributes(underlineStyle: .thick))])
        assertRuns("<span style=\"text-decoration: underline line-through\">b</span>",
                   [("b", TextAttributes(underlineStyle: .single, strikethroughStyle: .single))])
        // An inner `none` does not take an outer line away (CSS draws the ancestor's line).
        assertRuns("<u>a<span style=\"text-decoration: none\">b</span></u>", [("ab", TextAttributes(underlineStyle: .single))])
        // A decoration's style applies only to lines the element draws.
        assertRuns("<span style=\"text-decoration-color: red\">x</span>", [("x", .none)])
    }

    func testLetterSpacingIsKerning() {
        assertRuns("<span style=\"letter-spacing: 2px\">a</span><span style=\"letter-spacing:0.1em;font-size:20px\">b</span>"
                   + "<span style=\"letter-spacing: normal\">c</span>", [
                       ("a", TextAttributes(kern: 2)), ("b", TextAttributes(fontSize: 20, kern: 2)), ("c", .none),
                   ])
    }

    func testStylesUnknownToAFieldAreDropped() {
        assertRuns("<span style=\"text-shadow: 1px 1px red; vertical-align: super; font-variant: small-caps; cursor: pointer\">x</span>",
                   [("x", .none)])
    }

    // MARK: Text

    func testCharacterReferences() {
        XCTAssertEqual(string("&amp; &lt; &gt; &quot; &apos; &nbsp; &eacute; &mdash; &euro; &hellip;"), "& < > \" ' \u{A0} é — € …")
        XCTAssertEqual(string("&#65;&#x42;&#X43;&#x1F600;"), "ABC😀")
        // Legacy names without the semicolon, as HTML5 reads them; unknown names stay.
        XCTAssertEqual(string("AT&amp T &copy 2024 &notit; &bogus; &"), "AT& T © 2024 ¬it; &bogus; &")
        // Invalid numbers: U+FFFD; Windows-1252's bytes as what they meant.
        XCTAssertEqual(string("&#0;&#xD800;&#x110000;&#99999999999999999999;&#x80;&#150;"), "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}€–")
        XCTAssertEqual(string("&#;&#x;&"), "&#;&#x;&")
        // Attribute values decode too.
        assertRuns("<span style=\"color:&#35;00f\">a</span>", [("a", TextAttributes(foregroundColor: Color(hex: 0x0000FF)))])
    }

    func testWhiteSpaceCollapsesAsInABrowser() {
        XCTAssertEqual(string("  a \n\t b  "), "a b")
        XCTAssertEqual(string("<b>a </b> <i> b</i>"), "a b")
        XCTAssertEqual(string("<pre>\n  a\n   b</pre>"), "  a\n   b")
        XCTAssertEqual(string("<span style=\"white-space: pre-wrap\">a  \tb</span>"), "a  \tb")
        XCTAssertEqual(string("<span style=\"white-space: pre-line\">a   b\nc</span>"), "a b\nc")
        XCTAssertEqual(string("a\r\nb"), "a b")
    }

    func testBlocksAndBreaksBecomeLineBreaks() {
        XCTAssertEqual(string("<p>one</p><p>two</p>"), "one\ntwo")
        XCTAssertEqual(string("<div>a</div><div><br></div><div>b</div>"), "a\n\nb")
        XCTAssertEqual(string("<div>a<br></div><div>b</div>"), "a\nb")
        XCTAssertEqual(string("a<br>b<br/>c</br>d"), "a\nb\nc\nd")
        XCTAssertEqual(string("<ul><li>x<li>y</ul>z"), "x\ny\nz")
        XCTAssertEqual(string("<table><tr><td>1</td><td>2</td></tr><tr><td>3<td>4</table>"), "1\t2\n3\t4")
        XCTAssertEqual(string("<p>a<p>b"), "a\nb")
        XCTAssertEqual(string("<span style=\"display:block\">a</span>b"), "a\nb")
    }

    func testParagraphStylesEndWithTheParagraph() {
        assertRuns("<p style=\"color:red\">a<p>b", [("a\n", TextAttributes(foregroundColor: Color(hex: 0xFF0000))), ("b", .none)])
    }

    // MARK: What is dropped

    func testScriptsStylesCommentsAndTheHeadGiveNoText() {
        XCTAssertEqual(string("<html><head><title>T</title><style>p { color: red }</style><script>alert('<b>x</b>')</script>"
                              + "<meta charset=utf-8></head><body>a<!-- note -->b<script type=module>import('//x')</script>c"
                              + "<noscript>n</noscript><template>t</template>d</body></html>"), "abcd")
        XCTAssertEqual(string("x<script>document.write('</scr' + 'ipt>')</script >y"), "xy")
        // A script ends at the first end tag, even inside its own string, as in a browser.
        XCTAssertEqual(string("x<script>var s = \"</script>\"; t</script>y"), "x\"; ty")
        XCTAssertEqual(string("<SCRIPT>a</SCRIPT>b<img src=\"http://example.com/t.png\" alt=\"img\">c"), "bc")
        XCTAssertEqual(string("<span style=\"display:none\">hidden</span>shown<span hidden>h</span>"), "shown")
        XCTAssertEqual(string("<!DOCTYPE html><?xml version=\"1.0\"?>a<![CDATA[x]]>b"), "ab")
    }

    func testFragmentMarkersKeepOnlyTheFragmentInItsContextsStyles() {
        let firefox = "<html><body>\n<!--StartFragment--><b>bold</b> plain<!--EndFragment-->\n</body>\n</html>"
        assertRuns(firefox, [("bold", TextAttributes(fontWeight: .bold)), (" plain", .none)])
        let chromium = "<meta charset='utf-8'><html><body>before<span style=\"color:#0000ff\"><!--StartFragment-->blue<!--EndFragment--></span>after"
        assertRuns(chromium, [("blue", TextAttributes(foregroundColor: Color(hex: 0x0000FF)))])
    }

    /// What Chromium puts on the clipboard for text selected on a page: the computed styles inline.
    func testChromiumSpanWithComputedStyles() {
        let html = "<meta charset='utf-8'><span style=\"color: rgb(32, 33, 36); font-family: arial, sans-serif; font-size: 14px; "
            + "font-style: normal; font-variant-ligatures: normal; font-variant-caps: normal; font-weight: 400; letter-spacing: normal; "
            + "orphans: 2; text-align: left; text-indent: 0px; text-transform: none; widows: 2; word-spacing: 0px; "
            + "-webkit-text-stroke-width: 0px; white-space: normal; background-color: rgb(255, 255, 255); "
            + "text-decoration-thickness: initial; text-decoration-style: initial; text-decoration-color: initial; "
            + "display: inline !important; float: none;\">Search <b>the</b> web</span>"
        // The page's sans-serif is its default face, not a style; its ink comes with a background
        // of its own, so the pair is kept (readable on a dark theme too).
        let page = TextAttributes(fontSize: 14, foregroundColor: Color(hex: 0x202124), backgroundColor: Color(hex: 0xFFFFFF))
        assertRuns(html, [("Search ", page), ("the", page.merging(TextAttributes(fontWeight: .bold))), (" web", page)],
                   reader: HTMLReader(isFamilyAvailable: { _ in false }))
    }

    /// Chromium copies a paragraph with its computed page defaults on the outermost element: black
    /// ink, sans-serif, 16 px. They set nothing (pasted text keeps the field's ink, which a dark
    /// theme needs), while the same values inside an element that set others undo them.
    func testAPagesDefaultInkFaceAndSizeAreNotStylesUnlessTheyUndoAnOuterOne() {
        let html = "<meta charset='utf-8'><p style=\"color: rgb(0, 0, 0); font-family: sans-serif; font-size: 16px; font-weight: 400;\">"
            + "Src: <b>bold</b> <span style=\"color: rgb(200, 0, 0)\">red <span style=\"color: #000\">ink</span></span> "
            + "<span style=\"font-family: 'Noto Serif'; font-size: 20px\">serif <span style=\"font-family: sans-serif; font-size: 16px\">back</span></span></p>"
        let red = TextAttributes(foregroundColor: Color(red: 200 / 255, green: 0, blue: 0))
        let serif = TextAttributes(fontFamily: "Noto Serif", fontSize: 20)
        assertRuns(html, [("Src: ", .none), ("bold", TextAttributes(fontWeight: .bold)), (" ", .none), ("red ", red),
                          ("ink", TextAttributes(foregroundColor: Color(hex: 0x000000))), (" ", .none), ("serif ", serif),
                          ("back", TextAttributes(fontFamily: "", fontSize: 16))],
                   reader: HTMLReader(isFamilyAvailable: { _ in true }))
        XCTAssertTrue(HTMLReader.isDefaultInk(Color(hex: 0x333333)))
        XCTAssertFalse(HTMLReader.isDefaultInk(Color(hex: 0x003366)), "a dark blue is a colour")
        XCTAssertFalse(HTMLReader.isDefaultInk(Color(hex: 0x000000, alpha: 0.5)))
    }

    func testLibreOfficeDocument() {
        let html = """
        <!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.0 Transitional//EN">
        <html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"/><title></title>
        <style type="text/css">p { margin-bottom: 0.1in; line-height: 115% }</style></head>
        <body lang="en-GB" dir="ltr"><p style="margin-bottom: 0in; line-height: 100%"><font face="Liberation Serif, serif">
        <font size="3" style="font-size: 12pt">Plain <b>bold</b> <i>italic</i></font></font></p>
        <p><font color="#c9211e">Red</font></p></body></html>
        """
        let serif12 = TextAttributes(fontFamily: "Liberation Serif")  // 12 pt is 16 px, the initial size
        assertRuns(html, [
            ("Plain ", serif12), ("bold", serif12.merging(TextAttributes(fontWeight: .bold))), (" ", serif12),
            ("italic\n", serif12.merging(TextAttributes(isItalic: true))),
            ("Red", TextAttributes(foregroundColor: Color(hex: 0xC9211E))),
        ])
    }

    // MARK: Malformed and hostile

    func testMalformedMarkupPastesAsItsText() {
        XCTAssertEqual(string("1 < 2 and 3 > 2, a<3, x <= y"), "1 < 2 and 3 > 2, a<3, x <= y")
        XCTAssertEqual(string("<b>bold<i>both</b>italic</i>plain"), "boldbothitalicplain")
        assertRuns("<b>b<i>bi</b>i</i>.", [("b", TextAttributes(fontWeight: .bold)), ("bi", TextAttributes(fontWeight: .bold, isItalic: true)),
                                          ("i", TextAttributes(isItalic: true)), (".", .none)])
        XCTAssertEqual(string("</i>stray end</b></nothing>"), "stray end")
        XCTAssertEqual(string("<b>unclosed"), "unclosed")
        // Cut off by the end of the input: kept as it was written.
        XCTAssertEqual(string("text <b class=\"x"), "text <b class=\"x")
        XCTAssertEqual(string("text <span style='color:red'"), "text <span style='color:red'")
        XCTAssertEqual(string("a<!-- unterminated comment"), "a<!-- unterminated comment")
        XCTAssertEqual(string("a</"), "a</")
        XCTAssertEqual(string("AT&T &amp"), "AT&T &")
        XCTAssertEqual(string("<"), "<")
        XCTAssertEqual(string(""), "")
        XCTAssertEqual(string("<script>never closed"), "")
    }

    func testRandomMarkupSoupNeverTrapsAndWhatItGivesRoundTrips() {
        // A fixed seed: the same 3,000 soups every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["<", ">", "</", "/>", "<!--", "-->", "<!", "&", "&#", "&#x", ";", "amp", "b", "i", "p", "br", "script",
                      "style", "span", " style=\"", "color:red", "font-size:", "9e99px", "\"", "'", "=", " ", "\n", "x", "é",
                      "😀", "\u{301}", "<td>", "<tr>", "<pre>", "<!--StartFragment-->", "<!--EndFragment-->", "&nbsp;", "<u>"]
        for _ in 0..<3_000 {
            let soup = (0..<next(60)).map { _ in pieces[next(pieces.count)] }.joined()
            guard let text = reader.attributedText(fromHTML: soup) else { return XCTFail("refused \(soup)") }
            // What was read is written and read back the same: nothing the soup made breaks the writer.
            let again = reader.attributedText(fromHTML: HTMLWriter.fragment(for: text))
            XCTAssertEqual(again?.string, text.string, soup)
            XCTAssertEqual(again?.runs, text.runs, soup)
        }
    }

    func testDeepNestingIsBoundedAndKeepsTheText() {
        let depth = 100_000
        let html = String(repeating: "<b>", count: depth) + "deep" + String(repeating: "</b>", count: depth) + " after"
        let text = reader.attributedText(fromHTML: html)
        XCTAssertEqual(text?.string, "deep after")
        XCTAssertEqual(text?.attributes(at: 0), TextAttributes(fontWeight: .bold))
        XCTAssertEqual(text?.attributes(at: 5), TextAttributes.none, "the overflowing end tags close only what they opened")
        let spans = String(repeating: "<span style=\"color:red\">", count: depth) + "x"
        XCTAssertEqual(reader.attributedText(fromHTML: spans)?.string, "x")
    }

    func testElementsPastTheDepthLimitAddNoStyleButKeepTheirText() {
        var shallow = HTMLReader()
        shallow.maximumDepth = 2
        assertRuns("<i><b>x<u>y<s>z</s></u>w</b>v</i>u", [
            ("x", TextAttributes(fontWeight: .bold, isItalic: true)), ("yzw", TextAttributes(fontWeight: .bold, isItalic: true)),
            ("v", TextAttributes(isItalic: true)), ("u", .none),
        ].reduce(into: [(String, TextAttributes)]()) { runs, part in
            // Equal neighbours are one run.
            if let last = runs.last, last.1 == part.1 { runs[runs.count - 1].0 += part.0 } else { runs.append(part) }
        }, reader: shallow)
    }

    func testMisnestingThatWouldRestyleTheWholeStackEachTimeStaysLinear() {
        // 255 distinct open elements closed from the outside in, again and again: each end tag
        // would look at and restyle every element above it.
        let names = (0..<255).map { "x\($0)" }
        let round = names.map { "<\($0) style=\"color:red\">" }.joined() + "t" + names.map { "</\($0)>" }.reversed().reversed().joined()
        let html = String(repeating: round, count: 100)
        let text = reader.attributedText(fromHTML: html)
        XCTAssertEqual(text?.string, String(repeating: "t", count: 100))
        XCTAssertEqual(text?.attributes(at: 0), TextAttributes(foregroundColor: Color(hex: 0xFF0000)))
    }

    func testPastTheStackWorkBoundAnEndTagClosesOnlyTheInnermostElement() {
        var bounded = HTMLReader()
        bounded.maximumStackWork = 0
        // `</b>` cannot reach past the open `<i>`: it is ignored, and "y" and "z" stay bold.
        assertRuns("<b><i>x</b>y</i>z", [("xy", TextAttributes(fontWeight: .bold, isItalic: true)), ("z", TextAttributes(fontWeight: .bold))],
                   reader: bounded)
        assertRuns("<b><i>x</b>y</i>z", [("x", TextAttributes(fontWeight: .bold, isItalic: true)), ("y", TextAttributes(isItalic: true)),
                                        ("z", .none)])
    }

    func testRunCountIsBounded() {
        var limited = HTMLReader()
        limited.maximumRuns = 3
        let html = (0..<10).map { $0 % 2 == 0 ? "<b>\($0)</b>" : "\($0)" }.joined()
        let text = limited.attributedText(fromHTML: html)
        XCTAssertEqual(text?.string, "0123456789")
        XCTAssertEqual(text?.runs.count, 3)
        XCTAssertEqual(text?.attributes(at: 9), TextAttributes(fontWeight: .bold), "the rest continues in the last run's styles")
    }

    func testInputPastTheSizeLimitIsRefused() {
        let huge = String(repeating: "<b>x</b>", count: (20 << 20) / 8)
        XCTAssertNil(reader.attributedText(fromHTML: huge))
        var small = HTMLReader()
        small.maximumInputBytes = 10
        XCTAssertNil(small.attributedText(fromHTML: "<b>eleven</b>"))
        XCTAssertEqual(small.attributedText(fromHTML: "<b>ten</b>")?.string, "ten")
    }

    func testManyCutOffConstructsReadInLinearTime() {
        // Each would scan to the end if it were retried: 200 000 of them must not take minutes.
        let html = String(repeating: "<!--", count: 50_000) + String(repeating: "<a '", count: 50_000)
        XCTAssertEqual(reader.attributedText(fromHTML: html)?.string, html)
        let comments = String(repeating: "<!-- x -->y", count: 50_000)
        XCTAssertEqual(reader.attributedText(fromHTML: comments)?.count, 50_000)
    }

    // MARK: Decoding

    func testDecodesUTF16WithAByteOrderMarkAsFirefoxWrites() {
        let html = "<b>Grüße 😀</b>"
        let noMark: [UInt8] = html.utf16.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let little: [UInt8] = [0xFF, 0xFE] + noMark
        let big: [UInt8] = [0xFE, 0xFF] + html.utf16.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let utf8: [UInt8] = Array(html.utf8)
        for bytes in [little, big, noMark, [0xEF, 0xBB, 0xBF] + utf8, utf8] {
            XCTAssertEqual(HTMLReader.decode(bytes), html)
            XCTAssertEqual(reader.attributedText(fromHTMLData: bytes)?.runs.first?.attributes, TextAttributes(fontWeight: .bold))
        }
        XCTAssertEqual(HTMLReader.decode([0x61, 0xFF, 0x62]), "a\u{FFFD}b")
    }

    func testClustersTakeTheStylesOfTheirFirstCharacter() {
        // "e" and a combining accent across a tag: one cluster, in the styles it starts in.
        let text = reader.attributedText(fromHTML: "<b>e</b>\u{301}x")
        XCTAssertEqual(text?.characters, ["e\u{301}", "x"])
        XCTAssertEqual(text?.attributes(at: 0), TextAttributes(fontWeight: .bold))
        XCTAssertEqual(text?.attributes(at: 1), TextAttributes.none)
    }
}
