import MaterialFields

/// The model fuzzer: random operations on a `FieldScene` of six fields (a text area, a secure
/// field, fields with a maximum length, a disabled one), each checked against `ReferenceField`
/// and the drawing invariants. A failure is shrunk to a short list that still fails the same way.
public enum Fuzzer {
    public struct Configuration: Sendable {
        public var seed: UInt64
        public var operations: Int
        /// Renders after every `renderEvery`-th operation (and after every time step).
        public var renderEvery: Int
        /// Checks what each field draws against the decision tables every this many operations.
        public var appearanceEvery: Int
        public var mutant: FuzzMutant?
        /// The scene's HiDPI scale; by default 1, 1.5, 2 or 3, chosen by the seed.
        public var scale: Double
        public var shrinks: Bool
        /// Shrinking stops after this long with the shortest list found so far: a failure deep
        /// in a long run replays slowly.
        public var shrinkSeconds: Double
        /// Hears a failure as soon as it is found, before shrinking.
        public var onFailure: (@Sendable (String) -> Void)?

        public init(seed: UInt64, operations: Int = 100_000, renderEvery: Int = 1, appearanceEvery: Int = 4,
                    mutant: FuzzMutant? = nil, scale: Double? = nil, shrinks: Bool = true, shrinkSeconds: Double = 120,
                    onFailure: (@Sendable (String) -> Void)? = nil) {
            self.scale = scale ?? [1, 1.5, 2, 3][Int(seed % 4)]
            self.shrinkSeconds = shrinkSeconds
            self.onFailure = onFailure
            self.seed = seed
            self.operations = operations
            self.renderEvery = max(1, renderEvery)
            self.appearanceEvery = max(1, appearanceEvery)
            self.mutant = mutant
            self.shrinks = shrinks
        }
    }

    public struct Failure: Sendable, CustomStringConvertible {
        public var seed: UInt64
        /// The scene's scale, which a replay of `shrunk` needs.
        public var scale: Double
        /// The operation (0-based) at which the seed's run failed.
        public var index: Int
        public var violation: FuzzViolation
        /// The shortest list found that still fails the same way, and how it fails.
        public var shrunk: [FuzzOperation]
        public var shrunkViolation: FuzzViolation
        /// Replays tried while shrinking.
        public var replays: Int
        /// Shrinking ran out of its time: a shorter list may exist.
        public var shrinkingTimedOut = false

        public var description: String {
            var lines = ["fuzz: seed \(seed) (scale \(scale)) failed at operation \(index): [\(violation.kind)] \(violation.message)",
                         "fuzz: replay with ./run.sh fuzz \(seed) \(index + 1)",
                         "fuzz: shrunk to \(shrunk.count) operations (\(replays) replays\(shrinkingTimedOut ? ", stopped at the time limit" : "")), "
                             + "failing with [\(shrunkViolation.kind)] "
                             + shrunkViolation.message]
            // A list that could not be shrunk far is shown by its ends.
            let shown = shrunk.count <= 200 ? Array(shrunk.indices) : Array(0..<20) + Array((shrunk.count - 100)..<shrunk.count)
            for index in shown {
                if index == shown.first(where: { $0 >= 20 }), shrunk.count > 200 { lines.append("  … \(shrunk.count - 120) more …") }
                lines.append("  \(index): \(shrunk[index])")
            }
            return lines.joined(separator: "\n")
        }
    }

    public struct Report: Sendable {
        public var seed: UInt64
        public var operationsRun: Int
        public var failure: Failure?
        public var renders: Int
        public var drawCommands: Int
        public var longestText: Int
        /// The longest text typed, pasted or set in one operation, in characters.
        public var longestInput: Int
        /// How many operations of each kind ran, by name.
        public var kinds: [String: Int]
    }

