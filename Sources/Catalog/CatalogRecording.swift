import Glibc
import MaterialFields
import QATools
import XftHost

/// `--record FILE`: the live window's session written to FILE as a QA script while it runs (each
/// step flushed as it is made, so a crash keeps the script so far), its starting conditions at the
/// top, and Ctrl+Shift+S saving a checkpoint: the window as the headless renderer draws it (the
/// steps so far replayed offscreen, as `--script` will), in FILE's `.checkpoints` folder beside it.
final class CatalogRecording {
    let path: String
    private var file: UnsafeMutablePointer<FILE>?
    private let options: CommandLineOptions
    private var recorder: SessionRecorder!
    private var scene: RecordingScene!
    private unowned var host: WindowHost!
    private var session: CatalogSession!
    private var title = ""
    private var titleReset: Cancellation?
    /// Where checkpoints are drawn: an Xvfb of the recording's own, as `--script` with checkpoints
    /// draws them (so a desktop's Xft settings never reach a checkpoint image). Started at the first.
    private var renderServer: PrivateXServer?
    private var renderHost: WindowHost?

    /// The chord that takes a checkpoint, as the README and the header name it.
    static let checkpointChord = "Ctrl+Shift+S"

    /// Opens FILE for writing: a path that cannot be written is a bad command line, told before
    /// any window opens. An existing FILE is emptied only when the window opens (`attach`), so a
    /// start that fails (no display) leaves it as it was.
    init(path: String, options: CommandLineOptions) throws {
        self.path = path
        self.options = options
        if SystemFiles.isDirectory(path) {
            throw CommandLineOptions.UsageError(message: "--record: '\(path)' is a folder; give the script's file name (e.g. session.qa)")
        }
        guard let file = fopen(path, "a") else {
            let reason = String(cString: strerror(errno))
            throw CommandLineOptions.UsageError(message: "--record: cannot write '\(path)': \(reason)")
        }
        self.file = file
    }

    deinit { finish() }

    var checkpointDirectory: String { QAScript.checkpointDirectory(forScript: path) }

    /// The scene the window runs: the catalog's, watched. Writes the header: what the replay needs
    /// to start as this window did.
    func attach(to session: CatalogSession, host: WindowHost, size: Size, title: String) -> Scene {
        self.session = session
        self.host = host
        self.title = title
        if let file { _ = ftruncate(fileno(file), 0) }
        let base = session.scene
        recorder = SessionRecorder(windowSize: size, locate: { [unowned base] point in Self.hit(in: base, at: point) }) { [weak self] line in
            self?.writeLine(line)
        }
        recorder.start(at: host.now)
        scene = RecordingScene(base: base, recorder: recorder) { [unowned host] in host.now }
        scene.onCheckpoint = { [unowned self] time in self.checkpoint(at: time) }
        // The controls panel's keys and clicks are not the fields': its changes are written as
        // `set` steps when it makes them (`append(step:)`, through `onControlStep`).
        scene.passesThrough = { [unowned session] event in
            if session.controls.isControlsPanelShown { return true }
            guard case .key(let key, let modifiers) = event else { return false }
            // Ctrl+Q ends the session: not a step of it.
            if case .shortcut(let character) = key, character.lowercased() == "q", modifiers == .control { return true }
            // Ctrl+M and Ctrl+Shift+M are written as the `design` and `seed` steps they make
            // (`onAppearanceStep`): a replay then reads which design and seed, not which key.
            if key == CatalogControls.designKey.0 && (modifiers == CatalogControls.designKey.1 || modifiers == CatalogControls.seedKey.1) {
                return true
            }
            return key == CatalogControls.controlsPanelKey.0 && modifiers == CatalogControls.controlsPanelKey.1
        }
        session.controls.onControlStep = { [weak self] step in self?.append(step: step) }
        session.controls.onAppearanceStep = { [weak self] step in self?.append(step: step) }
        writeHeader(size: size)
        // Ctrl+C or SIGTERM ends the window as closing it does: what is pending is written.
        InterruptWatch.endRunOnInterrupt(of: host)
        return scene
    }

