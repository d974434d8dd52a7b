import CXTest
import Foundation
import TestHarness

/// Why the soak stopped early.
struct SoakFailure: Error { var reason: String }

/// One soak run: the private server, the catalog on it, the input, the checks and the figures.
final class Soak {
    enum Kind: String, CaseIterable {
        case text, key, shortcut, click, doubleClick = "double-click", tripleClick = "triple-click", drag, wheel
        case burst, hover, resize, theme, copyPaste = "copy+paste", middlePaste = "middle-paste", trim = "empty-long-field", marker
    }

    /// How often each kind is picked (markers and trims are scheduled, not drawn).
    private static let weights: [(Kind, Int)] = [
        (.text, 18), (.key, 22), (.shortcut, 6), (.click, 12), (.doubleClick, 4), (.tripleClick, 3), (.drag, 5),
        (.wheel, 6), (.burst, 1), (.hover, 5), (.resize, 3), (.theme, 1), (.copyPaste, 3), (.middlePaste, 2),
    ]
    /// Fields a marker is typed into: enabled single-line fields without icons, limits or secrets,
    /// so a click in the middle focuses them and every marker character is kept.
    private static let markerFields = ["label", "placeholder", "prefilled", "note", "no-label", "helper", "error",
                                       "email", "dense", "disappears", "long"].flatMap { ["filled-\($0)", "outlined-\($0)"] }
    /// Fields whose delegate keeps the keyboard while their text is invalid (the catalog's
    /// quantity, 1 to 99 or empty): a marker empties one first, as a user would.
    private static let focusHolders = ["uikit-quantity"]
    /// What random typing draws from: ASCII words and punctuation, Latin-1, combining marks, Greek,
    /// Cyrillic, CJK, Hebrew, Arabic, symbols, an emoji, a ZWJ family and a flag.
    private static let words = ["a", "the", "soak", "Field", "xyz", "Lorem", "ipsum", "42", "3.14", "@", "name@example.com",
                                "!?", "(x)", "a-b", "_", "\"q\"", "#1", "~/", "100%"]
    private static let foreign = ["é", "ñ", "ü", "ß", "ø", "ç", "\u{A0}", "e\u{301}", "λ", "ж", "中文", "字", "שלום", "عربي",
                                  "☕", "→", "🎉", "👩\u{200D}👧", "🇵🇹", "Ⅻ"]
    /// The screen: as large as the largest window the soak asks for.
    static let screenWidth = 4000, screenHeight = 3000
    /// Fields longer than this are emptied, so copy and paste cannot double text without bound
    /// (growth the soak would then mistake for a leak).
    private static let trimLength = 500
    private static let markerInterval = 2.0

    private let options: Options
    private var random: SeededGenerator
    private let server: XvfbServer
    private let driver: InputDriver
    private let catalog = Process()
    private let statePath: String
    private let stderrPath: String
    private var window: Window = 0
    private var invariants: Invariants
    private var state: QAState
    private var requestedSize = (width: 760, height: 720)
    private var initialTheme = ""
    private var themeSwitches = 0
    private var counts: [Kind: Int] = [:]
    /// The last actions, for the failure report.
    private var recent: [String] = []
    private var latencies: [Double] = []
    /// From a marker's resize to the state that shows the new size.
    private var resizeLatencies: [Double] = []
    /// The issue fixes a second for the typed marker only; the resize, scroll and click that
    /// prepare it get a margin for a loaded machine (a first frame at scale 4 on a 4000x3000
    /// screen takes Xvfb over a second there).
    private var settleWithin: Double { max(5, options.answerWithin) }
    private var markerNumber = 0
    private var started = 0.0
    /// The catalog's resident size and, within it, its anonymous memory (heap and stacks; the
    /// rest is pages of files it maps: fonts, libraries, the binary).
    private var rssSamples: [(time: Double, kilobytes: Int, anonymous: Int)] = []
    private var lastRSSSample = -1.0