    public static func run(_ configuration: Configuration) -> Report {
        var generator = FuzzGenerator(random: FuzzRandom(seed: configuration.seed))
        let world = FuzzWorld(mutant: configuration.mutant, scale: configuration.scale)
        var operations: [FuzzOperation] = []
        operations.reserveCapacity(configuration.operations)
        var kinds: [String: Int] = [:]
        var longest = 0, longestInput = 0
        for index in 0..<configuration.operations {
            let operation = generator.next(in: world)
            operations.append(operation)
            kinds[operation.kindName, default: 0] += 1
            if let text = operation.text, text.utf8.count >= 10_000 { longestInput = max(longestInput, text.count) }
            do {
                try step(world, operation, index: index, configuration: configuration)
            } catch let violation as FuzzViolation {
                configuration.onFailure?("fuzz: seed \(configuration.seed) failed at operation \(index): [\(violation.kind)] "
                                         + "\(violation.message)\nfuzz: the operation was \(operation); shrinking")
                let failure = shrink(operations, violation: violation, seed: configuration.seed, configuration: configuration)
                return Report(seed: configuration.seed, operationsRun: index + 1, failure: failure, renders: world.renders,
                              drawCommands: world.drawCommands, longestText: longest, longestInput: longestInput, kinds: kinds)
            } catch {
                fatalError("only violations are thrown")
            }
            longest = max(longest, world.fields.map(\.count).max() ?? 0)
        }
        return Report(seed: configuration.seed, operationsRun: configuration.operations, failure: nil, renders: world.renders,
                      drawCommands: world.drawCommands, longestText: longest, longestInput: longestInput, kinds: kinds)
    }

    private static func step(_ world: FuzzWorld, _ operation: FuzzOperation, index: Int, configuration: Configuration) throws {
        try world.perform(operation, render: index % configuration.renderEvery == 0)
        if index % configuration.appearanceEvery == 0 {
            for field in world.fields.indices { try world.checkAppearance(of: field) }
        } else if let focused = world.focusedIndex {
            try world.checkAppearance(of: focused)
        }
    }

    /// Replays `operations` on a fresh world; returns the first violation, if any.
    public static func replay(_ operations: [FuzzOperation], mutant: FuzzMutant? = nil, scale: Double = 1) -> FuzzViolation? {
        replay(operations, configuration: Configuration(seed: 0, mutant: mutant, scale: scale))
    }

    static func replay(_ operations: [FuzzOperation], configuration: Configuration) -> FuzzViolation? {
        let world = FuzzWorld(mutant: configuration.mutant, scale: configuration.scale)
        for (index, operation) in operations.enumerated() {
            do {
                try step(world, operation, index: index, configuration: configuration)
            } catch let violation as FuzzViolation {
                return violation
            } catch {
                fatalError("only violations are thrown")
            }
        }
        return nil
    }

    // MARK: Shrinking

    /// Operations that bring a fresh world's fields to the state they had before operation
    /// `index` of `operations` (enabled, text, focus, selection), for each index asked for.
    static func stateOperations(of operations: [FuzzOperation], at indices: Set<Int>,
                                configuration: Configuration) -> [Int: [FuzzOperation]] {
        let world = FuzzWorld(mutant: configuration.mutant, scale: configuration.scale)
        let initiallyEnabled = world.fields.map(\.isEnabled)
        var states: [Int: [FuzzOperation]] = [:]
        for (index, operation) in operations.enumerated() {
            if indices.contains(index) {
                var state: [FuzzOperation] = []
                for (field, textField) in world.fields.enumerated() {
                    if textField.isEnabled != initiallyEnabled[field] { state.append(.toggleEnabled(field: field)) }
                    state.append(.setText(field: field, textField.text))
                }
                if let focused = world.focusedIndex { state.append(.focus(field: focused)) }
                for (field, textField) in world.fields.enumerated() {
                    state.append(.select(field: field, anchor: textField.selection.anchor, head: textField.selection.head))
                }
                states[index] = state
            }
            guard (try? step(world, operation, index: index, configuration: configuration)) != nil else { break }
        }
        return states
    }

