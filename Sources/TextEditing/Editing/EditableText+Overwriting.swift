// MARK: Overwritable storage

/// A secure field's text lives in `slots`, an array of clusters edited in place: every slot it
/// vacates is blanked, an array that must grow is grown by hand (the old buffer blanked before it
/// is freed), and large clusters (more than 15 UTF-8 bytes, a heap object each) are copies of the
/// field's own, zeroed when they go. A secret is short, so the array's O(n) edits cost nothing.
extension EditableText {
    /// How the temporaries that hold text while a window is segmented are made and let go of:
    /// plain strings, or, for a secure field, strings in storage made here that are zeroed before
    /// they are released.
    enum Scratch {
        case plain, overwritten

        func string(_ head: ArraySlice<Character>, _ middle: String, _ tail: ArraySlice<Character>) -> String {
            switch self {
            case .plain: return String(head) + middle + String(tail)
            case .overwritten: return EditableText.ownedString(head, middle, tail)
            }
        }

        func release(_ text: inout String) {
            if case .overwritten = self { EditableText.scrub(&text) }
        }

        func release(_ clusters: [Character]) {
            if case .overwritten = self { clusters.forEach(EditableText.scrub) }
        }
    }

    /// What the text around the edit becomes: the window of old clusters it replaces, the caret's
    /// offset after the replacement within it, and the new clusters (the window's neighbours and
    /// `replacement`, segmented together).
    func resegmented(_ replacement: String, lower: Int, upper: Int,
                             using scratch: Scratch) -> (window: Range<Int>, caretOffset: Int, clusters: [Character]) {
        let window = Rope.segmentationWindow(lower: lower, upper: upper, count: slots.count) { slots[$0] }
        let start = window.lowerBound
        var end = window.upperBound
        var leading = scratch.string(slots[start..<lower], replacement, slots[lower..<lower])
        let caretOffset = leading.count
        scratch.release(&leading)
        var joined = scratch.string(slots[start..<lower], replacement, slots[upper..<end])
        var clusters = Array(joined)
        // The cluster after the window must still stand alone: a ZWJ or a regional indicator left
        // at the window's end can join it, so take it in and segment again until one does.
        while end < count, end - start < 256 {
            let next = slots[end]
            var pair = scratch.string(slots[end..<end], clusters.last.map(String.init) ?? "", slots[end...end])
            let pairClusters = Array(pair)
            let standsAlone = pairClusters.count == 2 && pairClusters[1] == next
            scratch.release(pairClusters)
            scratch.release(&pair)
            if standsAlone { break }
            scratch.release(clusters)
            scratch.release(&joined)
            joined = scratch.string(slots[start..<lower], replacement, slots[upper...end])
            clusters = Array(joined)
            end += 1
        }
        scratch.release(&joined)
        return (start..<end, caretOffset, clusters)
    }

    /// What a vacated slot is overwritten with: a one-byte small string (NUL), stored inline.
    private static let blank: Character = "\0"
    /// A Character of up to 15 UTF-8 bytes lives inline in the array's 16-byte slot; a longer
    /// cluster (a ZWJ family, a long run of combining marks) is a pointer to its own heap object.
    private static let inlineLimit = 15

    /// Test hook: sees every byte range just after it was overwritten and before it is released
    /// (array buffers and the heap objects of large clusters).
    package static var overwriteObserver: ((UnsafeRawBufferPointer) -> Void)?

    /// The array's buffer, for tests that check it is edited in place.
    package var storageAddress: UnsafeRawPointer? { slots.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }

    /// Overwrites every slot of the text and the heap objects of its large clusters, and leaves
    /// the text empty (the buffer is kept: the next text goes where the old one was).
    package mutating func overwriteAll() {
        overwrite(0..<slots.count, scrubbingLargeClusters: true)
        slots.removeAll(keepingCapacity: true)
        rope = Rope()
        attributeRuns = AttributeRuns()
        selection = TextSelection(caret: 0)
    }

