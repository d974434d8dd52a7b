import MaterialFields
import XCTest
@testable import XftHost

/// X server times are 32-bit milliseconds that wrap every 49.7 days: a selection owned just before
/// the wrap must still be cleared, and asked for, by events just after it.
final class SelectionTimeTests: XCTestCase {
    func testTimesCompareAcrossTheThirtyTwoBitWrap() {
        XCTAssertTrue(SelectionBroker.isEarlier(1_000, than: 2_000))
        XCTAssertFalse(SelectionBroker.isEarlier(2_000, than: 1_000))
        XCTAssertFalse(SelectionBroker.isEarlier(5, than: 5))
        // Owned at 0xFFFF_FF00, a clear at 0x100 (after the wrap) is later, not earlier.
        XCTAssertFalse(SelectionBroker.isEarlier(0x100, than: 0xFFFF_FF00))
        XCTAssertTrue(SelectionBroker.isEarlier(0xFFFF_FF00, than: 0x100))
    }

    /// STRING answers are Latin-1: each byte its own code point, the high half included.
    func testStringAnswersDecodeAsLatin1() {
        // The broker reads STRING chunks into a rope's builder as Latin-1.
        func decodeLatin1(_ bytes: [UInt8]) -> String {
            var builder = RopeBuilder()
            builder.append(latin1: bytes)
            return builder.finish().string
        }
        XCTAssertEqual(decodeLatin1([0x63, 0x61, 0x66, 0xE9]), "café")
        XCTAssertEqual(decodeLatin1([0xA9, 0x20, 0xBD, 0xFF]), "© ½ÿ")
        XCTAssertEqual(decodeLatin1([]), "")
        // And back: what Latin-1 lacks is one "?" each.
        XCTAssertEqual(SelectionBroker.latin1("café ☕"), [0x63, 0x61, 0x66, 0xE9, 0x20, 0x3F])
    }
}
