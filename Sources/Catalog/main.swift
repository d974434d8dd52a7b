import Glibc
import MaterialFields
import QATools
import XftHost

/// Set when the catalog started an Xvfb of its own; stopped before the process exits.
var privateServer: PrivateXServer?

func finish(_ status: Int32) -> Never {
    privateServer = nil
    exit(status)
}

func fail(_ message: String, status: Int32) -> Never {
    SystemFiles.writeToStandardError("textfield-catalog: \(message)\n")
    finish(status)
}

let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch let error as CommandLineOptions.UsageError {
    // The reason and where the options are listed; the usage itself only for --help (a script's
    // log should not fill with it at every typo).
    SystemFiles.writeToStandardError("textfield-catalog: \(error.message)\n\(CommandLineOptions.helpHint)\n")
    exit(2)
}
if options.showsHelp {
    print(CommandLineOptions.usage)
    exit(0)
}
// The contrast report is the model's colours: no display, no fonts.
if let report = options.contrastReport {
    print(report.output(), terminator: "")
    exit(0)
}

// The fonts and rasterizer settings the goldens were drawn with (Resources/fonts.conf), pinned
// before anything could open a font: fontconfig reads its configuration once, at its first use.
// The live window draws what the goldens and a recording's checkpoints hold. A FONTCONFIG_FILE
// already set is kept. What could not be pinned is told once a display is about to be used.
let fontPinning = PinnedFonts.pinForThisProcess()

// Scripts are read before any display is opened: one that cannot be read is a bad command line.
let scripts: [CatalogScripts.Source]
do {
    scripts = try CatalogScripts.read(options.scriptPaths)
} catch let error as CommandLineOptions.UsageError {
    fail(error.message, status: 2)
} catch {
    fail("\(error)", status: 2)
}

// The recording's file is opened before any display: a path that cannot be written is a bad
// command line, told before a window opens.
var recording: CatalogRecording?
if let path = options.recordPath {
    do {
        recording = try CatalogRecording(path: path, options: options)
    } catch let error as CommandLineOptions.UsageError {
        fail(error.message, status: 2)
    } catch {
        fail("\(error)", status: 2)
    }
}

// A bad --focus is a bad command line, told before any display is looked for (the fields are
// the same at every scale). Only the named field is made to ask whether it is enabled: the
// whole page would be made once more before the window's own.
if let id = options.focusedFieldID {
    guard let maker = CatalogScreen.fieldMakers.first(where: { $0.id == id }) else {
        fail("--focus: " + ScriptRunner.unknownFieldMessage(id, among: CatalogSubjects.ids), status: 2)
    }
    guard maker.make().isEnabled else { fail("--focus: \(id) is disabled and cannot be focused", status: 2) }
}

// The fields are a model: listing them needs no display.
if options.listsFields {
    print(FieldList.text(of: CatalogSession(options: options, desktop: nil).scene), terminator: "")
    exit(0)
}
// A bad --field too: a screenshot may also name a section; the matrix draws fields only.
if !options.fieldIDs.isEmpty {
    let sections = options.matrixDirectory == nil ? CatalogLayout.sectionNames : []
    let names = CatalogSubjects.ids + sections
    for id in options.fieldIDs where !names.contains(id) {
        fail("--field: " + ScriptRunner.unknownFieldMessage(id, among: names)
             + (sections.isEmpty ? "" : " (sections: " + sections.joined(separator: ", ") + ")"), status: 2)
    }
}
// So are --audit's ids.
var auditIDs: [String] = []
if let ids = options.auditIDs {
    do {
        auditIDs = try CatalogAudit.validate(ids, options: options)
    } catch let error as CommandLineOptions.UsageError {
        fail(error.message, status: 2)
    } catch {
        fail("\(error)", status: 2)
    }
}

// Told here, not at the start: listing the fields or checking the command line needs no fonts.
if let warning = fontPinning.warning {
    SystemFiles.writeToStandardError("textfield-catalog: warning: \(warning)\n")
}

// The catalog is the program, so it may set the locale the input method composes in, and share
// one malloc arena between its threads (the QA-state writer's texts come back to the loop).
WindowHost.adoptUserLocale()
// A server that closes its end (Xvfb stopped with SIGTERM) makes the next write to it raise
// SIGPIPE, which would end the catalog silently: ignored, the write fails and Xlib reports a lost
// connection, which ends the run with one line and status 1.
signal(SIGPIPE, SIG_IGN)
ProcessMemory.useOneArena()
ProcessMemory.mapLargeBlocks()

var displayName = options.displayName
// Scripts and screenshots need a display only for its fonts and pixmaps: with none, start one.
// Goldens always get one (unless --display insists): a desktop's Xft settings (subpixel order,
// hinting) would draw other pixels than the goldens were drawn with.
// Scripts with checkpoints too: a recorded session's checkpoint images were drawn on one.
let comparesImages = options.goldensDirectory != nil || scripts.contains { CatalogScripts.hasCheckpoints($0) }
let wantsPrivateServer = comparesImages ? displayName == nil : PrivateXServer.isNeeded(displayName: displayName)
if options.isHeadless && wantsPrivateServer {
    do {
        privateServer = try PrivateXServer()
        displayName = privateServer?.displayName
    } catch {
        fail("no display is given and a private one could not be started: \(error)", status: 1)
    }
}

let host: WindowHost
do {
    host = try WindowHost(displayName: displayName, fontFamily: options.fontFamily) { warning in
        SystemFiles.writeToStandardError("textfield-catalog: \(warning)\n")
    }
} catch {
    fail("\(error)", status: 1)
}

