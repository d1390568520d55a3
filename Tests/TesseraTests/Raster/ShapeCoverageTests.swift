import Testing
@testable import Tessera

/// The coverage of a rounded rect, written into a mask by each of the rasterizer's paths — the glyph box
/// path (`GlyphCoverage`: column terms once, straight rows copied, rows beyond the corners zero) and the
/// general row walker (`ShapeRasterizer.roundedRectCoverage`: branch-free corner rows, short interiors
/// sent in one call) — equals the per-pixel signed-distance reference (`RasterReference.distanceCoverage`)
/// at every pixel, on random small boxes: radii from 0.01 px (inner columns below 255) to half the side,
/// fractional edges, boxes under a pixel, far from the origin.
struct ShapeCoverageTests {
    static func randomShape(_ rng: inout SplitMix64) -> (DeviceRect, Double) {
        func number(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * Double(rng.next() % 1_000_001) / 1_000_000 }
        let origin = [0.0, 1e6, -3e4][Int(rng.next() % 3)]
        let x0 = origin + number(-3, 20), y0 = origin + number(-3, 20)
        let w = rng.next() % 6 == 0 ? number(0.05, 1.2) : number(0.5, 40)
        let h = rng.next() % 6 == 0 ? number(0.05, 1.2) : number(0.5, 40)
        let radius = [number(0.01, 0.6), number(0.5, 4), number(0, 30), 1e6][Int(rng.next() % 4)]
        var shape = DeviceRect(Rect(x: 0, y: 0, width: 1, height: 1), scale: 1)
        shape.x0 = x0; shape.y0 = y0; shape.x1 = x0 + w; shape.y1 = y0 + h
        return (shape, radius)
    }

    /// The mask of `shape`'s touched pixels (one pixel of margin around), zero-initialized, drawn by `draw`.
    static func mask(_ shape: DeviceRect, _ draw: (MaskSink, PixelRect, RasterScratch) -> Void) -> ([UInt8], PixelRect) {
        let t = shape.touchedPixels()
        let region = PixelRect(x: t.x - 1, y: t.y - 1, width: t.width + 2, height: t.height + 2)
        var bytes = [UInt8](repeating: 0, count: region.width * region.height)
        let scratch = RasterScratch(width: region.width)
        bytes.withUnsafeMutableBufferPointer { buffer in
            draw(MaskSink(mask: buffer.baseAddress!, stride: region.width, region: region), region, scratch)
        }
        return (bytes, region)
    }

    static func firstMismatch(_ bytes: [UInt8], _ region: PixelRect, _ shape: DeviceRect, radius: Double) -> String? {
        for y in 0..<region.height {
            for x in 0..<region.width {
                let px = region.x + x, py = region.y + y
                let expected = RasterReference.distanceCoverage(px, py, shape.x0, shape.y0, shape.x1, shape.y1, radius: radius)
                if UInt32(bytes[y * region.width + x]) != expected {
                    return "pixel (\(px), \(py)): \(bytes[y * region.width + x]) instead of \(expected)"
                }
            }
        }
        return nil
    }

    @Test func glyphBoxCoverageEqualsThePerPixelReference() {
        var rng = SplitMix64(seed: 0x6C79_7068)
        for round in 0..<600 {
            let (shape, radius) = Self.randomShape(&rng)
            let touched = shape.touchedPixels()
            guard touched.width <= GlyphCoverage.maximumWidth, radius > 0 else { continue }
            let (bytes, region) = Self.mask(shape) { sink, _, scratch in
                GlyphCoverage.write(RoundedRectDistance(shape, radius: radius), touched, into: sink, scratch: scratch)
            }
            let mismatch = Self.firstMismatch(bytes, region, shape, radius: radius)
            #expect(mismatch == nil, "round \(round) shape \(shape) radius \(radius): \(mismatch ?? "")")
        }
    }

    @Test func rowWalkerCoverageEqualsThePerPixelReference() {
        var rng = SplitMix64(seed: 0x726F_7773)
        for round in 0..<600 {
            let (shape, radius) = Self.randomShape(&rng)
            guard radius > 0 else { continue }
            let (bytes, region) = Self.mask(shape) { sink, region, scratch in
                ShapeRasterizer.roundedRectCoverage(shape, radius: radius, clip: region, scratch: scratch, into: sink)
            }
            let mismatch = Self.firstMismatch(bytes, region, shape, radius: radius)
            #expect(mismatch == nil, "round \(round) shape \(shape) radius \(radius): \(mismatch ?? "")")
        }
    }
}
