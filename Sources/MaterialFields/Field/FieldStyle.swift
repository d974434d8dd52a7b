/// How a container is drawn and where its activation indicator goes.
public enum ContainerKind: String, Sendable, Codable {
    /// A tinted box with rounded top corners and an underline; the indicator grows along the
    /// bottom from the click point.
    case filled
    /// A rounded stroke all round; it thickens and takes the primary colour when active, and
    /// opens a notch in its top edge for the floating label.
    case outlined
    /// RAGTextField's: the placeholder floats above the text, a hint sits below it, and the
    /// field's `textBackground` (an underline or an outline) is drawn behind the text.
    case rag
    /// UIKit's border styles, a plain field with no floating label: nothing, a thin line, a
    /// sunken bezel, a rounded rectangle.
    case borderless, line, bezel, roundedRect

    /// Which family of fields draws this container.
    public var family: FieldFamily {
        switch self {
        case .filled, .outlined: return .material
        case .rag: return .rag
        case .borderless, .line, .bezel, .roundedRect: return .plain
        }
    }
}

/// The three families of fields the one renderer draws.
public enum FieldFamily: String, Sendable, Codable {
    /// Material's filled and outlined fields (MDC iOS).
    case material
    /// RAGTextField's floating placeholder, hint and text background.
    case rag
    /// UIKit's plain fields with a `borderStyle`.
    case plain
}

/// UIKit's `UITextField.BorderStyle`.
public enum BorderStyle: String, Sendable, Codable, CaseIterable {
    case none, line, bezel, roundedRect
}

/// Where label and text sit vertically in a container, in pixels at scale 1. A style has one of
/// these for normal density and one for the densest, and a field interpolates between them.
public struct VerticalPositioning: Hashable, Sendable {
    public var containerHeight: Double
    /// Top of the floating label's 16 px line box, from the container top (negative: it rises
    /// above the container, as the outlined label sits on the outline).
    public var floatingLabelTop: Double
    /// Top of the 24 px input line when the field has a label that floats.
    public var textTopWithFloatingLabel: Double
    /// Top of the input line otherwise (no label, or a label that disappears instead of floating).
    public var textTopWithoutFloatingLabel: Double

    public init(containerHeight: Double, floatingLabelTop: Double, textTopWithFloatingLabel: Double,
                textTopWithoutFloatingLabel: Double) {
        self.containerHeight = containerHeight
        self.floatingLabelTop = floatingLabelTop
        self.textTopWithFloatingLabel = textTopWithFloatingLabel
        self.textTopWithoutFloatingLabel = textTopWithoutFloatingLabel
    }

    func interpolated(to other: VerticalPositioning, fraction t: Double) -> VerticalPositioning {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        return VerticalPositioning(
            containerHeight: mix(containerHeight, other.containerHeight),
            floatingLabelTop: mix(floatingLabelTop, other.floatingLabelTop),
            textTopWithFloatingLabel: mix(textTopWithFloatingLabel, other.textTopWithFloatingLabel),
            textTopWithoutFloatingLabel: mix(textTopWithoutFloatingLabel, other.textTopWithoutFloatingLabel))
    }
}

/// A style's positioning at normal density and at its densest.
public struct PositioningRange: Hashable, Sendable {
    public var normal: VerticalPositioning
    public var dense: VerticalPositioning

    public init(normal: VerticalPositioning, dense: VerticalPositioning) { self.normal = normal; self.dense = dense }
}

/// A family of fields as data: its container, the painter that draws it and its vertical
/// positioning. The renderer and the layout read these values; a third family is a new value, not
/// a new case in their code: give it a `ContainerPainter` of your own.
public struct FieldStyle: Hashable, Sendable, CustomStringConvertible {
    /// Stable name for QA tooling ("filled", "outlined").
    public var name: String
    /// The built-in container the layout follows (where the label floats, whether the outline
    /// has a notch, a plain field's inset) and, unless the style has a painter of its own, what
    /// draws it.
    public var container: ContainerKind
    /// Material 2's positioning (every design's, for a style without `material3`).
    public var normal: VerticalPositioning
    public var dense: VerticalPositioning
    /// Material 3's positioning at normal density and at its densest; nil: the style is placed
    /// by `normal` and `dense` in both designs.
    public var material3: PositioningRange?
    /// A painter of the style's own; nil draws `container`'s built-in painter.
    private var ownPainter: (any ContainerPainter)?

