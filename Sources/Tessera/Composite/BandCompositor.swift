import Dispatch
import Foundation

/// Composites a draw list into a framebuffer, band by band (step 3 of design.md's frame).
///
/// The framebuffer is cut into horizontal bands of `bandHeight` rows; `workers` concurrent iterations
/// of `DispatchQueue.concurrentPerform` take bands `i, i + workers, …`. Each band is first cleared to
/// transparent, then every op that intersects it is applied in paint order with ``Kernels``: `fill` or
/// `copy` for opaque ops, `fillOver` / `sourceOver` otherwise. When an opaque op covers the whole band,
/// the clear and the ops below the last such op are skipped (they would be overwritten). Bands are disjoint, so workers never write
/// the same pixel, and each pixel sees the same ops in the same order whatever the band height or
/// worker count: the result is bit-identical.
///
/// Thread safety: call from one thread; it returns when every band is done.
enum BandCompositor {
    static func composite(_ list: DrawList, into framebuffer: PixelBuffer, bandHeight: Int, workers: Int) throws {
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
                    try composite(list, into: framebuffer, band: rect)
                } catch {
                    failure.record(error)
                }
                band += lanes
            }
        }
        if let error = failure.error { throw error }
    }

    private static func composite(_ list: DrawList, into framebuffer: PixelBuffer, band: PixelRect) throws {
        // Everything below the last opaque op covering the whole band is overwritten by it: start there
        // (an opaque root background saves the clear and every op below it in every band).
        let start = list.ops.lastIndex { $0.isOpaque && $0.destination.contains(band) } ?? -1
        if start < 0 { Kernels.fill(framebuffer.uncheckedSubBuffer(band), with: .transparent) }
        for op in list.ops[Swift.max(start, 0)...] {
            let area = op.destination.intersection(band)
            guard !area.isEmpty else { continue }
            let destination = framebuffer.uncheckedSubBuffer(area)
            switch op.source {
            case .color(let pixel):
                if op.isOpaque {
                    Kernels.fill(destination, with: pixel)
                } else {
                    Kernels.fillOver(destination, with: pixel)
                }
            case .tile(let tile):
                let source = tile.uncheckedSubBuffer(area.offsetBy(dx: -op.sourceOrigin.x, dy: -op.sourceOrigin.y))
                if op.isOpaque {
                    try Kernels.copy(source, onto: destination)
                } else {
                    try Kernels.sourceOver(source, onto: destination, opacity: op.opacity)
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
