/// Scaled composition (resampling src-over), as defined by `ScalarReference.scaledSourceOver`
/// (TesseraPixels); arguments as ``KernelRoutines/ScaledSourceOver``, nothing validated here.
///
/// Every destination row is made in two steps: the row's samples are written into a temporary row (or
/// found in place), then composed onto the destination with the ordinary src-over row loops
/// (`RowKernels.swift`), so opacity and the all-zero / all-opaque shortcuts are the tested ones. Rows are
/// made and composed in chunks of ``scaledChunkPixels`` so that the samples are still in the L1 cache when
/// they are composed (measured: ×1.3–1.5 on the 4K bilinear benchmarks).
///
/// Columns are analysed once per call (`ScaledColumns`): the source column(s) and the bilinear weight of
/// every destination column, in 64-bit arithmetic, clamped to the source. Then per row:
///
/// - **Nearest**: a row whose source row is the previous row's reuses its samples (integer upscales
///   repeat every row); a unit step inside the source composes the source row itself (no copy: the
///   ordinary `sourceOver`); otherwise one indexed load per pixel (integer ratios included: a ×k upscale
///   is an index table of runs of k, a ÷k downscale one with stride k).
/// - **Bilinear**: the pair of source rows is read once per destination row: when the row's weight is
///   0 (or both rows are the same, clamped) the top row is used as is; else the vertical interpolation of
///   the pair is computed over the source columns the row needs, 16 pixels a vector. Then the
///   horizontal interpolation reads that vertical row through the column table. A unit step with whole
///   positions composes the vertical row itself (a unit mapping is plain `sourceOver`); a unit step with a
///   sub-pixel offset interpolates neighbours 16 at a time with one weight. When a row spans many more
///   source columns than it has pixels (strong downscales), the four pixels of each sample are read
///   through the table instead of interpolating every column.
///
/// Cost: the temporary rows and tables are one allocation per call (a few rows of the width).
extension KernelBodies {
    /// `dst = div255(sample(src) · opacity) OVER dst` over the destination rect.
    @inlinable @inline(__always)
    public static func scaledSourceOver(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int, _ srcHeight: Int,
                                        _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                                        _ mapping: ResampleMapping, _ filter: ResampleFilter, _ opacity: UInt8) {
        scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height, mapping, filter, opacity,
                         RGBAStore.self)
    }

    /// The same with `dst` in `layout` (the samples are RGBA; the layout's src-over row loops write it).
    @inlinable @inline(__always)
    public static func scaledSourceOver(_ layout: StoreLayoutID, _ src: UnsafeRawPointer, _ srcStride: Int,
                                        _ srcWidth: Int, _ srcHeight: Int, _ dst: UnsafeMutableRawPointer,
                                        _ dstStride: Int, _ width: Int, _ height: Int, _ mapping: ResampleMapping,
                                        _ filter: ResampleFilter, _ opacity: UInt8) {
        switch layout {
        case .rgba: scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height, mapping,
                                     filter, opacity, RGBAStore.self)
        case .bgra: scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height, mapping,
                                     filter, opacity, BGRAStore.self)
        case .xrgb: scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height, mapping,
                                     filter, opacity, XRGBStore.self)
        case .xbgr: scaledSourceOver(src, srcStride, srcWidth, srcHeight, dst, dstStride, width, height, mapping,
                                     filter, opacity, XBGRStore.self)
        }
    }

    @inlinable @inline(__always)
    static func scaledSourceOver<L: StoreLayout>(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcWidth: Int,
                                                 _ srcHeight: Int, _ dst: UnsafeMutableRawPointer, _ dstStride: Int,
                                                 _ width: Int, _ height: Int, _ mapping: ResampleMapping,
                                                 _ filter: ResampleFilter, _ opacity: UInt8, _ l: L.Type) {
        guard width > 0, height > 0, srcWidth > 0, srcHeight > 0 else { return }
        if opacity == 0 {  // src' = 0: dst unchanged but for the layout's alpha mask
            if L.self != RGBAStore.self { mask(dst, dstStride, width, height, l) }
            return
        }
        let columns = ScaledColumns(mapping: mapping, filter: filter, width: width, srcWidth: srcWidth)
        defer { columns.deallocate() }
        switch filter {
        case .nearest:
            scaledNearest(src, srcStride, srcHeight, dst, dstStride, width, height, mapping, columns, opacity, l)
        case .bilinear:
            scaledBilinear(src, srcStride, srcHeight, dst, dstStride, width, height, mapping, columns, opacity, l)
        }
    }

    /// `row` (`count` RGBA sample words) composed onto `dst` (in layout `L`) with the src-over row loops.
    @inlinable @inline(__always)
    static func composeRow<L: StoreLayout>(_ row: UnsafeRawPointer, _ dst: UnsafeMutableRawPointer, _ count: Int,
                                           _ opacity: UInt8, _ l: L.Type) {
        if L.self == RGBAStore.self {
            if opacity == 255 {
                sourceOverRow(row, dst, count)
            } else {
                sourceOverRow(row, dst, count, opacity: UInt32(opacity))
            }
        } else if opacity == 255 {
            sourceOverRow(row, dst, count, l)
        } else {
            sourceOverRow(row, dst, count, opacity: UInt32(opacity), l)
        }
    }

    @inlinable @inline(__always)
    static func scaledNearest(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcHeight: Int,
                              _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int, _ height: Int,
                              _ mapping: ResampleMapping, _ columns: ScaledColumns, _ opacity: UInt8, _ l: (some StoreLayout).Type) {
        let samples = columns.samples, left = columns.left
        var gatheredRow = -1  // the source row whose samples are in `samples`
        for j in 0..<height {
            let sy = ScaledColumns.nearestIndex(Int64(mapping.y0) &+ Int64(j) &* Int64(mapping.dy), srcHeight)
            let srcRow = src + sy &* srcStride
            let dstRow = dst + j &* dstStride
            if let first = columns.unitFirst {
                composeRow(srcRow + first &* 4, dstRow, width, opacity, l)
                continue
            }
            if sy == gatheredRow {
                composeRow(UnsafeRawPointer(samples), dstRow, width, opacity, l)
                continue
            }
            var start = 0
            while start < width {  // gather a chunk, compose it while it is in the L1 cache
                let end = Swift.min(start &+ scaledChunkPixels, width)
                for i in start..<end {
                    samples[i] = srcRow.loadUnaligned(fromByteOffset: Int(left[i]) &* 4, as: UInt32.self)
                }
                composeRow(UnsafeRawPointer(samples + start), dstRow + start &* 4, end &- start, opacity, l)
                start = end
            }
            gatheredRow = sy
        }
    }

    @inlinable @inline(__always)
    static func scaledBilinear<L: StoreLayout>(_ src: UnsafeRawPointer, _ srcStride: Int, _ srcHeight: Int,
                                               _ dst: UnsafeMutableRawPointer, _ dstStride: Int, _ width: Int,
                                               _ height: Int, _ mapping: ResampleMapping, _ columns: ScaledColumns,
                                               _ opacity: UInt8, _ l: L.Type) {
        let samples = columns.samples, vertical = columns.vertical
        let first = columns.firstColumn, span = columns.span
        var madeRow = (top: -1, bottom: -1, weight: UInt32.max)  // the rows whose samples are in `samples`
        for j in 0..<height {
            let y = Int64(mapping.y0) &+ Int64(j) &* Int64(mapping.dy)
            let yt = ScaledColumns.clampIndex(y &>> 16, srcHeight), yb = ScaledColumns.clampIndex((y &>> 16) &+ 1, srcHeight)
            var wy = UInt32(truncatingIfNeeded: (y & 0xFFFF) &>> 9)
            if yt == yb { wy = 0 }  // lerp(t, t, w) = t
            let top = src + yt &* srcStride, bottom = src + yb &* srcStride
            let dstRow = dst + j &* dstStride
            if madeRow == (yt, yb, wy) {
                composeRow(UnsafeRawPointer(samples), dstRow, width, opacity, l)
                continue
            }
            if columns.gathersCorners {
                // Strong downscale: interpolate only the columns the samples use.
                let left = columns.left, right = columns.right, weights = columns.weights, samples = columns.samples
                for i in 0..<width {
                    let l = Int(left[i]) &* 4, r = Int(right[i]) &* 4
                    let vl = lerp(top.loadUnaligned(fromByteOffset: l, as: UInt32.self),
                                  bottom.loadUnaligned(fromByteOffset: l, as: UInt32.self), wy)
                    let vr = lerp(top.loadUnaligned(fromByteOffset: r, as: UInt32.self),
                                  bottom.loadUnaligned(fromByteOffset: r, as: UInt32.self), wy)
                    samples[i] = lerp(vl, vr, weights[i])
                }
                madeRow = (yt, yb, wy)
                composeRow(UnsafeRawPointer(samples), dstRow, width, opacity, l)
                continue
            }
            // The vertical row: source columns first ..< first + span, in place or interpolated.
            let rowV: UnsafeRawPointer
            if wy == 0 {
                rowV = top + first &* 4
            } else {
                lerpRow(top + first &* 4, bottom + first &* 4, UnsafeMutableRawPointer(vertical), span, wy)
                rowV = UnsafeRawPointer(vertical)
            }
            if let weight = columns.unitWeight {  // unit step inside the source: neighbours, one weight
                if weight == 0 {
                    composeRow(rowV, dstRow, width, opacity, l)  // whole positions: the samples are the row
                    continue
                }
            }
            if columns.unitWeight == nil, Tier.hasTwoVectorPermute {
                // One pass: each vector of samples from two vectors of the row, composed at once when
                // that is plain src-over in RGBA; otherwise written to `samples` and composed as below.
                if L.self == RGBAStore.self && opacity == 255 {
                    lerpPermuted(rowV, span, columns, 0, width, composingOnto: dstRow)
                    madeRow = (-1, -1, UInt32.max)  // `samples` not written
                    continue
                }
                var start = 0
                while start < width {
                    let count = Swift.min(scaledChunkPixels, width &- start)
                    lerpPermuted(rowV, span, columns, start, count, composingOnto: nil)
                    composeRow(UnsafeRawPointer(samples + start), dstRow + start &* 4, count, opacity, l)
                    start &+= count
                }
                madeRow = (yt, yb, wy)
                continue
            }
            var start = 0
            while start < width {  // interpolate a chunk, compose it while it is in the L1 cache
                let count = Swift.min(scaledChunkPixels, width &- start)
                if let weight = columns.unitWeight {
                    lerpRow(rowV + start &* 4, rowV + (start &+ 1) &* 4, UnsafeMutableRawPointer(samples + start),
                            count, weight)
                } else {
                    lerpGathered(rowV, columns, start, count)
                }
                composeRow(UnsafeRawPointer(samples + start), dstRow + start &* 4, count, opacity, l)
                start &+= count
            }
            madeRow = (yt, yb, wy)
        }
    }

    /// Pixels per chunk of a row's samples: made, then composed while they are in the L1 cache (2 KB).
    @inlinable @inline(__always)
    static var scaledChunkPixels: Int { 512 }

    /// The horizontal step through the column table for destination columns `start ..< start + count`:
    /// `samples[i] = lerp(row[left[i]], row[right[i]], weights[i])`. The two neighbours of each sample are first copied into two rows (plain indexed loads
    /// and stores), then interpolated 16 pixels a vector: building vectors lane by lane spills on the
    /// narrower tiers.
    @inlinable @inline(__always)
    static func lerpGathered(_ row: UnsafeRawPointer, _ columns: ScaledColumns, _ start: Int, _ count: Int) {
        let left = columns.left + start, right = columns.right + start, weights = columns.weights + start
        let samples = columns.samples + start
        let lefts = columns.leftSamples, rights = columns.rightSamples  // scratch: the chunk's neighbours
        for i in 0..<count {
            lefts[i] = row.loadUnaligned(fromByteOffset: Int(left[i]) &* 4, as: UInt32.self)
            rights[i] = row.loadUnaligned(fromByteOffset: Int(right[i]) &* 4, as: UInt32.self)
        }
        let sixteen = Vector(repeating: 128 | 128 << 16)
        var i = 0
        while i &+ 16 <= count {
            let w = pairs(UnsafeRawPointer(weights + i).loadUnaligned(as: Vector.self))
            store(lerp(load(lefts + i), load(rights + i), sixteen &- w, w), UnsafeMutableRawPointer(samples + i))
            i &+= 16
        }
        while i < count {
            samples[i] = lerp(lefts[i], rights[i], weights[i])
            i &+= 1
        }
    }

    /// The horizontal step through the column table with a two-vector permute (tiers whose
    /// `hasTwoVectorPermute`), for destination columns `start ..< start + count`: a vector of 16 samples
    /// whose columns (left and right) lie within 32 consecutive columns of `row` — every vector when the
    /// row steps at most 2 columns per sample (ratio ≤ 2, as levels of detail keep it) — takes those 32
    /// columns as two vectors and selects each sample's two neighbours with one permute each, then
    /// interpolates. Columns are monotonic in the destination column (positions are linear and clamping
    /// keeps the order), so a vector's columns lie between those of its first and last lane. Other
    /// vectors (strong downscales) and the last `count % 16` pixels interpolate pixel by pixel.
    ///
    /// `row` holds `available` pixels (the vertical row's span): near its end the window is its last 32
    /// pixels; a row of fewer than 32 is copied to the stack. `composingOnto`: when given, each vector is composed src-over onto it
    /// at once (RGBA, opacity 255: the all-zero and all-opaque shortcuts of ``sourceOverTested(_:_:)``)
    /// instead of being written to the samples row.
    @inlinable @inline(__always)
    static func lerpPermuted(_ row: UnsafeRawPointer, _ available: Int, _ columns: ScaledColumns, _ start: Int,
                             _ count: Int, composingOnto dst: UnsafeMutableRawPointer?) {
        let left = columns.left + start, right = columns.right + start, weights = columns.weights + start
        let samples = columns.samples + start
        let sixteen = Vector(repeating: 128 | 128 << 16)
        var i = 0
        while i &+ 16 <= count {
            let first = Int(Swift.min(left[i], left[i &+ 15])), last = Int(Swift.max(right[i], right[i &+ 15]))
            if last &- first < 32 {
                // The 32 columns from `origin`: from `first`, or, near the end of the row, the last 32 (they
                // still hold first … last, as last < available); a row of fewer is copied to the stack.
                let origin = Swift.min(first, available &- 32)
                let a: Vector, b: Vector
                if origin >= 0 {
                    a = load(row + origin &* 4)
                    b = load(row + (origin &+ 16) &* 4)
                } else {
                    var window = (Vector(), Vector())
                    withUnsafeMutableBytes(of: &window) { bytes in
                        bytes.copyMemory(from: UnsafeRawBufferPointer(start: row, count: available &* 4))
                    }
                    (a, b) = window
                }
                let base = Vector(repeating: UInt32(truncatingIfNeeded: Swift.max(origin, 0)))
                let li = UnsafeRawPointer(left + i).loadUnaligned(as: Vector.self) &- base
                let ri = UnsafeRawPointer(right + i).loadUnaligned(as: Vector.self) &- base
                let w = pairs(UnsafeRawPointer(weights + i).loadUnaligned(as: Vector.self))
                let s = lerp(Tier.permute(a, b, li), Tier.permute(a, b, ri), sixteen &- w, w)
                if let dst {
                    sourceOverTested(s, dst + (start &+ i) &* 4)
                } else {
                    store(s, UnsafeMutableRawPointer(samples + i))
                }
            } else {
                for k in i..<(i &+ 16) { lerpOne(row, left, right, weights, samples, k, dst.map { $0 + start &* 4 }) }
            }
            i &+= 16
        }
        while i < count {
            lerpOne(row, left, right, weights, samples, i, dst.map { $0 + start &* 4 })
            i &+= 1
        }
    }

    /// Sample `k` of ``lerpPermuted``, one pixel: written to `samples[k]`, or composed onto `dst` pixel `k`.
    @inlinable @inline(__always)
    static func lerpOne(_ row: UnsafeRawPointer, _ left: UnsafeMutablePointer<Int32>, _ right: UnsafeMutablePointer<Int32>,
                        _ weights: UnsafeMutablePointer<UInt32>, _ samples: UnsafeMutablePointer<UInt32>, _ k: Int,
                        _ dst: UnsafeMutableRawPointer?) {
        let s = lerp(row.loadUnaligned(fromByteOffset: Int(left[k]) &* 4, as: UInt32.self),
                     row.loadUnaligned(fromByteOffset: Int(right[k]) &* 4, as: UInt32.self), weights[k])
        if let dst {
            if s != 0 { storeWord(over(s, loadWord(dst + k &* 4)), dst + k &* 4) }
        } else {
            samples[k] = s
        }
    }

    /// `out[k] = lerp(a[k], b[k], w)` for `count` pixels, 16 a vector (`w` in 1…127).
    @inlinable @inline(__always)
    static func lerpRow(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ out: UnsafeMutableRawPointer, _ count: Int,
                        _ w: UInt32) {
        let wv = Vector(repeating: w | w << 16), iwv = Vector(repeating: (128 &- w) | (128 &- w) << 16)
        var k = 0
        while k &+ 16 <= count {
            store(lerp(load(a + k &* 4), load(b + k &* 4), iwv, wv), out + k &* 4)
            k &+= 16
        }
        while k < count {
            storeWord(lerp(loadWord(a + k &* 4), loadWord(b + k &* 4), w), out + k &* 4)
            k &+= 1
        }
    }

    /// `(a · (128 − w) + b · w + 64) >> 7` per channel (`w` ≤ 128): the bilinear step of the reference.
    /// Two channels per 16-bit field: a field holds at most 255 · 128 + 64 = 32,704 < 2^16, so nothing
    /// carries into the next field, and the shift brings bits 7–14 of each field to its low byte (the mask
    /// drops what the upper field shifts down).
    @inlinable @inline(__always)
    static func lerp(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        let m: UInt32 = 0x00FF_00FF
        let iw = 128 &- w
        let rb = (((a & m) &* iw &+ (b & m) &* w &+ 0x0040_0040) &>> 7) & m
        let ga = ((((a &>> 8) & m) &* iw &+ ((b &>> 8) & m) &* w &+ 0x0040_0040) &>> 7) & m
        return rb | ga &<< 8
    }

    /// ``lerp(_:_:_:)`` on 16 pixels, weights `iw = 128 − w` and `w` in both 16-bit halves of every lane.
    @inlinable @inline(__always)
    static func lerp(_ a: Vector, _ b: Vector, _ iw: Vector, _ w: Vector) -> Vector {
        let m = Vector(repeating: 0x00FF_00FF), half = Vector(repeating: 0x0040_0040)
        let rb = ((multiply16(a & m, iw) &+ multiply16(b & m, w) &+ half) &>> 7) & m
        let ga = ((multiply16((a &>> 8) & m, iw) &+ multiply16((b &>> 8) & m, w) &+ half) &>> 7) & m
        return rb | ga &<< 8
    }
}

