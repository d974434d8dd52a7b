import Glibc
import MaterialFields
import QATools

/// The catalog's command line.
struct CommandLineOptions {
    typealias Theme = CatalogControls.Theme

    var screenshotPath: String?
    var qaStatePath: String?
    /// Nil: 760x720 at scale 1, larger in proportion at a larger scale.
    var size: Size?

    /// The window (or screenshot) size for a catalog drawn at `scale`.
    func windowSize(scale: Double) -> Size {
        size ?? Size(width: min((760 * scale).rounded(), 16384), height: min((720 * scale).rounded(), 16384))
    }
    /// The desktop's (XSETTINGS: `Net/ThemeName`, `Gtk/ApplicationPreferDarkTheme`), followed
    /// live, unless `--theme` was given (`themeIsGiven`); light on a desktop that says nothing.
    var theme = Theme.light
    var themeIsGiven = false
    /// `--design m2|m3`: Material 2 (the default) or Material 3; `--seed-color` alone implies m3.
    var design = MaterialDesign.m2
    /// `--seed-color RRGGBB`: the colour Material 3's scheme is generated from (kept under M2 for
    /// the live window's design switch).
    var seed = ColorScheme.material3Seed
    /// Nil: the desktop's (`Xft/DPI` or `Xft.dpi`, followed live), or 1.
    var scale: Double?
    var animationSlowdown = 1.0
    /// `--selection-display every`: every field draws its selection (grey in the fields left);
    /// by default only the focused field's (`SelectionDisplay`).
    var selectionDisplay = SelectionDisplay.focusedFieldOnly
    var displayName: String?
    var fontFamily = "Roboto"
    var showsHelp = false
    var scriptPaths: [String] = []
    var outputDirectory: String?
    /// Milliseconds of virtual time before the screenshot; nil for a settled one.
    var screenshotTime: Double?
    var focusedFieldID: String?
    /// `--margin N` with `--screenshot --field ID`: points of air around the shot.
    var screenshotMargin: Double?
    /// `--list-fields`: print every field's id, kind, style, family and section, and exit.
    var listsFields = false
    /// With scripts: screenshots are compared with the PNGs here instead of written.
    var goldensDirectory: String?
    var updatesGoldens = false
    var failuresDirectory: String?
    /// `--keep-going`: a script runs every step and reports every failure.
    var keepsGoing = false
    /// `--junit PATH`: the run's scripts as JUnit XML.
    var junitPath: String?
    /// `--report DIR`: the run as DIR/index.html.
    var reportDirectory: String?
    /// `--scripts-dir DIR`: the goldens' own scripts. `--script NAME` finds DIR/NAME.qa, no
    /// `--script` runs every DIR/*.qa, and a golden a script of DIR takes is not stale.
    var scriptsDirectory: String?
    /// `--repaint-benchmark N`, left out of the usage on purpose (a developer's measurement, see
    /// `RepaintBenchmark`): draw the whole catalog N times offscreen, then N focus animations,
    /// print the median cost of a repaint and of a frame, and exit.
    var repaintBenchmarkCount: Int?
    /// `--audit [ID,...]`: the accessibility audit of these fields (empty: every field), printed
    /// on stdout, and exit.
    var auditIDs: [String]?
    /// `--require AA|AAA` with `--audit`: exit 3 when a figure is under the level.
    var auditLevel: WCAG.Level?
    /// `--audit-json PATH` with `--audit`: the figures as JSON too.
    var auditJSONPath: String?

    /// `--matrix DIR`: every field in every state it can take, as PNGs and an index page.
    var matrixDirectory: String?
    /// `--field ID`, once or more: the fields `--matrix` renders (all when none is given), or
    /// the fields (or section) `--screenshot` shoots (the smallest box holding them all).
    var fieldIDs: [String] = []
    /// `--record FILE`: the live session written as a QA script (`CatalogRecording`).
    var recordPath: String?
    /// `--restore PATH`: the live window's fields restored from PATH and saved back to it (`CatalogRestore`).
    var restorePath: String?
    /// `--contrast-report [its options]`: print the contrast report and exit (no display).
    var contrastReport: ContrastReportOptions?

