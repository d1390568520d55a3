@testable import Tessera

/// Independent ways to solve the small systems the solver tests generate: Gaussian elimination for
/// square equality systems and brute-force vertex enumeration for two-variable problems with
/// inequalities and weighted soft constraints. None of it shares code with the solver.
enum LayoutSolverReference {
    /// Solves `a · x = b` (square, non-singular) by Gaussian elimination with partial pivoting.
    static func gaussianSolve(_ a: [[Double]], _ b: [Double]) -> [Double] {
        let n = b.count
        var m = a.enumerated().map { $1 + [b[$0]] }
        for column in 0..<n {
            let pivot = (column..<n).max { abs(m[$0][column]) < abs(m[$1][column]) }!
            m.swapAt(column, pivot)
            for row in (column + 1)..<max(column + 1, n) {
                let factor = m[row][column] / m[column][column]
                for k in column...n { m[row][k] -= factor * m[column][k] }
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = m[row][n]
            for k in (row + 1)..<max(row + 1, n) { sum -= m[row][k] * x[k] }
            x[row] = sum / m[row][row]
        }
        return x
    }

    /// `a·x + b·y + c REL 0` with a weight (`nil` weight: required).
    struct PlanarConstraint {
        var a: Double, b: Double, c: Double
        var relation: LayoutRelation
        var weight: Double?

        func residual(_ x: Double, _ y: Double) -> Double { a * x + b * y + c }

        /// How far (x, y) is from satisfying it (0 when it holds).
        func violation(_ x: Double, _ y: Double) -> Double {
            let r = residual(x, y)
            switch relation {
            case .equal: return abs(r)
            case .lessThanOrEqual: return max(0, r)
            case .greaterThanOrEqual: return max(0, -r)
            }
        }
    }

    /// The smallest weighted violation over the points satisfying every required constraint, found by
    /// trying every intersection of two constraint boundary lines (the optimum of a convex piecewise
    /// linear function on a polygon lies on such a vertex when the problem is bounded). `nil` when no
    /// vertex is feasible.
    static func bestObjective(_ constraints: [PlanarConstraint], tolerance: Double = 1e-6) -> Double? {
        var best: Double?
        for i in constraints.indices {
            for j in constraints.indices where j > i {
                let p = constraints[i], q = constraints[j]
                let det = p.a * q.b - p.b * q.a
                guard abs(det) > 1e-9 else { continue }
                let x = (-p.c * q.b + q.c * p.b) / det
                let y = (-p.a * q.c + q.a * p.c) / det
                guard constraints.allSatisfy({ $0.weight != nil || $0.violation(x, y) <= tolerance }) else { continue }
                let value = objective(constraints, x, y)
                if best == nil || value < best! { best = value }
            }
        }
        return best
    }

    static func objective(_ constraints: [PlanarConstraint], _ x: Double, _ y: Double) -> Double {
        constraints.reduce(0) { $0 + ($1.weight ?? 0) * $1.violation(x, y) }
    }
}
