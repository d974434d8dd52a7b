// A small program on the public API only: no @testable, no X types. It shows a sign-up form,
// changes its fields the way an app would (text, enabled, error) and prints every edit it
// observes, one line each, so a test can check what a user's typing did.
//
//   materialfields-example [--display NAME] [--quit-after SECONDS]
import Foundation
import MaterialFields
import XftHost

var displayName: String?
var quitAfter: Double?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--display": displayName = arguments.popFirst()
    case "--quit-after": quitAfter = arguments.popFirst().flatMap(Double.init)
    default:
        FileHandle.standardError.write(Data("materialfields-example: unknown option '\(argument)'\n".utf8))
        exit(2)
    }
}

func say(_ line: String) {
    print(line)
    fflush(stdout)
}

let name = TextField(identifier: "name", style: .filled, label: "Name")
let email = TextField(identifier: "email", style: .outlined, label: "Email", placeholder: "name@example.com")
email.helperText = "We never share it"
let code = TextField(identifier: "code", style: .outlined, label: "Invite code", text: "ABC-123")
code.maximumLength = 7

for field in [name, email, code] {
    field.observe { field, event in
        switch event {
        case .didBeginEditing: say("\(field.identifier) began editing")
        case .didEndEditing: say("\(field.identifier) ended editing")
        case .textChanged(let change): say("\(field.identifier) \(change.edit.cause.rawValue): \(field.text)")
        case .editRefused(let edit): say("\(field.identifier) refused \(edit.cause.rawValue)")
        case .returnPressed: say("\(field.identifier) return")
        case .enabledChanged(let enabled): say("\(field.identifier) enabled=\(enabled)")
        }
    }
}

// What an app does after creating its fields: fill one in, disable one, flag an error.
name.text = "Ada"
code.isEnabled = false
email.errorMessage = "Enter an address with an @"
email.observe { field, event in
    guard case .textChanged = event else { return }
    field.errorMessage = field.text.contains("@") ? nil : "Enter an address with an @"
}
say("ready name=\(name.text) code.enabled=\(code.isEnabled) email.error=\(email.errorMessage ?? "none")")

WindowHost.adoptUserLocale()
do {
    let host = try WindowHost(displayName: displayName) { warning in
        FileHandle.standardError.write(Data("materialfields-example: \(warning)\n".utf8))
    }
    let scene = FieldScene(fields: [name, email, code], scheme: .light)
    if let quitAfter { host.addTimer(after: quitAfter) { host.stop() } }
    let status = try host.run(scene, options: WindowOptions(title: "MaterialFields example", instanceName: "materialfields-example",
                                                            className: "MaterialFields", size: Size(width: 420, height: 320)))
    say("closed name=\(name.text) email=\(email.text)")
    exit(status)
} catch {
    FileHandle.standardError.write(Data("materialfields-example: \(error)\n".utf8))
    exit(1)
}
