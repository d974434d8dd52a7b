import Foundation
import MaterialFields
import PhoneNumberFormat

/// The sign-in form's controller, as an iOS view controller would be written: it owns the
/// fields, is the delegate of each, and reacts to their events. What it notices goes to `log`,
/// one line per event (the password only ever as dots).
final class FormController: TextFieldDelegate {
    let nameField = TextField(identifier: "name", style: .filled, label: "Name")
    let emailField = TextField(identifier: "email", style: .outlined, label: "Email", placeholder: "name@example.com")
    let passwordField = TextField(identifier: "password", style: .outlined, label: "Password")
    let phoneField = TextField(identifier: "phone", style: .outlined, label: "Phone", placeholder: "(555) 123-4567")
    let bioField = TextField(identifier: "bio", style: .outlined, kind: .textArea, label: "Bio")

    /// Every field, in Tab order.
    var fields: [TextField] { [nameField, emailField, passwordField, phoneField, bioField] }

    static let emailError = "Enter an address like name@example.com"
    static let minimumPasswordLength = 8
    static let passwordError = "Use at least \(minimumPasswordLength) characters"
    static let nameMissing = "Enter your name"
    static let emailMissing = "Enter your e-mail address"
    static let passwordMissing = "Choose a password"
    static let phoneError = "Enter all 10 digits, or leave it empty"

    private let log: (String) -> Void
    /// Told what the last submit found, as a line for the user, and whether it is an error; then,
    /// while that line lists wrong fields, the list as they are fixed ("" once none is left).
    var onStatus: (String, Bool) -> Void = { _, _ in }
    /// The status line lists the fields in error (an incomplete submit said so): it follows them.
    private var statusListsErrors = false

    init(log: @escaping (String) -> Void) {
        self.log = log

        nameField.autocapitalizationType = .words
        nameField.leadingIcon = .person

        emailField.keyboardType = .emailAddress

        passwordField.isSecureTextEntry = true
        passwordField.showsSecureTextToggle = true
        passwordField.helperText = "At least \(Self.minimumPasswordLength) characters"

        phoneField.keyboardType = .phonePad

        bioField.maximumLength = 200

        for field in fields {
            field.delegate = self
            field.addAction(for: .editingChanged) { [unowned self] field in self.editingChanged(field) }
        }
    }

    // MARK: TextFieldDelegate

    func textFieldDidBeginEditing(_ textField: TextField) {
        log("\(textField.identifier) began editing")
    }

    func textFieldDidEndEditing(_ textField: TextField, reason: EditingEndReason) {
        log("\(textField.identifier) ended editing")
        if textField === emailField { validateEmail() }
        if textField === passwordField { validatePassword() }
    }

    func textField(_ textField: TextField, shouldChangeCharactersIn range: Range<Int>, replacementString string: String) -> Bool {
        guard textField === phoneField else { return true }
        // A live formatter: the field shows the formatted number, and the caret lands after the
        // digit just typed (or where the deleted one was).
        let selection = textField.selection
        let caret = selection.isCaret ? selection.head : nil
        if let (text, caret) = PhoneNumberFormat.edit(textField.text, replacing: range, with: string, caret: caret) {
            textField.text = text
            textField.selection = TextSelection(caret: caret)
        }
        return false
    }

    func textFieldShouldReturn(_ textField: TextField) -> Bool {
        // Return moves on to the next field (the scene does that); on the last single-line field
        // it also submits.
        if textField === phoneField { submit() }
        return true
    }

    // MARK: Reactions

    private func editingChanged(_ field: TextField) {
        log("\(field.identifier) changed: \(shown(field))")
        // An error goes as soon as the text is good again, without waiting for editing to end.
        if field === emailField, field.isInError, Self.isValidEmail(field.text) {
            field.clearError()
            log("email error cleared")
            errorsChanged()
        }
        if field === passwordField, field.isInError, field.count >= Self.minimumPasswordLength {
            field.clearError()
            log("password error cleared")
            errorsChanged()
        }
        if field === nameField, field.isInError, !field.text.isEmpty {
            field.clearError()
            log("name error cleared")
            errorsChanged()
        }
        if field === phoneField, field.isInError, Self.isAcceptablePhone(field.text) {
            field.clearError()
            log("phone error cleared")
            errorsChanged()
        }
    }

