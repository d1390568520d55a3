import CTessera
import Tessera

/// A failed C call: the status code to return and the text `tessera_last_error` will give.
struct Failure: Error {
    let status: tessera_status
    let message: String

    /// `argument` was null, out of range, NaN, …; the message starts with the argument's name.
    static func invalidArgument(_ argument: String, _ reason: String) -> Failure {
        Failure(status: tessera_status(TESSERA_INVALID_ARGUMENT), message: "\(argument): \(reason)")
    }

    static func invalidHandle(_ argument: String, _ reason: String) -> Failure {
        Failure(status: tessera_status(TESSERA_INVALID_HANDLE), message: "\(argument): \(reason)")
    }

    static func wrongKind(_ argument: String, _ reason: String) -> Failure {
        Failure(status: tessera_status(TESSERA_WRONG_HANDLE_KIND), message: "\(argument): \(reason)")
    }
}

/// Runs the body of one C entry point: every error becomes a status code and a thread-local message, so
/// no Swift error crosses the C boundary. Returns `TESSERA_OK` when `body` returns.
func cCall(_ function: String, _ body: () throws -> Void) -> tessera_status {
    do {
        try body()
        return tessera_status(TESSERA_OK)
    } catch let failure as Failure {
        LastError.set("\(function): \(failure.message)")
        return failure.status
    } catch let error as LayoutError {
        LastError.set("\(function): \(error)")
        return tessera_status(TESSERA_INVALID_ARGUMENT)
    } catch let error as TesseraError {
        LastError.set("\(function): \(error)")
        switch error {
        case .invalidArgument: return tessera_status(TESSERA_INVALID_ARGUMENT)
        case .invalidHierarchy: return tessera_status(TESSERA_HIERARCHY_ERROR)
        }
    } catch {
        LastError.set("\(function): internal error: \(error)")
        return tessera_status(TESSERA_INTERNAL_ERROR)
    }
}

/// The pointee of a pointer argument that must not be null.
func required<T>(_ pointer: UnsafePointer<T>?, _ argument: String) throws -> T {
    guard let pointer else { throw Failure.invalidArgument(argument, "must not be null") }
    return pointer.pointee
}

/// An out-pointer argument that must not be null.
func output<T>(_ pointer: UnsafeMutablePointer<T>?, _ argument: String) throws -> UnsafeMutablePointer<T> {
    guard let pointer else { throw Failure.invalidArgument(argument, "must not be null") }
    return pointer
}

/// Runs `body`, renaming the argument of a ``TesseraError/invalidArgument(argument:reason:)`` it throws
/// from the Swift name to the C one (`tileSize` → `config->tile_size`).
func renamingArguments<T>(_ names: [String: String], _ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch TesseraError.invalidArgument(let argument, let reason) {
        throw Failure.invalidArgument(names[argument] ?? argument, reason)
    }
}

/// Swift's names of a `Rect` argument's fields mapped to the C names of a `tessera_rect *` parameter:
/// `frame.size.width` → `frame->width`.
func rectNames(_ swift: String, _ c: String) -> [String: String] {
    ["\(swift).origin.x": "\(c)->x", "\(swift).origin.y": "\(c)->y",
     "\(swift).size.width": "\(c)->width", "\(swift).size.height": "\(c)->height"]
}

/// Swift's names of a `Point` or `Size` argument's fields mapped to two plain C parameters.
func pairNames(_ swift: String, _ first: (String, String), _ second: (String, String)) -> [String: String] {
    ["\(swift).\(first.0)": first.1, "\(swift).\(second.0)": second.1]
}
