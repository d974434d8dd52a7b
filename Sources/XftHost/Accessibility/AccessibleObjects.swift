import CAtk
import Glibc
import MaterialFields

/// What one ATK object of ours stands for. The bridge (libatk-bridge) calls the ATK virtual
/// functions of `AtkTypes` on its objects; each looks up its node here and answers from it.
/// Everything runs on the window's thread: the bridge dispatches from the GLib main context the
/// event loop drives.
class AccessibleNode {
    /// Our reference to the ATK object; the bridge holds references of its own.
    let object: UnsafeMutablePointer<AtkObject>
    weak var parent: AccessibleNode?
    var children: [AccessibleNode] = []
    /// The C strings handed out for the name and description (ATK returns them unowned).
    private var nameString = HandedOutString()
    private var descriptionString = HandedOutString()

    init(type: GType, role: AtkRole) {
        let instance = atk.g_object_new_with_properties(type, 0, nil, nil)!
        object = UnsafeMutableRawPointer(instance).assumingMemoryBound(to: AtkObject.self)
        object.pointee.role = role
        AccessibleNode.registry[UnsafeMutableRawPointer(object)] = self
    }

    /// Lets the ATK object go: the bridge may still hold it, and then finds it defunct. Once: a
    /// field is both a child of the form and in the window's field table, and a second unref
    /// would be of a freed object.
    func detach() {
        guard !isDefunct else { return }
        children.forEach { $0.detach() }
        children.removeAll()
        AccessibleNode.registry[UnsafeMutableRawPointer(object)] = nil
        isDefunct = true
        atk.atk_object_notify_state_change(object, AtkState(ATK_STATE_DEFUNCT.rawValue), 1)
        atk.g_object_unref(object)
        nameString.release()
        descriptionString.release()
    }

    private(set) var isDefunct = false

    // Answers, overridden by each kind of node.
    var name: String { "" }
    var accessibleDescription: String { "" }
    var states: [AtkStateType] { [] }
    /// Window pixels.
    var frame: Rect? { nil }
    var windowOrigin: (x: Int, y: Int) { parent?.windowOrigin ?? (0, 0) }
    func grabFocus() -> Bool { false }

    /// The name as a C string that stays valid until the name changes.
    var cName: UnsafePointer<CChar>? { nameString.pointer(to: name) }

    var cDescription: UnsafePointer<CChar>? { descriptionString.pointer(to: accessibleDescription) }

    func add(_ child: AccessibleNode) {
        child.parent = self
        children.append(child)
        atk.atk_object_set_parent(child.object, object)
    }

    /// The node of an ATK object of ours, nil for any other (or one already let go).
    static func node(of pointer: UnsafeMutableRawPointer?) -> AccessibleNode? {
        guard let pointer else { return nil }
        return registry[pointer]
    }

    static func node(of pointer: OpaquePointer?) -> AccessibleNode? { node(of: UnsafeMutableRawPointer(pointer)) }

    /// Every live node by its ATK object. Only the window's thread touches it.
    nonisolated(unsafe) static var registry: [UnsafeMutableRawPointer: AccessibleNode] = [:]
}

/// A C string handed out to ATK, which keeps it unowned: the same buffer while the text stays
/// the same, a new one when it changes.
struct HandedOutString {
    private var buffer: UnsafeMutablePointer<CChar>?
    private var text: String?

    mutating func pointer(to current: String) -> UnsafePointer<CChar>? {
        if current != text || buffer == nil {
            free(buffer)
            buffer = strdup(current)
            text = current
        }
        return UnsafePointer(buffer)
    }

    mutating func release() {
        free(buffer)
        buffer = nil
        text = nil
    }
}

