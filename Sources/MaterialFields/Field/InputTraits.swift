/// UIKit's `UIKeyboardType` on a desktop with a full keyboard: no keyboard to swap, so a type
/// says what may be entered. Typed and pasted text is filtered by it (`filter(_:keeping:)`), as a
/// phone's number pad would never offer the other keys.
public enum KeyboardType: String, Sendable, Codable, CaseIterable {
    /// Anything.
    case `default`
    /// ASCII only.
    case asciiCapable
    /// Anything (a phone's numbers-and-punctuation layout has every key a desktop has).
    case numbersAndPunctuation
    /// No spaces or line breaks.
    case URL
    /// The digits 0 to 9.
    case numberPad
    /// Digits and what phone numbers are written with: + * # ( ) - . / space.
    case phonePad
    /// Names and phone numbers: anything.
    case namePhonePad
    /// No spaces or line breaks, one @.
    case emailAddress
    /// Digits and one decimal separator ("." or ",").
    case decimalPad
    /// Anything.
    case twitter
    /// Anything.
    case webSearch
    /// ASCII digits.
    case asciiCapableNumberPad

    private static let phoneSymbols: Set<Character> = ["+", "*", "#", "(", ")", "-", ".", "/", " "]

    /// This type lets every typed character in (it filters nothing).
    var keepsEverythingTyped: Bool {
        switch self {
        case .default, .numbersAndPunctuation, .namePhonePad, .twitter, .webSearch: return true
        default: return false
        }
    }

    /// What of `replacement` this type lets in, where `rest` is the text the edit keeps (for the
    /// types that allow something once: the decimal separator, the @).
    public func filter(_ replacement: String, keeping rest: some Sequence<Character>) -> String {
        switch self {
        case .default, .numbersAndPunctuation, .namePhonePad, .twitter, .webSearch:
            return replacement
        case .asciiCapable:
            return String(replacement.filter(\.isASCII))
        case .numberPad, .asciiCapableNumberPad:
            return String(replacement.filter(Self.isDigit))
        case .phonePad:
            return String(replacement.filter { Self.isDigit($0) || Self.phoneSymbols.contains($0) })
        case .URL:
            return String(replacement.filter { !$0.isWhitespace })
        case .emailAddress:
            // The kept text is read only when an @ is typed: typing into a long address stays cheap.
            var hasAt: Bool?
            return String(replacement.filter { character in
                guard !character.isWhitespace else { return false }
                guard character == "@" else { return true }
                defer { hasAt = true }
                return !(hasAt ?? rest.contains("@"))
            })
        case .decimalPad:
            var hasSeparator: Bool?
            return String(replacement.filter { character in
                if Self.isDigit(character) { return true }
                guard character == "." || character == "," else { return false }
                // The kept text is read once, at the first separator typed.
                let taken = hasSeparator ?? rest.contains { $0 == "." || $0 == "," }
                hasSeparator = true
                return !taken
            })
        }
    }

    /// What of a pasted `text` this type takes: all of it or nothing, since dropping the second
    /// "." of "1,250.00" or the space of "first last@x.com" would paste another value in
    /// silence. Text the type takes as it is stays as it is; otherwise the spaces and line breaks
    /// around it may go. Nil refuses the paste.
    public func paste(_ text: String, keeping rest: some Sequence<Character>) -> String? {
        if filter(text, keeping: rest) == text { return text }
        let trimmed = text.trimmingWhitespace()
        return filter(trimmed, keeping: rest) == trimmed ? trimmed : nil
    }

    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isWholeNumber }
}

/// UIKit's `UITextAutocapitalizationType`: which typed letters become capitals. Applied to what
/// is typed (keys, and what an input method commits for them), never to a paste, and never in a
/// secure field.
public enum AutocapitalizationType: String, Sendable, Codable, CaseIterable {
    case none
    /// The first letter of each word.
    case words
    /// The first letter of each sentence: at the start, and after ".", "!" or "?" and a space.
    case sentences
    case allCharacters

    /// `typed` with the capitals this type asks for, typed after `before` (the text before the
    /// insertion point; only its end is read).
    public func apply(to typed: String, after before: some BidirectionalCollection<Character>) -> String {
        guard self != .none else { return typed }
        if self == .allCharacters { return typed.uppercased() }
        var result = ""
        var previous = before.last
        // Whether what came before ends a sentence (nothing yet counts as ended).
        var sentenceEnded = Self.endsSentence(before)
        for character in typed {
            let startsWord = previous.map { $0.isWhitespace } ?? true
            let capitalize = startsWord && (self == .words || sentenceEnded)
            // Appended as a string: "ß" capitalizes to "SS", more than one Character.
            result += capitalize && character.isLowercase ? String(character).uppercased() : String(character)
            if character == "." || character == "!" || character == "?" || character.isNewline {
                sentenceEnded = true
            } else if !character.isWhitespace {
                sentenceEnded = false
            }
            previous = character
        }
        return result
    }

    /// Whether the text so far ends a sentence: nothing yet, or ". ", "! ", "? " (spaces after).
    private static func endsSentence(_ text: some BidirectionalCollection<Character>) -> Bool {
        guard let last = text.last(where: { !$0.isWhitespace || $0.isNewline }) else { return true }
        return last == "." || last == "!" || last == "?" || last.isNewline
    }
}

/// UIKit's `NSTextAlignment`: where text, placeholder and hint sit in the field's text band.
public enum TextAlignment: String, Sendable, Codable, CaseIterable {
    case left, center, right
    /// The start of the text's direction: left, or right for right-to-left text.
    case natural

    /// 0 for the left edge, 0.5 centred, 1 the right edge (`natural` as left; a field resolves
    /// it by its text's direction).
    public var factor: Double {
        switch self {
        case .left, .natural: return 0
        case .center: return 0.5
        case .right: return 1
        }
    }
}

extension String {
    /// Without the whitespace and line breaks at either end.
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
