import TesseraPixels

/// A scroll frame's move of the last frame's pixels, started on the band helpers as soon as the frame is
/// planned, while the model thread prepares the tiles, builds the draw list and finds the damage.
///
/// ```
///   model thread:  wake ─ plan ─ start ─ prepare ─ draw list ─ damage ─ join ─ [bands]
///   helper:             poll ·········· [move][move][move] … ─ poll ··· [move] ─ [bands]
/// ```
///
/// The move is the offset the most visible area moved by (``scrollMoves(_:)``), over the last frame's
/// pixels (the caller's `previousFrame` is the last frame). It starts when the last frame that had a move
/// candidate saved work by moving, or none had one yet (``lastMoveSaved``: a scroll a move does not pay
/// for, such as content seen through fixed rounded corners, takes the ordinary path after its first try,
/// and so do the scrolls after it until a move pays; the first frame of a scroll after one whose moves
/// paid moves early; the offset may differ from the last frame's, and a frame whose move then does not pay
/// composites what it must, the next one taking the ordinary path), the band helpers are awake
/// (``WorkCrew``: within ``crewMemory`` frames of one that composited many bands) and the move's window is
/// at least 1/``crewDamageFraction`` of the framebuffer.
/// The damage is then found for that move alone
/// (``DamageTracker/damage(_:viewport:previousFrame:token:moves:moved:)``): when it does not apply, the
/// frame composites every pixel. The rows the frame rewrites are not known yet: the move leaves those the
/// last frame's damage rewrote from side to side (``lastRegions``: a translucent header's), when they are at
/// most 1/``earlyMoveLeftRowsFraction`` of the window, and the frame composites them whatever its damage.
/// So the band parts of a header touch nothing the move does: the model thread composites them while the
/// helper still moves, then draws the header alone over the rows the move brought under it, once the
/// move's first lane has moved them (``Damage/Overlay``, ``MoveLanes/hasMoved(_:)``: those rows, which the
/// last frame's header did not cover, are moved, not left), then joins the move (``BandCompositor``'s
/// `started`): it splits a vertical move's
/// rows (``MoveLanes``), and a horizontal move is cut into more chunks than workers
/// (``earlyMoveChunksPerWorker``).
///
/// Thread safety: the model thread, as ``Compositor/render(_:into:previousFrame:)``; the chunks run on
/// the crew's helpers, and ``EarlyMove/run`` must be joined before the frame returns or throws.
extension Compositor {
    /// A scroll frame's move in flight.
    struct EarlyMove {
        /// The candidate the damage is found for.
        let candidate: Damage.Move
        let move: ScrollMove
        let run: WorkLanes.StartedRun
    }

    /// An early move leaves the rows the last frame rewrote whole only when they are at most
    /// 1/`earlyMoveLeftRowsFraction` of its window.
    static let earlyMoveLeftRowsFraction = 4

    /// Chunks of an early horizontal move per worker: the helper works alone until the model thread joins.
    static let earlyMoveChunksPerWorker = 4

    /// Starts `moves.first` on the helpers woken for this frame (the frame wakes them again for its bands
    /// before it joins the move); `nil`
    /// (nothing started) without a woken helper, when the last move candidate saved no work, when
    /// `framebuffer` may not hold the last frame, or when the move would cover less than
    /// 1/``crewDamageFraction`` of it.
    /// `cells`: what the framebuffer's cells hold (``FramebufferCells``), for the move.
    func startEarlyMove(_ moves: [Damage.Move], framebuffer: PixelBuffer, previousFrame: FrameToken?,
                        cells: FramebufferCells.Maps?) -> EarlyMove? {
        let viewport = framebuffer.bounds
        guard let candidate = moves.first, lastMoveSaved, configuration.workers > 1,
              damage.holds(previousFrame, viewport: viewport) else { return nil }
        let window = candidate.window.intersection(viewport)
        guard window.area >= viewport.area / Self.crewDamageFraction,
              abs(candidate.offset.x) < window.width, abs(candidate.offset.y) < window.height else { return nil }
        let streams = movesStream(framebuffer)
        func makeMove(leaving rewritten: [PixelRect]) -> ScrollMove? {
            ScrollMove(offset: candidate.offset, within: window, workers: configuration.workers,
                       chunksPerWorker: Self.earlyMoveChunksPerWorker, rewritten: rewritten, overlaid: lastOverlaid,
                       streams: streams, cells: cells)
        }
        // The rows the last frame rewrote whole, if few: this frame likely rewrites them too (a header).
        guard let leaving = makeMove(leaving: lastRegions) else { return nil }
        let left = leaving.skippedRows.reduce(0) { $0 + $1.count }
        guard let move = left * Self.earlyMoveLeftRowsFraction <= leaving.window.height ? leaving : makeMove(leaving: [])
        else { return nil }
        let routines = kernels.routines
        guard let run = WorkLanes.start(count: move.chunks, crew: crew, { move.run(chunk: $0, of: framebuffer, routines) })
        else { return nil }
        earlyMoves += 1
        lastEarlyMoveTemporalRows = move.temporalRows
        return EarlyMove(candidate: candidate, move: move, run: run)
    }
}
