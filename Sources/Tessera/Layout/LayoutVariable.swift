/// An unknown of a constraint system: one `Double` the solver chooses (a layer's x, a width, a content
/// height, …), in points when it stands for geometry.
///
/// Identity is the object: two variables with the same name are different unknowns. ``value`` is written
/// by ``SimplexSolver/updateVariables()``. Thread safety: as the solver that uses it (one thread at a
/// time). Cost: one small object.
public final class LayoutVariable: Hashable, CustomStringConvertible {
    /// For messages only (`card.y`); made on first use when given as a closure.
    public var name: String {
        if let storedName { return storedName }
        let made = makeName?() ?? "variable"
        storedName = made
        return made
    }
    private var storedName: String?
    private var makeName: (() -> String)?
    /// The value from the last ``SimplexSolver/updateVariables()``; 0 before.
    public internal(set) var value: Double = 0
    /// Which unknown a required equality should define when it could define several (lower first):
    /// see ``LayoutSystem``. Content sizes go first and layer sizes last, so that an underdetermined
    /// layer size is the one left free (and zero), as in UIKit.
    let definitionRank: Int
    /// The index the ``LayoutSystem`` that last compiled the variable gave it (checked against that
    /// system's list before use; a variable is meant to be in one layout system at a time).
    var systemIndex = -1

    public convenience init(_ name: String) { self.init(name, definitionRank: 1) }

    init(_ name: String, definitionRank: Int) {
        storedName = name
        self.definitionRank = definitionRank
    }

    /// A variable whose name is made only if a message needs it.
    init(lazyName: @escaping () -> String, definitionRank: Int) {
        makeName = lazyName
        self.definitionRank = definitionRank
    }

    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name }
}

/// `constant + Σ coefficient · variable`: one side of a linear constraint. Value type; terms are kept as
/// given (a variable may appear twice; the solver adds them up). Cost: O(terms) to build and combine.
public struct LinearExpression: CustomStringConvertible {
    public var terms: [(variable: LayoutVariable, coefficient: Double)]
    public var constant: Double

    public init(_ terms: [(variable: LayoutVariable, coefficient: Double)] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: LayoutVariable) { self.init([(variable, 1)]) }

    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        lhs + rhs * -1
    }

    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms.map { ($0.variable, $0.coefficient * rhs) }, constant: lhs.constant * rhs)
    }

    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms, constant: lhs.constant + rhs)
    }

    /// The value with every variable at its current ``LayoutVariable/value``.
    public var value: Double {
        terms.reduce(constant) { $0 + $1.coefficient * $1.variable.value }
    }

    /// True when every constant and coefficient is finite.
    var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    public var description: String {
        var parts = terms.map { "\($0.coefficient) * \($0.variable.name)" }
        if constant != 0 || parts.isEmpty { parts.append("\(constant)") }
        return parts.joined(separator: " + ")
    }
}

/// `==`, `>=` or `<=`.
public enum LayoutRelation: String, Sendable, CaseIterable {
    case equal = "=="
    case greaterThanOrEqual = ">="
    case lessThanOrEqual = "<="
}

/// One constraint of the solver: `expression REL 0` at a priority, with a label for messages
/// (what the user wrote, e.g. `card.top == header.bottom + 8`).
///
/// Identity is the object: the solver adds and removes constraints by reference. The expression is
/// fixed; the constant can be changed through ``SimplexSolver/setConstant(_:of:)`` while the constraint
/// is in a solver. Thread safety: as the solver. Cost: one object with the expression's terms.
public final class LinearConstraint: CustomStringConvertible {
    /// `lhs − rhs`; its constant changes through ``SimplexSolver/setConstant(_:of:)``.
    public internal(set) var expression: LinearExpression
    public let relation: LayoutRelation
    public let priority: LayoutPriority
    /// What messages call the constraint (made on first use when given as a closure).
    public var label: String {
        if let storedLabel { return storedLabel }
        let made = makeLabel?() ?? "constraint"
        storedLabel = made
        return made
    }
    private var storedLabel: String?
    private var makeLabel: (() -> String)?

    /// Replaces the label by one made on demand (layout labels cost nothing until a message needs them).
    func setLabel(_ make: @escaping () -> String) {
        storedLabel = nil
        makeLabel = make
    }

    /// Its position in the ``LayoutSystem`` holding it (checked against that system's list before use; a
    /// constraint is meant to be in one layout system at a time).
    var systemPosition = -1
    /// The layout engine's pass that last produced this constraint (to find the ones no pass produced).
    var pass = 0

    /// `expression REL 0` as it is.
    init(expression: LinearExpression, _ relation: LayoutRelation, priority: LayoutPriority) {
        self.expression = expression
        self.relation = relation
        self.priority = priority
    }

    /// `lhs REL rhs`, stored as `lhs − rhs REL 0`.
    public init(_ lhs: LinearExpression, _ relation: LayoutRelation, _ rhs: LinearExpression,
                priority: LayoutPriority = .required, label: String? = nil) {
        expression = lhs - rhs
        self.relation = relation
        self.priority = priority
        storedLabel = label ?? "\(lhs) \(relation.rawValue) \(rhs)" + (priority.isRequired ? "" : " @ \(priority)")
    }

    /// The label (given labels are taken as written, priority included or not).
    public var description: String { label }
}
