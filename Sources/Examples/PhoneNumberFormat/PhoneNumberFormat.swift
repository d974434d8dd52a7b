/// A North American phone number as a phone field shows it while it is typed: digits only, at
/// most ten, written "(555) 123-4567". Pure functions, so a delegate stays short; the catalog and
/// the sign-in form share them.
public enum PhoneNumberFormat {
    public static let maximumDigits = 10

    /// "(555" after three digits, "(555) 12" after five, "(555) 123-4" after seven.
    public static func format(_ digits: [Character]) -> String {
        guard !digits.isEmpty else { return "" }
        var text = "(" + String(digits.prefix(3))
        if digits.count > 3 { text += ") " + String(digits.dropFirst(3).prefix(3)) }
        if digits.count > 6 { text += "-" + String(digits.dropFirst(6)) }
        return text
    }

    public static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isWholeNumber }

    /// Where the caret goes in `formatted` so that `digitCount` digits stand before it: right
    /// after the last of them (before any formatting that follows), or before the first digit.
    public static func caretOffset(afterDigits digitCount: Int, in formatted: String) -> Int {
        var seen = 0
        for (offset, character) in formatted.enumerated() where isDigit(character) {
            if seen == digitCount { return offset }
            seen += 1
            if seen == digitCount { return offset + 1 }
        }
        return formatted.count
    }

    /// The text and caret after a user's edit of `text` (already formatted): `range` (in
    /// characters) replaced by `replacement`; `caret` is where the caret was before the edit (nil
    /// when text was selected). Digits are kept, anything else dropped; a deletion that removes
    /// only formatting removes the digit before it (Backspace) or after it (Delete). Nil when the
    /// edit changes no digit.
    public static func edit(_ text: String, replacing range: Range<Int>, with replacement: String, caret: Int?)
        -> (text: String, caret: Int)? {
        let characters = Array(text)
        var digits = characters.filter(isDigit)
        let lower = min(max(range.lowerBound, 0), characters.count)
        let upper = min(max(range.upperBound, lower), characters.count)
        var start = characters[..<lower].filter(isDigit).count
        var removed = characters[lower..<upper].filter(isDigit).count
        var typed = Array(replacement.filter(isDigit))
        // An area code never starts with 0 or 1. At the start, one "1" is the country code of
        // "+1 555 123 4567" (typed or pasted) and is left out rather than shifting every digit;
        // a number that still starts with 0 or 1 ("011 44 ...", dialled abroad) is not one this
        // field holds, and is refused rather than mangled.
        if start == 0 {
            if typed.first == "1" { typed.removeFirst() }
            if let first = typed.first, first == "0" || first == "1" { return nil }
        }
        if replacement.isEmpty && removed == 0 && lower < upper {
            // Only formatting was deleted: the digit next to it goes instead.
            if let caret, upper <= caret, start > 0 {
                start -= 1
                removed = 1
            } else if let caret, lower >= caret, start < digits.count {
                removed = 1
            } else {
                return nil
            }
        }
        let room = maximumDigits - (digits.count - removed)
        let inserted = Array(typed.prefix(max(0, room)))
        guard removed > 0 || !inserted.isEmpty else { return nil }
        digits.replaceSubrange(start..<(start + removed), with: inserted)
        let formatted = format(digits)
        return (formatted, caretOffset(afterDigits: start + inserted.count, in: formatted))
    }
}
