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

    func testOnlyTheCharactersATextHasAreMeasured() throws {
        // Measuring a character loads (rasterizes) its glyph: the other ASCII characters of a
        // face, control characters among them, are left until a text has them.
        let server = try XvfbServer()
        let host = try WindowHost(displayName: server.displayName) { _ in }
        let cache = try XCTUnwrap(host.measurer as? FontCache)
        let font = FontSpec(pixelSize: 15)
        func measured() -> Set<Character> {
            let table = cache.asciiAdvances[FontCache.key(for: font)] ?? []
            return Set(table.indices.filter { !table[$0].isNaN }.map { Character(UnicodeScalar(UInt8($0))) })
        }
        let stops = host.measurer.caretStops(of: "abba", font: font)
        XCTAssertEqual(stops.count, 5)
        XCTAssertEqual(measured(), ["a", "b"])
        _ = host.measurer.caretStops(of: "cab", font: font)
        XCTAssertEqual(measured(), ["a", "b", "c"])
        // The advances are the ones measured alone, and the stops add them up.
        XCTAssertEqual(stops[2], host.measurer.advance(of: "a", font: font) + host.measurer.advance(of: "b", font: font), accuracy: 1e-9)
        _ = server
    }
}
