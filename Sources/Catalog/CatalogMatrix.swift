import Glibc
import MaterialFields
import QATools
import XftHost

/// `--matrix DIR`: the catalog's fields through `StateMatrix`, with the text each is shown
/// with, and a progress counter on stderr.
enum CatalogMatrix {
    /// What the states with text type into a field the catalog builds empty: text it accepts
    /// (its delegate's filter, its counter's limit) and would hold in use. A prefilled field's
    /// sample is its own text.
    static let samples: [String: String] = [
        "label": "Ada Lovelace",
        "placeholder": "ada@example.com",
        "no-label": "text fields",
        "helper": "1100-053",
        "counter": "ada_lovelace",
        "email": "ada@example.com",
        "leading-icon": "Ada Lovelace",
        "search": "text fields",
        "disappears": "Ada",
        "area": "Two lines\nof text",
        "uikit-digits": "2468",
        "uikit-phone": "5551234567",
        "uikit-quantity": "12",
        "uikit-email": "ada@example.com",
        "uikit-words": "ada lovelace",
        "uikit-sentences": "all good. see you soon",
        "uikit-center": "No. 12",
        "plain-none": "Plain text",
        "plain-line": "Plain text",
        "plain-bezel": "Plain text",
        "plain-rounded": "Plain text",
        "rag-editing": "Ada",
        "rag-not-empty": "Lovelace",
        "rag-always": "Lisboa",
        "rag-simple": "text fields",
        "rag-outline": "Acme",
        "rag-padded": "Rua Augusta 274",
    ]

    /// The sample for `id` (samples of Material fields are kept without the style's prefix:
    /// filled and outlined share them).
    static func sample(for id: String, builtText: String) -> String {
        if !builtText.isEmpty { return builtText }
        if let sample = samples[id] { return sample }
        for style in FieldStyle.material where id.hasPrefix(style.name + "-") {
            if let sample = samples[String(id.dropFirst(style.name.count + 1))] { return sample }
        }
        return "Sample text"
    }

    /// The ids `--field` may name.
    static var fieldIDs: [String] { CatalogScreen.fieldMakers.map(\.id) }

    static func run(host: WindowHost, options: CommandLineOptions, directory: String) -> Int32 {
        let chosen = options.fieldIDs.isEmpty ? nil : Set(options.fieldIDs)
        let subjects = CatalogScreen.fieldMakers.filter { chosen?.contains($0.id) ?? true }.map { id, make in
            StateMatrix.Subject(id: id, sample: sample(for: id, builtText: make().text), make: make)
        }
        let themes: [CatalogControls.Theme] = options.themeIsGiven ? [options.theme] : [.light, .dark]
        let scales: [Double] = options.scale.map { [$0] } ?? [1, 2]
        let matrix = StateMatrix(host: host, subjects: subjects, themes: themes.map { .init(name: $0.rawValue, scheme: $0.scheme) },
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
