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
        // The scene's fields are fixed when it is made (`FieldScene.fields`, its focus chain, has
        // no way to add or remove one); a field its layout does not place has no frame and is
        // not showing.
        fields = scene.fields.map { FieldAccessibility(field: $0, scene: scene) }
        for accessible in fields {
            guard let field = accessible.field else { continue }
            accessible.rememberWhatIsShown()
            // Neither holds the field's accessible object or this strongly: the field keeps its
            // observers, and an observer must not keep what observes.
            fieldObservers.append(field.observeWithoutReadingText { [weak self, weak accessible] _, event in
                guard let self, let accessible else { return }
                switch event {
                case .textChanged(let applied):
                    self.tell(accessible.events(afterApplying: applied), about: accessible)
                case .didBeginEditing, .didEndEditing, .enabledChanged:
                    // Focus and the enabled states are told as they change, not at the next sync.
                    self.tell(accessible.eventsSinceLastTold(), about: accessible)
                case .editRefused, .returnPressed:
                    break
                }
            })
            fieldObservers.append(field.observeSelection { [weak self, weak accessible] _, _ in
                guard let self, let accessible else { return }
                self.tell(accessible.eventsAfterSelectionChange(), about: accessible)
            })
        }
    }

    deinit {
        for observer in fieldObservers { observer.cancel() }
    }

    /// One per field of the scene, in Tab order.
    public private(set) var fields: [FieldAccessibility] = []

    /// The field observers this registered, cancelled when it goes.
    private var fieldObservers: [Cancellation] = []
    /// Who listens, in the order they came.
    private var handlers: [(id: Int, handler: (FieldAccessibility, AccessibilityEvent) -> Void)] = []
    private var nextHandlerID = 0

    /// The accessible object of `field`.
    public func accessible(for field: TextField) -> FieldAccessibility? { fields.first { $0.field === field } }

    /// The headings and captions, in the layout's order, in window pixels (scrolled with the page).
    public var staticTexts: [StaticText] {
        let scroll = scene.scroll.offset
        var texts: [StaticText] = []
        for decoration in scene.decorations {
            let frame = decoration.frame.offsetBy(dx: 0, dy: -scroll)
            let field = decoration.labelledField.flatMap { identifier in scene.fields.first { $0.identifier == identifier } }
            // A text the layout wrapped comes as a decoration per line: one label reads it whole.
            if var last = texts.last, last.role == decoration.role, last.labelledField === field,
               last.frame.minX == frame.minX, abs(last.frame.maxY - frame.minY) < 0.5 {
                last.text += " " + decoration.text
                last.frame = last.frame.union(frame)
                texts[texts.count - 1] = last
                continue
            }
            texts.append(StaticText(text: decoration.text, role: decoration.role, frame: frame, labelledField: field))
        }
        return texts
    }

    /// Calls `handler` for every change an assistive technology is told of, in order: for an
    /// edit, what was deleted, then what was inserted, then the caret's move and the
    /// selection's change. Nothing is told before a handler is added, and nothing that happened
    /// before it was.
    @discardableResult
    public func observe(_ handler: @escaping (FieldAccessibility, AccessibilityEvent) -> Void) -> Cancellation {
        let id = nextHandlerID
        nextHandlerID += 1
        handlers.append((id, handler))
        return Cancellation { [weak self] in self?.handlers.removeAll { $0.id == id } }
    }

    /// Compares what each field shows an assistive technology with what it showed at the last
    /// call, and tells the differences (states, name, description, role) to the observers.
    /// Cheap when nothing changed: no text is read and nothing allocated.
    public func sync() {
        for accessible in fields {
            let events = accessible.eventsSinceLastTold()
            if !events.isEmpty { tell(events, about: accessible) }
        }
    }

    private func tell(_ events: [AccessibilityEvent], about accessible: FieldAccessibility) {
        guard !events.isEmpty else { return }
        // A handler added or removed by a handler takes effect from the next event.
        let handlers = handlers
        for event in events {
            for entry in handlers { entry.handler(accessible, event) }
        }
    }
}
