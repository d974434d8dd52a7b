// UIKit's background images: which one a field shows now.
extension TextField {
    /// Which of UIKit's two background images a field draws.
    public enum BackgroundRole: String, Equatable, Sendable, Codable {
        case background, disabledBackground
    }

    /// The background image drawn now and which property it came from; nil when none is: no
    /// `background`, a `.roundedRect` border, or a Material or RAG field. A disabled field shows
    /// `disabledBackground` when it has one, else `background`.
    public var drawnBackground: (role: BackgroundRole, image: StretchableImage)? {
        guard let background, let border = style.borderStyle, border != .roundedRect else { return nil }
        if !isEnabled, let disabledBackground { return (.disabledBackground, disabledBackground) }
        return (.background, background)
    }
}
