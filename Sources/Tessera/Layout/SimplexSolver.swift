/// An incremental Cassowary-style simplex solver (the algorithm of Auto Layout and kiwi): linear
/// equalities and inequalities over `Double` variables, required and optional priorities
/// (``LayoutPriority``), constraints added and removed between solves, constants changed in place and
/// edit variables with suggested values (``SimplexSolver+Edits.swift``).
///
/// The tableau keeps every basic symbol as `constant + Σ coefficient · parametric symbol`; external
/// symbols (the variables) are unrestricted, slack / error symbols are ≥ 0, dummy symbols mark required
/// equalities. Adding a constraint substitutes the current basis into its row and pivots only when it
/// must; removing one pivots its marker out. Entering and leaving symbols follow Bland's rule (lowest
/// symbol first), so degenerate pivots cannot cycle.
///
/// Errors: ``LayoutError/unsatisfiable(constraints:)`` naming a minimal conflicting set of required
/// constraints (the solver is then as before the call); ``TesseraError/invalidArgument(argument:reason:)``
/// for non-finite constants or coefficients and for constraints added twice or removed while absent.
///
/// Units: whatever the variables stand for (points for layout). Thread safety: not synchronized; one
/// thread at a time. Cost: adding or removing a constraint costs the rows that hold the symbols it
/// substitutes (a column index finds them) plus the pivots it needs; ``updateVariables()`` is
/// O(variables).
public final class SimplexSolver {
    enum SymbolKind: UInt8 { case external, slack, error, dummy }

    /// How a constraint sits in the tableau.
    struct Tag {
        /// The symbol that identifies the constraint's row: slack (inequality), dummy (required
        /// equality) or the positive error (optional equality).
        var marker: Int
        /// The second error symbol of an optional constraint, or -1.
        var other: Int
        /// The marker's coefficient in the constraint's row before any sign change (±1).
        var markerSign: Double
        /// Insertion order, for deterministic conflict explanations.
        var order: Int
    }

    /// Constants this close to zero count as zero (points: far below anything visible).
    static let tolerance = 1e-7

    var kinds: [SymbolKind] = []
    var rows: [Int: SimplexRow] = [:]
    /// For each symbol, the basic symbols whose rows contain it (the objective excluded): substitutions
    /// and ratio tests visit only those rows.
    var columns: [Int: Set<Int>] = [:]
    var objective = SimplexRow()
    var artificial: SimplexRow?
    var infeasibleRows: [Int] = []
    var records: [ObjectIdentifier: (constraint: LinearConstraint, tag: Tag)] = [:]
    var symbolsByVariable: [ObjectIdentifier: Int] = [:]
    var variablesBySymbol: [Int: LayoutVariable] = [:]
    var edits: [ObjectIdentifier: LinearConstraint] = [:]
    private var nextOrder = 0
    /// False in the throwaway solvers that look for a conflict (they only need to know *that* it fails).
    var explainsConflicts = true

    public init() {}

    /// The constraints in the solver, in the order they were added (edit constraints included).
    public var constraints: [LinearConstraint] {
        records.values.sorted { $0.tag.order < $1.tag.order }.map(\.constraint)
    }

    public func contains(_ constraint: LinearConstraint) -> Bool { records[ObjectIdentifier(constraint)] != nil }

