/// Searching UTF-8 bytes for ASCII patterns, for readers that scan whole files or pastes byte by
/// byte instead of as `String`s (the HTML reader, the pinned fontconfig file's folders).
package enum ByteSearch {
    /// The first index at or after `from` where `pattern` starts in `bytes`, or nil. With
    /// `ignoringCase`, ASCII letters in `bytes` are compared lower-cased (so `pattern` is given
    /// in lower case).
    package static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int, ignoringCase: Bool = false) -> Int? {
        guard let first = pattern.first, bytes.count >= pattern.count, from >= 0 else { return nil }
        func folded(_ byte: UInt8) -> UInt8 { ignoringCase && isASCIILetter(byte) ? byte | 0x20 : byte }
        var index = from
        let last = bytes.count - pattern.count
        while index <= last {
            if folded(bytes[index]) == first {
                var matched = true
                for offset in 1..<pattern.count where folded(bytes[index + offset]) != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    package static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }
}
