import Glibc
import MaterialFields
import QATools
import XftHost

/// The path of `relative` (e.g. "Images/paper@2x.png") in the top-level `Resources/` folder:
/// found by walking up from this executable (`/proc/self/exe`, so a build directory or an
/// installed copy beside the package) to the first directory that holds `Resources/`. Nil when
/// none does. No Foundation `Bundle`: the catalog keeps Foundation out.
func resourcePath(_ relative: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    var directory = SystemFiles.parentDirectory(of: String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
    while true {
        let resources = SystemFiles.join(directory, "Resources")
        if SystemFiles.isDirectory(resources) { return SystemFiles.join(resources, relative) }
        let parent = SystemFiles.parentDirectory(of: directory)
        guard parent != directory, !parent.isEmpty else { return nil }
        directory = parent
    }
}

/// The catalog's background images (UIKit's `background`, `disabledBackground`), drawn by
/// Scripts/make_background_images.py: read once, the first time a field asks. A file that cannot
/// be read gives one warning on standard error (a missing `Resources/` one for all of them), and
/// its fields are drawn without it.
enum CatalogImages {
    /// Warm paper with a 1-point border and rounded corners, 24 x 36 points at 2x; its 8-point
    /// caps keep the corners and the border sharp however wide the field.
    static let paper = load("Images/paper@2x.png")
    /// The same sheet greyed, for a disabled field.
    static let paperDisabled = load("Images/paper-disabled@2x.png")

    /// Whether `Resources/` was found (its warning is given once, when it was not).
    private static let hasResources: Bool = {
        guard resourcePath("") == nil else { return true }
        SystemFiles.writeToStandardError("textfield-catalog: warning: no Resources/ folder above the executable; "
                                         + "the fields with background images are drawn without them\n")
        return false
    }()

    private static func load(_ relative: String) -> StretchableImage? {
        guard hasResources, let path = resourcePath(relative) else { return nil }
        do {
            return try StretchableImage.loadPNG(path, scale: 2, capInsets: EdgeInsets(all: 8))
        } catch {
            SystemFiles.writeToStandardError("textfield-catalog: warning: \(error); its fields are drawn without it\n")
            return nil
        }
    }
}
