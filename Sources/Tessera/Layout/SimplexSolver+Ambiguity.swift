/// Which variables the constraints leave undetermined.
///
/// At the optimum, a parametric symbol that costs nothing to move (zero objective coefficient) and can
/// move (an unrestricted variable, or a slack / error that no degenerate row holds at zero) is a
/// direction along which other solutions are exactly as good. A variable is ambiguous when it is such a
/// symbol itself, depends on one, or appears in no constraint at all. Cost: O(tableau size).
extension SimplexSolver {
    /// The variables of `variables` that the constraints in the solver do not determine.
    public func ambiguousVariables(_ variables: [LayoutVariable]) -> [LayoutVariable] {
        var free = Set<Int>()
        var blocked = Set<Int>()
        for (basic, row) in rows where kinds[basic] != .external {
            if row.constant < Self.tolerance {
                for (symbol, coefficient) in row.cells where coefficient < 0 { blocked.insert(symbol) }
            }
        }
        func isFree(_ symbol: Int) -> Bool {
            guard rows[symbol] == nil, kinds[symbol] != .dummy,
                  abs(objective.coefficient(symbol)) < SimplexRow.epsilon else { return false }
            return kinds[symbol] == .external || !blocked.contains(symbol)
        }
        var checked: [Int: Bool] = [:]
        func freeCached(_ symbol: Int) -> Bool {
            if let known = checked[symbol] { return known }
            let result = isFree(symbol)
            checked[symbol] = result
            if result { free.insert(symbol) }
            return result
        }
        return variables.filter { variable in
            guard let symbol = symbolsByVariable[ObjectIdentifier(variable)] else { return true }
            if let row = rows[symbol] { return row.cells.keys.contains(where: freeCached) }
            return freeCached(symbol)
        }
    }
}
