/// Every error Tessera throws: what was wrong, named so that a person can find it.
///
/// Thrown at the API boundary (geometry, layers, buffers, files); nothing inside Tessera traps on
/// user input.
public enum TesseraError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `argument` names the offending parameter or field (for example `frame.size.width` or
    /// `bytesPerRow`); `reason` says what is wrong with its value.
    case invalidArgument(argument: String, reason: String)
    /// A layer-tree edit that would break the tree (a cycle, a layer that is not a sublayer, …).
    case invalidHierarchy(reason: String)

    public var description: String {
        switch self {
        case let .invalidArgument(argument, reason): return "\(argument): \(reason)"
        case let .invalidHierarchy(reason): return "invalid layer hierarchy: \(reason)"
        }
    }
}
