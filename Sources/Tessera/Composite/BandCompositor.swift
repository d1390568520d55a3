import Dispatch
import Synchronization
import TesseraKernelBodies

/// Composites a draw list into a framebuffer, band by band (step 3 of `ARCHITECTURE.md`'s frame).
///
/// The framebuffer is cut into horizontal bands of `bandHeight` rows; the ops are sorted into the bands
/// once (``BandBins``). Only the parts of the bands inside `regions` (the frame's damage) are work
/// items; a work item is composited from scratch (cleared, then every op over it), so regions may
/// overlap. `workers` concurrent iterations of `DispatchQueue.concurrentPerform` take the next item from
/// one shared atomic counter until none is left, so a worker that finds cheap items takes more of them. In each band, ``BandVisibility`` keeps only the parts of ops that no later opaque op
/// overwrites; what no opaque op covers is cleared to transparent, then the visible pieces are applied in
/// paint order with the tier's raw row routines (``KernelRoutines``; sizes are correct by construction,
/// nothing is validated or thrown): `fill` or `copy` for opaque ops, `fillOver` / `sourceOver` otherwise.
/// So every framebuffer pixel is written once by the topmost opaque op under it (or the clear), plus once
/// per translucent op above.
///
/// Streaming: the clears and opaque pieces that no translucent op of the band covers
/// (``BandVisibility/Piece/streams``) are written with the streaming kernels (`copyStreaming`,
/// `fillStreaming`: non-temporal stores, no read for ownership, on rows of at least
/// `KernelBodies.streamingThresholdBytes`); everything a later blend reads keeps temporal stores. Each
/// band ends with the tier's store fence, so its streamed pixels are ordered before the worker takes the
/// next band and before `concurrentPerform` returns to the caller.
///
/// Bands are disjoint, so workers never write the same pixel, and each pixel sees the same visible ops
/// in the same order whatever the band height, worker count or which worker takes which band; streaming
/// and temporal stores write the same bytes: the result is bit-identical.
///
/// Cost: binning is O(ops × bands per op) on the calling thread; per band, the visibility walk over the
/// band's ops, then the kernels. Thread safety: call from one thread; it returns when every band is done.
enum BandCompositor {
    /// Composites `list` into the parts of `framebuffer` inside `regions` (framebuffer device pixels, each
    /// within the framebuffer; `nil`: all of it).
    static func composite(_ list: DrawList, into framebuffer: PixelBuffer, regions: [PixelRect]? = nil,
                          bandHeight: Int, workers: Int, kernels: KernelTable) {
        let bins = BandBins(list.ops, bandHeight: bandHeight, height: framebuffer.height)
        guard bins.count > 0 else { return }
        var items: [WorkItem] = []
        for region in regions ?? [framebuffer.bounds] where !region.isEmpty {
            for band in (region.minY / bandHeight)...((region.maxY - 1) / bandHeight) {
                let y = band * bandHeight
                let rect = PixelRect(x: 0, y: y, width: framebuffer.width, height: Swift.min(bandHeight, framebuffer.height - y))
                    .intersection(region)
                if !rect.isEmpty { items.append(WorkItem(band: band, rect: rect, isWholeBand: regions == nil)) }
            }
        }
        let itemCount = items.count
        guard itemCount > 0 else { return }
        let work = items
        let routines = kernels.routines(for: framebuffer.format)  // the swizzle is in the kernels
        let lanes = Swift.min(workers, itemCount)
        withExtendedLifetime(list) {  // the tiles' pixels, which `RawOp` points into
            let raw = list.ops.map(RawOp.init)
            if lanes <= 1 {
                for item in work {
                    tesseraPhaseCompositeBand { composite(list, raw, bins, item, into: framebuffer, routines) }
                }
                return
            }
            let next = Atomic<Int>(0)
            DispatchQueue.concurrentPerform(iterations: lanes) { _ in
                while true {
                    let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                    guard index < itemCount else { return }
                    tesseraPhaseCompositeBand {  // a profiler's phase mark (PhaseMarkers.swift)
                        composite(list, raw, bins, work[index], into: framebuffer, routines)
                    }
                }
            }
        }
    }

    /// A part of one band: `rect` (framebuffer device pixels) lies in band `band`'s rows; the whole band
    /// when `isWholeBand`.
    private struct WorkItem: Sendable {
        let band: Int
        let rect: PixelRect
        let isWholeBand: Bool
    }

    /// An op's drawing arguments as plain values (no reference counting per piece); the pointer is valid
    /// while the ``DrawList`` is alive.
    private struct RawOp: @unchecked Sendable {
        /// The tile's pixel (0, 0), or nil for a colour.
        let pixels: UnsafeRawPointer?
        let bytesPerRow: Int
        let originX: Int
        let originY: Int
        let color: UInt32
        let opacity: UInt8
        let isOpaque: Bool

        init(_ op: DrawOp) {
            switch op.source {
            case .color(let pixel):
                pixels = nil
                bytesPerRow = 0
                color = pixel.word
            case .tile(let tile):
                pixels = UnsafeRawPointer(tile.baseAddress)
                bytesPerRow = tile.bytesPerRow
                color = 0
            }
            originX = op.sourceOrigin.x
            originY = op.sourceOrigin.y
            opacity = op.opacity
            isOpaque = op.isOpaque
        }
    }

    /// One work item: clears, then the visible pieces in paint order, then the store fence.
    private static func composite(_ list: DrawList, _ raw: [RawOp], _ bins: BandBins, _ item: WorkItem,
                                  into framebuffer: PixelBuffer, _ routines: KernelRoutines) {
        var candidates = bins.ops(inBand: item.band)
        if !item.isWholeBand {  // BandVisibility takes only ops that meet its rect
            candidates = candidates.filter { !list.ops[$0].destination.intersection(item.rect).isEmpty }
        }
        let visibility = BandVisibility(ops: list.ops, candidates: candidates, band: item.rect)
        let stride = framebuffer.bytesPerRow
        for clear in visibility.clears {
            let r = clear.rect
            let fill = clear.streams ? routines.fillStreaming : routines.fill
            fill(framebuffer.baseAddress + r.minY * stride + r.minX * 4, stride, r.width, r.height, 0)
        }
        for piece in visibility.pieces {
            let op = raw[piece.op]
            let r = piece.rect
            let destination = framebuffer.baseAddress + r.minY * stride + r.minX * 4
            if let pixels = op.pixels {
                let source = pixels + (r.minY - op.originY) * op.bytesPerRow + (r.minX - op.originX) * 4
                if op.isOpaque {
                    let copy = piece.streams ? routines.copyStreaming : routines.copy
                    copy(source, op.bytesPerRow, destination, stride, r.width, r.height)
                } else {
                    routines.sourceOver(source, op.bytesPerRow, destination, stride, r.width, r.height, op.opacity)
                }
            } else if op.isOpaque {
                let fill = piece.streams ? routines.fillStreaming : routines.fill
                fill(destination, stride, r.width, r.height, op.color)
            } else {
                routines.fillOver(destination, stride, r.width, r.height, op.color)
            }
        }
        routines.storeFence()
    }
}
