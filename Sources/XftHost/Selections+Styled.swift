import CXlib
import MaterialFields

// The broker's styled paste: a request that prefers `text/html` and the HTML it receives, read
// into styled text (`HTMLReader`) or given up for the plain form.
extension SelectionBroker {
    /// Asks for `kind`'s text with its styles: `text/html` when the owner offers it, else its
    /// plain text (no styles); `completion` runs later from `deliverAnswers()` (nil: nothing to
    /// paste). This window's own copy comes back with its runs as they were.
    func requestStyled(_ kind: SelectionKind, time: Time, completion: @escaping (AttributedText?) -> Void) {
        if let current = owned[kind] {
            let text = current.styled ?? AttributedText(current.text)
            readyAnswers.append { completion(text) }
            return
        }
        incoming[kind, default: []].append(Incoming(kind: kind, completion: { _ in }, styledCompletion: completion, time: time,
                                                    target: targetsAtom, lastProgress: clock()))
        if incoming[kind]!.count == 1 { start(kind) }
    }

    /// A chunk of `text/html`: any 8-bit type is taken (owners type it `text/html` or as a
    /// string); more than the reader takes, or markup it refuses, falls back to the plain text.
    func acceptHTML(_ chunk: Chunk, for kind: SelectionKind, complete: Bool) {
        guard var transfer = incoming[kind]?.first else { return }
        if !(complete && chunk.bytes.isEmpty && transfer.isIncremental) {
            guard chunk.format == 8 else {
                fail(kind, "the \(Self.name(of: kind)) owner sent text/html as \(chunk.format)-bit items")
                return
            }
            transfer.data.append(contentsOf: chunk.bytes)
            // UTF-16 takes up to twice the bytes of the UTF-8 the reader counts.
            guard transfer.data.count <= htmlReader.maximumInputBytes * 2 else {
                fallBackToPlain(kind, "its text/html is larger than \(Self.size(htmlReader.maximumInputBytes))")
                return
            }
            incoming[kind]![0] = transfer
        }
        guard complete else { return }
        guard !transfer.data.isEmpty else {
            finish(kind, with: nil)
            return
        }
        guard let styled = htmlReader.attributedText(fromHTMLData: transfer.data) else {
            fallBackToPlain(kind, "its text/html is larger than \(Self.size(htmlReader.maximumInputBytes))")
            return
        }
        // HTML with no text (an image copied from a page): the plain text decides, as a GTK
        // entry's paste would.
        guard !styled.isEmpty else {
            fallBackToPlain(kind, nil)
            return
        }
        finish(kind, answer: .styled(styled))
    }

    /// Gives up the `text/html` transfer under way and asks for the plain form instead, with a
    /// warning when there is a `reason` to give.
    func fallBackToPlain(_ kind: SelectionKind, _ reason: String?) {
        guard var transfer = incoming[kind]?.first else { return }
        if let reason { warn("warning: the \(Self.name(of: kind)) owner's styles are not pasted: \(reason); its plain text is") }
        // The owner may still be writing chunks where this transfer read.
        if transfer.isIncremental { retireProperty(of: kind) }
        transfer.target = transfer.plainTarget
        transfer.isIncremental = false
        transfer.type = 0
        transfer.data = []
        incoming[kind]![0] = transfer
        start(kind)
    }
}
