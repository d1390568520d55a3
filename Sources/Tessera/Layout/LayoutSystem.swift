/// A set of constraints solved as a whole: the simplex solver, applied only where it is needed.
///
/// Layout systems are mostly chains of required equalities (`card.top == previous.bottom + 8`); in a
/// simplex tableau every link of a chain drags the parameters of all the links before it, so 10,000
/// chained cards would cost O(n²). Before solving, the system therefore *peels* definitions: a variable
/// that appears in a single remaining constraint, that constraint being a required equality, is defined
/// by it (`y₉ := y₈ + h₈ + 8`) and the constraint leaves the simplex problem; the peeling repeats until
/// no variable qualifies. The defined variables appear in no remaining constraint, so every solution of
/// the rest extends to exactly one solution of the whole: the result is the same as solving everything
/// in one tableau. What remains is split into independent groups (constraints sharing no variable),
/// each solved by its own ``SimplexSolver``; definitions are then evaluated in dependency order.
///
/// Incremental: a changed constant of a definition re-evaluates the definitions that depend on it; one
/// of a simplex constraint goes through ``SimplexSolver/setConstant(_:of:)`` of its group (or re-solves
/// its single-variable group). A constraint added or removed among the simplex groups joins or leaves
/// its group's solver (`LayoutSystem+Incremental.swift`); one that involves a definition re-compiles
/// the system (peeling and groups, O(total terms)) at the next ``solve()``.
///
/// Units: the variables'. Thread safety: not synchronized; one thread at a time. Cost: peeling and
/// evaluation are O(total terms); the simplex cost is that of the groups.
public final class LayoutSystem {
    var constraints: [LinearConstraint] = []
    /// Where `constraint` is in `constraints`, or nil (the constraint carries its position).
    func position(of constraint: LinearConstraint) -> Int? {
        let slot = constraint.systemPosition
        return slot >= 0 && slot < constraints.count && constraints[slot] === constraint ? slot : nil
    }
    var needsCompile = true

    // The compiled form.
    var variables: [LayoutVariable] = []
    /// Per variable: the constraint defining it (index into `constraints`), or -1.
    var definedBy: [Int] = []
    /// The defined variables in the order they were peeled (evaluate in reverse).
    var definitionOrder: [Int] = []
    /// Per constraint: its merged terms (variable index, coefficient).
    var terms: [[(variable: Int, coefficient: Double)]] = []
    /// Per constraint: its simplex group, or -1 for a definition.
    var groupOfConstraint: [Int] = []
    /// Per group: its solver, or `nil` for a group of constraints on a single variable, which is solved
    /// directly (`solveBoundGroup`).
    var groups: [SimplexSolver?] = []
    /// Per group: its constraints (positions).
    var groupConstraints: [[Int]] = []
    /// Per single-variable group: whether the optimum leaves the variable free.
    var boundAmbiguous: [Bool] = []
    var groupVariables: [[Int]] = []
    var ambiguous: [Bool] = []
    /// Per variable: its value (read without touching the variable objects), the definitions that use
    /// it, its position in `definitionOrder`, and a scratch mark.
    var values: [Double] = []
    /// The definitions using variable `v` are `userList[userStart[v] ..< userStart[v + 1]]`.
    var userStart: [Int] = [0]
    var userList: [Int] = []
    var orderIndex: [Int] = []
    var marked: [Bool] = []
    /// Per defined variable `v`, its definition flattened for re-evaluation without touching the
    /// constraint objects: `v = −(definitionConstant[v] + Σ coefficient · value) / definitionOwn[v]`
    /// over the inputs `definitionInput[definitionStart[v] ..< definitionStart[v + 1]]` (built by
    /// ``compile()``, constants kept current by ``setConstant(_:of:)``).
    var definitionStart: [Int] = [0]
    var definitionInput: [(variable: Int, coefficient: Double)] = []
    var definitionOwn: [Double] = []
    var definitionConstant: [Double] = []
    var changed: [Int] = []
    var changedAll = false
    var compiles = 0
    /// Per variable: whether a simplex group constrains it.
    var simplexVariable: [Bool] = []
    /// Per variable: its group, or -1.
    var groupOfVariable: [Int] = []
    /// Set when an incremental change may have changed what is ambiguous (recomputed by ``solve()``).
    var ambiguityIsStale = false

