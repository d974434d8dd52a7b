/// A line of static text an app layout places around its fields (a heading, a caption).
public struct Decoration: Equatable, Sendable {
    public var text: String
    public var frame: Rect
    public var baseline: Double
    public var font: FontSpec
    public var color: Color
    /// What an assistive technology is told it is: a caption (`.label`) or a `.heading`.
    public var role: AccessibleRole
    /// The identifier of the field this text labels (a caption above its field), if any: an
    /// assistive technology reads it as the field's label (AT-SPI's label-for relation).
    public var labelledField: String?

    public init(text: String, frame: Rect, baseline: Double, font: FontSpec, color: Color,
                role: AccessibleRole = .label, labelledField: String? = nil) {
        self.text = text; self.frame = frame; self.baseline = baseline; self.font = font; self.color = color
        self.role = role; self.labelledField = labelledField
    }
}

/// Where an app layout puts things, in content coordinates (before scrolling).
public struct Arrangement {
    /// Each field's frame: its container's top-left and width, and the height `TextField.layOut`
    /// returned (the assistive row included).
    public var fieldFrames: [(field: TextField, frame: Rect)]
    public var decorations: [Decoration]
    public var contentHeight: Double
    /// Named parts of the page (an app's sections), for tools that address them by name, as a
    /// QA script's `screenshot NAME.png SECTION` does. They draw nothing.
    public var regions: [(name: String, frame: Rect)] = []
    /// Set by `SceneLayout.arrange(in:showing:metrics:scheme:measurer:)` when it left fields
    /// below the part shown unlaid out: their frames and the content height are estimates, and
    /// the scene arranges everything once that first frame is out (`FieldScene.framePresented`).
    public var isProvisional = false

    public init(fieldFrames: [(field: TextField, frame: Rect)] = [], decorations: [Decoration] = [], contentHeight: Double = 0) {
        self.fieldFrames = fieldFrames; self.decorations = decorations; self.contentHeight = contentHeight
    }

    /// How far below what a first frame shows something starts before a layout leaves it unlaid
    /// out (at scale 1): what a field draws above its frame (an outlined field's floating label,
    /// a focus ring) stays in.
    public static let hiddenMargin = 32.0

    /// Whether something starting at `top` lies below what a first frame showing the page's top
    /// `shownHeight` shows, `hiddenMargin` included (`shownHeight` nil: everything shows).
    public static func isBelowFirstFrame(_ top: Double, showing shownHeight: Double?, scale: Double) -> Bool {
        shownHeight.map { top > $0 + hiddenMargin * scale } ?? false
    }

    /// `field`'s height at `width` for a field starting at `top`: laid out
    /// (`TextField.layOut(width:metrics:measurer:)`) unless it lies below what the first frame
    /// shows, where it is estimated (`TextField.estimatedHeight(width:metrics:measurer:)`) and
    /// the arrangement becomes `isProvisional`.
    public mutating func height(of field: TextField, top: Double, width: Double, showing shownHeight: Double?,
                                metrics: MaterialMetrics, measurer: TextMeasuring) -> Double {
        guard Self.isBelowFirstFrame(top, showing: shownHeight, scale: metrics.scale) else {
            return field.layOut(width: width, metrics: metrics, measurer: measurer)
        }
        isProvisional = true
        return field.estimatedHeight(width: width, metrics: metrics, measurer: measurer)
    }
}

/// An app's layout of a `FieldScene`: called on every resize, and when a field's height changes.
/// It lays each field out (`TextField.layOut(width:metrics:measurer:)` returns the height).
public protocol SceneLayout: AnyObject {
    func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement
    /// The arrangement for a window's first frame, which shows the page's top `shownHeight`:
    /// what lies there is laid out exactly, as `arrange(in:metrics:scheme:measurer:)` would;
    /// a field wholly below it may keep no layout and an estimated frame
    /// (`TextField.estimatedHeight(width:metrics:measurer:)`), a decoration below it may be left
    /// out, and then the arrangement `isProvisional`. Asked only of a scene that
    /// `defersLayoutBelowFirstFrame`; the default arranges everything.
    func arrange(in viewport: Size, showing shownHeight: Double, metrics: MaterialMetrics, scheme: ColorScheme,
                 measurer: TextMeasuring) -> Arrangement
}

extension SceneLayout {
    public func arrange(in viewport: Size, showing shownHeight: Double, metrics: MaterialMetrics, scheme: ColorScheme,
                        measurer: TextMeasuring) -> Arrangement {
        arrange(in: viewport, metrics: metrics, scheme: scheme, measurer: measurer)
    }
}

/// The simplest layout: the fields one under another, full width inside a margin.
public final class StackLayout: SceneLayout {
    public let fields: [TextField]
    public var margin: Double
    public var spacing: Double
    public var maximumWidth: Double

    public init(fields: [TextField], margin: Double = 24, spacing: Double = 24, maximumWidth: Double = 480) {
        self.fields = fields; self.margin = margin; self.spacing = spacing; self.maximumWidth = maximumWidth
    }

    public func arrange(in viewport: Size, metrics: MaterialMetrics, scheme: ColorScheme, measurer: TextMeasuring) -> Arrangement {
        arrange(in: viewport, showing: nil, metrics: metrics, measurer: measurer)
    }

    /// Fields below what the first frame shows (`Arrangement.isBelowFirstFrame`) get `estimatedHeight`.
    public func arrange(in viewport: Size, showing shownHeight: Double, metrics: MaterialMetrics, scheme: ColorScheme,
                        measurer: TextMeasuring) -> Arrangement {
        arrange(in: viewport, showing: Optional(shownHeight), metrics: metrics, measurer: measurer)
    }

    private func arrange(in viewport: Size, showing shownHeight: Double?, metrics: MaterialMetrics,
                         measurer: TextMeasuring) -> Arrangement {
        let margin = self.margin * metrics.scale, spacing = self.spacing * metrics.scale
        let width = max(0, min(viewport.width - 2 * margin, maximumWidth * metrics.scale))
        var y = margin
        var arrangement = Arrangement()
        for field in fields {
            let height = arrangement.height(of: field, top: y, width: width, showing: shownHeight, metrics: metrics, measurer: measurer)
            arrangement.fieldFrames.append((field, Rect(x: margin, y: y, width: width, height: height)))
            y += height + spacing
        }
        arrangement.contentHeight = y - spacing + margin
        return arrangement
    }
}
