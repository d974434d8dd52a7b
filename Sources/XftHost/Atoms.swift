import CXlib

/// Interns `names` in one round trip to the server (`XInternAtoms` sends every request before
/// reading the replies), where `XInternAtom` waits for each reply in turn: the selections and
/// drag and drop intern about 30 atoms while a window starts, which were as many round trips
/// before its first frame. Xlib caches what both return. A name the server cannot intern maps to
/// `None` (0), as `XInternAtom` returns it.
func internAtoms(_ display: OpaquePointer, _ names: [String]) -> [String: Atom] {
    guard !names.isEmpty else { return [:] }
    var atoms = [Atom](repeating: 0, count: names.count)
    var copies = names.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    _ = copies.withUnsafeMutableBufferPointer { pointers in
        XInternAtoms(display, pointers.baseAddress, Int32(names.count), 0, &atoms)
    }
    return Dictionary(zip(names, atoms), uniquingKeysWith: { first, _ in first })
}
