import Dispatch
import Foundation

/// Composites a draw list into a framebuffer, band by band (step 3 of design.md's frame).
///
/// The framebuffer is cut into horizontal bands of `bandHeight` rows; `workers` concurrent iterations
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
    static func composite(_ list: DrawList, into framebuffer: PixelBuffer, bandHeight: Int, workers: Int,
                          kernels: KernelTable) throws {
        let bandCount = (framebuffer.height + bandHeight - 1) / bandHeight
        guard bandCount > 0 else { return }
        let lanes = Swift.min(workers, bandCount)
        let failure = FirstError()
        DispatchQueue.concurrentPerform(iterations: lanes) { lane in
            var band = lane
            while band < bandCount {
                let y = band * bandHeight
                let rect = PixelRect(x: 0, y: y, width: framebuffer.width,
                                     height: Swift.min(bandHeight, framebuffer.height - y))
                do {
                    try composite(list, into: framebuffer, band: rect, kernels: kernels)
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
