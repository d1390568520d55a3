import Testing
@testable import Tessera

/// The glyph-box coverage kernel of every tier (`RoundedBoxCoverage.swift` in TesseraKernelBodies, eight
/// `Double` lanes a vector) equals the per-pixel signed-distance reference
/// (`RasterReference.distanceCoverage`) at every pixel, and writes no byte outside the box: random small
/// rounded boxes (radii from 0.01 px to half the side, fractional edges, boxes under a pixel, far from the
/// origin), every width from 1 to 64 pixels (every partial last vector), and boxes clipped by the mask's
/// region on any side (tile edges).
struct RoundedBoxCoverageTests {
    static let sentinel: UInt8 = 0xA5

    /// The coverage of `shape` clipped to `clip` (inside a mask of `region`, every other byte the sentinel),
    /// and the first byte that differs from the reference or from the sentinel outside the clipped box.
    static func mismatch(_ shape: DeviceRect, radius: Double, clip: PixelRect, table: KernelTable) -> String? {
        let t = shape.touchedPixels()
        let region = PixelRect(x: t.x - 2, y: t.y - 2, width: t.width + 5, height: t.height + 4)
        let box = t.intersection(clip).intersection(region)
        guard !box.isEmpty, box.width <= GlyphCoverage.maximumWidth else { return nil }
        var bytes = [UInt8](repeating: sentinel, count: region.width * region.height)
        bytes.withUnsafeMutableBufferPointer { buffer in
            let sink = MaskSink(mask: buffer.baseAddress!, stride: region.width, region: region)
            GlyphCoverage.write(RoundedRectDistance(shape, radius: radius), box, into: sink, kernels: table.rasterRoutines)
        }
        for y in 0..<region.height {
            for x in 0..<region.width {
                let px = region.x + x, py = region.y + y
                let got = bytes[y * region.width + x]
                let inside = px >= box.minX && px < box.maxX && py >= box.minY && py < box.maxY
                let expected = inside
                    ? UInt8(RasterReference.distanceCoverage(px, py, shape.x0, shape.y0, shape.x1, shape.y1, radius: radius))
                    : sentinel
                if got != expected { return "pixel (\(px), \(py)): \(got) instead of \(expected)" }
            }
        }
        return nil
    }

    static func shape(x0: Double, y0: Double, width: Double, height: Double) -> DeviceRect {
        var shape = DeviceRect(Rect(x: 0, y: 0, width: 1, height: 1), scale: 1)
        shape.x0 = x0; shape.y0 = y0; shape.x1 = x0 + width; shape.y1 = y0 + height
        return shape
    }

    @Test func randomBoxesMatchTheReferenceOnEveryTier() throws {
        for table in try availableTables() {
            var rng = SplitMix64(seed: 0x626F_7873)
            for round in 0..<800 {
                let (shape, radius) = ShapeCoverageTests.randomShape(&rng)
                guard radius > 0 else { continue }
                let t = shape.touchedPixels()
                let clip = PixelRect(x: t.x + Int(rng.next() % 3) - 1, y: t.y + Int(rng.next() % 3) - 1,
                                     width: t.width - Int(rng.next() % 3) + 1, height: t.height - Int(rng.next() % 3) + 1)
                let mismatch = Self.mismatch(shape, radius: radius, clip: clip, table: table)
                #expect(mismatch == nil, "\(table.tier) round \(round) shape \(shape) radius \(radius) clip \(clip): \(mismatch ?? "")")
            }
        }
    }

    @Test func everyWidthUpToTheLimitMatchesTheReferenceOnEveryTier() throws {
        for table in try availableTables() {
            for width in 1...GlyphCoverage.maximumWidth {
                for (dx, radius) in [(0.0, 2.08), (0.37, 0.6), (0.5, 9.5), (0.81, 40)] {
                    // A touched rect exactly `width` pixels wide: edges inside the first and last columns.
                    let w = Double(width) - 2 * dx - (dx == 0 ? 0 : 0.05)
                    let shape = Self.shape(x0: 3 + dx, y0: 1.3, width: Swift.max(w, 0.02), height: 17.4)
                    let mismatch = Self.mismatch(shape, radius: radius, clip: shape.touchedPixels(), table: table)
                    #expect(mismatch == nil, "\(table.tier) width \(width) shape \(shape) radius \(radius): \(mismatch ?? "")")
                }
            }
        }
    }
}
