/// What a `screenshot` step shoots and how its golden is judged:
///
///     screenshot PATH [X Y W H | ID... [margin N]] [tolerance CHANNEL PIXELS] [mask WHAT]...
///
/// IDs are fields or the app's named regions (the catalog's sections); several shoot the smallest
/// rectangle holding them all. A mask is a part of the shot's field (`caret`), a whole field
/// (`filled-label`) or a part of one (`uikit-words:text`).
public struct ShotSpec: Equatable {
    public enum Subject: Equatable {
        /// The whole window.
        case window
        /// A box of window pixels.
        case pixels(QAScript.PixelRect)
        /// Fields' outer frames or named regions, with a margin around them in points (scaled
        /// with the scene, so the same script frames the same at scale 2).
        case elements(ids: [String], margin: Double)
    }

    /// The parts of a field a mask can name (`FieldInspector`'s outlines, grouped).
    public enum Part: String, CaseIterable, Equatable, Sendable {
        /// The caret while the field is edited (nothing otherwise).
        case caret
        /// The text band: input text, placeholder, the caret and selection in it.
        case text
        /// The label where it rests and where it floats.
        case label
        /// The helper, error or counter row (RAG's hint).
        case assistive
        /// Leading and trailing icons and the clear button.
        case icons
        /// Prefix and suffix.
        case affixes
    }

    /// A region painted over in `ShotSpec.maskColor` in the shot and, before comparing, in its golden.
    public struct Mask: Equatable {
        /// Nil: the shot's own field (the one it names, or the focused field when it names none).
        public var id: String?
        /// Nil: the whole field (its outer frame).
        public var part: Part?

        public init(id: String?, part: Part?) { self.id = id; self.part = part }

        public var description: String {
            switch (id, part) {
            case (let id?, let part?): return "\(id):\(part.rawValue)"
            case (let id?, nil): return id
            case (nil, let part?): return part.rawValue
            case (nil, nil): return "?"
            }
        }
    }

    public var subject: Subject
    /// Nil: the golden set's tolerance (exact but for rounding).
    public var tolerance: ImageTolerance?
    public var masks: [Mask]

    public init(subject: Subject, tolerance: ImageTolerance? = nil, masks: [Mask] = []) {
        self.subject = subject; self.tolerance = tolerance; self.masks = masks
    }

