import Glibc
import XftHost

/// A named set of screenshots and their goldens: `<goldens>/<name>.png`. A failed check leaves
/// `<failures>/<name>.actual.png` and `<failures>/<name>.diff.png` side by side.
public struct GoldenSet {
    /// How to record the goldens of `directory` on purpose, for every message that asks for it:
    /// `./run.sh shots --update` for the project's own (`Tests/Goldens` beside `run.sh`), for any
    /// other folder the command the user ran, with `--update-goldens`.
    public static func updateAdvice(forGoldensIn directory: String) -> String {
        var resolved = directory
        if let real = realpath(directory.isEmpty ? "." : directory, nil) {
            resolved = String(cString: real)
            free(real)
        }
        let tests = SystemFiles.parentDirectory(of: resolved)
        if resolved.hasSuffix("/Tests/Goldens"), SystemFiles.fileExists(SystemFiles.join(SystemFiles.parentDirectory(of: tests), "run.sh")) {
            return "`./run.sh shots --update` (`--update-goldens` when running textfield-catalog yourself)"
        }
        return "the same textfield-catalog command with `--update-goldens`"
    }

    public var goldensDirectory: String
    public var failuresDirectory: String
    /// How strictly every shot of the set is compared, unless `toleranceByShot` names it.
    public var tolerance: ImageTolerance
    /// For the rare shot that needs its own (say, one with a gradient a driver may dither).
    public var toleranceByShot: [String: ImageTolerance]

    public init(goldensDirectory: String, failuresDirectory: String, tolerance: ImageTolerance = .default,
                toleranceByShot: [String: ImageTolerance] = [:]) {
        self.goldensDirectory = goldensDirectory
        self.failuresDirectory = failuresDirectory
        self.tolerance = tolerance
        self.toleranceByShot = toleranceByShot
    }

    public func tolerance(for name: String) -> ImageTolerance { toleranceByShot[name] ?? tolerance }
    public func goldenPath(for name: String) -> String { SystemFiles.join(goldensDirectory, "\(name).png") }
    public func actualPath(for name: String) -> String { SystemFiles.join(failuresDirectory, "\(name).actual.png") }
    public func diffPath(for name: String) -> String { SystemFiles.join(failuresDirectory, "\(name).diff.png") }

    /// Compares `actual` with the shot's golden, or with `update` makes it the golden. Files left
    /// from an earlier failure of this shot are removed first, so what the failures directory
    /// holds is always this run's. Throws when a file cannot be read or written, or the name
    /// would not make a plain file name. `shot` is the shot's own tolerance (over the set's) and
    /// masks, regions left out of the comparison (`actual` has them painted in already).
    public func check(_ name: String, actual: RGBAImage, update: Bool = false, shot: ShotCheck = .plain) throws -> GoldenOutcome {
        try Self.validate(name)
        let golden = goldenPath(for: name)
        removeFailureFiles(of: name)
        if update {
            if SystemFiles.fileExists(golden), (try? RGBAImage.readPNG(from: golden)) == actual {
                // Same pixels: leave the bytes alone, so another libpng's encoding is no change to commit.
                return .updated(name: name, goldenPath: golden, changed: false)
            }
            try createDirectory(goldensDirectory)
            try writeReplacing(actual, at: golden)
            return .updated(name: name, goldenPath: golden, changed: true)
        }
        guard SystemFiles.fileExists(golden) else {
            try createDirectory(failuresDirectory)
            try actual.writePNG(to: actualPath(for: name))
            return .missing(name: name, goldenPath: golden, actualPath: actualPath(for: name))
        }
        let expected: RGBAImage
        do {
            expected = try RGBAImage.readPNG(from: golden)
        } catch {
            throw GoldenCheckError("\(name): cannot read the golden \(golden): \(error); \(GoldenSet.updateAdvice(forGoldensIn: goldensDirectory)) records it again")
        }
        let comparison = ImageComparison(expected: expected, actual: actual, tolerance: shot.tolerance ?? tolerance(for: name),
                                         masks: shot.masks)
        if comparison.passes { return .matches(name: name, comparison: comparison) }
        try createDirectory(failuresDirectory)
        try actual.writePNG(to: actualPath(for: name))
        var diff: String?
        if let diffImage = comparison.diffImage {
            try diffImage.writePNG(to: diffPath(for: name))
            diff = diffPath(for: name)
        }
        return .differs(GoldenDifference(name: name, comparison: comparison, goldenPath: golden,
                                         actualPath: actualPath(for: name), diffPath: diff))
    }

