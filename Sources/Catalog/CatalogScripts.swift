import Glibc
import MaterialFields
import QATools
import XftHost

/// `--script FILE...`: each script on a fresh catalog, one summary line per script on stdout (a
/// script with a syntax error too), `FILE:LINE: message` on stderr for each of its failures in line
/// order: its first failed step (every one with `--keep-going`) and, with `--goldens`, its shots
/// that differ, so that the count is the one JUnit and the report give (with goldens the lines
/// wait for the shots' verdicts). Every step's outcome and every shot's verdict is kept in a `ScriptResult`,
/// from which `--junit` and `--report` are written at the end, whatever the verdict. With `--goldens`,
/// screenshots are compared with golden PNGs (or, with `--update-goldens`, recorded once every
/// script has passed), and the fonts the run used are checked against the ones the goldens were
/// drawn with before any pixel is judged.
struct CatalogScripts {
    /// A step failed, or a screenshot differs from its golden.
    static let failureStatus: Int32 = 3
    /// The goldens cannot be judged here: this machine's fonts are not the recorded ones.
    static let fontMismatchStatus: Int32 = 4

    let host: WindowHost
    let options: CommandLineOptions
    private let scripts: [Source]
    private let goldens: GoldenSet?
    private let shots = Shots()
    private let results = Results()
    /// `--qa-state`: written at every step's end.
    private let qaState: QAStateWriter?

    /// Every script's result so far, in the order they ran.
    private final class Results {
        var list: [ScriptResult] = []
        /// Each script's figures ("2 expectations, 1 screenshot, 120 ms of virtual time"), by index.
        var figures: [String] = []
        /// `shots: N of M match their goldens ...`, once judged.
        var shotsSummary = ""
        /// Whether the goldens were judged or recorded, so the folder's other goldens can be named.
        var checksStale = false
    }

    /// What the run's screenshots came to, in golden mode.
    private final class Shots {
        struct Taken {
            var name: String
            var origin: String
            var image: RGBAImage
            /// The script (its index in the run's results) and the line whose step took it.
            var script: Int
            var line: Int
            /// The step's own tolerance and masks.
            var check = ShotCheck.plain
        }
        /// Every shot, by name, with the step that took it (a name twice would overwrite a golden),
        /// judged or recorded once every script has run.
        var taken: [Taken] = []
    }

    /// A script file as read, before anything runs.
    struct Source {
        var path: String
        var bytes: [UInt8]
    }

    /// Every `--script` file's bytes, read before a display is opened or a server started: a
    /// script that cannot be read (a wrong path, a folder) is a bad command line, not a failed step.
    /// A name is looked for as given, then (without `.qa` and naming no folder) as NAME.qa in the
    /// working directory, then as a sample (`CatalogSamples`): the file found is the script's path.
    static func read(_ paths: [String]) throws -> [Source] {
        try paths.map { path in
            if !SystemFiles.fileExists(path) {
                if let local = localFile(for: path) { return try read(local, given: path) }
                if let sample = CatalogSamples.path(for: path) { return try read(sample, given: path) }
            }
            return try read(path, given: path)
        }
    }

    /// NAME.qa in the working directory for a NAME without `.qa` and without a folder, when that file is there.
    private static func localFile(for name: String) -> String? {
        guard !name.isEmpty, !name.contains("/"), !name.hasSuffix(".qa") else { return nil }
        let file = name + ".qa"
        return SystemFiles.fileExists(file) ? file : nil
    }

    private static func read(_ path: String, given: String) throws -> Source {
        do {
            return Source(path: path, bytes: try SystemFiles.readBytes(path))
        } catch {
            let reason = (error as? SystemFiles.Failure)?.reason ?? "\(error)"
            let hint = SystemFiles.fileExists(given) ? "" : CatalogSamples.hint(for: given)
            throw CommandLineOptions.UsageError(message: "--script: cannot read '\(given)': \(reason)\(hint)")
        }
    }

