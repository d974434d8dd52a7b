import CAtk
import Glibc
import MaterialFields

/// One window's accessible tree: a frame (the window, named by its title) holding a form whose
/// children are the scene's headings, captions and fields in reading order, each caption the
/// label of the field it names. Made when the window starts the bridge; it turns the scene's
/// `AccessibilityEvent`s into ATK signals, which the bridge sends to whoever listens.
final class WindowAccessibility {
    private let model: SceneAccessibility
    private let window: WindowNode
    private let form: FormNode
    private var fieldNodes: [ObjectIdentifier: FieldNode] = [:]
    private var labelNodes: [LabelNode] = []
    private var observation: Cancellation?
    private var wasWindowFocused: Bool
    /// The arrangement and scroll offset the labels were last read at.
    private var placedArrangement: (count: Int, scroll: Double) = (-1, 0)
    /// Set when an assistive technology changed something: the window redraws and tells the app.
    private(set) var hasMutations = false
    /// The open context menu's objects (`MenuAccessibility`), while one is open.
    private var menuAccessibility: MenuAccessibility?

    init(scene: FieldScene, title: String, origin: @escaping () -> (x: Int, y: Int)) {
        model = SceneAccessibility(scene: scene)
        window = WindowNode(title: title, origin: origin, isActive: { [unowned scene] in scene.isWindowFocused })
        form = FormNode(title: title, frame: { [unowned scene] in Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height) })
        wasWindowFocused = scene.isWindowFocused
        window.add(form)
        for accessible in model.fields {
            guard let field = accessible.field else { continue }
            fieldNodes[ObjectIdentifier(field)] = FieldNode(accessible, didMutate: { [unowned self] in hasMutations = true })
        }
        rebuildChildren()
        observation = model.observe { [unowned self] accessible, event in
            guard let field = accessible.field, let node = fieldNodes[ObjectIdentifier(field)] else { return }
            emit(event, on: node)
        }
        AccessibilityBridge.shared.application.insert(window)
        catk_emit(&atk, window.object, "create")
        if wasWindowFocused { catk_emit(&atk, window.object, "activate") }
    }

    /// Takes the mutation flag (`hasMutations`), clearing it.
    func takeMutations() -> Bool {
        defer { hasMutations = false }
        return hasMutations
    }

    /// Tells what changed that no field event carried (window activation, states, names, the
    /// labels a new arrangement placed). The window calls it after each pass of its loop.
    func sync() {
        let focused = model.scene.isWindowFocused
        if focused != wasWindowFocused {
            wasWindowFocused = focused
            atk.atk_object_notify_state_change(window.object, AtkState(ATK_STATE_ACTIVE.rawValue), focused ? 1 : 0)
            catk_emit(&atk, window.object, focused ? "activate" : "deactivate")
        }
        model.sync()
        syncMenu()
        // The headings and captions change only when the layout places them again or the view scrolls.
        let arrangement = (count: model.scene.arrangementCount, scroll: model.scene.scroll.offset)
        guard arrangement != placedArrangement else { return }
        placedArrangement = arrangement
        let texts = model.staticTexts
        if texts.count != labelNodes.count || zip(texts, labelNodes).contains(where: { $0.0.labelledField !== $0.1.label.labelledField }) {
            rebuildChildren()
        } else {
            let viewport = Rect(x: 0, y: 0, width: model.scene.size.width, height: model.scene.size.height)
            for (text, node) in zip(texts, labelNodes) where text != node.label || node.viewport != viewport {
                let renamed = text.text != node.label.text
                node.label = text
                node.viewport = viewport
                if renamed { atk.g_object_notify(UnsafeMutableRawPointer(node.object).assumingMemoryBound(to: GObject.self), "accessible-name") }
            }
        }
    }

    /// The form's children afresh: labels and fields in reading order, captions related to
    /// their fields.
    private func rebuildChildren() {
        let old = form.children
        for (index, child) in old.enumerated().reversed() {
            catk_emit_children_changed(&atk, form.object, "children-changed::remove", guint(index), child.object)
        }
        form.children.removeAll()
        labelNodes.forEach { $0.detach() }
        labelNodes = model.staticTexts.map { [unowned scene = model.scene] in
            LabelNode($0, viewport: Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height))
        }
        for node in readingOrder() { form.add(node) }
        for label in labelNodes {
            guard let field = label.label.labelledField, let fieldNode = fieldNodes[ObjectIdentifier(field)] else { continue }
            _ = atk.atk_object_add_relationship(label.object, ATK_RELATION_LABEL_FOR, fieldNode.object)
            _ = atk.atk_object_add_relationship(fieldNode.object, ATK_RELATION_LABELLED_BY, label.object)
        }
        for (index, child) in form.children.enumerated() {
            catk_emit_children_changed(&atk, form.object, "children-changed::add", guint(index), child.object)
        }
    }

    /// The fields in Tab order, each caption just before the field it labels, and every other
    /// text (a heading) before the first field under it in its column (at the end when none is).
    private func readingOrder() -> [AccessibleNode] {
        var order: [AccessibleNode] = []
        var placed = Set<ObjectIdentifier>()
        let fields = model.fields.compactMap { accessible -> (FieldNode, Rect?)? in
            guard let field = accessible.field, let node = fieldNodes[ObjectIdentifier(field)] else { return nil }
            return (node, accessible.frame)
        }
        let free = labelNodes.filter { label in
            label.label.labelledField.map { field in fieldNodes[ObjectIdentifier(field)] == nil } ?? true
        }
        for (node, frame) in fields {
            if let frame {
                for label in free where !placed.contains(ObjectIdentifier(label)) {
                    let text = label.label.frame
                    if text.minY <= frame.minY, text.minX < frame.maxX, frame.minX < text.maxX {
                        order.append(label)
                        placed.insert(ObjectIdentifier(label))
                    }
                }
            }
            for label in labelNodes where label.label.labelledField === node.accessible.field {
                order.append(label)
                placed.insert(ObjectIdentifier(label))
            }
            order.append(node)
        }
        order += labelNodes.filter { !placed.contains(ObjectIdentifier($0)) }
        return order
    }

    private func emit(_ event: AccessibilityEvent, on node: FieldNode) {
        switch event {
        case .textInserted(let offset, let length, let text):
            catk_emit_text_change(&atk, node.object, "text-insert", gint(clamping: offset), gint(clamping: length), text)
        case .textDeleted(let offset, let length, let text):
            catk_emit_text_change(&atk, node.object, "text-remove", gint(clamping: offset), gint(clamping: length), text)
        case .caretMoved(let offset):
            catk_emit_int(&atk, node.object, "text-caret-moved", gint(clamping: offset))
        case .selectionChanged:
            catk_emit(&atk, node.object, "text-selection-changed")
        case .textAttributesChanged:
            catk_emit(&atk, node.object, "text-attributes-changed")
        case .stateChanged(let states, let on):
            for state in AccessibleStateMapping.atkStates(states) {
                atk.atk_object_notify_state_change(node.object, AtkState(state.rawValue), on ? 1 : 0)
            }
        case .nameChanged:
            atk.g_object_notify(UnsafeMutableRawPointer(node.object).assumingMemoryBound(to: GObject.self), "accessible-name")
        case .descriptionChanged:
            atk.g_object_notify(UnsafeMutableRawPointer(node.object).assumingMemoryBound(to: GObject.self), "accessible-description")
        case .roleChanged(let role):
            atk.atk_object_set_role(node.object, FieldNode.atkRole(role))
        }
    }

    /// A context menu opened, changed or closed since the last pass.
    private func syncMenu() {
        let open = model.scene.shownContextMenu
        guard menuAccessibility?.menu !== open else {
            menuAccessibility?.sync()
            return
        }
        menuAccessibility?.close()
        menuAccessibility = open.map {
            MenuAccessibility(menu: $0, origin: { [unowned window] in window.windowOrigin },
                              didMutate: { [unowned self] in hasMutations = true })
        }
    }

    /// The window is going: its objects leave the application and turn defunct.
    func close() {
        menuAccessibility?.close()
        menuAccessibility = nil
        observation?.cancel()
        observation = nil
        catk_emit(&atk, window.object, "destroy")
        AccessibilityBridge.shared.application.remove(window)
        for node in fieldNodes.values where !node.isDefunct { node.detach() }
        window.detach()
        fieldNodes.removeAll()
        labelNodes.removeAll()
    }
}

