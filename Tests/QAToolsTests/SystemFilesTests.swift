import Foundation
import Glibc
import QATools
import XCTest

/// The file helpers `--restore` writes the user's file with: through links, with exact permissions.
final class SystemFilesTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("system-files-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func testAChainOfRelativeLinksEndsAtItsLastTargetEachTakenFromItsLinksFolder() throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        try files.createSymbolicLink(atPath: directory + "/a", withDestinationPath: "sub/b")
        try files.createSymbolicLink(atPath: directory + "/sub/b", withDestinationPath: "c.json")
        XCTAssertEqual(SystemFiles.resolvingLinks(directory + "/a"), directory + "/sub/c.json", "dangling at its end: still its target")
        XCTAssertEqual(SystemFiles.resolvingLinks(directory + "/sub/c.json"), directory + "/sub/c.json", "no link: the path itself")
        try files.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: "loop")
        XCTAssertEqual(SystemFiles.resolvingLinks(directory + "/loop"), directory + "/loop", "a loop ends")
    }

    func testPermissionsAreSetExactlyWhateverTheUmask() throws {
        let path = directory + "/f.json"
        let old = umask(0o077)
        defer { umask(old) }
        try SystemFiles.write("{}", to: path, permissions: 0o644)
        XCTAssertEqual(SystemFiles.permissions(of: path), 0o644)
        try SystemFiles.write("{}", to: path, permissions: 0o600)
        XCTAssertEqual(SystemFiles.permissions(of: path), 0o600)
        XCTAssertNil(SystemFiles.permissions(of: directory + "/none"))
    }
}
