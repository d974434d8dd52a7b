/// A scene as an assistive technology sees it: its fields (`FieldAccessibility`, in Tab order)
/// and the static texts its layout placed (headings and captions, a caption labelling the field
/// it names), and the changes to tell (`AccessibilityEvent`).
///
/// Made by a host's accessibility bridge only when an assistive technology may listen: until
/// then nothing observes the fields. `sync()` (the host calls it after every batch of input,
/// timers and app changes) tells what changed that no field event carries (name, description,
/// states, role, showing).
public final class SceneAccessibility {
    public unowned let scene: FieldScene

    /// A heading or caption the layout placed (`Decoration`), as a label.
    public struct StaticText: Equatable {
        public var text: String
        public var role: AccessibleRole
        /// Window pixels.
        public var frame: Rect
        /// The field it labels, when the decoration names one (`Decoration.labelledField`).
        public var labelledField: TextField?

        public static func == (a: StaticText, b: StaticText) -> Bool {
            a.text == b.text && a.role == b.role && a.frame == b.frame && a.labelledField === b.labelledField
        }
    }

    public init(scene: FieldScene) {
        self.scene = scene
        // HELPER: make one FieldAccessibility per field, observe each field's events
        // (package `observeWithoutReadingText`, `observeSelection`) to send text and caret events.
    }

    /// One per field of the scene, in Tab order.
    public private(set) var fields: [FieldAccessibility] = []

    /// The accessible object of `field`.
    public func accessible(for field: TextField) -> FieldAccessibility? { fields.first { $0.field === field } }

    /// The headings and captions, in the layout's order.
    public var staticTexts: [StaticText] {
        // HELPER
        []
    }

    /// Calls `handler` for every change an assistive technology is told of, in order.
    @discardableResult
    public func observe(_ handler: @escaping (FieldAccessibility, AccessibilityEvent) -> Void) -> Cancellation {
        // HELPER
        Cancellation {}
    }

    /// Compares what each field shows an assistive technology with what it showed at the last
    /// call, and tells the differences (states, name, description, role) to the observers.
    public func sync() {
        // HELPER
    }
}