    init(options: Options) throws {
        self.options = options
        random = SeededGenerator(seed: options.seed)
        guard FileManager.default.isExecutableFile(atPath: options.catalog) else {
            throw SoakError("no catalog binary at \(options.catalog); build it first (`swift build`)")
        }
        server = try XvfbServer(width: Self.screenWidth, height: Self.screenHeight)
        driver = try InputDriver(server: server)
        try driver.makeTypeable((Self.words + Self.foreign).joined() + "qjx0123456789")
        let directory = NSTemporaryDirectory()
        statePath = directory + "soak-state-\(UUID().uuidString).json"
        stderrPath = directory + "soak-stderr-\(UUID().uuidString).txt"
        _ = FileManager.default.createFile(atPath: stderrPath, contents: nil)
        catalog.executableURL = URL(fileURLWithPath: options.catalog)
        catalog.arguments = ["--qa-state", statePath, "--size", "\(requestedSize.width)x\(requestedSize.height)",
                             "--scale", String(options.scale)]
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = server.displayName
        catalog.environment = environment
        catalog.standardInput = FileHandle.nullDevice
        catalog.standardOutput = FileHandle.nullDevice
        catalog.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: stderrPath))
        try catalog.run()

        var first: QAState?
        let driver = self.driver, statePath = self.statePath, catalog = self.catalog
        var found: Window = 0
        // Generous: under load a debug build takes seconds to open its fonts.
        _ = waitUntil(timeout: 30) {
            guard catalog.isRunning else { return true }
            if found == 0 { found = driver.findWindow(named: "Material text fields") ?? 0 }
            first = QAState.read(from: statePath)
            return found != 0 && first != nil
        }
        guard let first, found != 0 else {
            let why = catalog.isRunning ? "its window and QA state did not appear within 30 s" : "it exited at start"
            catalog.isRunning ? catalog.terminate() : ()
            throw SoakError("the catalog did not start: \(why)\n\(Self.head(of: stderrPath))")
        }
        window = found
        state = first
        initialTheme = first.theme
        invariants = Invariants(first: first)
    }

    deinit {
        if catalog.isRunning { catalog.terminate(); catalog.waitUntilExit() }
        try? FileManager.default.removeItem(atPath: statePath)
        try? FileManager.default.removeItem(atPath: stderrPath)
    }

    private var replay: String {
        "./run.sh soak \(Int(options.seconds)) --seed \(options.seed)" + (options.scale == 1 ? "" : " --scale \(options.scale)")
    }

    private var now: Double { ProcessInfo.processInfo.systemUptime }
    private var elapsed: Double { now - started }

    // MARK: The run

    /// Drives the catalog for the configured time; prints the summary; returns the exit status.
    func run() -> Int32 {
        say("seed \(options.seed) (replay: \(replay)), "
            + "\(Int(options.seconds)) s, scale \(options.scale), catalog \(options.catalog) pid \(catalog.processIdentifier), display \(server.displayName)")
        started = now
        sampleMemory(force: true)
        var failure: String?
        do {
            try checkState(fresh: true)
            // Every kind once first, both size extremes among them, so the memory baseline taken
            // after the warm-up already includes what each of them allocates for good.
            for kind in Kind.allCases where kind != .marker && kind != .trim {
                try perform(kind)
                if kind == .resize { try resize(to: (Self.screenWidth, Self.screenHeight)); try resize(to: (1, 1)) }
                try afterAction()
            }
            try marker()
            var nextMarker = now + Self.markerInterval
            var nextCheck = now
            while elapsed < options.seconds {
                try perform(pick())
                try afterAction()
                if now >= nextCheck {
                    try checkState(fresh: false)
                    try trimIfLong()
                    nextCheck = now + 0.25
                }
                if now >= nextMarker {
                    try marker()
                    nextMarker = now + Self.markerInterval
                }
            }
            try marker()
            try close()
        } catch let error as SoakFailure {
            failure = error.reason
        } catch {
            failure = "\(error)"
        }
        if failure == nil { failure = memoryVerdict() }
        summary()
        guard let failure else {
            say("passed")
            return 0
        }
        say("FAILED: \(failure)")
        say("last actions, oldest first:")
        for line in recent { say("  \(line)") }
        // The start of it: a crash report opens with the reason and the crashed thread's frames.
        let errors = Self.head(of: stderrPath)
        if !errors.isEmpty { say("catalog stderr (first lines):\n\(errors)") }
        say("replay: \(replay)")
        return 1
    }

    private func pick() -> Kind {
        let total = Self.weights.reduce(0) { $0 + $1.1 }
        var roll = Int.random(in: 0..<total, using: &random)
        for (kind, weight) in Self.weights {
            if roll < weight { return kind }
            roll -= weight
        }
        return .key
    }

    private func note(_ kind: Kind, _ detail: String) {
        counts[kind, default: 0] += 1
        recent.append(String(format: "%7.2f s  %@ %@", elapsed, kind.rawValue, detail))
        if recent.count > 30 { recent.removeFirst(recent.count - 30) }
    }

    /// After every action: the server has seen it, the catalog still runs, a short random pause
    /// (so events arrive both in bursts and one by one) and a memory sample now and then.
    private func afterAction() throws {
        driver.sync()
        try ensureAlive()
        let pause = Int.random(in: 0...12, using: &random)
        if pause > 0 { usleep(UInt32(pause) * 1000) }
        sampleMemory(force: false)
    }

    private func ensureAlive() throws {
        guard !catalog.isRunning else { return }
        let how = catalog.terminationReason == .uncaughtSignal
            ? "killed by signal \(catalog.terminationStatus)" : "exited with status \(catalog.terminationStatus)"
        throw SoakFailure(reason: "the catalog died (\(how)) after \(String(format: "%.1f", elapsed)) s")
    }

    // MARK: Actions

    private func perform(_ kind: Kind) throws {
        switch kind {
        case .text:
            var text = ""
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                text += Bool.random(using: &random) ? Self.words.randomElement(using: &random)! : Self.foreign.randomElement(using: &random)!
                if Int.random(in: 0..<3, using: &random) == 0 { text += " " }
            }
            driver.type(text)
            note(kind, quote(text))
        case .burst:
            // A fast typist or a stuck key: a few hundred keys with no pause between them, which
            // the catalog must take in slices between redraws without falling behind for good.
            var text = ""
            let count = Int.random(in: 50...400, using: &random)
            while text.unicodeScalars.count < count {
                text += Int.random(in: 0..<4, using: &random) == 0 ? Self.foreign.randomElement(using: &random)! : Self.words.randomElement(using: &random)!
                text += " "
            }
            driver.type(text)
            let deletes = Int.random(in: 0...count, using: &random)
            for _ in 0..<deletes { driver.key(named: "BackSpace") }
            note(kind, "\(text.unicodeScalars.count) scalars typed, \(deletes) BackSpaces")
        case .key:
            let names = ["Left", "Right", "Up", "Down", "Home", "End", "BackSpace", "Delete", "Tab", "Return", "Escape",
                         "KP_Left", "KP_Home", "KP_Delete"]
            let name = names.randomElement(using: &random)!
            var modifiers: InputDriver.Modifiers = []
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<10: break
            case 10..<15: modifiers = .shift
            case 15..<18: modifiers = .control
            default: modifiers = [.shift, .control]
            }
            // Escape and Tab are rarer than editing keys: each ends or moves the editing.
            let times = ["Tab", "Escape", "Return"].contains(name) ? 1 : Int.random(in: 1...4, using: &random)
            for _ in 0..<times { driver.key(named: name, modifiers) }
            note(kind, "\(modifiers.contains(.control) ? "Ctrl+" : "")\(modifiers.contains(.shift) ? "Shift+" : "")\(name) x\(times)")
        case .shortcut:
            let (letter, modifiers): (String, InputDriver.Modifiers) = [
                ("a", [.control]), ("z", [.control]), ("y", [.control]), ("z", [.control, .shift]), ("x", [.control]),
                ("c", [.control]), ("v", [.control]),
            ].randomElement(using: &random)!
            if letter == "x" || letter == "c", try selectionLength() > Self.trimLength / 2 {
                // Copying or cutting a long selection feeds the paste growth the trim keeps down.
                driver.key(named: "Right")
                note(kind, "Right (instead of copying a long selection)")
                return
            }
            driver.key(named: letter, modifiers)
            note(kind, "\(modifiers.contains(.shift) ? "Ctrl+Shift+" : "Ctrl+")\(letter.uppercased())")
        case .click:
            let point = pickPoint()
            driver.move(to: point.x, point.y)
            driver.click()
            note(kind, "at \(point)")
        case .doubleClick, .tripleClick:
            let point = pickPoint()
            driver.move(to: point.x, point.y)
            for index in 0..<(kind == .doubleClick ? 2 : 3) {
                if index > 0 { driver.sync(); usleep(UInt32(Int.random(in: 10...60, using: &random)) * 1000) }
                driver.click()
            }
            note(kind, "at \(point)")
        case .drag:
            let from = pickPoint()
            // A third of the drags end outside the window, where a held drag keeps selecting.
            let to = Int.random(in: 0..<3, using: &random) == 0 ? pickOutside() : pickPoint()
            driver.move(to: from.x, from.y)
            driver.button(1, pressed: true)
            let steps = Int.random(in: 2...8, using: &random)
            for step in 1...steps {
                let x = from.x + (to.x - from.x) * step / steps, y = from.y + (to.y - from.y) * step / steps
                driver.move(to: x, y)
                driver.sync()
                usleep(UInt32(Int.random(in: 5...30, using: &random)) * 1000)
            }
            let hold = Int.random(in: 0...300, using: &random)
            usleep(UInt32(hold) * 1000)
            driver.button(1, pressed: false)
            note(kind, "\(from) -> \(to), held \(hold) ms")
        case .wheel:
            let point = pickPoint()
            let up = Bool.random(using: &random)
            let steps = Int.random(in: 1...6, using: &random)
            driver.move(to: point.x, point.y)
            for _ in 0..<steps { driver.click(up ? 4 : 5) }
            note(kind, "\(up ? "up" : "down") x\(steps) at \(point)")
        case .hover:
            let point = Int.random(in: 0..<5, using: &random) == 0 ? pickOutside() : pickPoint()
            driver.move(to: point.x, point.y)
            note(kind, "to \(point)")
        case .resize:
            let size: (Int, Int)
            switch Int.random(in: 0..<20, using: &random) {
            case 0: size = (1, 1)
            case 1: size = (Self.screenWidth, Self.screenHeight)
            case 2..<5: size = (Int.random(in: 1...60, using: &random), Int.random(in: 1...60, using: &random))
            case 5..<7: size = (Int.random(in: 1...Self.screenWidth, using: &random), Int.random(in: 1...Self.screenHeight, using: &random))
            default: size = (Int.random(in: 240...1600, using: &random), Int.random(in: 200...1200, using: &random))
            }
            try resize(to: size)
        case .theme:
            driver.key(named: "t", .control)
            themeSwitches += 1
            note(kind, "Ctrl+T (\(themeSwitches) so far)")
        case .copyPaste:
            // Select a word, copy it, paste it into another field.
            let from = pickPoint()
            driver.move(to: from.x, from.y)
            driver.click()
            driver.sync()
            usleep(20_000)
            driver.click()
            driver.sync()
            usleep(30_000)
            if try selectionLength(fresh: true) <= Self.trimLength / 2 {
                driver.key(named: "c", .control)
            }
            let to = pickPoint()
            driver.move(to: to.x, to.y)
            driver.click()
            driver.key(named: "v", .control)
            note(kind, "word at \(from) pasted at \(to)")
        case .middlePaste:
            // PRIMARY is the selection last made: after Ctrl+A in a long text a middle click
            // doubles it, and in a window too small to show the field the trim cannot empty it,
            // so a few of them grew a text to megabytes (memory the verdict then took for a leak).
            if try selectionLength(fresh: true) > Self.trimLength / 2 {
                driver.key(named: "Right")
                note(kind, "Right (instead of pasting a long selection)")
                return
            }
            let point = pickPoint()
            driver.move(to: point.x, point.y)
            driver.click(2)
            note(kind, "at \(point)")
        case .trim, .marker:
            break
        }
    }

    /// A point on a field that shows in the window (four times in five) or anywhere in or just
    /// around the window.
    private func pickPoint() -> (x: Int, y: Int) {
        let width = Double(state.window.width), height = Double(state.window.height)
        let shown = state.fields.filter { field in
            field.frame.count == 4 && field.frame[0] < width && field.frame[1] < height
                && field.frame[0] + field.frame[2] > 0 && field.frame[1] + field.frame[3] > 0
        }
        if Int.random(in: 0..<5, using: &random) > 0, let field = shown.randomElement(using: &random) {
            let frame = field.outerFrame
            let x = frame[0] + Double.random(in: -4...(frame[2] + 4), using: &random)
            let y = frame[1] + Double.random(in: -4...(frame[3] + 4), using: &random)
            return (Int(x.rounded()), Int(y.rounded()))
        }
        return (Int.random(in: -20...(Int(width) + 20), using: &random), Int.random(in: -20...(Int(height) + 20), using: &random))
    }

    private func pickOutside() -> (x: Int, y: Int) {
        let width = Int(state.window.width), height = Int(state.window.height)
        return [(-200, Int.random(in: -200...height + 200, using: &random)),
                (width + Int.random(in: 1...400, using: &random), Int.random(in: 0...height, using: &random)),
                (Int.random(in: 0...width, using: &random), height + Int.random(in: 1...400, using: &random)),
                (Int.random(in: 0...width, using: &random), -150)].randomElement(using: &random)!
    }

    private func resize(to size: (Int, Int)) throws {
        driver.resize(window, width: size.0, height: size.1)
        requestedSize = size
        note(.resize, "to \(size.0)x\(size.1)")
        try afterAction()
    }

    /// The focused field's selection, in graphemes, from the last state (or a fresh one).
    private func selectionLength(fresh: Bool = false) throws -> Int {
        if fresh, let current = QAState.read(from: statePath) { try adopt(current) }
        guard let field = state.fields.first(where: \.focused), field.selection.count == 2 else { return 0 }
        return field.selection[1] - field.selection[0]
    }

    /// Empties the focused field, or a shown one, when it has grown past the trim length.
    private func trimIfLong() throws {
        guard let field = state.fields.first(where: { ($0.text?.count ?? 0) > Self.trimLength && $0.state != "disabled" }) else { return }
        if !field.focused {
            let frame = field.frame
            guard frame[0] >= 0, frame[1] >= 0, frame[0] + frame[2] <= state.window.width,
                  frame[1] + frame[3] <= state.window.height else { return }
            driver.move(to: Int(frame[0] + frame[2] / 2), Int(frame[1] + frame[3] / 2))
            driver.click()
        }
        driver.key(named: "a", .control)
        driver.key(named: "BackSpace")
        note(.trim, "\(field.id) (\(field.text?.count ?? 0) graphemes)")
        try afterAction()
    }

    // MARK: Checks

    /// Reads the QA state (waiting for one when `fresh`) and checks every invariant in it.
    private func checkState(fresh: Bool) throws {
        let loaded: QAState?
        do { loaded = try QAState.load(from: statePath) } catch { throw SoakFailure(reason: "\(error)") }
        guard let current = loaded else {
            if fresh { throw SoakFailure(reason: "the QA state file \(statePath) cannot be read") }
            return
        }
        try adopt(current)
    }

    /// Makes `new` the state the next actions aim with, once it passes every invariant (so the
    /// soak only ever aims with finite frames).
    private func adopt(_ new: QAState, extra: [String] = []) throws {
        let broken = invariants.violations(in: new) + extra
        if !broken.isEmpty {
            throw SoakFailure(reason: "invariant broken after \(String(format: "%.1f", elapsed)) s:\n    "
                              + broken.prefix(8).joined(separator: "\n    "))
        }
        state = new
    }

    /// Types a unique marker into a known field and waits for it in the QA state: the catalog
    /// answers within `answerWithin` seconds or the soak fails. The state that shows the marker
    /// must also show the window's requested size and the theme every Ctrl+T sent so far asks for.
    private func marker() throws {
        try ensureAlive()
        // A resize first, as a point of order: the state that shows the new size was written after
        // the catalog had handled every event sent before it, so its frames are where a click lands.
        // Large enough that the first field shows at the top of the page at the catalog's scale.
        let least = (width: Int(400 * options.scale), height: Int(300 * options.scale))
        var size = requestedSize
        while size == requestedSize {
            size = (Int.random(in: least.width...least.width * 3, using: &random), Int.random(in: least.height...least.height * 3, using: &random))
            size = (min(size.0, Self.screenWidth), min(size.1, Self.screenHeight))
        }
        try resize(to: size)
        let resized = now
        guard let sized = waitForState(timeout: settleWithin, {
            $0.window.width == Double(size.0) && $0.window.height == Double(size.1)
        }) else {
            throw SoakFailure(reason: "stopped answering: the window did not take its new size \(size.0)x\(size.1) within \(settleWithin) s")
        }
        resizeLatencies.append(now - resized)
        try adopt(sized)
        if let holder = state.fields.first(where: { $0.focused && Self.focusHolders.contains($0.id) }) {
            // Emptied before the page goes back to the top: the keys reveal its caret.
            driver.key(named: "a", .control)
            driver.key(named: "BackSpace")
            driver.sync()
            note(.key, "Ctrl+A BackSpace: \(holder.id) holds the keyboard while invalid")
            guard let emptied = waitForState(timeout: settleWithin, { $0.field(holder.id)?.text?.isEmpty == true }) else {
                throw SoakFailure(reason: "stopped answering: \(holder.id) was not emptied within \(settleWithin) s")
            }
            try adopt(emptied)
        }
        func candidates() -> [QAState.Field] {
            state.fields.filter { field in
                let frame = field.frame
                return Self.markerFields.contains(field.id) && frame[0] >= 0 && frame[1] >= 0
                    && frame[0] + frame[2] <= state.window.width && frame[1] + frame[3] <= state.window.height
            }
        }
        if candidates().isEmpty {
            // Back to the top of the page, where the first column's first field always shows: the
            // wheel over the left margin scrolls the page, never a text area.
            driver.move(to: 2, Int(state.window.height / 2))
            for _ in 0...min(Int(state.window.scrollOffset / (48 * options.scale)) + 1, 1000) { driver.click(4) }
            note(.wheel, "to the top for a marker")
            driver.sync()
            guard let top = waitForState(timeout: settleWithin, { $0.window.scrollOffset == 0 }) else {
                throw SoakFailure(reason: "stopped answering: the page did not scroll to the top within \(settleWithin) s")
            }
            try adopt(top)
        }
        // A paste answered late can still move fields (a text area growing): a click that focuses
        // another field is tried again from the newer state.
        var target: QAState.Field?
        for _ in 0..<3 where target == nil {
            guard let field = candidates().randomElement(using: &random) else {
                throw SoakFailure(reason: "no field to type a marker into shows in a \(state.window.width)x\(state.window.height) window at the top of the page")
            }
            driver.move(to: Int(field.frame[0] + field.frame[2] / 2), Int(field.frame[1] + field.frame[3] / 2))
            driver.click()
            driver.sync()
            if let focused = waitForState(timeout: settleWithin, { $0.field(field.id)?.focused == true }) {
                try adopt(focused)
                target = field
            } else {
                try ensureAlive()
                if let newer = QAState.read(from: statePath) { try adopt(newer) }
            }
        }
        guard let field = target else {
            throw SoakFailure(reason: "stopped answering: three clicks into marker fields did not focus them within \(settleWithin) s each")
        }
        markerNumber += 1
        let text = "qj\(markerNumber)x"
        driver.type(text)
        driver.sync()
        let sent = now
        note(.marker, "\(text) into \(field.id)")
        // Ctrl+T switches within a pair: light and dark, high-contrast and high-contrast-dark.
        let counterpart = ["light": "dark", "dark": "light", "high-contrast": "high-contrast-dark",
                           "high-contrast-dark": "high-contrast"][initialTheme] ?? initialTheme
        let expectedTheme = themeSwitches % 2 == 0 ? initialTheme : counterpart
        guard let answered = waitForState(timeout: options.answerWithin, { $0.field(field.id)?.text?.contains(text) == true }) else {
            try ensureAlive()
            let current = QAState.read(from: statePath)?.field(field.id)
            throw SoakFailure(reason: "stopped answering: marker \(text) typed into \(field.id) did not reach the QA state within "
                              + "\(options.answerWithin) s (its text there: \(current?.text.map { quote($0) } ?? "unreadable"))")
        }
        latencies.append(now - sent)
        try adopt(answered, extra:
            (answered.theme == expectedTheme ? [] : ["theme '\(answered.theme)' after \(themeSwitches) Ctrl+T from '\(initialTheme)'"])
            + (answered.window.width == Double(requestedSize.width) && answered.window.height == Double(requestedSize.height)
                ? [] : ["window \(answered.window.width)x\(answered.window.height), requested \(requestedSize.width)x\(requestedSize.height)"]))
    }

    private func waitForState(timeout: Double, _ condition: (QAState) -> Bool) -> QAState? {
        let deadline = now + timeout
        repeat {
            if let current = QAState.read(from: statePath), condition(current) { return current }
            usleep(5_000)
        } while now < deadline
        return nil
    }

    /// WM_DELETE_WINDOW: the catalog must close promptly with status 0 after all that.
    private func close() throws {
        sampleMemory(force: true)
        driver.requestClose(window)
        driver.sync()
        let asked = now
        guard waitUntil(timeout: 5, { !catalog.isRunning }) else {
            throw SoakFailure(reason: "the catalog did not close within 5 s of WM_DELETE_WINDOW")
        }
        say(String(format: "closed on WM_DELETE_WINDOW in %.0f ms", (now - asked) * 1000))
        if catalog.terminationReason == .uncaughtSignal || catalog.terminationStatus != 0 {
            try ensureAliveAfterClose()
        }
    }

    private func ensureAliveAfterClose() throws {
        let how = catalog.terminationReason == .uncaughtSignal
            ? "was killed by signal \(catalog.terminationStatus)" : "exited with status \(catalog.terminationStatus)"
        throw SoakFailure(reason: "asked to close, the catalog \(how) (expected status 0)")
    }

    // MARK: Memory and CPU

    private func sampleMemory(force: Bool) {
        guard force || now - lastRSSSample >= 0.5, catalog.isRunning,
              let kilobytes = Self.residentKilobytes(of: catalog.processIdentifier) else { return }
        lastRSSSample = now
        let anonymous = Self.residentKilobytes(of: catalog.processIdentifier, field: "RssAnon:") ?? kilobytes
        rssSamples.append((elapsed, kilobytes, anonymous))
        // Read while the process lives: once it has exited and been reaped, /proc forgets it.
        lastCPU = Self.cpuSeconds(of: catalog.processIdentifier) ?? lastCPU
    }

    static func residentKilobytes(of pid: Int32, field: String = "VmRSS:") -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
    }

    /// User and system CPU seconds from /proc/PID/stat (fields 14 and 15, after the command name).
    static func cpuSeconds(of pid: Int32) -> (user: Double, system: Double)? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        return (user / ticks, system / ticks)
    }

    private var lastCPU: (user: Double, system: Double)?

    private var warmSample: (time: Double, kilobytes: Int, anonymous: Int)? {
        rssSamples.first { $0.time >= options.warmUp }
    }

    /// nil when the anonymous memory after the warm-up grew by less than 10 % of the resident size
    /// at the warm-up. A leak is anonymous memory; pages of a font or library touched for the first
    /// time late in a run (a script's fallback face, say) are file pages, bounded by the files and
    /// shared, and judged as growth they failed a run whose heap was flat.
    private func memoryVerdict() -> String? {
        guard let warm = warmSample, let end = rssSamples.last, end.time > warm.time else { return nil }
        let peak = rssSamples.filter { $0.time >= warm.time }.max { $0.anonymous < $1.anonymous }!
        let limit = Double(warm.anonymous) + Double(warm.kilobytes) * 0.10
        func grew(_ sample: (time: Double, kilobytes: Int, anonymous: Int), _ when: String) -> String {
            "anonymous memory grew more than 10 % of the resident size: \(sample.anonymous) kB \(when) against "
                + "\(warm.anonymous) kB at \(String(format: "%.1f", warm.time)) s (resident \(warm.kilobytes) kB then)"
        }
        if Double(peak.anonymous) > limit { return grew(peak, "at \(String(format: "%.1f", peak.time)) s") }
        if Double(end.anonymous) > limit { return grew(end, "at the end") }
        return nil
    }

    private func summary() {
        let total = counts.values.reduce(0, +)
        let kinds = Kind.allCases.compactMap { kind in counts[kind].map { "\(kind.rawValue) \($0)" } }.joined(separator: ", ")
        say(String(format: "%.1f s, %d actions: %@", elapsed, total, kinds))
        if !latencies.isEmpty {
            let sorted = latencies.sorted()
            say(String(format: "markers answered %d, latency median %.0f ms, max %.0f ms; their resizes shown in max %.0f ms",
                       sorted.count, sorted[sorted.count / 2] * 1000, sorted.last! * 1000, (resizeLatencies.max() ?? 0) * 1000))
        }
        func megabytes(_ kilobytes: Int) -> String { String(format: "%.1f MB", Double(kilobytes) / 1024) }
        if let start = rssSamples.first, let end = rssSamples.last {
            var line = "RSS start \(megabytes(start.kilobytes))"
            if let warm = warmSample {
                let peak = rssSamples.filter { $0.time >= warm.time }.map(\.kilobytes).max()!
                func change(_ value: Int) -> String { String(format: "%+.1f %%", (Double(value) / Double(warm.kilobytes) - 1) * 100) }
                line += String(format: ", after the warm-up (%.0f s) %@, then peak %@ (%@), end %@ (%@)", warm.time, megabytes(warm.kilobytes),
                               megabytes(peak), change(peak), megabytes(end.kilobytes), change(end.kilobytes))
            } else {
                line += ", end \(megabytes(end.kilobytes)) (shorter than the \(Int(options.warmUp)) s warm-up: no growth verdict)"
            }
            say(line)
            // Whether growth levels off or keeps going shows only over time.
            var timeline: [String] = []
            for mark in stride(from: 0.0, through: elapsed, by: 30) {
                if let sample = rssSamples.first(where: { $0.time >= mark }) {
                    timeline.append(String(format: "%.0fs %.1f", sample.time, Double(sample.kilobytes) / 1024))
                }
            }
            say("RSS every 30 s (MB): " + timeline.joined(separator: ", "))
            var anonymous: [String] = []
            for mark in stride(from: 0.0, through: elapsed, by: 30) {
                if let sample = rssSamples.first(where: { $0.time >= mark }) {
                    anonymous.append(String(format: "%.0fs %.1f", sample.time, Double(sample.anonymous) / 1024))
                }
            }
            say("of which anonymous (MB): " + anonymous.joined(separator: ", "))
        }
        if let cpu = lastCPU {
            say(String(format: "catalog CPU %.1f s (user %.1f, system %.1f) in %.1f s", cpu.user + cpu.system, cpu.user,
                       cpu.system, elapsed))
        }
    }

    static func head(of path: String, lines: Int = 40) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return "" }
        return text.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines).joined(separator: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