/// The column analysis of one scaled composition call, and its temporary rows: what every destination
/// row shares. Made once per call by `KernelBodies.scaledSourceOver`, freed at its end.
///
/// Not thread-safe (one call's scratch memory); positions in 64-bit arithmetic, indices clamped.
public struct ScaledColumns {
    /// Per destination column: the source column (nearest), or the left column (bilinear) — relative to
    /// ``firstColumn`` for bilinear rows interpolated over a span, absolute otherwise.
    @usableFromInline let left: UnsafeMutablePointer<Int32>
    /// Per destination column (bilinear): the right column, as ``left``.
    @usableFromInline let right: UnsafeMutablePointer<Int32>
    /// Per destination column (bilinear): the weight of the right column, 0…127.
    @usableFromInline let weights: UnsafeMutablePointer<UInt32>
    /// A row of `width` samples.
    @usableFromInline let samples: UnsafeMutablePointer<UInt32>
    /// Two rows of `width` words (bilinear through the table): the left and right neighbours of each sample.
    @usableFromInline let leftSamples: UnsafeMutablePointer<UInt32>
    @usableFromInline let rightSamples: UnsafeMutablePointer<UInt32>
    /// A row of ``span`` vertically interpolated source pixels (bilinear).
    @usableFromInline let vertical: UnsafeMutablePointer<UInt32>
    /// The first source column of a bilinear row's span, and the span's width in columns.
    @usableFromInline let firstColumn: Int
    @usableFromInline let span: Int
    /// Nearest with a unit step whose columns are all inside the source: the first column (the row is
    /// the source row from there).
    @usableFromInline let unitFirst: Int?
    /// Bilinear with a unit step whose columns (right ones included when the weight is not 0) are all
    /// inside the source: the constant weight; columns are then ``firstColumn`` + i (+ 1).
    @usableFromInline let unitWeight: UInt32?
    /// Bilinear rows read the four pixels of each sample through the table (span ≫ width).
    @usableFromInline let gathersCorners: Bool

