import CXlib
import Glibc
import XCTest
@testable import XftHost

/// The XIM side of inline preedit: which style a window asks for, and the preedit as the draw
/// and caret callbacks build it.
final class InputMethodPreeditTests: XCTestCase {
    private let callbacks = UInt(XIMPreeditCallbacks), position = UInt(XIMPreeditPosition)
    private let nothing = UInt(XIMPreeditNothing), none = UInt(XIMPreeditNone)
    private let statusNothing = UInt(XIMStatusNothing), statusNone = UInt(XIMStatusNone)
    private let statusCallbacks = UInt(XIMStatusCallbacks)

    func testOnTheSpotIsChosenWhereOfferedAsIbusOffersIt() {
        // ibus-x11's six styles, in its order.
        let ibus = [position | statusNothing, position | statusCallbacks, callbacks | statusNothing,
                    callbacks | statusCallbacks, nothing | statusNothing, nothing | statusCallbacks]
        XCTAssertEqual(InputStyleChoice.choose(from: ibus), callbacks | statusNothing)
    }

    func testOverTheSpotThenRootThenNoneAreTheFallbacks() {
        XCTAssertEqual(InputStyleChoice.choose(from: [nothing | statusNothing, position | statusNothing]), position | statusNothing)
        XCTAssertEqual(InputStyleChoice.choose(from: [none | statusNone, nothing | statusNothing]), nothing | statusNothing)
        XCTAssertEqual(InputStyleChoice.choose(from: [none | statusNone]), none | statusNone)
        XCTAssertNil(InputStyleChoice.choose(from: [callbacks | statusCallbacks]), "a status the field would have to draw is not taken")
        XCTAssertNil(InputStyleChoice.choose(from: []))
    }

    private func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    func testDrawCallsReplaceDeleteAndMoveTheCaretAsHangulDoes() {
        var buffer = PreeditBuffer()
        buffer.draw(caret: 1, changeFirst: 0, changeLength: 0, text: scalars("ㅎ"), textFeedback: [UInt(XIMReverse)])
        XCTAssertEqual(buffer.preedit?.text, "ㅎ")
        XCTAssertEqual(buffer.preedit?.segments.first?.emphasis, .highlighted)
        buffer.draw(caret: 1, changeFirst: 0, changeLength: 1, text: scalars("하"), textFeedback: nil)
        XCTAssertEqual(buffer.preedit?.text, "하")
        XCTAssertEqual(buffer.preedit?.segments.first?.emphasis, .underlined, "no feedback: underlined")
        buffer.draw(caret: 0, changeFirst: 0, changeLength: 1, text: nil, textFeedback: nil)
        XCTAssertNil(buffer.preedit, "deleted: nothing composes")
    }

    func testXIMTextIsReadAsWideCharactersOrAsTheLocalesMultibyteText() {
        let previous = setlocale(LC_CTYPE, nil).map { String(cString: $0) }
        defer { _ = setlocale(LC_CTYPE, previous ?? "C") }
        XCTAssertNotNil(setlocale(LC_CTYPE, "C.UTF-8"))
        let text = "한e\u{301}你"
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        var bytes = Array(text.utf8CString)
        wide.withUnsafeMutableBufferPointer { wideBuffer in
            var ximText = XIMText()
            ximText.length = UInt16(text.unicodeScalars.count)
            ximText.encoding_is_wchar = 1
            ximText.string.wide_char = wideBuffer.baseAddress
            XCTAssertEqual(preeditScalars(of: &ximText), Array(text.unicodeScalars))
        }
        bytes.withUnsafeMutableBufferPointer { byteBuffer in
            var ximText = XIMText()
            ximText.length = UInt16(text.unicodeScalars.count)
            ximText.encoding_is_wchar = 0
            ximText.string.multi_byte = byteBuffer.baseAddress
            XCTAssertEqual(preeditScalars(of: &ximText), Array(text.unicodeScalars))
        }
    }

    func testOutOfRangeNumbersFromTheInputMethodAreClampedNotTrusted() {
        var buffer = PreeditBuffer()
        buffer.draw(caret: 50, changeFirst: 7, changeLength: 99, text: scalars("ni"), textFeedback: [UInt(XIMUnderline)])
        XCTAssertEqual(buffer.preedit?.text, "ni")
        XCTAssertEqual(buffer.preedit?.caret, 2)
        buffer.draw(caret: -4, changeFirst: -1, changeLength: -5, text: scalars("x"), textFeedback: [])
        XCTAssertEqual(buffer.preedit?.text, "xni")
        XCTAssertEqual(buffer.preedit?.caret, 0)
        XCTAssertEqual(buffer.moveCaret(direction: XIMForwardChar, position: 0), 1)
        XCTAssertEqual(buffer.moveCaret(direction: XIMLineEnd, position: 0), 3)
        XCTAssertEqual(buffer.moveCaret(direction: XIMAbsolutePosition, position: 40), 3)
        XCTAssertEqual(buffer.moveCaret(direction: XIMBackwardChar, position: 0), 2)
    }
}
