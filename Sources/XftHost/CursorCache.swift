import CXlib

/// The pointer shapes a window shows, each made at its first use rather than when the window
/// opens. Making the first one loads libXcursor (Xlib opens it), reads the cursor theme's index
/// and the shape's file and uploads its images: work that used to sit between exec and the
/// first frame, for a pointer that is not over the window yet. The window is given its arrow
/// once the first frame is out (`WindowSession.showPointerAfterFirstFrame`).
final class CursorCache {
    private let display: OpaquePointer
    private var made: [UInt32: Cursor] = [:]

    init(display: OpaquePointer) {
        self.display = display
    }

    /// The cursor of an X cursor-font shape (`XC_left_ptr`, `XC_xterm`, ...), made once.
    func cursor(_ shape: Int32) -> Cursor {
        let key = UInt32(shape)
        if let cursor = made[key] { return cursor }
        let cursor = XCreateFontCursor(display, key)
        made[key] = cursor
        return cursor
    }

    /// How many shapes were made so far (tests ask).
    var count: Int { made.count }

    /// Frees every cursor made; the cache is empty afterwards.
    func free() {
        for cursor in made.values { XFreeCursor(display, cursor) }
        made = [:]
    }
}
