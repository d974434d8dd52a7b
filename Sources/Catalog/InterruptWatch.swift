import Glibc
import MaterialFields
import XftHost

/// Ctrl+C in the terminal (SIGINT) and SIGTERM end the live window's loop as closing it does, so
/// what the catalog writes at the end (a `--record` script, the `--restore` file) is written; `run`
/// then returns 128 + the signal's number, as a shell reports a program the signal ended.
/// Installed once, by whichever needs it first.
enum InterruptWatch {
    nonisolated(unsafe) private static var watch: Cancellation?

    static func endRunOnInterrupt(of host: WindowHost) {
        guard watch == nil else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        interruptPipe = ends[1]
        let handler: @convention(c) (Int32) -> Void = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(interruptPipe, &byte, 1)
        }
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
        let readEnd = ends[0]
        watch = host.watch(fileDescriptor: readEnd) { [weak host] in
            var byte: UInt8 = 0
            _ = read(readEnd, &byte, 1)
            host?.stop(status: 128 + Int32(byte))
        }
    }
}

/// The write end of the pipe the signal handler tells the loop through (a write is what a signal
/// handler may do).
nonisolated(unsafe) private var interruptPipe: Int32 = -1