    private func validateEmail() {
        guard !emailField.text.isEmpty, !Self.isValidEmail(emailField.text) else { return }
        if emailField.errorMessage != Self.emailError {
            emailField.applyErrorTheme(message: Self.emailError)
            log("email error: \(Self.emailError)")
            errorsChanged()
        }
    }

    private func validatePassword() {
        let count = passwordField.count
        guard count > 0, count < Self.minimumPasswordLength else { return }
        if passwordField.errorMessage != Self.passwordError {
            passwordField.applyErrorTheme(message: Self.passwordError)
            log("password error: \(Self.passwordError)")
            errorsChanged()
        }
    }

    /// Checks every field: each wrong one shows why in its error theme, the first of them takes
    /// the keyboard and the status says how many; a complete form says who signed in. Prints
    /// what would be sent.
    func submit() {
        let problems: [(TextField, String?)] = [
            (nameField, nameField.text.isEmpty ? Self.nameMissing : nil),
            (emailField, emailField.text.isEmpty ? Self.emailMissing : Self.isValidEmail(emailField.text) ? nil : Self.emailError),
            (passwordField, passwordField.count == 0 ? Self.passwordMissing
                : passwordField.count < Self.minimumPasswordLength ? Self.passwordError : nil),
            (phoneField, Self.isAcceptablePhone(phoneField.text) ? nil : Self.phoneError),
        ]
        var wrong: [TextField] = []
        for (field, problem) in problems {
            if let problem {
                wrong.append(field)
                if field.errorMessage != problem {
                    field.applyErrorTheme(message: problem)
                    log("\(field.identifier) error: \(problem)")
                }
            } else if field.isInError {
                field.clearError()
            }
        }
        let complete = wrong.isEmpty
        log("submit \(complete ? "ok" : "incomplete") name=\(nameField.text) email=\(emailField.text) "
            + "password=\(passwordField.count > 0 ? "set" : "empty") phone=\(phoneField.text) bio=\(bioField.count) characters")
        if let first = wrong.first {
            statusListsErrors = true
            onStatus(Self.checkLine(wrong), true)
            first.becomeFirstResponder()
        } else {
            statusListsErrors = false
            onStatus("Signed in as \(nameField.text)", false)
        }
    }

    /// "Check Phone", "Check 2 fields: Name, Password".
    private static func checkLine(_ wrong: [TextField]) -> String {
        let names = wrong.map(\.label).joined(separator: ", ")
        return wrong.count == 1 ? "Check \(names)" : "Check \(wrong.count) fields: \(names)"
    }

    /// A field's error came or went: a status line listing the wrong fields lists them as they are
    /// now, and goes once none is left (it would otherwise send the user to fields already fixed).
    private func errorsChanged() {
        guard statusListsErrors else { return }
        let wrong = fields.filter(\.isInError)
        if wrong.isEmpty {
            statusListsErrors = false
            onStatus("", false)
        } else {
            onStatus(Self.checkLine(wrong), true)
        }
    }

    /// The form's own shortcuts, for keys no field uses: Ctrl+Return (in any field, the bio
    /// too) and Ctrl+S submit.
    func handleKey(_ key: EditingKey, _ modifiers: KeyModifiers) -> Bool {
        guard modifiers.contains(.control) else { return false }
        switch key {
        case .enter: break
        case .shortcut(let character) where character.lowercased() == "s": break
        default: return false
        }
        submit()
        return true
    }

    /// A one-line summary for the end of the program.
    var summary: String { "name=\(nameField.text) email=\(emailField.text) phone=\(phoneField.text)" }

    /// What a log line shows of a field's text: dots for the password, line breaks as "\n".
    private func shown(_ field: TextField) -> String {
        let text = field.isSecureTextEntry ? field.displayedText : field.text
        return text.replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Empty (the phone is optional) or all ten digits of a North American number.
    static func isAcceptablePhone(_ text: String) -> Bool {
        let digits = text.filter(\.isWholeNumber).count
        return digits == 0 || digits == 10
    }

    static func isValidEmail(_ address: String) -> Bool {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !address.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}
