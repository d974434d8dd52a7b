import XftHost

/// The font faces a set of goldens was rendered with, kept beside them (`fonts.txt`): text a
/// person can read and a diff can show, one face a line, sorted. Screenshots drawn with other
/// faces cannot match the goldens, so comparing manifests first turns a wall of pixel failures
/// into one message naming the fonts.
///
///     # family | style | version | file | bytes
///     Roboto | Regular | 2.138 | Roboto-Regular.ttf | 305608
public struct FontManifest: Equatable {
    /// A face as the manifest keeps it: the file by name only, since directories differ between
    /// distributions and do not change a pixel.
    public struct Face: Hashable, Comparable, CustomStringConvertible {
        public var family: String
        public var style: String
        /// Empty when fontconfig did not know it.
        public var version: String
        public var fileName: String
        public var fileSize: Int

        public init(family: String, style: String, version: String, fileName: String, fileSize: Int) {
            self.family = Self.clean(family)
            self.style = Self.clean(style)
            self.version = Self.clean(version)
            self.fileName = Self.clean(fileName)
            self.fileSize = fileSize
        }

        public init(_ record: FontRecord) {
            self.init(family: record.family, style: record.style, version: record.version,
                      fileName: SystemFiles.lastPathComponent(of: record.file), fileSize: record.fileSize)
        }

        /// The manifest's separators cannot appear inside a field.
        private static func clean(_ field: String) -> String {
            String(field.map { $0 == "|" ? "/" : $0.isNewline ? " " : $0 }).trimmedOfWhitespace
        }

        /// What tells one face from another across machines; the rest is what may have changed.
        struct Identity: Hashable, Comparable {
            var family: String, style: String
            static func < (a: Identity, b: Identity) -> Bool { (a.family, a.style) < (b.family, b.style) }
        }
        var identity: Identity { Identity(family: family, style: style) }

        /// "2.138 (Roboto-Regular.ttf, 305608 bytes)"
        public var versionAndFile: String {
            "\(version.isEmpty ? "of unknown version" : version) (\(fileName), \(fileSize) bytes)"
        }

        /// "Roboto Regular 2.138 (Roboto-Regular.ttf, 305608 bytes)"
        public var description: String { "\(family) \(style) \(versionAndFile)" }

        public static func < (a: Face, b: Face) -> Bool {
            (a.family, a.style, a.version, a.fileName, a.fileSize) < (b.family, b.style, b.version, b.fileName, b.fileSize)
        }
    }

    /// Sorted, each face once.
    public let faces: [Face]

    public init(faces: [Face]) { self.faces = Set(faces).sorted() }

    /// The manifest of what a host opened (`WindowHost.fontsUsed`).
    public init(fontsUsed: [FontRecord]) { self.init(faces: fontsUsed.map(Face.init)) }

    private static let separator = " | "
    private static let header = """
        # The font faces these goldens were rendered with (written when they were recorded).
        # family | style | version | file | bytes

        """

    public var text: String {
        Self.header + faces.map { face in
            [face.family, face.style, face.version.isEmpty ? "-" : face.version, face.fileName, String(face.fileSize)]
                .joined(separator: Self.separator)
        }.map { $0 + "\n" }.joined()
    }

