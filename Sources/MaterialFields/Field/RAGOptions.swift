/// RAGTextField's `placeholderMode`: when the placeholder moves to its floating position above
/// the text (scaled by `placeholderScaleWhenEditing`).
public enum PlaceholderMode: String, Sendable, Codable, CaseIterable {
    /// While editing, and for as long as there is text.
    case scalesWhenEditing
    /// For as long as there is text.
    case scalesWhenNotEmpty
    /// Always.
    case scalesAlways
    /// Never: it shows in the text line while the field is empty, as UIKit's placeholder.
    case simple

    /// Whether the placeholder stands in its floating position (the truth table).
    public func floats(hasText: Bool, isEditing: Bool) -> Bool {
        switch self {
        case .scalesWhenEditing: return hasText || isEditing
        case .scalesWhenNotEmpty: return hasText
        case .scalesAlways: return true
        case .simple: return false
        }
    }

    /// Whether the placeholder shows at all: a floating one always does, the simple one only over
    /// an empty field.
    public func isVisible(hasText: Bool) -> Bool { self != .simple || !hasText }
}

/// Insets in pixels at scale 1 (UIKit's `UIEdgeInsets`).
public struct EdgeInsets: Equatable, Sendable, Codable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    public init(all inset: Double) { self.init(top: inset, left: inset, bottom: inset, right: inset) }

    public static let zero = EdgeInsets()

    /// Negative and non-finite insets count as 0, and each side is capped, so no caller's value
    /// can push the text out of the field.
    func sanitized(scale: Double) -> EdgeInsets {
        func side(_ value: Double) -> Double { value.isFinite ? min(max(0, value), 1_000) * scale : 0 }
        return EdgeInsets(top: side(top), left: side(left), bottom: side(bottom), right: side(right))
    }
}

/// RAGTextField's `textPaddingMode`: what the text background (and its padding) wraps besides
/// the text.
public enum TextPaddingMode: String, Sendable, Codable, CaseIterable {
    case text
    case textAndPlaceholder
    case textAndHint
    case textAndPlaceholderAndHint

    var includesPlaceholder: Bool { self == .textAndPlaceholder || self == .textAndPlaceholderAndHint }
    var includesHint: Bool { self == .textAndHint || self == .textAndPlaceholderAndHint }
}

/// Where RAG's underline grows from when the field begins editing.
public enum UnderlineExpandMode: String, Sendable, Codable, CaseIterable {
    case expandsFromCenter
    case expandsFromLeft
    case expandsFromRight
    /// From the start of the field's layout direction: the left, or the right for `layoutDirection = .rightToLeft`.
    case expandsInUserInterfaceDirection
    /// The focused line shows at once, without growing.
    case notExpanding
}

/// RAGTextField's `UnderlineView`: a line under the text background's rectangle, and a focused
/// line that grows over it while editing. Colours left nil follow the colour scheme (the outline
/// colour, and the primary colour when focused). Widths are pixels at scale 1.
public struct UnderlineBackground: Equatable, Sendable {
    public var lineWidth: Double
    public var lineColor: Color?
    public var focusedLineWidth: Double
    public var focusedLineColor: Color?
    public var expandMode: UnderlineExpandMode

    public init(lineWidth: Double = 1, lineColor: Color? = nil, focusedLineWidth: Double = 2, focusedLineColor: Color? = nil,
                expandMode: UnderlineExpandMode = .expandsFromCenter) {
        self.lineWidth = lineWidth; self.lineColor = lineColor; self.focusedLineWidth = focusedLineWidth
        self.focusedLineColor = focusedLineColor; self.expandMode = expandMode
    }
}

/// RAGTextField's `OutlineView`: a rounded rectangle, filled and stroked, inset from the text
/// background's rectangle. Colours left nil follow the scheme (no fill; the outline colour, and
/// the primary colour while editing). Sizes are pixels at scale 1.
public struct OutlineBackground: Equatable, Sendable {
    public var cornerRadius: Double
    public var fillColor: Color?
    public var lineWidth: Double
    public var lineColor: Color?
    public var focusedLineColor: Color?
    public var inset: EdgeInsets

    public init(cornerRadius: Double = 4, fillColor: Color? = nil, lineWidth: Double = 1, lineColor: Color? = nil,
                focusedLineColor: Color? = nil, inset: EdgeInsets = .zero) {
        self.cornerRadius = cornerRadius; self.fillColor = fillColor; self.lineWidth = lineWidth
        self.lineColor = lineColor; self.focusedLineColor = focusedLineColor; self.inset = inset
    }
}

/// RAGTextField's `textBackgroundView`, as one of the two views it provides.
public enum TextBackground: Equatable, Sendable {
    case underline(UnderlineBackground)
    case outline(OutlineBackground)
}
