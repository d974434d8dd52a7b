import Glibc
import MaterialFields

// The pinned file's `<selectfont>`, applied by reading the folders once instead of by
// fontconfig's globs: the same fonts, without matching every font of the folders against
// every accepted file's glob at each start.
extension PinnedFonts {
    /// The configuration `text` with its `<selectfont>` replaced by one that rejects, by their
    /// exact paths, the entries of its folders (files and folders, at every depth fontconfig
    /// would scan) that the original rejects, and accepts everything else: the fonts fontconfig
    /// keeps are the same. The pinned file rejects its folders whole (`folder/*`) and accepts the
    /// packages' ~300 files one glob each, and fontconfig tries a font's path against the
    /// accepted globs one by one: 58,000 glob matches and 24 M instructions at each start (about
    /// a fifth of the catalog's before its first frame), where listing the folders, looking each
    /// name up here and writing the text again cost about 6 M. Nil (then the file is loaded as it
    /// is) when the file has no `<selectfont>`, has more than one, or holds anything but `<glob>`s
    /// of `<rejectfont>` and `<acceptfont>` in it (a `<pattern>`, an entity), when a path could
    /// not be said as a glob that matches it alone (a `*`, `?` or control character in it, a name
    /// that is not UTF-8, a folder not said as fontconfig says it), or when there are more than
    /// `maximumRejectedPaths` to reject.
    static func configurationRejectingForeignFiles(_ text: String) -> String? {
        let bytes = withoutComments(Array(text.utf8))
        let open = Array("<selectfont>".utf8), close = Array("</selectfont>".utf8)
        guard let start = ByteSearch.find(open, in: bytes, from: 0),
              let end = ByteSearch.find(close, in: bytes, from: start + open.count),
              ByteSearch.find(open, in: bytes, from: end) == nil else { return nil }
        let block = Array(bytes[(start + open.count)..<end])
        guard let selection = Selection(block) else { return nil }
        // Only folders said as fontconfig names their fonts' paths: every `<dir>` read here (none
        // in a user's folder, none through an `<include>`), each an absolute path already in the
        // canonical form fontconfig gives it (no `//`, `.`, `..` or trailing `/`) and without an
        // entity. Another form names its fonts otherwise than the paths listed here.
        let folders = fontFolders(inConfiguration: text)
        guard ByteSearch.find(Array("<include".utf8), in: bytes, from: 0) == nil,
              directoryTags(in: bytes) == folders.count, folders.allSatisfy(isCanonicalPlainPath) else { return nil }
        var rejected: [String] = []
        for folder in folders {
            guard selection.collectRejected(under: folder, into: &rejected) else { return nil }
        }
        // fontconfig tries each font's path against the rejected globs one by one too: past a
        // few dozen (a desktop with other font packages in the same folders), the file's own
        // selection costs less.
        guard rejected.count <= maximumRejectedPaths else { return nil }
        var replacement = "<selectfont><rejectfont>"
        for path in rejected {
            // A glob's `*` and `?` are wildcards, and fontconfig has no escape for them; XML says
            // no control character (but tab, and a CR it reads as LF) at all.
            guard !path.utf8.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") || $0 < 0x20 }) else { return nil }
            replacement += "<glob>" + HTMLWriter.escapeAttribute(path) + "</glob>"
        }
        replacement += "</rejectfont></selectfont>"
        return String(decoding: bytes[..<start], as: UTF8.self) + replacement
            + String(decoding: bytes[(end + close.count)...], as: UTF8.self)
    }

    /// How many `<dir>` elements `bytes` hold (`<dir>` or `<dir ...>`).
    private static func directoryTags(in bytes: [UInt8]) -> Int {
        var count = 0, position = 0
        while let open = ByteSearch.find(Array("<dir".utf8), in: bytes, from: position) {
            position = open + 4
            if position < bytes.count, bytes[position] == UInt8(ascii: ">") || isBlank(bytes[position]) { count += 1 }
        }
        return count
    }