    /// Parses `text`; `source` names it in errors.
    public init(text: String, source: String = "font manifest") throws {
        var faces: [Face] = []
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            // A manifest saved with CRLF line ends reads the same.
            let trimmed = String(line).trimmedOfWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields = trimmed.split(separator: "|", omittingEmptySubsequences: false).map { String($0).trimmedOfWhitespace }
            guard fields.count == 5, let size = Int(fields[4]), size >= 0, !fields[0].isEmpty, !fields[3].isEmpty else {
                throw FontManifestError("\(source), line \(number + 1): expected 'family | style | version | file | bytes', found '\(trimmed)'")
            }
            faces.append(Face(family: fields[0], style: fields[1], version: fields[2] == "-" ? "" : fields[2],
                              fileName: fields[3], fileSize: size))
        }
        self.init(faces: faces)
    }

    public static func read(from path: String) throws -> FontManifest {
        let text: String
        do {
            text = try SystemFiles.readText(path)
        } catch {
            throw FontManifestError("cannot read the font manifest: \(error)")
        }
        return try FontManifest(text: text, source: path)
    }

    public func write(to path: String) throws {
        do {
            try SystemFiles.write(text, to: path)
        } catch {
            throw FontManifestError("cannot write the font manifest: \(error)")
        }
    }

    /// How this machine's faces (`self`) differ from the recorded ones, ordered by family and style.
    public func differences(from recorded: FontManifest) -> [FontDifference] {
        let recordedByIdentity = Dictionary(grouping: recorded.faces, by: \.identity)
        let currentByIdentity = Dictionary(grouping: faces, by: \.identity)
        var differences: [FontDifference] = []
        for identity in Set(recordedByIdentity.keys).union(currentByIdentity.keys).sorted() {
            let recordedFaces = recordedByIdentity[identity] ?? [], currentFaces = currentByIdentity[identity] ?? []
            // One family and style can come from two files (two directories, or .ttf and .woff);
            // faces on both sides are no difference, and what is left pairs up as changes.
            let recordedOnly = recordedFaces.filter { !currentFaces.contains($0) }
            let currentOnly = currentFaces.filter { !recordedFaces.contains($0) }
            for (old, new) in zip(recordedOnly, currentOnly) { differences.append(.changed(recorded: old, current: new)) }
            differences += recordedOnly.dropFirst(currentOnly.count).map(FontDifference.missing)
            differences += currentOnly.dropFirst(recordedOnly.count).map(FontDifference.additional)
        }
        return differences
    }

    /// One message naming every difference from `recorded` (read from `path`) and what to do,
    /// or nil when the faces are the same.
    public func mismatchMessage(comparedWith recorded: FontManifest, recordedAt path: String) -> String? {
        Self.mismatchMessage(for: differences(from: recorded), recordedAt: path)
    }

    /// One message naming `differences` from the manifest at `path` and what to do, or nil when
    /// there are none.
    public static func mismatchMessage(for differences: [FontDifference], recordedAt path: String) -> String? {
        guard !differences.isEmpty else { return nil }
        return "The screenshots cannot match the goldens: this machine's fonts differ from the ones recorded in \(path):\n"
            + differences.map { "  - \($0)\n" }.joined()
            + Self.remedy(recordedAt: path)
    }

    /// What the manifest at `path` says of a rendering that used `fontsUsed`.
    public enum Verdict: Equatable {
        /// Every face the rendering used is one the goldens were drawn with.
        case sameFonts
        /// Other fonts draw other pixels: the message names each difference and what to do.
        case otherFonts(String)
        /// There is no manifest to judge by (missing or unreadable): the goldens are incomplete.
        case noManifest(String)
    }

    /// Judges the faces a rendering used against the manifest at `path`. A recorded face the
    /// rendering did not open is no difference (a run of some of the shots needs fewer faces); a
    /// face changed or added is, and a font this machine lacks shows as the substitute added.
    public static func verdict(manifestAt path: String, fontsUsed: [FontRecord]) -> Verdict {
        guard SystemFiles.fileExists(path) else {
            return .noManifest("There is no font manifest at \(path), so nothing says which fonts the goldens were rendered with. "
                + "Run \(GoldenSet.updateAdvice(forGoldensIn: SystemFiles.parentDirectory(of: path))) to record the goldens and their fonts.")
        }
        let recorded: FontManifest
        do {
            recorded = try read(from: path)
        } catch {
            return .noManifest("\(error)\n" + remedy(recordedAt: path))
        }
        let differences = FontManifest(fontsUsed: fontsUsed).differences(from: recorded).filter {
            if case .missing = $0 { return false }
            return true
        }
        return mismatchMessage(for: differences, recordedAt: path).map(Verdict.otherFonts) ?? .sameFonts
    }

    private static func remedy(recordedAt path: String) -> String {
        "Install the fonts the README names, or run \(GoldenSet.updateAdvice(forGoldensIn: SystemFiles.parentDirectory(of: path))) "
            + "to re-baseline the goldens deliberately with this machine's fonts."
    }
}

/// One way the faces of this machine's rendering differ from the recorded ones.
public enum FontDifference: Equatable, CustomStringConvertible {
    /// The same family and style from another version, file or file size.
    case changed(recorded: FontManifest.Face, current: FontManifest.Face)
    /// The goldens used it; this rendering did not.
    case missing(FontManifest.Face)
    /// This rendering used it; the goldens did not.
    case additional(FontManifest.Face)

    public var description: String {
        switch self {
        case .changed(let recorded, let current):
            return "the goldens were rendered with \(recorded); this machine has \(current.versionAndFile)"
        case .missing(let face):
            return "this machine lacks \(face), which the goldens used (or fontconfig chose another face for it)"
        case .additional(let face):
            return "this machine also used \(face), which the goldens did not"
        }
    }
}

public struct FontManifestError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