    public init() {}

    /// The constraints, in the order they were added.
    public var allConstraints: [LinearConstraint] { constraints }

    public func contains(_ constraint: LinearConstraint) -> Bool { position(of: constraint) != nil }

    /// Adds `constraint`; it takes effect at the next ``solve()``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constraint` when it is already
    ///   in the system or has a non-finite constant or coefficient.
    public func add(_ constraint: LinearConstraint) throws {
        guard position(of: constraint) == nil else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) is already in the system")
        }
        guard constraint.expression.isFinite else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) has a non-finite constant or coefficient")
        }
        constraint.systemPosition = constraints.count
        constraints.append(constraint)
        if !needsCompile { addIncrementally(at: constraints.count - 1) }
    }

    /// Removes `constraint`; it stops counting at the next ``solve()``.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constraint` when absent.
    public func remove(_ constraint: LinearConstraint) throws {
        guard let position = position(of: constraint) else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) is not in the system")
        }
        if !needsCompile && groupOfConstraint[position] >= 0 {
            removeIncrementally(at: position)
            return
        }
        let last = constraints.removeLast()
        if position < constraints.count {
            constraints[position] = last
            last.systemPosition = position
        }
        needsCompile = true
    }

    /// Sets the constant of `constraint`'s expression (`lhs − rhs`) and re-solves what depends on it.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constant` or `constraint`;
    ///   ``LayoutError/unsatisfiable(constraints:)`` when the required constraints then conflict (the old
    ///   constant stays).
    public func setConstant(_ constant: Double, of constraint: LinearConstraint) throws {
        guard constant.isFinite else {
            throw TesseraError.invalidArgument(argument: "constant", reason: "must be finite, got \(constant)")
        }
        guard let position = position(of: constraint) else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) is not in the system")
        }
        if needsCompile {
            constraint.expression.constant = constant
            return
        }
        let group = groupOfConstraint[position]
        var seeds: [Int] = []
        if group >= 0 {
            if let solver = groups[group] {
                try solver.setConstant(constant, of: constraint)
                solver.updateVariables()
            } else {
                let old = constraint.expression.constant
                constraint.expression.constant = constant
                if !solveBoundGroup(group) {
                    let error = conflict(inGroup: group)
                    constraint.expression.constant = old
                    _ = solveBoundGroup(group)
                    throw error
                }
            }
            for v in groupVariables[group] where variables[v].value != values[v] {
                values[v] = variables[v].value
                seeds.append(v)
            }
        } else {
            constraint.expression.constant = constant
            if let defined = terms[position].first(where: { definedBy[$0.variable] == position })?.variable {
                definitionConstant[defined] = constant
                let value = definitionValue(defined)
                if value != values[defined] {
                    values[defined] = value
                    variables[defined].value = value
                    seeds.append(defined)
                }
            }
        }
        reevaluate(from: seeds)
    }

    /// The variables whose values changed since the last call (every variable after a full solve),
    /// or `nil` for "all of them".
    public func takeChangedVariables() -> [LayoutVariable]? {
        takeChangedIndices().map { $0.map { variables[$0] } }
    }

    /// As ``takeChangedVariables()``, as indices (see ``compiledIndex(of:)``, ``value(at:)``).
    func takeChangedIndices() -> [Int]? {
        defer { changed = []; changedAll = false }
        return changedAll ? nil : changed
    }

    /// The value of the variable at `index`.
    func value(at index: Int) -> Double { values[index] }

    /// Counts compiles: indices given before a compile mean nothing after it.
    var compileCount: Int { compiles }

    /// Re-evaluates the definitions that depend on `seeds` (variables whose values changed), in
    /// dependency order, and records what changed. O(the dependent definitions).
    func reevaluate(from seeds: [Int]) {
        changed.append(contentsOf: seeds)
        // The arrays are moved into locals for the walk: element access then needs no exclusivity
        // check or reference count per variable (thousands of definitions follow one edit in a feed).
        var marked = self.marked, values = self.values
        self.marked = []
        self.values = []
        defer {
            self.marked = marked
            self.values = values
        }
        var stack = seeds
        var lowest = Int.max, highest = -1
        let userStart = self.userStart, userList = self.userList, orderIndex = self.orderIndex
        while let v = stack.popLast() {
            for index in userStart[v]..<userStart[v + 1] {
                let user = userList[index]
                guard !marked[user] else { continue }
                marked[user] = true
                lowest = min(lowest, orderIndex[user])
                highest = max(highest, orderIndex[user])
                stack.append(user)
            }
        }
        guard highest >= 0 else { return }
        // Later in `definitionOrder` = evaluated earlier (inputs of earlier definitions): walk the
        // marked stretch backwards.
        let definitionOrder = self.definitionOrder, variables = self.variables
        let start = definitionStart, inputs = definitionInput, own = definitionOwn, constant = definitionConstant
        for position in stride(from: highest, through: lowest, by: -1) {
            let v = definitionOrder[position]
            guard marked[v] else { continue }
            marked[v] = false
            var sum = constant[v]
            for index in start[v]..<start[v + 1] { sum += inputs[index].coefficient * values[inputs[index].variable] }
            let value = -sum / own[v]
            if value != values[v] {
                values[v] = value
                variables[v].value = value
                changed.append(v)
            }
        }
    }

    /// Solves the system and writes every variable's value.
    /// - Throws: ``LayoutError/unsatisfiable(constraints:)`` naming a minimal set of conflicting required
    ///   constraints; no value is written then.
    public func solve() throws {
        if needsCompile {
            try compile()
        } else if ambiguityIsStale {
            computeAmbiguity()
            ambiguityIsStale = false
        }
    }

    /// Whether the last ``solve()`` left `variable` undetermined (true for a variable in no constraint).
    public func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let index = compiledIndex(of: variable) else { return true }
        return ambiguous[index]
    }

    func evaluateDefinitions() {
        for v in definitionOrder.reversed() {
            values[v] = definitionValue(v)
            variables[v].value = values[v]
        }
    }

    /// The value definition `v` gives from the current values of its inputs.
    func definitionValue(_ v: Int) -> Double {
        var sum = definitionConstant[v]
        for index in definitionStart[v]..<definitionStart[v + 1] {
            sum += definitionInput[index].coefficient * values[definitionInput[index].variable]
        }
        return -sum / definitionOwn[v]
    }

    /// Builds the flattened definitions (``definitionStart`` …) from `terms` and `definedBy`.
    func flattenDefinitions() {
        let count = variables.count
        definitionStart = [Int](repeating: 0, count: count + 1)
        definitionInput = []
        definitionOwn = [Double](repeating: 1, count: count)
        definitionConstant = [Double](repeating: 0, count: count)
        for v in 0..<count {
            let c = definedBy[v]
            if c >= 0 {
                definitionConstant[v] = constraints[c].expression.constant
                for term in terms[c] {
                    if term.variable == v { definitionOwn[v] = term.coefficient } else { definitionInput.append(term) }
                }
            }
            definitionStart[v + 1] = definitionInput.count
        }
    }

    func computeAmbiguity() {
        ambiguous = [Bool](repeating: false, count: variables.count)
        for (v, _) in variables.enumerated() where definedBy[v] < 0 && !simplexVariable[v] { ambiguous[v] = true }
        for (g, group) in groups.enumerated() {
            guard let solver = group else {
                if boundAmbiguous[g] { for v in groupVariables[g] { ambiguous[v] = true } }
                continue
            }
            let list = groupVariables[g].map { variables[$0] }
            for variable in solver.ambiguousVariables(list) {
                if let index = compiledIndex(of: variable) { ambiguous[index] = true }
            }
        }
        for v in definitionOrder.reversed() {
            ambiguous[v] = terms[definedBy[v]].contains { $0.variable != v && ambiguous[$0.variable] }
        }
    }
}
