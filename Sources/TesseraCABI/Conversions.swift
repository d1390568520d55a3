import CTessera
import Tessera

/// Conversions between the header's value types and Tessera's, validating as they go.
extension tessera_rect {
    /// The rect in points; Tessera validates the values where it is used (naming `argument.…`).
    var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
}

extension tessera_insets {
    var insets: EdgeInsets { EdgeInsets(top: top, left: left, bottom: bottom, right: right) }
}

extension tessera_color {
    var color: Color { Color(red: r, green: g, blue: b, alpha: a) }
}

extension tessera_pixel {
    /// The pixel, when premultiplied (every colour channel ≤ alpha).
    func validated(_ argument: String) throws -> Pixel {
        for (name, value) in [("r", r), ("g", g), ("b", b)] where value > a {
            throw Failure.invalidArgument("\(argument).\(name)",
                                          "must be ≤ \(argument).a = \(a) (premultiplied), got \(value)")
        }
        return Pixel(r: r, g: g, b: b, a: a)
    }
}

/// Checks a finite double argument.
func finite(_ value: Double, _ argument: String) throws -> Double {
    guard value.isFinite else { throw Failure.invalidArgument(argument, "must be finite, got \(value)") }
    return value
}

/// Checks caller pixel memory described by the header's fields and wraps it.
/// - Throws: ``Failure`` naming `pixels` (null), `width` / `height` (outside 1…65536) or `stride`
///   (below `width · 4`), each prefixed by `prefix` (`"dst->"`, or `""` for plain parameters).
func wrapPixels(_ pixels: UnsafeMutablePointer<UInt8>?, width: Int64, height: Int64, stride: Int64,
                prefix: String) throws -> PixelBuffer {
    guard let pixels else { throw Failure.invalidArgument(prefix + "pixels", "must not be null") }
    let limit = Int64(PixelBuffer.maximumDimension)
    guard (1...limit).contains(width) else {
        throw Failure.invalidArgument(prefix + "width", "must be in 1…\(limit), got \(width)")
    }
    guard (1...limit).contains(height) else {
        throw Failure.invalidArgument(prefix + "height", "must be in 1…\(limit), got \(height)")
    }
    guard stride >= width * 4 else {
        throw Failure.invalidArgument(prefix + "stride", "must be ≥ width · 4 = \(width * 4), got \(stride)")
    }
    return try renamingArguments(["bytesPerRow": prefix + "stride"]) {
        try PixelBuffer(wrapping: UnsafeMutableRawPointer(pixels), width: Int(width), height: Int(height),
                        bytesPerRow: Int(stride))
    }
}

/// Wraps the memory a `tessera_image` describes; the argument names start with `argument`.
func wrapImage(_ image: UnsafePointer<tessera_image>?, _ argument: String) throws -> PixelBuffer {
    let image = try required(image, argument)
    return try wrapPixels(image.pixels, width: image.width, height: image.height, stride: image.stride,
                          prefix: argument + "->")
}

extension tessera_frame_statistics {
    /// The C form of Swift's statistics.
    init(_ s: FrameStatistics) {
        func nanoseconds(_ d: Duration) -> Int64 {
            let (seconds, attoseconds) = d.components
            return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
        }
        self.init()
        frame_number = s.frameNumber
        tiles_visible = Int64(s.tilesVisible)
        cache_hits = Int64(s.cacheHits)
        tiles_newly_visible = Int64(s.tilesNewlyVisible)
        tiles_rasterized_visible = Int64(s.tilesRasterizedVisible)
        tiles_rasterized_prepaint = Int64(s.tilesRasterizedPrepaint)
        tiles_invalidated = Int64(s.tilesInvalidated)
        evictions = Int64(s.evictions)
        tiles_in_cache = Int64(s.tilesInCache)
        bytes_in_cache = Int64(s.bytesInCache)
        cache_budget_bytes = Int64(s.cacheBudgetBytes)
        bytes_needed_by_frame = Int64(s.bytesNeededByFrame)
        is_over_budget = s.isOverBudget ? 1 : 0
        reserved = 0
        tile_buffers_allocated = Int64(s.tileBuffersAllocated)
        draw_ops = Int64(s.drawOps)
        draw_ops_skipped = Int64(s.drawOpsSkipped)
        plan_ns = nanoseconds(s.planTime)
        raster_ns = nanoseconds(s.rasterTime)
        composite_ns = nanoseconds(s.compositeTime)
        tiles_checkerboarded = Int64(s.tilesCheckerboarded)
        tiles_shown_stale = Int64(s.tilesShownStale)
        checkerboard_pixels = Int64(s.checkerboardPixels)
        visible_tile_pixels = Int64(s.visibleTilePixels)
        raster_jobs_outstanding = Int64(s.rasterJobsOutstanding)
        frame_token = s.frameToken.value
        unchanged_frame = s.isUnchangedFrame ? 1 : 0
        offscreen_passes = Int64(s.offscreenPasses)
        opacity_peepholes = Int64(s.opacityPeepholes)
        shadow_tiles_rasterized = Int64(s.shadowTilesRasterized)
        draw_ops_underlaid = Int64(s.drawOpsUnderlaid)
        raster_jobs_queued = Int64(s.rasterJobsQueued)
        raster_results_dropped = Int64(s.rasterResultsDropped)
        prepainted_tiles_shown = Int64(s.prepaintedTilesShown)
        pixels_moved = Int64(s.pixelsMoved)
        pixels_composited = Int64(s.pixelsComposited)
        shadow_tiles_reused = Int64(s.shadowTilesReused)
        pixels_overlaid = Int64(s.pixelsOverlaid)
        pixels_move_filled = Int64(s.pixelsMoveFilled)
        pixels_move_kept = Int64(s.pixelsMoveKept)
        pixels_overlaid_filled = Int64(s.pixelsOverlaidFilled)
        let rects = s.damage.prefix(Int(TESSERA_MAX_DAMAGE_RECTS))
        damage_count = Int64(rects.count)
        withUnsafeMutableBytes(of: &damage) { raw in
            let out = raw.bindMemory(to: tessera_pixel_rect.self)
            for (index, rect) in rects.enumerated() {
                out[index] = tessera_pixel_rect(x: Int64(rect.x), y: Int64(rect.y), width: Int64(rect.width),
                                                height: Int64(rect.height))
            }
        }
    }
}

extension KernelTier {
    /// The header's `TESSERA_ISA_*` value of the tier.
    var cValue: tessera_isa {
        switch self {
        case .baseline: return tessera_isa(TESSERA_ISA_BASELINE)
        case .avx2: return tessera_isa(TESSERA_ISA_AVX2)
        case .avx512: return tessera_isa(TESSERA_ISA_AVX512)
        }
    }
}
