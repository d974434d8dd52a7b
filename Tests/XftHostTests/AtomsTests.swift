import CXlib
import TestHarness
import XCTest
@testable import XftHost

/// `internAtoms`: many names in one round trip give the atoms `XInternAtom` gives one by one.
final class AtomsTests: XCTestCase {
    func testAtomsInternedTogetherAreTheOnesInternedOneByOne() throws {
        let server = try XvfbServer()
        let display = try XCTUnwrap(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(display) }
        // Names the server knows, names new to it (one twice), and a predefined atom.
        let fresh = "_MATERIALFIELDS_TEST_\(getpid())"
        let names = ["CLIPBOARD", fresh + "_A", "TARGETS", fresh + "_B", "PRIMARY", fresh + "_A", "text/plain;charset=utf-8"]
        let interned = internAtoms(display, names)
        XCTAssertEqual(interned.count, Set(names).count)
        // A second connection has no cache of this one's: it asks the server.
        let other = try XCTUnwrap(XOpenDisplay(server.displayName))
        defer { XCloseDisplay(other) }
        for name in names {
            let atom = try XCTUnwrap(interned[name], name)
            XCTAssertNotEqual(atom, 0, name)
            XCTAssertEqual(atom, XInternAtom(other, name, 1), name)
        }
        XCTAssertEqual(interned["PRIMARY"], XA_PRIMARY)
        XCTAssertNotEqual(interned[fresh + "_A"], interned[fresh + "_B"])
        XCTAssertEqual(internAtoms(display, []), [:])
        _ = server
    }
}
