import Foundation
import Testing
@testable import Tessera

/// The constraint solver against independent solutions computed in the test (Gaussian elimination,
/// vertex enumeration), incrementally and from scratch.
@Suite struct SimplexSolverTests {
    typealias Reference = LayoutSolverReference

    private func expression(_ terms: [(LayoutVariable, Double)], _ constant: Double = 0) -> LinearExpression {
        LinearExpression(terms.map { (variable: $0.0, coefficient: $0.1) }, constant: constant)
    }

    /// A random diagonally dominant (hence non-singular, well-conditioned) n × n system.
    private func randomSystem(_ n: Int, _ random: inout SplitMix64) -> ([[Double]], [Double]) {
        var a = (0..<n).map { _ in (0..<n).map { _ in Double(Int.random(in: -9...9, using: &random)) } }
        for i in 0..<n { a[i][i] = Double(10 * n) * (Bool.random(using: &random) ? 1 : -1) }
        let b = (0..<n).map { _ in Double(Int.random(in: -1000...1000, using: &random)) }
        return (a, b)
    }

    @Test func requiredEqualitySystemsMatchGaussianElimination() throws {
        var random = SplitMix64(seed: 15)
        for _ in 0..<40 {
            let n = Int.random(in: 1...8, using: &random)
            let (a, b) = randomSystem(n, &random)
            let variables = (0..<n).map { LayoutVariable("x\($0)") }
            let solver = SimplexSolver()
            for i in 0..<n {
                try solver.add(LinearConstraint(expression(zip(variables, a[i]).map { ($0, $1) }), .equal,
                                                expression([], b[i])))
            }
            solver.updateVariables()
            let expected = Reference.gaussianSolve(a, b)
            for i in 0..<n { #expect(abs(variables[i].value - expected[i]) < 1e-6) }
            #expect(solver.ambiguousVariables(variables).isEmpty)
        }
    }

    @Test func changedConstantsMatchAFreshSolve() throws {
        var random = SplitMix64(seed: 16)
        for _ in 0..<30 {
            let n = Int.random(in: 2...7, using: &random)
            let (a, b) = randomSystem(n, &random)
            let variables = (0..<n).map { LayoutVariable("x\($0)") }
            let solver = SimplexSolver()
            var constraints: [LinearConstraint] = []
            for i in 0..<n {
                let constraint = LinearConstraint(expression(zip(variables, a[i]).map { ($0, $1) }), .equal,
                                                  expression([], b[i]))
                try solver.add(constraint)
                constraints.append(constraint)
            }
            var newB = b
            for _ in 0..<5 {
                let i = Int.random(in: 0..<n, using: &random)
                newB[i] = Double(Int.random(in: -1000...1000, using: &random))
                try solver.setConstant(-newB[i], of: constraints[i])
            }
            solver.updateVariables()
            let expected = Reference.gaussianSolve(a, newB)
            for i in 0..<n { #expect(abs(variables[i].value - expected[i]) < 1e-6) }
        }
    }

    /// A random planar problem: a required box, required half-planes containing a known point, and soft
    /// constraints of random priorities.
    private func randomPlanarProblem(_ random: inout SplitMix64) -> [Reference.PlanarConstraint] {
        var result: [Reference.PlanarConstraint] = [
            .init(a: 1, b: 0, c: -100, relation: .lessThanOrEqual), .init(a: 1, b: 0, c: 100, relation: .greaterThanOrEqual),
            .init(a: 0, b: 1, c: -100, relation: .lessThanOrEqual), .init(a: 0, b: 1, c: 100, relation: .greaterThanOrEqual),
        ]
        let inside = (Double(Int.random(in: -50...50, using: &random)), Double(Int.random(in: -50...50, using: &random)))
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            let a = Double(Int.random(in: -5...5, using: &random)), b = Double(Int.random(in: -5...5, using: &random))
            guard a != 0 || b != 0 else { continue }
            let slackAtInside = Double(Int.random(in: 0...40, using: &random))
            result.append(.init(a: a, b: b, c: -(a * inside.0 + b * inside.1) - slackAtInside, relation: .lessThanOrEqual))
        }
        for _ in 0..<Int.random(in: 1...5, using: &random) {
            let a = Double(Int.random(in: -3...3, using: &random)), b = Double(Int.random(in: -3...3, using: &random))
            guard a != 0 || b != 0 else { continue }
            let relation = LayoutRelation.allCases.randomElement(using: &random)!
            let priority = Double([1, 50, 250, 251, 500, 750, 999].randomElement(using: &random)!)
            result.append(.init(a: a, b: b, c: Double(Int.random(in: -150...150, using: &random)), relation: relation,
                                weight: pow(10, 6 * priority / 1000)))
        }
        return result
    }

    private func solverConstraint(_ p: Reference.PlanarConstraint, _ x: LayoutVariable, _ y: LayoutVariable) throws -> LinearConstraint {
        let priority = try p.weight.map { try LayoutPriority(log10($0) * 1000 / 6) } ?? .required
        return LinearConstraint(expression([(x, p.a), (y, p.b)], p.c), p.relation, LinearExpression(), priority: priority)
    }

    @Test func weightedSoftConstraintsReachTheBruteForceOptimum() throws {
        var random = SplitMix64(seed: 17)
        for _ in 0..<200 {
            let problem = randomPlanarProblem(&random)
            let x = LayoutVariable("x"), y = LayoutVariable("y")
            let solver = SimplexSolver()
            for p in problem { try solver.add(try solverConstraint(p, x, y)) }
            solver.updateVariables()
            let best = try #require(Reference.bestObjective(problem))
            for p in problem where p.weight == nil { #expect(p.violation(x.value, y.value) < 1e-6) }
            let reached = Reference.objective(problem, x.value, y.value)
            #expect(abs(reached - best) <= 1e-6 * max(1, best), "\(problem)")
        }
    }

    @Test func addingAndRemovingIncrementallyEqualsAFreshSolve() throws {
        var random = SplitMix64(seed: 18)
        for _ in 0..<60 {
            let x = LayoutVariable("x"), y = LayoutVariable("y")
            let solver = SimplexSolver()
            var present: [(Reference.PlanarConstraint, LinearConstraint)] = []
            let base = randomPlanarProblem(&random)
            for p in base.prefix(4) {
                let c = try solverConstraint(p, x, y)
                try solver.add(c)
                present.append((p, c))
            }
            for _ in 0..<12 {
                if present.count > 4 && Bool.random(using: &random) {
                    let index = Int.random(in: 4..<present.count, using: &random)
                    try solver.remove(present.remove(at: index).1)
                } else {
                    let extra = randomPlanarProblem(&random).dropFirst(4).filter { $0.weight != nil }
                    for p in extra.prefix(2) {
                        let c = try solverConstraint(p, x, y)
                        try solver.add(c)
                        present.append((p, c))
                    }
                }
                solver.updateVariables()
                let problem = present.map(\.0)
                let best = try #require(Reference.bestObjective(problem))
                let reached = Reference.objective(problem, x.value, y.value)
                #expect(abs(reached - best) <= 1e-6 * max(1, best))
            }
        }
    }

    @Test func suggestedValuesFollowTheEditPriority() throws {
        let x = LayoutVariable("x"), y = LayoutVariable("y")
        let solver = SimplexSolver()
        try solver.add(LinearConstraint(expression([(x, 1)]), .lessThanOrEqual, expression([], 100)))
        try solver.add(LinearConstraint(expression([(y, 1)]), .equal, expression([(x, 2)], 10)))
        try solver.addEditVariable(x, priority: .defaultHigh)
        for (suggested, expected) in [(30.0, 30.0), (120, 100), (-5, -5), (100, 100)] {
            try solver.suggestValue(suggested, for: x)
            solver.updateVariables()
            #expect(x.value == expected)
            #expect(y.value == 2 * expected + 10)
        }
    }

    @Test func aWeakConstraintYieldsToARequiredOne() throws {
        let x = LayoutVariable("x")
        let solver = SimplexSolver()
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 10), priority: try LayoutPriority(1)))
        try solver.add(LinearConstraint(expression([(x, 1)]), .greaterThanOrEqual, expression([], 40)))
        solver.updateVariables()
        #expect(x.value == 40)
    }

    @Test func aHighPriorityConstraintBeatsALowOne() throws {
        let x = LayoutVariable("x")
        let solver = SimplexSolver()
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 10), priority: .defaultLow))
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 20), priority: .defaultHigh))
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 30), priority: .defaultLow))
        solver.updateVariables()
        #expect(x.value == 20)
    }

    @Test func unsatisfiableAdditionNamesTheConflictAndChangesNothing() throws {
        let x = LayoutVariable("x"), y = LayoutVariable("y"), z = LayoutVariable("z")
        let solver = SimplexSolver()
        try solver.add(LinearConstraint(expression([(z, 1)]), .equal, expression([], 5), label: "z == 5"))
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 10), label: "x == 10"))
        try solver.add(LinearConstraint(expression([(x, 1)]), .lessThanOrEqual, expression([(z, 4)]), label: "x <= 4z"))
        try solver.add(LinearConstraint(expression([(y, 1)]), .greaterThanOrEqual, expression([], 20), label: "y >= 20"))
        let sum = LinearConstraint(expression([(x, 1), (y, 1)]), .equal, expression([], 25), label: "x + y == 25")
        #expect(throws: LayoutError.unsatisfiable(constraints: ["x == 10", "y >= 20", "x + y == 25"])) {
            try solver.add(sum)
        }
        #expect(!solver.contains(sum))
        solver.updateVariables()
        #expect(x.value == 10 && z.value == 5 && y.value >= 20)
        try solver.add(LinearConstraint(expression([(y, 1)]), .equal, expression([], 30)))
        solver.updateVariables()
        #expect(y.value == 30)
    }

    /// Whether a fresh solver accepts all of `constraints`.
    private func satisfiable(_ constraints: [LinearConstraint]) -> Bool {
        let solver = SimplexSolver()
        do {
            for constraint in constraints { try solver.add(constraint) }
            return true
        } catch {
            return false
        }
    }

    @Test func namedConflictsAreMinimalAndUnsatisfiable() throws {
        var random = SplitMix64(seed: 19)
        var conflicts = 0
        for _ in 0..<150 {
            let variables = (0..<4).map { LayoutVariable("v\($0)") }
            let solver = SimplexSolver()
            var byLabel: [String: LinearConstraint] = [:]
            for index in 0..<Int.random(in: 3...9, using: &random) {
                let a = variables.randomElement(using: &random)!, b = variables.randomElement(using: &random)!
                let relation = LayoutRelation.allCases.randomElement(using: &random)!
                let constant = Double(Int.random(in: -20...20, using: &random))
                let constraint = LinearConstraint(expression([(a, 1), (b, -Double(Int.random(in: 0...2, using: &random)))], constant),
                                                  relation, LinearExpression(), label: "c\(index)")
                byLabel[constraint.label] = constraint
                do {
                    try solver.add(constraint)
                } catch let LayoutError.unsatisfiable(names) {
                    conflicts += 1
                    let conflict = names.map { byLabel[$0]! }
                    #expect(names.contains("c\(index)"))
                    #expect(!satisfiable(conflict))
                    for dropped in conflict.indices {
                        var rest = conflict
                        rest.remove(at: dropped)
                        #expect(satisfiable(rest), "\(names) without \(names[dropped])")
                    }
                }
            }
        }
        #expect(conflicts > 20)
    }

    @Test func unsatisfiableConstantChangeRestoresTheOldConstant() throws {
        let x = LayoutVariable("x")
        let solver = SimplexSolver()
        let low = LinearConstraint(expression([(x, 1)]), .greaterThanOrEqual, expression([], 10), label: "x >= 10")
        let high = LinearConstraint(expression([(x, 1)]), .lessThanOrEqual, expression([], 50), label: "x <= 50")
        try solver.add(low)
        try solver.add(high)
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 0), priority: .defaultLow))
        #expect(throws: LayoutError.unsatisfiable(constraints: ["x >= 10", "x <= 50"])) {
            try solver.setConstant(-60, of: high)  // x - 60 <= 0 → x <= 60 fine; x >= 70 is not:
            try solver.setConstant(-70, of: low)
        }
        solver.updateVariables()
        #expect(x.value == 10)
        #expect(low.expression.constant == -10)
    }

    @Test func underdeterminedVariablesAreReportedAmbiguous() throws {
        let x = LayoutVariable("x"), y = LayoutVariable("y"), unused = LayoutVariable("unused")
        let solver = SimplexSolver()
        let sum = LinearConstraint(expression([(x, 1), (y, 1)]), .equal, expression([], 10))
        try solver.add(sum)
        #expect(solver.ambiguousVariables([x, y, unused]) == [x, y, unused])
        try solver.add(LinearConstraint(expression([(x, 1)]), .greaterThanOrEqual, expression([], 0)))
        #expect(solver.ambiguousVariables([x, y]) == [x, y])
        try solver.add(LinearConstraint(expression([(x, 1)]), .equal, expression([], 3), priority: .defaultLow))
        #expect(solver.ambiguousVariables([x, y]).isEmpty)
        solver.updateVariables()
        #expect(x.value == 3 && y.value == 7)
    }

    @Test func nonFiniteNumbersAndDoubleAdditionsAreRefused() throws {
        let x = LayoutVariable("x")
        let solver = SimplexSolver()
        #expect(argumentName { try solver.add(LinearConstraint(expression([(x, .nan)]), .equal, LinearExpression())) } == "constraint")
        #expect(argumentName { try solver.add(LinearConstraint(expression([(x, 1)], .infinity), .equal, LinearExpression())) } == "constraint")
        let c = LinearConstraint(expression([(x, 1)]), .equal, expression([], 1))
        try solver.add(c)
        #expect(argumentName { try solver.add(c) } == "constraint")
        #expect(argumentName { try solver.setConstant(.nan, of: c) } == "constant")
        #expect(argumentName { _ = try LayoutPriority(0) } == "priority")
        #expect(argumentName { try solver.addEditVariable(x, priority: .required) } == "priority")
    }
}