    private func removeFailureFiles(of name: String) {
        for path in [actualPath(for: name), diffPath(for: name)] { SystemFiles.removeFile(path) }
    }

    private func createDirectory(_ path: String) throws {
        do {
            try SystemFiles.createDirectory(path)
        } catch {
            throw GoldenCheckError("\(error)")
        }
    }

    /// Writes beside the golden and renames over it: a run stopped mid-write never leaves half a golden.
    private func writeReplacing(_ image: RGBAImage, at path: String) throws {
        let temporary = "\(path).\(getpid()).partial"
        try image.writePNG(to: temporary)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            SystemFiles.removeFile(temporary)
            throw GoldenCheckError("cannot replace \(path): \(reason)")
        }
    }

    /// Shot names become file names: letters, digits, '.', '_' and '-', not starting with a dot.
    public static func validate(_ name: String) throws {
        let allowed = name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
        }
        guard !name.isEmpty, !name.hasPrefix("."), allowed else {
            throw GoldenCheckError("'\(name)' cannot name a shot: use letters, digits, '.', '_' and '-', not starting with '.'")
        }
    }
}

/// What checking one shot found. `message` is one line for the person running the checks.
public enum GoldenOutcome {
    /// Within the tolerance (`comparison` says by how much it still differs, if at all).
    case matches(name: String, comparison: ImageComparison)
    case differs(GoldenDifference)
    /// No golden yet; the render was written to `actualPath` to look at.
    case missing(name: String, goldenPath: String, actualPath: String)
    /// `--update` wrote the golden (`changed` false: it already had these pixels and was left alone).
    case updated(name: String, goldenPath: String, changed: Bool)

    public var name: String {
        switch self {
        case .matches(let name, _), .missing(let name, _, _), .updated(let name, _, _): return name
        case .differs(let difference): return difference.name
        }
    }

    /// Whether the check fails the run: a difference or a missing golden.
    public var isFailure: Bool {
        switch self {
        case .matches, .updated: return false
        case .differs, .missing: return true
        }
    }

    public var message: String {
        switch self {
        case .matches(let name, let comparison):
            return "\(name): matches its golden (\(comparison.summary))"
        case .differs(let difference):
            return difference.message
        case .missing(let name, let golden, let actual):
            return "\(name): no golden at \(golden); this render is at \(actual); run \(GoldenSet.updateAdvice(forGoldensIn: SystemFiles.parentDirectory(of: golden))) to record it"
        case .updated(let name, let golden, let changed):
            return changed ? "\(name): wrote the golden \(golden)" : "\(name): the golden \(golden) already has these pixels"
        }
    }
}

/// A shot that differs from its golden beyond the tolerance, and where to look.
public struct GoldenDifference {
    public let name: String
    public let comparison: ImageComparison
    public let goldenPath: String
    public let actualPath: String
    /// Nil when the sizes differ: there is no pixel-for-pixel diff then.
    public let diffPath: String?

    /// "catalog-light: 312 pixels differ (most by 87) in x 120-180, y 40-52 (tolerance 2 per
    /// channel, 0 differing pixels allowed); golden: ..., actual: ..., diff: ..."
    public var message: String {
        let files = "golden: \(goldenPath), actual: \(actualPath)" + (diffPath.map { ", diff: \($0)" } ?? " (no diff image: the sizes differ)")
        let allowance = comparison.sizesMatch ? " (\(comparison.tolerance))" : ""
        return "\(name): \(comparison.summary)\(allowance); \(files)"
    }
}

public struct GoldenCheckError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