if !options.scriptPaths.isEmpty {
    finish(CatalogScripts(host: host, options: options, scripts: scripts).runAll())
}

if options.auditIDs != nil {
    finish(CatalogAudit.run(host: host, options: options, ids: auditIDs))
}
if let directory = options.matrixDirectory {
    finish(CatalogMatrix.run(host: host, options: options, directory: directory))
}

let session = CatalogSession(options: options, desktop: options.isHeadless ? nil : host.desktopSettings)

if let count = options.repaintBenchmarkCount {
    do {
        try RepaintBenchmark.run(host: host, size: options.windowSize(scale: session.scale), count: count) {
            CatalogSession(options: options, desktop: nil)
        }
    } catch {
        fail("\(error)", status: 1)
    }
    finish(0)
}

if let screenshotPath = options.screenshotPath {
    do {
        if options.screenshotTime != nil || options.focusedFieldID != nil || !options.fieldIDs.isEmpty {
            // The same as a script: focus, wait on the virtual clock (or until every animation has
            // ended), capture.
            var steps = options.focusedFieldID.map { "focus \($0)\n" } ?? ""
            steps += options.screenshotTime.map { "wait \($0)\n" } ?? "settle\n"
            var size = options.windowSize(scale: session.scale)
            if !options.fieldIDs.isEmpty && options.size == nil {
                // One field wherever it is on the page, as an element screenshot is: the window
                // is as tall as the page (a --size is taken as given, and a field outside it
                // is the step's error).
                size.height = max(size.height, try CatalogSession(options: options, desktop: nil).pageHeight(host: host, width: size.width))
            }
            let runner = ScriptRunner(host: host, app: session, size: size)
            runner.screenshotHandler = { _, image in try ScriptRunner.writeScreenshot(image, to: screenshotPath) }
            let subject = options.fieldIDs.isEmpty ? "" : " " + options.fieldIDs.joined(separator: " ") + (options.screenshotMargin.map { " margin \($0)" } ?? "")
            try runner.run(try QAScript(file: "--screenshot", text: steps + "screenshot shot.png\(subject)\n"))
        } else {
            let size = options.windowSize(scale: session.scale)
            try ScriptRunner.writeScreenshot(try host.renderSettled(session.scene, size: size), to: screenshotPath)
        }
        if let qaStatePath = options.qaStatePath {
            let writer = QAStateWriter(path: qaStatePath, controls: session.controls)
            writer.update()
            writer.finish()
        }
    } catch let failure as QAScript.Failure where failure.file == "--screenshot" {
        // The steps are the option's own doing: their line number and step name mean nothing to
        // whoever typed the command, and the advice is in its options' words.
        var message = failure.message
        if message.hasPrefix("screenshot: ") { message.removeFirst("screenshot: ".count) }
        if let advice = message.firstRange(of: " window: scroll a field into view") {
            message = message[..<advice.lowerBound] + " window: give a --size it fits in, or leave --size out "
                + "(the window is then as tall as the page)"
        }
        fail("--screenshot: \(message)", status: 1)
    } catch {
        fail("--screenshot: \(error)", status: 1)
    }
    finish(0)
}

// --restore puts back the fields' text, selection, scroll and focus (--focus, when given, wins).
let restore = options.restorePath.map { CatalogRestore(path: $0, session: session, host: host, focusing: options.focusedFieldID) }
if restore == nil, let id = options.focusedFieldID, let field = session.scene.fields.first(where: { $0.identifier == id }) {
    session.scene.focus(field, at: 0)
}
// Ctrl+Q closes the window as its close button does; Ctrl+C and SIGTERM too when something is
// written at the end (the --restore file; --record installs it itself).
session.controls.onQuit = { [unowned host] in host.stop(status: 0) }
if restore != nil { InterruptWatch.endRunOnInterrupt(of: host) }
let qaState = options.qaStatePath.map { QAStateWriter(path: $0, controls: session.controls) }
// The live window remembers the recently used emoji between runs (scripts and screenshots keep
// them in memory, so they draw the same on any machine).
if let path = EmojiRecentsFile.standardPath() {
    session.scene.emojiRecents = EmojiRecents(store: EmojiRecentsFile(path: path))
}
// The desktop's settings as the window opens and as they change: the scene follows the blink,
// animations and middle-click paste itself; the catalog follows the scale and the theme.
host.desktopSettingsDidChange = { settings in
    let theme = session.controls.theme, scale = session.scale
    session.follow(settings)
    recording?.desktopChanged(themeBefore: theme, scaleBefore: scale)
}
// The window's first frame lays out only the sections it shows; the rest follows as soon as it
// is out (FieldScene.defersLayoutBelowFirstFrame), before any key is handled.
session.scene.defersLayoutBelowFirstFrame = true
do {
    // A default window grown with the desktop's scale still fits its screen; a --size is taken as given.
    var size = options.windowSize(scale: session.scale)
    if options.size == nil {
        size = Size(width: min(size.width, host.screenSize.width), height: min(size.height, host.screenSize.height))
    }
    let title = "Material text fields"
    let scene = recording?.attach(to: session, host: host, size: size, title: title) ?? session.scene
    let status = try host.run(scene, options: WindowOptions(title: title, instanceName: "textfield-catalog",
                                                            className: "MaterialFields", size: size)) {
        qaState?.update()
        restore?.sceneChanged()
    }
    qaState?.finish()
    recording?.finish()
    restore?.finish()
    finish(status)
} catch {
    qaState?.finish()
    recording?.finish()
    restore?.finish()
    fail("\(error)", status: 1)
}
