import CTessera
import Testing

/// The calling thread's `tessera_last_error()` text.
func lastError() -> String { String(cString: tessera_last_error()) }

/// Checks that a C call failed with `code` and that its message names `argument` (as `argument:`).
func expectFailure(_ status: tessera_status, _ code: Int, naming argument: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(status == tessera_status(code), "status \(status), expected \(code): \(lastError())",
            sourceLocation: sourceLocation)
    let message = lastError()
    #expect(message.contains("\(argument):"), "message \"\(message)\" does not name \(argument)",
            sourceLocation: sourceLocation)
}

/// Checks that a C call succeeded.
func expectOK(_ status: tessera_status, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(status == tessera_status(TESSERA_OK), "\(lastError())", sourceLocation: sourceLocation)
}

/// A small compositor (64-pixel tiles, one worker, scale 1, the default raster mode) for the misuse tests.
func makeCompositor(tileSize: Int64 = 64, workers: Int64 = 1, rasterMode: tessera_raster_mode? = nil,
                    scrollMoveStores: tessera_scroll_move_stores? = nil) throws -> tessera_compositor {
    var config = tessera_config()
    expectOK(tessera_config_init(&config))
    config.tile_size = tileSize
    config.workers = workers
    if let rasterMode { config.raster_mode = rasterMode }
    if let scrollMoveStores { config.scroll_move_stores = scrollMoveStores }
    var compositor: tessera_compositor = 0
    expectOK(tessera_compositor_create(&config, &compositor))
    try #require(compositor != 0)
    return compositor
}

/// A layer at `frame` (points), or a scroll layer.
func makeLayer(_ frame: tessera_rect = tessera_rect(x: 0, y: 0, width: 16, height: 16),
               scroll: Bool = false) throws -> tessera_layer {
    var frame = frame
    var layer: tessera_layer = 0
    expectOK(scroll ? tessera_scroll_layer_create(&frame, &layer) : tessera_layer_create(&frame, &layer))
    try #require(layer != 0)
    return layer
}
