import Dispatch
import Foundation

/// Composites a draw list into a framebuffer, band by band (step 3 of the frame in `ARCHITECTURE.md`).
///
/// The framebuffer (or each damaged region of it) is cut into horizontal bands of `bandHeight` rows; `workers` concurrent iterations
/// of `DispatchQueue.concurrentPerform` take bands `i, i + workers, …`. In each band,
/// ``BandVisibility`` keeps only the parts of ops that no later opaque op overwrites; what no opaque op
/// covers is cleared to transparent, then the visible pieces are applied in paint order with the compositor's ``KernelTable``:
/// `fill` or `copy` for opaque ops, `fillOver` / `sourceOver` otherwise. So every framebuffer pixel is
/// written once by the topmost opaque op under it (or the clear), plus once per translucent op above.
/// Bands are disjoint, so workers never write the same pixel, and each pixel sees the same visible ops
/// in the same order whatever the band height or worker count: the result is bit-identical.
///
/// Thread safety: call from one thread; it returns when every band is done.
enum BandCompositor {
    /// Composites `list` into the parts of `framebuffer` inside `regions` (framebuffer device pixels,
    /// each within the framebuffer; `nil`: all of it). Each region is cut into bands of `bandHeight`
    /// rows; a band is composited from scratch (cleared, then every op over it), so regions may overlap.
    static func composite(_ list: DrawList, into framebuffer: PixelBuffer, regions: [PixelRect]? = nil,
                          bandHeight: Int, workers: Int, kernels: KernelTable) throws {
        var bands: [PixelRect] = []
        for region in regions ?? [framebuffer.bounds] where !region.isEmpty {
            var y = region.minY
            while y < region.maxY {
                bands.append(PixelRect(x: region.x, y: y, width: region.width, height: Swift.min(bandHeight, region.maxY - y)))
                y += bandHeight
            }
        }
        let bandCount = bands.count
        guard bandCount > 0 else { return }
        let allBands = bands
        let lanes = Swift.min(workers, bandCount)
        let failure = FirstError()
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var band = lane
            while band < bandCount {
                do {
                    try composite(list, into: framebuffer, band: allBands[band], kernels: kernels)
                } catch {
                    failure.record(error)
                }
                band += lanes
            }
        }
        if let error = failure.error { throw error }
    }

    private static func composite(_ list: DrawList, into framebuffer: PixelBuffer, band: PixelRect,
                                  kernels: KernelTable) throws {
        let candidates = list.ops.indices.filter { !list.ops[$0].destination.intersection(band).isEmpty }
        let visibility = BandVisibility(ops: list.ops, candidates: candidates, band: band)
        for rect in visibility.clears {
            try kernels.fill(framebuffer.uncheckedSubBuffer(rect), with: .transparent)
        }
        for piece in visibility.pieces {
            let op = list.ops[piece.op]
            let destination = framebuffer.uncheckedSubBuffer(piece.rect)
            switch op.source {
            case .color(let pixel):
                if op.isOpaque {
                    try kernels.fill(destination, with: pixel)
                } else {
                    try kernels.fillOver(destination, with: pixel)
                }
            case .tile(let tile):
                let source = tile.uncheckedSubBuffer(piece.rect.offsetBy(dx: -op.sourceOrigin.x, dy: -op.sourceOrigin.y))
                if op.isOpaque {
                    try kernels.copy(source, onto: destination)
                } else {
                    try kernels.sourceOver(source, onto: destination, opacity: op.opacity)
                }
            }
        }
    }
}

/// The first error thrown by any worker. Thread safety: any thread (locked).
final class FirstError: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Error?

    func record(_ error: Error) {
        lock.lock()
        if stored == nil { stored = error }
        lock.unlock()
    }

    var error: Error? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
