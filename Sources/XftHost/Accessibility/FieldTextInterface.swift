import CAtk
import Glibc
import MaterialFields

/// A field's ATK object: AtkText, AtkEditableText and AtkAction answered from its
/// `FieldAccessibility` (code points, window pixels, edits through the field's pipeline).
final class FieldNode: AccessibleNode {
    let accessible: FieldAccessibility
    /// Tells the window that an assistive technology changed something (text, caret, focus),
    /// so it redraws and tells the app.
    let didMutate: () -> Void

    init(_ accessible: FieldAccessibility, didMutate: @escaping () -> Void) {
        self.accessible = accessible
        self.didMutate = didMutate
        super.init(type: AtkTypes.text, role: FieldNode.atkRole(accessible.role))
        // The field's identifier, as GTK 4 gives a widget's: tests and QA tools find it by it.
        if let identifier = accessible.field?.identifier { atk.atk_object_set_accessible_id(object, identifier) }
    }

    static func atkRole(_ role: AccessibleRole) -> AtkRole {
        switch role {
        case .entry: return ATK_ROLE_ENTRY
        case .passwordText: return ATK_ROLE_PASSWORD_TEXT
        case .text: return ATK_ROLE_TEXT
        case .label: return ATK_ROLE_LABEL
        case .heading: return ATK_ROLE_HEADING
        }
    }

    override var name: String { accessible.name }
    override var accessibleDescription: String { accessible.description }
    override var states: [AtkStateType] { AccessibleStateMapping.atkStates(accessible.states) }
    override var frame: Rect? { accessible.frame }

    override func grabFocus() -> Bool {
        let focused = accessible.grabFocus()
        didMutate()
        return focused
    }

    /// Runs an edit or a move an assistive technology asked for, then has the window catch up.
    @discardableResult
    func mutate<T>(_ body: (FieldAccessibility) -> T) -> T {
        let result = body(accessible)
        didMutate()
        return result
    }
}

enum AccessibleStateMapping {
    static let pairs: [(AccessibleStates, AtkStateType)] = [
        (.focusable, ATK_STATE_FOCUSABLE), (.focused, ATK_STATE_FOCUSED), (.editable, ATK_STATE_EDITABLE),
        (.singleLine, ATK_STATE_SINGLE_LINE), (.multiLine, ATK_STATE_MULTI_LINE), (.enabled, ATK_STATE_ENABLED),
        (.sensitive, ATK_STATE_SENSITIVE), (.showing, ATK_STATE_SHOWING), (.visible, ATK_STATE_VISIBLE),
        (.invalidEntry, ATK_STATE_INVALID_ENTRY), (.selectableText, ATK_STATE_SELECTABLE_TEXT),
    ]

    static func atkStates(_ states: AccessibleStates) -> [AtkStateType] {
        pairs.compactMap { states.contains($0.0) ? $0.1 : nil }
    }
}

/// The C entry points of the three interfaces. Each finds its field's node; an object whose
/// field is gone answers as empty.
enum FieldTextInterface {
    private static func field(_ pointer: OpaquePointer?) -> FieldNode? { AccessibleNode.node(of: pointer) as? FieldNode }

    /// A newly allocated C string for ATK to free.
    private static func copy(_ text: String) -> UnsafeMutablePointer<gchar>? { g_strdup(text) }

    private static func boundary(_ boundary: AtkTextBoundary) -> TextBoundary {
        switch boundary {
        case ATK_TEXT_BOUNDARY_WORD_START: return .wordStart
        case ATK_TEXT_BOUNDARY_WORD_END: return .wordEnd
        case ATK_TEXT_BOUNDARY_SENTENCE_START: return .sentenceStart
        case ATK_TEXT_BOUNDARY_SENTENCE_END: return .sentenceEnd
        case ATK_TEXT_BOUNDARY_LINE_START: return .lineStart
        case ATK_TEXT_BOUNDARY_LINE_END: return .lineEnd
        default: return .character
        }
    }

    private static func granularity(_ granularity: AtkTextGranularity) -> TextBoundary {
        switch granularity {
        case ATK_TEXT_GRANULARITY_WORD: return .wordStart
        case ATK_TEXT_GRANULARITY_SENTENCE: return .sentenceStart
        case ATK_TEXT_GRANULARITY_LINE: return .lineStart
        case ATK_TEXT_GRANULARITY_PARAGRAPH: return .paragraph
        default: return .character
        }
    }

