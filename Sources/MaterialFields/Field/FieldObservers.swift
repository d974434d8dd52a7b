/// Who listens to a field: observers of its events, of its selection, and UIKit's target-actions.
/// Handlers run in the order they were added. A class, so a `Cancellation` can reach it weakly.
final class FieldObservers {
    private var events: [Int: (TextField, FieldEvent) -> Void] = [:]
    /// The event observers that are app code, which may read the text at every edit.
    private var appObservers: Set<Int> = []
    private var selections: [Int: (TextField, SelectionChangeCause) -> Void] = [:]
    private var actions: [Int: (events: ControlEvents, handler: (TextField) -> Void)] = [:]
    private var nextID = 0

    private func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func addEventObserver(readsText: Bool, _ handler: @escaping (TextField, FieldEvent) -> Void) -> Cancellation {
        let id = newID()
        events[id] = handler
        if readsText { appObservers.insert(id) }
        return Cancellation { [weak self] in
            self?.events[id] = nil
            self?.appObservers.remove(id)
        }
    }

    func addSelectionObserver(_ handler: @escaping (TextField, SelectionChangeCause) -> Void) -> Cancellation {
        let id = newID()
        selections[id] = handler
        return Cancellation { [weak self] in self?.selections[id] = nil }
    }

    func addAction(for controlEvents: ControlEvents, _ handler: @escaping (TextField) -> Void) -> Cancellation {
        let id = newID()
        actions[id] = (controlEvents, handler)
        return Cancellation { [weak self] in self?.actions[id] = nil }
    }

    /// Something outside the library watches every edit (an app's observer or `editingChanged` action).
    var watchEveryEdit: Bool {
        !appObservers.isEmpty || actions.values.contains { $0.events.contains(.editingChanged) }
    }

    func notify(_ field: TextField, of event: FieldEvent) {
        for id in events.keys.sorted() { events[id]?(field, event) }
    }

    func notify(_ field: TextField, ofSelectionChange cause: SelectionChangeCause) {
        for id in selections.keys.sorted() { selections[id]?(field, cause) }
    }

    func sendActions(_ field: TextField, for event: ControlEvents) {
        for id in actions.keys.sorted() where actions[id]?.events.isDisjoint(with: event) == false {
            actions[id]?.handler(field)
        }
    }
}
