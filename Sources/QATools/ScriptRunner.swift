import MaterialFields
import XftHost

/// What a script drives: an app's scene of fields and the app's own state around it.
public protocol ScriptableApp: AnyObject {
    /// The scene steps go to. `restart(scale:)` may replace it.
    var scene: FieldScene { get }
    /// Builds the app afresh at `scale` (HiDPI): a `scale` step.
    func restart(scale: Double)
    /// One of `QAScript.themeNames`: `light`, `dark`, `high-contrast`, `high-contrast-dark`.
    func setTheme(_ name: String)
    /// The QA state: an object with `fields` (objects with `id`) and `window`.
    func qaState() -> JSONValue?
    /// A `design` step: the fields drawn by Material 2 or 3 (in the theme's light or dark). An
    /// app without the switch throws (the default), and the step fails saying so.
    func setDesign(_ design: MaterialDesign) throws
    /// A `seed` step: the colour Material 3's scheme is generated from.
    func setSeed(_ seed: Color) throws
}

extension ScriptableApp {
    public func setDesign(_ design: MaterialDesign) throws {
        throw ScriptRunner.StepFailure(message: "design: this app does not switch between Material 2 and 3")
    }

    public func setSeed(_ seed: Color) throws {
        throw ScriptRunner.StepFailure(message: "seed: this app has no Material 3 seed colour")
    }
}

/// Runs `QAScript`s against an app headless: the scene draws into a pixmap, input goes through
/// the scene's `handle` exactly as the window host sends it, and time is virtual. Time moves only
/// when a step says so (`wait`, `settle`), in frames paced as a live window paces them, so every
/// run of a script draws the same frames and a screenshot taken mid-animation has the same bytes
/// every time.
public final class ScriptRunner {
    /// The pacing of a live window's frames (60 per second).
    public static let frameInterval = WindowHost.frameInterval
    /// A `settle` that has not seen every animation end within this much virtual time gives up.
    public static let settleLimit = 3600.0
    /// The longest side of a screenshot, though a window may be 16384 pixels on a side: a
    /// 16384 x 16384 shot is 1 GiB of pixels in the X server's pixmap, 2 GiB more in this process
    /// (the image read back and its RGBA copy) and half a minute to over a minute to take and
    /// write; no screenshot of ours comes near it (the catalog at scale 4 is 3040 x 2880).
    public static let maximumScreenshotSide = 8192

    /// Why a screenshot of `width` x `height` is refused (nil: it is not), said of `subject`
    /// ("the 9000x100 window is larger than a screenshot may be (...)").
    public static func screenshotRefusal(_ subject: String, width: Int, height: Int) -> String? {
        guard width > maximumScreenshotSide || height > maximumScreenshotSide else { return nil }
        return "\(subject) is larger than a screenshot may be (at most \(maximumScreenshotSide) pixels on a side: "
            + "a 16384x16384 one holds 3 GiB of memory and takes over half a minute)"
    }

    private let host: WindowHost
    private let app: ScriptableApp
    private var size: Size
    private var surface: OffscreenSurface?
    private let sceneHost = ScriptSceneHost()
    private var clicks = ClickCounter()
    /// The virtual clock, in seconds since the script started.
    public private(set) var time = 0.0
    private var lastFrameTime = -Double.infinity
    /// Where the pointer is (window pixels), for the wheel.
    private var pointer: Point?

    /// What a `screenshot` step does with the image: by default the PNG is written to the path,
    /// relative to `outputDirectory` (or the working directory). A golden comparison replaces it.
    public var screenshotHandler: ((_ path: String, _ image: RGBAImage) throws -> Void)?
    public var outputDirectory: String?
    /// The tolerance and masks of the screenshot being taken, for a screenshot handler (the
    /// image it is given already has the masks painted in).
    public private(set) var currentShot = ShotCheck.plain
    /// What an `audit` step measures: the app's fields as subjects (`FieldSubject`: a maker of
    /// a fresh one as the app configures it, and its sample text), the same the state matrix
    /// renders (the audit puts fresh fields in every state, so the script's own fields are left
    /// as they are). Nil: the app offers none, and an `audit` step fails saying so.
    public var auditSubjects: (() -> [FieldSubject])?
    /// Where an `audit` step's reports go (the catalog prints their tables on stdout).
    public var auditHandler: ((FieldAudit) -> Void)?
    /// What a `checkpoint` step does with the image; by default it is compared with the one the
    /// recording saved (`QAScript.checkpointDirectory`). The recorder replaces it to take the image.
    public var checkpointHandler: ((_ name: String, _ image: RGBAImage) throws -> Void)?
    /// The file and line of the step running now (for a screenshot handler's messages).
    public private(set) var currentStep = (file: "", line: 0)
    /// Steps run, expectations met and screenshots taken, for the summary line.
    public private(set) var counts = (steps: 0, expectations: 0, screenshots: 0)

