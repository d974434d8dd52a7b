import Foundation
import TestHarness
import XCTest

/// A run's results for the people who read them, through the real binary: `--keep-going` runs
/// every step and names every failure, `--junit` and `--report` say the same in JUnit XML and a
/// self-contained HTML page (checked with python3's own parsers, as CI tools and browsers would
/// read them), `--scripts-dir` runs scripts by name and leaves the goldens of the scripts not run
/// alone, and `--qa-state` is written while a script runs.
final class QAReportUITests: XCTestCase {
    private var directory: URL!
    private var scripts: URL!
    private var goldens: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("qa-report-\(UUID().uuidString)")
        scripts = directory.appendingPathComponent("shots")
        goldens = directory.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// On the catalog's own Xvfb (DISPLAY unset), as `./run.sh shots` runs it.
    @discardableResult
    private func catalog(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runCommand(CatalogApp.binaryPath, arguments, environment: ["DISPLAY": ""], timeout: 180)
    }

    private func write(_ name: String, _ text: String) throws {
        try text.write(to: scripts.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    private func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// python3 with `code`, which reads `sys.argv[1]` and prints what the test compares.
    private func python(_ code: String, _ argument: String) throws -> String {
        let result = try runCommand("/usr/bin/python3", ["-c", code, argument])
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    /// The shot `field` of `field.qa`, recorded as a golden, then drawn with other text; `multi.qa`
    /// with two expectations that fail and a click on a field that is not there (its id with an
    /// escape character, which XML cannot hold as it is); `other.qa`, not run, whose golden is not stale.
    private func makeSuite() throws {
        try write("field.qa", "focus filled-label\ntype Hello\nsettle\nscreenshot field.png 0 0 380 200\n")
        try write("other.qa", "screenshot other.png 0 0 120 80\n")
        let recorded = try catalog(["--scripts-dir", scripts.path, "--goldens", goldens.path, "--update-goldens"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        try write("field.qa", "focus filled-label\ntype Help\nsettle\nscreenshot field.png 0 0 380 200\n")
        try write("multi.qa", """
            # line 1: a comment
            focus filled-label
            type a<&>"'
            expect filled-label text "nope"
            click no\u{1B}such
            type b
            expect filled-label text "a<&>\\"'b"
            expect filled-label focused false

            """)
        // A golden no script takes: the one stale golden.
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("other.png"), to: goldens.appendingPathComponent("gone.png"))
    }

    func testKeepGoingNamesEveryFailureAndTheJUnitReportAndStateSayTheSame() throws {
        try makeSuite()
        let junit = path("out/junit.xml"), report = path("report"), state = path("state/qa.json")
        let result = try catalog(["--scripts-dir", scripts.path, "--script", "field", "--script", "multi.qa", "--goldens", goldens.path,
                                  "--failures", path("failures"), "--keep-going", "--junit", junit, "--report", report, "--qa-state", state])
        XCTAssertEqual(result.status, 3, result.stderr)
        let multi = scripts.appendingPathComponent("multi.qa").path, field = scripts.appendingPathComponent("field.qa").path

        // Every failure with its line, the expectation after a failed one still judged (line 7
        // passes: the failed click left the focus where it was), and the script's count.
        let failureLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix(multi + ":") }.map { String($0) }
        XCTAssertEqual(failureLines.map { $0.dropFirst(multi.count + 1).prefix { $0 != ":" } }, ["4", "5", "8"], result.stderr)
        XCTAssertTrue(result.stdout.contains("\(multi): FAILED, 3 failures (4 of 7 steps passed"), result.stdout)
        XCTAssertTrue(result.stderr.contains("\(field):4: field: "), "the golden that differs, at its step: \(result.stderr)")
        // The partial run calls only the golden no script takes stale, not other.qa's.
        let staleLine = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasPrefix("goldens stale (no script takes them") }, result.stdout)
        XCTAssertTrue(staleLine.hasSuffix(": gone.png"), String(staleLine))

        // JUnit: one testcase per script, one failure each, every FILE:LINE in its text.
        let cases = try python("""
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == 'testsuites', root.tag
            for case in root.iter('testcase'):
                failures = case.findall('failure')
                print(case.get('name'), len(failures), failures[0].get('type') if failures else '-')
                for failure in failures:
                    print(failure.get('message').split(':')[1])
                    print(failure.text)
            """, junit)
        let lines = cases.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "\(field) 1 golden", cases)
        XCTAssertTrue(lines.contains("\(multi) 1 step"), cases)
        for number in [4, 5, 8] { XCTAssertTrue(cases.contains("\(multi):\(number): "), "line \(number) in\n\(cases)") }
        XCTAssertTrue(cases.contains("no field 'no\\u{1B}such'"), "the escape character written out: \(cases)")
        XCTAssertTrue(cases.contains("\(field):4: field: "), cases)

        // The report: every step of both scripts, the three images of the golden that differs
        // (real PNGs), and nothing fetched from a server.
        let page = try python("""
            import sys, base64
            from html.parser import HTMLParser
            class Page(HTMLParser):
                def __init__(self):
                    super().__init__(); self.cell = None; self.rows = []; self.images = []; self.remote = []
                def handle_starttag(self, tag, attrs):
                    attrs = dict(attrs)
                    for key in ('src', 'href'):
                        if (attrs.get(key) or '').startswith(('http:', 'https:', '//')): self.remote.append(attrs[key])
                    if tag == 'tr': self.rows.append([])
                    if tag == 'code' and self.rows: self.cell = ''
                    if tag == 'img' and 'src' in attrs:
                        data = attrs['src']; assert data.startswith('data:image/png;base64,'), data[:40]
                        png = base64.b64decode(data.split(',', 1)[1], validate=True)
                        self.images.append((attrs.get('alt'), png[:8] == b'\\x89PNG\\r\\n\\x1a\\n'))
                def handle_endtag(self, tag):
                    if tag == 'code' and self.cell is not None: self.rows[-1].append(self.cell); self.cell = None
                def handle_data(self, data):
                    if self.cell is not None: self.cell += data
            page = Page(); page.feed(open(sys.argv[1], encoding='utf-8').read())
            for row in page.rows:
                if row: print('step', row[0])
            for alt, png in page.images: print('image', alt, png)
            print('remote', len(page.remote))
            """, report + "/index.html")
        let steps = page.split(separator: "\n").filter { $0.hasPrefix("step ") }.map { String($0.dropFirst(5)) }
        // Both scripts failed, so they come in the order they ran; each step as written.
        XCTAssertEqual(steps, ["focus filled-label", "type Help", "settle", "screenshot field.png 0 0 380 200",
                               "focus filled-label", "type a<&>\"'", "expect filled-label text \"nope\"", "click no\\u{1B}such", "type b",
                               "expect filled-label text \"a<&>\\\"'b\"", "expect filled-label focused false"], page)
        for role in ["expected", "actual", "diff"] { XCTAssertTrue(page.contains("image field: \(role) True"), "\(role): \(page)") }
        XCTAssertTrue(page.contains("remote 0\n"), page)

        // The QA state after the last step of the last script, naming it.
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: state))) as? [String: Any]
        let place = try XCTUnwrap(json?["script"] as? [String: Any], "\(String(describing: json?.keys))")
        XCTAssertEqual(place["file"] as? String, multi)
        XCTAssertEqual(place["line"] as? Int, 8)
        let fields = try XCTUnwrap(json?["fields"] as? [[String: Any]])
        XCTAssertEqual(fields.first { $0["id"] as? String == "filled-label" }?["text"] as? String, "a<&>\"'b")
    }

    /// With fonts other than the goldens', no pixel is judged: the JUnit file says so for the
    /// scripts that took shots (skipped, with the reason), a script that failed a step still
    /// fails, and one that took no shot passes.
    func testWithOtherFontsTheJUnitFileSkipsTheScriptsWhoseShotsWereNotJudged() throws {
        try makeSuite()
        try write("plain.qa", "focus filled-label\n")
        let manifest = goldens.appendingPathComponent("fonts.txt")
        let recorded = try String(contentsOf: manifest, encoding: .utf8)
        let faces = recorded.split(separator: "\n").filter { !$0.hasPrefix("#") }
        let first = try XCTUnwrap(faces.first)
        var columns = first.components(separatedBy: " | ")
        columns[2] = "0.0-other"
        try recorded.replacingOccurrences(of: String(first), with: columns.joined(separator: " | "))
            .write(to: manifest, atomically: true, encoding: .utf8)
        let junit = path("junit.xml")
        let result = try catalog(["--scripts-dir", scripts.path, "--script", "field", "--script", "multi", "--script", "plain",
                                  "--goldens", goldens.path, "--failures", path("failures"), "--keep-going", "--junit", junit])
        XCTAssertEqual(result.status, 3, "multi.qa failed whatever the fonts: \(result.stderr)")
        let cases = try python("""
            import sys, os, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(root.get('tests'), root.get('failures'), root.get('skipped'))
            for case in root.iter('testcase'):
                verdict = [child.tag + ': ' + (child.get('message') or '') for child in case if child.tag != 'system-out']
                print(os.path.basename(case.get('name')) + ' | ' + ' | '.join(verdict))
            """, junit)
        let lines = cases.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, cases)
        XCTAssertEqual(lines.first, "3 1 1", "3 scripts, 1 failed, 1 skipped: \(cases)")
        XCTAssertTrue(lines[1].hasPrefix("field.qa | skipped: shots not judged: this machine's fonts are not the ones "), cases)
        XCTAssertTrue(lines[2].hasPrefix("multi.qa | failure: 3 failures; the first: \(scripts.path)/multi.qa:4: "), cases)
        XCTAssertEqual(lines[3], "plain.qa | ", cases)
    }

    /// Without --keep-going a script stops at its first failure, as it always has; the JUnit
    /// file is written all the same, and the report lists the steps not reached.
    func testWithoutKeepGoingAScriptStopsAtItsFirstFailureAndTheReportsAreStillWritten() throws {
        try write("stop.qa", "focus filled-label\nexpect filled-label focused false\nexpect filled-label focused false\ntype x\n")
        let junit = path("junit.xml"), report = path("report")
        let result = try catalog(["--script", scripts.appendingPathComponent("stop.qa").path, "--junit", junit, "--report", report])
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stderr.split(separator: "\n").count, 1, result.stderr)
        XCTAssertTrue(result.stderr.hasSuffix("stop.qa:2: expect filled-label focused: expected false, found true\n"), result.stderr)
        XCTAssertTrue(result.stdout.contains("stop.qa: FAILED, 1 failure (1 of 4 steps passed, "), "its line, as every script's: \(result.stdout)")
        let junitText = try python("""
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(root.get('tests'), root.get('failures'), [f.get('message') for f in root.iter('failure')])
            """, junit)
        XCTAssertTrue(junitText.hasPrefix("1 1 ["), junitText)
        XCTAssertTrue(junitText.contains("stop.qa:2: expect filled-label focused"), junitText)
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        XCTAssertEqual(html.components(separatedBy: ">not reached<").count - 1, 2, "lines 3 and 4 were not reached")
    }

    /// A golden that differs is a failure of the script whose step took it, at that step's line:
    /// stdout's line for the script (printed once its shots are judged), stderr, JUnit and the
    /// report give one count and one order, by line; a script with a syntax error has its line too.
    func testAShotsFailureCountsForItsScriptInLineOrderEverywhere() throws {
        try write("g1.qa", "focus filled-label\ntype Hello\nsettle\nscreenshot g1.png 0 0 380 200\n")
        let recorded = try catalog(["--scripts-dir", scripts.path, "--goldens", goldens.path, "--update-goldens"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        try write("g1.qa", "focus filled-label\ntype Help\nsettle\nscreenshot g1.png 0 0 380 200\nexpect filled-label text \"nope\"\n")
        try write("typo.qa", "settle\nscrennshot x.png\n")
        let junit = path("junit.xml"), report = path("report")
        let result = try catalog(["--scripts-dir", scripts.path, "--goldens", goldens.path, "--failures", path("failures"),
                                  "--junit", junit, "--report", report])
        XCTAssertEqual(result.status, 3, result.stderr)
        let g1 = scripts.appendingPathComponent("g1.qa").path, typo = scripts.appendingPathComponent("typo.qa").path
        XCTAssertTrue(result.stdout.contains("\(g1): FAILED, 2 failures (4 of 5 steps passed, "), result.stdout)
        XCTAssertTrue(result.stdout.contains("\(typo): FAILED, 1 failure (a syntax error: no step ran)"), result.stdout)
        let g1Lines = result.stderr.split(separator: "\n").filter { $0.hasPrefix(g1 + ":") }
        XCTAssertEqual(g1Lines.map { $0.dropFirst(g1.count + 1).prefix { $0 != ":" } }, ["4", "5"], result.stderr)
        XCTAssertTrue(result.stderr.contains("\(typo):2: unknown step 'scrennshot'; did you mean 'screenshot'?"), result.stderr)
        let junitText = try python("""
            import sys, xml.etree.ElementTree as ET
            for case in ET.parse(sys.argv[1]).getroot().iter('testcase'):
                for failure in case.findall('failure'): print(failure.get('message'))
            """, junit)
        XCTAssertTrue(junitText.contains("2 failures; the first: \(g1):4: g1:"), junitText)
        let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        let shotFailure = try XCTUnwrap(html.range(of: "\(g1):4: g1:")), expectFailure = try XCTUnwrap(html.range(of: "\(g1):5: expect"))
        XCTAssertLessThan(shotFailure.lowerBound, expectFailure.lowerBound, "the report's failure list in line order")
        XCTAssertTrue(html.contains(">3</b><span>failures<"), "the report counts the same three failures")

        // In a browser (when the machine has one), the wipe's slider is exactly as wide as the
        // shot (380 pixels), so its thumb sits over the wipe line.
        let chromium = "/usr/bin/chromium"
        guard FileManager.default.isExecutableFile(atPath: chromium) else { return }
        let dom = try runCommand(chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + path("chromium"),
                                            "--dump-dom", URL(fileURLWithPath: report + "/index.html").absoluteString], timeout: 120)
        XCTAssertTrue(dom.stdout.contains("aria-label=\"wipe between expected and actual\" style=\"width: 380px;\""),
                      dom.stdout.components(separatedBy: "<input").dropFirst().map { String($0.prefix(160)) }.joined(separator: "\n"))
    }

    /// A partial run names no golden stale (another script may take it) and says how to check;
    /// a run of every script of --scripts-dir does, and never asks to delete. A user's own goldens
    /// folder gets the advice of the command they ran, not `./run.sh`.
    func testOnlyARunOfEveryScriptCallsGoldensStaleAndTheAdviceNamesTheCommandRun() throws {
        try write("a.qa", "settle\nscreenshot a.png 0 0 120 80\n")
        try write("b.qa", "settle\nscreenshot b.png 0 0 120 80\n")
        let recorded = try catalog(["--scripts-dir", scripts.path, "--goldens", goldens.path, "--update-goldens"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        XCTAssertFalse(try String(contentsOfFile: goldens.path + "/fonts.txt", encoding: .utf8).contains("run.sh"))
        try FileManager.default.copyItem(at: goldens.appendingPathComponent("a.png"), to: goldens.appendingPathComponent("gone.png"))
        // Elsewhere, with a shot that has no golden yet.
        let other = directory.appendingPathComponent("other")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try "settle\nscreenshot a.png 0 0 120 80\nscreenshot new.png 0 0 120 80\n".write(to: other.appendingPathComponent("c.qa"), atomically: true, encoding: .utf8)
        let partial = try catalog(["--script", other.appendingPathComponent("c.qa").path, "--goldens", goldens.path, "--failures", path("failures")])
        XCTAssertEqual(partial.status, 3, partial.stderr)
        XCTAssertFalse(partial.stdout.contains("goldens stale"), partial.stdout)
        XCTAssertTrue(partial.stdout.contains("goldens: this run took 2 shots of \(goldens.path); to name the goldens no script takes (stale), "
                                              + "run with --scripts-dir DIR"), partial.stdout)
        XCTAssertTrue(partial.stderr.contains("run the same textfield-catalog command with `--update-goldens` to record it"), partial.stderr)
        XCTAssertFalse(partial.stderr.contains("run.sh"), partial.stderr)

        // Without --failures the run makes a folder of its own in TMPDIR, and removes it when
        // nothing failed into it.
        let temporary = path("tmp")
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let full = try runCommand(CatalogApp.binaryPath, ["--scripts-dir", scripts.path, "--goldens", goldens.path],
                                  environment: ["DISPLAY": "", "TMPDIR": temporary], timeout: 180)
        XCTAssertEqual(full.status, 0, full.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [], "no empty failures folder left")
        XCTAssertTrue(full.stdout.contains("goldens stale (no script takes them; named, not deleted): gone.png\n"), full.stdout)
        XCTAssertFalse(full.stdout.contains("delete them"), full.stdout)
    }

    /// A name that is no script of --scripts-dir, a report that could not be written and the
    /// report options without a script are bad command lines, told in one line before any
    /// display is looked for (not after every script has run).
    func testUnknownScriptNamesAndUnwritableReportsAreBadCommandLines() throws {
        try write("states.qa", "settle\n")
        try write("motion.qa", "settle\n")
        let file = path("a-file")
        try "".write(toFile: file, atomically: true, encoding: .utf8)
        let states = scripts.appendingPathComponent("states.qa").path
        for (arguments, message) in [
            (["--scripts-dir", scripts.path, "--script", "stats"],
             "--script: no script 'stats' in \(scripts.path); did you mean 'states'? (its scripts: motion, states)"),
            (["--scripts-dir", path("nowhere")], "--scripts-dir: there is no folder '\(path("nowhere"))'"),
            (["--script", states, "--report", file], "--report wants a folder to write index.html into; '\(file)' is a file"),
            (["--script", states, "--junit", scripts.path], "--junit wants a file path; '\(scripts.path)' is a folder"),
            (["--keep-going", "--junit", path("j.xml")], "--keep-going, --junit and --report go with --script FILE (or --scripts-dir DIR)"),
            (["--script", states, "--qa-state", "/proc/qa/state.json"], "--qa-state: cannot write '/proc/qa/state.json': No such file or directory"),
            (["--script", states, "--qa-state", scripts.path], "--qa-state wants a file path; '\(scripts.path)' is a folder"),
            (["--script", states, "--junit", "\(file)/j.xml"], "--junit: cannot write '\(file)/j.xml': Not a directory"),
        ] {
            let result = try runCommand(CatalogApp.binaryPath, arguments, environment: ["DISPLAY": ":99999"])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.stderr.split(separator: "\n").first.map(String.init), "textfield-catalog: " + message)
        }
    }
}
