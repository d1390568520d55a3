import Dispatch
import Synchronization
import Tessera
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The floor of one full 4K scroll frame on this machine: every framebuffer pixel written once from
/// cached 256 × 256 tiles (15 × 9 tiles, rows past 2160 clipped), walked in bands of 64 rows, tile by
/// tile inside a band; each worker takes an equal contiguous part of the rows. Row by row with `memcpy`
/// (temporal stores: the destination line is read for ownership first), with this file's own SSE2
/// streaming loop (`movntdq`, no read for ownership), or with Tessera's streaming copy kernel.
///
/// ``write(columnWidth:mode:workers:)`` can also cut the frame into narrower columns (each row segment
/// `columnWidth` pixels), to measure at which row length streaming starts to pay.
///
/// Tile sets: with one set (as `anchors`-style probes do) every frame reads the same 35 MB of tiles, which
/// can stay in a large last-level cache between frames (the streaming stores do not evict them): a floor
/// for tiles read from the cache. With several sets, frame `n` reads set `n % sets`, so that with enough
/// sets (4: 140 MB) the tiles come from memory: a floor for tiles read from DRAM.
///
/// Units: device pixels, bytes. Thread safety: one `write` at a time (the workers of a `write` write
/// disjoint rows). Memory: a 33 MB framebuffer and 35 MB of tiles per set, 64-byte aligned, freed on deinit.
final class FrameFloor: @unchecked Sendable {
    enum Mode: String, CaseIterable {
        /// glibc `memcpy` per row segment.
        case memcpy
        /// This file's SSE2 streaming loop per row segment, one fence per worker.
        case stream
        /// Tessera's `copyStreaming` kernel (active tier) per row segment, one fence per worker.
        case tessera
    }

    static let width = 3840, height = 2160, tileSize = 256, band = 64
    static let tileColumns = 15, tileRows = 9

    let framebuffer: UnsafeMutableRawPointer
    let tiles: [UnsafeMutableRawPointer]
    let tileSets: Int
    let routines = Kernels.active.routines
    /// Frames written so far; frame `n` reads tile set `n % tileSets`.
    private var frames = 0

    init(tileSets: Int = 1) {
        self.tileSets = tileSets
        framebuffer = .allocate(byteCount: Self.width * Self.height * 4, alignment: 64)
        framebuffer.initializeMemory(as: UInt8.self, repeating: 1, count: Self.width * Self.height * 4)
        tiles = (0..<Self.tileColumns * Self.tileRows * tileSets).map { index in
            let tile = UnsafeMutableRawPointer.allocate(byteCount: Self.tileSize * Self.tileSize * 4, alignment: 64)
            tile.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index + 1),
                                  count: Self.tileSize * Self.tileSize * 4)
            return tile
        }
    }

    deinit {
        framebuffer.deallocate()
        for tile in tiles { tile.deallocate() }
    }

    /// Writes the whole frame once. `columnWidth` divides 256 (a multiple of 16: aligned streaming).
    func write(columnWidth: Int = tileSize, mode: Mode, workers: Int) {
        let set = (frames % tileSets) * Self.tileColumns * Self.tileRows
        frames += 1
        if workers <= 1 {
            writeRows(0, Self.height, columnWidth: columnWidth, mode: mode, set: set)
            return
        }
        DispatchQueue.concurrentPerform(iterations: workers) { part in
            writeRows(Self.height * part / workers, Self.height * (part + 1) / workers, columnWidth: columnWidth,
                      mode: mode, set: set)
        }
    }

    /// `set`: the index of the set's first tile in `tiles`.
    private func writeRows(_ y0: Int, _ y1: Int, columnWidth: Int, mode: Mode, set: Int) {
        let rowBytes = Self.width * 4, segment = columnWidth * 4
        var band = y0
        while band < y1 {
            let bandEnd = Swift.min(band + Self.band, y1)
            for x in stride(from: 0, to: Self.width, by: columnWidth) {
                let column = x / Self.tileSize, inTile = (x % Self.tileSize) * 4
                for y in band..<bandEnd {
                    let source = UnsafeRawPointer(tiles[set + (y / Self.tileSize) * Self.tileColumns + column])
                        + (y % Self.tileSize) * Self.tileSize * 4 + inTile
                    let destination = framebuffer + y * rowBytes + x * 4
                    switch mode {
                    case .memcpy: destination.copyMemory(from: source, byteCount: segment)
                    case .stream: Self.streamRow(destination, source, segment)
                    case .tessera: routines.copyStreaming(source, segment, destination, rowBytes, columnWidth, 1)
                    }
                }
            }
            band = bandEnd
        }
        // The streaming stores are weakly ordered: a locked instruction orders them before the worker ends.
        if mode != .memcpy { atomicMemoryFence(ordering: .sequentiallyConsistent) }
    }

    /// `bytes` (a multiple of 16) from `source` to the 16-byte-aligned `destination` with `movntdq`.
    @inline(__always)
    static func streamRow(_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ bytes: Int) {
        #if arch(x86_64)
        var i = 0
        while i < bytes {
            let v = (source + i).loadUnaligned(as: SIMD4<UInt32>.self)
            _mm_stream_si128((destination + i).assumingMemoryBound(to: __m128i.self), unsafeBitCast(v, to: __m128i.self))
            i &+= 16
        }
        #else
        destination.copyMemory(from: source, byteCount: bytes)
        #endif
    }

    /// A few framebuffer words, so that the writes cannot be optimized away.
    var checksum: UInt64 {
        var sum: UInt64 = 0
        for i in stride(from: 0, to: Self.width * Self.height, by: 4099) {
            sum &+= UInt64(framebuffer.load(fromByteOffset: i * 4, as: UInt32.self))
        }
        return sum
    }
}