    /// - Parameters:
    ///   - painter: what draws the container; nil (the default) draws `container`'s built-in painter.
    ///   - material3: the positioning when the scheme's design is M3; nil: `normal` and `dense` then too.
    public init(name: String, container: ContainerKind, painter: (any ContainerPainter)? = nil,
                normal: VerticalPositioning, dense: VerticalPositioning,
                material3: PositioningRange? = nil) {
        self.name = name
        self.container = container
        self.ownPainter = painter
        self.normal = normal
        self.dense = dense
        self.material3 = material3
    }

    /// What draws the container: the painter the style was given, else `container.painter`.
    /// Setting it gives the style a painter of its own.
    public var painter: any ContainerPainter {
        get { ownPainter ?? container.painter }
        set { ownPainter = newValue }
    }

    /// This style with `painter` drawing its container.
    public func withPainter(_ painter: any ContainerPainter) -> FieldStyle {
        var style = self
        style.painter = painter
        return style
    }

    public var description: String { name }

    /// Painters are compared by their identifiers.
    public static func == (lhs: FieldStyle, rhs: FieldStyle) -> Bool {
        lhs.name == rhs.name && lhs.container == rhs.container && lhs.normal == rhs.normal && lhs.dense == rhs.dense
            && lhs.material3 == rhs.material3 && lhs.painter.identifier == rhs.painter.identifier
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(container)
        hasher.combine(normal)
        hasher.combine(dense)
        hasher.combine(material3)
        hasher.combine(painter.identifier)
    }

    /// M2's positioning at a vertical density from 0 (Material's 56 px field) to 1 (a 40 px dense field).
    /// Values outside 0...1, and NaN, are clamped (NaN counts as 0).
    public func positioning(density: Double) -> VerticalPositioning {
        normal.interpolated(to: dense, fraction: density.isNaN ? 0 : min(max(density, 0), 1))
    }

    /// Positioning in `design` at a vertical density from 0 to 1 (clamped, NaN counts as 0): M3's
    /// when the style has it and the design is M3 (56 px to a 48 px dense field), else M2's.
    public func positioning(density: Double, design: MaterialDesign) -> VerticalPositioning {
        guard design == .m3, let m3 = material3 else { return positioning(density: density) }
        return m3.normal.interpolated(to: m3.dense, fraction: density.isNaN ? 0 : min(max(density, 0), 1))
    }

    /// MDC's filled field: the label floats near the container top, text sits under it.
    ///
    /// MDC web 14 in Chromium (Roboto) puts the floating label's capitals 10 px below the container
    /// top and the input baseline 40 px below it (80 at scale 2). `FieldLayout.baseline` centres
    /// Xft's whole-pixel ascent and descent in the line box and rounds, so with Roboto the label
    /// top 6.75 gives baseline 19 (any top in 6.5..<7 gives 19 at scale 1 and 38 at scale 2) and the
    /// text top 22.5 gives 40 and 80 (any top in 22.25..<22.75). MDC's label baseline at scale 2
    /// is 39; no single top rounds to both 19 and 39 (Xft's 24 px metrics are not twice its 12 px
    /// ones), so at scale 2 the label sits 1 px above MDC's.
    public static let filled = FieldStyle(
        name: "filled", container: .filled,
        normal: VerticalPositioning(containerHeight: 56, floatingLabelTop: 6.75, textTopWithFloatingLabel: 22.5,
                                    textTopWithoutFloatingLabel: 16),
        dense: VerticalPositioning(containerHeight: 40, floatingLabelTop: 2, textTopWithFloatingLabel: 16,
                                   textTopWithoutFloatingLabel: 8),
        // M3 (`Material3Tokens.filledPositioning`): the label 8 px down, the text 24 px down, 8 px
        // below it; 16 px above and below the text without a floating label.
        material3: PositioningRange(normal: Material3Tokens.filledPositioning(spaceReduction: 0),
                                    dense: Material3Tokens.filledPositioning(spaceReduction: Material3Tokens.denseSpaceReduction)))

    /// MDC's outlined field: the label floats centred on the top outline, text is centred.
    public static let outlined = FieldStyle(
        name: "outlined", container: .outlined,
        normal: VerticalPositioning(containerHeight: 56, floatingLabelTop: -8, textTopWithFloatingLabel: 16,
                                    textTopWithoutFloatingLabel: 16),
        dense: VerticalPositioning(containerHeight: 40, floatingLabelTop: -8, textTopWithFloatingLabel: 8,
                                   textTopWithoutFloatingLabel: 8),
        // M3 (`Material3Tokens.outlinedPositioning`): the text 16 px from top and bottom, the label
        // centred on the outline as in M2.
        material3: PositioningRange(normal: Material3Tokens.outlinedPositioning(spaceReduction: 0),
                                    dense: Material3Tokens.outlinedPositioning(spaceReduction: Material3Tokens.denseSpaceReduction)))

