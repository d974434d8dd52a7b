// signin-form: a sign-in / sign-up form written as app code on the public API of MaterialFields
// and XftHost only (no @testable, no X types). `FormController` owns the fields and is their
// delegate; this file parses the command line and runs the window. Every notable event is one
// line on stdout, so a test can follow what a user's typing did.
//
//   signin-form [--display NAME] [--quit-after SECONDS] [--screenshot PATH]
import Foundation
import MaterialFields
import XftHost

func say(_ line: String) {
    print(line)
    fflush(stdout)
}

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("signin-form: \(message)\n".utf8))
    exit(status)
}

var displayName: String?
var quitAfter: Double?
var screenshotPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--display":
        guard let name = arguments.popFirst() else { fail("--display needs a display name", status: 2) }
        displayName = name
    case "--quit-after":
        guard let seconds = arguments.popFirst().flatMap(Double.init), seconds.isFinite, seconds >= 0 else {
            fail("--quit-after needs a number of seconds", status: 2)
        }
        quitAfter = seconds
    case "--screenshot":
        guard let path = arguments.popFirst() else { fail("--screenshot needs a path", status: 2) }
        screenshotPath = path
    case "--help", "-h":
        say("usage: signin-form [--display NAME] [--quit-after SECONDS] [--screenshot PATH]")
        exit(0)
    default:
        fail("unknown option '\(argument)' (try --help)", status: 2)
    }
}

let form = FormController(log: say)
// The fields stacked, then the submit button (app code: SubmitButton.swift) and a status line.
let submitButton = SubmitButton(title: "Sign in")
let page = SigninLayout(fields: form.fields, button: submitButton)
let scene = FieldScene(fields: form.fields, layout: page, scheme: .light)
scene.unhandledKeyHandler = form.handleKey
let window = SigninScene(fields: scene, button: submitButton)
window.unhandledKeyHandler = form.handleKey
window.onSubmit = form.submit
form.onStatus = { status, isError in
    page.status = status
    page.statusIsError = isError
    scene.setNeedsArrangement()
    say("status: \(status)")
}
let windowSize = Size(width: 440, height: 660)

// The fonts the project's screenshots are drawn with (Resources/fonts.conf), pinned before the
// first font opens, so --screenshot draws the same pixels on any machine with the packages.
if let warning = PinnedFonts.pinForThisProcess().warning {
    FileHandle.standardError.write(Data("signin-form: warning: \(warning)\n".utf8))
}
WindowHost.adoptUserLocale()
do {
    let host = try WindowHost(displayName: displayName) { warning in
        FileHandle.standardError.write(Data("signin-form: \(warning)\n".utf8))
    }
    if let screenshotPath {
        try host.renderSettled(window, size: windowSize).writePNG(to: screenshotPath)
        exit(0)
    }
    // Once the window is up: the name field takes the keyboard, as an app's first responder would.
    host.addTimer(after: 0) {
        form.nameField.becomeFirstResponder()
        say("ready")
    }
    if let quitAfter { host.addTimer(after: quitAfter) { host.stop() } }
    let status = try host.run(window, options: WindowOptions(title: "Sign in", instanceName: "signin-form",
                                                            className: "SigninForm", size: windowSize))
    say("closed \(form.summary)")
    exit(status)
} catch {
    // No display, a lost X server, no usable font: one clear line and status 1, never a trap.
    fail("\(error)", status: 1)
}
