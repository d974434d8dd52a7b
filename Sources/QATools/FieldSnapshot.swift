// What QA tooling reads of a scene: one `FieldSnapshot` per field, taken through the scene's and
// the fields' public API (the catalog's `--qa-state` file, the scripts' `expect`).
import MaterialFields

/// One field as the `--qa-state` file lists it.
public struct FieldSnapshot: Codable, Equatable {
    public struct Assistive: Codable, Equatable {
        public var leading: String
        public var trailing: String
    }

    public var id: String
    public var style: String
    public var kind: FieldKind
    public var label: String
    /// The text; for a secure field a bullet per grapheme (`secure` is then true).
    public var text: String
    public var secure: Bool
    public var selection: [Int]
    public var focused: Bool
    public var state: FieldState
    public var labelPosition: LabelPosition
    public var hovered: Bool
    public var error: Bool
    public var errorMessage: String?
    /// The assistive texts as shown ("" when none).
    public var assistive: Assistive
    public var maxLength: Int?
    /// "visible" or "hidden"; absent when the field has none.
    public var leadingIcon: String?
    public var trailingIcon: String?
    public var clearButton: String?
    /// Visible rows, for text areas.
    public var rows: Double?
    public var accessibilityLabel: String
    /// `material`, `rag` or `plain`.
    public var family: FieldFamily
    public var alignment: TextAlignment
    public var keyboardType: KeyboardType
    /// RAG fields' placeholder mode; null for the other families.
    public var placeholderMode: PlaceholderMode?
    /// The RAG hint: null while none is set.
    public var hint: String?
    /// A secure field's eye shows its text on screen (the `text` key stays dots); absent for
    /// other fields.
    public var revealed: Bool?
    /// The direction the text reads in (`ltr` or `rtl`, `TextField.textDirection`).
    public var direction: WritingDirection = .leftToRight
    /// Where the caret is drawn, [x, y, width, height] in window pixels, while the field is
    /// focused (blink phase aside); null otherwise.
    public var caretRect: [Double]?
    /// What an input method is composing in the field (`TextField.preedit`), while it composes;
    /// null otherwise. Its text is not in `text` until committed.
    public var preedit: PreeditSnapshot?
    /// Where the text is laid out, [x, y, width, height] in window pixels: the text band as the
    /// geometry hooks left it (`editingRect(forBounds:)` while editing, else `textRect(forBounds:)`).
    public var textRect: [Double]?
    /// The clear button's and the icons' slots as laid out (hooks applied), in window pixels;
    /// absent when the field has none.
    public var clearButtonRect: [Double]?
    public var leadingIconRect: [Double]?
    public var trailingIconRect: [Double]?
    /// The container.
    public var frame: [Double]
    /// The container and the assistive row below it.
    public var outerFrame: [Double]
    /// What a `set` step and the controls panel change, keyed by their property names
    /// (`settings.counter-limit`), valued as the step writes them (a text unquoted, `error` null when off).
    public var settings: FieldSettings?
    /// A plain field's background images (UIKit's `background`, `disabledBackground`); absent
    /// for Material and RAG fields.
    public var background: BackgroundSnapshot?
    /// The text's styled runs in clusters, [start, end) with the keys each sets (`{}` for plain
    /// text); an empty text has none. A secure field's are plain.
    public var runs: [RunSnapshot]?
    /// What typed text takes (`TextField.typingAttributes`): the keys set, `{}` for none; null
    /// while the field is not edited.
    public var typingAttributes: AttributesSnapshot?
    /// The colours the field is drawn in for its current state (`TextField.resolvedColors(in:)`).
    public var colors: FieldColorsSnapshot?

    private enum CodingKeys: String, CodingKey {
        case id, style, kind, label, text, secure, selection, focused, state, labelPosition, hovered, error, errorMessage
        case assistive, maxLength, leadingIcon, trailingIcon, clearButton, rows, accessibilityLabel, frame, outerFrame
        case family, alignment, keyboardType, placeholderMode, hint, revealed, direction, caretRect, preedit, settings
        case textRect, clearButtonRect, leadingIconRect, trailingIconRect, background, runs, typingAttributes, colors
    }