    public init(host: WindowHost, app: ScriptableApp, size: Size) {
        self.host = host
        self.app = app
        self.size = size
    }

    private var scene: FieldScene { app.scene }

    /// With `keepsGoing`, a step that fails is recorded and the next one runs: an `expect` that
    /// does not hold leaves the state as it is, a step that cannot run (an unknown field, a
    /// refused screenshot) is skipped. Without it, the script stops at its first failure.
    public var keepsGoing = false
    /// Every failure of the last `run`, in order (at most one without `keepsGoing`).
    public private(set) var failures: [QAScript.Failure] = []
    /// Called at the end of every step, passed or failed, with the virtual time then (a report
    /// lists the steps; `--qa-state` writes the state there).
    public var stepDidEnd: ((_ line: QAScript.Line, _ outcome: StepOutcome) -> Void)?

    /// How one step ended.
    public enum StepOutcome {
        case passed
        /// An `expect` or `expect-pixel` that did not hold.
        case failed(QAScript.Failure)
        /// A step that could not run (an unknown field, a point outside the window, a refused
        /// screenshot): nothing it would have done was done.
        case couldNotRun(QAScript.Failure)

        public var failure: QAScript.Failure? {
            switch self {
            case .passed: return nil
            case .failed(let failure), .couldNotRun(let failure): return failure
            }
        }
    }

    /// Runs every step; throws `QAScript.Failure` (file and line) at the first that fails, or
    /// with `keepsGoing` runs them all and leaves every failure in `failures`.
    public func run(_ script: QAScript) throws {
        failures = []
        try start()
        for line in script.lines {
            currentStep = (script.file, line.number)
            let failure: QAScript.Failure
            do {
                try perform(line.step)
                counts.steps += 1
                stepDidEnd?(line, .passed)
                continue
            } catch let stepFailure as StepFailure {
                failure = QAScript.Failure(file: script.file, line: line.number, message: stepFailure.message)
            } catch let scriptFailure as QAScript.Failure {
                failure = scriptFailure
            } catch HostError.connectionLost {
                // Not the script's fault: the caller reports a lost server as any program would.
                throw HostError.connectionLost
            } catch {
                failure = QAScript.Failure(file: script.file, line: line.number, message: "\(error)")
            }
            failures.append(failure)
            stepDidEnd?(line, line.step.isExpectation ? .failed(failure) : .couldNotRun(failure))
            guard keepsGoing else { throw failure }
        }
    }

    struct StepFailure: Error { var message: String }

    private func start() throws {
        if surface == nil { surface = try OffscreenSurface(host: host, size: size) }
        try attachScene()
    }

    /// Gives the scene this runner's host, its size and a focused window (a caret shows, as in
    /// a window the user is typing into), and draws the first frame.
    private func attachScene() throws {
        sceneHost.clock = { [unowned self] in self.time }
        scene.host = sceneHost
        surface?.resize(to: size, scene: scene)
        scene.handle(.windowFocus(true), at: time)
        pointer = nil
        try render()
    }

    private func render() throws {
        guard let surface else { return }
        try surface.render(scene, at: time)
        lastFrameTime = time
    }

    private func send(_ event: InputEvent) {
        scene.handle(event, at: time)
        if case .pointerMoved(let point, _) = event { pointer = point }
        if case .pointerDown(let point, _, _, _) = event { pointer = point }
    }

    /// After a step's input: pastes asked for are answered (as the event loop would after the
    /// batch) and the frame at the current instant is drawn.
    private func finishInput() throws {
        for answer in sceneHost.takePendingAnswers() { answer() }
        try render()
    }