    /// Modes that draw into a pixmap instead of a window.
    var isHeadless: Bool {
        !scriptPaths.isEmpty || screenshotPath != nil || repaintBenchmarkCount != nil || matrixDirectory != nil || auditIDs != nil
    }

    struct UsageError: Error { var message: String }

    /// The line after a usage error's reason.
    static let helpHint = "Try 'textfield-catalog --help' for the options."

    static let usage = """
        Usage: textfield-catalog [options]

        Shows every Material text field variant, filled and outlined, live and editable.

        Options:
          --screenshot PATH        render with animations settled, write a PNG to PATH and exit
                                   (at most 8192 pixels on a side)
          --field ID               with --screenshot: shoot only the field ID (its outer frame: the
                                   label above an outlined one and the helper row included) or a
                                   section (material, uikit-rag, international, uikit-styles); with --matrix:
                                   only that field; may be given more than once
          --margin N               with --field: N points of air around it (scaled with --scale)
          --list-fields            print every field: id, kind, style, family and section, one
                                   a line, tab-separated under a header, and exit (no display)
          --at MS                  with --screenshot: capture MS milliseconds of virtual time after
                                   the start (after --focus), mid-animation if one runs
          --focus ID               focus the field ID at the start (e.g. filled-label)
          --script FILE            run a QA script headless on a virtual clock and exit: 0 when
                                   every step passed, 3 with FILE:LINE: message when one failed,
                                   2 when FILE cannot be read; may be given more than once (each
                                   runs on a fresh catalog); a FILE that is not here may name a
                                   sample of Resources/Samples (--script first-scenario)
          --scripts-dir DIR        the scripts that go with --goldens: --script NAME runs
                                   DIR/NAME.qa, no --script runs every DIR/*.qa, and goldens a
                                   script there takes are not called stale when it did not run
          --keep-going             with --script: run every step, report every failure (a failed
                                   expect leaves the state as it is; a step that cannot run is skipped)
          --junit PATH             with --script: write JUnit XML, one testcase per script
          --report DIR             with --script: write DIR/index.html, every step and shot (golden,
                                   actual and diff side by side); opens from disk, no server
          --output-dir DIR         where a script's relative screenshot paths are written
          --goldens DIR            with --script: compare every screenshot NAME.png with DIR/NAME.png
                                   (exit 3 when one differs, 4 when this machine's fonts are not
                                   the ones DIR/fonts.txt records)
          --update-goldens         with --goldens: rewrite the goldens and DIR/fonts.txt instead
          --failures DIR           with --goldens: where NAME.actual.png and NAME.diff.png go
                                   (default: a folder in the temporary directory)
          --audit [ID,...]         the accessibility audit: contrast ratios measured from the
                                   rendered pixels, per state, with WCAG 2.1's verdicts, and each
                                   field's accessible name; every field, or those listed (in
                                   --theme, --scale, --design and --seed-color); print a table
                                   per field and exit
          --require AA|AAA         with --audit: exit 3 (each shortfall on stderr) when a figure
                                   of an enabled field is under the level
          --audit-json PATH        with --audit: write the figures as JSON to PATH as well
        \(ContrastReportOptions.usage)
          --matrix DIR             render every field in every state it can take (resting,
                                   hovered, focused empty and with text, filled, error, error
                                   focused, disabled), light and dark, scale 1 and 2, left to
                                   right and right to left, as DIR/ID/THEME-SCALE-DIR-STATE.png,
                                   with DIR/ID/contact-sheet.png and DIR/index.html, and exit;
                                   --theme and --scale render only that theme or scale, --design
                                   and --seed-color in that design (m3-light, m3-dark images)
          --record FILE            write what you do in the window to FILE as a QA script that
                                   --script replays headless; Ctrl+Shift+S saves a checkpoint
                                   (the window's image, in FILE's .checkpoints folder beside it)
          --restore PATH           keep the fields' text, selection and scroll and the focused
                                   field in PATH (JSON): restored at the start, saved a second
                                   after changes and at the end (close, Ctrl+Q, Ctrl+C, SIGTERM);
                                   a password's text is never saved. A bad PATH: one warning,
                                   the defaults for what it cannot give, and it is kept as PATH.bad
          --qa-state PATH          keep PATH updated with a JSON description of every field
                                   (with --script: at every step's end, with the script and line)
          --size WxH               window (or screenshot) size in pixels, up to 16384x16384,
                                   default 760x720 times the scale
          --theme THEME            colour scheme: light, dark, high-contrast or high-contrast-dark;
                                   default the desktop's (its GTK theme, followed live), or light
          --design m2|m3           m2 (default): Material 2 as MDC iOS draws it; m3: Material 3,
                                   its colours generated from --seed-color (light and dark); the
                                   high-contrast themes keep Material 2's forced colours in both
          --seed-color RRGGBB      Material 3's seed colour, #RRGGBB or RRGGBB (a # starts a
                                   comment in the shell: quote it), default 6750A4; given
                                   without --design it means --design m3
          --scale N                multiply every Material dimension by N (HiDPI), default the
                                   desktop's Xft/DPI / 96 (followed live), or 1
          --slow-animations N      run every animation N times slower, default 1
          --selection-display WHICH
                                   focused: only the focused field shows its selection (default,
                                   as in GTK and Qt); every: the others keep theirs, in grey
          --font FAMILY            font family for every text, default Roboto
          --display NAME           X display to use instead of $DISPLAY
          -h, --help               show this help and exit

        Exit status: 0 done; 1 no display, a lost X server or an unwritable screenshot; 2 a bad
        command line; 3 a failed script step, golden shot or required audit level; 4 fonts
        other than the goldens'.

        Environment: MATERIALFIELDS_RESOURCES names the Resources folder (found from the binary
        otherwise: the package it was built in, or ../share/materialfields); FONTCONFIG_FILE,
        when set, replaces the fonts pinned by Resources/fonts.conf.
        """

