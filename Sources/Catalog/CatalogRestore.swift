import Glibc
import MaterialFields
import QATools
import XftHost

/// `--restore PATH`: the live window's fields (text, selection, scroll) and its focused field are
/// read from PATH at the start and written back to it, a second after a change (so a catalog killed
/// outright loses at most that second) and at the end (the window closed, Ctrl+Q, Ctrl+C, SIGTERM).
/// The file is `SavedFieldStates`' JSON; a secure field's text is never written.
///
/// A file that cannot be read whole (unreadable, not JSON, cut short, another format or version)
/// or that holds something the catalog cannot take (an unknown field, a bad value) gives one
/// warning line; what could be read is restored, the rest starts as the catalog has it. Nothing is
/// lost: before the first save such a file is renamed PATH.bad (replacing an older one), and if
/// that rename fails the session saves nothing, so PATH stays as it was. A missing or empty
/// (0-byte, `touch`ed) PATH is a first start: no warning.
///
/// The file is the user's: a symbolic link at PATH is written through (its target is replaced,
/// beside itself, and the link stays), an existing file keeps its permission bits, and a new one
/// is made 0600 (it holds what the user typed).
///
/// Saving runs on a thread of its own (`NewestJobThread`); the loop only takes the states (the
/// texts, selections and scrolls: values) when the timer fires, and tells a change from none by
/// each field's text revision, selection and scroll, without reading any text.
final class CatalogRestore {
    /// Seconds from a change to its save; more changes within it are saved together.
    static let saveDelay = 1.0

    let path: String
    private let session: CatalogSession
    private unowned let host: WindowHost
    private let file: RestoreFile
    private let thread = NewestJobThread()
    /// What the fields looked like at the last change seen (cheap to take at every frame).
    private var lastSignature: Signature?
    private var saveTimer: Cancellation?
    /// The states last handed to the writer (or read from a clean file): the same again is not written.
    private var lastSaved: SavedFieldStates?
    /// PATH was read whole and clean: what the fields show once laid out is what it says.
    private let fileWasClean: Bool

    /// One field as far as a change is concerned.
    private struct FieldSignature: Equatable {
        var revision: Int
        var selection: TextSelection
        var scroll: Double
    }

    private struct Signature: Equatable {
        var fields: [FieldSignature]
        var focused: String?
    }

    /// Reads PATH and restores what it holds on the session's fields (focus on `focusing` instead,
    /// when `--focus` gave one). Warns once on stderr when the file is not as it should be.
    init(path: String, session: CatalogSession, host: WindowHost, focusing: String?) {
        self.path = path
        self.session = session
        self.host = host
        let scene = session.scene
        let known = scene.fields.map { (id: $0.identifier, isSecure: $0.isSecureTextEntry) }
        var reading = SavedFieldStates.Reading(states: SavedFieldStates(), problems: [], isUnreadable: false)
        var exists = true
        if let size = Self.fileSize(path), size > Self.largestFile {
            reading = .init(problems: ["it is larger than \(Self.largestFile >> 20) MiB, so it is not read"], isUnreadable: true)
        } else {
            do {
                let bytes = try SystemFiles.readBytes(path)
                if bytes.isEmpty {
                    exists = false
                } else {
                    reading = SavedFieldStates.read(bytes, fields: known)
                }
            } catch {
                if !SystemFiles.fileExists(path) {
                    exists = false
                } else {
                    reading = .init(problems: ["cannot read it: \((error as? SystemFiles.Failure)?.reason ?? "\(error)")"], isUnreadable: true)
                }
            }
        }
        let keepsBadFile = !reading.problems.isEmpty
        file = RestoreFile(path: path, movesAsideFirst: keepsBadFile)
        if keepsBadFile {
            var line = "textfield-catalog: warning: --restore '\(path)': \(reading.problems[0])"
            if reading.problems.count > 1 { line += " (and \(reading.problems.count - 1) more)" }
            line += reading.isUnreadable ? "; the fields start as the catalog has them" : "; the rest is restored"
            line += ", and the file is kept as '\(SystemFiles.resolvingLinks(path)).bad' when the fields are next saved\n"
            SystemFiles.writeToStandardError(line)
        }
        reading.states.restore(on: scene, focusing: focusing)
        // As `--focus` does: the field being edited is scrolled into view once the window is laid out.
        if let field = scene.focusedField { scene.revealWhenLaidOut(field) }
        fileWasClean = exists && !keepsBadFile
    }

