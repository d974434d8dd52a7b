import XCTest
@testable import XftHost

/// `WindowHost.adoptUserLocale()` keeps the user's locale only when its codeset is a UTF one.
final class LocaleCodesetTests: XCTestCase {
    func testUTFCodesetsAreRecognisedInAnyCaseAndSpelling() {
        for codeset in ["UTF-8", "utf-8", "utf8", "UTF8", "Utf-8", "UTF-16", "x-UTF-8"] {
            XCTAssertTrue(WindowHost.namesUnicode(codeset: codeset), codeset)
        }
    }

    func testOtherCodesetsAreNot() {
        for codeset in ["", "U", "UT", "UTx", "ANSI_X3.4-1968", "ISO-8859-1", "ISO-8859-15", "KOI8-R", "EUC-JP", "GB18030",
                        "UT-F8", "U+TF", "ÜTF-8", "ＵＴＦ"] {
            XCTAssertFalse(WindowHost.namesUnicode(codeset: codeset), codeset)
        }
    }
}