    /// Whether an argument where a value should be is an option instead: a value forgotten
    /// (`--font --theme dark`), not a font called "--theme". Anything starting with "--" is, and
    /// "-h"; other words starting with "-" are values ("-", "-1", "-shots.png"), which the option
    /// then judges. No value of ours starts with "--" but a path could: it is written "./--name".
    static func isOption(_ argument: String) -> Bool {
        argument.hasPrefix("--") || argument == "-h"
    }

    /// A number as a person writes it: digits with at most one decimal point ("2", "1.5", ".5").
    /// Swift's `Double(_:)` also reads hexadecimal, exponents, "nan" and "inf", none of them a
    /// value any option here means.
    static func decimal(_ text: String) -> Double? {
        let digits = text.filter { $0 != "." }
        return text.count - digits.count <= 1 && isDigits(digits) ? Double(text) : nil
    }

    /// A whole number written in digits only ("600"; `Int(_:)` also reads "+600").
    static func wholeNumber<Text: StringProtocol>(_ text: Text) -> Int? {
        isDigits(text) ? Int(text) : nil
    }

    private static func isDigits<Text: StringProtocol>(_ text: Text) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func parse(_ arguments: [String]) throws -> CommandLineOptions {
        var options = CommandLineOptions()
        var remaining = arguments[...]
        var designIsGiven = false, seedIsGiven = false
        func value(for option: String) throws -> String {
            guard let value = remaining.first else { throw UsageError(message: "\(option) needs a value") }
            guard !isOption(value) else { throw UsageError(message: "\(option) needs a value, not the option '\(value)'") }
            remaining.removeFirst()
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help":
                options.showsHelp = true
            case "--screenshot":
                options.screenshotPath = try value(for: argument)
            case "--at":
                let text = try value(for: argument)
                guard let milliseconds = decimal(text), milliseconds <= 3_600_000 else {
                    throw UsageError(message: "--at wants milliseconds from 0 to 3600000, not '\(text)'")
                }
                options.screenshotTime = milliseconds
            case "--focus":
                options.focusedFieldID = try value(for: argument)
            case "--margin":
                let text = try value(for: argument)
                guard let margin = decimal(text), margin <= ShotSpec.maximumMargin else {
                    throw UsageError(message: "--margin wants points from 0 to \(Int(ShotSpec.maximumMargin)), not '\(text)'")
                }
                options.screenshotMargin = margin
            case "--list-fields":
                options.listsFields = true
            case "--script":
                options.scriptPaths.append(try value(for: argument))
            case "--goldens":
                options.goldensDirectory = try value(for: argument)
            case "--update-goldens":
                options.updatesGoldens = true
            case "--failures":
                options.failuresDirectory = try value(for: argument)
            case "--keep-going":
                options.keepsGoing = true
            case "--junit":
                options.junitPath = try value(for: argument)
            case "--report":
                options.reportDirectory = try value(for: argument)
            case "--scripts-dir":
                options.scriptsDirectory = try value(for: argument)
            case "--output-dir":
                options.outputDirectory = try value(for: argument)
            case "--qa-state":
                options.qaStatePath = try value(for: argument)
            case "--record":
                options.recordPath = try value(for: argument)
            case "--restore":
                let path = try value(for: argument)
                guard !path.isEmpty else { throw UsageError(message: "--restore needs a file path, not an empty one") }
                options.restorePath = path
            case "--size":
                let text = try value(for: argument)
                let parts = text.lowercased().split(separator: "x")
                guard parts.count == 2, let width = wholeNumber(parts[0]), let height = wholeNumber(parts[1]),
                      (1...16384).contains(width), (1...16384).contains(height) else {
                    throw UsageError(message: "--size wants WIDTHxHEIGHT in pixels (1 to 16384), not '\(text)'")
                }
                options.size = Size(width: Double(width), height: Double(height))
            case "--theme":
                let text = try value(for: argument)
                guard let theme = Theme(rawValue: text) else {
                    throw UsageError(message: "--theme is light, dark, high-contrast or high-contrast-dark, not '\(text)'")
                }
                options.theme = theme
                options.themeIsGiven = true
            case "--design":
                let text = try value(for: argument)
                guard let design = MaterialDesign(rawValue: text.lowercased()) else {
                    throw UsageError(message: "--design is m2 or m3, not '\(text)'")
                }
                options.design = design
                designIsGiven = true
            case "--seed-color":
                guard let text = remaining.first, !isOption(text) else {
                    // The shell drops an unquoted `#6750A4` as a comment: the value is then missing.
                    throw UsageError(message: "--seed-color needs a colour" + (remaining.first.map { ", not the option '\($0)'" } ?? "")
                        + " (RRGGBB or '#RRGGBB': unquoted, the shell takes # and what follows for a comment)")
                }
                remaining.removeFirst()
                guard let seed = QAScript.seedColor(text) else {
                    throw UsageError(message: "--seed-color wants six hex digits, RRGGBB or #RRGGBB (e.g. 6750A4), not '\(text)'")
                }
                options.seed = seed
                seedIsGiven = true
            case "--scale":
                let text = try value(for: argument)
                guard let scale = decimal(text), scale >= 0.5, scale <= 4 else {
                    throw UsageError(message: "--scale wants a number from 0.5 to 4, not '\(text)'")
                }
                options.scale = scale
            case "--slow-animations":
                let text = try value(for: argument)
                guard let factor = decimal(text), factor >= 1, factor <= 1000 else {
                    throw UsageError(message: "--slow-animations wants a factor from 1 to 1000, not '\(text)'")
                }
                options.animationSlowdown = factor
            case "--selection-display":
                let text = try value(for: argument)
                switch text {
                case "focused": options.selectionDisplay = .focusedFieldOnly
                case "every": options.selectionDisplay = .everyField
                default: throw UsageError(message: "--selection-display is focused or every, not '\(text)'")
                }
            case "--matrix":
                options.matrixDirectory = try value(for: argument)
            case "--field":
                options.fieldIDs.append(try value(for: argument))
            case "--font":
                options.fontFamily = try value(for: argument)
            case "--display":
                options.displayName = try value(for: argument)
            case "--audit":
                var ids: [String] = []
                if let next = remaining.first, !isOption(next) {
                    remaining.removeFirst()
                    ids = next.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                    guard !ids.contains(where: \.isEmpty) else {
                        throw UsageError(message: "--audit takes field ids separated by commas, not '\(next)'")
                    }
                }
                options.auditIDs = (options.auditIDs ?? []) + ids
            case "--require":
                let text = try value(for: argument)
                guard let level = WCAG.Level(rawValue: text.uppercased()) else {
                    throw UsageError(message: "--require is AA or AAA, not '\(text)'")
                }
                options.auditLevel = level
            case "--audit-json":
                options.auditJSONPath = try value(for: argument)
            case "--contrast-report":
                // Alone, first, its own options after it (ContrastReportOptions).
                guard remaining.count + 1 == arguments.count else {
                    throw UsageError(message: "--contrast-report goes alone: give it first, followed only by its own options "
                        + "(--design, --seed-color, --markdown)")
                }
                let report = try ContrastReportOptions.parse(remaining)
                options.contrastReport = report
                options.showsHelp = options.showsHelp || report.showsHelp
                remaining = []
            case "--repaint-benchmark":
                let text = try value(for: argument)
                guard let count = wholeNumber(text), (1...10_000).contains(count) else {
                    throw UsageError(message: "--repaint-benchmark wants a count from 1 to 10000, not '\(text)'")
                }
                options.repaintBenchmarkCount = count
            default:
                throw UsageError(message: "unknown option '\(argument)'")
            }
        }
        // A seed is a Material 3 colour: given alone, it asks for Material 3.
        if seedIsGiven && !designIsGiven { options.design = .m3 }
        if let path = options.screenshotPath, !path.lowercased().hasSuffix(".png") {
            throw UsageError(message: "--screenshot writes a PNG: give it a path ending in .png, not '\(path)'")
        }
        if options.screenshotPath != nil {
            // Refused before anything is drawn; the window itself may be larger.
            let size = options.windowSize(scale: options.scale ?? 1), width = Int(size.width), height = Int(size.height)
            if let refusal = ScriptRunner.screenshotRefusal("\(width)x\(height)", width: width, height: height) {
                throw UsageError(message: "--screenshot: \(refusal); --size up to 16384x16384 is for the window")
            }
        }
        if !options.fieldIDs.isEmpty && options.screenshotPath == nil && options.matrixDirectory == nil {
            throw UsageError(message: "--field goes with --screenshot PATH or --matrix DIR (in a script: screenshot NAME.png ID)")
        }
        if options.screenshotMargin != nil && (options.fieldIDs.isEmpty || options.screenshotPath == nil) {
            throw UsageError(message: "--margin goes with --field ID (the air around the field shot)")
        }
        if options.listsFields && (options.screenshotPath != nil || !options.scriptPaths.isEmpty || options.repaintBenchmarkCount != nil) {
            throw UsageError(message: "--list-fields goes alone: it prints the ids and exits")
        }
        if options.screenshotTime != nil && options.screenshotPath == nil {
            throw UsageError(message: "--at goes with --screenshot PATH")
        }
        if let directory = options.scriptsDirectory {
            options.scriptPaths = try resolveScripts(options.scriptPaths, in: directory)
        }
        if (options.keepsGoing || options.junitPath != nil || options.reportDirectory != nil) && options.scriptPaths.isEmpty {
            throw UsageError(message: "--keep-going, --junit and --report go with --script FILE (or --scripts-dir DIR)")
        }
        // Told before any script runs, not after all of them.
        if let directory = options.reportDirectory, SystemFiles.fileExists(directory), !SystemFiles.isDirectory(directory) {
            throw UsageError(message: "--report wants a folder to write index.html into; '\(directory)' is a file")
        }
        if let path = options.junitPath, SystemFiles.isDirectory(path) {
            throw UsageError(message: "--junit wants a file path; '\(path)' is a folder")
        }
        if let path = options.junitPath { try checkWritable(path, option: "--junit") }
        // The state file of a script run is part of its output: a path it cannot be written to
        // stops the run before anything runs, as for --junit (the live window only warns).
        if let path = options.qaStatePath, !options.scriptPaths.isEmpty {
            guard !SystemFiles.isDirectory(path) else {
                throw UsageError(message: "--qa-state wants a file path; '\(path)' is a folder")
            }
            try checkWritable(path, option: "--qa-state")
        }
        if (options.goldensDirectory != nil || options.updatesGoldens || options.failuresDirectory != nil)
            && options.scriptPaths.isEmpty {
            throw UsageError(message: "--goldens, --update-goldens and --failures go with --script FILE")
        }
        if (options.updatesGoldens || options.failuresDirectory != nil) && options.goldensDirectory == nil {
            throw UsageError(message: "--update-goldens and --failures go with --goldens DIR")
        }
        if options.outputDirectory != nil && (options.scriptPaths.isEmpty || options.goldensDirectory != nil) {
            throw UsageError(message: "--output-dir goes with --script FILE, and not with --goldens (--screenshot takes a path "
                + "of its own; golden shots go to --goldens and --failures)")
        }
        if !options.scriptPaths.isEmpty && options.focusedFieldID != nil {
            throw UsageError(message: "--focus does not go with --script: focus with a focus step")
        }
        if let goldens = options.goldensDirectory, !options.updatesGoldens {
            guard SystemFiles.isDirectory(goldens) else {
                throw UsageError(message: "--goldens: there is no folder '\(goldens)' (--update-goldens makes it and records the goldens)")
            }
        }
        if options.repaintBenchmarkCount != nil && (options.screenshotPath != nil || !options.scriptPaths.isEmpty) {
            throw UsageError(message: "--repaint-benchmark goes alone: not with --screenshot or --script")
        }
        if (options.auditLevel != nil || options.auditJSONPath != nil) && options.auditIDs == nil {
            throw UsageError(message: "--require and --audit-json go with --audit (in a script: audit ID --require AA)")
        }
        if options.auditIDs != nil && (options.screenshotPath != nil || !options.scriptPaths.isEmpty
                                       || options.repaintBenchmarkCount != nil || options.qaStatePath != nil || options.focusedFieldID != nil) {
            throw UsageError(message: "--audit goes alone (with --theme, --scale, --design, --seed-color, --require and --audit-json): "
                + "in a script, use the audit step")
        }
        if options.recordPath != nil && options.isHeadless {
            throw UsageError(message: "--record records the live window: not with --script, --screenshot or --repaint-benchmark")
        }
        if options.recordPath != nil && CatalogRecording.slowdownPresses(options.animationSlowdown) == nil {
            throw UsageError(message: "--record: --slow-animations \(SessionRecorderFormat.number(options.animationSlowdown)) cannot be replayed "
                + "(a script starts at 1 and F11 steps through 1, 5 and 20); use one of those")
        }
        if options.restorePath != nil && (options.isHeadless || options.listsFields) {
            throw UsageError(message: "--restore keeps the live window's fields: not with --script, --screenshot, --matrix, --audit, "
                + "--list-fields or --repaint-benchmark (a script sets text with its own steps)")
        }
        if options.restorePath != nil && options.recordPath != nil {
            throw UsageError(message: "--restore and --record do not go together: a recording replays on the catalog's own fields, "
                + "not on the ones PATH restores")
        }
        if let path = options.restorePath, SystemFiles.isDirectory(path) {
            throw UsageError(message: "--restore wants a file path; '\(path)' is a folder")
        }
        if let path = options.restorePath, SystemFiles.fileExists(path), !CatalogRestore.isRegularFile(path) {
            // A device or a pipe would be read without end, and renamed aside if it were bad.
            throw UsageError(message: "--restore wants a file path; '\(path)' is not a regular file")
        }
        if options.screenshotPath != nil && !options.scriptPaths.isEmpty {
            throw UsageError(message: "--screenshot and --script do not go together: take screenshots with the script's screenshot step")
        }
        try checkMatrix(options)
        return options
    }

    /// A file the run will write: its folder is made now (as the write would) and must take files.
    static func checkWritable(_ path: String, option: String) throws {
        do {
            try SystemFiles.createParentDirectory(of: path)
        } catch {
            throw UsageError(message: "\(option): cannot write '\(path)': \((error as? SystemFiles.Failure)?.reason ?? "\(error)")")
        }
        let folder = SystemFiles.parentDirectory(of: path)
        if access(folder.isEmpty ? "." : folder, W_OK) != 0 {
            throw UsageError(message: "\(option): cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// `--script` values with `--scripts-dir DIR`: a file that exists is taken as it is; a name
    /// (`states`, `states.qa`) is DIR's script of that name; none at all is every DIR/*.qa.
    static func resolveScripts(_ names: [String], in directory: String) throws -> [String] {
        guard SystemFiles.isDirectory(directory) else {
            throw UsageError(message: "--scripts-dir: there is no folder '\(directory)'")
        }
        let available = ((try? SystemFiles.contentsOfDirectory(directory)) ?? []).filter { $0.hasSuffix(".qa") }.sorted()
        guard !names.isEmpty else {
            guard !available.isEmpty else { throw UsageError(message: "--scripts-dir: '\(directory)' has no *.qa script") }
            return available.map { SystemFiles.join(directory, $0) }
        }
        return try names.map { name in
            if SystemFiles.fileExists(name) && !SystemFiles.isDirectory(name) { return name }
            let file = name.hasSuffix(".qa") ? name : name + ".qa"
            if available.contains(file) { return SystemFiles.join(directory, file) }
            let listed = available.map { String($0.dropLast(3)) }
            let wanted = String(file.dropLast(3))
            var message = "--script: no script '\(name)' in \(directory)"
            if let nearest = listed.min(by: { ScriptRunner.editDistance($0, wanted) < ScriptRunner.editDistance($1, wanted) }),
               ScriptRunner.editDistance(nearest, wanted) <= max(2, wanted.count / 3) {
                message += "; did you mean '\(nearest)'?"
            }
            throw UsageError(message: message + " (its scripts: \(listed.isEmpty ? "none" : listed.joined(separator: ", ")))")
        }
    }

    /// `--matrix` goes alone (with its filters), into a folder that is or can be one.
    private static func checkMatrix(_ options: CommandLineOptions) throws {
        guard let directory = options.matrixDirectory else { return }
        if options.screenshotPath != nil || !options.scriptPaths.isEmpty || options.repaintBenchmarkCount != nil
            || options.focusedFieldID != nil || options.qaStatePath != nil || options.size != nil || options.auditIDs != nil {
            throw UsageError(message: "--matrix goes alone: not with --screenshot, --script, --focus, --qa-state, --size, "
                + "--audit or --repaint-benchmark (--field, --theme, --scale, --design and --seed-color choose what it renders)")
        }
        if directory.isEmpty { throw UsageError(message: "--matrix needs a folder, not an empty path") }
        if SystemFiles.fileExists(directory) && !SystemFiles.isDirectory(directory) {
            throw UsageError(message: "--matrix: '\(directory)' is a file, not a folder")
        }
    }
}
