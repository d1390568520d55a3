import Foundation
import Synchronization
import TesseraKernelBodies

/// Composites a draw list into a framebuffer, band by band (step 3 of `ARCHITECTURE.md`'s frame).
///
/// The framebuffer is cut into horizontal bands of `bandHeight` rows; the ops are sorted into the bands
/// once (``BandBins``). Only the parts of the bands inside `regions` (the frame's damage) are work
/// items; a work item is composited from scratch (cleared, then every op over it), or, in an overlay rect,
/// by drawing only the frame's last ops over the pixels a scroll's move left there (``Damage/Overlay``).
/// Regions must not overlap: two workers would composite the same pixels at once, and a translucent op
/// drawn by one over the other's could blend twice (`DamageTracker.merged` returns disjoint rects). The
/// calling thread and up to `workers − 1` Dispatch workers take the next item from one shared atomic
/// counter until none is left (``WorkLanes``), so a worker that finds cheap items takes more of them, and
/// the frame never waits for a worker that Dispatch has not started (its threads may all be
/// busy with raster). In each band, ``BandVisibility`` keeps only the parts of ops that no later opaque op
/// overwrites; what no opaque op covers is cleared to transparent, then the visible pieces are applied in
/// paint order with the tier's raw row routines (``KernelRoutines``; sizes are correct by construction,
/// nothing is validated or thrown): `fill` or `copy` for opaque ops, `sourceOverSolid` for a tile over
/// its layer's opaque background (``DrawOp/underlay``: one opaque pass), `fillOver` / `sourceOver` otherwise,
/// `maskedFillOver` / `maskedSourceOver` (``MaskKernelRoutines``) for ops with a coverage patch.
/// So every framebuffer pixel is written once by the topmost opaque op under it (or the clear), plus once
/// per translucent op above.
///
/// Streaming: the clears and opaque pieces that no translucent op of the band covers
/// (``BandVisibility/Piece/streams``) are written with the streaming kernels (`copyStreaming`,
/// `fillStreaming`, `sourceOverSolid`: non-temporal stores, no read for ownership, on rows of at least
/// `KernelBodies.streamingThresholdBytes`); everything a later blend reads keeps temporal stores. Each
/// band ends with the tier's store fence, so its streamed pixels are ordered before the worker takes the
/// next band and before the run returns to the caller. A frame that moves the framebuffer's pixels first
/// (a scroll: ``ScrollMove``, run as the first work items, or started early and joined by one item after
/// the band parts it does not touch; the parts it touches wait for them, cut into column pieces so that the
/// workers finish together, ``waitingPiecesPerLane``) streams only when its move does
/// (``ScrollMove/streams``, ``Compositor/ScrollMoveStores``): the next
/// frame of the scroll moves these pixels again, and reads them from the cache when the cache can keep
/// the framebuffer.
///
/// Bands are disjoint, so workers never write the same pixel, and each pixel sees the same visible ops
/// in the same order whatever the band height, worker count or which worker takes which band; streaming
/// and temporal stores write the same bytes: the result is bit-identical.
///
/// Cost: binning is O(ops × bands per op) on the calling thread; per band, the visibility walk over the
/// band's ops, then the kernels. Thread safety: call from one thread; it returns when every band is done.
enum BandCompositor {
    /// Composites `list` into the parts of `framebuffer` inside `regions` (framebuffer device pixels, each
    /// within the framebuffer; `nil`: all of it), after moving its pixels by `move` when given: the move's
    /// chunks are the run's first work items, and no band part the move touches (``ScrollMove/touches(_:)``)
    /// starts before they have all finished.
    /// Returns the number of work items (band parts) composited, and the overlay's pixels drawn as a fill
    /// over known cells (``fillOverMovedCells(_:_:_:_:_:_:_:)``). `crew`: helpers woken ahead, if any.
    /// `started`: a move started before, not yet joined, and its run (a scroll frame's early move): the
    /// band parts it does not touch go first, then its overlay parts (each once ``ScrollMove/hasMoved(_:)``
    /// says its rows are moved, else after joining the run), then one item joins the run, and the parts it
    /// touches wait for that item. A run with a move, run here or started, streams only when that move does
    /// (``ScrollMove/streams``).
    /// `helperArea`: the composited area below which a run without a move takes no helper
    /// (`BandScheduler.minimumAreaForHelpers`, the kernels' own threshold, or less; 0: every run takes its
    /// helpers).
    /// `overlay`: rects (disjoint from each other and from `regions`) where the ops from `first` on are
    /// drawn over the framebuffer's pixels, which are not cleared (``Damage/Overlay``: the pixels a move
    /// brings under a fixed header); with a move run here, those parts wait for it like the others.
    @discardableResult
    static func composite(_ list: DrawList, into framebuffer: PixelBuffer, regions: [PixelRect]? = nil,
                          bandHeight: Int, workers: Int, kernels: KernelTable, crew: WorkCrew? = nil,
                          overlay: (rects: [PixelRect], first: Int)? = nil,
                          move: ScrollMove? = nil, started: (move: ScrollMove, run: WorkLanes.StartedRun)? = nil,
                          helperArea: Int = BandScheduler.minimumAreaForHelpers) -> (items: Int, overlaidFilled: Int) {
        let bins = BandBins(list.ops, bandHeight: bandHeight, height: framebuffer.height)
        guard bins.count > 0 else { return (0, 0) }  // a framebuffer without rows
        var items: [WorkItem] = []
        func addParts(of region: PixelRect, overlayFrom: Int?) {
            guard !region.isEmpty else { return }
            for band in (region.minY / bandHeight)...((region.maxY - 1) / bandHeight) {
                let y = band * bandHeight
                let rect = PixelRect(x: 0, y: y, width: framebuffer.width, height: Swift.min(bandHeight, framebuffer.height - y))
                    .intersection(region)
                if !rect.isEmpty {
                    items.append(WorkItem(band: band, rect: rect, isWholeBand: regions == nil && overlayFrom == nil,
                                          overlayFrom: overlayFrom))
                }
            }
        }
        for region in regions ?? [framebuffer.bounds] { addParts(of: region, overlayFrom: nil) }
        if let overlay { for rect in overlay.rects { addParts(of: rect, overlayFrom: overlay.first) } }
        // The move the band parts may have to wait for: run here first, or in flight.
        let mover = move ?? started?.move
        var steps: [Step] = (0..<(move?.chunks ?? 0)).map { .moveChunk($0) }
        let gate = steps.count + (started == nil ? 0 : 1)  // steps the touched parts wait for
        guard items.count + gate > 0 else { return (0, 0) }
        // The parts the move does not touch first (they need not wait for it), then, with a move started
        // early, the overlay parts (the rows a header covers, which its first lane moves first: checked when
        // taken), then the rest.
        var independent = items.count, overlaid = 0
        if let mover {
            let rank = items.map { !mover.touches($0.rect) ? 0 : started != nil && $0.overlayFrom != nil ? 1 : 2 }
            items = (0...2).flatMap { r in zip(items, rank).filter { $0.1 == r }.map(\.0) }
            overlaid = rank.count { $0 == 1 }
            independent = rank.count { $0 < 2 }
            if workers > 1 { items = Array(items[..<independent]) + columnPieces(of: items[independent...], lanes: workers) }
        }
        let itemCount = items.count
        steps += (0..<(independent - overlaid)).map { .band($0, waits: false) }
        steps += ((independent - overlaid)..<independent).map { .overlay($0) }
        if started != nil { steps.append(.join) }
        steps += (independent..<itemCount).map { .band($0, waits: true) }
        let work = items, schedule = steps
        let kit = Routines(target: kernels.routines(for: framebuffer.format),  // the swizzle is in the kernels
                           native: kernels.routines, masked: kernels.maskRoutines,
                           targetIsNative: framebuffer.format == .rgba)
        // A frame with little to composite (a spinner's few thousand pixels) runs on the calling thread.
        let area = work.reduce(0) { $0 + $1.rect.area }
        let small = mover == nil && area < helperArea
        let lanes = small ? 1 : Swift.min(workers, schedule.count)
        // A scroll's next frame moves these pixels again: they stream only when the move does.
        let streams = mover.map(\.streams) ?? true
        return withExtendedLifetime(list) {  // the masks and level tiles `RawOp` points into (tiles: their entries')
            let raw = list.ops.map(RawOp.init)
            let barrier = MoveBarrier(), overlaidFilled = Atomic<Int>(0)
            @Sendable func compositePart(_ item: Int) {
                tesseraPhaseCompositeBand {  // a profiler's phase mark (PhaseMarkers.swift)
                    let filled = composite(list, raw, bins, work[item], into: framebuffer, streams: streams,
                                           moved: work[item].overlayFrom == nil ? nil : mover, kit)
                    if filled > 0 { overlaidFilled.add(filled, ordering: .relaxed) }
                }
            }
            // Steps are claimed in order: a band part waits only for move steps already taken.
            let run = { @Sendable (index: Int) in
                switch schedule[index] {
                case .moveChunk(let chunk):
                    move!.run(chunk: chunk, of: framebuffer, kit.native)
                    barrier.finished.add(1, ordering: .releasing)
                case .join:
                    started!.run.join()
                    barrier.finished.add(1, ordering: .releasing)
                case let .band(item, waits):
                    if waits { barrier.wait(for: gate) }
                    compositePart(item)
                case .overlay(let item):
                    let rect = work[item].rect
                    // Its rows not moved yet: the move is joined here (the join step then finds it done).
                    if !started!.move.hasMoved(rect.minY..<rect.maxY) { started!.run.join() }
                    compositePart(item)
                }
            }
            if lanes <= 1 {
                for index in schedule.indices { run(index) }
            } else {
                WorkLanes.run(count: schedule.count, lanes: lanes, crew: crew, run)
            }
            return (itemCount, overlaidFilled.load(ordering: .relaxed))
        }
    }

