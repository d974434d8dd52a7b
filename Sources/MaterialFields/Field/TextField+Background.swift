// UIKit's background images: which one a field shows now.
extension TextField {
    /// Which of UIKit's two background images a field draws.
    public enum BackgroundRole: String, Equatable, Sendable, Codable {
        case background, disabledBackground
    }

    /// The background image drawn in `scheme` and which property it came from; nil when none is:
    /// no `background`, a `.roundedRect` border, a Material or RAG field, or a high-contrast
    /// scheme (forced colours: the app's images give way to the field's border, as its colours
    /// give way to the scheme's, so its text never sits on a picture of unknown contrast). A
    /// disabled field shows `disabledBackground` when it has one, else `background`.
    public func drawnBackground(in scheme: ColorScheme) -> (role: BackgroundRole, image: StretchableImage)? {
        guard let background, scheme.contrast != .high, let border = style.borderStyle, border != .roundedRect else { return nil }
        if !isEnabled, let disabledBackground { return (.disabledBackground, disabledBackground) }
        return (.background, background)
    }
}
