import CTessera
import Foundation

/// The thread-local text behind `tessera_last_error`: the message of the calling thread's most recent
/// failed call, kept as a C string until the next failure on that thread replaces it.
enum LastError {
    private static let key = "org.tessera.capi.lastError"
    nonisolated(unsafe) private static let empty: UnsafeMutablePointer<CChar> = strdup("")!

    /// Owns one C string; frees it when replaced or when the thread ends.
    private final class Text: NSObject {
        let pointer: UnsafeMutablePointer<CChar>?
        init(_ message: String) { pointer = strdup(message) }
        deinit { free(pointer) }
    }

    /// Replaces the calling thread's message.
    static func set(_ message: String) {
        Thread.current.threadDictionary[key] = Text(message)
    }

    /// The calling thread's message, or "" when no call failed on this thread yet.
    static var current: UnsafePointer<CChar> {
        guard let text = Thread.current.threadDictionary[key] as? Text, let pointer = text.pointer else {
            return UnsafePointer(empty)
        }
        return UnsafePointer(pointer)
    }
}

/// The text of the calling thread's most recent failed call (`const char *tessera_last_error(void)`), "" when none
/// failed; valid until the next failure on this thread. Any thread.
@_cdecl("tessera_last_error")
public func tesseraLastError() -> UnsafePointer<CChar> {
    LastError.current
}
