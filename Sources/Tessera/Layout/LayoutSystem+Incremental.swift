/// Adding and removing simplex constraints without re-compiling the system.
///
/// A constraint added to a compiled system that touches no defined variable joins the group of its
/// variables (groups it connects are merged; a fresh solver is built only for a merged or a formerly
/// single-variable group); a removed simplex constraint leaves its group's solver. Anything else (a
/// definition removed, a defined variable used, a conflict) falls back to a full compile at the next
/// ``LayoutSystem/solve()``, which also reports the conflict. Cost: the group's solver work plus the
/// definitions that depend on what moved.
extension LayoutSystem {
    func addIncrementally(at position: Int) {
        let list = mergedTerms(constraints[position])
        // New variables get their per-variable entries.
        while values.count < variables.count {
            values.append(0)
            variables[values.count - 1].value = 0
            definedBy.append(-1)
            simplexVariable.append(false)
            userStart.append(userStart[userStart.count - 1])
            orderIndex.append(-1)
            marked.append(false)
            ambiguous.append(true)
            groupOfVariable.append(-1)
        }
        terms.append(list)
        groupOfConstraint.append(-1)
        guard !list.isEmpty, !list.contains(where: { definedBy[$0.variable] >= 0 }) else {
            needsCompile = true
            return
        }
        var involved: [Int] = []
        for term in list where groupOfVariable[term.variable] >= 0 && !involved.contains(groupOfVariable[term.variable]) {
            involved.append(groupOfVariable[term.variable])
        }
        let target: Int
        var rebuild = false
        if let largest = involved.max(by: { groupConstraints[$0].count < groupConstraints[$1].count }) {
            target = largest
            for other in involved where other != target {
                for c in groupConstraints[other] { groupOfConstraint[c] = target }
                for v in groupVariables[other] { groupOfVariable[v] = target }
                groupConstraints[target] += groupConstraints[other]
                groupVariables[target] += groupVariables[other]
                groupConstraints[other] = []
                groupVariables[other] = []
                groups[other] = nil
                boundAmbiguous[other] = false
                rebuild = true
            }
        } else {
            target = groups.count
            groups.append(nil)
            groupConstraints.append([])
            groupVariables.append([])
            boundAmbiguous.append(false)
        }
        groupConstraints[target].append(position)
        groupOfConstraint[position] = target
        for term in list where groupOfVariable[term.variable] < 0 {
            groupOfVariable[term.variable] = target
            groupVariables[target].append(term.variable)
            simplexVariable[term.variable] = true
        }
        let single = groupVariables[target].count == 1 && groupConstraints[target].allSatisfy { terms[$0].count == 1 }
        if single && groups[target] == nil {
            guard solveBoundGroup(target) else {
                needsCompile = true
                return
            }
        } else if let solver = groups[target], !rebuild {
            do { try solver.add(constraints[position]) } catch {
                needsCompile = true
                return
            }
            solver.updateVariables()
        } else {
            let solver = SimplexSolver()
            do {
                for c in groupConstraints[target] { try solver.add(constraints[c]) }
            } catch {
                needsCompile = true
                return
            }
            groups[target] = solver
            solver.updateVariables()
        }
        groupMoved(target)
    }

    func removeIncrementally(at position: Int) {
        let group = groupOfConstraint[position]
        let constraint = constraints[position]
        var freed: [Int] = []
        groupConstraints[group].removeAll { $0 == position }
        if let solver = groups[group] {
            do { try solver.remove(constraint) } catch {
                needsCompile = true
            }
            solver.updateVariables()
        } else if groupConstraints[group].isEmpty {
            // Its variable is in no constraint any more: free, 0.
            freed = groupVariables[group]
            for v in freed {
                variables[v].value = 0
                simplexVariable[v] = false
                groupOfVariable[v] = -1
            }
            groupVariables[group] = []
            boundAmbiguous[group] = false
        } else {
            _ = solveBoundGroup(group)
        }
        // Swap-remove, keeping every index that names a position right.
        let last = constraints.count - 1
        if position != last {
            let moved = constraints[last]
            constraints[position] = moved
            moved.systemPosition = position
            terms[position] = terms[last]
            groupOfConstraint[position] = groupOfConstraint[last]
            let movedGroup = groupOfConstraint[position]
            if movedGroup >= 0 {
                if let at = groupConstraints[movedGroup].firstIndex(of: last) { groupConstraints[movedGroup][at] = position }
            } else {
                for term in terms[position] where definedBy[term.variable] == last { definedBy[term.variable] = position }
            }
        }
        constraints.removeLast()
        terms.removeLast()
        groupOfConstraint.removeLast()
        constraint.systemPosition = -1
        if !needsCompile { groupMoved(group, also: freed) }
    }

    /// After a group was re-solved: records its variables that moved and re-evaluates what depends on
    /// them; ambiguity is recomputed at the next solve.
    private func groupMoved(_ group: Int, also extra: [Int] = []) {
        var seeds: [Int] = []
        for v in groupVariables[group] + extra where variables[v].value != values[v] {
            values[v] = variables[v].value
            seeds.append(v)
        }
        reevaluate(from: seeds)
        ambiguityIsStale = true
    }
}
