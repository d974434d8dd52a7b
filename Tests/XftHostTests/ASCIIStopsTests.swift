import MaterialFields
import TestHarness
import XCTest
@testable import XftHost

/// All-ASCII text is measured from a table of 128 advances, any other text cluster by cluster:
/// both must give the same stops.
final class ASCIIStopsTests: XCTestCase {
    func testASCIITableGivesTheStopsOfTheClusterPath() throws {
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        for font in [FontSpec(pixelSize: 16), FontSpec(pixelSize: 12.5, weight: .medium)] {
            let ascii = "The quick brown fox, 0123456789 ~!@#$%^&*()_+{}|:\"<>?`-=[]\\;',./\tend"
            let fast = host.measurer.caretStops(of: Substring(ascii), font: font)
            // One non-ASCII cluster at the end sends the whole text the general way.
            let general = host.measurer.caretStops(of: Substring(ascii + "é"), font: font)
            XCTAssertEqual(fast.count, ascii.count + 1)
            XCTAssertEqual(fast, Array(general.dropLast()), "at \(font.pixelSize) px")
            XCTAssertGreaterThan(fast.last ?? 0, 0)
        }
        _ = server
    }
}
