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

    /// A stand-in for the test bundle in `debug`: `--list-tests` lists `tests` ("Module.Class/test"),
    /// a run logs "tests CLASSES nice=N" to `log`, prints XCTest's line for each of its tests, and
    /// fails the tests named in `failing` (status 1) and the classes named in `crashing` (status
    /// 139, with no line for their tests, as a crashed process leaves them).
    private func testBundle(in debug: URL, log: String, tests: [String], failing: Set<String> = [], crashing: Set<String> = []) throws {
        let listing = tests.joined(separator: "\n")
        try executable(debug.appendingPathComponent("MaterialFieldsPackageTests.xctest"), """
            #!/bin/bash
            listing='\(listing)'
            if [ "$1" = --list-tests ]; then printf 'Listing %d tests in fake.xctest:\\n\\n%s\\n' "$(printf '%s\\n' "$listing" | wc -l)" "$listing"; exit 0; fi
            echo "tests $1 nice=$(nice)" >> "\(log)"
            status=0
            for class in ${1//,/ }; do
                case " \(crashing.sorted().joined(separator: " ")) " in *" $class "*) exit 139 ;; esac
                for test in $(printf '%s\\n' "$listing" | sed -n "s,^$class/,,p"); do
                    case " \(failing.sorted().joined(separator: " ")) " in
                    *" $class.$test "*) echo "Test Case '$class.$test' failed (0.001 seconds)"; status=1 ;;
                    *) echo "Test Case '$class.$test' passed (0.001 seconds)" ;;
                    esac
                done
            done
            exit $status
            """)
    }

    /// What the stand-ins were asked to run, one line each, sorted (the processes run side by
    /// side), with each niceness told relative to this test's own ("nice=0" and "nice=10").
    private func ranLines(_ log: String) throws -> [String] {
        let own = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        return try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { line in
            guard let range = line.range(of: " nice="), let value = Int(line[range.upperBound...]) else { return String(line) }
            return line[..<range.upperBound] + String(value - own)
        }.sorted()
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
        try testBundle(in: debug, log: log, tests: ["MaterialFieldsTests.A/testOne", "CatalogUITests.B/testOne"])
        try executable(debug.appendingPathComponent("catalog-soak"), "#!/bin/sh\necho \"soak $*\" >> \(log)\n")
        // When the whole suite runs
        let result = try run(["test"])
        // Then the tests and the soak ran, and the run fails, saying why
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(try ranLines(log), ["soak 60", "tests CatalogUITests.B nice=0", "tests MaterialFieldsTests.A nice=10"])
        XCTAssertTrue(result.stderr.contains("run.sh: the build gave 1 compiler warning(s) (above): the code builds without any"),
                      result.stderr)
        // And without the warning the same run passes
        try swift(buildOutput: "Build complete!")
        XCTAssertEqual(try run(["test"]).status, 0)
    }

    /// The whole run hands each class to exactly one test process, two at a time: a CatalogUITests
    /// class alone, the other modules' classes eight to a process, the modules with no display
    /// under nice; every process's lines come out together, and the soak runs once they all ended.
    func testEveryTestClassRunsOnceInProcessesSideBySideThenTheSoakAlone() throws {
        let bin = folder.appendingPathComponent("bin"), debug = folder.appendingPathComponent(".build/debug")
        try FileManager.default.createDirectory(at: debug, withIntermediateDirectories: true)
        let log = folder.appendingPathComponent("ran.log").path
        try executable(bin.appendingPathComponent("swift"), """
            #!/bin/sh
            case "$*" in
            "build --show-bin-path") echo "\(debug.path)" ;;
            "build --build-tests") echo "Build complete!" ;;
            *) echo "swift $*" >> "\(log)" ;;
            esac
            """)
        let unitClasses = (1...9).map { "MaterialFieldsTests.Unit\($0)" }
        let tests = unitClasses.map { "\($0)/testOne" } + ["CatalogUITests.UIOne/testOne", "CatalogUITests.UIOne/testTwo",
            "CatalogUITests.UITwo/testOne", "XftHostTests.Host/testOne", "FuzzTests.Fuzz/testOne"]
        try testBundle(in: debug, log: log, tests: tests)
        try executable(debug.appendingPathComponent("catalog-soak"), "#!/bin/sh\necho \"soak $*\" >> \(log)\necho 'soak: passed'\n")
        let result = try run(["test"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try ranLines(log), [
            "soak 60", "tests CatalogUITests.UIOne nice=0", "tests CatalogUITests.UITwo nice=0", "tests FuzzTests.Fuzz nice=10",
            "tests MaterialFieldsTests.Unit9 nice=10", "tests \(unitClasses.prefix(8).joined(separator: ",")) nice=10",
            "tests XftHostTests.Host nice=0",
        ].sorted())
        XCTAssertTrue(result.stderr.contains("run.sh: 14 tests of 13 classes in 6 processes, 2 at a time"), result.stderr)
        XCTAssertTrue(result.stderr.contains("run.sh: 14 of 14 tests ran; 0 failed"), result.stderr)
        // One process's lines together: UIOne's two tests are never split by another's.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let first = try XCTUnwrap(lines.firstIndex(of: "Test Case 'CatalogUITests.UIOne.testOne' passed (0.001 seconds)"))
        XCTAssertEqual(lines[first + 1], "Test Case 'CatalogUITests.UIOne.testTwo' passed (0.001 seconds)")
        XCTAssertEqual(lines.last, "soak: passed")
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").last, "soak 60",
                       "the soak started after the last test process")
        XCTAssertEqual(lines.filter { $0.hasPrefix("Test Case") }.count, 14)
    }

    /// A failed test or a test process that dies fails the run and is named at the end, and every
    /// other class and the soak still run.
    func testAFailedTestOrACrashedProcessFailsTheRunAndIsNamedAfterEverythingRan() throws {
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
        let tests = ["CatalogUITests.Broken/testOne", "CatalogUITests.Broken/testTwo", "CatalogUITests.Crashing/testOne",
                     "CatalogUITests.Fine/testOne", "MaterialFieldsTests.Unit/testOne"]
        try executable(debug.appendingPathComponent("catalog-soak"), "#!/bin/sh\necho \"soak $*\" >> \(log)\n")
        try testBundle(in: debug, log: log, tests: tests, failing: ["CatalogUITests.Broken.testTwo"])
        let failed = try run(["test"])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(try ranLines(log).count, 5, "four test processes and the soak")
        XCTAssertTrue(failed.stderr.contains("run.sh: the process for CatalogUITests.Broken ended with status 1"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("run.sh: failed: CatalogUITests.Broken.testTwo\n"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("run.sh: 5 of 5 tests ran; 1 failed"), failed.stderr)
        XCTAssertTrue(failed.stderr.contains("run.sh: the tests failed (status 1)"), failed.stderr)

        try FileManager.default.removeItem(atPath: log)
        try testBundle(in: debug, log: log, tests: tests, crashing: ["CatalogUITests.Crashing"])
        let crashed = try run(["test"])
        XCTAssertEqual(crashed.status, 1, crashed.stderr)
        XCTAssertEqual(try ranLines(log).count, 5, "four test processes and the soak")
        XCTAssertTrue(crashed.stderr.contains("run.sh: the process for CatalogUITests.Crashing ended with status 139"), crashed.stderr)
        XCTAssertTrue(crashed.stderr.contains("run.sh: 4 of 5 tests ran; 0 failed"), crashed.stderr)
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