    private func writeHeader(size: Size) {
        var replay = "textfield-catalog --script \(SystemFiles.lastPathComponent(of: path))"
        if options.fontFamily != CommandLineOptions().fontFamily { replay += " --font '\(options.fontFamily)'" }
        if options.selectionDisplay != CommandLineOptions().selectionDisplay { replay += " --selection-display every" }
        recorder.appendHeader("# A session recorded with textfield-catalog --record. Replay it headless with:")
        recorder.appendHeader("#   \(replay)")
        recorder.appendHeader("# checkpoint steps compare the window with \(SystemFiles.lastPathComponent(of: checkpointDirectory))/NAME.png "
            + "(\(Self.checkpointChord) in the live window saves one).")
        let desktop = host.desktopSettings
        var followed: [String] = []
        if desktop.cursorBlink != nil || desktop.cursorBlinkTime != nil || desktop.cursorBlinkTimeout != nil { followed.append("the caret's blink") }
        if desktop.animationsEnabled != nil { followed.append("animations on or off") }
        if desktop.doubleClickTime != nil { followed.append("the double-click time") }
        if desktop.primaryPasteEnabled != nil { followed.append("middle-click paste") }
        if !followed.isEmpty {
            recorder.appendHeader("# The desktop set \(followed.joined(separator: ", ")) for this window; a replay uses the defaults.")
        }
        // The starting conditions: the scale first (it starts a fresh catalog), the window's size,
        // the theme, seed and design, the animation speed, the field focused.
        if session.scale != 1 { recorder.appendHeader("scale \(SessionRecorderFormat.number(session.scale))") }
        recorder.appendHeader("resize \(Int(size.width.rounded())) \(Int(size.height.rounded()))")
        if session.controls.theme != .light { recorder.appendHeader("theme \(session.controls.theme.rawValue)") }
        // The seed first: the design step then draws in it at once.
        if session.controls.seed != ColorScheme.material3Seed { recorder.appendHeader("seed \(QAScript.hex(session.controls.seed))") }
        if session.controls.design != .m2 { recorder.appendHeader("design \(session.controls.design.rawValue)") }
        if let presses = Self.slowdownPresses(session.controls.animationSlowdown), presses > 0 {
            // A comment has a line of its own: a step's line is the step and nothing else.
            recorder.appendHeader("# --slow-animations \(SessionRecorderFormat.number(session.controls.animationSlowdown)):")
            recorder.appendHeader("key " + Array(repeating: "F11", count: presses).joined(separator: " "))
        }
        if let focused = session.scene.focusedField { recorder.appendHeader("focus \(focused.identifier)") }
    }

    /// A step another part of the catalog made happen now (a controls panel's `set ID PROPERTY
    /// VALUE`), written in its place among the recorded ones.
    func append(step: String) {
        guard let recorder else { return }
        recorder.append(step: step, at: host.now)
    }

    /// How many F11 presses bring a script's 1x animations to `slowdown`; nil when none do.
    static func slowdownPresses(_ slowdown: Double) -> Int? {
        CatalogControls.animationSlowdownSteps.firstIndex(of: slowdown)
    }

    /// The desktop changed the theme while recording: the replay switches it at the same frame.
    func desktopChanged(themeBefore: CatalogControls.Theme, scaleBefore: Double) {
        guard let recorder else { return }
        if session.controls.theme != themeBefore {
            recorder.append(steps: ["# the desktop switched the theme:", "theme \(session.controls.theme.rawValue)"], at: host.now)
        }
        if session.scale != scaleBefore {
            recorder.note("the desktop's scale changed here to \(session.scale): a script's scale step starts a fresh catalog, so this is not replayed")
        }
    }

    /// The field under a window point, by the scene's layout now.
    static func hit(in scene: FieldScene, at point: Point) -> SessionRecorder.Hit? {
        for field in scene.fields {
            guard let frame = scene.frame(of: field), frame.contains(point) else { continue }
            let local = Point(x: point.x - frame.minX, y: point.y - frame.minY)
            let part = field.part(at: local).map { "\($0)" } ?? "none"
            return SessionRecorder.Hit(id: field.identifier, local: local, hoverKey: "\(field.identifier):\(part)")
        }
        return nil
    }

    private func writeLine(_ line: String) {
        guard let file else { return }
        if fputs(line + "\n", file) < 0 || fflush(file) != 0 {
            let reason = String(cString: strerror(errno))
            SystemFiles.writeToStandardError("textfield-catalog: --record: cannot write to '\(path)' any more: \(reason)\n")
            fclose(file)
            self.file = nil
        }
    }

    // MARK: Checkpoints

    private func checkpoint(at time: Double) {
        let name = recorder.checkpoint(at: time)
        let imagePath = SystemFiles.join(checkpointDirectory, "\(name).png")
        let windowPath = SystemFiles.join(checkpointDirectory, "\(name).window.png")
        do {
            let drawingHost = try checkpointHost()
            let replay = try replayedSoFar(until: name, on: drawingHost)
            try SystemFiles.createDirectory(checkpointDirectory)
            try replay.image.writePNG(to: imagePath)
            // The window's own scene drawn the same way at the same instant: what the tester saw.
            let window = try liveImage(on: drawingHost, at: recorder.replayTime)
            let comparison = ImageComparison(expected: replay.image, actual: window, tolerance: .exact)
            var differences = Self.differences(live: session.scene, replay: replay.scene)
            SystemFiles.removeFile(windowPath)
            if !comparison.passes {
                differences.append("pixels: \(comparison.summary) (the window's are in \(windowPath))")
                try window.writePNG(to: windowPath)
            }
            if differences.isEmpty {
                print("textfield-catalog: \(name): saved \(imagePath)")
                show("\(name) saved", for: 2)
            } else {
                let summary = differences.joined(separator: "; ")
                recorder.note("\(name): the replay differs from what the window showed: \(summary)")
                SystemFiles.writeToStandardError("textfield-catalog: \(name): saved \(imagePath), but the replay differs from the window: \(summary)\n")
                show("\(name) saved, but the replay differs: \(summary)", for: 6)
            }
        } catch {
            recorder.note("\(name): no image could be saved: \(error)")
            SystemFiles.writeToStandardError("textfield-catalog: \(name): no image saved: \(error)\n")
            show("\(name) failed: \(error)", for: 6)
        }
        fflush(stdout)
    }