    /// The largest file read: far above what the catalog's fields hold in use (a 10 MB paste is
    /// about 10 MB of file), far below what would take the machine's memory.
    static let largestFile = 256 << 20

    /// A plain file (after symbolic links): what PATH may be (checked on the command line).
    static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    private static func fileSize(_ path: String) -> Int? {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : nil
    }

    private func signature() -> Signature {
        let scene = session.scene
        return Signature(fields: scene.fields.map { field in
            FieldSignature(revision: field.textRevision, selection: field.selection,
                           scroll: (field.kind == .textArea ? field.textLayout?.scrollY : field.textLayout?.scrollX) ?? 0)
        }, focused: scene.focusedField?.identifier)
    }

    /// The window told of a change (its `didChange`, at most once a frame): a save is due a
    /// `saveDelay` from the first change not saved yet.
    func sceneChanged() {
        let now = signature()
        guard let last = lastSignature else {
            // The first news comes with the window's first layout, which scrolls the restored
            // fields: that is where they start, not a change. A clean file already says it.
            lastSignature = now
            if fileWasClean { lastSaved = SavedFieldStates(of: session.scene) }
            return
        }
        guard now != last else { return }
        lastSignature = now
        guard saveTimer == nil else { return }
        saveTimer = host.addTimer(after: Self.saveDelay) { [weak self] in
            guard let self else { return }
            saveTimer = nil
            save()
        }
    }

    /// Hands the states as they are now to the writer's thread, unless they were saved already.
    private func save() {
        let states = SavedFieldStates(of: session.scene)
        guard states != lastSaved else { return }
        lastSaved = states
        let file = self.file
        thread.submit { file.write(states) }
    }

    /// The window closed (for any reason): the states are saved now, and this returns once they
    /// are in the file (or the write failed).
    func finish() {
        saveTimer?.cancel()
        saveTimer = nil
        save()
        thread.waitUntilIdle()
    }
}

/// The file itself, used only on the writer's thread.
private final class RestoreFile: @unchecked Sendable {
    let path: String
    /// The file as found was bad: it is renamed PATH.bad before the first write.
    private var movesAsideFirst: Bool
    /// After a failure to move the bad file aside nothing is written (it would be lost).
    private var refuses = false
    private var reportedFailure = false
    /// The permission bits of the bad file moved aside: the file written in its place keeps them.
    private var movedAsidePermissions: mode_t?
    /// A new file's permissions: only the user reads what they typed.
    static let newFilePermissions: mode_t = 0o600

    init(path: String, movesAsideFirst: Bool) {
        self.path = path
        self.movesAsideFirst = movesAsideFirst
    }

    func write(_ states: SavedFieldStates) {
        guard !refuses else { return }
        // Through a symbolic link: the link's target is the file (looked up at each save).
        let target = SystemFiles.resolvingLinks(path)
        if movesAsideFirst {
            movedAsidePermissions = SystemFiles.permissions(of: target)
            // A file gone meanwhile has nothing left to keep.
            if rename(target, target + ".bad") != 0 && errno != ENOENT {
                refuses = true
                let reason = String(cString: strerror(errno))
                SystemFiles.writeToStandardError("textfield-catalog: warning: --restore: cannot keep '\(target)' as '\(target).bad': "
                    + "\(reason); the fields of this session are not saved, so the file stays as it was\n")
                return
            }
            movesAsideFirst = false
        }
        do {
            let permissions = SystemFiles.permissions(of: target) ?? movedAsidePermissions ?? Self.newFilePermissions
            try SystemFiles.createParentDirectory(of: target)
            try SystemFiles.write(states.jsonText, to: target, permissions: permissions)
        } catch {
            // Once: every later save would fail the same way (each is still tried).
            guard !reportedFailure else { return }
            reportedFailure = true
            let reason = (error as? SystemFiles.Failure)?.reason ?? "\(error)"
            SystemFiles.writeToStandardError("textfield-catalog: warning: --restore: cannot save the fields to '\(path)': \(reason)\n")
        }
    }
}
