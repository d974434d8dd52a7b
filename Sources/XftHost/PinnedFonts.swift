import CXlib
import Glibc
import MaterialFields

/// The font configuration the goldens were drawn with, `Resources/fonts.conf`, made the one
/// fontconfig reads: `FONTCONFIG_FILE` names it, so no /etc/fonts/conf.d rule, no user's
/// `~/.config/fontconfig/fonts.conf` and no font outside the Debian packages `run.sh` installs
/// changes a face or a pixel (the file's comments, and `Scripts/generate_fonts_conf.py` which
/// writes it, say what it pins).
///
/// fontconfig reads `FONTCONFIG_FILE` once, when it is first used: a program pins before its
/// first window, host or font (`textfield-catalog`, `signin-form` and `materialfields-example`
/// do it first thing). A `FONTCONFIG_FILE` already set is a choice the caller made and is kept.
/// When the folders the file names are not on this machine (another distribution, a package
/// missing), pinning would leave fontconfig without the text face, so the system's
/// configuration draws instead and the outcome says so in one line.
public enum PinnedFonts {
    /// The file's name inside `Resources/`.
    public static let fileName = "fonts.conf"

    /// What pinning came to.
    public enum Outcome: Equatable, Sendable {
        /// `FONTCONFIG_FILE` now names this file.
        case pinned(String)
        /// `FONTCONFIG_FILE` was set already (to this): kept.
        case chosenByEnvironment(String)
        /// Nothing pinned; the system's configuration draws. The line says why.
        case unavailable(String)

        /// The configuration fontconfig reads, nil for the system's.
        public var configurationPath: String? {
            switch self {
            case .pinned(let path), .chosenByEnvironment(let path): return path
            case .unavailable: return nil
            }
        }

        /// The line to print, when there is one to print (nothing pinned).
        public var warning: String? {
            if case .unavailable(let message) = self { return message }
            return nil
        }

        /// `pinned`, `environment` or `system`: the QA state's word for it.
        public var kind: String {
            switch self {
            case .pinned: return "pinned"
            case .chosenByEnvironment: return "environment"
            case .unavailable: return "system"
            }
        }
    }

    /// Pins this process's fonts once (later calls give the first outcome); call it before any
    /// window or host is made.
    @discardableResult
    public static func pinForThisProcess() -> Outcome { current }

    private static let current: Outcome = {
        let outcome = pin(resources: ResourceDirectory.current,
                          environment: { name in getenv(name).map { String(cString: $0) } },
                          setEnvironment: { name, value in setenv(name, value, 1) })
        if let path = outcome.configurationPath { _ = loadConfiguration(path) }
        return outcome
    }()

    /// Makes the file at `path` fontconfig's configuration now, read alone: what `FcInit` would
    /// make of `FONTCONFIG_FILE`, without the templates. `FcInit` also parses every file of
    /// fontconfig's template folder (`conf.avail`, about 70 files on Debian, none of them in
    /// effect) only to list their descriptions, which cost about 5 ms of every start. False when
    /// the file does not load; then `FcInit` reads it its own way, when first used.
    @discardableResult
    static func loadConfiguration(_ path: String) -> Bool {
        guard let configuration = makeConfiguration(path) else { return false }
        defer { FcConfigDestroy(configuration) }
        return FcConfigSetCurrent(configuration) == FcTrue
    }