    /// An absolute path with no empty, `.` or `..` component and no entity.
    private static func isCanonicalPlainPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), !path.utf8.contains(UInt8(ascii: "&")) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            .allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The most entries a rewritten selection rejects by path; past it the file is loaded as it is.
    static let maximumRejectedPaths = 64

    /// The globs of one `<selectfont>`: fontconfig accepts a path an accepted glob matches,
    /// else rejects one a rejected glob matches, else accepts it (`FcConfigAcceptFilename`).
    private struct Selection {
        var accepted: Set<String> = []
        var acceptedPatterns: [String] = []
        var rejectedPatterns: [String] = []

        init?(_ block: [UInt8]) {
            var position = 0
            while position < block.count {
                guard let tag = block[position...].firstIndex(of: UInt8(ascii: "<")) else {
                    guard block[position...].allSatisfy(isBlank) else { return nil }
                    break
                }
                guard block[position..<tag].allSatisfy(isBlank) else { return nil }
                var list: [String] = []
                let kind: String
                if Self.starts(block, at: tag, with: "<rejectfont>") {
                    kind = "rejectfont"
                } else if Self.starts(block, at: tag, with: "<acceptfont>") {
                    kind = "acceptfont"
                } else {
                    return nil
                }
                let closing = Array("</\(kind)>".utf8)
                guard let end = ByteSearch.find(closing, in: block, from: tag) else { return nil }
                guard Self.globs(in: Array(block[(tag + kind.utf8.count + 2)..<end]), into: &list) else { return nil }
                if kind == "rejectfont" {
                    rejectedPatterns += list
                } else {
                    for glob in list {
                        let isPattern = glob.utf8.contains { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "?") }
                        if isPattern { acceptedPatterns.append(glob) } else { accepted.insert(glob) }
                    }
                }
                position = end + closing.count
            }
        }

        /// The `<glob>` elements of `content`, nothing else but blanks; false otherwise.
        private static func globs(in content: [UInt8], into list: inout [String]) -> Bool {
            var position = 0
            let open = Array("<glob>".utf8), close = Array("</glob>".utf8)
            while position < content.count {
                guard let tag = content[position...].firstIndex(of: UInt8(ascii: "<")) else {
                    return content[position...].allSatisfy(isBlank)
                }
                guard content[position..<tag].allSatisfy(isBlank), starts(content, at: tag, with: "<glob>"),
                      let end = ByteSearch.find(close, in: content, from: tag + open.count) else { return false }
                let glob = content[(tag + open.count)..<end]
                // An entity or a nested element: not a plain path.
                guard !glob.contains(UInt8(ascii: "&")), !glob.contains(UInt8(ascii: "<")) else { return false }
                list.append(String(decoding: glob, as: UTF8.self))
                position = end + close.count
            }
            return true
        }

        private static func starts(_ bytes: [UInt8], at index: Int, with prefix: String) -> Bool {
            let prefix = Array(prefix.utf8)
            return bytes.count - index >= prefix.count && bytes[index..<(index + prefix.count)].elementsEqual(prefix)
        }

        func isRejected(_ path: String) -> Bool {
            if accepted.contains(path) || acceptedPatterns.contains(where: { globMatches($0, path) }) { return false }
            return rejectedPatterns.contains { globMatches($0, path) }
        }

        /// Appends the rejected entries under `folder`, depth first in name order, not
        /// descending into a rejected folder (fontconfig does not scan one). False when a
        /// folder cannot be read or holds a name that is not UTF-8 (said in a glob, it would
        /// not match the name's bytes).
        func collectRejected(under folder: String, into rejected: inout [String]) -> Bool {
            guard let directory = opendir(folder) else { return errno == ENOENT }
            defer { closedir(directory) }
            var entries: [(name: String, isFolder: Bool)] = []
            while let entry = readdir(directory) {
                // A name that is not UTF-8 cannot be said in the file's glob byte for byte.
                guard let name = withUnsafeBytes(of: entry.pointee.d_name, { raw in
                    String(validatingCString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
                }) else { return false }
                if name == "." || name == ".." { continue }
                var isFolder = entry.pointee.d_type == UInt8(DT_DIR)
                if entry.pointee.d_type == UInt8(DT_UNKNOWN) || entry.pointee.d_type == UInt8(DT_LNK) {
                    var info = stat()
                    isFolder = stat(folder + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
                }
                entries.append((name, isFolder))
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let path = folder + "/" + entry.name
                if isRejected(path) {
                    rejected.append(path)
                } else if entry.isFolder, !collectRejected(under: path, into: &rejected) {
                    return false
                }
            }
            return true
        }
    }

    /// fontconfig's glob (`FcConfigGlobMatch`): `*` any run of bytes, `/` included; `?` any one.
    static func globMatches(_ glob: String, _ path: String) -> Bool {
        let pattern = Array(glob.utf8), text = Array(path.utf8)
        var p = 0, t = 0, star = -1, resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p; resume = t; p += 1
            } else if star >= 0 {
                p = star + 1; resume += 1; t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}

private func isBlank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