    /// Band parts that wait for a move are the run's last work items, so they are cut into column pieces,
    /// at least this many per lane, for the lanes to finish together: on `tessera bench feed` the exposed
    /// strip was two band parts (35 and 48 rows of 3,840 pixels), and one worker waited for the other.
    static let waitingPiecesPerLane = 4
    /// The narrowest column piece, device pixels: a multiple of 16, so that pieces of a band part starting
    /// on a 64-byte boundary do too.
    static let minimumPieceWidth = 256

    /// `items` cut into column pieces (each the whole height of its item), about `lanes` ×
    /// ``waitingPiecesPerLane`` in all and none narrower than ``minimumPieceWidth``; `items` as they are
    /// when they are that many already. Each pixel is in one piece, composited with the same ops.
    private static func columnPieces(of items: ArraySlice<WorkItem>, lanes: Int) -> [WorkItem] {
        let wanted = lanes * waitingPiecesPerLane
        guard !items.isEmpty, items.count < wanted else { return Array(items) }
        let perItem = (wanted + items.count - 1) / items.count
        return items.flatMap { item -> [WorkItem] in
            let rect = item.rect
            let width = Swift.max(minimumPieceWidth, ((rect.width + perItem - 1) / perItem + 15) / 16 * 16)
            return stride(from: rect.minX, to: rect.maxX, by: width).map { x in
                WorkItem(band: item.band, rect: PixelRect(x: x, y: rect.minY, width: Swift.min(width, rect.maxX - x),
                                                          height: rect.height), isWholeBand: false,
                         overlayFrom: item.overlayFrom)
            }
        }
    }