    /// Masks are solid cyan, in shots, goldens and diff images alike: no colour the fields draw,
    /// and neither the diff image's greys nor its magenta.
    public static let maskColor: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) = (0, 255, 255, 255)
    /// The widest margin: a margin is air around a field, not a way to shoot the window.
    public static let maximumMargin = 1000.0

    static let usage = "screenshot PATH [X Y W H | ID... [margin N]] [tolerance CHANNEL PIXELS] [mask PART|ID|ID:PART]..."

    /// Parses what follows the path.
    static func parse(_ words: [String]) throws -> ShotSpec {
        func fail(_ message: String) -> QAScript.SyntaxError { QAScript.SyntaxError(message: "screenshot: \(message)") }
        let keywords: Set<String> = ["margin", "tolerance", "mask"]
        var index = 0
        var subject = Subject.window
        if let first = words.first, Int(first) != nil || first.hasPrefix("-") {
            // A box of pixels: four whole numbers.
            let box = Array(words.prefix(4))
            let numbers = box.compactMap { Int($0) }
            guard box.count == 4, numbers.count == 4, numbers[0] >= 0, numbers[1] >= 0, (1...16384).contains(numbers[2]),
                  (1...16384).contains(numbers[3]), numbers[0] <= 16384, numbers[1] <= 16384 else {
                throw fail("'\(box.joined(separator: " "))' is not X Y W H in pixels "
                    + "(X and Y from 0, W and H from 1, each at most 16384)")
            }
            let region = QAScript.PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            if let refusal = ScriptRunner.screenshotRefusal("a region of \(region.width)x\(region.height)", width: region.width,
                                                          height: region.height) {
                throw fail(refusal)
            }
            subject = .pixels(region)
            index = 4
        } else {
            var ids: [String] = []
            while index < words.count, !keywords.contains(words[index]) {
                let id = words[index]
                guard !id.contains(":") else { throw fail("'\(id)' is not an id (a part, as in ID:PART, is for masks)") }
                guard Double(id) == nil else {
                    throw fail("'\(id)' is a number, not an id (a margin is written margin N; a box X Y W H comes right after the path)")
                }
                if ids.contains(id) { throw fail("\(id) is named twice") }
                ids.append(id)
                index += 1
            }
            var margin = 0.0
            if index < words.count, words[index] == "margin" {
                guard !ids.isEmpty else { throw fail("margin is around a field or section: name one first (screenshot PATH ID margin N)") }
                guard index + 1 < words.count else { throw fail("margin needs a number of points (margin 8)") }
                let word = words[index + 1]
                guard word.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(word), value.isFinite,
                      value <= maximumMargin else {
                    throw fail("margin '\(word)' is not a number of points from 0 to \(Int(maximumMargin))")
                }
                margin = value
                index += 2
            }
            if !ids.isEmpty { subject = .elements(ids: ids, margin: margin) }
        }
        var spec = ShotSpec(subject: subject)
        while index < words.count {
            let word = words[index]
            switch word {
            case "tolerance":
                guard spec.tolerance == nil else { throw fail("tolerance is given twice") }
                let numbers = words[(index + 1)...].prefix { !keywords.contains($0) }.prefix(2)
                guard numbers.count == 2 else {
                    throw fail("tolerance needs two numbers: the difference allowed in a channel (0 to 255) and how many "
                        + "pixels may differ by more (tolerance 2 10)")
                }
                let channelWord = numbers[numbers.startIndex], pixelsWord = numbers[numbers.startIndex + 1]
                guard let channel = Int(channelWord), (0...255).contains(channel) else {
                    throw fail("tolerance: '\(channelWord)' is not a channel difference from 0 to 255")
                }
                guard let pixels = Int(pixelsWord), (0...1_000_000_000).contains(pixels) else {
                    throw fail("tolerance: '\(pixelsWord)' is not a count of pixels (0 or more)")
                }
                spec.tolerance = ImageTolerance(channel: channel, maxDifferingPixels: pixels)
                index += 3
            case "mask":
                guard index + 1 < words.count, !keywords.contains(words[index + 1]) else {
                    throw fail("mask needs what to mask: a part (\(Part.allCases.map(\.rawValue).joined(separator: ", "))), "
                        + "a field id, or ID:PART")
                }
                let mask = try parseMask(words[index + 1])
                if spec.masks.contains(mask) { throw fail("mask \(mask.description) is given twice") }
                spec.masks.append(mask)
                index += 2
            case "margin":
                if case .elements = subject {
                    throw fail("margin comes right after the ids, before tolerance and masks")
                }
                throw fail("margin is around a field or section: name one (screenshot PATH ID margin N), not a box of pixels")
            default:
                throw fail("'\(word)' is not margin, tolerance or mask (usage: \(usage))")
            }
        }
        return spec
    }

    /// `caret`, `filled-label`, `uikit-words:text`.
    static func parseMask(_ word: String) throws -> Mask {
        let partNames = Part.allCases.map(\.rawValue).joined(separator: ", ")
        if let colon = word.firstIndex(of: ":") {
            let id = String(word[..<colon]), partName = String(word[word.index(after: colon)...])
            guard !id.isEmpty else { throw QAScript.SyntaxError(message: "screenshot: mask '\(word)' has no id before the ':'") }
            guard let part = Part(rawValue: partName) else {
                let guess = QAScript.nearest(partName, among: Part.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                throw QAScript.SyntaxError(message: "screenshot: mask '\(word)': '\(partName)' is not a part\(guess) (parts: \(partNames))")
            }
            return Mask(id: id, part: part)
        }
        if let part = Part(rawValue: word) { return Mask(id: nil, part: part) }
        return Mask(id: word, part: nil)
    }
}
