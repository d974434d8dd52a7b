/// The two Material containers. A third family (RAGTextField-style underline and background views)
/// is expected to join here and be drawn by the same renderer.
public enum FieldStyle: String, Sendable, CaseIterable, Codable {
    case filled
    case outlined
}

/// Single-line text field; multi-line text areas join as a second kind.
public enum FieldKind: String, Sendable, Codable {
    case textField
}

/// Everything a caller chooses about a field before it is shown.
public struct FieldConfiguration: Equatable, Sendable {
    /// A stable name for QA tooling and scripts.
    public var identifier: String
    public var style: FieldStyle
    public var kind: FieldKind
    /// The floating label. Empty means no label.
    public var label: String
    /// Shown while the field is empty and the label is not resting in the input line.
    public var placeholder: String
    public var text: String
    public var isEnabled: Bool

    public init(identifier: String, style: FieldStyle, kind: FieldKind = .textField, label: String = "",
                placeholder: String = "", text: String = "", isEnabled: Bool = true) {
        self.identifier = identifier
        self.style = style
        self.kind = kind
        self.label = label
        self.placeholder = placeholder
        self.text = text
        self.isEnabled = isEnabled
    }
}