    /// One work item of a band run, in the order they are claimed.
    private enum Step: Sendable {
        /// A chunk of the move run here.
        case moveChunk(Int)
        /// The join of the move started before (``WorkLanes/StartedRun/join()``).
        case join
        /// Band part `work[index]`; `waits`: it waits for every move step.
        case band(Int, waits: Bool)
        /// An overlay part `work[index]` of rows an early move writes: drawn once the move's first lane has
        /// moved them (``ScrollMove/hasMoved(_:)``), or after joining the move.
        case overlay(Int)
    }

    /// The finished move chunks of one run: bands wait for all of them (busy polls, then yielding, as
    /// `WorkLanes` waits do).
    private final class MoveBarrier: Sendable {
        let finished = Atomic<Int>(0)

        func wait(for chunks: Int) {
            WorkLanes.wait { finished.load(ordering: .acquiring) >= chunks }
        }
    }

    /// A part of one band: `rect` (framebuffer device pixels) lies in band `band`'s rows; the whole band
    /// when `isWholeBand`. `overlayFrom`: only the ops from that index on are drawn, over the pixels there.
    private struct WorkItem: Sendable {
        let band: Int
        let rect: PixelRect
        let isWholeBand: Bool
        let overlayFrom: Int?
    }

    /// An op's drawing arguments as plain values (no reference counting per piece); the pointers are valid
    /// while the ``DrawList`` is alive (a tile's, through the frame: ``TileManager/ResolvedTile``).
    private struct RawOp: @unchecked Sendable {
        /// The tile's pixel (0, 0), or nil for a colour.
        let pixels: UnsafeRawPointer?
        let bytesPerRow: Int
        let originX: Int
        let originY: Int
        let color: UInt32
        let opacity: UInt8
        let isOpaque: Bool
        /// For a resampled level tile: its mapping (at the destination's top-left), filter and size.
        let scaled: (mapping: ResampleMapping, filter: ResampleFilter, width: Int, height: Int)?
        /// The coverage patch's byte (0, 0), or nil; it lands at framebuffer `(maskX, maskY)`.
        let mask: UnsafeRawPointer?
        let maskStride: Int
        let maskX: Int
        let maskY: Int
        /// True for a group's op (its ops are composited offscreen; read from the ``DrawOp``).
        let isGroup: Bool
        /// The opaque colour a tile is drawn onto in one pass (``DrawOp/underlay``), as a pixel word.
        let underlay: UInt32?
        /// The tile's all-zero rows (``DrawOp/zeroRows``, borrowed from its tile entry).
        let zeroRows: ZeroRows.View

