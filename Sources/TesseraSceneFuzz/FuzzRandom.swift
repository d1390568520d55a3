/// SplitMix64: a small, fast generator whose whole sequence follows from its seed, so a fuzz case is
/// reproduced from (seed, case index) alone. Value type; not for cryptography.
struct FuzzRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// The generator of case `index` of a run seeded `seed`.
    init(seed: UInt64, case index: UInt64) {
        var mix = FuzzRandom(seed: seed ^ (index &* 0xD1B5_4A32_D192_ED03))
        state = mix.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent` / 100.
    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &self) < percent }
}
