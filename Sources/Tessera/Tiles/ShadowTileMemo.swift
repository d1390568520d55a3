import Foundation
import TesseraPixels

/// Finished shadow tiles kept by what they show, so that a shadow tile that another layer's identical
/// shadow already drew is copied instead of drawn again.
///
/// A shadow's tile is a pure function of its ``ShadowContent`` (shape in the layer's plane, corner
/// radius, blur, colour), the raster scale and the tile's plane rect (`ShadowContent.swift`). Lists repeat
/// one card style: every card of the `feed` scene has the same bounds and shadow, so all its cards'
/// shadows are the same tiles in their own planes. Drawing one costs `(n + 6k)²` coverages and six
/// box passes; copying it, one pass over `n²` pixels. (WebRender caches its box shadows by their
/// parameters for the same reason.) Only the tiles that blur a plane of coverage are kept
/// (``ShadowContent/blursPlane(in:scale:)``: the tiles whose grown rect meets a corner of the shape, one
/// to four a corner): the others are one colour, or one row or column of coverage spread over the tile,
/// no dearer to draw than to copy, and a card as wide as a 4K screen has over thirty of them, which
/// would push the corner tiles out.
///
/// ```
///   RasterJob(shadow tile) ──look up (shadow, scale, rect)──▶ hit:  copy the kept pixels, coverage, zero rows
///                                                           └▶ miss: draw; the second time, keep a copy
/// ```
///
/// The key is the whole value, compared field by field (no hash stands for it), so a hit gives exactly the
/// bytes, ``AlphaCoverage`` and ``ZeroRows`` that drawing would. Content tiles are never kept: a display
/// list is not compared by value.
///
/// Admission: a tile is kept the second time its key is drawn, not the first, so that a scene whose
/// shadows all differ pays no copy and no allocation per tile, only a look-up and the note of a key (the
/// last ``maximumCandidates`` keys drawn once are remembered). A list of identical cards draws each
/// corner tile twice, then copies it.
///
/// Memory: at most ``byteBudget`` bytes of kept pixels (``budget(forCacheBudget:)``: a 32nd of the tile
/// cache's budget, at most 8 MiB — 32 tiles of 256²), beside the tile cache; the least recently used tile
/// goes first. A tile larger than the budget is not kept.
///
/// Thread safety: ``lookUp(_:into:kernels:)`` and ``keep(_:_:coverage:zeroRows:kernels:)`` may be called from
/// any thread at once (raster workers; one `NSLock`, held for the dictionary work only, never while
/// pixels are copied). Kept pixels are written once, before they are published under the lock, and only
/// read afterwards; an evicted tile's memory lives on while a copy from it is running.
final class ShadowTileMemo: @unchecked Sendable {
    /// What a shadow tile shows.
    struct Key: Hashable {
        let shadow: ShadowContent
        /// The raster scale's bit pattern (``TileKey/scaleBits`` of an exact tile), so keys compare exactly.
        let scaleBits: UInt64
        /// The plane device pixels the tile holds.
        let deviceRect: PixelRect
    }

    /// A kept tile: its pixels (owned, packed rows) and what the tile stage learnt of them.
    private struct Kept {
        let pixels: PixelBuffer
        let coverage: AlphaCoverage
        let zeroRows: ZeroRows
        var lastUse: UInt64
    }

    /// The most bytes of pixels kept.
    let byteBudget: Int

    private let lock = NSLock()
    private var tiles: [Key: Kept] = [:]
    private var bytes = 0
    private var uses: UInt64 = 0
    /// Keys drawn once and not kept, with when (in ``uses``): the next draw of one keeps its tile.
    private var candidates: [Key: UInt64] = [:]

    /// The most keys remembered as drawn once: 256 (the oldest is forgotten first).
    static let maximumCandidates = 256