    /// Takes the text into storage this value alone owns: a large cluster may share its heap
    /// object with the string it came from (the caller's, or a literal in read-only memory),
    /// which must never be overwritten, so each gets a copy of its own.
    mutating func adoptOverwritableStorage() {
        var owned: [Character] = []
        owned.reserveCapacity(rope.count)
        for character in rope { owned.append(Self.ownedCopy(character)) }
        slots = owned
        rope = Rope()
    }

    /// Takes a secure field's text back into a rope (the field shows it as plain text again), and
    /// overwrites the slots it leaves.
    mutating func releaseOverwritableStorage() {
        rope = Rope(String(slots))
        overwrite(0..<slots.count, scrubbingLargeClusters: true)
        slots.removeAll(keepingCapacity: true)
    }

    /// Replaces `window` with `clusters` in place for a secure field: slots it vacates are blanked,
    /// and an array that must grow is grown by hand, so the old buffer is blanked before it is freed.
    mutating func replaceOverwriting(_ window: Range<Int>, with clusters: [Character]) {
        let newCount = slots.count - window.count + clusters.count
        overwrite(window, scrubbingLargeClusters: true)
        if newCount > slots.capacity {
            // The clusters themselves move to the new buffer, so their heap objects stay.
            var grown: [Character] = []
            grown.reserveCapacity(max(newCount, 2 * slots.capacity, 16))
            grown.append(contentsOf: slots)
            overwrite(0..<slots.count, scrubbingLargeClusters: false)
            slots = grown
        }
        let oldCount = slots.count
        slots.replaceSubrange(window, with: clusters)
        if slots.count < oldCount {
            // The tail moved down and left stale bytes past the end: blank them too.
            let vacated = oldCount - slots.count
            slots.append(contentsOf: repeatElement(Self.blank, count: vacated))
            slots.removeLast(vacated)
        }
    }

    /// Blanks the slots in `range` in place; with `scrubbingLargeClusters`, first zeroes the heap
    /// objects of the large clusters there (only ever ones made by `ownedCopy`).
    private mutating func overwrite(_ range: Range<Int>, scrubbingLargeClusters: Bool) {
        guard !range.isEmpty else { return }
        slots.withUnsafeMutableBufferPointer { buffer in
            for index in range {
                if scrubbingLargeClusters { Self.scrub(buffer[index]) }
                buffer[index] = Self.blank
            }
            Self.overwriteObserver?(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[
                (range.lowerBound * MemoryLayout<Character>.stride)..<(range.upperBound * MemoryLayout<Character>.stride)]))
        }
    }

    /// A copy of a large cluster in a heap object of its own; a small one is a value already.
    static func ownedCopy(_ character: Character) -> Character {
        let length = character.utf8.count
        guard length > inlineLimit else { return character }
        return Character(String(unsafeUninitializedCapacity: length) { buffer in
            _ = buffer.initialize(from: character.utf8)
            return length
        })
    }

    /// Text in a heap object made here (when longer than a small string), so it may be scrubbed.
    static func ownedString(_ head: ArraySlice<Character>, _ middle: String, _ tail: ArraySlice<Character>) -> String {
        let length = head.reduce(0) { $0 + $1.utf8.count } + middle.utf8.count + tail.reduce(0) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var index = 0
            func copy<S: Sequence>(_ bytes: S) where S.Element == UInt8 {
                for byte in bytes { buffer[index] = byte; index += 1 }
            }
            for character in head { copy(character.utf8) }
            copy(middle.utf8)
            for character in tail { copy(character.utf8) }
            return index
        }
    }

    /// Zeroes the heap bytes of a string made by `ownedString` or `ownedCopy` (or iterated from
    /// one), which nothing else shares. A small string is a value in registers and slots: the
    /// slot it sits in is what gets blanked.
    static func scrub(_ text: inout String) {
        guard text.utf8.count > inlineLimit else { return }
        text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            UnsafeMutableRawPointer(mutating: base).initializeMemory(as: UInt8.self, repeating: 0, count: bytes.count)
            overwriteObserver?(UnsafeRawBufferPointer(bytes))
        }
        text = ""
    }

    static func scrub(_ character: Character) {
        guard character.utf8.count > inlineLimit else { return }
        var text = String(character)
        scrub(&text)
    }
}