    /// The configuration of the file at `path`, its fonts listed (nil when it does not load):
    /// its `<selectfont>` applied as `configurationRejectingForeignFiles` says (the same fonts),
    /// or, `exactly` or when fontconfig refuses that rewrite, the file as fontconfig reads it. The
    /// caller destroys it.
    static func makeConfiguration(_ path: String, exactly: Bool = false) -> OpaquePointer? {
        guard let configuration = FcConfigCreate() else { return nil }
        let parsed: FcBool
        if !exactly, case .success(let text) = readText(path), let rewritten = configurationRejectingForeignFiles(text) {
            parsed = rewritten.withCString {
                $0.withMemoryRebound(to: FcChar8.self, capacity: rewritten.utf8.count + 1) {
                    FcConfigParseAndLoadFromMemory(configuration, $0, FcTrue)
                }
            }
        } else {
            parsed = path.withCString {
                $0.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigParseAndLoad(configuration, $0, FcTrue) }
            }
        }
        guard parsed == FcTrue, FcConfigBuildFonts(configuration) == FcTrue else {
            FcConfigDestroy(configuration)
            // A rewrite fontconfig refused: the file as it is, rather than no pinning at all.
            return exactly ? nil : makeConfiguration(path, exactly: true)
        }
        return configuration
    }

    /// What pinning with these resources and this environment does; `setEnvironment` is called
    /// with `FONTCONFIG_FILE` and the file's path when it pins.
    public static func pin(resources: ResourceDirectory.Lookup, environment: (String) -> String?,
                           setEnvironment: (String, String) -> Void) -> Outcome {
        if let chosen = environment("FONTCONFIG_FILE"), !chosen.isEmpty {
            return .chosenByEnvironment(chosen)
        }
        guard let directory = resources.directory else {
            // The lookup's line says what was looked for and what goes on without it.
            return .unavailable(resources.missingMessage ?? "no Resources folder")
        }
        guard let path = directory.path(fileName), ResourceDirectory.isRegularFile(path) else {
            return .unavailable("no \(fileName) in \(directory.path): drawing with the system's font configuration")
        }
        let text: String
        switch readText(path) {
        case .success(let read): text = read
        case .failure(let reason):
            return .unavailable("cannot read \(path) (\(reason)): drawing with the system's font configuration")
        }
        let folders = fontFolders(inConfiguration: text)
        let missing = folders.filter { !ResourceDirectory.isDirectory($0) }
        guard !folders.isEmpty else {
            return .unavailable("\(path) names no font folder (<dir>): drawing with the system's font configuration")
        }
        guard missing.isEmpty else {
            return .unavailable("\(path) pins fonts from \(missing.joined(separator: ", ")), which this machine lacks "
                + "(./run.sh installs the packages): drawing with the system's font configuration")
        }
        setEnvironment("FONTCONFIG_FILE", path)
        return .pinned(path)
    }

    /// The folders a fontconfig file's `<dir>` elements name, in order (attributes and
    /// comments aside; a `prefix` or `~` folder is left out, as it depends on the user). Read
    /// as bytes: every start reads the pinned file, and searching it as `String`s took about a
    /// tenth of the catalog's CPU before its first frame.
    public static func fontFolders(inConfiguration text: String) -> [String] {
        let bytes = withoutComments(Array(text.utf8))
        var folders: [String] = []
        var position = 0
        while let open = ByteSearch.find(Array("<dir".utf8), in: bytes, from: position) {
            position = open + 4
            guard let tagEnd = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let attributes = bytes[position..<tagEnd]
            // `<dir>` or `<dir attr=...>`, not `<directory`-like names.
            guard attributes.isEmpty || attributes.first == UInt8(ascii: " ") else { continue }
            position = tagEnd + 1
            guard let close = ByteSearch.find(Array("</dir>".utf8), in: bytes, from: position) else { break }
            let folder = String(decoding: bytes[position..<close], as: UTF8.self).trimmingBlanks
            position = close + 6
            let inUserFolder = ByteSearch.find(Array("prefix".utf8), in: Array(attributes), from: 0) != nil
            if inUserFolder || folder.hasPrefix("~") || folder.isEmpty { continue }
            folders.append(folder)
        }
        return folders
    }

    static func withoutComments(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        while let open = ByteSearch.find(Array("<!--".utf8), in: bytes, from: position) {
            result += bytes[position..<open]
            guard let close = ByteSearch.find(Array("-->".utf8), in: bytes, from: open + 4) else { return result }
            position = close + 3
        }
        return result + bytes[position...]
    }

    private static func readText(_ path: String) -> Result<String, ReadFailure> {
        guard let file = fopen(path, "rb") else { return .failure(ReadFailure(String(cString: strerror(errno)))) }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        if ferror(file) != 0 { return .failure(ReadFailure("a read error")) }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    private struct ReadFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

private extension String {
    var trimmingBlanks: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return String(self[start..<max(start, end)])
    }
}
