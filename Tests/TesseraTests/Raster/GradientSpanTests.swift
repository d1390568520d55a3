import Testing
@testable import Tessera

/// The gradient span kernel of every tier (`GradientSpan.swift` in TesseraKernelBodies: 16 pixels from a
/// two-vector permute of 32 table entries on AVX-512) gives `table[(t + k · step + 2²¹) >> 22]` for every
/// pixel, like the scalar loop it replaced: random positions and steps of both signs up to two entries
/// a pixel and beyond (the per-pixel path), runs of every length from 0 to 70 (partial last vectors),
/// indices at both ends of the table (the window clamped to its last 32 entries), and no word written
/// beyond the run.
struct GradientSpanTests {
    static let tableCount = 1025

    /// Checks one run; `t` and `step` must keep every index of the run inside the table.
    static func check(_ table: KernelTable, _ words: [UInt32], t: Int64, step: Int64, count: Int) -> String? {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 3)
        words.withUnsafeBufferPointer { w in
            out.withUnsafeMutableBytes { o in
                table.rasterRoutines.gradientSpan(w.baseAddress!, tableCount, o.baseAddress!, count, t, step)
            }
        }
        for k in 0..<count {
            let expected = words[Int((t + Int64(k) * step + 0x20_0000) >> 22)]
            if out[k] != expected { return "pixel \(k): \(out[k]) instead of \(expected)" }
        }
        if out[count...] != [0xDEAD_BEEF, 0xDEAD_BEEF, 0xDEAD_BEEF] { return "wrote beyond the run" }
        return nil
    }

    /// A start position for `count` pixels at `step` whose indices all lie in the table, or nil.
    static func start(_ rng: inout SplitMix64, step: Int64, count: Int) -> Int64? {
        // Biased positions T + 2²¹ in [0, 1025 · 2²²) for k = 0 and k = count − 1.
        let span = step * Int64(Swift.max(count - 1, 0))
        let low = Swift.max(Int64(0), -span), high = Swift.min(Int64(tableCount) << 22, (Int64(tableCount) << 22) - span)
        guard low < high else { return nil }
        let biased = low + Int64(rng.next() % UInt64(high - low))
        return biased - 0x20_0000
    }

    @Test func randomRunsMatchTheScalarLookupOnEveryTier() throws {
        var rng = SplitMix64(seed: 0x6772_6164)
        let words = (0..<Self.tableCount).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        for table in try availableTables() {
            for round in 0..<3000 {
                let count = Int(rng.next() % 71)
                let limit: Int64 = [1 << 20, 1 << 22, 1 << 23, 1 << 24][Int(rng.next() % 4)]
                var step = Int64(rng.next() % UInt64(limit + 1))
                if rng.next() % 2 == 0 { step = -step }
                guard let t = Self.start(&rng, step: step, count: count) else { continue }
                let mismatch = Self.check(table, words, t: t, step: step, count: count)
                #expect(mismatch == nil, "\(table.tier) round \(round) t \(t) step \(step) count \(count): \(mismatch ?? "")")
            }
        }
    }

    @Test func tableEndsAndLimitStepsMatchTheScalarLookupOnEveryTier() throws {
        var rng = SplitMix64(seed: 0x656E_6473)
        let words = (0..<Self.tableCount).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        let top = (Int64(Self.tableCount) << 22) - 0x20_0000 - 1  // the last position of index 1024
        for table in try availableTables() {
            for count in [1, 15, 16, 17, 31, 32, 33, 48, 64] {
                for step: Int64 in [0, 1, 1 << 22, (1 << 23) - 1, 1 << 23, (1 << 23) + 1, -(1 << 23), -(1 << 22), -1] {
                    let span = step * Int64(count - 1)
                    // Starting at the bottom of the table (ascending) or the top (descending), and ending there.
                    for t in [-0x20_0000, top, -0x20_0000 - span, top - span] as [Int64] {
                        let first = (t + 0x20_0000) >> 22, last = (t + span + 0x20_0000) >> 22
                        guard first >= 0, last >= 0, first < Self.tableCount, last < Self.tableCount else { continue }
                        let mismatch = Self.check(table, words, t: t, step: step, count: count)
                        #expect(mismatch == nil, "\(table.tier) t \(t) step \(step) count \(count): \(mismatch ?? "")")
                    }
                }
            }
        }
    }
}