    /// Whether a script has `checkpoint` steps (one that does not parse has none: its error comes later).
    static func hasCheckpoints(_ source: Source) -> Bool {
        guard let script = try? QAScript(file: source.path, bytes: source.bytes) else { return false }
        return script.lines.contains { if case .checkpoint = $0.step { return true } else { return false } }
    }

    init(host: WindowHost, options: CommandLineOptions, scripts: [Source]) {
        self.host = host
        self.options = options
        self.scripts = scripts
        goldens = options.goldensDirectory.map { directory in
            GoldenSet(goldensDirectory: directory,
                      failuresDirectory: options.failuresDirectory ?? Self.makeFailuresDirectory())
        }
        qaState = options.qaStatePath.map { QAStateWriter(path: $0, controls: nil) }
    }

    /// Whether results must hold images and verdicts for `--junit` or `--report`.
    private var keepsResults: Bool { options.junitPath != nil || options.reportDirectory != nil }

    func runAll() -> Int32 {
        var failed = false
        for script in scripts where !run(script) { failed = true }
        qaState?.finish()
        var status = failed ? Self.failureStatus : 0
        if let goldens {
            status = options.updatesGoldens ? recordGoldens(goldens, scriptsFailed: failed) : judgeGoldens(goldens, scriptsFailed: failed)
            // Each script's failures (its steps' and its shots', in line order) and its line on
            // stdout, now that its shots are judged: one count everywhere.
            for index in results.list.indices { reportScript(index) }
            if !results.shotsSummary.isEmpty { print(results.shotsSummary) }
            if results.checksStale { reportGoldensNoShotTook(goldens) }
        }
        if !writeReports(), status == 0 { status = Self.failureStatus }
        // The run's own failures folder goes again when nothing failed into it (rmdir leaves a
        // folder with files alone).
        if let goldens, options.failuresDirectory == nil { rmdir(goldens.failuresDirectory) }
        return status
    }

    /// A script's failures on stderr, in line order, then its line on stdout: `FILE: ok (...)` or
    /// `FILE: FAILED, N failures (...)`, N counting its shots that differ from their goldens too.
    private func reportScript(_ index: Int) {
        let result = results.list[index]
        let failures = result.failureMessages
        for failure in failures { report(failure) }
        guard result.parseFailure == nil else {
            print("\(result.file): FAILED, 1 failure (a syntax error: no step ran)")
            return
        }
        let figures = results.figures.count > index ? results.figures[index] : nil
        let passed = result.steps.filter { $0.outcome == .passed }.count
        let detail = figures.map { ", \($0)" } ?? ""
        if failures.isEmpty {
            // Not "ok" alone when its shots could not be judged (other fonts): the run's status is 4.
            let unjudged = result.unjudgedReason == nil ? "" : "; its screenshots were not judged"
            print("\(result.file): ok (\(Self.counted(passed, "step"))\(detail))\(unjudged)")
        } else {
            print("\(result.file): FAILED, \(Self.counted(failures.count, "failure")) "
                  + "(\(passed) of \(Self.counted(result.steps.count, "step")) passed\(detail))")
        }
    }

    /// `--junit` and `--report`, written from the results whatever the run came to. False when
    /// one could not be written (said on stderr).
    private func writeReports() -> Bool {
        var written = true
        if let path = options.junitPath {
            do {
                try? SystemFiles.createParentDirectory(of: path)
                try SystemFiles.write(JUnitReport.xml(results.list, suiteName: "textfield-catalog"), to: path)
            } catch {
                report("--junit: cannot write '\(path)': \((error as? SystemFiles.Failure)?.reason ?? "\(error)")")
                written = false
            }
        }
        if let directory = options.reportDirectory {
            let path = SystemFiles.join(directory, "index.html")
            do {
                try SystemFiles.createDirectory(directory)
                let failed = results.list.filter(\.hasFailed).count
                let title = failed == 0 ? "QA report: every script passed" : "QA report: \(failed) of \(results.list.count) scripts failed"
                var subtitle = "\(Self.counted(results.list.count, "script")) run by textfield-catalog on \(Self.now())"
                if let goldens { subtitle += "; goldens: \(goldens.goldensDirectory)" + (options.updatesGoldens ? " (updated)" : "") }
                try SystemFiles.write(HTMLReport.html(results.list, title: title, subtitle: subtitle), to: path)
                print("report: \(path)")
            } catch {
                report("--report: cannot write '\(path)': \((error as? SystemFiles.Failure)?.reason ?? "\(error)")")
                written = false
            }
        }
        return written
    }

