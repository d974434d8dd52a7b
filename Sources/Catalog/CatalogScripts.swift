import Foundation
import MaterialFields
import QATools
import XftHost

/// `--script FILE...`: each script on a fresh catalog, one summary line per script on stdout,
/// `FILE:LINE: message` on stderr for the first step of a script that fails. With `--goldens`,
/// screenshots are compared with golden PNGs (or rewrite them), and the fonts the run used are
/// checked against the ones the goldens were drawn with before any pixel is judged.
struct CatalogScripts {
    /// A step failed, or a screenshot differs from its golden.
    static let failureStatus: Int32 = 3
    /// The goldens cannot be judged here: this machine's fonts are not the recorded ones.
    static let fontMismatchStatus: Int32 = 4

    let host: WindowHost
    let options: CommandLineOptions
    private let goldens: GoldenSet?
    private let outcomes = Outcomes()

    private final class Outcomes { var list: [GoldenOutcome] = [] }

    init(host: WindowHost, options: CommandLineOptions) {
        self.host = host
        self.options = options
        goldens = options.goldensDirectory.map { directory in
            GoldenSet(goldensDirectory: directory,
                      failuresDirectory: options.failuresDirectory
                          ?? FileManager.default.temporaryDirectory.appendingPathComponent("textfield-catalog-shots").path)
        }
    }

    func runAll() -> Int32 {
        var failed = false
        for path in options.scriptPaths where !run(path) { failed = true }
        guard let goldens else { return failed ? Self.failureStatus : 0 }
        return finishGoldens(goldens, scriptsFailed: failed)
    }

    private var manifestPath: String? {
        options.goldensDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent("fonts.txt").path }
    }

    private func finishGoldens(_ goldens: GoldenSet, scriptsFailed: Bool) -> Int32 {
        guard let manifestPath else { return Self.failureStatus }
        if options.updatesGoldens {
            outcomes.list.forEach { print($0.message) }
            do {
                try FontManifest(fontsUsed: host.fontsUsed).write(to: manifestPath)
            } catch {
                report("\(manifestPath): \(error)")
                return Self.failureStatus
            }
            print("fonts: recorded in \(manifestPath)")
            return scriptsFailed ? Self.failureStatus : 0
        }
        // Other fonts draw other pixels: one message naming them, not a wall of pixel failures.
        if let mismatch = FontManifest.mismatchMessage(manifestAt: manifestPath, fontsUsed: host.fontsUsed) {
            report(mismatch)
            return Self.fontMismatchStatus
        }
        let failures = outcomes.list.filter(\.isFailure)
        failures.forEach { report($0.message) }
        print("shots: \(outcomes.list.count - failures.count) of \(outcomes.list.count) match their goldens"
              + (failures.isEmpty ? "" : "; actual and diff images are in \(goldens.failuresDirectory)"))
        return scriptsFailed || !failures.isEmpty ? Self.failureStatus : 0
    }

    private func run(_ path: String) -> Bool {
        let script: QAScript
        do {
            guard let data = FileManager.default.contents(atPath: path) else {
                // FileManager keeps the reason to itself; a failed open names it.
                let descriptor = open(path, O_RDONLY)
                let reason = descriptor < 0 ? String(cString: strerror(errno)) : "not a readable file"
                if descriptor >= 0 { close(descriptor) }
                report("\(path): cannot read the script: \(reason)")
                return false
            }
            script = try QAScript(file: path, text: String(decoding: data, as: UTF8.self))
        } catch {
            report("\(error)")
            return false
        }
        let session = CatalogSession(options: options)
        let runner = ScriptRunner(host: host, app: session, size: options.size)
        runner.outputDirectory = options.outputDirectory
        if let goldens {
            let update = options.updatesGoldens
            runner.screenshotHandler = { [outcomes] path, image in
                let name = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
                outcomes.list.append(try goldens.check(name, actual: image, update: update))
            }
        }
        do {
            try runner.run(script)
        } catch {
            report("\(error)")
            return false
        }
        let counts = runner.counts
        print("\(path): ok (\(counts.steps) steps, \(counts.expectations) expectations, \(counts.screenshots) screenshots, "
              + "\(Int((runner.time * 1000).rounded())) ms of virtual time)")
        return true
    }

    private func report(_ line: String) {
        // Summary lines go to stdout through a buffer: out first, so a log reads in order.
        fflush(stdout)
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}
