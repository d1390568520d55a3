import Tessera
import TesseraScene

/// Layer content whose raster costs `repetitions` times its base content's: every tile is drawn
/// `repetitions` times into the same buffer (cleared between drawings), so the pixels are exactly the
/// base content's. It stands for expensive content (photos, effects) in benchmarks: `tessera bench
/// --raster-cost N`.
///
/// Thread safety: as the base content (`draw(in:)` runs on raster workers). Cost: `repetitions` ×
/// (the base content's drawing + one clear of the tile) per tile.
public struct RasterCostContent: LayerContent {
    public let base: any LayerContent
    /// How many times each tile is drawn: 1…1000.
    public let repetitions: Int

    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rasterCost` outside 1…1000.
    public init(_ base: any LayerContent, repetitions: Int) throws {
        guard (1...1000).contains(repetitions) else {
            throw TesseraError.invalidArgument(argument: "rasterCost", reason: "must be in 1…1000, got \(repetitions)")
        }
        self.base = base
        self.repetitions = repetitions
    }

    public func draw(in context: RasterContext) {
        for repetition in 0..<repetitions {
            if repetition > 0 { context.buffer.clear() }
            base.draw(in: context)
        }
    }

    public func isOpaque(in deviceRect: PixelRect, scale: Double) -> Bool { base.isOpaque(in: deviceRect, scale: scale) }
    public func isTransparent(in deviceRect: PixelRect, scale: Double) -> Bool {
        base.isTransparent(in: deviceRect, scale: scale)
    }

    /// Wraps the content of `root` and of every layer below it (layers without content are left alone);
    /// nothing changes for `repetitions == 1`. Model thread.
    /// - Throws: ``TesseraError/invalidArgument(argument:reason:)`` naming `rasterCost` outside 1…1000.
    public static func apply(repetitions: Int, to root: Layer) throws {
        guard (1...1000).contains(repetitions) else {
            throw TesseraError.invalidArgument(argument: "rasterCost", reason: "must be in 1…1000, got \(repetitions)")
        }
        guard repetitions != 1 else { return }
        var stack = [root]
        while let layer = stack.popLast() {
            if let content = layer.content { layer.content = try RasterCostContent(content, repetitions: repetitions) }
            stack.append(contentsOf: layer.sublayers)
        }
    }
}
