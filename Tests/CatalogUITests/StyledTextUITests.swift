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

    /// The catalog's editable-styles row ("Meet at **noon**, *not* later, <u>please</u>"): Ctrl+B,
    /// Ctrl+I and Ctrl+U on a selection, each one undo step, and typing after the underlined word
    /// with the typing attributes, then without them.
    func testCtrlBIAndUStyleTheSelectionUndoAndTypeWithTheTypingAttributes() throws {
        let path = try script("editable.qa", """
            expect styled-editable runs.1 {"start": 8, "end": 12, "attributes": {"fontWeight": 700}}
            focus styled-editable
            key ctrl+Home
            expect styled-editable typingAttributes {}
            key ctrl+shift+Right ctrl+b
            expect styled-editable selection [0, 4]
            expect styled-editable runs.0 {"start": 0, "end": 4, "attributes": {"fontWeight": 700}}
            key ctrl+i ctrl+u
            expect styled-editable runs.0.attributes {"fontWeight": 700, "italic": true, "underlineStyle": "single"}
            key ctrl+b
            expect styled-editable runs.0.attributes {"italic": true, "underlineStyle": "single"}
            key ctrl+z ctrl+z ctrl+z ctrl+z
            expect styled-editable runs.0 {"start": 0, "end": 8, "attributes": {}}
            key ctrl+y
            expect styled-editable runs.0 {"start": 0, "end": 4, "attributes": {"fontWeight": 700}}
            key End
            expect styled-editable typingAttributes {"underlineStyle": "single"}
            type !
            expect styled-editable runs.6 {"start": 25, "end": 32, "attributes": {"underlineStyle": "single"}}
            key ctrl+u
            expect styled-editable typingAttributes {}
            type ?
            expect styled-editable text "Meet at noon, not later, please!?"
            expect styled-editable runs.7 {"start": 32, "end": 33, "attributes": {}}
            key Escape
            expect styled-editable typingAttributes null
            focus styled-plain
            key ctrl+a ctrl+b
            expect styled-plain runs [{"start": 0, "end": 15, "attributes": {}}]
            """)
        let result = try catalog(["--script", path])
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