        init(_ op: DrawOp) {
            switch op.source {
            case .color(let pixel):
                pixels = nil
                bytesPerRow = 0
                color = pixel.word
                scaled = nil
            case .tile(let tile):
                pixels = UnsafeRawPointer(tile.baseAddress)
                bytesPerRow = tile.bytesPerRow
                color = 0
                scaled = nil
            case let .scaled(tile, mapping, filter):
                pixels = UnsafeRawPointer(tile.baseAddress)
                bytesPerRow = tile.bytesPerRow
                color = 0
                scaled = (mapping, filter, tile.width, tile.height)
            case .group:
                pixels = nil
                bytesPerRow = 0
                color = 0
                scaled = nil
            }
            if case .group = op.source { isGroup = true } else { isGroup = false }
            originX = op.sourceOrigin.x
            originY = op.sourceOrigin.y
            opacity = op.opacity
            isOpaque = op.isOpaque
            underlay = op.underlay?.word
            zeroRows = op.zeroRows
            if let patch = op.mask {
                mask = UnsafeRawPointer(patch.buffer.baseAddress)
                maskStride = patch.buffer.bytesPerRow
                maskX = patch.x
                maskY = patch.y
            } else {
                mask = nil
                maskStride = 0
                maskX = 0
                maskY = 0
            }
        }
    }

    /// The kernels of one composite: `target` writes the framebuffer's format (sources in RGBA, swizzled
    /// on load); `native` and `masked` work in RGBA (group offscreens, masked pieces).
    struct Routines: Sendable {
        let target: KernelRoutines
        let native: KernelRoutines
        let masked: MaskKernelRoutines
        /// True when the framebuffer is RGBA (`target` is `native`).
        let targetIsNative: Bool
    }

