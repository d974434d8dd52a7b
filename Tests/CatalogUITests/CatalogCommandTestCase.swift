import Foundation
import TestHarness
import XCTest

/// A test case that runs the catalog's command line on an Xvfb of its own and keeps its scripts
/// and outputs in a temporary folder of its own, removed afterwards.
class CatalogCommandTestCase: XCTestCase {
    var server: XvfbServer!
    var directory: URL!

    /// The start of the temporary folder's name, to tell the classes' folders apart.
    class var folderPrefix: String { "catalog-command" }

    override func setUpWithError() throws {
        server = try XvfbServer(width: 1024, height: 800)
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(Self.folderPrefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        server = nil
        try? FileManager.default.removeItem(at: directory)
    }

    /// The catalog with `arguments` on this case's server (or `display`).
    @discardableResult
    func catalog(_ arguments: [String], display: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCommand(CatalogApp.binaryPath, arguments, environment: ["DISPLAY": display ?? server.displayName], timeout: 120)
    }

    /// A script file NAME holding `text`, in the case's folder; its path.
    func script(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }
}
