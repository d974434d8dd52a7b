import Foundation
import MaterialFields
import QATools
import XftHost

/// `--script FILE...`: each script on a fresh catalog, one summary line per script on stdout,
/// `FILE:LINE: message` on stderr for the first step of a script that fails.
struct CatalogScripts {
    /// The exit status of a run in which a script failed.
    static let failureStatus: Int32 = 3

    let host: WindowHost
    let options: CommandLineOptions

    func runAll() -> Int32 {
        var failed = false
        for path in options.scriptPaths {
            if !run(path) { failed = true }
        }
        return failed ? Self.failureStatus : 0
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
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }
}