    /// Adds `constraint` and re-optimizes.
    /// - Throws: ``LayoutError/unsatisfiable(constraints:)`` when it is required and conflicts with the
    ///   required constraints present (nothing changes then); ``TesseraError/invalidArgument(argument:reason:)``
    ///   naming `constraint` when it is already in the solver or has a non-finite number.
    public func add(_ constraint: LinearConstraint) throws {
        let key = ObjectIdentifier(constraint)
        guard records[key] == nil else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) is already in the solver")
        }
        guard constraint.expression.isFinite else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) has a non-finite constant or coefficient")
        }
        let (row, tag) = makeRow(constraint)
        var subject = chooseSubject(row, tag)
        if subject < 0 && row.cells.keys.allSatisfy({ kinds[$0] == .dummy }) {
            guard abs(row.constant) < Self.tolerance else { throw unsatisfiable(adding: constraint) }
            subject = tag.marker
        }
        if subject < 0 {
            guard try addWithArtificialVariable(row) else {
                try optimize(objective)
                throw unsatisfiable(adding: constraint)
            }
        } else {
            row.solve(for: subject)
            substitute(subject, with: row)
            insertRow(row, for: subject)
        }
        records[key] = (constraint, tag)
        try optimize(objective)
    }

    /// Removes `constraint` and re-optimizes.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `constraint` when it is not in
    ///   the solver.
    public func remove(_ constraint: LinearConstraint) throws {
        guard let (_, tag) = records.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw TesseraError.invalidArgument(argument: "constraint", reason: "\(constraint) is not in the solver")
        }
        for symbol in [tag.marker, tag.other] where symbol >= 0 && kinds[symbol] == .error {
            removeErrorEffects(symbol, weight: constraint.priority.weight)
        }
        // A marker in no row at all has no effect left to undo.
        if removeRow(for: tag.marker) == nil, let leaving = markerLeavingRow(tag.marker),
           let row = removeRow(for: leaving) {
            row.solve(for: leaving, rhs: tag.marker)
            substitute(tag.marker, with: row)
        }
        try optimize(objective)
    }

    /// Writes every variable's ``LayoutVariable/value`` (0 for a variable the tableau leaves free).
    public func updateVariables() {
        for (symbol, variable) in variablesBySymbol { variable.value = rows[symbol]?.constant ?? 0 }
    }

    // MARK: - Rows

    func insertRow(_ row: SimplexRow, for basic: Int) {
        rows[basic] = row
        for symbol in row.cells.keys { columns[symbol, default: []].insert(basic) }
    }

    @discardableResult
    func removeRow(for basic: Int) -> SimplexRow? {
        guard let row = rows.removeValue(forKey: basic) else { return nil }
        for symbol in row.cells.keys { columns[symbol]?.remove(basic) }
        return row
    }

    /// Basic symbols whose rows contain `symbol`.
    func users(of symbol: Int) -> Set<Int> { columns[symbol] ?? [] }

    func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        return kinds.count - 1
    }

    func symbol(for variable: LayoutVariable) -> Int {
        let key = ObjectIdentifier(variable)
        if let symbol = symbolsByVariable[key] { return symbol }
        let symbol = newSymbol(.external)
        symbolsByVariable[key] = symbol
        variablesBySymbol[symbol] = variable
        return symbol
    }

    /// The constraint's row with the current basis substituted, its marker (and error) symbols, and the
    /// optional constraint's errors added to the objective.
    private func makeRow(_ constraint: LinearConstraint) -> (SimplexRow, Tag) {
        let expression = constraint.expression
        let row = SimplexRow(constant: expression.constant)
        // Repeated variables are added up first: one whose terms cancel gets no symbol (this solver must
        // not write a variable it does not constrain).
        var merged: [(variable: LayoutVariable, coefficient: Double)] = []
        for (variable, coefficient) in expression.terms {
            if let at = merged.firstIndex(where: { $0.variable === variable }) {
                merged[at].coefficient += coefficient
            } else {
                merged.append((variable, coefficient))
            }
        }
        for (variable, coefficient) in merged where abs(coefficient) >= SimplexRow.epsilon {
            let symbol = symbol(for: variable)
            if let basic = rows[symbol] { row.insert(basic, coefficient) } else { row.insert(symbol, coefficient) }
        }
        var tag = Tag(marker: -1, other: -1, markerSign: 1, order: nextOrder)
        nextOrder += 1
        let weight = constraint.priority.weight
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            let slack = newSymbol(.slack)
            tag.marker = slack
            tag.markerSign = sign
            row.insert(slack, sign)
            if !constraint.priority.isRequired {
                let error = newSymbol(.error)
                tag.other = error
                row.insert(error, -sign)
                objective.insert(error, weight)
            }
        case .equal:
            if constraint.priority.isRequired {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                row.insert(dummy)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.other = minus
                tag.markerSign = -1
                row.insert(plus, -1)
                row.insert(minus, 1)
                objective.insert(plus, weight)
                objective.insert(minus, weight)
            }
        }
        if row.constant < 0 { row.negate() }
        return (row, tag)
    }

    /// The external symbol of the row that the fewest rows hold (a fresh variable when there is one:
    /// making it basic substitutes nothing, where an old variable would be substituted into every row
    /// that holds it — the difference between linear and quadratic for 10,000 similar constraints),
    /// else the constraint's own slack / error with a negative coefficient, else -1.
    private func chooseSubject(_ row: SimplexRow, _ tag: Tag) -> Int {
        var best = -1, bestUsers = Int.max
        for symbol in row.cells.keys where kinds[symbol] == .external {
            let users = columns[symbol]?.count ?? 0
            if users < bestUsers || (users == bestUsers && symbol < best) { best = symbol; bestUsers = users }
        }
        if best >= 0 { return best }
        for symbol in [tag.marker, tag.other] where symbol >= 0 {
            if kinds[symbol] == .slack || kinds[symbol] == .error, row.coefficient(symbol) < 0 { return symbol }
        }
        return -1
    }

    /// Adds a row that has no usable subject through an artificial variable (phase one). Returns false,
    /// leaving the tableau equivalent to before, when the row cannot reach zero.
    private func addWithArtificialVariable(_ row: SimplexRow) throws -> Bool {
        let art = newSymbol(.slack)
        insertRow(row.copy(), for: art)
        let phaseOne = row.copy()
        artificial = phaseOne
        defer { artificial = nil }
        try optimize(phaseOne)
        let success = abs(phaseOne.constant) < Self.tolerance
        if let basic = removeRow(for: art) {
            // Still basic: either infeasible (the row is dropped, the rest is the old system) or zero.
            guard success else { return false }
            if basic.cells.isEmpty { return true }
            guard let entering = basic.cells.keys.filter({ kinds[$0] == .slack || kinds[$0] == .error }).min() else {
                return false
            }
            basic.solve(for: art, rhs: entering)
            substitute(entering, with: basic)
            insertRow(basic, for: entering)
        }
        for user in columns.removeValue(forKey: art) ?? [] { rows[user]?.cells[art] = nil }
        objective.cells[art] = nil
        return success
    }

    /// Replaces `symbol` by `row` everywhere; restricted rows turned negative are queued for the dual pass.
    func substitute(_ symbol: Int, with row: SimplexRow) {
        for basic in columns.removeValue(forKey: symbol) ?? [] {
            guard let other = rows[basic], let coefficient = other.cells.removeValue(forKey: symbol) else { continue }
            other.constant += row.constant * coefficient
            for (cell, value) in row.cells {
                let old = other.cells[cell]
                let sum = (old ?? 0) + value * coefficient
                if abs(sum) < SimplexRow.epsilon {
                    if old != nil {
                        other.cells[cell] = nil
                        columns[cell]?.remove(basic)
                    }
                } else {
                    other.cells[cell] = sum
                    if old == nil { columns[cell, default: []].insert(basic) }
                }
            }
            if kinds[basic] != .external && other.constant < 0 { infeasibleRows.append(basic) }
        }
        objective.substitute(symbol, with: row)
        artificial?.substitute(symbol, with: row)
    }

    /// Primal simplex on `objective` (Bland's rule).
    func optimize(_ objective: SimplexRow) throws {
        while true {
            var entering = -1
            for (symbol, coefficient) in objective.cells
            where coefficient < -SimplexRow.epsilon && kinds[symbol] != .dummy && (entering < 0 || symbol < entering) {
                entering = symbol
            }
            if entering < 0 { return }
            var leaving = -1, ratio = Double.infinity
            for basic in users(of: entering) where kinds[basic] != .external {
                guard let row = rows[basic] else { continue }
                let coefficient = row.coefficient(entering)
                guard coefficient < 0 else { continue }
                let r = -row.constant / coefficient
                if r < ratio || (r == ratio && basic < leaving) { ratio = r; leaving = basic }
            }
            guard leaving >= 0, let row = removeRow(for: leaving) else {
                throw LayoutError.solverFailure(reason: "the objective is unbounded")
            }
            row.solve(for: leaving, rhs: entering)
            substitute(entering, with: row)
            insertRow(row, for: entering)
        }
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality. Returns false
    /// when a negative row has no way back (its required constraints conflict).
    func dualOptimize() -> Bool {
        while let leaving = infeasibleRows.popLast() {
            guard let row = rows[leaving], row.constant < -Self.tolerance else { continue }
            var entering = -1, ratio = Double.infinity
            for (symbol, coefficient) in row.cells where coefficient > 0 && kinds[symbol] != .dummy {
                let r = objective.coefficient(symbol) / coefficient
                if r < ratio || (r == ratio && symbol < entering) { ratio = r; entering = symbol }
            }
            guard entering >= 0 else {
                infeasibleRows.removeAll()
                return false
            }
            removeRow(for: leaving)
            row.solve(for: leaving, rhs: entering)
            substitute(entering, with: row)
            insertRow(row, for: entering)
        }
        return true
    }

    private func removeErrorEffects(_ symbol: Int, weight: Double) {
        if let row = rows[symbol] { objective.insert(row, -weight) } else { objective.insert(symbol, -weight) }
    }

    /// The row to pivot a parametric marker into before its constraint's removal.
    private func markerLeavingRow(_ marker: Int) -> Int? {
        var first = -1, second = -1, third = -1
        var ratio1 = Double.infinity, ratio2 = Double.infinity
        for basic in users(of: marker) {
            guard let row = rows[basic] else { continue }
            let c = row.coefficient(marker)
            if c == 0 { continue }
            if kinds[basic] == .external {
                if third < 0 || basic < third { third = basic }
            } else if c < 0 {
                let r = -row.constant / c
                if r < ratio1 || (r == ratio1 && basic < first) { ratio1 = r; first = basic }
            } else {
                let r = row.constant / c
                if r < ratio2 || (r == ratio2 && basic < second) { ratio2 = r; second = basic }
            }
        }
        for candidate in [first, second, third] where candidate >= 0 { return candidate }
        return nil
    }
}
