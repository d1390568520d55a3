import Foundation
import Testing
@testable import Tessera

/// The layout system (definitions peeled off, independent groups) reaches the same optimum as one
/// simplex tableau holding every constraint, and the same ambiguity verdicts on determined systems.
@Suite struct LayoutSystemTests {
    /// A random chain-shaped system: required equalities linking neighbours (many of them peelable),
    /// some required inequalities, and optional pulls of random priorities on every variable.
    private func randomSystem(_ random: inout SplitMix64) -> ([LayoutVariable], [LinearConstraint]) {
        let n = Int.random(in: 2...12, using: &random)
        let variables = (0..<n).map { LayoutVariable("v\($0)") }
        var constraints: [LinearConstraint] = []
        func term(_ i: Int, _ c: Double) -> (variable: LayoutVariable, coefficient: Double) { (variables[i], c) }
        for i in 1..<n where Int.random(in: 0..<3, using: &random) > 0 {
            let j = Int.random(in: 0..<i, using: &random)
            let k = Int.random(in: 0..<n, using: &random)
            var terms = [term(i, 1), term(j, -Double(Int.random(in: 1...3, using: &random)))]
            if k != i && k != j && Bool.random(using: &random) { terms.append(term(k, -1)) }
            constraints.append(LinearConstraint(LinearExpression(terms, constant: Double(Int.random(in: -50...50, using: &random))),
                                                .equal, LinearExpression()))
        }
        for _ in 0..<Int.random(in: 0...2, using: &random) {
            let i = Int.random(in: 0..<n, using: &random)
            constraints.append(LinearConstraint(LinearExpression([term(i, 1)]), .lessThanOrEqual,
                                                LinearExpression([], constant: Double(Int.random(in: 0...500, using: &random)))))
        }
        for i in 0..<n where Int.random(in: 0..<4, using: &random) > 0 {
            let priority = try! LayoutPriority(Double(Int.random(in: 1...999, using: &random)))
            let relation = LayoutRelation.allCases.randomElement(using: &random)!
            constraints.append(LinearConstraint(LinearExpression([term(i, 1)]), relation,
                                                LinearExpression([], constant: Double(Int.random(in: -300...300, using: &random))),
                                                priority: priority))
        }
        return (variables, constraints.shuffled(using: &random))
    }

    /// The weighted violation of the optional constraints (weights as README.md documents them) and
    /// the largest violation of a required one, at the variables' current values.
    private func score(_ constraints: [LinearConstraint]) -> (objective: Double, requiredViolation: Double) {
        var objective = 0.0, worst = 0.0
        for constraint in constraints {
            let r = constraint.expression.value
            let violation: Double
            switch constraint.relation {
            case .equal: violation = abs(r)
            case .lessThanOrEqual: violation = max(0, r)
            case .greaterThanOrEqual: violation = max(0, -r)
            }
            if constraint.priority.isRequired { worst = max(worst, violation) } else {
                objective += pow(10, 6 * constraint.priority.rawValue / 1000) * violation
            }
        }
        return (objective, worst)
    }

    @Test func peeledGroupsReachTheSingleTableauOptimum() throws {
        var random = SplitMix64(seed: 31)
        var compared = 0
        for _ in 0..<300 {
            let (variables, constraints) = randomSystem(&random)
            let tableau = SimplexSolver()
            do {
                for constraint in constraints { try tableau.add(constraint) }
            } catch is LayoutError {
                // Unsatisfiable: the system must say so too.
                let system = LayoutSystem()
                for constraint in constraints { try system.add(constraint) }
                #expect(throws: LayoutError.self) { try system.solve() }
                continue
            }
            tableau.updateVariables()
            let expected = score(constraints)
            let tableauAmbiguous = Set(tableau.ambiguousVariables(variables).map(ObjectIdentifier.init))
            let system = LayoutSystem()
            for constraint in constraints { try system.add(constraint) }
            try system.solve()
            let reached = score(constraints)
            #expect(reached.requiredViolation < 1e-6)
            #expect(abs(reached.objective - expected.objective) <= 1e-6 * max(1, expected.objective))
            if tableauAmbiguous.isEmpty {
                #expect(variables.allSatisfy { !system.isAmbiguous($0) })
            }
            compared += 1
        }
        #expect(compared > 150)
    }

    @Test func addingAndRemovingAfterASolveReachesTheFreshOptimum() throws {
        var random = SplitMix64(seed: 33)
        var compared = 0
        for _ in 0..<200 {
            let (variables, constraints) = randomSystem(&random)
            let (_, more) = randomSystem(&random)
            // Extra constraints on the same variables: the second system's, renamed onto the first's.
            let extra = more.prefix(4).map { constraint in
                LinearConstraint(LinearExpression(constraint.expression.terms.map { term in
                    (variables[Int(term.variable.name.dropFirst())! % variables.count], term.coefficient)
                }, constant: constraint.expression.constant), constraint.relation, LinearExpression(),
                                 priority: constraint.priority)
            }
            let system = LayoutSystem()
            for constraint in constraints { try system.add(constraint) }
            guard (try? system.solve()) != nil else { continue }
            var present = constraints
            for constraint in extra {
                try system.add(constraint)
                present.append(constraint)
            }
            for _ in 0..<2 where present.count > 1 {
                let index = Int.random(in: 0..<present.count, using: &random)
                try system.remove(present.remove(at: index))
            }
            let tableau = SimplexSolver()
            do {
                for constraint in present { try tableau.add(constraint) }
            } catch is LayoutError {
                #expect(throws: LayoutError.self) { try system.solve() }
                continue
            }
            try system.solve()
            let reached = score(present)
            let tableauAmbiguous = tableau.ambiguousVariables(variables).isEmpty
            tableau.updateVariables()
            let expected = score(present)
            #expect(reached.requiredViolation < 1e-6)
            #expect(abs(reached.objective - expected.objective) <= 1e-6 * max(1, expected.objective))
            if tableauAmbiguous { #expect(variables.allSatisfy { !system.isAmbiguous($0) }) }
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test func changedConstantsReachTheFreshOptimum() throws {
        var random = SplitMix64(seed: 32)
        var compared = 0
        for _ in 0..<200 {
            let (_, constraints) = randomSystem(&random)
            let system = LayoutSystem()
            for constraint in constraints { try system.add(constraint) }
            guard (try? system.solve()) != nil else { continue }
            for _ in 0..<3 where !constraints.isEmpty {
                let constraint = constraints.randomElement(using: &random)!
                let old = constraint.expression.constant
                do {
                    try system.setConstant(old + Double(Int.random(in: -30...30, using: &random)), of: constraint)
                } catch is LayoutError {
                    #expect(constraint.expression.constant == old)
                }
            }
            let reached = score(constraints)
            let tableau = SimplexSolver()
            for constraint in constraints { try tableau.add(constraint) }
            tableau.updateVariables()
            let expected = score(constraints)
            #expect(reached.requiredViolation < 1e-6)
            #expect(abs(reached.objective - expected.objective) <= 1e-6 * max(1, expected.objective))
            compared += 1
        }
        #expect(compared > 100)
    }
}
