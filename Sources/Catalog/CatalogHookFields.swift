import MaterialFields

// The catalog's fields that customize their geometry and drawing as a UIKit app does: by
// subclassing `TextField` and overriding its hooks (the `custom-*` rows of CatalogScreen).

/// An amount in euros: the text's rectangle leaves room for a "€" badge drawn at its end by
/// `drawText(in:context:)`, and the clear button sits before the text, at the field's start.
final class CurrencyField: TextField {
    /// Sizes at scale 1: the clear button's box and its inset, the badge and its gaps.
    private static let clearInset = 6.0, clearSize = 24.0, badgeWidth = 28.0, badgeHeight = 22.0, gap = 8.0

    private var scale: Double { metrics?.scale ?? 1 }

    override func clearButtonRect(forBounds bounds: Rect) -> Rect {
        let size = Self.clearSize * scale
        return Rect(x: bounds.minX + Self.clearInset * scale, y: (bounds.midY - size / 2).rounded(), width: size, height: size)
    }

    /// Between the clear button and the badge, both directions of the text alike.
    override func textRect(forBounds bounds: Rect) -> Rect {
        let band = super.textRect(forBounds: bounds)
        let left = clearButtonRect(forBounds: bounds).maxX + 4 * scale
        let right = bounds.maxX - (Self.gap + Self.badgeWidth + Self.gap) * scale
        return Rect(x: left, y: band.minY, width: max(0, right - left), height: band.height)
    }

    override func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

    /// The badge: a rounded tile in the primary colour's tint with "€" centred on it, right of the
    /// text's rectangle; then the text as the field draws it.
    override func drawText(in rect: Rect, context: FieldDrawingContext) {
        let scale = context.scale
        let tile = Rect(x: rect.maxX + Self.gap * scale, y: (rect.midY - Self.badgeHeight * scale / 2).rounded(),
                        width: Self.badgeWidth * scale, height: Self.badgeHeight * scale)
        let primary = context.scheme.primary
        context.fill(.roundedRectangle(tile, radii: CornerRadii(all: 4 * scale)), color: primary.withAlpha(0.14))
        let font = FontSpec(pixelSize: 15 * scale, weight: .medium)
        let width = context.advance(of: "€", font: font)
        context.drawText("€", at: Point(x: (tile.midX - width / 2).rounded(), y: context.baseline(centring: font, inTop: tile.minY, height: tile.height)),
                         font: font,
                         color: isEnabled ? primary : context.color)
        super.drawText(in: rect, context: context)
    }
}

/// A search box: its text's rectangle leaves room at the start for a magnifier that
/// `drawText(in:context:)` draws, and `drawPlaceholder(in:context:)` adds to the placeholder an
/// "Enter" key-cap at the end of its rectangle, saying how to search (Return searches). The
/// placeholder's rectangle is the default: the text's, so it starts after the magnifier too.
final class SearchHintField: TextField {
    private static let glyphSize = 20.0, glyphGap = 6.0

    private var scale: Double { metrics?.scale ?? 1 }

    override func textRect(forBounds bounds: Rect) -> Rect {
        let band = super.textRect(forBounds: bounds)
        let inset = (Self.glyphSize + Self.glyphGap) * scale
        return Rect(x: band.minX + inset, y: band.minY, width: max(0, band.width - inset), height: band.height)
    }

    override func editingRect(forBounds bounds: Rect) -> Rect { textRect(forBounds: bounds) }

    override func drawText(in rect: Rect, context: FieldDrawingContext) {
        let size = Self.glyphSize * context.scale
        if case .glyph(let glyph) = FieldIcon.search.content {
            let font = FontSpec(pixelSize: size, family: .icons)
            let baseline = context.baseline(centring: font, inTop: (rect.midY - size / 2).rounded(), height: size)
            context.drawText(String(glyph), at: Point(x: rect.minX - size - Self.glyphGap * context.scale, y: baseline),
                             font: font, color: context.scheme.mediumEmphasisText)
        }
        super.drawText(in: rect, context: context)
    }

    /// The placeholder, then the key-cap: a rounded outline with "Enter" in small type, at the
    /// end of the rectangle when there is room for it after the placeholder.
    override func drawPlaceholder(in rect: Rect, context: FieldDrawingContext) {
        super.drawPlaceholder(in: rect, context: context)
        let scale = context.scale
        let font = FontSpec(pixelSize: 11 * scale, weight: .medium)
        let label = "Enter"
        let width = (context.advance(of: label, font: font) + 12 * scale).rounded()
        let height = 18 * scale
        let cap = Rect(x: rect.maxX - width, y: (rect.midY - height / 2).rounded(), width: width, height: height)
        guard cap.minX > rect.minX + context.advance(of: context.text, font: context.font) + 8 * scale else { return }
        context.fill(.roundedRectangleStroke(cap, radii: CornerRadii(all: 4 * scale), width: max(1, scale.rounded(.down))),
                     color: context.color)
        context.drawText(label, at: Point(x: cap.minX + 6 * scale, y: context.baseline(centring: font, inTop: cap.minY, height: cap.height)),
                         font: font, color: context.color)
    }
}
