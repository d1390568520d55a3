import Foundation
import TesseraKernelBodies

/// Levels of detail: the discrete resolutions at which a layer whose scale is changing (a pinch, a
/// zoom animation) is rasterized and then resampled, as CATiledLayer's `levelsOfDetail` /
/// `levelsOfDetailBias`.
///
/// Level `k` rasterizes the layer's plane at `deviceScale · 2^k` device pixels per point. The levels
/// are `k ∈ [bias − count + 1, bias]`: `count` levels, the finest magnified `2^bias` times (defaults
/// ``defaultCount`` = 6 and ``defaultBias`` = 3: 1/4× … 8×). For a zoom `S` (the product of the transform
/// scales down to the layer) the wanted level is the largest at or below it, `⌊log₂ S⌋`, clamped to the
/// range, so the resampling ratio `2^k / S` lies in `(1/2, 1]`: a changing scale is drawn magnified at most
/// 2× (blurrier while it changes, sharp again once the exact tiles arrive, as Safari and Chromium draw a
/// pinch), and the composite reads at most one level pixel per pixel it writes. Measured on `tessera bench
/// canvas --script zoom` (README.md, "Levels of detail"): the nearest level in log scale, `⌊log₂ S + ½⌋`,
/// minified up to √2× in the upper half of every octave, and those frames composited at about half the
/// bilinear throughput (the `down0.75` case of `tessera-benchmarks --filter scaled`) and set the p99.
///
/// Arithmetic only; a plain value.
struct LevelsOfDetail: Sendable, Equatable {
    static let defaultCount = 6
    static let defaultBias = 3
    /// The most frames a layer stays on its shown level while the next one's visible tiles arrive
    /// (``TileManager/deferredLevel``): 12 frames, 0.1 s at 120 Hz.
    static let maximumSwitchDelayFrames = 12
    /// How far beyond the visible rect the coarsest level is kept as the fallback
    /// (``TileManager/requestFallback``), as a share of the visible size on each side: ½ (a view twice as
    /// wide and tall, what a 2× zoom out shows).
    static let fallbackMargin = 0.5

    /// The number of levels (≥ 1).
    let count: Int
    /// The finest level's exponent.
    let bias: Int

    /// The levels' exponents, coarsest first.
    var range: ClosedRange<Int> { (bias - count + 1)...bias }

    /// The wanted level for zoom `zoom` (> 0): the largest power of two at or below it, within the range.
    func level(forZoom zoom: Double) -> Int {
        let exponent = Int(log2(zoom).rounded(.down))
        return Swift.min(Swift.max(exponent, range.lowerBound), range.upperBound)
    }

    /// The next level on the way from `shown` to `wanted`: at most one step at a time.
    static func step(from shown: Int?, toward wanted: Int) -> Int {
        guard let shown else { return wanted }
        return shown + (wanted > shown ? 1 : wanted < shown ? -1 : 0)
    }

    /// Plane device pixels per point of level `k`: `deviceScale · 2^k` (exact: a power of two times the
    /// device scale).
    static func scale(_ k: Int, deviceScale: Double) -> Double { deviceScale * Double(sign: .plus, exponent: k, significand: 1) }
}

/// Where the framebuffer pixels of a layer drawn from a level sample that level, in 16.16 fixed point
/// (``ResampleMapping``), and which level tile serves which of them.
///
/// With the layer's exact plane scale `e` (``PlannedLayer/scale``), its translation `T` (framebuffer =
/// exact plane device pixel + T) and the level's scale `ℓ`, framebuffer column `X` samples level column
/// position `U(X) = U0 + (X − X0) · DX` (1/65536 level pixel, 0 = centre of level pixel 0) with
/// `DX = round(65536 · ℓ / e)` and `U0 = round(65536 · ((X0 − T + ½) · ℓ / e − ½))` at the layer's first
/// visible column `X0` (rows likewise). The pixel centre `X + ½` maps to the same plane point at both
/// scales, up to the rounding of `U0` and `DX`; `ℓ = e` gives `U(X) = (X − T) · 65536`: a copy.
///
/// Level tile column `c` holds level pixels `c·N … c·N + N` — one more than its `N` columns: a one-pixel
/// gutter on the right and bottom. Framebuffer column `X` is drawn from the tile holding `⌊U(X) / 65536⌋`,
/// which then also holds the bilinear filter's second column, so a tiled frame samples exactly the pixels
/// an untiled level image would (no seams, no edge clamping inside the layer).
struct LevelMapping: Sendable, Equatable {
    /// Sample position of the first column / row (`X0`, `Y0`) and the steps.
    let u0: Int64, du: Int64, x0: Int
    let v0: Int64, dv: Int64, y0: Int

    init(exactScale e: Double, levelScale l: Double, translation: (x: Int, y: Int), origin: (x: Int, y: Int)) {
        let ratio = l / e
        du = Int64((65536 * ratio).rounded())
        dv = du
        x0 = origin.x
        y0 = origin.y
        u0 = Int64((65536 * ((Double(origin.x - translation.x) + 0.5) * ratio - 0.5)).rounded())
        v0 = Int64((65536 * ((Double(origin.y - translation.y) + 0.5) * ratio - 0.5)).rounded())
    }

    /// `U(X)`, `V(Y)`.
    func u(_ x: Int) -> Int64 { u0 + Int64(x - x0) * du }
    func v(_ y: Int) -> Int64 { v0 + Int64(y - y0) * dv }

    /// For `lo ..< hi` (framebuffer columns or rows), the level tiles along one axis: each tile index
    /// and the sub-range of `lo ..< hi` it serves (`⌊U / 65536⌋` in the tile's `N` pixels).
    static func spans(_ lo: Int, _ hi: Int, start: Int64, origin: Int, step: Int64, tileSize n: Int)
        -> [(tile: Int, range: Range<Int>)] {
        guard lo < hi, step > 0 else { return [] }
        let one = Int64(ResampleMapping.one)
        func position(_ x: Int) -> Int64 { start + Int64(x - origin) * step }
        func firstAtOrAfter(_ target: Int64) -> Int {  // the first x with position(x) ≥ target
            let delta = target - position(lo)
            if delta <= 0 { return lo }
            return lo + Int((delta + step - 1) / step)
        }
        let first = floorDivide(floorDivide(position(lo), one), Int64(n))
        let last = floorDivide(floorDivide(position(hi - 1), one), Int64(n))
        var result: [(Int, Range<Int>)] = []
        for tile in first...last {
            let from = Swift.max(lo, firstAtOrAfter(tile * Int64(n) * one))
            let to = Swift.min(hi, firstAtOrAfter((tile + 1) * Int64(n) * one))
            if from < to { result.append((Int(tile), from..<to)) }
        }
        return result
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return (a % b != 0 && a < 0) ? q - 1 : q
    }
}