    @inlinable
    init(mapping: ResampleMapping, filter: ResampleFilter, width: Int, srcWidth: Int) {
        let x0 = Int64(mapping.x0), dx = Int64(mapping.dx)
        let lastX = x0 &+ Int64(width &- 1) &* dx
        var unitFirst: Int?, unitWeight: UInt32?
        var firstColumn = 0, span = 0, gathersCorners = false
        let limit = Int64(srcWidth)
        switch filter {
        case .nearest:
            let first = (x0 &+ 0x8000) &>> 16, last = (lastX &+ 0x8000) &>> 16
            if dx == 0x1_0000, first >= 0, last < limit { unitFirst = Int(first) }
        case .bilinear:
            let first = x0 &>> 16, last = lastX &>> 16, weight = UInt32(truncatingIfNeeded: (x0 & 0xFFFF) &>> 9)
            if dx == 0x1_0000, first >= 0, last &+ (weight == 0 ? 0 : 1) < limit { unitWeight = weight }
            // Source columns the row reads (clamped), from the extreme positions (positions are monotonic).
            let low = Swift.min(first, last), high = Swift.max(first, last) &+ 1
            let lowColumn = Self.clampIndex(low, srcWidth)
            let highColumn = Self.clampIndex(high, srcWidth)
            firstColumn = lowColumn
            span = highColumn &- lowColumn &+ 1
            if unitWeight == nil, span > 2 &* width &+ 64 {
                gathersCorners = true
                firstColumn = 0
                span = 0
            }
        }
        let tableCount = unitFirst == nil && unitWeight == nil ? width : 0
        let neighbourCount = filter == .bilinear ? tableCount : 0
        let rowCount = width &+ span &+ 2 &* neighbourCount
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(1, (3 &* tableCount &+ rowCount) &* 4),
                                                   alignment: 64)
        samples = raw.bindMemory(to: UInt32.self, capacity: width)
        vertical = (raw + width &* 4).bindMemory(to: UInt32.self, capacity: span)
        leftSamples = (raw + (width &+ span) &* 4).bindMemory(to: UInt32.self, capacity: neighbourCount)
        rightSamples = (raw + (width &+ span &+ neighbourCount) &* 4).bindMemory(to: UInt32.self, capacity: neighbourCount)
        left = (raw + rowCount &* 4).bindMemory(to: Int32.self, capacity: tableCount)
        right = (raw + (rowCount &+ tableCount) &* 4).bindMemory(to: Int32.self, capacity: tableCount)
        weights = (raw + (rowCount &+ 2 &* tableCount) &* 4).bindMemory(to: UInt32.self, capacity: tableCount)
        self.unitFirst = unitFirst
        self.unitWeight = unitWeight
        self.firstColumn = firstColumn
        self.span = span
        self.gathersCorners = gathersCorners
        guard tableCount > 0 else { return }
        let base = firstColumn
        for i in 0..<width {
            let x = x0 &+ Int64(i) &* dx
            switch filter {
            case .nearest:
                left[i] = Int32(truncatingIfNeeded: Self.nearestIndex(x, srcWidth))
            case .bilinear:
                left[i] = Int32(truncatingIfNeeded: Self.clampIndex(x &>> 16, srcWidth) &- base)
                right[i] = Int32(truncatingIfNeeded: Self.clampIndex((x &>> 16) &+ 1, srcWidth) &- base)
                weights[i] = UInt32(truncatingIfNeeded: (x & 0xFFFF) &>> 9)
            }
        }
    }

    /// `index` clamped to `0…count − 1` (`count` ≥ 1).
    @inlinable @inline(__always)
    static func clampIndex(_ index: Int64, _ count: Int) -> Int {
        index < 0 ? 0 : index >= Int64(count) ? count &- 1 : Int(truncatingIfNeeded: index)
    }

    /// The pixel index of sample position `p` (16.16) for the nearest filter (`⌊p + ½⌋`), clamped.
    @inlinable @inline(__always)
    static func nearestIndex(_ p: Int64, _ count: Int) -> Int { clampIndex((p &+ 0x8000) &>> 16, count) }

    /// Frees the tables and rows (all one allocation, at ``samples``).
    @inlinable
    func deallocate() { UnsafeMutableRawPointer(samples).deallocate() }
}
