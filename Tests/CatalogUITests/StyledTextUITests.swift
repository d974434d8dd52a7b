import Foundation
import TestHarness
import XCTest

/// Styled text through the real catalog: the QA state's `runs` and `typingAttributes` as a script
/// reads them with `expect`, and Ctrl+B in a field that does not allow styles leaving the text and
/// its runs alone (the key is the app's there).
final class StyledTextUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "styled-text" }

    func testTheQAStateListsRunsAndTypingAttributesAndAPlainFieldIgnoresCtrlB() throws {
        let path = try script("styled.qa", """
            expect filled-label typingAttributes null
            expect filled-label runs []
            click filled-label
            type Ada
            expect filled-label runs [{"start": 0, "end": 3, "attributes": {}}]
            expect filled-label typingAttributes {}
            key ctrl+a ctrl+b ctrl+i ctrl+u
            expect filled-label runs [{"start": 0, "end": 3, "attributes": {}}]
            expect filled-label typingAttributes {}
            key ctrl+z
            expect filled-label text ""
            key Escape
            expect filled-label typingAttributes null
            """)
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
