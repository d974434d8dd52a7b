import Foundation
import QATools
import XCTest

/// The encodings the reports are built on: base64 as RFC 4648 writes it (Foundation's, for
/// every length's padding), and text XML can hold whatever a script typed.
final class ReportTextTests: XCTestCase {
    func testBase64IsRFC4648ForEveryPadding() {
        for (text, encoded) in [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
                                ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy")] {
            XCTAssertEqual(Base64.encode(Array(text.utf8)), encoded, text)
        }
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        XCTAssertEqual(Base64.encode(bytes), Data(bytes).base64EncodedString())
    }

    func testXMLTextEscapesTheSpecialCharactersAndWritesOutWhatXMLCannotHold() throws {
        let text = "a<b>&\"c'\n\u{1B}\u{0}\u{7F}\u{FFFE}é😀"
        XCTAssertEqual(XMLText.escaped(text), "a&lt;b&gt;&amp;&quot;c&#39;&#10;\\u{1B}\\u{0}\\u{7F}\\u{FFFE}é😀")
        // What a parser makes of it, in an attribute and as content, is the text with the
        // characters XML cannot hold written out.
        let document = "<r a=\"\(XMLText.escaped(text))\">\(XMLText.escaped(text))</r>"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("xml-text-\(UUID().uuidString).xml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(document.utf8).write(to: file)
        let python = Process(), output = Pipe()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", "import sys, json, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
                            + "print(json.dumps([r.get('a'), r.text]))", file.path]
        python.standardOutput = output
        try python.run()
        let read = output.fileHandleForReading.readDataToEndOfFile()
        python.waitUntilExit()
        XCTAssertEqual(python.terminationStatus, 0)
        let readable = "a<b>&\"c'\n\\u{1B}\\u{0}\\u{7F}\\u{FFFE}é😀"
        XCTAssertEqual(try JSONDecoder().decode([String].self, from: read), [readable, readable])
    }
}
