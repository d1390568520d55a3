import Testing
@testable import Tessera

/// The look-ahead's order (`TileManager.nearestFirst`, packed integer keys): SOON before EVENTUALLY,
/// nearest first, and the order of generation where both are equal; checked against that definition over
/// random candidates with many ties, and over distances too large for the keys (the closure sort).
@Suite struct LookAheadOrderTests {
    static func definition(_ candidates: [TileManager.Candidate]) -> [Int] {
        candidates.indices.sorted { a, b in
            let (x, y) = (candidates[a], candidates[b])
            if x.priority != y.priority { return x.priority > y.priority }
            if x.distance != y.distance { return x.distance < y.distance }
            return a < b
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func candidatesComeMostUrgentThenNearestThenInTheirOrder(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for round in 0..<20 {
            let huge = round % 5 == 4  // a distance past the keys' 42 bits
            let candidates = (0..<Int.random(in: 0...300, using: &random)).map { index in
                TileManager.Candidate(layer: index % 3, column: index, row: -index,
                                      priority: [.soon, .eventually, .now].randomElement(using: &random)!,
                                      distance: huge && index == 7 ? 1 << 50 : Int.random(in: 0...12, using: &random) * 256)
            }
            #expect(TileManager.nearestFirst(candidates) == Self.definition(candidates), "round \(round)")
        }
    }
}