    static func shrink(_ operations: [FuzzOperation], violation: FuzzViolation, seed: UInt64,
                       configuration: Configuration) -> Failure {
        var failure = Failure(seed: seed, scale: configuration.scale, index: operations.count - 1, violation: violation, shrunk: operations,
                              shrunkViolation: violation, replays: 0)
        guard configuration.shrinks else { return failure }
        var replays = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(max(0, configuration.shrinkSeconds) * 1000))
        var outOfTime: Bool { clock.now > deadline }
        func fails(_ candidate: [FuzzOperation]) -> FuzzViolation? {
            guard !outOfTime else { return nil }
            replays += 1
            guard let found = replay(candidate, configuration: configuration), found.kind == violation.kind else { return nil }
            return found
        }
        var current = operations
        var currentViolation = violation
        // A failure usually needs only the last few steps and the fields' state before them: try
        // short tails, first from a fresh start, then from operations that rebuild that state.
        var tails: [Int] = []
        var tail = 8
        while tail < current.count {
            tails.append(tail)
            tail *= 4
        }
        let states = stateOperations(of: current, at: Set(tails.map { current.count - $0 }), configuration: configuration)
        for tail in tails {
            let suffix = Array(current.suffix(tail))
            var found: FuzzViolation?
            var candidate = suffix
            if let violation = fails(suffix) {
                found = violation
            } else if let state = states[current.count - tail] {
                candidate = state + suffix
                found = fails(candidate)
            }
            if let found {
                current = candidate
                currentViolation = found
                break
            }
        }
        // Delta debugging: remove chunks, halving their size down to single operations.
        var chunk = max(1, current.count / 2)
        while chunk >= 1 && replays < 4_000 && !outOfTime {
            var start = 0
            var removedAny = false
            while start < current.count && replays < 4_000 && !outOfTime {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, current.count))
                if !candidate.isEmpty, let found = fails(candidate) {
                    current = candidate
                    currentViolation = found
                    removedAny = true
                } else {
                    start += chunk
                }
            }
            if !removedAny { chunk /= 2 }
        }
        // Then make each operation simpler: shorter text, fewer modifiers.
        var index = 0
        while index < current.count && replays < 6_000 && !outOfTime {
            var simplified = false
            for simpler in current[index].simplifications {
                var candidate = current
                candidate[index] = simpler
                if let found = fails(candidate) {
                    current = candidate
                    currentViolation = found
                    simplified = true
                    break
                }
            }
            if !simplified { index += 1 }
        }
        failure.shrunk = current
        failure.shrunkViolation = currentViolation
        failure.replays = replays
        failure.shrinkingTimedOut = outOfTime
        return failure
    }
}

extension FuzzOperation {
    var kindName: String {
        switch self {
        case .type: return "type"
        case .key(let key, _):
            if case .shortcut = key { return "shortcut" }
            return "key"
        case .pointerDown: return "pointerDown"
        case .pointerMove: return "pointerMove"
        case .pointerUp: return "pointerUp"
        case .pointerExit: return "pointerExit"
        case .wheel: return "wheel"
        case .windowFocus: return "windowFocus"
        case .focus: return "focus"
        case .blur: return "blur"
        case .select: return "select"
        case .paste: return "paste"
        case .middlePaste: return "middlePaste"
        case .setText: return "setText"
        case .resize: return "resize"
        case .advance: return "advance"
        case .toggleEnabled: return "toggleEnabled"
        case .setError: return "setError"
        case .fieldKey: return "fieldKey"
        case .inputMethod: return "inputMethod"
        case .layOut: return "layOut"
        case .styledPaste: return "styledPaste"
        }
    }

    /// The text the operation types, pastes or sets, if any.
    var text: String? {
        switch self {
        case .type(let text), .paste(let text?), .setText(_, let text), .inputMethod(_, let text), .styledPaste(let text, _): return text
        default: return nil
        }
    }

    /// Simpler versions of this operation, simplest first.
    var simplifications: [FuzzOperation] {
        func shorter(_ text: String) -> [String] {
            let characters = Array(text)
            guard characters.count > 1 else { return [] }
            var options = [String(characters.prefix(characters.count / 2)), String(characters.suffix(characters.count - characters.count / 2))]
            if characters.count <= 12 {
                options += characters.indices.map { index in var copy = characters; copy.remove(at: index); return String(copy) }
            }
            return options
        }
        switch self {
        case .type(let text): return shorter(text).map { .type($0) }
        case .paste(let text?): return shorter(text).map { .paste($0) }
        case .setText(let field, let text): return shorter(text).map { .setText(field: field, $0) }
        case .inputMethod(let field, let text): return shorter(text).map { .inputMethod(field: field, $0) }
        case .styledPaste(let text, let bold): return shorter(text).map { .styledPaste($0, bold: bold) }
        case .key(let key, let modifiers):
            return [KeyModifiers.shift, .control, .alt].filter { modifiers.contains($0) }.map { .key(key, modifiers.subtracting($0)) }
        case .pointerDown(let point, let button, let clicks, let shift):
            var options: [FuzzOperation] = []
            if clicks > 1 { options.append(.pointerDown(point, button, clicks: 1, shift: shift)) }
            if shift { options.append(.pointerDown(point, button, clicks: clicks, shift: false)) }
            return options
        default: return []
        }
    }
}
