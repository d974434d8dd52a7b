import Glibc

/// The repository's top-level `Resources/` folder: what the catalog and the example programs load
/// at run time (`Images/`, the sample QA scripts in `Samples/`, the pinned `fonts.conf`), found
/// from the running binary without Foundation's `Bundle` (the catalog's process keeps Foundation
/// out). Looked for in this order:
///
/// 1. `$MATERIALFIELDS_RESOURCES`, when set: that folder and nowhere else (a wrong path is told,
///    not quietly replaced by another folder);
/// 2. the package the binary was built in: the binary's real path (`/proc/self/exe`, symbolic
///    links resolved) walked up to the first folder holding both `Package.swift` and
///    `Resources/` (`.build/debug/textfield-catalog` → the repository);
/// 3. an installed layout: `share/materialfields` beside the binary's folder
///    (`/usr/local/bin/textfield-catalog` → `/usr/local/share/materialfields`).
///
/// Lives in XftHost, the layer both the catalog and the examples link, because it reads the
/// file system and the process's environment: the model (MaterialFields, TextEditing) touches
/// neither, and QATools is not linked by the examples.
public struct ResourceDirectory: Equatable, Sendable {
    /// How the folder was found.
    public enum Origin: String, Equatable, Sendable {
        /// `$MATERIALFIELDS_RESOURCES`.
        case environment
        /// The package root above the binary.
        case build
        /// `../share/materialfields` beside the binary's folder.
        case installed
    }

    /// The folder, an absolute path without symbolic links.
    public let path: String
    public let origin: Origin

    public init(path: String, origin: Origin) {
        self.path = path
        self.origin = origin
    }

    /// The environment variable that names the folder and overrides the rest.
    public static let environmentVariable = "MATERIALFIELDS_RESOURCES"
    /// Where an installed binary's resources are, from the binary's folder.
    public static let installedPath = "../share/materialfields"

    /// What a look for the folder came to.
    public struct Lookup: Equatable, Sendable {
        /// Nil when no place held it.
        public let directory: ResourceDirectory?
        /// Each place looked at, in order, as a reader would want it named.
        public let searched: [String]
        /// "no Resources folder (looked in A; B; C)" when `directory` is nil.
        public var notFound: String? {
            guard directory == nil else { return nil }
            return "no Resources folder (looked in " + searched.joined(separator: "; ") + ")"
        }

        /// The one line to print when `directory` is nil, saying what was looked for and what
        /// the program does without it.
        public var missingMessage: String? {
            notFound.map { $0 + ": drawing with the system's font configuration, without background images or sample scripts" }
        }
    }

    /// Looks for the folder in the documented order.
    /// - Parameters:
    ///   - environment: the process's variables (`getenv` by default).
    ///   - executablePath: the running binary's path (`/proc/self/exe` resolved by default); nil
    ///     when it cannot be known, which skips the build and installed places.
    public static func locate(environment: (String) -> String? = { name in getenv(name).map { String(cString: $0) } },
                              executablePath: String? = currentExecutablePath()) -> Lookup {
        if let named = environment(environmentVariable), !named.isEmpty {
            if let real = realPath(named), isDirectory(real) {
                return Lookup(directory: ResourceDirectory(path: real, origin: .environment), searched: ["$\(environmentVariable)=\(named)"])
            }
            let reason = FileStatus.of(named) == .missing ? "no such folder" : "not a folder"
            return Lookup(directory: nil, searched: ["$\(environmentVariable)=\(named), \(reason)"])
        }
        guard let executablePath, let executable = realPath(executablePath) else {
            return Lookup(directory: nil, searched: ["$\(environmentVariable) (unset)", "the binary's folder (unknown)"])
        }
        let binaryFolder = parent(of: executable)
        var folder = binaryFolder
        while true {
            let candidate = join(folder, "Resources")
            if isRegularFile(join(folder, "Package.swift")), isDirectory(candidate) {
                return Lookup(directory: ResourceDirectory(path: realPath(candidate) ?? candidate, origin: .build), searched: [])
            }
            if folder == "/" { break }
            folder = parent(of: folder)
        }
        let installed = join(binaryFolder, installedPath)
        if let real = realPath(installed), isDirectory(real) {
            return Lookup(directory: ResourceDirectory(path: real, origin: .installed), searched: [])
        }
        return Lookup(directory: nil, searched: [
            "$\(environmentVariable) (unset)",
            "a package root (Package.swift and Resources/) above \(binaryFolder)",
            normalized(installed),
        ])
    }

    /// The folder for this process, looked for once (the environment is read at the first use).
    public static let current: Lookup = locate()

    /// The running binary's real path, from `/proc/self/exe`; nil where there is no /proc.
    public static func currentExecutablePath() -> String? {
        realPath("/proc/self/exe")
    }

    /// `relative` inside this folder, when it is there (a file or a folder).
    public func path(_ relative: String) -> String? {
        let candidate = ResourceDirectory.join(path, relative)
        return ResourceDirectory.FileStatus.of(candidate) == .missing ? nil : candidate
    }

    // MARK: The C library's file system

    enum FileStatus: Equatable {
        case missing, directory, regularFile, other
        static func of(_ path: String) -> FileStatus {
            var status = stat()
            guard stat(path, &status) == 0 else { return .missing }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: return .directory
            case S_IFREG: return .regularFile
            default: return .other
            }
        }
    }

    static func isDirectory(_ path: String) -> Bool { FileStatus.of(path) == .directory }
    static func isRegularFile(_ path: String) -> Bool { FileStatus.of(path) == .regularFile }

    /// The absolute path with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// "/a/b/c" → "/a/b"; "/a" → "/".
    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func join(_ folder: String, _ name: String) -> String {
        name.hasPrefix("/") ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// "/usr/local/bin/../share/materialfields" → "/usr/local/share/materialfields", without
    /// touching the file system (the folder may not exist).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }
}

/// `relative` inside this process's `Resources/` folder (`ResourceDirectory.current`), or nil
/// when the folder or the file is not there: `resourcePath("Images/paper.png")`,
/// `resourcePath("Samples/first-scenario.qa")`.
public func resourcePath(_ relative: String) -> String? {
    ResourceDirectory.current.directory?.path(relative)
}
