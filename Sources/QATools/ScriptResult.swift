/// What one script of a run came to, step by step and shot by shot: what `--junit` and
/// `--report` are written from.
public struct ScriptResult {
    public struct Step {
        public var line: Int
        /// The step as written in the script (trimmed).
        public var text: String
        public var outcome: Outcome
        /// Virtual time at the step's end, in seconds since the script started.
        public var time: Double

        public init(line: Int, text: String, outcome: Outcome, time: Double) {
            self.line = line
            self.text = text
            self.outcome = outcome
            self.time = time
        }
    }

    public enum Outcome: Equatable {
        case passed
        /// An expectation that did not hold (the message is `FILE:LINE: ...`).
        case failed(String)
        /// A step that could not run and was skipped (`--keep-going`).
        case couldNotRun(String)
        /// Not reached: the script stopped at an earlier failure.
        case notReached

        public var failureMessage: String? {
            switch self {
            case .failed(let message), .couldNotRun(let message): return message
            case .passed, .notReached: return nil
            }
        }
    }

    /// A `screenshot` step's image and what became of it.
    public struct Shot {
        public var name: String
        public var line: Int
        public var verdict: Verdict
        /// PNG bytes, loaded only for a report: the golden, this run's render, and the diff.
        public var expectedPNG: [UInt8]?
        public var actualPNG: [UInt8]?
        public var diffPNG: [UInt8]?

        public init(name: String, line: Int, verdict: Verdict) {
            self.name = name
            self.line = line
            self.verdict = verdict
        }
    }

    public enum Verdict {
        /// Written to a file (no goldens).
        case written(path: String)
        case golden(GoldenOutcome)
        /// Not compared (the fonts are not the goldens', or the comparison itself failed); the reason.
        case notJudged(String)
        /// Compared with its golden and failed to read or write a file: a failure.
        case error(String)

        public var isFailure: Bool {
            switch self {
            case .written, .notJudged: return false
            case .golden(let outcome): return outcome.isFailure
            case .error: return true
            }
        }
    }

    /// The script's path as given.
    public var file: String
    public var steps: [Step] = []
    public var shots: [Shot] = []
    /// The script could not be read as a script (a syntax error): nothing ran.
    public var parseFailure: String?
    /// Virtual time at the script's end, in seconds.
    public var virtualTime = 0.0
    /// Wall-clock seconds the script took to run (for JUnit's `time`; never judged).
    public var wallTime = 0.0

    public init(file: String) { self.file = file }

    /// Every failure as `FILE:LINE: message`, in the order of the script's lines: a step's, and a
    /// shot's that differs from its golden at the line of its screenshot step (a step's failure
    /// before a shot's on the same line).
    public var failureMessages: [String] {
        var numbered: [(line: Int, message: String)] = steps.compactMap { step in step.outcome.failureMessage.map { (step.line, $0) } }
        for shot in shots where shot.verdict.isFailure {
            switch shot.verdict {
            case .golden(let outcome): numbered.append((shot.line, "\(file):\(shot.line): \(outcome.message)"))
            case .error(let message): numbered.append((shot.line, "\(file):\(shot.line): \(message)"))
            case .written, .notJudged: break
            }
        }
        // A stable sort: equal lines keep the steps-then-shots order.
        let ordered = numbered.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element.message)
        return (parseFailure.map { [$0] } ?? []) + ordered
    }

    public var hasFailed: Bool { !failureMessages.isEmpty }

    /// Why the script's shots could not be judged (fonts), when one of them could not.
    public var unjudgedReason: String? {
        for shot in shots { if case .notJudged(let reason) = shot.verdict { return reason } }
        return nil
    }

    /// The text of each line of a script as the parser splits it (1-based line N is `[N - 1]`).
    public static func sourceLines(of bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map {
            String($0.drop { $0 == " " || $0 == "\t" || $0 == "\u{FEFF}" })
        }
    }
}

extension QAScript.Step {
    /// `expect` and `expect-pixel`: a step that checks and changes nothing.
    public var isExpectation: Bool {
        switch self {
        case .expect, .expectPixel: return true
        default: return false
        }
    }
}