    private func checkpointHost() throws -> WindowHost {
        if let renderHost { return renderHost }
        let server = try PrivateXServer()
        let drawingHost = try WindowHost(displayName: server.displayName, fontFamily: options.fontFamily) { warning in
            SystemFiles.writeToStandardError("textfield-catalog: checkpoints: \(warning)\n")
        }
        renderServer = server
        renderHost = drawingHost
        return drawingHost
    }

    /// The recorded steps run headless on a fresh catalog, as `--script` runs them: the image at
    /// the checkpoint NAME and the replay's scene there.
    private func replayedSoFar(until name: String, on drawingHost: WindowHost) throws -> (image: RGBAImage, scene: FieldScene) {
        var replayOptions = CommandLineOptions()
        replayOptions.fontFamily = options.fontFamily
        replayOptions.selectionDisplay = options.selectionDisplay
        let replay = CatalogSession(options: replayOptions, desktop: nil)
        let runner = ScriptRunner(host: drawingHost, app: replay, size: replayOptions.windowSize(scale: replay.scale))
        var image: RGBAImage?
        runner.checkpointHandler = { shot, captured in if shot == name { image = captured } }
        try runner.run(try QAScript(file: path, text: recorder.lines.joined(separator: "\n")))
        guard let image else { throw GoldenCheckError("the replay never reached \(name)") }
        return (image, replay.scene)
    }

    /// The live scene drawn offscreen on `drawingHost` at `time` (the scene's clock), then laid out
    /// for the window again and drawn whole at its next frame.
    private func liveImage(on drawingHost: WindowHost, at time: Double) throws -> RGBAImage {
        let base = session.scene
        let size = base.size
        defer {
            base.resize(to: size, measurer: host.measurer)
            base.invalidateAll()
        }
        let surface = try OffscreenSurface(host: drawingHost, size: size)
        surface.resize(to: size, scene: base)
        try surface.render(base, at: time)
        return try surface.capture()
    }

    /// What the replay shows otherwise than the live window, field by field ("filled-label: text").
    static func differences(live: FieldScene, replay: FieldScene) -> [String] {
        var found: [String] = []
        if live.scheme != replay.scheme { found.append("the theme") }
        if live.scroll.offset != replay.scroll.offset {
            found.append("the page's scroll position (\(SessionRecorderFormat.number(live.scroll.offset)) in the window, "
                + "\(SessionRecorderFormat.number(replay.scroll.offset)) in the replay)")
            // Every field's frame moved with it: naming each would say nothing more.
            return found
        }
        let replayed = Dictionary(replay.snapshot().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for field in live.snapshot() {
            guard let other = replayed[field.id] else { continue }
            var keys: [String] = []
            if field.text != other.text { keys.append("text") }
            if field.selection != other.selection { keys.append("selection") }
            if field.focused != other.focused { keys.append("focus") }
            if field.hovered != other.hovered { keys.append("hover") }
            if field.error != other.error { keys.append("error") }
            if field.preedit != other.preedit { keys.append("preedit") }
            if field.frame != other.frame { keys.append("frame") }
            if !keys.isEmpty { found.append("\(field.id): \(keys.joined(separator: ", "))") }
        }
        return found
    }

    /// A message in the window's title for a while: seen by the tester, in no checkpoint image.
    private func show(_ message: String, for seconds: Double) {
        titleReset?.cancel()
        host.setWindowTitle("\(title) — \(message)")
        titleReset = host.addTimer(after: seconds) { [weak self] in
            guard let self else { return }
            self.host.setWindowTitle(self.title)
        }
    }

    /// The session ended: what was pending is written, and the file closed.
    func finish() {
        guard let file else { return }
        if let recorder {
            recorder.finish()
            recorder.appendHeader("# end of the session")
        }
        fclose(file)
        self.file = nil
        renderHost = nil
        renderServer = nil
    }
}

/// The recorder's number format, for the header's steps.
enum SessionRecorderFormat {
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
