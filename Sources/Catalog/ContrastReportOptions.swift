import MaterialFields
import QATools

/// `--contrast-report` and the options that follow it (its own, parsed here in one place):
/// `--design m2|m3|both`, `--seed-color RRGGBB` (more than once for more seeds) and `--markdown`.
/// The report needs no display: it prints and the catalog exits.
struct ContrastReportOptions: Equatable {
    var designs = ContrastReport.Designs.both
    var seeds: [Color] = []
    /// The README's section instead of the plain tables.
    var isMarkdown = false
    /// `-h` or `--help` among them: the catalog's usage, as anywhere else.
    var showsHelp = false

    /// The usage lines of --help.
    static let usage = """
          --contrast-report        print the WCAG 2.1 contrast of every text and boundary of a
                                   field, per design, scheme, family and state, from the colours
                                   the model resolves (no display); its options follow it:
            --design m2|m3|both    the designs reported (default both): M2 light, dark and the
                                   high-contrast pair; M3 baseline light and dark and the lowest
                                   of each row over a sweep of 24 seeds
            --seed-color RRGGBB    also report M3 from this seed, light and dark (#RRGGBB too,
                                   quoted: the shell takes # for a comment); may be repeated
            --markdown             the README's section ("Contrast of the schemes") instead
        """

    /// The arguments after `--contrast-report`.
    static func parse(_ arguments: ArraySlice<String>) throws -> ContrastReportOptions {
        typealias UsageError = CommandLineOptions.UsageError
        var options = ContrastReportOptions(), remaining = arguments
        func value(for option: String) throws -> String {
            guard let value = remaining.first else { throw UsageError(message: "--contrast-report: \(option) needs a value") }
            guard !CommandLineOptions.isOption(value) else {
                throw UsageError(message: "--contrast-report: \(option) needs a value, not the option '\(value)'")
            }
            remaining.removeFirst()
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--design":
                let text = try value(for: argument)
                guard let designs = ContrastReport.Designs(rawValue: text.lowercased()) else {
                    throw UsageError(message: "--contrast-report: --design is m2, m3 or both, not '\(text)'")
                }
                options.designs = designs
            case "--seed-color":
                guard let text = remaining.first, !CommandLineOptions.isOption(text) else {
                    // The shell drops an unquoted `#6750A4` as a comment: the value is then missing.
                    throw UsageError(message: "--contrast-report: --seed-color needs a colour, RRGGBB or '#RRGGBB' (unquoted, "
                        + "the shell takes # and what follows for a comment)")
                }
                remaining.removeFirst()
                guard let seed = QAScript.seedColor(text) else {
                    throw UsageError(message: "--contrast-report: --seed-color wants six hex digits, RRGGBB or #RRGGBB "
                        + "(e.g. 6750A4), not '\(text)'")
                }
                options.seeds.append(seed)
            case "--markdown":
                options.isMarkdown = true
            case "-h", "--help":
                options.showsHelp = true
            default:
                throw UsageError(message: "--contrast-report goes alone, followed only by --design, --seed-color and "
                    + "--markdown, not '\(argument)'")
            }
        }
        if !options.seeds.isEmpty && options.designs == .m2 {
            throw UsageError(message: "--contrast-report: --seed-color is for Material 3, not with --design m2")
        }
        return options
    }

    /// The report these options ask for, as it is printed.
    func output() -> String {
        let report = ContrastReport(designs: designs, seeds: seeds)
        return isMarkdown ? report.markdown : report.text
    }
}