    /// One work item: clears (not an overlay's), then the visible pieces in paint order, then the store fence.
    /// `moved`: for an overlay's part, the move that wrote its pixels (its rows moved). Returns the pixels
    /// drawn as fills over known cells.
    private static func composite(_ list: DrawList, _ raw: [RawOp], _ bins: BandBins, _ item: WorkItem,
                                  into framebuffer: PixelBuffer, streams: Bool, moved: ScrollMove?,
                                  _ kit: Routines) -> Int {
        let inBand = bins.ops(inBand: item.band), first = item.overlayFrom ?? 0
        // BandVisibility takes only ops that meet its rect.
        let candidates = item.isWholeBand ? Array(inBand)
            : inBand.filter { $0 >= first && !list.ops[$0].destination.intersection(item.rect).isEmpty }
        let target = Target(base: framebuffer.baseAddress, stride: framebuffer.bytesPerRow, x: 0, y: 0)
        let overMoved = moved.flatMap { move in item.overlayFrom.map { (move: move, first: $0) } }
        let filled = composite(list.ops, raw, candidates, item.rect, into: target, streams: streams, kit.target,
                               isNative: kit.targetIsNative, clears: item.overlayFrom == nil, overMoved: overMoved, kit)
        if streams { kit.target.storeFence() }
        return filled
    }

    /// Framebuffer-plane pixels in memory: pixel `(x, y)` of the plane is at `base`; rows `stride` apart.
    struct Target {
        let base: UnsafeMutableRawPointer
        let stride: Int
        let x: Int
        let y: Int

        func pointer(_ px: Int, _ py: Int) -> UnsafeMutableRawPointer { base + (py - y) * stride + (px - x) * 4 }
    }

