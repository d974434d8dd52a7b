import CAtk
import Glibc

/// ATK's and GObject's functions, every one the host calls (shim.h's `CATK_FUNCTIONS`), resolved
/// when `ATKLibrary.load` opened libatk; all nil before. Nothing calls them before: the objects
/// and the bridge are made only after a load that succeeded. Only the window's thread touches it.
nonisolated(unsafe) var atk = catk_functions()

/// libatk and libgobject, opened only when an assistive technology can listen. Linked, they
/// would be mapped and relocated at every exec and GObject's constructor would set up its type
/// system (about 0.5 MB resident with libffi) in a process whose accessible objects are never
/// made; the package links neither (Sources/CAtk/atk-headers.pc), so the host can call them
/// only through `atk`.
enum ATKLibrary {
    /// ATK's shared object (its soname); it loads GObject (and GLib, already there) itself.
    static let soname = "libatk-1.0.so.0"

    /// What the one attempt came to: nil before it, then whether every function was found.
    nonisolated(unsafe) private static var outcome: Bool?

    /// Opens ATK and resolves `atk`, once per process. False when ATK is not installed (or
    /// lacks a function the host calls): the process goes on without accessibility, and the
    /// first attempt says why on `warn`, in one line.
    static func load(warn: (String) -> Void) -> Bool {
        if let outcome { return outcome }
        var failure: String?
        if let library = dlopen(soname, RTLD_NOW | RTLD_LOCAL) {
            var found = catk_functions()
            if let missing = catk_resolve(&found, library) {
                failure = "\(soname) has no \(String(cString: missing))"
                dlclose(library)
            } else {
                atk = found
            }
        } else {
            failure = dlerror().map { String(cString: $0) } ?? "\(soname) could not be opened"
        }
        outcome = failure == nil
        if let failure {
            warn("warning: accessibility is off: ATK could not be loaded (\(failure)); screen readers cannot read the window")
        }
        return failure == nil
    }
}