    /// - Parameter byteBudget: the most bytes of pixels kept (0 keeps nothing).
    init(byteBudget: Int) {
        self.byteBudget = Swift.max(0, byteBudget)
    }

    /// The budget for a tile cache of `cacheBudgetBytes`: a 32nd of it, at most 8 MiB.
    static func budget(forCacheBudget cacheBudgetBytes: Int) -> Int {
        Swift.min(8 << 20, Swift.max(0, cacheBudgetBytes) / 32)
    }

    /// Copies the tile kept for `key` into `target` (the tile's buffer, of `key.deviceRect`'s size) and
    /// returns its coverage and zero rows, or returns `nil` when none is kept. The copy streams when
    /// drawing through a ``ScratchTile`` would (the target is a cold tile buffer), and is fenced.
    func lookUp(_ key: Key, into target: PixelBuffer, kernels: KernelTable) -> (coverage: AlphaCoverage, zeroRows: ZeroRows)? {
        guard byteBudget > 0 else { return nil }
        lock.lock()
        guard var kept = tiles[key] else {
            lock.unlock()
            return nil
        }
        uses &+= 1
        kept.lastUse = uses
        tiles[key] = kept
        lock.unlock()
        let source = kept.pixels
        guard target.format == .rgba, target.width == source.width, target.height == source.height else { return nil }
        let routines = kernels.routines
        if ScratchTile.pays(byteCount: source.width &* source.height &* 4, kernels: kernels) {
            routines.copyStreaming(UnsafeRawPointer(source.baseAddress), source.bytesPerRow, target.baseAddress,
                                   target.bytesPerRow, source.width, source.height)
            routines.storeFence()
        } else {
            routines.copy(UnsafeRawPointer(source.baseAddress), source.bytesPerRow, target.baseAddress,
                          target.bytesPerRow, source.width, source.height)
        }
        return (kept.coverage, kept.zeroRows)
    }

    /// Keeps a copy of `drawn` (a freshly drawn RGBA tile of `key`) with its coverage and zero rows, evicting
    /// the least recently used tiles to stay within ``byteBudget`` — when `key` was drawn before (see
    /// "Admission"); the first time it only notes the key. Does nothing when the tile alone exceeds the
    /// budget, is kept already, or there is no memory for the copy.
    func keep(_ key: Key, _ drawn: PixelBuffer, coverage: AlphaCoverage, zeroRows: ZeroRows, kernels: KernelTable) {
        let size = drawn.width &* drawn.height &* 4
        guard size > 0, size <= byteBudget, drawn.format == .rgba, admits(key),
              let pixels = try? PixelBuffer(width: drawn.width, height: drawn.height) else { return }
        kernels.routines.copy(UnsafeRawPointer(drawn.baseAddress), drawn.bytesPerRow, pixels.baseAddress,
                              pixels.bytesPerRow, drawn.width, drawn.height)
        lock.lock()
        defer { lock.unlock() }
        guard tiles[key] == nil else { return }  // another worker kept it meanwhile
        while bytes &+ size > byteBudget, let oldest = tiles.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            bytes &-= oldest.value.pixels.width &* oldest.value.pixels.height &* 4
            tiles[oldest.key] = nil
        }
        uses &+= 1
        tiles[key] = Kept(pixels: pixels, coverage: coverage, zeroRows: zeroRows, lastUse: uses)
        bytes &+= size
    }

    /// True when `key` was noted as drawn once (and forgets the note); otherwise notes it and returns false.
    private func admits(_ key: Key) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if candidates.removeValue(forKey: key) != nil { return true }
        if tiles[key] != nil { return false }
        if candidates.count >= Self.maximumCandidates, let oldest = candidates.min(by: { $0.value < $1.value }) {
            candidates[oldest.key] = nil
        }
        uses &+= 1
        candidates[key] = uses
        return false
    }

    /// The tiles kept and their bytes (for tests).
    var contents: (count: Int, bytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (tiles.count, bytes)
    }
}
