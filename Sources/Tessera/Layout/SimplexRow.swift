/// One row of the simplex tableau: `constant + Σ coefficient · symbol`, sparse.
///
/// In the tableau a row belongs to a basic symbol and reads `basic = constant + Σ cells`; while being
/// built it reads `0 = constant + Σ cells`. Coefficients within ``SimplexRow/epsilon`` of zero are
/// dropped. Reference type so the tableau can update rows in place. Thread safety: as the solver.
/// Cost: O(cells) per operation.
final class SimplexRow {
    /// Coefficients this close to zero are treated as zero.
    static let epsilon = 1e-9

    var constant: Double
    var cells: [Int: Double]

    init(constant: Double = 0, cells: [Int: Double] = [:]) {
        self.constant = constant
        self.cells = cells
    }

    func copy() -> SimplexRow { SimplexRow(constant: constant, cells: cells) }

    func coefficient(_ symbol: Int) -> Double { cells[symbol] ?? 0 }

    /// Adds `coefficient · symbol`.
    func insert(_ symbol: Int, _ coefficient: Double = 1) {
        let sum = (cells[symbol] ?? 0) + coefficient
        if abs(sum) < Self.epsilon { cells[symbol] = nil } else { cells[symbol] = sum }
    }

    /// Adds `coefficient · other` (constant included).
    func insert(_ other: SimplexRow, _ coefficient: Double = 1) {
        constant += other.constant * coefficient
        for (symbol, value) in other.cells { insert(symbol, value * coefficient) }
    }

    func negate() {
        constant = -constant
        for key in cells.keys { cells[key] = -cells[key]! }
    }

    /// Turns `0 = constant + a·symbol + rest` into `symbol = −(constant + rest) / a`.
    func solve(for symbol: Int) {
        let factor = -1 / cells.removeValue(forKey: symbol)!
        constant *= factor
        for key in cells.keys { cells[key]! *= factor }
    }

    /// Turns `lhs = constant + a·rhs + rest` into `rhs = …` (a pivot).
    func solve(for lhs: Int, rhs: Int) {
        insert(lhs, -1)
        solve(for: rhs)
    }

    /// Replaces `symbol` by `row` (which reads `symbol = row`). Returns whether anything changed.
    @discardableResult
    func substitute(_ symbol: Int, with row: SimplexRow) -> Bool {
        guard let coefficient = cells.removeValue(forKey: symbol) else { return false }
        insert(row, coefficient)
        return true
    }
}
