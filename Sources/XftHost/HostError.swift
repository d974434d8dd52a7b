/// Failures a host reports to the user as one clear line.
public enum HostError: Error, CustomStringConvertible {
    case cannotOpenDisplay(String)
    case missingRenderExtension
    case imageWrite(path: String, reason: String)
    case imageRead(path: String, reason: String)
    case captureFailed
    case connectionLost
    case noUsableFont

    public var description: String {
        switch self {
        case .cannotOpenDisplay(let name):
            return name.isEmpty
                ? "cannot open the X display: DISPLAY is not set (run under an X server, or use Xvfb)"
                : "cannot open the X display '\(name)' (is an X server running there, and may this user connect?)"
        case .missingRenderExtension:
            return "the X server lacks the RENDER extension, which antialiased drawing needs"
        case .imageWrite(let path, let reason):
            return "cannot write PNG '\(path)': \(reason)"
        case .imageRead(let path, let reason):
            return "cannot read PNG '\(path)': \(reason)"
        case .connectionLost:
            return "lost the connection to the X server"
        case .captureFailed:
            return "could not read the rendered pixels back from the X server"
        case .noUsableFont:
            return "fontconfig finds no usable font at all (Debian: apt-get install fonts-roboto fonts-dejavu-core)"
        }
    }
}
