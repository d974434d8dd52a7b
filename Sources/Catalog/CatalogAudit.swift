import Glibc
import MaterialFields
import QATools
import XftHost

/// `--audit [ID,...]`: the accessibility audit of the catalog's fields in the command line's
/// theme and scale (`ContrastAudit`), a table per field on stdout, the figures as JSON with
/// `--audit-json`, and with `--require` status 3 and each shortfall on stderr.
enum CatalogAudit {
    /// The ids asked for, checked before a display is opened: an unknown one is a bad command
    /// line, answered with the nearest id as `--focus` is. Empty: every field.
    static func validate(_ ids: [String], options: CommandLineOptions) throws -> [String] {
        let all = CatalogSubjects.ids
        for id in ids where !all.contains(id) {
            throw CommandLineOptions.UsageError(message: "--audit: " + ScriptRunner.unknownFieldMessage(id, among: all))
        }
        return ids.isEmpty ? all : ids
    }

    /// The theme as the audit names it: `light`, `m3-light` under Material 3, as the matrix names its images.
    static func themeName(_ options: CommandLineOptions) -> String { options.theme.name(design: options.design) }

    static func run(host: WindowHost, options: CommandLineOptions, ids: [String]) -> Int32 {
        let session = CatalogSession(options: options, desktop: nil)
        let audits: [FieldAudit]
        do {
            audits = try ContrastAudit(host: host, scheme: session.scene.scheme, metrics: session.scene.metrics,
                                       theme: themeName(options)).audit(CatalogSubjects.subjects(ids))
        } catch HostError.connectionLost {
            fail("\(HostError.connectionLost)", status: 1)
        } catch {
            fail("audit: \(error)", status: 1)
        }
        for audit in audits { print(audit.table + "\n") }
        if let path = options.auditJSONPath {
            let document = JSONValue.object(["fields": .array(audits.map(\.json))])
            do {
                try? SystemFiles.createParentDirectory(of: path)
                try SystemFiles.write(document.prettyPrinted + "\n", to: path)
            } catch {
                fail("--audit-json: cannot write '\(path)': \((error as? SystemFiles.Failure)?.reason ?? "\(error)")", status: 1)
            }
        }
        let figures = audits.reduce(0) { $0 + $1.figures.count }
        var summary = "audit: \(audits.count) field\(audits.count == 1 ? "" : "s"), \(figures) figures, theme \(themeName(options))"
        if session.scene.scheme.design == .m3 { summary += ", seed \(QAScript.hex(options.seed))" }
        let failing = WCAG.Level.allCases.map { level in (level, audits.filter { !$0.failures(at: level).isEmpty }.count) }
        summary += "; fields under " + failing.map { "\($0.0.rawValue): \($0.1)" }.joined(separator: ", under ")
        print(summary)
        guard let level = options.auditLevel else { return 0 }
        let failures = audits.flatMap { audit in audit.failures(at: level).map { "audit \(audit.id): \($0)" } }
        guard !failures.isEmpty else { return 0 }
        fflush(stdout)
        for failure in failures { SystemFiles.writeToStandardError("\(failure) (--require \(level.rawValue))\n") }
        return CatalogScripts.failureStatus
    }
}
