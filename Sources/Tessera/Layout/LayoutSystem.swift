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
    var changed: [Int] = []
    var changedAll = false
    var compiles = 0
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
        var stack = seeds
        var lowest = Int.max, highest = -1
        while let v = stack.popLast() {
            for user in userList[userStart[v]..<userStart[v + 1]] where !marked[user] {
                marked[user] = true
                lowest = min(lowest, orderIndex[user])
                highest = max(highest, orderIndex[user])
                stack.append(user)
            }
        }
        guard highest >= 0 else { return }
        // Later in `definitionOrder` = evaluated earlier (inputs of earlier definitions): walk the
        // marked stretch backwards.
        for position in stride(from: highest, through: lowest, by: -1) {
            let v = definitionOrder[position]
            guard marked[v] else { continue }
            marked[v] = false
            let value = definitionValue(v)
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

    // MARK: - Compiling

    func index(of variable: LayoutVariable) -> Int {
        let slot = variable.systemIndex
        if slot >= 0 && slot < variables.count && variables[slot] === variable { return slot }
        variable.systemIndex = variables.count
        variables.append(variable)
        return variables.count - 1
    }

    /// The variable's index in the compiled system, or nil when no constraint uses it.
    func compiledIndex(of variable: LayoutVariable) -> Int? {
        let slot = variable.systemIndex
        return slot >= 0 && slot < variables.count && variables[slot] === variable ? slot : nil
    }

    /// The constraint's terms by variable index, repeated variables added up, zeros dropped.
    func mergedTerms(_ constraint: LinearConstraint) -> [(variable: Int, coefficient: Double)] {
        let given = constraint.expression.terms
        // The usual case: distinct variables, no zero coefficient.
        var simple = true
        for i in given.indices {
            if abs(given[i].coefficient) < SimplexRow.epsilon { simple = false; break }
            for j in given.indices where j < i && given[j].variable === given[i].variable { simple = false; break }
            if !simple { break }
        }
        if simple { return given.map { (index(of: $0.variable), $0.coefficient) } }
        var merged: [(variable: Int, coefficient: Double)] = []
        for (variable, coefficient) in constraint.expression.terms {
            let i = index(of: variable)
            if let at = merged.firstIndex(where: { $0.variable == i }) {
                merged[at].coefficient += coefficient
            } else {
                merged.append((i, coefficient))
            }
        }
        return merged.filter { abs($0.coefficient) >= SimplexRow.epsilon }
    }

    func compile() throws {
        compiles += 1
        variables = []
        terms = constraints.map(mergedTerms)
        peel()
        try buildGroups()
        needsCompile = false
        for solver in groups { solver?.updateVariables() }
        for (index, variable) in variables.enumerated() where definedBy[index] < 0 && !inSimplex(index) {
            variable.value = 0
        }
        values = variables.map(\.value)
        orderIndex = [Int](repeating: -1, count: variables.count)
        marked = [Bool](repeating: false, count: variables.count)
        var userCount = [Int](repeating: 0, count: variables.count)
        for (position, v) in definitionOrder.enumerated() {
            orderIndex[v] = position
            for term in terms[definedBy[v]] where term.variable != v { userCount[term.variable] += 1 }
        }
        userStart = [Int](repeating: 0, count: variables.count + 1)
        for v in variables.indices { userStart[v + 1] = userStart[v] + userCount[v] }
        var fill = userStart
        userList = [Int](repeating: 0, count: userStart[variables.count])
        for v in definitionOrder {
            for term in terms[definedBy[v]] where term.variable != v {
                userList[fill[term.variable]] = v
                fill[term.variable] += 1
            }
        }
        evaluateDefinitions()
        changed = []
        changedAll = true
        computeAmbiguity()
    }

    var simplexVariable: [Bool] = []
    func inSimplex(_ index: Int) -> Bool { simplexVariable[index] }

    /// Moves required equalities that are the only remaining use of one of their variables to the
    /// definitions, lowest ``LayoutVariable/definitionRank`` first.
    func peel() {
        let n = variables.count
        // The constraints using each variable, in one array: uses[start[v] ..< start[v + 1]].
        var remaining = [Int](repeating: 0, count: n)
        for list in terms { for term in list { remaining[term.variable] += 1 } }
        var start = [Int](repeating: 0, count: n + 1)
        for v in 0..<n { start[v + 1] = start[v] + remaining[v] }
        var fill = start
        var uses = [Int](repeating: 0, count: start[n])
        for (c, list) in terms.enumerated() {
            for term in list {
                uses[fill[term.variable]] = c
                fill[term.variable] += 1
            }
        }
        var peeled = [Bool](repeating: false, count: constraints.count)
        definedBy = [Int](repeating: -1, count: n)
        definitionOrder = []
        let ranks = 3
        var stacks = [[Int]](repeating: [], count: ranks)
        func push(_ v: Int) { stacks[min(ranks - 1, max(0, variables[v].definitionRank))].append(v) }
        for v in 0..<n where remaining[v] == 1 { push(v) }
        while true {
            guard let rank = stacks.firstIndex(where: { !$0.isEmpty }) else { break }
            let v = stacks[rank].removeLast()
            guard remaining[v] == 1, definedBy[v] < 0,
                  let c = uses[start[v]..<start[v + 1]].first(where: { !peeled[$0] }) else { continue }
            let constraint = constraints[c]
            guard constraint.relation == .equal, constraint.priority.isRequired else { continue }
            peeled[c] = true
            definedBy[v] = c
            definitionOrder.append(v)
            remaining[v] = 0
            for term in terms[c] where term.variable != v {
                remaining[term.variable] -= 1
                if remaining[term.variable] == 1 { push(term.variable) }
            }
        }
        groupOfConstraint = peeled.map { $0 ? -1 : 0 }
    }

    /// Splits the constraints left after peeling into groups that share no variable, one solver each.
    func buildGroups() throws {
        var parent = Array(0..<variables.count)
        func find(_ x: Int) -> Int {
            var x = x
            while parent[x] != x { parent[x] = parent[parent[x]]; x = parent[x] }
            return x
        }
        simplexVariable = [Bool](repeating: false, count: variables.count)
        for (c, list) in terms.enumerated() where groupOfConstraint[c] >= 0 {
            for term in list { simplexVariable[term.variable] = true }
            guard let first = list.first else { continue }
            for term in list.dropFirst() { parent[find(term.variable)] = find(first.variable) }
        }
        var groupOfRoot = [Int](repeating: -1, count: variables.count)
        var members: [[Int]] = []
        var constantOnlyGroup = -1
        for (c, list) in terms.enumerated() where groupOfConstraint[c] >= 0 {
            if let first = list.first {
                let root = find(first.variable)
                let g = groupOfRoot[root]
                if g >= 0 {
                    groupOfConstraint[c] = g
                } else {
                    groupOfRoot[root] = members.count
                    groupOfConstraint[c] = members.count
                    members.append([])
                }
            } else {
                // No variable at all (`0 == 5`): its own group.
                if constantOnlyGroup < 0 {
                    constantOnlyGroup = members.count
                    members.append([])
                }
                groupOfConstraint[c] = constantOnlyGroup
            }
            members[groupOfConstraint[c]].append(c)
        }
        var newGroupVariables = [[Int]](repeating: [], count: members.count)
        for v in variables.indices where simplexVariable[v] {
            let g = groupOfRoot[find(v)]
            if g >= 0 { newGroupVariables[g].append(v) }
        }
        groupConstraints = members
        groupVariables = newGroupVariables
        groupOfVariable = [Int](repeating: -1, count: variables.count)
        for (g, list) in newGroupVariables.enumerated() { for v in list { groupOfVariable[v] = g } }
        ambiguityIsStale = false
        groups = [SimplexSolver?](repeating: nil, count: members.count)
        boundAmbiguous = [Bool](repeating: false, count: members.count)
        for (g, list) in members.enumerated() {
            if newGroupVariables[g].count == 1 && list.allSatisfy({ terms[$0].count == 1 }) && solveBoundGroup(g) {
                continue
            }
            let solver = SimplexSolver()
            do {
                for c in list { try solver.add(constraints[c]) }
            } catch {
                needsCompile = true
                throw error
            }
            groups[g] = solver
        }
    }

    /// The error a group's constraints give when a solver tries them (a minimal conflict, named).
    func conflict(inGroup group: Int) -> Error {
        let solver = SimplexSolver()
        do {
            for c in groupConstraints[group] { try solver.add(constraints[c]) }
        } catch {
            return error
        }
        return LayoutError.solverFailure(reason: "a single-variable group was infeasible but its solver is not")
    }

    /// Solves a group of constraints `a · v + c REL 0` on one variable directly: the required ones bound
    /// `v` to an interval; the optional ones add `weight · |a| · violation`, a convex piecewise-linear
    /// function whose minimum over the interval lies at a bound or a breakpoint. Writes the value (the
    /// smallest optimal one) and the ambiguity (several optimal values). Returns false, writing nothing,
    /// when the required bounds leave no value. O(k²) for k constraints (2 for an intrinsic size).
    func solveBoundGroup(_ group: Int) -> Bool {
        let v = groupVariables[group][0]
        let members = groupConstraints[group]
        // Each constraint as `v REL bound` (the relation flipped for a negative coefficient).
        func normalized(_ c: Int) -> (bound: Double, relation: LayoutRelation, weight: Double, required: Bool) {
            let constraint = constraints[c]
            let a = terms[c][0].coefficient
            var relation = constraint.relation
            if a < 0 {
                relation = relation == .lessThanOrEqual ? .greaterThanOrEqual
                    : relation == .greaterThanOrEqual ? .lessThanOrEqual : .equal
            }
            let required = constraint.priority.isRequired
            return (-constraint.expression.constant / a, relation, required ? 0 : constraint.priority.weight * abs(a), required)
        }
        var low = -Double.infinity, high = Double.infinity
        var pullsDown = false, pullsUp = false
        for c in members {
            let n = normalized(c)
            if n.required {
                if n.relation != .lessThanOrEqual { low = max(low, n.bound) }
                if n.relation != .greaterThanOrEqual { high = min(high, n.bound) }
            } else {
                if n.relation != .greaterThanOrEqual { pullsDown = true }
                if n.relation != .lessThanOrEqual { pullsUp = true }
            }
        }
        let tolerance = SimplexSolver.tolerance * max(1, low.isFinite ? abs(low) : 0, high.isFinite ? abs(high) : 0)
        guard low <= high + tolerance else { return false }
        if low > high { high = low }
        func cost(_ x: Double) -> Double {
            var sum = 0.0
            for c in members {
                let n = normalized(c)
                guard !n.required else { continue }
                switch n.relation {
                case .equal: sum += n.weight * abs(x - n.bound)
                case .greaterThanOrEqual: sum += n.weight * max(0, n.bound - x)
                case .lessThanOrEqual: sum += n.weight * max(0, x - n.bound)
                }
            }
            return sum
        }
        // Candidates: every optional bound clamped into [low, high], and the finite ends.
        func forEachCandidate(_ body: (Double) -> Void) {
            var any = false
            for c in members {
                let n = normalized(c)
                if !n.required { body(min(high, max(low, n.bound))); any = true }
            }
            if low.isFinite { body(low); any = true }
            if high.isFinite { body(high); any = true }
            if !any { body(0) }
        }
        var best = Double.infinity
        forEachCandidate { best = min(best, cost($0)) }
        let slack = 1e-9 * max(1, best)
        var value = Double.infinity, largest = -Double.infinity
        var smallestCandidate = Double.infinity, largestCandidate = -Double.infinity
        forEachCandidate { x in
            smallestCandidate = min(smallestCandidate, x)
            largestCandidate = max(largestCandidate, x)
            if cost(x) <= best + slack {
                value = min(value, x)
                largest = max(largest, x)
            }
        }
        var free = largest - value > SimplexSolver.tolerance
        // Flat beyond the outermost candidates when nothing pulls back towards them.
        if largest == largestCandidate && high == .infinity && !pullsDown { free = true }
        if value == smallestCandidate && low == -.infinity && !pullsUp { free = true }
        variables[v].value = value
        boundAmbiguous[group] = free
        return true
    }


    func evaluateDefinitions() {
        for v in definitionOrder.reversed() {
            values[v] = definitionValue(v)
            variables[v].value = values[v]
        }
    }

    /// The value definition `v` gives from the current values of its inputs.
    func definitionValue(_ v: Int) -> Double {
        let c = definedBy[v]
        var sum = constraints[c].expression.constant
        var own = 0.0
        for term in terms[c] {
            if term.variable == v { own = term.coefficient } else { sum += term.coefficient * values[term.variable] }
        }
        return -sum / own
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
