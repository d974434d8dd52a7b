import Glibc
import MaterialFields
import QATools
import XftHost

/// `--script FILE...`: each script on a fresh catalog, one summary line per script on stdout,
/// `FILE:LINE: message` on stderr for the first step of a script that fails. With `--goldens`,
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

    /// What the run's screenshots came to, in golden mode.
    private final class Shots {
        struct Taken { var name: String; var origin: String; var image: RGBAImage }
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
    static func read(_ paths: [String]) throws -> [Source] {
        try paths.map { path in
            do {
                return Source(path: path, bytes: try SystemFiles.readBytes(path))
            } catch {
                let reason = (error as? SystemFiles.Failure)?.reason ?? "\(error)"
                throw CommandLineOptions.UsageError(message: "--script: cannot read '\(path)': \(reason)")
            }
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
    }

    func runAll() -> Int32 {
        var failed = false
        for script in scripts where !run(script) { failed = true }
        guard let goldens else { return failed ? Self.failureStatus : 0 }
        let status = options.updatesGoldens ? recordGoldens(goldens, scriptsFailed: failed) : judgeGoldens(goldens, scriptsFailed: failed)
        // The run's own failures folder goes again when nothing failed into it (rmdir leaves a
        // folder with files alone).
        if options.failuresDirectory == nil { rmdir(goldens.failuresDirectory) }
        return status
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
            return Self.failureStatus
        }
        do {
            try SystemFiles.createDirectory(goldens.goldensDirectory)
            for shot in shots.taken {
                print(try goldens.check(shot.name, actual: shot.image, update: true).message)
            }
            try FontManifest(fontsUsed: host.fontsUsed).write(to: manifestPath)
        } catch {
            report("goldens: \(error)")
            return Self.failureStatus
        }
        print("fonts: recorded in \(manifestPath)")
        reportGoldensNoShotTook(goldens)
        return 0
    }

    /// Fonts first: with other fonts every shot would differ, so their message is the whole
    /// verdict and no pixel is compared; then each shot against its golden.
    private func judgeGoldens(_ goldens: GoldenSet, scriptsFailed: Bool) -> Int32 {
        switch FontManifest.verdict(manifestAt: manifestPath, fontsUsed: host.fontsUsed) {
        case .otherFonts(let message):
            report(message)
            if options.fontFamily != CommandLineOptions().fontFamily {
                report("(This run draws text in '\(options.fontFamily)' because of --font; goldens are usually drawn without it.)")
            }
            // A script that failed is a failure whatever the fonts: it must not pass as "cannot judge".
            return scriptsFailed ? Self.failureStatus : Self.fontMismatchStatus
        case .noManifest(let message):
            report(message)
            return Self.failureStatus
        case .sameFonts:
            break
        }
        var matching = 0, compared = 0
        for shot in shots.taken {
            do {
                let outcome = try goldens.check(shot.name, actual: shot.image)
                compared += 1
                if outcome.isFailure { report("\(shot.origin): \(outcome.message)") } else { matching += 1 }
            } catch {
                report("\(shot.origin): \(error)")
            }
        }
        reportGoldensNoShotTook(goldens)
        let unjudged = shots.taken.count - compared
        print("shots: \(matching) of \(shots.taken.count) match their goldens"
              + (unjudged == 0 ? "" : ", \(unjudged) could not be compared")
              + (compared > matching ? "; actual and diff images are in \(goldens.failuresDirectory)" : ""))
        return scriptsFailed || matching < shots.taken.count ? Self.failureStatus : 0
    }

    /// Goldens in the folder that no screenshot of this run produced: stale after a step was
    /// removed or renamed (or belonging to scripts this run left out). Named, not deleted.
    private func reportGoldensNoShotTook(_ goldens: GoldenSet) {
        let taken = Set(shots.taken.map { "\($0.name).png" })
        let files = (try? SystemFiles.contentsOfDirectory(goldens.goldensDirectory)) ?? []
        let untaken = files.filter { $0.hasSuffix(".png") && !taken.contains($0) }.sorted()
        guard !untaken.isEmpty else { return }
        print("goldens no shot of this run took (stale, or from scripts not run; delete those that are stale): "
              + untaken.joined(separator: ", "))
    }

    private func run(_ source: Source) -> Bool {
        let path = source.path
        let script: QAScript
        do {
            script = try QAScript(file: path, bytes: source.bytes)
        } catch {
            report("\(error)")
            return false
        }
        let session = CatalogSession(options: options, desktop: nil)
        let runner = ScriptRunner(host: host, app: session, size: options.windowSize(scale: session.scale))
        runner.outputDirectory = options.outputDirectory
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
                shots.taken.append(.init(name: name, origin: origin, image: image))
            }
        }
        do {
            try runner.run(script)
        } catch HostError.connectionLost {
            // The X server went away: as for the window, one line and status 1.
            fail("\(HostError.connectionLost)", status: 1)
        } catch {
            report("\(error)")
            return false
        }
        let counts = runner.counts
        print("\(path): ok (\(Self.counted(counts.steps, "step")), \(Self.counted(counts.expectations, "expectation")), "
              + "\(Self.counted(counts.screenshots, "screenshot")), \(Int((runner.time * 1000).rounded())) ms of virtual time)")
        return true
    }

    private static func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    private func report(_ line: String) {
        // Summary lines go to stdout through a buffer: out first, so a log reads in order.
        fflush(stdout)
        SystemFiles.writeToStandardError("\(line)\n")
    }
}
