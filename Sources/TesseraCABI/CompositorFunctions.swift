import CTessera
import Foundation
import Tessera

// The compositor entry points of tessera.h.

/// The C field names of `tessera_config`, by Swift field name.
private let configNames = [
    "tileSize": "config->tile_size", "workers": "config->workers", "cacheBudgetBytes": "config->cache_budget_bytes",
    "scale": "config->scale", "bandHeight": "config->band_height",
    "maximumPrepaintTiles": "config->max_prepaint_tiles", "kernelTier": "config->isa",
    "rasterDeadline": "config->raster_deadline_us", "levelsOfDetail": "config->levels_of_detail",
    "levelsOfDetailBias": "config->levels_of_detail_bias",
]

/// C `tessera_config_init`: fills a `tessera_config` with the defaults of ``Compositor/Configuration``. Any thread.
/// See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_config_init")
public func tesseraConfigInit(_ config: UnsafeMutablePointer<tessera_config>?) -> tessera_status {
    cCall("tessera_config_init") {
        let out = try output(config, "config")
        let defaults = Compositor.Configuration()
        var c = tessera_config()
        c.tile_size = Int64(defaults.tileSize)
        c.workers = Int64(defaults.workers)
        c.cache_budget_bytes = Int64(defaults.cacheBudgetBytes)
        c.scale = defaults.scale
        c.band_height = Int64(defaults.bandHeight)
        c.max_prepaint_tiles = Int64(defaults.maximumPrepaintTiles)
        c.isa = tessera_isa(TESSERA_ISA_DEFAULT)
        c.raster_mode = defaults.rasterMode == .synchronous ? tessera_raster_mode(TESSERA_RASTER_SYNC)
            : tessera_raster_mode(TESSERA_RASTER_ASYNC)
        c.raster_deadline_us = defaults.rasterDeadline.components.seconds * 1_000_000
            + defaults.rasterDeadline.components.attoseconds / 1_000_000_000_000
        c.background_raster = defaults.backgroundRaster ? 1 : 0
        c.levels_of_detail = Int32(defaults.levelsOfDetail)
        c.levels_of_detail_bias = Int32(defaults.levelsOfDetailBias)
        c.scroll_moves = defaults.scrollMoves ? 1 : 0
        c.scroll_move_stores = tessera_scroll_move_stores(TESSERA_SCROLL_MOVE_STORES_AUTO)
        out.pointee = c
    }
}

/// The Swift configuration of a C one.
private func configuration(_ c: tessera_config) throws -> Compositor.Configuration {
    let tier: KernelTier?
    switch Int(c.isa) {
    case Int(TESSERA_ISA_DEFAULT): tier = nil
    case Int(TESSERA_ISA_BASELINE): tier = .baseline
    case Int(TESSERA_ISA_AVX2): tier = .avx2
    case Int(TESSERA_ISA_AVX512): tier = .avx512
    default:
        throw Failure.invalidArgument("config->isa", "must be a TESSERA_ISA_* value (0…3), got \(c.isa)")
    }
    let mode: Compositor.RasterMode
    switch Int(c.raster_mode) {
    case Int(TESSERA_RASTER_ASYNC): mode = .asynchronous
    case Int(TESSERA_RASTER_SYNC): mode = .synchronous
    default:
        throw Failure.invalidArgument("config->raster_mode",
                                      "must be TESSERA_RASTER_ASYNC (0) or TESSERA_RASTER_SYNC (1), got \(c.raster_mode)")
    }
    guard (0...1_000_000).contains(c.raster_deadline_us) else {
        throw Failure.invalidArgument("config->raster_deadline_us", "must be in 0…1000000 µs, got \(c.raster_deadline_us)")
    }
    guard c.background_raster == 0 || c.background_raster == 1 else {
        throw Failure.invalidArgument("config->background_raster", "must be 0 or 1, got \(c.background_raster)")
    }
    guard c.scroll_moves == 0 || c.scroll_moves == 1 else {
        throw Failure.invalidArgument("config->scroll_moves", "must be 0 or 1, got \(c.scroll_moves)")
    }
    let stores: Compositor.ScrollMoveStores
    switch Int(c.scroll_move_stores) {
    case Int(TESSERA_SCROLL_MOVE_STORES_AUTO): stores = .automatic
    case Int(TESSERA_SCROLL_MOVE_STORES_TEMPORAL): stores = .temporal
    case Int(TESSERA_SCROLL_MOVE_STORES_STREAMING): stores = .streaming
    default:
        throw Failure.invalidArgument("config->scroll_move_stores",
                                      "must be a TESSERA_SCROLL_MOVE_STORES_* value (0…2), got \(c.scroll_move_stores)")
    }
    let configuration = Compositor.Configuration(
        tileSize: Int(c.tile_size), workers: Int(c.workers), cacheBudgetBytes: Int(c.cache_budget_bytes),
        scale: c.scale, bandHeight: Int(c.band_height), maximumPrepaintTiles: Int(c.max_prepaint_tiles),
        kernelTier: tier, rasterMode: mode, rasterDeadline: .microseconds(c.raster_deadline_us),
        backgroundRaster: c.background_raster == 1, levelsOfDetail: Int(c.levels_of_detail),
        levelsOfDetailBias: Int(c.levels_of_detail_bias), scrollMoves: c.scroll_moves == 1,
        scrollMoveStores: stores)
    return try renamingArguments(configNames) { try configuration.validated() }
}