    private func perform(_ step: QAScript.Step) throws {
        switch step {
        case .scale(let factor):
            app.restart(scale: factor)
            clicks = ClickCounter()
            try attachScene()
        case .focus(let id):
            let field = try field(id)
            guard field.isEnabled else {
                throw StepFailure(message: "focus: \(id) is disabled and cannot be focused (to bring it into view, use `wheel` or `resize`)")
            }
            scene.focus(field, at: time)
            try finishInput()
        case .click(let id, let point, let kind):
            let location = try windowPoint(in: try field(id), at: point)
            try requireInsideWindow(location, what: "\(id) at that point")
            try click(at: location, kind)
        case .clickAt(let location, let kind):
            try requireInsideWindow(location, what: "the point", isField: false)
            try click(at: location, kind)
        case .hover(let id, let point):
            let location = try windowPoint(in: try field(id), at: point)
            try requireInsideWindow(location, what: "\(id) at that point")
            send(.pointerMoved(location, buttonHeld: false))
            try finishInput()
        case .moveTo(let location):
            try requireInsideWindow(location, what: "the point", isField: false)
            send(.pointerMoved(location, buttonHeld: false))
            try finishInput()
        case .drag(let id, let from, let to):
            let field = try field(id)
            let start = try windowPoint(in: field, at: from), end = try windowPoint(in: field, at: to)
            try requireInsideWindow(start, what: "the drag's start")
            press(at: start, .plain)
            // In steps, as a hand moves: a selection follows every motion event it gets.
            let steps = 8
            for index in 1...steps {
                let fraction = Double(index) / Double(steps)
                send(.pointerMoved(Point(x: start.x + (end.x - start.x) * fraction, y: start.y + (end.y - start.y) * fraction),
                                   buttonHeld: true))
            }
            send(.pointerUp(end, button: .primary))
            try finishInput()
        case .type(let text):
            for character in text {
                switch character {
                case "\n", "\r\n": send(.key(.enter, []))
                case "\t": send(.key(.tab, []))
                default: send(.text(String(character)))
                }
            }
            try finishInput()
        case .key(let chords):
            for chord in chords { if let event = chord.event { send(event) } }
            try finishInput()
        case .wheel(let steps):
            guard pointer != nil else {
                throw StepFailure(message: "wheel: the pointer is not over the window yet (click, hover or move-to first)")
            }
            send(.scroll(steps: steps))
            try finishInput()
        case .resize(let width, let height):
            size = Size(width: Double(width), height: Double(height))
            surface?.resize(to: size, scene: scene)
            try render()
        case .theme(let name):
            app.setTheme(name)
            try render()
        case .design(let design):
            try app.setDesign(design)
            try render()
        case .seed(let color):
            try app.setSeed(color)
            try render()
        case .clipboard(let text):
            sceneHost.setSelectionText(text, for: .clipboard)
        case .clipboardHTML(let html):
            // As a browser's copy: the styles as text/html, the text they show as the plain form.
            guard let styled = HTMLReader().attributedText(fromHTML: html) else {
                throw StepFailure(message: "clipboard-html: the HTML is larger than 16 MB")
            }
            sceneHost.setSelectionAttributedText(styled, for: .clipboard)
        case .preedit(let text):
            sceneHost.composing = text.isEmpty ? nil : text
            send(.preeditChanged(text.isEmpty ? nil : Preedit(text: text)))
            try finishInput()
        case .commit(let text):
            // As input methods do: the commit, then the preedit gone.
            sceneHost.composing = nil
            send(.inputMethodText(text))
            send(.preeditChanged(nil))
            try finishInput()
        case .wait(let milliseconds):
            try advance(to: time + milliseconds / 1000)
        case .settle:
            try settle()
        case .screenshot(let path, let shot):
            try takeScreenshot(path, shot)
        case .expect(let id, let key, let expected):
            try check(id: id, key: key, expected: expected)
            counts.expectations += 1
        case .expectPixel(let x, let y, let color, let tolerance):
            try checkPixel(x: x, y: y, color: color, tolerance: tolerance)
            counts.expectations += 1
        case .set(let id, let control):
            try set(control, on: id)
        case .audit(let id, let level):
            try audit(id, require: level)
            if level != nil { counts.expectations += 1 }
        case .checkpoint(let name):
            guard let surface else { return }
            let image = try surface.capture()
            if let checkpointHandler {
                try checkpointHandler(name, image)
            } else {
                // Beside the image: NAME.actual.png and NAME.diff.png when it differs (gone again once it matches).
                let directory = QAScript.checkpointDirectory(forScript: currentStep.file)
                let outcome = try GoldenSet(goldensDirectory: directory, failuresDirectory: directory).check(name, actual: image)
                if outcome.isFailure {
                    if case .missing = outcome {
                        throw StepFailure(message: "checkpoint \(name): no image \(SystemFiles.join(directory, name + ".png")) "
                            + "(a recorded session saves it there when Ctrl+Shift+S is pressed)")
                    }
                    throw StepFailure(message: "checkpoint \(outcome.message)")
                }
            }
            counts.expectations += 1
        }
    }

