import Glibc

/// Files, folders, the environment and standard error through the C library. The catalog's
/// process keeps Foundation out (about 9 MB of resident library pages and its start-up
/// relocations), and these are all the QA tools need of it.
public enum SystemFiles {
    /// A failed call, in the operating system's words: "cannot write /x/y.json: Permission denied".
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        /// The operating system's words alone ("No such file or directory").
        public let reason: String
        /// `errno`'s text after `action`.
        init(_ action: String, code: Int32 = errno) {
            reason = String(cString: strerror(code))
            description = "\(action): \(reason)"
        }
        init(message: String) { description = message; reason = message }
    }

    public static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `TMPDIR`, else /tmp.
    public static var temporaryDirectory: String {
        guard let directory = environment("TMPDIR"), !directory.isEmpty else { return "/tmp" }
        return directory
    }

    public static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)
        writeAll(&bytes, to: STDERR_FILENO)
    }

    public static func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    public static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
    }

    /// The whole file.
    public static func readBytes(_ path: String) throws -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure("cannot open \(path)") }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure("cannot read \(path)")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The file as UTF-8 text; invalid bytes are a failure, not replacement characters.
    public static func readText(_ path: String) throws -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(message: "cannot read \(path): it is not UTF-8 text")
        }
        return text
    }

    /// Writes `bytes` to `path`. `atomically` writes beside it and renames over it, so a reader
    /// sees the old file or the new one, never half of one. `permissions` (as `chmod` takes them)
    /// are the file's exactly, whatever the umask; without them a new file is 0644 less the umask.
    /// A symbolic link at `path` is replaced, not followed: see `resolvingLinks(_:)`.
    public static func write(_ bytes: [UInt8], to path: String, atomically: Bool = true, permissions: mode_t? = nil) throws {
        let target = atomically ? "\(path).\(getpid()).partial" : path
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions ?? 0o644)
        guard descriptor >= 0 else { throw Failure("cannot write \(path)") }
        if let permissions, fchmod(descriptor, permissions) != 0 {
            let code = errno
            close(descriptor)
            if atomically { unlink(target) }
            throw Failure("cannot set the permissions of \(path)", code: code)
        }
        var remaining = bytes
        let written = writeAll(&remaining, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed else {
            let code = errno
            if atomically { unlink(target) }
            throw Failure("cannot write \(path)", code: code)
        }
        if atomically, rename(target, path) != 0 {
            let code = errno
            unlink(target)
            throw Failure("cannot replace \(path)", code: code)
        }
    }

    public static func write(_ text: String, to path: String, atomically: Bool = true, permissions: mode_t? = nil) throws {
        try write(Array(text.utf8), to: path, atomically: atomically, permissions: permissions)
    }

    /// The permission bits of the file at `path` (after symbolic links), as `chmod` takes them; nil
    /// when there is no such file.
    public static func permissions(of path: String) -> mode_t? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    /// The file a chain of symbolic links at `path` ends at (which need not exist: a dangling
    /// link's target), each relative target taken from its link's folder; `path` itself when it
    /// is no link. A file rewritten atomically (`write`) at this path keeps the user's links.
    /// A loop of links ends at the 40th, where the system would give up too.
    public static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A relative target is relative to its link's folder (none to add for a link here).
            current = target.hasPrefix("/") || !current.contains("/") ? target : join(parentDirectory(of: current), target)
        }
        return current
    }

    /// Makes the folder and any missing parents, as `mkdir -p`.
    public static func createDirectory(_ path: String) throws {
        guard !path.isEmpty, !isDirectory(path) else { return }
        let parent = parentDirectory(of: path)
        if parent != path, !parent.isEmpty { try createDirectory(parent) }
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && isDirectory(path)) else {
            // A file where the folder would go: "File exists" would not say what is wrong.
            let code = errno == EEXIST ? ENOTDIR : errno
            throw Failure("cannot create the directory \(path)", code: code)
        }
    }

    /// Makes the folder `path` goes in, and any missing parents, as `mkdir -p` would: an output
    /// file's folder is often a fresh one.
    public static func createParentDirectory(of path: String) throws {
        try createDirectory(parentDirectory(of: path))
    }

    /// Removes a file; a missing one is no failure.
    public static func removeFile(_ path: String) {
        unlink(path)
    }

    /// The names in a folder, without "." and "..".
    public static func contentsOfDirectory(_ path: String) throws -> [String] {
        guard let directory = opendir(path) else { throw Failure("cannot list \(path)") }
        defer { closedir(directory) }
        return entries(of: directory)
    }

    /// The names an open folder lists, without "." and "..".
    static func entries(of directory: OpaquePointer) -> [String] {
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// "a/b/c.png" → "a/b"; "c.png" → "."; "/c.png" → "/".
    public static func parentDirectory(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// "a/b/c.png" → "c.png".
    public static func lastPathComponent(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `file` inside `directory` (relative paths only; an absolute `file` stays as it is).
    public static func join(_ directory: String, _ file: String) -> String {
        if file.hasPrefix("/") || directory.isEmpty { return file }
        return directory.hasSuffix("/") ? directory + file : "\(directory)/\(file)"
    }

    /// Writes all of `bytes` (retrying short writes and interruptions); false on an error.
    @discardableResult
    static func writeAll(_ bytes: inout [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}

extension String {
    /// Without leading and trailing white space (newlines included).
    public var trimmedOfWhitespace: String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return String(self[start..<max(start, end)])
    }
}

/// A program started with posix_spawn: its standard output is a pipe this side reads, its input
/// and errors go to /dev/null.
public final class ChildProcess {
    public let pid: pid_t
    private let output: Int32
    private var exited = false

    public init(_ path: String, arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw SystemFiles.Failure("cannot make a pipe for \(path)") }
        // The read end stays out of other children this process starts.
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else this process has open goes to the child: a pipe of ours an Xvfb kept
        // would never reach end-of-file for whoever reads it (a test reading a program's stderr).
        for descriptor in Self.openDescriptors() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, nil, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw SystemFiles.Failure("cannot start \(path)", code: status)
        }
        pid = child
        output = pipeEnds[0]
    }

    deinit {
        terminate()
        close(output)
    }

    public var isRunning: Bool {
        guard !exited else { return false }
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid || (result < 0 && errno == ECHILD) { exited = true }
        return !exited
    }

    /// What the child wrote since the last call, waiting up to `milliseconds` for something.
    public func readOutput(waitingAtMost milliseconds: Int32) -> [UInt8] {
        var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        return count > 0 ? Array(chunk[..<count]) : []
    }

    /// SIGTERM, then waits for the child to end.
    public func terminate() {
        guard isRunning else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        exited = true
    }

    /// This process's open file descriptors (from /proc/self/fd).
    private static func openDescriptors() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        let descriptors = SystemFiles.entries(of: directory).compactMap { Int32($0) }
        let own = dirfd(directory)
        closedir(directory)
        return descriptors.filter { $0 != own }
    }
}
