/// Compiling a layout system: variable indices, peeling definitions, grouping what is left (see
/// ``LayoutSystem``). O(total terms) plus the groups' solves.
extension LayoutSystem {
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
        flattenDefinitions()
        evaluateDefinitions()
        changed = []
        changedAll = true
        computeAmbiguity()
    }

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
}