    // MARK: Audit

    /// `audit ID|all`: the field (every field) in the script's theme and scale, each state drawn
    /// apart and measured (`ContrastAudit`); with a level, every figure under it is named.
    private func audit(_ id: String, require level: WCAG.Level?) throws {
        guard let auditSubjects else { throw StepFailure(message: "audit: this app does not offer its fields to audit") }
        let ids = id == "all" ? scene.fields.map(\.identifier) : [try field(id, alsoSuggesting: ["all"]).identifier]
        let subjects = auditSubjects()
        let state = app.qaState()
        var theme: String
        if case .string(let name)? = state?.value(at: "window.theme") { theme = name } else { theme = "custom" }
        // Named as the matrix names it: `m3-light` when Material 3 draws.
        if case .string(let design)? = state?.value(at: "design"), design != MaterialDesign.m2.rawValue { theme = design + "-" + theme }
        let audits = try ContrastAudit(host: host, scheme: scene.scheme, metrics: scene.metrics, theme: theme)
            .audit(ids.compactMap { id in subjects.first { $0.id == id } })
        audits.forEach { auditHandler?($0) }
        guard let level else { return }
        let failures = audits.flatMap { audit in audit.failures(at: level).map { id == "all" ? "\(audit.id) \($0)" : $0 } }
        guard failures.isEmpty else {
            throw StepFailure(message: "audit \(id): " + failures.joined(separator: "; ") + " (--require \(level.rawValue))")
        }
    }

    // MARK: Screenshots

    /// Captures the window, a box of it or elements by id (`ShotGeometry`), paints the masks in,
    /// and hands the image to the handler (with `currentShot` set) or writes it.
    private func takeScreenshot(_ path: String, _ shot: ShotSpec) throws {
        guard let surface else { return }
        let geometry: ShotGeometry
        do {
            geometry = try ShotGeometry.resolve(shot, in: scene, windowWidth: surface.width, windowHeight: surface.height)
        } catch let failure as ShotGeometry.Failure {
            throw StepFailure(message: failure.message)
        }
        var image: RGBAImage
        if let region = geometry.region {
            guard region.x + region.width <= surface.width, region.y + region.height <= surface.height else {
                throw StepFailure(message: "screenshot: the region \(region.description) "
                    + "is not inside the \(surface.width)x\(surface.height) window")
            }
            image = try surface.capture(x: region.x, y: region.y, width: region.width, height: region.height)
        } else {
            if let refusal = Self.screenshotRefusal("the \(surface.width)x\(surface.height) window", width: surface.width,
                                                  height: surface.height) {
                throw StepFailure(message: "screenshot: \(refusal); take it in regions (screenshot PATH X Y W H)")
            }
            image = try surface.capture()
        }
        image = ShotGeometry.painting(geometry.masks, on: image)
        currentShot = ShotCheck(tolerance: shot.tolerance, masks: geometry.masks)
        defer { currentShot = .plain }
        if let screenshotHandler {
            try screenshotHandler(path, image)
        } else {
            try Self.writeScreenshot(image, to: resolved(path))
        }
        counts.screenshots += 1
    }

    /// A `set` step: the change the controls panel makes, at the current instant; the field
    /// animates to it as time moves on.
    private func set(_ control: FieldControl, on id: String) throws {
        let field = try field(id)
        field.advance(to: time)
        control.apply(to: field)
        try finishInput()
    }

    // MARK: Time

