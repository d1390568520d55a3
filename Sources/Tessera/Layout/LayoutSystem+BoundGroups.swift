/// Groups of constraints on a single variable (intrinsic sizes, bounds), solved without a tableau.
extension LayoutSystem {
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
}