/// The window: a frame named by its title, active while it has the keyboard.
final class WindowNode: AccessibleNode {
    private let title: String
    private let origin: () -> (x: Int, y: Int)
    private let isActive: () -> Bool

    init(title: String, origin: @escaping () -> (x: Int, y: Int), isActive: @escaping () -> Bool) {
        self.title = title
        self.origin = origin
        self.isActive = isActive
        super.init(type: AtkTypes.window, role: ATK_ROLE_FRAME)
    }

    override var name: String { title }
    override var windowOrigin: (x: Int, y: Int) { origin() }
    override var frame: Rect? { children.first?.frame }
    override var states: [AtkStateType] {
        [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_SHOWING, ATK_STATE_VISIBLE, ATK_STATE_RESIZABLE]
            + (isActive() ? [ATK_STATE_ACTIVE] : [])
    }
}

/// The window's content: a form of fields.
final class FormNode: AccessibleNode {
    private let title: String
    private let content: () -> Rect

    init(title: String, frame: @escaping () -> Rect) {
        self.title = title
        content = frame
        super.init(type: AtkTypes.base, role: ATK_ROLE_FORM)
    }

    override var name: String { "" }
    override var frame: Rect? { content() }
    override var states: [AtkStateType] { [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_SHOWING, ATK_STATE_VISIBLE] }
}

/// A heading or a caption.
final class LabelNode: AccessibleNode {
    var label: SceneAccessibility.StaticText
    /// The window's view, where a label is showing when it meets it.
    var viewport: Rect

    init(_ label: SceneAccessibility.StaticText, viewport: Rect) {
        self.label = label
        self.viewport = viewport
        super.init(type: AtkTypes.base, role: label.role == .heading ? ATK_ROLE_HEADING : ATK_ROLE_LABEL)
    }

    override var name: String { label.text }
    override var frame: Rect? { label.frame }
    override var states: [AtkStateType] {
        [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_VISIBLE] + (label.frame.intersects(viewport) ? [ATK_STATE_SHOWING] : [])
    }
}