    /// An `AtkAttributeSet` in GLib's allocator (the bridge frees it with
    /// `atk_attribute_set_free`); nil for none, as ATK has it.
    private static func attributeSet(_ attributes: [AccessibleTextAttribute]) -> UnsafeMutablePointer<GSList>? {
        var list: UnsafeMutablePointer<GSList>?
        for item in attributes {
            let attribute = g_malloc0(gsize(MemoryLayout<AtkAttribute>.size))!.assumingMemoryBound(to: AtkAttribute.self)
            attribute.pointee.name = g_strdup(item.name)
            attribute.pointee.value = g_strdup(item.value)
            list = g_slist_append(list, attribute)
        }
        return list
    }

    private static func answer(_ span: TextSpan?, _ start: UnsafeMutablePointer<gint>?,
                               _ end: UnsafeMutablePointer<gint>?) -> UnsafeMutablePointer<gchar>? {
        start?.pointee = gint(clamping: span?.start ?? 0)
        end?.pointee = gint(clamping: span?.end ?? 0)
        return copy(span?.text ?? "")
    }

    static let initialize: GInterfaceInitFunc = { iface, _ in
        guard let iface else { return }
        let text = iface.assumingMemoryBound(to: AtkTextIface.self)
        text.pointee.get_text = { object, start, end in copy(field(object)?.accessible.text(from: Int(start), to: Int(end)) ?? "") }
        text.pointee.get_character_count = { object in gint(clamping: field(object)?.accessible.characterCount ?? 0) }
        text.pointee.get_caret_offset = { object in gint(clamping: field(object)?.accessible.caretOffset ?? 0) }
        text.pointee.set_caret_offset = { object, offset in
            field(object)?.mutate { $0.setCaretOffset(Int(offset)) } ?? false ? 1 : 0
        }
        text.pointee.get_character_at_offset = { object, offset in
            gunichar(field(object)?.accessible.character(at: Int(offset))?.value ?? 0)
        }
        text.pointee.get_text_at_offset = { object, offset, kind, start, end in
            answer(field(object)?.accessible.span(at: Int(offset), boundary: boundary(kind)), start, end)
        }
        text.pointee.get_text_before_offset = { object, offset, kind, start, end in
            answer(field(object)?.accessible.span(before: Int(offset), boundary: boundary(kind)), start, end)
        }
        text.pointee.get_text_after_offset = { object, offset, kind, start, end in
            answer(field(object)?.accessible.span(after: Int(offset), boundary: boundary(kind)), start, end)
        }
        text.pointee.get_string_at_offset = { object, offset, kind, start, end in
            answer(field(object)?.accessible.span(at: Int(offset), boundary: granularity(kind)), start, end)
        }
        text.pointee.get_run_attributes = { object, offset, start, end in
            // The styled run holding the offset: what it sets beyond the defaults.
            let run = field(object)?.accessible.attributeRun(at: Int(offset))
            start?.pointee = gint(clamping: run?.start ?? 0)
            end?.pointee = gint(clamping: run?.end ?? 0)
            return attributeSet(run?.attributes ?? [])
        }
        text.pointee.get_default_attributes = { object in attributeSet(field(object)?.accessible.defaultAttributes ?? []) }
        text.pointee.get_character_extents = { object, offset, x, y, width, height, coordinates in
            var placed: (x: gint, y: gint, width: gint, height: gint)?
            if let node = field(object), let rect = node.accessible.characterExtents(at: Int(offset)) {
                placed = AccessibleNode.place(rect, of: node, in: coordinates)
            }
            x?.pointee = placed?.x ?? -1
            y?.pointee = placed?.y ?? -1
            width?.pointee = placed?.width ?? -1
            height?.pointee = placed?.height ?? -1
        }
        text.pointee.get_range_extents = { object, start, end, coordinates, rectangle in
            var placed: (x: gint, y: gint, width: gint, height: gint)?
            if let node = field(object), let rect = node.accessible.rangeExtents(from: Int(start), to: Int(end)) {
                placed = AccessibleNode.place(rect, of: node, in: coordinates)
            }
            rectangle?.pointee = AtkTextRectangle(x: placed?.x ?? -1, y: placed?.y ?? -1,
                                                  width: placed?.width ?? -1, height: placed?.height ?? -1)
        }
        text.pointee.get_offset_at_point = { object, x, y, coordinates in
            guard let node = field(object) else { return -1 }
            return gint(clamping: node.accessible.offset(at: AccessibleNode.windowPoint(x: x, y: y, of: node, in: coordinates)))
        }
        text.pointee.get_n_selections = { object in gint(clamping: field(object)?.accessible.selectionCount ?? 0) }
        text.pointee.get_selection = { object, index, start, end in
            guard let node = field(object), let selection = node.accessible.selection(Int(index)) else {
                start?.pointee = 0
                end?.pointee = 0
                return nil
            }
            start?.pointee = gint(clamping: selection.start)
            end?.pointee = gint(clamping: selection.end)
            return copy(node.accessible.text(from: selection.start, to: selection.end))
        }
        text.pointee.add_selection = { object, start, end in
            field(object)?.mutate { $0.addSelection(start: Int(start), end: Int(end)) } ?? false ? 1 : 0
        }
        text.pointee.remove_selection = { object, index in
            field(object)?.mutate { $0.removeSelection(Int(index)) } ?? false ? 1 : 0
        }
        text.pointee.set_selection = { object, index, start, end in
            field(object)?.mutate { $0.setSelection(Int(index), start: Int(start), end: Int(end)) } ?? false ? 1 : 0
        }
    }

