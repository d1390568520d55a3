/// Changing a constraint in place: new constants and edit variables with suggested values.
///
/// A constant change shifts the constants of the rows that hold the constraint's marker and restores
/// feasibility with the dual simplex, without re-adding anything: the cost of one edit is the rows
/// touched plus the few pivots it causes, not a rebuild.
extension SimplexSolver {
    /// Sets the constant of `constraint`'s expression (`lhs − rhs`) to `constant` and re-solves.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constant` when not finite or
    ///   `constraint` when absent; ``LayoutError/unsatisfiable(constraints:)`` when the new value makes
    ///   the required constraints conflict (the old constant is then restored).
    public func setConstant(_ constant: Double, of constraint: LinearConstraint) throws {
        guard constant.isFinite else {
            throw TesseraError.invalidArgument(argument: "constant", reason: "must be finite, got \(constant)")
        }
        guard let (_, tag) = records[ObjectIdentifier(constraint)] else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) is not in the solver")
        }
        let delta = constant - constraint.expression.constant
        guard delta != 0 else { return }
        constraint.expression.constant = constant
        if shiftRows(of: tag, by: delta) && dualOptimize() { return }
        // Conflict: find the culprits with the new value, then put the old one back.
        let error = explainsConflicts ? unsatisfiable(adding: nil) : LayoutError.unsatisfiable(constraints: [])
        constraint.expression.constant -= delta
        infeasibleRows.removeAll()
        _ = shiftRows(of: tag, by: -delta)
        _ = dualOptimize()
        throw error
    }

    /// Adds an edit variable: `variable` follows ``suggestValue(_:for:)`` at `priority` (optional, below
    /// 1000, as in kiwi; UIKit's drags use 999 … 1).
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `priority` when required or
    ///   `variable` when it already is an edit variable.
    public func addEditVariable(_ variable: LayoutVariable, priority: LayoutPriority) throws {
        guard !priority.isRequired else {
            throw TesseraError.invalidArgument(argument: "priority", reason: "an edit variable cannot be required")
        }
        guard edits[ObjectIdentifier(variable)] == nil else {
            throw TesseraError.invalidArgument(argument: "variable", reason: "\(variable) already is an edit variable")
        }
        let constraint = LinearConstraint(LinearExpression(variable), .equal, LinearExpression(),
                                          priority: priority, label: "edit \(variable)")
        try add(constraint)
        edits[ObjectIdentifier(variable)] = constraint
    }

    /// Removes an edit variable.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `variable` when it is not one.
    public func removeEditVariable(_ variable: LayoutVariable) throws {
        guard let constraint = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw TesseraError.invalidArgument(argument: "variable", reason: "\(variable) is not an edit variable")
        }
        try remove(constraint)
    }

    /// Asks for `value` for an edit variable; the solution follows as far as its priority allows.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `variable` when it is not an
    ///   edit variable or `value` when not finite.
    public func suggestValue(_ value: Double, for variable: LayoutVariable) throws {
        guard let constraint = edits[ObjectIdentifier(variable)] else {
            throw TesseraError.invalidArgument(argument: "variable", reason: "\(variable) is not an edit variable")
        }
        guard value.isFinite else {
            throw TesseraError.invalidArgument(argument: "value", reason: "must be finite, got \(value)")
        }
        try setConstant(-value, of: constraint)
    }

    /// Moves the constants of the rows holding the constraint's marker as a change of `delta` in its
    /// constant requires. Returns false when a redundant required equality would stop holding.
    private func shiftRows(of tag: Tag, by delta: Double) -> Bool {
        let marker = tag.marker
        if let row = rows[marker] {
            // The marker is basic: only its row moves.
            row.constant -= delta / tag.markerSign
            if kinds[marker] == .dummy { return abs(row.constant) < Self.tolerance }
            if row.constant < 0 { infeasibleRows.append(marker) }
            return true
        }
        for basic in users(of: marker) {
            guard let row = rows[basic] else { continue }
            let coefficient = row.coefficient(marker)
            guard coefficient != 0 else { continue }
            row.constant += delta * coefficient / tag.markerSign
            if kinds[basic] != .external && row.constant < 0 { infeasibleRows.append(basic) }
        }
        return true
    }
}
