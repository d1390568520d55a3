/// Explaining an unsatisfiable system: a minimal set of required constraints that cannot all hold.
///
/// Insertion filter (as in constraint programming's explanation algorithms): add the candidates in order
/// to a fresh solver; the one whose addition fails belongs to the conflict. Restart with the conflict
/// found so far first and only the candidates that preceded the failing one; stop when the conflict on
/// its own fails. Candidates are the required constraints sharing variables (transitively) with the
/// failing one. Cost: O(conflict size × candidates) additions, paid only when something is unsatisfiable.
extension SimplexSolver {
    /// The error for `constraint` failing to be added (or, with `nil`, for the constraints present
    /// failing after a constant change).
    func unsatisfiable(adding constraint: LinearConstraint?) -> LayoutError {
        guard explainsConflicts else { return .unsatisfiable(constraints: []) }
        var candidates = records.values.filter { $0.constraint.priority.isRequired }
            .sorted { $0.tag.order < $1.tag.order }.map(\.constraint)
        if let constraint { candidates.append(constraint) }
        if let constraint { candidates = connected(to: constraint, among: candidates) }
        return .unsatisfiable(constraints: Self.minimalConflict(candidates).map(\.description))
    }

    /// The candidates sharing variables with `constraint`, directly or through others.
    private func connected(to constraint: LinearConstraint, among candidates: [LinearConstraint]) -> [LinearConstraint] {
        var reached = Set(constraint.expression.terms.map { ObjectIdentifier($0.variable) })
        var inside = Set([ObjectIdentifier(constraint)])
        var grew = true
        while grew {
            grew = false
            for candidate in candidates where !inside.contains(ObjectIdentifier(candidate)) {
                let variables = candidate.expression.terms.map { ObjectIdentifier($0.variable) }
                if variables.contains(where: reached.contains) {
                    inside.insert(ObjectIdentifier(candidate))
                    reached.formUnion(variables)
                    grew = true
                }
            }
        }
        return candidates.filter { inside.contains(ObjectIdentifier($0)) }
    }

    /// A minimal unsatisfiable subset of `candidates` (which together are unsatisfiable), in their order.
    static func minimalConflict(_ candidates: [LinearConstraint]) -> [LinearConstraint] {
        var conflict: [LinearConstraint] = []
        var remaining = candidates
        while true {
            let solver = SimplexSolver()
            solver.explainsConflicts = false
            do {
                for constraint in conflict { try solver.add(constraint) }
            } catch {
                break
            }
            var failed: Int?
            for (index, constraint) in remaining.enumerated() {
                do { try solver.add(constraint) } catch { failed = index; break }
            }
            guard let failed else { break }
            conflict.append(remaining[failed])
            remaining = Array(remaining[..<failed])
        }
        let order = Dictionary(candidates.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        return conflict.sorted { order[ObjectIdentifier($0)]! < order[ObjectIdentifier($1)]! }
    }
}