    /// `rect` of `target` composited from scratch with `routines` (which write the target's format;
    /// `isNative`: RGBA): clears (unless `clears` is false: the pieces are drawn over the pixels there),
    /// then the visible pieces of `candidates` (op indices meeting `rect`, ascending) in paint order.
    /// `streams`: whether streaming stores may be used (not in a group's offscreen, which is read right after).
    /// `overMoved`: the pixels under op `first` (the first drawn) are those `move` wrote over known cells: a
    /// plain colour op there is drawn over them as fills where their cells are one colour
    /// (``fillOverMovedCells(_:_:_:_:_:_:_:)``). Returns the pixels drawn so.
    @discardableResult
    private static func composite(_ ops: [DrawOp], _ raw: [RawOp], _ candidates: [Int], _ rect: PixelRect,
                                  into target: Target, streams: Bool, _ routines: KernelRoutines, isNative: Bool,
                                  clears: Bool = true, overMoved: (move: ScrollMove, first: Int)? = nil,
                                  _ kit: Routines) -> Int {
        var filledOverCells = 0
        let visibility = BandVisibility(ops: ops, candidates: candidates, band: rect)
        let stride = target.stride
        for clear in visibility.clears where clears {
            let r = clear.rect
            let fill = streams && clear.streams ? routines.fillStreaming : routines.fill
            fill(target.pointer(r.minX, r.minY), stride, r.width, r.height, 0)
        }
        for piece in visibility.pieces {
            let op = raw[piece.op]
            let r = piece.rect
            let destination = target.pointer(r.minX, r.minY)
            if op.isGroup, case .group(let group) = ops[piece.op].source {
                compositeGroup(group, r, over: destination, stride, op, routines, isNative: isNative, kit)
            } else if op.mask != nil {
                masked(op, r, over: destination, stride, routines, isNative: isNative, kit) { d, dStride in
                    let coverage = op.mask! + (r.minY - op.maskY) * op.maskStride + (r.minX - op.maskX)
                    if let pixels = op.pixels {
                        let source = pixels + (r.minY - op.originY) * op.bytesPerRow + (r.minX - op.originX) * 4
                        kit.masked.maskedSourceOver(source, op.bytesPerRow, d, dStride, coverage, op.maskStride,
                                                    r.width, r.height, op.opacity)
                    } else {
                        kit.masked.maskedFillOver(d, dStride, coverage, op.maskStride, r.width, r.height, op.color)
                    }
                }
            } else if let pixels = op.pixels, let scaled = op.scaled {
                // Src-over also for an opaque piece: an opaque sample replaces the pixel exactly.
                // The piece starts (r.minX − origin) columns into the op: advance the positions exactly.
                var mapping = scaled.mapping
                mapping.x0 &+= Int32(r.minX - op.originX) &* mapping.dx
                mapping.y0 &+= Int32(r.minY - op.originY) &* mapping.dy
                routines.scaledSourceOver(pixels, op.bytesPerRow, scaled.width, scaled.height, destination, stride,
                                          r.width, r.height, mapping, scaled.filter, op.opacity)
            } else if let pixels = op.pixels {
                let source = pixels + (r.minY - op.originY) * op.bytesPerRow + (r.minX - op.originX) * 4
                let stream = streams && piece.streams
                let underlay = piece.underlay ?? op.underlay
                if op.isOpaque && underlay == nil {
                    let copy = stream ? routines.copyStreaming : routines.copy
                    copy(source, op.bytesPerRow, destination, stride, r.width, r.height)
                    continue
                }
                // Runs of the tile's zero rows are not read: the underlay's colour, or nothing.
                let first = r.minY - op.originY
                op.zeroRows.forEachRun(in: first..<(r.maxY - op.originY)) { rows, zero in
                    let src = source + (rows.lowerBound - first) * op.bytesPerRow
                    let dst = destination + (rows.lowerBound - first) * stride
                    if let color = underlay {
                        if zero {
                            (stream ? routines.fillStreaming : routines.fill)(dst, stride, r.width, rows.count, color)
                        } else {
                            routines.sourceOverSolid(src, op.bytesPerRow, dst, stride, r.width, rows.count, color, stream)
                        }
                    } else if !zero {
                        routines.sourceOver(src, op.bytesPerRow, dst, stride, r.width, rows.count, op.opacity)
                    }
                }
            } else if op.isOpaque {
                let fill = streams && piece.streams ? routines.fillStreaming : routines.fill
                fill(destination, stride, r.width, r.height, op.color)
            } else if let overMoved, piece.op == overMoved.first {
                filledOverCells += fillOverMovedCells(op.color, r, destination, stride, overMoved.move, routines,
                                                      kit.native)
            } else {
                routines.fillOver(destination, stride, r.width, r.height, op.color)
            }
        }
        return filledOverCells
    }

    /// `color OVER` the pixels of `r` (at `destination`, rows `stride` bytes apart), which are those `move`
    /// wrote: where a row's whole cell (``FramebufferCell``) holds one word `w` (``ScrollMove/movedEntries(row:)``),
    /// every pixel becomes the same word, `color OVER w` (the tier's `fillOver` on one pixel), written as a
    /// fill (`native`: the word as it is), without reading the cell; the rest goes through `fillOver`.
    /// The same bytes as `routines.fillOver` over `r`. Returns the pixels filled.
    ///
    /// Why: the rows under a translucent fixed header are moved then drawn over in every scroll frame; on
    /// `tessera bench feed` a third of their pixels are in cells of one colour.
    private static func fillOverMovedCells(_ color: UInt32, _ r: PixelRect, _ destination: UnsafeMutableRawPointer,
                                           _ stride: Int, _ move: ScrollMove, _ routines: KernelRoutines,
                                           _ native: KernelRoutines) -> Int {
        let width = FramebufferCell.width
        let cells = FramebufferCells.wholeCells(of: r.minX..<r.maxX).clamped(to: move.movedCells)
        guard !cells.isEmpty else {
            routines.fillOver(destination, stride, r.width, r.height, color)
            return 0
        }
        var filled = 0
        var blended: (word: UInt32, over: UInt32)?  // the last word met and `color OVER` it
        for y in r.minY..<r.maxY {
            let row = destination + (y - r.minY) * stride
            func over(_ columns: Range<Int>) {
                guard !columns.isEmpty else { return }
                routines.fillOver(row + (columns.lowerBound - r.minX) * 4, stride, columns.count, 1, color)
            }
            guard let entries = move.movedEntries(row: y) else {
                over(r.minX..<r.maxX)
                continue
            }
            var drawn = r.minX, k = cells.lowerBound  // the columns before `drawn` are drawn
            while k < cells.upperBound {
                let entry = entries[k]
                guard FramebufferCell.isColor(entry) else {
                    k += 1
                    continue
                }
                var end = k + 1
                while end < cells.upperBound && entries[end] == entry { end += 1 }
                over(drawn..<(k * width))
                let word = UInt32(truncatingIfNeeded: entry)
                if blended?.word != word {
                    var pixel = word
                    routines.fillOver(&pixel, 4, 1, 1, color)
                    blended = (word, pixel)
                }
                native.fill(row + (k * width - r.minX) * 4, stride, (end - k) * width, 1, blended!.over)
                filled += (end - k) * width
                drawn = end * width
                k = end
            }
            over(drawn..<r.maxX)
        }
        return filled
    }

