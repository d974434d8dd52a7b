import Glibc
import MaterialFields
import QATools
import XftHost

/// `--matrix DIR`: the catalog's fields (`CatalogSubjects`, with the text each is shown with)
/// through `StateMatrix`, and a progress counter on stderr.
enum CatalogMatrix {
    static func run(host: WindowHost, options: CommandLineOptions, directory: String) -> Int32 {
        let chosen = options.fieldIDs.isEmpty ? nil : Set(options.fieldIDs)
        let subjects = CatalogSubjects.subjects().filter { chosen?.contains($0.id) ?? true }
        let themes: [CatalogControls.Theme] = options.themeIsGiven ? [options.theme] : [.light, .dark]
        let scales: [Double] = options.scale.map { [$0] } ?? [1, 2]
        // In --design's Material (`m3-light`, `m3-dark` under Material 3), so a run takes as long in either.
        let matrix = StateMatrix(host: host, subjects: subjects,
                                 themes: themes.map { .init(name: $0.name(design: options.design),
                                                            scheme: $0.scheme(design: options.design, seed: options.seed)) },
                                 scales: scales)
        // A counter that rewrites its line on a terminal; one line at the end otherwise (a log
        // should not hold a thousand of them).
        let isTerminal = isatty(STDERR_FILENO) == 1
        var lastShown = -1.0
        matrix.progress = { (done: Int, total: Int) in
            guard isTerminal else { return }
            let now = ProcessClock.wallSeconds()
            guard done == total || now - lastShown >= 0.1 else { return }
            lastShown = now
            SystemFiles.writeToStandardError("\rmatrix: \(done)/\(total) images")
        }
        let start = ProcessClock.wallSeconds()
        let summary: StateMatrix.Summary
        do {
            summary = try matrix.run(into: directory)
        } catch HostError.connectionLost {
            SystemFiles.writeToStandardError(isTerminal ? "\n" : "")
            SystemFiles.writeToStandardError("textfield-catalog: \(HostError.connectionLost)\n")
            return 1
        } catch {
            SystemFiles.writeToStandardError(isTerminal ? "\n" : "")
            SystemFiles.writeToStandardError("textfield-catalog: --matrix: \(error)\n")
            return 1
        }
        if isTerminal { SystemFiles.writeToStandardError("\n") }
        for failure in summary.failures { SystemFiles.writeToStandardError("matrix: \(failure)\n") }
        let seconds = ProcessClock.wallSeconds() - start
        print("matrix: \(summary.images) images of \(subjects.count) field\(subjects.count == 1 ? "" : "s"), "
              + "\(summary.skipped) states skipped, in \(Double(Int(seconds * 10)) / 10) s; open \(summary.indexPath)")
        return summary.failures.isEmpty ? 0 : CatalogScripts.failureStatus
    }
}