    /// As synthesised, except that `maxLength` is written as null when there is none (QA tools
    /// read it as "number or null"); the icons and rows are left out when the field has none.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(style, forKey: .style)
        try container.encode(kind, forKey: .kind)
        try container.encode(label, forKey: .label)
        try container.encode(text, forKey: .text)
        try container.encode(secure, forKey: .secure)
        try container.encode(selection, forKey: .selection)
        try container.encode(focused, forKey: .focused)
        try container.encode(state, forKey: .state)
        try container.encode(labelPosition, forKey: .labelPosition)
        try container.encode(hovered, forKey: .hovered)
        try container.encode(error, forKey: .error)
        try container.encode(errorMessage, forKey: .errorMessage)
        try container.encode(assistive, forKey: .assistive)
        try container.encode(maxLength, forKey: .maxLength)
        try container.encodeIfPresent(leadingIcon, forKey: .leadingIcon)
        try container.encodeIfPresent(trailingIcon, forKey: .trailingIcon)
        try container.encodeIfPresent(clearButton, forKey: .clearButton)
        try container.encodeIfPresent(rows, forKey: .rows)
        try container.encode(accessibilityLabel, forKey: .accessibilityLabel)
        try container.encode(family, forKey: .family)
        try container.encode(alignment, forKey: .alignment)
        try container.encode(keyboardType, forKey: .keyboardType)
        try container.encode(placeholderMode, forKey: .placeholderMode)
        try container.encode(hint, forKey: .hint)
        try container.encodeIfPresent(revealed, forKey: .revealed)
        try container.encode(direction, forKey: .direction)
        try container.encode(caretRect, forKey: .caretRect)
        try container.encodeIfPresent(textRect, forKey: .textRect)
        try container.encodeIfPresent(clearButtonRect, forKey: .clearButtonRect)
        try container.encodeIfPresent(leadingIconRect, forKey: .leadingIconRect)
        try container.encodeIfPresent(trailingIconRect, forKey: .trailingIconRect)
        try container.encode(preedit, forKey: .preedit)
        try container.encode(frame, forKey: .frame)
        try container.encode(outerFrame, forKey: .outerFrame)
        try container.encodeIfPresent(settings, forKey: .settings)
        try container.encode(runs ?? [], forKey: .runs)
        try container.encode(typingAttributes, forKey: .typingAttributes)
        try container.encodeIfPresent(background, forKey: .background)
        try container.encodeIfPresent(colors, forKey: .colors)
    }
}

/// A field's resolved colours (`FieldColors`) as the `--qa-state` file lists them: each member
/// under its name, as `#RRGGBBAA` (null for `selectedText` when the text keeps its own colour).
public struct FieldColorsSnapshot: Codable, Equatable {
    /// Every member of `FieldColors`, in its order: the one place that names them (a member
    /// added there is a line here; `FieldSnapshotTests` fails until it is).
    public static let members: [(name: String, color: @Sendable (FieldColors) -> Color?)] = [
        ("inputText", { $0.inputText }),
        ("restingLabel", { $0.restingLabel }),
        ("floatingLabel", { $0.floatingLabel }),
        ("placeholder", { $0.placeholder }),
        ("leadingAssistiveText", { $0.leadingAssistiveText }),
        ("trailingAssistiveText", { $0.trailingAssistiveText }),
        ("icon", { $0.icon }),
        ("trailingIcon", { $0.trailingIcon }),
        ("prefix", { $0.prefix }),
        ("suffix", { $0.suffix }),
        ("container", { $0.container }),
        ("hoverLayer", { $0.hoverLayer }),
        ("underline", { $0.underline }),
        ("activeIndicator", { $0.activeIndicator }),
        ("outline", { $0.outline }),
        ("activeOutline", { $0.activeOutline }),
        ("caret", { $0.caret }),
        ("selection", { $0.selection }),
        ("selectedText", { $0.selectedText }),
    ]

    /// The members' colours in `members`' order. Kept as colours: the snapshot is taken on the
    /// event loop's thread at every change, and only encoding (on the writer's thread) spells them.
    public var values: [Color?]

    public init(_ colors: FieldColors) {
        values = Self.members.map { $0.color(colors) }
    }

    /// The colour of the member `name` as written (`#RRGGBBAA`), nil when it has none or there is
    /// no such member.
    public subscript(name: String) -> String? {
        guard let index = Self.members.firstIndex(where: { $0.name == name }), values.indices.contains(index) else { return nil }
        return values[index].map(AttributesSnapshot.hex)
    }

    private typealias Key = NamedCodingKey

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (member, value) in zip(Self.members, values) {
            try container.encode(value.map(AttributesSnapshot.hex), forKey: Key(stringValue: member.name))
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        values = try Self.members.map { member in
            try container.decodeIfPresent(String.self, forKey: Key(stringValue: member.name)).map { text in
                guard let color = AttributesSnapshot.color(hex: text) else {
                    throw DecodingError.dataCorruptedError(forKey: Key(stringValue: member.name), in: container,
                                                           debugDescription: "'\(text)' is not #RRGGBBAA")
                }
                return color
            }
        }
    }
}

/// A plain field's background images as the `--qa-state` file lists them: which one is drawn
/// now, and that one's size in points, scale, cap insets and file.
public struct BackgroundSnapshot: Codable, Equatable {
    /// `background`, `disabledBackground`, or null when none is drawn (none set, a
    /// `.roundedRect` border, which ignores them, or a high-contrast theme).
    public var drawn: TextField.BackgroundRole?
    /// Which of the two the app set, in that order (`[]` when neither).
    public var set: [TextField.BackgroundRole]
    /// The drawn image's size in points, [width, height]; null when none is drawn.
    public var size: [Double]?
    /// Its pixels per point.
    public var scale: Double?
    /// Its cap insets in points, [top, left, bottom, right].
    public var capInsets: [Double]?
    /// The file it was loaded from; null for an image made in code (or none drawn).
    public var source: String?