/// The ATK types of our objects: `MFAccessible` (an AtkObject with AtkComponent), its subclass
/// `MFAccessibleWindow` (AtkWindow too, for window activation events) and `MFAccessibleText`
/// (AtkText, AtkEditableText and AtkAction: a field).
enum AtkTypes {
    static let base: GType = register(name: "MFAccessible", parent: atk.atk_object_get_type(), classInit: { klass, _ in
        guard let klass else { return }
        let objectClass = klass.assumingMemoryBound(to: AtkObjectClass.self)
        objectClass.pointee.get_name = { object in AccessibleNode.node(of: UnsafeMutableRawPointer(object))?.cName }
        objectClass.pointee.get_description = { object in AccessibleNode.node(of: UnsafeMutableRawPointer(object))?.cDescription }
        objectClass.pointee.get_n_children = { object in
            Int32(AccessibleNode.node(of: UnsafeMutableRawPointer(object))?.children.count ?? 0)
        }
        objectClass.pointee.ref_child = { object, index in
            guard let node = AccessibleNode.node(of: UnsafeMutableRawPointer(object)), index >= 0,
                  Int(index) < node.children.count else { return nil }
            let child = node.children[Int(index)].object
            _ = atk.g_object_ref(child)
            return child
        }
        objectClass.pointee.get_index_in_parent = { object in
            guard let node = AccessibleNode.node(of: UnsafeMutableRawPointer(object)) else { return -1 }
            return Int32(node.parent?.children.firstIndex { $0 === node } ?? -1)
        }
        objectClass.pointee.ref_state_set = { object in
            let set = atk.atk_state_set_new()
            if let node = AccessibleNode.node(of: UnsafeMutableRawPointer(object)) {
                for state in node.states { _ = atk.atk_state_set_add_state(set, state) }
            } else {
                _ = atk.atk_state_set_add_state(set, ATK_STATE_DEFUNCT)
            }
            return set
        }
        objectClass.pointee.get_attributes = { _ in
            // As GTK does: the toolkit that made the object.
            // GLib's allocator: the bridge frees the set with atk_attribute_set_free (g_free).
            let attribute = g_malloc0(gsize(MemoryLayout<AtkAttribute>.size))!.assumingMemoryBound(to: AtkAttribute.self)
            attribute.pointee.name = g_strdup("toolkit")
            attribute.pointee.value = g_strdup(AccessibilityBridge.toolkitName)
            return g_slist_append(nil, attribute)
        }
    }, interfaces: [(atk.atk_component_get_type(), { iface, _ in
        guard let iface else { return }
        let component = iface.assumingMemoryBound(to: AtkComponentIface.self)
        component.pointee.get_extents = { component, x, y, width, height, coordinates in
            let node = AccessibleNode.node(of: component)
            let rect = node.flatMap { node in node.frame.map { AccessibleNode.place($0, of: node, in: coordinates) } }
            x?.pointee = rect?.x ?? -1
            y?.pointee = rect?.y ?? -1
            width?.pointee = rect?.width ?? -1
            height?.pointee = rect?.height ?? -1
        }
        component.pointee.grab_focus = { component in
            AccessibleNode.node(of: component)?.grabFocus() ?? false ? 1 : 0
        }
        // `atk_component_get_layer` asks only this (never AtkObjectClass.get_layer): a window's
        // frame is on the window layer.
        component.pointee.get_layer = { component in
            AccessibleNode.node(of: component) is WindowNode ? ATK_LAYER_WINDOW : ATK_LAYER_WIDGET
        }
    })])

    static let window: GType = register(name: "MFAccessibleWindow", parent: base, classInit: { _, _ in },
                                        interfaces: [(atk.atk_window_get_type(), { _, _ in })])

    static let text: GType = register(name: "MFAccessibleText", parent: base, classInit: { _, _ in }, interfaces: [
        (atk.atk_text_get_type(), FieldTextInterface.initialize),
        (atk.atk_editable_text_get_type(), FieldTextInterface.initializeEditable),
        (atk.atk_action_get_type(), FieldTextInterface.initializeAction),
    ])

    static func register(name: String, parent: GType, classInit: GClassInitFunc,
                                 interfaces: [(GType, GInterfaceInitFunc)]) -> GType {
        var query = GTypeQuery()
        atk.g_type_query(parent, &query)
        var info = GTypeInfo()
        info.class_size = guint16(query.class_size)
        info.instance_size = guint16(query.instance_size)
        info.class_init = classInit
        let type = atk.g_type_register_static(parent, name, &info, GTypeFlags(rawValue: 0))
        for (interface, initialize) in interfaces {
            var interfaceInfo = GInterfaceInfo(interface_init: initialize, interface_finalize: nil, interface_data: nil)
            atk.g_type_add_interface_static(type, interface, &interfaceInfo)
        }
        return type
    }
}

extension AccessibleNode {
    /// A window-pixel rectangle in the coordinates an AT-SPI client asked for: the screen's,
    /// the window's, or the parent's, each within what a `gint` holds; (-1, -1, -1, -1), ATK's
    /// "no extents", for a rectangle that is not finite.
    static func place(_ rect: Rect, of node: AccessibleNode, in coordinates: AtkCoordType) -> (x: gint, y: gint, width: gint, height: gint) {
        guard rect.isFinite else { return (-1, -1, -1, -1) }
        func whole(_ value: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(min(max(value.rounded(rule), -1e9), 1e9)) }
        var x = whole(rect.minX, .down), y = whole(rect.minY, .down)
        let width = whole(rect.maxX, .up) - x, height = whole(rect.maxY, .up) - y
        switch coordinates {
        case ATK_XY_SCREEN:
            let origin = node.windowOrigin
            x += origin.x
            y += origin.y
        case ATK_XY_PARENT:
            if let parentFrame = node.parent?.frame, parentFrame.isFinite {
                x -= whole(parentFrame.minX, .down)
                y -= whole(parentFrame.minY, .down)
            }
        default:
            break
        }
        return (gint(clamping: x), gint(clamping: y), gint(clamping: width), gint(clamping: height))
    }

    /// A point in the client's coordinates as window pixels.
    static func windowPoint(x: Int32, y: Int32, of node: AccessibleNode, in coordinates: AtkCoordType) -> Point {
        var point = Point(x: Double(x), y: Double(y))
        switch coordinates {
        case ATK_XY_SCREEN:
            let origin = node.windowOrigin
            point.x -= Double(origin.x)
            point.y -= Double(origin.y)
        case ATK_XY_PARENT:
            if let parentFrame = node.parent?.frame {
                point.x += parentFrame.minX
                point.y += parentFrame.minY
            }
        default:
            break
        }
        return point
    }
}