    /// The Material families, in the order the catalog shows them.
    public static let material: [FieldStyle] = [.filled, .outlined]

    /// RAGTextField: the text line with the floating placeholder above it and the hint below;
    /// heights come from the fonts and the field's padding, so the positioning here is the
    /// text line's alone.
    public static let rag = FieldStyle(
        name: "rag", container: .rag,
        normal: VerticalPositioning(containerHeight: 24, floatingLabelTop: 0, textTopWithFloatingLabel: 0, textTopWithoutFloatingLabel: 0),
        dense: VerticalPositioning(containerHeight: 24, floatingLabelTop: 0, textTopWithFloatingLabel: 0, textTopWithoutFloatingLabel: 0))

    /// A plain UIKit field: 36 px tall (28 dense), the 24 px text line centred, no label.
    public static func plain(_ border: BorderStyle) -> FieldStyle {
        let container: ContainerKind
        switch border {
        case .none: container = .borderless
        case .line: container = .line
        case .bezel: container = .bezel
        case .roundedRect: container = .roundedRect
        }
        return FieldStyle(
            name: "plain-\(border.rawValue)", container: container,
            normal: VerticalPositioning(containerHeight: 36, floatingLabelTop: 0, textTopWithFloatingLabel: 6, textTopWithoutFloatingLabel: 6),
            dense: VerticalPositioning(containerHeight: 28, floatingLabelTop: 0, textTopWithFloatingLabel: 2, textTopWithoutFloatingLabel: 2))
    }

    public var family: FieldFamily { container.family }

    /// The UIKit border style of a plain field; nil for the other families.
    public var borderStyle: BorderStyle? {
        switch container {
        case .borderless: return BorderStyle.none
        case .line: return .line
        case .bezel: return .bezel
        case .roundedRect: return .roundedRect
        case .filled, .outlined, .rag: return nil
        }
    }
}

/// A single line, or a multi-line text area that wraps and grows (MDC's text area).
public enum FieldKind: String, Sendable, Codable {
    /// One line: Enter is reported as `.returnPressed`, line breaks typed or pasted become spaces.
    case textField
    /// Wrapped lines: Enter inserts a line break; the container grows from its minimum to its
    /// maximum number of visible rows, then scrolls.
    case textArea
}

/// What the label does when the field has text or is being edited (MDC's `labelBehavior`).
public enum LabelBehavior: String, Sendable, Codable {
    /// It rises to the floating position.
    case floats
    /// It disappears, as a placeholder does.
    case disappears
}

/// An icon beside the text: a glyph of Material's icon font, or a vector shape in a 24 x 24 box
/// (at scale 1). Either is tinted with the state's icon colour.
public struct FieldIcon: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        /// A code point of the Material Icons font.
        case glyph(Character)
        /// Contours in the 24 x 24 design box.
        case shape(Path)
    }

    /// Stable name for QA tooling.
    public var name: String
    public var content: Content

    public init(name: String, content: Content) { self.name = name; self.content = content }

    /// An icon from the Material Icons font by its code point.
    public init(name: String, glyph: Character) { self.init(name: name, content: .glyph(glyph)) }

    public static let search = FieldIcon(name: "search", glyph: "\u{E8B6}")
    public static let visibility = FieldIcon(name: "visibility", glyph: "\u{E8F4}")
    public static let visibilityOff = FieldIcon(name: "visibility_off", glyph: "\u{E8F5}")
    public static let person = FieldIcon(name: "person", glyph: "\u{E7FD}")
    public static let email = FieldIcon(name: "email", glyph: "\u{E0BE}")
    public static let phone = FieldIcon(name: "phone", glyph: "\u{E0CD}")
    public static let lock = FieldIcon(name: "lock", glyph: "\u{E897}")
    public static let event = FieldIcon(name: "event", glyph: "\u{E878}")
    public static let error = FieldIcon(name: "error", glyph: "\u{E000}")
    public static let info = FieldIcon(name: "info", glyph: "\u{E88E}")
}

/// The parts of a field a point can hit.
public enum FieldPart: String, Sendable, Codable {
    case text
    case leadingIcon
    case trailingIcon
    case clearButton
    case assistiveRow
}
