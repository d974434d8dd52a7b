import Foundation
import XCTest
@testable import XftHost

/// `ResourceDirectory`: `Resources/` found from `$MATERIALFIELDS_RESOURCES`, from the package a
/// binary was built in, or beside an installed binary, in that order; one line naming every place
/// looked at when none holds it.
final class ResourceDirectoryTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("resources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        // realpath: the temporary folder may itself be behind a link.
        root = URL(fileURLWithPath: try XCTUnwrap(ResourceDirectory.realPath(root.path)))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func makeFolder(_ relative: String) throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func makeFile(_ relative: String, _ text: String = "") throws -> String {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func noEnvironment(_ name: String) -> String? { nil }

    func testTheEnvironmentVariableNamesTheFolderAndWinsOverTheBuild() throws {
        let named = try makeFolder("elsewhere/res")
        _ = try makeFile("package/Package.swift")
        _ = try makeFolder("package/Resources")
        let binary = try makeFile("package/.build/x86_64-unknown-linux-gnu/debug/tool")
        let lookup = ResourceDirectory.locate(environment: { $0 == "MATERIALFIELDS_RESOURCES" ? named : nil }, executablePath: binary)
        XCTAssertEqual(lookup.directory, ResourceDirectory(path: named, origin: .environment))
        XCTAssertNil(lookup.missingMessage)
    }

    func testAWrongEnvironmentVariableIsToldNotReplacedByAnotherFolder() throws {
        _ = try makeFile("package/Package.swift")
        _ = try makeFolder("package/Resources")
        let binary = try makeFile("package/.build/debug/tool")
        let missing = root.appendingPathComponent("nowhere").path
        let lookup = ResourceDirectory.locate(environment: { $0 == "MATERIALFIELDS_RESOURCES" ? missing : nil }, executablePath: binary)
        XCTAssertNil(lookup.directory)
        XCTAssertEqual(lookup.missingMessage, "no Resources folder (looked in $MATERIALFIELDS_RESOURCES=\(missing), no such folder): "
                       + "drawing with the system's font configuration, without background images or sample scripts")
        let file = try makeFile("a-file")
        let notAFolder = ResourceDirectory.locate(environment: { $0 == "MATERIALFIELDS_RESOURCES" ? file : nil }, executablePath: binary)
        XCTAssertTrue(notAFolder.missingMessage?.contains("=\(file), not a folder") == true, notAFolder.missingMessage ?? "")
        // Empty is unset.
        let empty = ResourceDirectory.locate(environment: { $0 == "MATERIALFIELDS_RESOURCES" ? "" : nil }, executablePath: binary)
        XCTAssertEqual(empty.directory?.origin, .build)
    }

    func testABuiltBinaryFindsThePackageItWasBuiltInThroughLinks() throws {
        _ = try makeFile("package/Package.swift")
        let resources = try makeFolder("package/Resources")
        // Package.swift alone is not enough on the way up: a folder without Resources/ is passed.
        _ = try makeFile("package/.build/Package.swift")
        let binary = try makeFile("package/.build/x86_64-unknown-linux-gnu/debug/textfield-catalog")
        XCTAssertEqual(ResourceDirectory.locate(environment: noEnvironment, executablePath: binary).directory,
                       ResourceDirectory(path: resources, origin: .build))
        // `.build/debug` is a link to the triple's folder, and a binary may be linked from elsewhere.
        let link = root.appendingPathComponent("bin/catalog")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: binary)
        XCTAssertEqual(ResourceDirectory.locate(environment: noEnvironment, executablePath: link.path).directory,
                       ResourceDirectory(path: resources, origin: .build))
    }

    func testAnInstalledBinaryFindsShareMaterialFieldsBesideItsFolder() throws {
        let binary = try makeFile("prefix/bin/textfield-catalog")
        let installed = try makeFolder("prefix/share/materialfields")
        XCTAssertEqual(ResourceDirectory.locate(environment: noEnvironment, executablePath: binary).directory,
                       ResourceDirectory(path: installed, origin: .installed))
    }

    func testNothingFoundNamesEveryPlaceLookedAtInOneLine() throws {
        let binary = try makeFile("prefix/bin/textfield-catalog")
        let lookup = ResourceDirectory.locate(environment: noEnvironment, executablePath: binary)
        XCTAssertNil(lookup.directory)
        let message = try XCTUnwrap(lookup.missingMessage)
        XCTAssertEqual(message, "no Resources folder (looked in $MATERIALFIELDS_RESOURCES (unset); "
                       + "a package root (Package.swift and Resources/) above \(root.path)/prefix/bin; \(root.path)/prefix/share/materialfields): "
                       + "drawing with the system's font configuration, without background images or sample scripts")
        XCTAssertFalse(message.contains("\n"))
    }

    func testPathsInsideTheFolderExistOrAreNil() throws {
        let resources = try makeFolder("Resources")
        _ = try makeFile("Resources/Images/paper.png", "x")
        let directory = ResourceDirectory(path: resources, origin: .environment)
        XCTAssertEqual(directory.path("Images/paper.png"), resources + "/Images/paper.png")
        XCTAssertEqual(directory.path("Images"), resources + "/Images")
        XCTAssertNil(directory.path("Images/missing.png"))
    }

    /// The test binary sits in this repository's `.build`: it finds the repository's folder, as
    /// the catalog does (unless the variable names another).
    func testThisBuildFindsTheRepositorysResources() throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment["MATERIALFIELDS_RESOURCES"] != nil, "MATERIALFIELDS_RESOURCES names another folder")
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let expected = try XCTUnwrap(ResourceDirectory.realPath(repository.appendingPathComponent("Resources").path))
        XCTAssertEqual(ResourceDirectory.current.directory, ResourceDirectory(path: expected, origin: .build))
        XCTAssertEqual(resourcePath("fonts.conf"), expected + "/fonts.conf")
        XCTAssertNotNil(resourcePath("Samples/first-scenario.qa"))
        XCTAssertNotNil(resourcePath("Images"))
        XCTAssertNil(resourcePath("no-such-file"))
    }
}