    /// Runs an RGBA masked kernel `body(pixels, stride)` on `r` of the target: directly when the target is
    /// RGBA; otherwise on an RGBA copy of those pixels (the target's `copy` swaps red and blue both ways,
    /// and an X format's alpha byte, never read by the colour channels, is written as 255 again).
    private static func masked(_ op: RawOp, _ r: PixelRect, over destination: UnsafeMutableRawPointer, _ stride: Int,
                               _ routines: KernelRoutines, isNative: Bool, _ kit: Routines,
                               _ body: (UnsafeMutableRawPointer, Int) -> Void) {
        if isNative {
            body(destination, stride)
            return
        }
        let rowBytes = r.width * 4
        let slab = OffscreenPool.shared.take(byteCount: rowBytes * r.height)
        defer { OffscreenPool.shared.give(slab) }
        routines.copy(destination, stride, slab.baseAddress, rowBytes, r.width, r.height)
        body(slab.baseAddress, rowBytes)
        routines.copy(slab.baseAddress, rowBytes, destination, stride, r.width, r.height)
    }

    /// A group's piece `r`: its ops composited in RGBA into a pooled offscreen of `r`'s size (transparent
    /// where none draws), then blended over `destination` with the group's opacity (and coverage patch)
    /// by `routines`, which write the target's format.
    private static func compositeGroup(_ group: DrawGroup, _ r: PixelRect, over destination: UnsafeMutableRawPointer,
                                       _ stride: Int, _ op: RawOp, _ routines: KernelRoutines, isNative: Bool,
                                       _ kit: Routines) {
        let rowBytes = r.width * 4
        let slab = OffscreenPool.shared.take(byteCount: rowBytes * r.height)
        defer { OffscreenPool.shared.give(slab) }
        let scratch = Target(base: slab.baseAddress, stride: rowBytes, x: r.minX, y: r.minY)
        let ops = group.list.ops
        let candidates = ops.indices.filter { !ops[$0].destination.intersection(r).isEmpty }
        composite(ops, ops.map(RawOp.init), candidates, r, into: scratch, streams: false, kit.native, isNative: true, kit)
        if let mask = op.mask {
            masked(op, r, over: destination, stride, routines, isNative: isNative, kit) { d, dStride in
                let coverage = mask + (r.minY - op.maskY) * op.maskStride + (r.minX - op.maskX)
                kit.masked.maskedSourceOver(slab.baseAddress, rowBytes, d, dStride, coverage, op.maskStride,
                                            r.width, r.height, op.opacity)
            }
        } else {
            routines.sourceOver(slab.baseAddress, rowBytes, destination, stride, r.width, r.height, op.opacity)
        }
    }
}
