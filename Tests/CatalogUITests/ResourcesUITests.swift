import Foundation
import TestHarness
import XCTest

/// `Resources/` through the real catalog: the pinned fonts.conf in effect (a user's own
/// fontconfig file changes no face and no pixel), `$MATERIALFIELDS_RESOURCES` choosing the
/// folder, a missing folder told in one line while the run goes on, and the sample scripts
/// found by name and run green, goldens recorded and matched.
final class ResourcesUITests: CatalogCommandTestCase {
    override class var folderPrefix: String { "resources" }

    private static let repository = QAScriptUITests.repository
    private static let resources = repository.appendingPathComponent("Resources").resolvingSymlinksInPath()

    /// The catalog with `arguments`, its environment changed by `environment` (nil removes a
    /// variable), run in `directory` (the case's folder by default).
    private func run(_ arguments: [String], environment: [String: String?] = [:], in directory: URL? = nil,
                     binary: String = CatalogApp.binaryPath) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? self.directory
        var merged = ProcessInfo.processInfo.environment
        // The folder and the font configuration are the build's unless a test says otherwise.
        for name in ["MATERIALFIELDS_RESOURCES", "FONTCONFIG_FILE", "FONTCONFIG_PATH"] { merged.removeValue(forKey: name) }
        merged["DISPLAY"] = server.displayName
        for (key, value) in environment { merged[key] = value }
        process.environment = merged
        let out = self.directory.appendingPathComponent("out-\(UUID().uuidString)"), err = self.directory.appendingPathComponent("err-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw HarnessError("textfield-catalog \(arguments.joined(separator: " ")) did not finish within 120 s")
        }
        return (process.terminationStatus, try String(contentsOf: out, encoding: .utf8), try String(contentsOf: err, encoding: .utf8))
    }

    private func state(_ path: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    private func faces(inManifest path: String) throws -> Set<String> {
        Set(try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init))
    }

    /// A HOME whose ~/.config/fontconfig/fonts.conf draws Roboto with DejaVu Sans, fully hinted:
    /// the system's configuration reads it; the pinned one does not.
    private func hostileHome() throws -> URL {
        let home = directory.appendingPathComponent("home")
        let folder = home.appendingPathComponent(".config/fontconfig")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
              <match target="pattern">
                <test name="family"><string>Roboto</string></test>
                <edit name="family" mode="assign" binding="strong"><string>DejaVu Sans</string></edit>
              </match>
              <match target="pattern"><edit name="hintstyle" mode="assign"><const>hintfull</const></edit></match>
            </fontconfig>
            """.write(to: folder.appendingPathComponent("fonts.conf"), atomically: true, encoding: .utf8)
        return home
    }

    func testAUserFontconfigFileOrALocaleChangesNoFaceAndNoPixelOfThePinnedRendering() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/roboto"), "fonts-roboto is not installed (./run.sh test installs it)")
        let shot = try script("fonts.qa", """
            resize 760 400
            click outlined-label
            type "Ada 東京 ☕ नमस्ते"
            settle
            screenshot fonts.png outlined-label margin 4
            """)
        let home = try hostileHome()
        func render(_ name: String, environment: [String: String?]) throws -> (goldens: URL, state: [String: Any], stderr: String) {
            let goldens = directory.appendingPathComponent(name), statePath = directory.appendingPathComponent("\(name).json").path
            var environment = environment
            environment["XDG_CONFIG_HOME"] = .some(nil)
            let result = try run(["--script", shot, "--goldens", goldens.path, "--update-goldens", "--display", server.displayName,
                                  "--qa-state", statePath], environment: environment)
            XCTAssertEqual(result.status, 0, result.stderr)
            return (goldens, try state(statePath), result.stderr)
        }
        let plain = try render("plain", environment: [:])
        let pinned = try render("pinned", environment: ["HOME": home.path])
        // A Chinese locale would rank Noto Sans CJK SC first for Han under the system's
        // configuration; the pinned one ranks for English whatever the locale.
        let chineseLocale: [String: String?] = ["LANG": "zh_CN.UTF-8", "LC_ALL": nil, "LC_CTYPE": nil]
        let chinese = try render("chinese", environment: chineseLocale)
        // The control: the system's configuration reads the user's file, which moves Roboto.
        let system = try render("system", environment: ["HOME": home.path, "FONTCONFIG_FILE": "/etc/fonts/fonts.conf"])

        let recorded = try faces(inManifest: Self.repository.appendingPathComponent("Tests/Goldens/fonts.txt").path)
        let pinnedFaces = try faces(inManifest: pinned.goldens.appendingPathComponent("fonts.txt").path)
        XCTAssertTrue(pinnedFaces.contains("Roboto | Regular | 2.138 | Roboto-Regular.ttf | 305608"), "\(pinnedFaces)")
        XCTAssertTrue(pinnedFaces.isSubset(of: recorded), "faces the goldens were not drawn with: \(pinnedFaces.subtracting(recorded))")
        XCTAssertEqual(try Data(contentsOf: pinned.goldens.appendingPathComponent("fonts.png")),
                       try Data(contentsOf: plain.goldens.appendingPathComponent("fonts.png")),
                       "the user's fontconfig file changed the pinned rendering's pixels")
        XCTAssertEqual(try Data(contentsOf: chinese.goldens.appendingPathComponent("fonts.png")),
                       try Data(contentsOf: plain.goldens.appendingPathComponent("fonts.png")),
                       "a Chinese locale changed the pinned rendering's pixels")
        let systemFaces = try faces(inManifest: system.goldens.appendingPathComponent("fonts.txt").path)
        XCTAssertFalse(systemFaces.contains { $0.hasPrefix("Roboto |") }, "the user's file should move Roboto under the system's configuration: \(systemFaces)")

        let resources = try XCTUnwrap(pinned.state["resources"] as? [String: Any])
        XCTAssertEqual(resources["directory"] as? String, Self.resources.path)
        XCTAssertEqual(resources["origin"] as? String, "build")
        XCTAssertEqual(resources["fonts"] as? String, "pinned")
        XCTAssertEqual(resources["fontConfiguration"] as? String, Self.resources.appendingPathComponent("fonts.conf").path)
        // Goldens recorded with another configuration say so.
        XCTAssertEqual(pinned.stderr, "")
        XCTAssertTrue(system.stderr.contains("(FONTCONFIG_FILE=/etc/fonts/fonts.conf chose this run's font configuration; "
                                             + "the project's goldens are drawn with Resources/fonts.conf"), system.stderr)
        let chosen = try XCTUnwrap(system.state["resources"] as? [String: Any])
        XCTAssertEqual(chosen["fonts"] as? String, "environment")
        XCTAssertEqual(chosen["fontConfiguration"] as? String, "/etc/fonts/fonts.conf")
    }

    /// The sign-in example pins the same file: its screenshot is the same under a user's own
    /// fontconfig file, which moves its text under the system's configuration.
    func testTheSigninExamplePinsTheFontsToo() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/roboto"), "fonts-roboto is not installed (./run.sh test installs it)")
        let binary = URL(fileURLWithPath: CatalogApp.binaryPath).deletingLastPathComponent().appendingPathComponent("signin-form").path
        let home = try hostileHome()
        func shoot(_ name: String, _ environment: [String: String?]) throws -> Data {
            let path = directory.appendingPathComponent(name).path
            var environment = environment
            environment["XDG_CONFIG_HOME"] = .some(nil)
            let result = try run(["--screenshot", path], environment: environment, binary: binary)
            XCTAssertEqual(result.status, 0, result.stderr)
            if environment["FONTCONFIG_FILE"] == nil { XCTAssertFalse(result.stderr.contains("warning"), result.stderr) }
            return try Data(contentsOf: URL(fileURLWithPath: path))
        }
        let plain = try shoot("plain.png", [:])
        XCTAssertEqual(try shoot("pinned.png", ["HOME": home.path]), plain, "the user's fontconfig file changed the example's pixels")
        XCTAssertNotEqual(try shoot("system.png", ["HOME": home.path, "FONTCONFIG_FILE": "/etc/fonts/fonts.conf"]), plain,
                          "the user's file should change the example's text under the system's configuration")
    }

    func testTheEnvironmentVariableChoosesTheFolderAndAMissingOneIsOneLine() throws {
        let folder = directory.appendingPathComponent("my-resources")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Samples"), withIntermediateDirectories: true)
        try "expect window theme \"light\"\n".write(to: folder.appendingPathComponent("Samples/hello.qa"), atomically: true, encoding: .utf8)
        let statePath = directory.appendingPathComponent("state.json").path
        let chosen = try run(["--script", "hello", "--qa-state", statePath], environment: ["MATERIALFIELDS_RESOURCES": folder.path])
        XCTAssertEqual(chosen.status, 0, chosen.stderr)
        XCTAssertEqual(chosen.stdout, "\(folder.path)/Samples/hello.qa: ok (1 step, 1 expectation, 0 screenshots, 0 ms of virtual time)\n")
        // No fonts.conf there: the system's configuration, said once.
        XCTAssertEqual(chosen.stderr, "textfield-catalog: warning: no fonts.conf in \(folder.path): drawing with the system's font configuration\n")
        let resources = try XCTUnwrap(try state(statePath)["resources"] as? [String: Any])
        XCTAssertEqual(resources["directory"] as? String, folder.path)
        XCTAssertEqual(resources["origin"] as? String, "environment")
        XCTAssertEqual(resources["fonts"] as? String, "system")
        XCTAssertTrue(resources["fontConfiguration"] is NSNull, "\(resources)")

        // A folder that is not there: one line naming it, and the run goes on.
        let missing = directory.appendingPathComponent("nowhere").path
        let given = try script("given.qa", "expect window theme \"light\"\n")
        let goesOn = try run(["--script", given], environment: ["MATERIALFIELDS_RESOURCES": missing])
        XCTAssertEqual(goesOn.status, 0, goesOn.stderr)
        XCTAssertEqual(goesOn.stderr, "textfield-catalog: warning: no Resources folder (looked in $MATERIALFIELDS_RESOURCES=\(missing), "
                       + "no such folder): drawing with the system's font configuration, without background images or sample scripts\n")
        // Without the folder there are no samples, and the refusal says why.
        let noSamples = try run(["--script", "first-scenario"], environment: ["MATERIALFIELDS_RESOURCES": missing])
        XCTAssertEqual(noSamples.status, 2)
        XCTAssertEqual(noSamples.stderr, "textfield-catalog: --script: cannot read 'first-scenario': No such file or directory "
                       + "(nor is it a sample: no Resources folder (looked in $MATERIALFIELDS_RESOURCES=\(missing), no such folder))\n")
    }

    func testTheSamplesRunGreenByNameAndTheirGoldensRecordAndMatch() throws {
        let samples = Self.resources.appendingPathComponent("Samples")
        let names = try FileManager.default.contentsOfDirectory(atPath: samples.path).filter { $0.hasSuffix(".qa") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 4, "\(names)")
        var shots = 0
        for name in names {
            let text = try String(contentsOf: samples.appendingPathComponent(name), encoding: .utf8)
            shots += text.split(separator: "\n").filter { $0.hasPrefix("screenshot ") }.count
        }
        let arguments = names.flatMap { ["--script", String($0.dropLast(3))] }
        let goldens = directory.appendingPathComponent("goldens").path
        let recorded = try run(arguments + ["--goldens", goldens, "--update-goldens", "--display", server.displayName])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        for name in names { XCTAssertTrue(recorded.stdout.contains("\(samples.path)/\(name): ok ("), recorded.stdout) }
        let compared = try run(arguments + ["--goldens", goldens, "--display", server.displayName])
        XCTAssertEqual(compared.status, 0, compared.stderr)
        XCTAssertTrue(compared.stdout.contains("shots: \(shots) of \(shots) match their goldens"), compared.stdout)
    }

    func testAFileHereWinsOverASampleWithOrWithoutQaAndAMisspeltNameGetsTheNearest() throws {
        _ = try script("first-scenario.qa", "expect window theme \"light\"\n")
        let local = try run(["--script", "first-scenario.qa"])
        XCTAssertEqual(local.status, 0, local.stderr)
        XCTAssertEqual(local.stdout, "first-scenario.qa: ok (1 step, 1 expectation, 0 screenshots, 0 ms of virtual time)\n")
        // The name without ".qa" finds the file here before the sample of that name.
        let named = try run(["--script", "first-scenario"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertEqual(named.stdout, "first-scenario.qa: ok (1 step, 1 expectation, 0 screenshots, 0 ms of virtual time)\n")

        let misspelt = try run(["--script", "first-scenari"])
        XCTAssertEqual(misspelt.status, 2)
        let samples = Self.resources.appendingPathComponent("Samples").path
        XCTAssertTrue(misspelt.stderr.hasPrefix("textfield-catalog: --script: cannot read 'first-scenari': No such file or directory "
                                                + "(nor is it a sample; did you mean 'first-scenario'? The samples in \(samples): "), misspelt.stderr)
        XCTAssertTrue(misspelt.stderr.contains("label-motion"), misspelt.stderr)
        // A path with a folder in it is a path: no sample stands in for it.
        let path = try run(["--script", "Samples/first-scenario.qa"])
        XCTAssertEqual(path.status, 2)
        XCTAssertTrue(path.stderr.hasPrefix("textfield-catalog: --script: cannot read 'Samples/first-scenario.qa': No such file or directory\n"),
                      path.stderr)
    }
}
