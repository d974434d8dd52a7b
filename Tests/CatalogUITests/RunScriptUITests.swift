import Foundation
import TestHarness
import XCTest

/// `run.sh` as a user's shell sees it: what it prints where. Its own copy runs in a folder of the
/// test's, with stand-ins for `swift` (a chatty build), `dpkg-query` (everything installed) and
/// the catalog binary, so nothing is built, installed or drawn for real.
final class RunScriptUITests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("run-sh-\(UUID().uuidString)")
        let bin = folder.appendingPathComponent("bin"), release = folder.appendingPathComponent(".build/release")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: QAScriptUITests.repository.appendingPathComponent("run.sh"),
                                         to: folder.appendingPathComponent("run.sh"))
        try executable(bin.appendingPathComponent("swift"), """
            #!/bin/sh
            echo "Building for production..."
            echo "[3/3] Compiling Catalog main.swift"
            echo "Build of product 'textfield-catalog' complete! (1.00s)"
            """)
        try executable(bin.appendingPathComponent("dpkg-query"), "#!/bin/sh\necho 'install ok installed'\n")
        // xvfb-run runs its command (after its own options) as it is.
        try executable(bin.appendingPathComponent("xvfb-run"), """
            #!/bin/sh
            while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do shift; done
            exec "$@"
            """)
        // The programs' headless screenshots: a file at the path after --screenshot, and a
        // line on stdout to tell where the program's own output goes.
        for program in ["textfield-catalog", "signin-form"] {
            try executable(release.appendingPathComponent(program), """
                #!/bin/sh
                echo "\(program) says hello"
                while [ $# -gt 0 ]; do
                    if [ "$1" = --screenshot ]; then printf 'png' > "$2"; fi
                    shift
                done
                """)
        }
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        return try runCommand("/bin/bash", [folder.appendingPathComponent("run.sh").path] + arguments,
                              environment: ["DISPLAY": "", "PATH": folder.appendingPathComponent("bin").path + ":" + path])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func executable(_ url: URL, _ text: String) throws {
        try text.write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
    }

    func testWithNoDisplayStandardOutputCarriesOnlyThePathOfTheScreenshot() throws {
        for (arguments, png, program) in [([], "catalog.png", "textfield-catalog"), (["example"], "signin-form.png", "signin-form")] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            // So `png=$(./run.sh)` is the path, and the build's progress and the program's own
            // lines still show on the terminal.
            XCTAssertEqual(result.stdout, folder.appendingPathComponent(png).path + "\n", "./run.sh \(arguments)")
            XCTAssertTrue(result.stderr.contains("Compiling Catalog main.swift"), result.stderr)
            XCTAssertTrue(result.stderr.contains("\(program) says hello"), result.stderr)
            XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(png).path))
        }
    }

    func testACompilerWarningFailsTheTestRunAfterTheTestsAndTheSoak() throws {
        // Given a build that warns once, tests and a soak that pass
        let bin = folder.appendingPathComponent("bin"), debug = folder.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("ran.log").path
        // A swift whose build says `buildOutput`, and which logs what else it is asked to do.
        func swift(buildOutput: String) throws {
            try executable(bin.appendingPathComponent("swift"), """
                #!/bin/sh
                case "$*" in
                "build --show-bin-path") echo "\(debug.path)" ;;
                "build --build-tests") echo "\(buildOutput)" ;;
                *) echo "swift $*" >> "\(log)" ;;
                esac
                """)
        }
        try swift(buildOutput: "Sources/A/a.swift:3:9: warning: variable 'x' was never used")
        try executable(debug.appendingPathComponent("catalog-soak"), "#!/bin/sh\necho \"soak $*\" >> \(log)\n")
        // When the whole suite runs
        let result = try run(["test"])
        // Then the tests and the soak ran, and the run fails, saying why
        XCTAssertEqual(result.status, 1, result.stderr)
        let ran = try String(contentsOfFile: log, encoding: .utf8)
        XCTAssertEqual(ran, "swift test --disable-swift-testing\nsoak 60\n")
        XCTAssertTrue(result.stderr.contains("run.sh: the build gave 1 compiler warning(s) (above): the code builds without any"),
                      result.stderr)
        // And without the warning the same run passes
        try swift(buildOutput: "Build complete!")
        XCTAssertEqual(try run(["test"]).status, 0)
    }

    /// `./run.sh shots NAME...` hands the names to the catalog, which resolves them in
    /// Tests/Shots (and names the scripts there when one is none of them); every run keeps going
    /// and writes its report.
    func testShotsPassesTheChosenScriptsToTheCatalog() throws {
        let bin = folder.appendingPathComponent("bin"), debug = folder.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("ran.log").path
        try executable(bin.appendingPathComponent("swift"), """
            #!/bin/sh
            case "$*" in
            "build --show-bin-path") echo "\(debug.path)" ;;
            *) echo "Build complete!" ;;
            esac
            """)
        try executable(debug.appendingPathComponent("textfield-catalog"), "#!/bin/sh\necho \"$*\" >> \(log)\n")
        let shared = "--goldens Tests/Goldens --failures \(folder.path)/.build/shots --scripts-dir Tests/Shots "
            + "--keep-going --report \(folder.path)/.build/shots/report"
        for (arguments, passed) in [([], ""), (["states"], " --script states"),
                                    (["--update", "states", "motion.qa"], " --update-goldens --script states --script motion.qa"),
                                    (["--junit", "out/shots.xml", "scale"], " --junit out/shots.xml --script scale")] {
            try? FileManager.default.removeItem(atPath: log)
            let result = try run(["shots"] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), shared + passed + "\n", "\(arguments)")
        }
        let wrong = try run(["shots", "--updat"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("usage: ./run.sh shots [--update] [--junit PATH] [NAME...]"), wrong.stderr)
    }

    func testPackagesInstalledOnTheWayLeaveStandardOutputToThePath() throws {
        // Given a machine that lacks one package, as root, with an apt-get that talks on stdout
        let bin = folder.appendingPathComponent("bin")
        try executable(bin.appendingPathComponent("dpkg-query"), """
            #!/bin/sh
            for last; do :; done
            [ "$last" = fonts-roboto ] && exit 1
            echo 'install ok installed'
            """)
        try executable(bin.appendingPathComponent("id"), "#!/bin/sh\necho 0\n")
        try executable(bin.appendingPathComponent("apt-get"), """
            #!/bin/sh
            echo "apt-get $*" >> "\(folder.appendingPathComponent("apt.log").path)"
            echo "Reading package lists... Done"
            echo "Setting up $* ..."
            """)
        // When the catalog is rendered headless
        let result = try run([])
        // Then the package is installed, and only the PNG's path reaches stdout
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, folder.appendingPathComponent("catalog.png").path + "\n")
        XCTAssertTrue(result.stderr.contains("run.sh: installing fonts-roboto"), result.stderr)
        let log = try String(contentsOf: folder.appendingPathComponent("apt.log"), encoding: .utf8)
        XCTAssertTrue(log.contains("apt-get update"), log)
        XCTAssertTrue(log.contains("install") && log.contains("fonts-roboto"), log)
    }
}
