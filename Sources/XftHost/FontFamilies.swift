import CXlib

/// Which font families the desktop has, asked of fontconfig: a pasted `font-family` list takes
/// the first one installed (`HTMLReader.isFamilyAvailable`).
enum FontFamilies {
    /// Whether fontconfig lists a face of `family` (its names compare ignoring case and spaces).
    static func isInstalled(_ family: String) -> Bool {
        guard !family.isEmpty, family.utf8.count < 256, !family.utf8.contains(0) else { return false }
        guard let pattern = FcPatternCreate() else { return false }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        guard let objects = FcObjectSetCreate() else { return false }
        defer { FcObjectSetDestroy(objects) }
        FcObjectSetAdd(objects, FC_FAMILY)
        guard let list = FcFontList(nil, pattern, objects) else { return false }
        defer { FcFontSetDestroy(list) }
        return list.pointee.nfont > 0
    }
}
