/// Tab order over a list of fields: which field is focused and which comes next. Any app
/// layout can keep one; disabled fields are skipped.
public struct FocusChain {
    public private(set) var fields: [TextField]

    public init(_ fields: [TextField]) { self.fields = fields }

    public var focusedField: TextField? { fields.first { $0.isFocused } }

    /// The next (or previous) enabled field after the focused one, wrapping around; the first (or
    /// last) when nothing is focused.
    public func field(after current: TextField?, backward: Bool) -> TextField? {
        let candidates = fields.filter(\.isEnabled)
        guard !candidates.isEmpty else { return nil }
        guard let current, let index = candidates.firstIndex(where: { $0 === current }) else {
            return backward ? candidates.last : candidates.first
        }
        return candidates[(index + (backward ? candidates.count - 1 : 1)) % candidates.count]
    }

    /// The next enabled field after `current` without wrapping: nil on the last one (where
    /// Return ends editing instead of moving on).
    public func field(following current: TextField) -> TextField? {
        guard let index = fields.firstIndex(where: { $0 === current }) else { return nil }
        return fields[(index + 1)...].first(where: \.isEnabled)
    }

    public func contains(_ field: TextField) -> Bool { fields.contains { $0 === field } }
}