/// C `tessera_compositor_create`: creates a ``Compositor`` and writes its handle; config fields are validated by name
/// (`config->tile_size`, …). Any thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_compositor_create")
public func tesseraCompositorCreate(_ config: UnsafePointer<tessera_config>?,
                                    _ out: UnsafeMutablePointer<tessera_compositor>?) -> tessera_status {
    cCall("tessera_compositor_create") {
        let c = try required(config, "config")
        let out = try output(out, "out")
        let compositor = try renamingArguments(configNames) {
            try Compositor(configuration: try configuration(c))
        }
        out.pointee = HandleTable.shared.insert(compositor, kind: .compositor)
    }
}

/// C `tessera_compositor_destroy`: releases a compositor handle and its tiles. Not while it renders on another
/// thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_compositor_destroy")
public func tesseraCompositorDestroy(_ compositor: tessera_compositor) -> tessera_status {
    cCall("tessera_compositor_destroy") {
        _ = try HandleTable.shared.compositor(compositor, "compositor")
        try HandleTable.shared.remove(compositor, "compositor")
    }
}

/// C `tessera_compositor_render`: renders a tree into caller memory (device pixels, `stride` bytes a row) and writes
/// the statistics. The tree's thread; raster callbacks run on workers (in async mode also after it returns). See tessera.h; every failure
/// returns a status and sets `tessera_last_error`.
@_cdecl("tessera_compositor_render")
public func tesseraCompositorRender(_ compositor: tessera_compositor, _ root: tessera_layer,
                                    _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int64, _ height: Int64,
                                    _ stride: Int64,
                                    _ statistics: UnsafeMutablePointer<tessera_frame_statistics>?) -> tessera_status {
    cCall("tessera_compositor_render") {
        let compositor = try HandleTable.shared.compositor(compositor, "compositor")
        let root = try HandleTable.shared.layer(root, "root")
        let framebuffer = try wrapPixels(pixels, width: width, height: height, stride: stride, prefix: "")
        let result = try compositor.render(root, into: framebuffer)
        statistics?.pointee = tessera_frame_statistics(result)
    }
}

/// C `tessera_compositor_render_damage`: ``Compositor/render(_:into:previousFrame:)``: composites only what can
/// differ from the frame `previous_frame` (0: everything). The tree's thread. See tessera.h; every failure returns
/// a status and sets `tessera_last_error`.
@_cdecl("tessera_compositor_render_damage")
public func tesseraCompositorRenderDamage(_ compositor: tessera_compositor, _ root: tessera_layer,
                                          _ pixels: UnsafeMutablePointer<UInt8>?, _ width: Int64, _ height: Int64,
                                          _ stride: Int64, _ previousFrame: UInt64,
                                          _ statistics: UnsafeMutablePointer<tessera_frame_statistics>?) -> tessera_status {
    cCall("tessera_compositor_render_damage") {
        let compositor = try HandleTable.shared.compositor(compositor, "compositor")
        let root = try HandleTable.shared.layer(root, "root")
        let framebuffer = try wrapPixels(pixels, width: width, height: height, stride: stride, prefix: "")
        let result = try compositor.render(root, into: framebuffer,
                                           previousFrame: previousFrame == 0 ? nil : FrameToken(value: previousFrame))
        statistics?.pointee = tessera_frame_statistics(result)
    }
}

/// C `tessera_compositor_drain`: ``Compositor/drainRaster()``: waits for every queued raster and takes the results
/// in. The tree's thread. See tessera.h; every failure returns a status and sets `tessera_last_error`.
@_cdecl("tessera_compositor_drain")
public func tesseraCompositorDrain(_ compositor: tessera_compositor) -> tessera_status {
    cCall("tessera_compositor_drain") {
        try HandleTable.shared.compositor(compositor, "compositor").drainRaster()
    }
}
