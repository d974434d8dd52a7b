import MaterialFields

/// A scene's field snapshots kept from one reading to the next, each taken again only when its
/// field may have changed: the catalog's live `--qa-state` reads every frame that changed
/// something, and typing changes one field of the 80 (snapshotting them all cost the event loop
/// about 2 million instructions a frame in the release build).
///
/// A field is read again when the scene marked it for repainting since the last reading
/// (`FieldScene.takeChangedFields()`), when it is the focused field (its caret, preedit and typing
/// attributes), or when its `frame(of:)` moved (scrolling, another field growing). Everything is
/// read again for another scene or another list of fields. The result is always what
/// `FieldScene.snapshot()` would return.
public final class FieldSnapshotCache {
    private struct Entry {
        var frame: Rect?
        var snapshot: FieldSnapshot
    }

    /// Held (not only compared by identity), as the fields are, so that a new scene or field can
    /// never take the address of one read before.
    private var scene: FieldScene?
    private var fields: [TextField] = []
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many field snapshots were taken in all (tests count them).
    public private(set) var snapshotsTaken = 0
    /// The positions (in the scene's field order) of the fields read again by the last `snapshot`.
    public private(set) var lastRead: [Int] = []

    public init() {}

    /// Every field of `scene`, in its order, as `scene.snapshot()` gives them.
    public func snapshot(of scene: FieldScene) -> [FieldSnapshot] {
        let fields = scene.fields
        let changed = scene.takeChangedFields()
        let readsAll = self.scene !== scene || !fields.elementsEqual(self.fields, by: ===)
        if readsAll {
            self.scene = scene
            self.fields = fields
            entries.removeAll(keepingCapacity: true)
        }
        lastRead.removeAll(keepingCapacity: true)
        var snapshots: [FieldSnapshot] = []
        snapshots.reserveCapacity(fields.count)
        for (index, field) in fields.enumerated() {
            let id = ObjectIdentifier(field)
            let frame = scene.frame(of: field)
            if !readsAll, !field.isFocused, !changed.contains(id), let entry = entries[id], entry.frame == frame {
                snapshots.append(entry.snapshot)
                continue
            }
            let snapshot = scene.snapshot(of: field)
            snapshotsTaken += 1
            lastRead.append(index)
            entries[id] = Entry(frame: frame, snapshot: snapshot)
            snapshots.append(snapshot)
        }
        return snapshots
    }
}
