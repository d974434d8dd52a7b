import CAtk
import MaterialFields

/// An open context menu as GTK 3's reads to a screen reader: a window (its own toplevel, as the
/// popup is) holding a menu whose children are menu items and separators. An item is named by its
/// title, sensitive when it can act, and focused and selected while highlighted, so Orca speaks
/// each item as the arrows reach it. Made when the menu opens, gone (defunct) when it closes.
final class MenuAccessibility {
    let menu: ContextMenu
    private let window: PopupWindowNode
    private let list: MenuNode
    private var items: [MenuItemNode] = []
    private var highlighted: Int?
    private var enabled: [Bool]

    /// - Parameter didMutate: an item was clicked through AT-SPI: the window redraws and tells the app.
    init(menu: ContextMenu, origin: @escaping () -> (x: Int, y: Int), didMutate: @escaping () -> Void) {
        self.menu = menu
        window = PopupWindowNode(menu: menu, origin: origin)
        list = MenuNode(menu: menu)
        window.add(list)
        for index in menu.items.indices {
            let item = MenuItemNode(menu: menu, index: index, didMutate: didMutate)
            items.append(item)
            list.add(item)
        }
        enabled = menu.items.map(\.isEnabled)
        AccessibilityBridge.shared.application.insert(window)
        catk_emit(&atk, window.object, "create")
        sync()
    }

    /// Tells what changed: an item's sensitivity (Paste, once the clipboard answered), and the
    /// highlight moving (focus and selection leave one item for the next).
    func sync() {
        for (index, item) in menu.items.enumerated() where index < enabled.count && item.isEnabled != enabled[index] {
            enabled[index] = item.isEnabled
            for state in [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE] {
                atk.atk_object_notify_state_change(items[index].object, AtkState(state.rawValue), item.isEnabled ? 1 : 0)
            }
        }
        let now = menu.highlightedIndex
        guard now != highlighted else { return }
        if let old = highlighted, old < items.count {
            atk.atk_object_notify_state_change(items[old].object, AtkState(ATK_STATE_SELECTED.rawValue), 0)
            atk.atk_object_notify_state_change(items[old].object, AtkState(ATK_STATE_FOCUSED.rawValue), 0)
        }
        highlighted = now
        if let new = now, new < items.count {
            atk.atk_object_notify_state_change(items[new].object, AtkState(ATK_STATE_SELECTED.rawValue), 1)
            atk.atk_object_notify_state_change(items[new].object, AtkState(ATK_STATE_FOCUSED.rawValue), 1)
        }
    }

    /// The menu closed: its objects leave the application and turn defunct.
    func close() {
        catk_emit(&atk, window.object, "destroy")
        AccessibilityBridge.shared.application.remove(window)
        window.detach()
        items.removeAll()
    }
}

/// The popup's toplevel: a window with no name, at the menu's place.
final class PopupWindowNode: AccessibleNode {
    private weak var menu: ContextMenu?
    private let origin: () -> (x: Int, y: Int)

    init(menu: ContextMenu, origin: @escaping () -> (x: Int, y: Int)) {
        self.menu = menu
        self.origin = origin
        super.init(type: AtkTypes.window, role: ATK_ROLE_WINDOW)
    }

    override var windowOrigin: (x: Int, y: Int) { origin() }
    override var frame: Rect? { menu?.placement }
    override var states: [AtkStateType] { [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_SHOWING, ATK_STATE_VISIBLE] }
}

/// The menu itself (GTK's `GtkMenu` reads as a menu).
final class MenuNode: AccessibleNode {
    private weak var menu: ContextMenu?

    init(menu: ContextMenu) {
        self.menu = menu
        super.init(type: AtkTypes.base, role: ATK_ROLE_MENU)
    }

    override var frame: Rect? { menu?.placement }
    override var states: [AtkStateType] { [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE, ATK_STATE_SHOWING, ATK_STATE_VISIBLE] }
}

/// One item (or the separator), with the menu item's id as its accessible id (`menu-paste`), and
/// GTK's one action, "click", which chooses it.
final class MenuItemNode: AccessibleNode {
    private weak var menu: ContextMenu?
    private let index: Int
    private let didMutate: () -> Void

    init(menu: ContextMenu, index: Int, didMutate: @escaping () -> Void) {
        self.menu = menu
        self.index = index
        self.didMutate = didMutate
        let item = menu.items[index]
        super.init(type: item.isDivider ? AtkTypes.base : AtkTypes.menuItem, role: item.isDivider ? ATK_ROLE_SEPARATOR : ATK_ROLE_MENU_ITEM)
        atk.atk_object_set_accessible_id(object, "menu-" + item.identifier.rawValue)
    }

    private var item: MenuItem? { menu.flatMap { $0.items.indices.contains(index) ? $0.items[index] : nil } }

    override var name: String { item.map { $0.isDivider ? "" : $0.title } ?? "" }
    /// The shortcut, as GTK gives a menu item's accelerator.
    override var accessibleDescription: String { item?.shortcut ?? "" }
    override var frame: Rect? {
        guard let menu, let placement = menu.placement, menu.itemFrames.indices.contains(index) else { return nil }
        return menu.itemFrames[index].offsetBy(dx: placement.minX, dy: placement.minY)
    }
    override var states: [AtkStateType] {
        guard let item, !item.isDivider else { return [ATK_STATE_ENABLED, ATK_STATE_SHOWING, ATK_STATE_VISIBLE] }
        var states: [AtkStateType] = [ATK_STATE_SELECTABLE, ATK_STATE_FOCUSABLE, ATK_STATE_SHOWING, ATK_STATE_VISIBLE]
        if item.isEnabled { states += [ATK_STATE_ENABLED, ATK_STATE_SENSITIVE] }
        if menu?.highlightedIndex == index { states += [ATK_STATE_SELECTED, ATK_STATE_FOCUSED] }
        return states
    }
}

extension MenuItemNode {
    /// The "click" action: the item acts as Enter on it would. False for one that cannot act.
    func click() -> Bool {
        guard let menu, menu.activate(index) else { return false }
        didMutate()
        return true
    }

    var actionCount: Int { item.map { $0.isEnabled && !$0.isDivider ? 1 : 0 } ?? 0 }

    /// The C strings the action interface hands out (ATK does not free them).
    nonisolated(unsafe) static let clickName = strdup("click")!
    nonisolated(unsafe) static let clickDescription = strdup("Chooses the menu item")!
}

extension AtkTypes {
    /// `MFAccessibleMenuItem`: a menu item with AtkAction ("click").
    static let menuItem: GType = register(name: "MFAccessibleMenuItem", parent: base, classInit: { _, _ in }, interfaces: [
        (atk.atk_action_get_type(), { iface, _ in
            guard let iface else { return }
            let action = iface.assumingMemoryBound(to: AtkActionIface.self)
            action.pointee.get_n_actions = { object in
                gint((AccessibleNode.node(of: UnsafeMutableRawPointer(object)) as? MenuItemNode)?.actionCount ?? 0)
            }
            action.pointee.get_name = { _, index in index == 0 ? UnsafePointer(MenuItemNode.clickName) : nil }
            action.pointee.get_localized_name = { _, index in index == 0 ? UnsafePointer(MenuItemNode.clickName) : nil }
            action.pointee.get_description = { _, index in index == 0 ? UnsafePointer(MenuItemNode.clickDescription) : nil }
            action.pointee.do_action = { object, index in
                guard index == 0, let node = AccessibleNode.node(of: UnsafeMutableRawPointer(object)) as? MenuItemNode else { return 0 }
                return node.click() ? 1 : 0
            }
        }),
    ])
}