    /// The date and time now, UTC, for the report's heading.
    private static func now() -> String {
        var seconds = time(nil), parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M:%S UTC", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Wall-clock seconds, for JUnit's times.
    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// A shot's verdict into its script's result, with its images when a report is written.
    private func record(_ shot: Shots.Taken, _ verdict: ScriptResult.Verdict) {
        var entry = ScriptResult.Shot(name: shot.name, line: shot.line, verdict: verdict)
        if options.reportDirectory != nil {
            let goldens = self.goldens
            func bytes(_ path: String?) -> [UInt8]? { path.flatMap { SystemFiles.fileExists($0) ? try? SystemFiles.readBytes($0) : nil } }
            switch verdict {
            case .golden(.matches), .golden(.updated):
                entry.expectedPNG = bytes(goldens?.goldenPath(for: shot.name))
            case .golden(.differs(let difference)):
                entry.expectedPNG = bytes(difference.goldenPath)
                entry.actualPNG = bytes(difference.actualPath)
                entry.diffPNG = bytes(difference.diffPath)
            case .golden(.missing(_, _, let actual)):
                entry.actualPNG = bytes(actual)
            case .written(let path):
                entry.actualPNG = bytes(path)
            case .notJudged, .error:
                entry.expectedPNG = bytes(goldens?.goldenPath(for: shot.name))
                entry.actualPNG = pngBytes(shot.image)
            }
        }
        results.list[shot.script].shots.append(entry)
    }

    /// An image's PNG bytes, by way of a file in the report's folder (the encoder writes files).
    private func pngBytes(_ image: RGBAImage) -> [UInt8]? {
        guard let directory = options.reportDirectory else { return nil }
        let path = SystemFiles.join(directory, ".render-\(getpid()).png")
        defer { SystemFiles.removeFile(path) }
        try? SystemFiles.createDirectory(directory)
        guard (try? image.writePNG(to: path)) != nil else { return nil }
        return try? SystemFiles.readBytes(path)
    }

    /// A folder of this run's own (runs and users do not share one in /tmp), made with mkdtemp.
    private static func makeFailuresDirectory() -> String {
        var template = Array(SystemFiles.join(SystemFiles.temporaryDirectory, "textfield-catalog-shots-XXXXXX").utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let made = mkdtemp(base) else { return SystemFiles.temporaryDirectory }
            return String(cString: made)
        }
    }

    private var manifestPath: String {
        SystemFiles.join(goldens?.goldensDirectory ?? ".", "fonts.txt")
    }

    /// Goldens are rewritten only from a run in which every script passed: half a set, from a
    /// script that stopped early, would be worse than the old one.
    private func recordGoldens(_ goldens: GoldenSet, scriptsFailed: Bool) -> Int32 {
        guard !scriptsFailed else {
            report("goldens: none written, because a script failed")
            for shot in shots.taken { record(shot, .notJudged("no golden written, because a script failed")) }
            return Self.failureStatus
        }
        do {
            try SystemFiles.createDirectory(goldens.goldensDirectory)
            for shot in shots.taken {
                let outcome = try goldens.check(shot.name, actual: shot.image, update: true, shot: shot.check)
                record(shot, .golden(outcome))
                print(outcome.message)
            }
            var manifest = FontManifest(fontsUsed: host.fontsUsed)
            // A partial run (`./run.sh shots --update states`) may not open every face the
            // other scripts' goldens were drawn with: those stay recorded, or the next full run
            // would call them added.
            if !Self.siblingScripts(of: scripts.map(\.path), in: options.scriptsDirectory).isEmpty,
               let recorded = try? FontManifest.read(from: manifestPath) {
                let opened = Set(manifest.faces.map { [$0.family, $0.style] })
                manifest = FontManifest(faces: manifest.faces + recorded.faces.filter { !opened.contains([$0.family, $0.style]) })
            }
            try manifest.write(to: manifestPath)
        } catch {
            report("goldens: \(error)")
            return Self.failureStatus
        }
        print("fonts: recorded in \(manifestPath)")
        if let note = Self.fontConfigurationNote { report(note) }
        results.checksStale = true
        return 0
    }

    /// Why this run's fonts may not be the pinned ones (`Resources/fonts.conf`): nil when they are.
    static var fontConfigurationNote: String? {
        switch PinnedFonts.pinForThisProcess() {
        case .pinned: return nil
        case .chosenByEnvironment(let path):
            return "(FONTCONFIG_FILE=\(path) chose this run's font configuration; the project's goldens are drawn with "
                + "Resources/fonts.conf, which the catalog uses when FONTCONFIG_FILE is unset.)"
        case .unavailable(let reason):
            return "(The fonts were not pinned: \(reason).)"
        }
    }

    /// Fonts first: with other fonts every shot would differ, so their message is the whole
    /// verdict and no pixel is compared; then each shot against its golden.
    private func judgeGoldens(_ goldens: GoldenSet, scriptsFailed: Bool) -> Int32 {
        switch FontManifest.verdict(manifestAt: manifestPath, fontsUsed: host.fontsUsed) {
        case .otherFonts(let message):
            report(message)
            for shot in shots.taken {
                record(shot, .notJudged("this machine's fonts are not the ones \(manifestPath) records (the run's log names them)"))
            }
            if options.fontFamily != CommandLineOptions().fontFamily {
                report("(This run draws text in '\(options.fontFamily)' because of --font; goldens are usually drawn without it.)")
            }
            if let note = Self.fontConfigurationNote { report(note) }
            // A script that failed is a failure whatever the fonts: it must not pass as "cannot judge".
            return scriptsFailed ? Self.failureStatus : Self.fontMismatchStatus
        case .noManifest(let message):
            report(message)
            for shot in shots.taken { record(shot, .error(message)) }
            return Self.failureStatus
        case .sameFonts:
            break
        }
        var matching = 0, compared = 0
        for shot in shots.taken {
            do {
                let outcome = try goldens.check(shot.name, actual: shot.image, shot: shot.check)
                compared += 1
                record(shot, .golden(outcome))
                if !outcome.isFailure { matching += 1 }
            } catch {
                record(shot, .error("\(error)"))
            }
        }
        results.checksStale = true
        let unjudged = shots.taken.count - compared
        results.shotsSummary = ("shots: \(matching) of \(shots.taken.count) match their goldens"
              + (unjudged == 0 ? "" : ", \(unjudged) could not be compared")
              + (compared > matching ? "; actual and diff images are in \(goldens.failuresDirectory)" : ""))
        // (Each shot's failure is said with its script's, in line order: `reportScript`.)
        return scriptsFailed || matching < shots.taken.count ? Self.failureStatus : 0
    }

    /// Goldens in the folder that no screenshot of this run produced and no script of the
    /// goldens' own would take: stale after a step was removed or renamed. The goldens' scripts
    /// are those of `--scripts-dir`. Without it, only a run of every `*.qa` of one folder, with no
    /// other `*.qa` beside the goldens' folder either, can tell: a partial run names nothing stale
    /// (it could be another script's golden) and says how to check. Named, never deleted.
    private func reportGoldensNoShotTook(_ goldens: GoldenSet) {
        var taken = Set(shots.taken.map { "\($0.name).png" })
        let files = (try? SystemFiles.contentsOfDirectory(goldens.goldensDirectory)) ?? []
        guard files.contains(where: { $0.hasSuffix(".png") && !taken.contains($0) }) else { return }
        let ran = scripts.map(\.path)
        if options.scriptsDirectory == nil {
            let folders = Set(ran.map { Self.realPath(SystemFiles.parentDirectory(of: $0)) })
            // Scripts not run beside theirs, beside the goldens' folder or in a folder next to it
            // (Tests/Goldens and Tests/Shots) may take the goldens this run did not.
            let goldensParent = SystemFiles.parentDirectory(of: Self.realPath(goldens.goldensDirectory))
            let neighbours = ((try? SystemFiles.contentsOfDirectory(goldensParent)) ?? []).map { SystemFiles.join(goldensParent, $0) }
                .filter(SystemFiles.isDirectory)
            let others = ([goldensParent] + neighbours).flatMap { Self.siblingScripts(of: ran, in: $0) } + Self.siblingScripts(of: ran, in: nil)
            guard folders.count == 1, others.isEmpty else {
                print("goldens: this run took \(Self.counted(shots.taken.count, "shot")) of \(goldens.goldensDirectory); "
                      + "to name the goldens no script takes (stale), run with --scripts-dir DIR, the folder of its scripts")
                return
            }
        }
        var unreadable: [String] = []
        for script in Self.siblingScripts(of: ran, in: options.scriptsDirectory) {
            guard let bytes = try? SystemFiles.readBytes(script), let parsed = try? QAScript(file: script, bytes: bytes) else {
                unreadable.append(script)
                continue
            }
            for name in Self.shotNames(of: parsed) { taken.insert("\(name).png") }
        }
        let untaken = files.filter { $0.hasSuffix(".png") && !taken.contains($0) }.sorted()
        guard !untaken.isEmpty else { return }
        print("goldens stale (no script takes them; named, not deleted"
              + (unreadable.isEmpty ? "" : "; though \(unreadable.joined(separator: ", ")) could not be read to tell") + "): "
              + untaken.joined(separator: ", "))
    }

    /// The scripts that belong with the goldens but did not run: every `*.qa` in `directory`, or
    /// with none, in the folders of the scripts that ran; by real path, so `states.qa` and
    /// `./Tests/Shots/states.qa` are one script.
    static func siblingScripts(of ran: [String], in directory: String?) -> [String] {
        let ranPaths = Set(ran.map(realPath))
        var folders: [String] = []
        for folder in directory.map({ [$0] }) ?? ran.map(SystemFiles.parentDirectory) where !folders.contains(folder) {
            folders.append(folder)
        }
        var siblings: [String] = []
        for folder in folders {
            for name in ((try? SystemFiles.contentsOfDirectory(folder)) ?? []).sorted() where name.hasSuffix(".qa") {
                let path = SystemFiles.join(folder, name)
                if !ranPaths.contains(realPath(path)) && !siblings.contains(path) { siblings.append(path) }
            }
        }
        return siblings
    }

    /// The golden names a script's screenshot steps take (`screenshot states.png` takes `states`).
    static func shotNames(of script: QAScript) -> [String] {
        script.lines.compactMap { line in
            guard case .screenshot(let path, _) = line.step else { return nil }
            return path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
        }
    }

    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func run(_ source: Source) -> Bool {
        let path = source.path
        let index = results.list.count
        results.list.append(ScriptResult(file: path))
        let started = Self.monotonicSeconds()
        defer { results.list[index].wallTime = Self.monotonicSeconds() - started }
        let script: QAScript
        do {
            script = try QAScript(file: path, bytes: source.bytes)
        } catch {
            results.list[index].parseFailure = "\(error)"
            results.figures.append("")
            if goldens == nil { reportScript(index) }
            return false
        }
        // Every step as written, not reached until it ends.
        let texts = ScriptResult.sourceLines(of: source.bytes)
        results.list[index].steps = script.lines.map {
            ScriptResult.Step(line: $0.number, text: $0.number <= texts.count ? texts[$0.number - 1] : "", outcome: .notReached, time: 0)
        }
        let session = CatalogSession(options: options, desktop: nil)
        let runner = ScriptRunner(host: host, app: session, size: options.windowSize(scale: session.scale))
        runner.outputDirectory = options.outputDirectory
        runner.keepsGoing = options.keepsGoing
        var stepIndex = 0
        runner.stepDidEnd = { [results, qaState, unowned runner] line, outcome in
            while stepIndex < results.list[index].steps.count, results.list[index].steps[stepIndex].line != line.number { stepIndex += 1 }
            if stepIndex < results.list[index].steps.count {
                switch outcome {
                case .passed: results.list[index].steps[stepIndex].outcome = .passed
                case .failed(let failure): results.list[index].steps[stepIndex].outcome = .failed("\(failure)")
                case .couldNotRun(let failure): results.list[index].steps[stepIndex].outcome = .couldNotRun("\(failure)")
                }
                results.list[index].steps[stepIndex].time = runner.time
            }
            if let qaState {
                // A scale step builds the catalog afresh: the state is always the current one's.
                qaState.update(controls: session.controls, script: .init(file: path, line: line.number))
            }
        }
        if let qaState {
            // The fresh catalog before its first step.
            qaState.update(controls: session.controls, script: .init(file: path, line: 0))
        }
        runner.auditSubjects = { CatalogSubjects.subjects() }
        runner.auditHandler = { audit in print(audit.table + "\n") }
        if goldens != nil {
            // Unowned: the runner holds this handler, so a strong capture would keep every
            // script's runner, scene and pixmap alive to the end of the run.
            runner.screenshotHandler = { [shots, unowned runner] path, image in
                let name = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
                let origin = "\(runner.currentStep.file):\(runner.currentStep.line)"
                // Checked at the step, so a bad name stops its script (and an update) where it is written.
                try GoldenSet.validate(name)
                if let earlier = shots.taken.first(where: { $0.name == name }) {
                    throw GoldenCheckError("screenshot \(name) was already taken at \(earlier.origin): each shot needs a name of its own")
                }
                shots.taken.append(.init(name: name, origin: origin, image: image, script: index, line: runner.currentStep.line,
                                         check: runner.currentShot))
            }
        } else if keepsResults {
            // As the runner writes them, and each one kept for the reports.
            let directory = options.outputDirectory
            runner.screenshotHandler = { [unowned runner] shotPath, image in
                let file = shotPath.hasPrefix("/") ? shotPath : directory.map { SystemFiles.join($0, shotPath) } ?? shotPath
                try ScriptRunner.writeScreenshot(image, to: file)
                let taken = Shots.Taken(name: shotPath, origin: "", image: image, script: index, line: runner.currentStep.line)
                self.record(taken, .written(path: file))
            }
        }
        defer { results.list[index].virtualTime = runner.time }
        var unexpected: String?
        do {
            try runner.run(script)
        } catch HostError.connectionLost {
            // The X server went away: as for the window, one line and status 1 (and the run's
            // own failures folder goes if nothing was written into it).
            if let goldens, options.failuresDirectory == nil { rmdir(goldens.failuresDirectory) }
            fail("\(HostError.connectionLost)", status: 1)
        } catch {
            // A step's failure is in its result already; anything else is said as it is.
            if !runner.failures.contains(where: { "\($0)" == "\(error)" }) { unexpected = "\(error)" }
        }
        let counts = runner.counts
        results.figures.append("\(Self.counted(counts.expectations, "expectation")), \(Self.counted(counts.screenshots, "screenshot")), "
            + "\(Int((runner.time * 1000).rounded())) ms of virtual time")
        if let unexpected { report(unexpected) }
        // With goldens, the script's line waits for its shots' verdicts (`runAll`).
        if goldens == nil { reportScript(index) }
        return runner.failures.isEmpty && unexpected == nil
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private func report(_ line: String) {
        // Summary lines go to stdout through a buffer: out first, so a log reads in order.
        fflush(stdout)
        SystemFiles.writeToStandardError("\(line)\n")
    }
}
