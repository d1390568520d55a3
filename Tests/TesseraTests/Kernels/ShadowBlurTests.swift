import Testing
@testable import Tessera

/// The shadow blur (`ScalarReference+Blur.swift`): every tier equals the scalar reference on random and
/// edge planes; the blur of a constant interior is that constant; radii are validated by name.
@Suite struct ShadowBlurTests {
    static func plane(width: Int, height: Int, stride: Int? = nil, rng: inout SplitMix64, kind: Int) throws -> CoverageBuffer {
        let plane = try CoverageBuffer(width: width, height: height, bytesPerRow: stride, offset: 3)
        for y in 0..<height {
            for x in 0..<width {
                plane[x, y] = switch kind {
                case 0: UInt8(truncatingIfNeeded: rng.next())
                case 1: 255
                case 2: x % 7 < 3 ? 0 : 255
                default: (x - width / 2) * (x - width / 2) + (y - height / 2) * (y - height / 2) < width * height / 8 ? 255 : 0
                }
            }
        }
        return plane
    }

    static func copy(_ p: CoverageBuffer) throws -> CoverageBuffer {
        let c = try CoverageBuffer(width: p.width, height: p.height)
        for y in 0..<p.height { for x in 0..<p.width { c[x, y] = p[x, y] } }
        return c
    }

    static func bytes(_ p: CoverageBuffer) -> [UInt8] {
        (0..<p.height).flatMap { y in (0..<p.width).map { p[$0, y] } }
    }

    @Test func everyTierEqualsTheReferenceOnRandomAndEdgePlanes() throws {
        var rng = SplitMix64(seed: 0xB1_0B)
        for table in try availableTables() {
            for (width, height) in [(1, 1), (37, 23), (16, 5), (17, 40), (64, 33), (3, 70)] {
                for kind in 0..<4 {
                    for radius in [0, 1, 2, 5, 40] {
                        let plane = try Self.plane(width: width, height: height, stride: width + 5, rng: &rng, kind: kind)
                        let expected = try Self.copy(plane)
                        try ScalarReference.shadowBlur(expected, radius: radius)
                        try table.shadowBlur(plane, radius: radius)
                        #expect(Self.bytes(plane) == Self.bytes(expected),
                                "tier \(table.tier) \(width)×\(height) kind \(kind) radius \(radius)")
                    }
                }
            }
        }
    }

    @Test func aBoxPassOfAConstantInteriorKeepsItAndTheEdgeFadesByHand() throws {
        // Radius 1 (m = ⌊65536 / 3⌋ = 21845): inside, (765 · 21845 + 32768) >> 16 = 255; at the top edge
        // one row is outside: (510 · 21845 + 32768) >> 16 = 170.
        let src = try CoverageBuffer(width: 4, height: 5)
        for y in 0..<5 { for x in 0..<4 { src[x, y] = 255 } }
        let dst = try CoverageBuffer(width: 4, height: 5)
        ScalarReference.boxBlurColumns(src, into: dst, radius: 1)
        #expect(dst[2, 2] == 255)
        #expect(dst[2, 0] == 170 && dst[1, 4] == 170)
        #expect(ScalarReference.boxMultiplier(radius: 1) == 21845)
    }

    @Test func theBoxRadiusFollowsSigmaAndBadRadiiAreNamed() throws {
        #expect(ScalarReference.boxRadius(sigma: 0) == 0)
        #expect(ScalarReference.boxRadius(sigma: .nan) == 0)
        // σ = 10: d = 10 · 3 · √(2π) / 4 = 18.80, k = round(8.90) = 9.
        #expect(ScalarReference.boxRadius(sigma: 10) == 9)
        let table = try KernelTable(tier: .baseline)
        let plane = try CoverageBuffer(width: 2, height: 2)
        #expect(throws: TesseraError.invalidArgument(argument: "radius", reason: "must be in 0…1024, got -1")) {
            try table.shadowBlur(plane, radius: -1)
        }
    }
}