    /// Draws every frame a live window would draw until `target`, then the frame at `target`.
    private func advance(to target: Double) throws {
        while let wakeup = scene.nextWakeup(after: time) {
            let frame = WindowHost.nextFrame(wakeup: wakeup, lastFrame: lastFrameTime)
            guard frame < target else { break }
            time = frame
            try render()
        }
        time = max(time, target)
        try render()
    }

    private func settle() throws {
        let limit = time + Self.settleLimit
        while scene.fields.contains(where: { $0.isAnimating(at: time) }) {
            guard time < limit else {
                throw StepFailure(message: "settle: animations were still running after \(Int(Self.settleLimit)) s of virtual time")
            }
            try advance(to: time + Self.frameInterval)
        }
    }

    // MARK: Pointer

    private func press(at location: Point, _ kind: QAScript.ClickKind) {
        send(.pointerMoved(location, buttonHeld: false))
        let count = clicks.press(at: location, time: UInt(max(0, time * 1000).rounded()))
        send(.pointerDown(location, button: kind.button, clickCount: count, modifiers: kind.modifiers))
    }

    private func click(at location: Point, _ kind: QAScript.ClickKind) throws {
        press(at: location, kind)
        send(.pointerUp(location, button: kind.button))
        try finishInput()
    }

    /// What `expect` can check besides fields.
    static let stateSubjects = ["window", "clipboard", "primary"]

    private func field(_ id: String, alsoSuggesting extra: [String] = []) throws -> TextField {
        if let field = scene.fields.first(where: { $0.identifier == id }) { return field }
        throw StepFailure(message: Self.unknownFieldMessage(id, among: scene.fields.map(\.identifier) + extra))
    }

    /// What to say of an id no field has: the nearest of `ids`, asked as a question when it is
    /// near enough to be the one a typo meant; otherwise named with the families the ids begin
    /// with ("filled-", "outlined-"), so a guess far off still learns what an id looks like. And
    /// where the ids are listed. The catalog's `--focus` says the same.
    public static func unknownFieldMessage(_ id: String, among ids: [String]) -> String {
        let listed = "`textfield-catalog --list-fields` lists the ids"
        guard let nearest = ids.min(by: { editDistance($0, id) < editDistance($1, id) }) else {
            return "no field '\(id)' (there are no fields)"
        }
        if editDistance(nearest, id) <= max(2, id.count / 3) { return "no field '\(id)'; did you mean '\(nearest)'? (\(listed))" }
        var families: [String] = []
        for candidate in ids {
            guard let dash = candidate.firstIndex(of: "-") else { continue }
            let family = String(candidate[...dash])
            if !families.contains(family) { families.append(family) }
        }
        let shapes = families.isEmpty ? "" : ", and ids begin " + Self.alternatives(families.map { "'\($0)'" })
        return "no field '\(id)' (nothing is close: the nearest is '\(nearest)'\(shapes); \(listed))"
    }

