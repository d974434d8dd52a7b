import Glibc
import MaterialFields
import QATools
import XftHost

/// The catalog's background images (UIKit's `background`, `disabledBackground`), drawn by
/// Scripts/make_background_images.py: read once, the first time a field asks. A file that cannot
/// be read gives one warning on standard error (a missing `Resources/` is the catalog's one line), and
/// its fields are drawn without it.
enum CatalogImages {
    /// Warm paper with a 1-point border and rounded corners, 24 x 36 points at 2x; its 8-point
    /// caps keep the corners and the border sharp however wide the field.
    static let paper = load("Images/paper@2x.png")
    /// The same sheet greyed, for a disabled field.
    static let paperDisabled = load("Images/paper-disabled@2x.png")

    /// Whether `Resources/` was found: when it was not, the catalog has said so once already
    /// (`ResourceDirectory.Lookup.missingMessage`, which names the images), so nothing more is said here.
    private static let hasResources = resourcePath("") != nil

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