    static let initializeEditable: GInterfaceInitFunc = { iface, _ in
        guard let iface else { return }
        let editable = iface.assumingMemoryBound(to: AtkEditableTextIface.self)
        editable.pointee.set_text_contents = { object, text in
            _ = field(object)?.mutate { $0.setContents(text.map { String(cString: $0) } ?? "") }
        }
        editable.pointee.insert_text = { object, text, length, position in
            guard let node = field(object), let text, let position else { return }
            // `length` counts bytes; -1 means up to the terminating nul. A length past the nul
            // (a client's mistake) stops at it: nothing beyond the string is read.
            let bytes = length < 0 ? strlen(text) : strnlen(text, Int(length))
            let inserted = String(decoding: UnsafeRawBufferPointer(start: text, count: bytes), as: UTF8.self)
            if node.mutate({ $0.insert(inserted, at: Int(position.pointee)) }) {
                // After what was inserted, where the caret now is (an offset inside a cluster
                // inserts before it; a filter or the delegate may have shortened the text).
                position.pointee = gint(clamping: node.accessible.caretOffset)
            }
        }
        editable.pointee.copy_text = { object, start, end in field(object)?.accessible.copy(from: Int(start), to: Int(end)) }
        editable.pointee.cut_text = { object, start, end in _ = field(object)?.mutate { $0.cut(from: Int(start), to: Int(end)) } }
        editable.pointee.delete_text = { object, start, end in _ = field(object)?.mutate { $0.delete(from: Int(start), to: Int(end)) } }
        editable.pointee.paste_text = { object, position in field(object)?.mutate { $0.paste(at: Int(position)) } }
    }

    static let initializeAction: GInterfaceInitFunc = { iface, _ in
        guard let iface else { return }
        let action = iface.assumingMemoryBound(to: AtkActionIface.self)
        action.pointee.get_n_actions = { object in gint(clamping: field(object)?.accessible.actionCount ?? 0) }
        action.pointee.get_name = { _, index in actionName(index) }
        action.pointee.get_localized_name = { _, index in actionName(index) }
        action.pointee.get_description = { _, index in index == 0 ? UnsafePointer(activateDescription) : nil }
        action.pointee.get_keybinding = { _, index in index == 0 ? UnsafePointer(activateKey) : nil }
        action.pointee.do_action = { object, index in
            field(object)?.mutate { $0.performAction(Int(index)) } ?? false ? 1 : 0
        }
    }

    private static func actionName(_ index: gint) -> UnsafePointer<gchar>? {
        index >= 0 && Int(index) < actionNameStrings.count ? UnsafePointer(actionNameStrings[Int(index)]) : nil
    }

    /// The C strings the action interface hands out (ATK does not free them).
    nonisolated(unsafe) private static let actionNameStrings: [UnsafeMutablePointer<CChar>] = FieldAccessibility.actionNames.map { strdup($0) }
    nonisolated(unsafe) private static let activateDescription = strdup("Activates the field, as Return does")!
    nonisolated(unsafe) private static let activateKey = strdup("Return")!
}