    /// "a", "a or b", "a, b or c".
    private static func alternatives(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    /// A field-relative point in window pixels; nil is the container's centre.
    private func windowPoint(in field: TextField, at point: Point?) throws -> Point {
        guard let frame = scene.frame(of: field), let container = field.layout?.container else {
            throw StepFailure(message: "\(field.identifier) is not laid out (the window may be too small)")
        }
        let local = point ?? Point(x: container.midX, y: container.midY)
        return Point(x: frame.minX + local.x, y: frame.minY + local.y)
    }

    private func requireInsideWindow(_ point: Point, what: String, isField: Bool = true) throws {
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height else {
            throw StepFailure(message: "\(what) is outside the \(Int(size.width))x\(Int(size.height)) window "
                + "(at \(Self.pixels(point.x)), \(Self.pixels(point.y))): "
                + (isField ? "`focus ID` scrolls a field into view; `wheel` and `resize` also help" : "window points start at 0, 0"))
        }
    }

    // MARK: Checks

    private func check(id: String, key: String, expected: ExpectedValue) throws {
        let actual: JSONValue?
        let subject: JSONValue
        switch id {
        case "clipboard", "primary":
            guard key == "text" || (key == "html" && id == "clipboard") else {
                throw StepFailure(message: id == "clipboard" ? "expect clipboard: the keys are text and html" : "expect \(id): the only key is text")
            }
            let selection: SelectionKind = id == "clipboard" ? .clipboard : .primary
            // html: what a copy with styles offers other programs as text/html (null without styles).
            let html = sceneHost.styledSelections[selection].flatMap { $0.attributeRuns.isPlain ? nil : HTMLWriter.fragment(for: $0) }
            subject = .object(["text": sceneHost.selections[selection].map(JSONValue.string) ?? .null,
                               "html": html.map(JSONValue.string) ?? .null])
        default:
            guard let state = app.qaState() else {
                throw StepFailure(message: "expect: the QA state could not be read")
            }
            if id == "window" {
                subject = state.value(at: "window") ?? .object([:])
            } else {
                guard case .array(let fields)? = state.value(at: "fields"),
                      let match = fields.first(where: { $0.value(at: "id") == .string(id) }) else {
                    _ = try field(id, alsoSuggesting: Self.stateSubjects)
                    throw StepFailure(message: "expect: \(id) is not in the QA state")
                }
                subject = match
            }
        }
        actual = subject.value(at: key)
        guard let actual else { throw StepFailure(message: "expect \(id): \(Self.missingKeyMessage(key, in: subject))") }
        guard actual == expected.json else {
            throw StepFailure(message: "expect \(id) \(key): expected \(expected), found \(actual)")
        }
    }

    /// Where a dotted key stops resolving, and what it could have said there.
    static func missingKeyMessage(_ key: String, in subject: JSONValue) -> String {
        var resolved: [Substring] = []
        var current = subject
        for component in key.split(separator: ".", omittingEmptySubsequences: false) {
            guard let next = current.value(at: String(component)) else { break }
            resolved.append(component)
            current = next
        }
        let place = resolved.isEmpty ? "" : " in '\(resolved.joined(separator: "."))'"
        let missing = key.split(separator: ".", omittingEmptySubsequences: false)[resolved.count]
        switch current {
        case .object(let members):
            return "no key '\(missing)'\(place) (keys: \(members.keys.sorted().joined(separator: ", ")))"
        case .array(let elements):
            let range = elements.isEmpty ? "it is empty" : "indexes 0 to \(elements.count - 1)"
            return "no index '\(missing)'\(place) (\(range))"
        default:
            return "'\(resolved.joined(separator: "."))' is \(current), which has no '\(missing)'"
        }
    }

    private func checkPixel(x: Int, y: Int, color: QAScript.PixelColor, tolerance: Int) throws {
        guard let surface, x >= 0, y >= 0, x < surface.width, y < surface.height else {
            throw StepFailure(message: "expect-pixel: (\(x), \(y)) is outside the \(Int(size.width))x\(Int(size.height)) window")
        }
        let pixel = try surface.capture(x: x, y: y, width: 1, height: 1).pixel(x: 0, y: 0)
        let found = QAScript.PixelColor(red: pixel.red, green: pixel.green, blue: pixel.blue)
        let difference = max(abs(Int(found.red) - Int(color.red)), abs(Int(found.green) - Int(color.green)),
                             abs(Int(found.blue) - Int(color.blue)))
        guard difference <= tolerance else {
            throw StepFailure(message: "expect-pixel \(x) \(y): expected \(color)"
                + (tolerance > 0 ? " ± \(tolerance)" : "") + ", found \(found) (off by \(difference))")
        }
    }

    /// Writes a PNG, making its folder first (`SystemFiles.createParentDirectory`): a screenshot's
    /// folder is usually a fresh output folder.
    public static func writeScreenshot(_ image: RGBAImage, to path: String) throws {
        try? SystemFiles.createParentDirectory(of: path)
        try image.writePNG(to: path)
    }

    private func resolved(_ path: String) -> String {
        guard !path.hasPrefix("/"), let outputDirectory else { return path }
        return SystemFiles.join(outputDirectory, path)
    }

    /// A coordinate for a message, rounded, whatever its size (no conversion to Int that could trap).
    static func pixels(_ value: Double) -> String {
        value.isFinite && abs(value) < 9e18 ? String(Int64(value.rounded())) : "\(value)"
    }

    /// Levenshtein distance, for suggesting the id a typo meant (`FieldControl.distance`).
    public static func editDistance(_ a: String, _ b: String) -> Int { FieldControl.distance(a, b) }
}