    public init(drawn: TextField.BackgroundRole?, set: [TextField.BackgroundRole], image: StretchableImage?) {
        self.drawn = drawn
        self.set = set
        size = image.map { [$0.size.width, $0.size.height] }
        scale = image?.scale
        capInsets = image.map { [$0.capInsets.top, $0.capInsets.left, $0.capInsets.bottom, $0.capInsets.right] }
        source = image?.source
    }

    /// The field as drawn in `scheme`.
    public init(_ field: TextField, scheme: ColorScheme) {
        var set: [TextField.BackgroundRole] = []
        if field.background != nil { set.append(.background) }
        if field.disabledBackground != nil { set.append(.disabledBackground) }
        let drawn = field.drawnBackground(in: scheme)
        self.init(drawn: drawn?.role, set: set, image: drawn?.image)
    }

    private enum CodingKeys: String, CodingKey { case drawn, set, size, scale, capInsets, source }

    /// Every key written, null when it has no value.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(drawn, forKey: .drawn)
        try container.encode(set, forKey: .set)
        try container.encode(size, forKey: .size)
        try container.encode(scale, forKey: .scale)
        try container.encode(capInsets, forKey: .capInsets)
        try container.encode(source, forKey: .source)
    }
}

extension FieldScene {
    /// What QA tooling sees of each field, in window pixels.
    public func snapshot() -> [FieldSnapshot] { fields.map(snapshot(of:)) }

    /// What QA tooling sees of `field`, in window pixels.
    public func snapshot(of field: TextField) -> FieldSnapshot {
        let frame = self.frame(of: field) ?? .zero
        let height = field.preferredHeight ?? frame.height
        func visibility(_ exists: Bool, _ visible: Bool) -> String? { exists ? (visible ? "visible" : "hidden") : nil }
        var snapshot = FieldSnapshot(
            id: field.identifier, style: field.style.name, kind: field.kind, label: field.label,
            // A secure field's text as it shows: a bullet per grapheme (line breaks kept), so
            // QA can still count and select in it.
            text: field.isSecureTextEntry ? field.displayedText : field.text, secure: field.isSecureTextEntry,
            selection: [field.selection.lowerBound, field.selection.upperBound],
            focused: field.isFocused, state: field.state, labelPosition: field.labelPosition,
            hovered: field.isHovered, error: field.isInError, errorMessage: field.errorMessage,
            assistive: .init(leading: field.displayedLeadingAssistiveText, trailing: field.displayedTrailingAssistiveText),
            maxLength: field.maximumLength,
            leadingIcon: visibility(field.leadingIcon != nil, field.isLeadingIconVisible),
            trailingIcon: visibility(field.trailingIcon != nil, field.isTrailingIconVisible),
            clearButton: visibility(field.clearButtonMode != .never, field.isClearButtonVisible),
            rows: field.kind == .textArea ? field.visibleRows : nil,
            accessibilityLabel: field.accessibilityText,
            family: field.style.family, alignment: field.textAlignment, keyboardType: field.keyboardType,
            placeholderMode: field.style.family == .rag ? field.placeholderMode : nil, hint: field.hint,
            revealed: field.isSecureTextEntry ? field.isSecureTextRevealed : nil,
            frame: [frame.x, frame.y, frame.width, field.layout?.container.height ?? frame.height].map { $0.rounded() },
            outerFrame: [frame.x, frame.y, frame.width, height].map { $0.rounded() })
        snapshot.direction = field.textDirection
        snapshot.settings = FieldSettings(FieldControl.all(of: field))
        snapshot.preedit = field.preedit.map { PreeditSnapshot($0, secure: field.isSecureTextEntry) }
        if let layout = field.layout {
            func placed(_ rect: Rect?) -> [Double]? {
                rect.map { [$0.minX + frame.minX, $0.minY + frame.minY, $0.width, $0.height].map { $0.rounded() } }
            }
            snapshot.textRect = placed(layout.textLine)
            snapshot.clearButtonRect = placed(layout.clearButton)
            snapshot.leadingIconRect = placed(layout.leadingIcon)
            snapshot.trailingIconRect = placed(layout.trailingIcon)
        }
        if field.style.family == .plain { snapshot.background = BackgroundSnapshot(field, scheme: scheme) }
        snapshot.runs = RunSnapshot.runs(of: field)
        snapshot.typingAttributes = field.typingAttributes.map(AttributesSnapshot.init)
        snapshot.colors = FieldColorsSnapshot(field.resolvedColors(in: scheme))
        if field.isFocused, let caret = field.caretFrame(origin: Point(x: frame.minX, y: frame.minY)) {
            snapshot.caretRect = [caret.minX, caret.minY, caret.width, caret.height]
        }
        return snapshot
    }
}
