/// Standard base64 (RFC 4648, with '=' padding), for PNGs a report embeds as `data:` URIs.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        let length = (bytes.count + 2) / 3 * 4
        // Through buffers: a report encodes megabytes, and the debug build's checked array
        // appends cost several times more.
        let output = [UInt8](unsafeUninitializedCapacity: length) { output, initialized in
            alphabet.withUnsafeBufferPointer { alphabet in
                bytes.withUnsafeBufferPointer { input in
                    var read = 0, written = 0
                    func put(_ sextet: UInt32) {
                        output[written] = alphabet[Int(sextet & 63)]
                        written += 1
                    }
                    while read + 3 <= input.count {
                        let chunk = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
                        put(chunk >> 18); put(chunk >> 12); put(chunk >> 6); put(chunk)
                        read += 3
                    }
                    let rest = input.count - read
                    if rest > 0 {
                        let chunk = UInt32(input[read]) << 16 | (rest == 2 ? UInt32(input[read + 1]) << 8 : 0)
                        put(chunk >> 18); put(chunk >> 12)
                        if rest == 2 { put(chunk >> 6) } else { output[written] = UInt8(ascii: "="); written += 1 }
                        output[written] = UInt8(ascii: "=")
                        written += 1
                    }
                    initialized = written
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
