/// Why a layout could not be solved. Bad arguments (NaN constants, cross-tree constraints, …) are
/// ``TesseraError/invalidArgument(argument:reason:)`` instead; these are errors of the system as a whole.
public enum LayoutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The required constraints listed (as written, a minimal conflicting set: drop any one of them and
    /// the rest can hold) cannot all hold. Nothing was changed.
    case unsatisfiable(constraints: [String])
    /// The layout does not determine these layers' frames (`card.width`, `feed.contentSize.height`, …).
    case ambiguous(attributes: [String])
    /// The constraints give a laid-out layer (or a content size) a negative size; frames are unchanged.
    case negativeSize(attribute: String, value: Double)
    /// The solver met a state that should not occur (an unbounded objective); a bug to report.
    case solverFailure(reason: String)

    public var description: String {
        switch self {
        case let .unsatisfiable(constraints):
            return "unsatisfiable constraints: these required constraints cannot all hold: "
                + constraints.joined(separator: "; ")
        case let .ambiguous(attributes):
            return "ambiguous layout: nothing determines " + attributes.joined(separator: ", ")
        case let .negativeSize(attribute, value):
            return "the constraints make \(attribute) \(value); sizes must be ≥ 0"
        case let .solverFailure(reason):
            return "layout solver failure: \(reason)"
        }
    }
}
