import Glibc
import QATools
import XftHost

/// The sample QA scripts in `Resources/Samples/`: a QA engineer's starting points (the README's
/// workflow as files), runnable as they are. `--script NAME` takes a sample when NAME names no
/// folder (`first-scenario`, `first-scenario.qa`) and neither NAME nor NAME.qa is a file in the
/// working directory: a file there always wins (`CatalogScripts.read`). The golden
/// scripts stay in `Tests/Shots` and the scenario tests in `Tests/Scripts`: they belong to the
/// project's tests, the samples to whoever copies one to start their own.
enum CatalogSamples {
    /// The folder inside `Resources/`.
    static let folderName = "Samples"

    /// `Resources/Samples`, when it is there.
    static var directory: String? { resourcePath(folderName) }

    /// The samples' names without `.qa`, sorted.
    static var names: [String] {
        guard let directory, let entries = try? SystemFiles.contentsOfDirectory(directory) else { return [] }
        return entries.filter { $0.hasSuffix(".qa") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// The sample `name` (`first-scenario` or `first-scenario.qa`) stands for; nil for a path with
    /// a folder in it, or a name no sample has.
    static func path(for name: String) -> String? {
        guard !name.contains("/"), !name.isEmpty, let directory else { return nil }
        let file = name.hasSuffix(".qa") ? name : name + ".qa"
        let path = SystemFiles.join(directory, file)
        return SystemFiles.fileExists(path) && !SystemFiles.isDirectory(path) ? path : nil
    }

    /// What to add to "cannot read NAME": the samples there are (with the nearest one), or why
    /// there are none.
    static func hint(for name: String) -> String {
        guard !name.contains("/") else { return "" }
        guard let directory else {
            return " (nor is it a sample: " + (ResourceDirectory.current.notFound
                ?? "there is no \(folderName) folder in \(ResourceDirectory.current.directory?.path ?? "Resources")") + ")"
        }
        let listed = names
        guard !listed.isEmpty else { return " (nor is it a sample: \(directory) has no *.qa)" }
        let wanted = name.hasSuffix(".qa") ? String(name.dropLast(3)) : name
        var hint = " (nor is it a sample"
        if let nearest = listed.min(by: { ScriptRunner.editDistance($0, wanted) < ScriptRunner.editDistance($1, wanted) }),
           ScriptRunner.editDistance(nearest, wanted) <= max(2, wanted.count / 3) {
            hint += "; did you mean '\(nearest)'?"
        }
        return hint + " The samples in \(directory): \(listed.joined(separator: ", ")))"
    }
}
