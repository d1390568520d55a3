import Dispatch
import Foundation
import Synchronization
import Tessera
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// The floor of one full scroll frame on this machine: every framebuffer pixel written once from cached
/// square tiles (4K from 256-pixel tiles by default: 15 × 9 tiles, rows past 2160 clipped), walked in
/// bands of 64 rows, tile by tile inside a band; each worker takes an equal contiguous part of the rows. Row by row with `memcpy`
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
/// `tessera bench` measures it in the same run as its frames, back to back and paced like them
/// (``ScrollBenchmark/Report/floor``); `tessera-benchmarks`' `frame` group against a full `feed` frame.
///
/// Units: device pixels, bytes. Thread safety: one `write` or `move` at a time (they share the barrier;
/// the workers of one write disjoint rows or columns). Memory: the framebuffer and, per set, tiles
/// covering it (whole tiles: 33 MB and 35 MB at 4K), 64-byte aligned, freed on deinit.
public final class FrameFloor: @unchecked Sendable {
    public enum Mode: String, CaseIterable, Sendable {
        /// glibc `memcpy` per row segment.
        case memcpy
        /// This file's SSE2 streaming loop per row segment, one fence per worker.
        case stream
        /// Tessera's `copyStreaming` kernel (active tier) per row segment, one fence per worker.
        case tessera
    }

    /// Rows per band, as the compositor's bands.
    public static let band = 64

    /// Framebuffer size and tile side, device pixels.
    public let width: Int, height: Int, tileSize: Int
    let tileColumns: Int, tileRows: Int
    let framebuffer: UnsafeMutableRawPointer
    let tiles: [UnsafeMutableRawPointer]
    let tileSets: Int
    let routines = Kernels.active.routines
    /// Frames written so far; frame `n` reads tile set `n % tileSets`.
    private var frames = 0

    /// - Parameters: `width`, `height`, `tileSize` and `tileSets` ≥ 1 (checked by the caller: a benchmark's
    ///   framebuffer and tile size, already validated).
    public init(width: Int = 3840, height: Int = 2160, tileSize: Int = 256, tileSets: Int = 1) {
        precondition(width > 0 && height > 0 && tileSize > 0 && tileSets > 0)
        (self.width, self.height, self.tileSize, self.tileSets) = (width, height, tileSize, tileSets)
        tileColumns = (width + tileSize - 1) / tileSize
        tileRows = (height + tileSize - 1) / tileSize
        framebuffer = .allocate(byteCount: width * height * 4, alignment: 64)
        framebuffer.initializeMemory(as: UInt8.self, repeating: 1, count: width * height * 4)
        tiles = (0..<tileColumns * tileRows * tileSets).map { index in
            let tile = UnsafeMutableRawPointer.allocate(byteCount: tileSize * tileSize * 4, alignment: 64)
            tile.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index + 1),
                                  count: tileSize * tileSize * 4)
            return tile
        }
    }

    deinit {
        framebuffer.deallocate()
        for tile in tiles { tile.deallocate() }
    }

    /// Writes the whole frame once, each worker on a thread of its own started for this write (as the
    /// `anchors`-style C probe does; a worker sharing the caller's CPU at first slowed paced frames here).
    /// `columnWidth` (default: the tile side) is positive and divides the tile side.
    /// Returns the seconds from the moment every worker runs (a spin barrier) to the moment the last one
    /// finishes its rows, both read by the workers: starting and joining threads is not counted. `nil`
    /// when a thread could not be started. Use as many workers as CPUs at most: the barrier spins.
    @discardableResult
    public func write(columnWidth: Int? = nil, mode: Mode, workers: Int) -> Double? {
        let columnWidth = columnWidth ?? tileSize
        precondition(columnWidth > 0 && tileSize % columnWidth == 0, "columnWidth must divide the tile side")
        let set = (frames % tileSets) * tileColumns * tileRows
        frames += 1
        let workers = Swift.max(1, workers)
        return run(workers: workers) { [self] index in
            writeRows(height * index / workers, height * (index + 1) / workers, columnWidth: columnWidth,
                      mode: mode, set: set)
        }
    }

    /// Moves the whole framebuffer's pixels up by `rows` rows (1 ..< height): the bare memory work of a
    /// scroll frame that keeps the last frame's pixels (the compositor's `Composite/ScrollMove.swift`
    /// moves only the scroll window, skips rows the frame composites anyway and copies in blocks with the
    /// tier's copy kernel). Here: `memmove` (temporal stores) row by row, top down, each worker a range of
    /// whole rows, as the compositor's move lanes split them (`Composite/MoveLanes.swift`): a worker first
    /// saves the `rows` rows the worker before it reads across their ranges' border (its halo), then
    /// moves its range; the worker before it reads those rows from the halo. Timed and returns as
    /// ``write(columnWidth:mode:workers:)``.
    @discardableResult
    public func move(rows: Int, workers: Int) -> Double? {
        precondition(rows > 0 && rows < height)
        let workers = Swift.max(1, workers)
        let rowBytes = width * 4, moved = height - rows
        // Ranges of at least `rows` rows: a worker's reads then reach into the next range only.
        let lanes = Swift.max(1, Swift.min(workers, moved / rows))
        let halos = MoveHalos(count: lanes, bytes: rows * rowBytes)
        return run(workers: workers) { [self] index in
            guard index < lanes else { return }
            let range = (moved * index / lanes)..<(moved * (index + 1) / lanes)
            if index > 0 {  // the rows the worker before reads from this range, saved before they are moved
                memcpy(halos.pixels + index * rows * rowBytes, framebuffer + range.lowerBound * rowBytes, rows * rowBytes)
                halos.set(index)
            }
            let next = range.upperBound  // the next range's first row, when there is a next range
            for y in range {
                let destination = framebuffer + y * rowBytes
                if index + 1 < lanes, y + rows >= next {  // a row of the next range: from its halo
                    if y + rows == next { halos.wait(index + 1) }
                    memcpy(destination, halos.pixels + ((index + 1) * rows + y + rows - next) * rowBytes, rowBytes)
                } else {
                    memmove(destination, destination + rows * rowBytes, rowBytes)
                }
            }
        }
    }

    /// The halos of a ``move(rows:workers:)``, `bytes` each, and which workers saved theirs.
    private final class MoveHalos: @unchecked Sendable {
        /// Worker `i`'s halo at `pixels + i · bytes`: written by worker `i` before ``set(_:)``, read by
        /// worker `i − 1` after ``wait(_:)``.
        let pixels: UnsafeMutableRawPointer
        private let saved: Mutex<[Bool]>

        init(count: Int, bytes: Int) {
            pixels = .allocate(byteCount: count * bytes, alignment: 64)
            saved = Mutex([Bool](repeating: false, count: count))
        }

        deinit { pixels.deallocate() }

        func set(_ index: Int) { saved.withLock { $0[index] = true } }

        func wait(_ index: Int) {
            while !saved.withLock({ $0[index] }) { sched_yield() }
        }
    }

    /// Workers that reached the barrier of the current run (`workers + 1` once it is released), and that
    /// finished.
    private let arrived = Atomic<Int>(0), finished = Atomic<Int>(0)
    /// When the current run's barrier released its workers, and when its last worker finished.
    private let times = Mutex((released: ContinuousClock.now, ended: ContinuousClock.now))

    /// Runs `part(index)` for every index in `0 ..< workers`, each on a thread started for this run (the
    /// caller only waits: the kernel spreads the workers), all released together by a spin barrier.
    /// Returns the seconds from the release to the end of the last part; `nil` when a thread could not be
    /// started (the started ones are released and joined).
    private func run(workers: Int, _ part: @escaping @Sendable (Int) -> Void) -> Double? {
        arrived.store(0, ordering: .relaxed)
        finished.store(0, ordering: .relaxed)
        var threads: [pthread_t] = []
        for index in 0..<workers {
            let work = Unmanaged.passRetained(ThreadWork { [self] in
                if arrived.add(1, ordering: .acquiringAndReleasing).newValue == workers {
                    times.withLock { $0.released = .now }
                    arrived.store(workers + 1, ordering: .releasing)
                } else {
                    while arrived.load(ordering: .acquiring) <= workers { sched_yield() }
                }
                part(index)
                if finished.add(1, ordering: .acquiringAndReleasing).newValue == workers {
                    times.withLock { $0.ended = .now }
                }
            })
            var thread = pthread_t()
            guard pthread_create(&thread, nil, { context in
                Unmanaged<ThreadWork>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, work.toOpaque()) == 0 else {
                work.release()
                arrived.store(workers + 1, ordering: .releasing)  // let the started ones through
                for thread in threads { pthread_join(thread, nil) }
                return nil
            }
            threads.append(thread)
        }
        for thread in threads { pthread_join(thread, nil) }
        let (released, ended) = times.withLock { ($0.released, $0.ended) }
        return (ended - released).milliseconds / 1e3
    }

    /// A worker thread's body, passed through `pthread_create`'s context pointer.
    private final class ThreadWork {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// `set`: the index of the set's first tile in `tiles`.
    private func writeRows(_ y0: Int, _ y1: Int, columnWidth: Int, mode: Mode, set: Int) {
        let rowBytes = width * 4
        var band = y0
        while band < y1 {
            let bandEnd = Swift.min(band + Self.band, y1)
            for x in stride(from: 0, to: width, by: columnWidth) {
                let column = x / tileSize, inTile = (x % tileSize) * 4
                let pixels = Swift.min(columnWidth, width - x), segment = pixels * 4
                for y in band..<bandEnd {
                    let source = UnsafeRawPointer(tiles[set + (y / tileSize) * tileColumns + column])
                        + (y % tileSize) * tileSize * 4 + inTile
                    let destination = framebuffer + y * rowBytes + x * 4
                    switch mode {
                    case .memcpy: destination.copyMemory(from: source, byteCount: segment)
                    case .stream: Self.streamRow(destination, source, segment)
                    case .tessera: routines.copyStreaming(source, segment, destination, rowBytes, pixels, 1)
                    }
                }
            }
            band = bandEnd
        }
        // The streaming stores are weakly ordered: a locked instruction orders them before the worker ends.
        if mode != .memcpy { atomicMemoryFence(ordering: .sequentiallyConsistent) }
    }

    /// `bytes` from `source` to `destination` with `movntdq`; the head before the first 16-byte-aligned
    /// destination address and the tail after the last whole 16 bytes with ordinary stores.
    @inline(__always)
    static func streamRow(_ destination: UnsafeMutableRawPointer, _ source: UnsafeRawPointer, _ bytes: Int) {
        #if arch(x86_64)
        var i = Swift.min(bytes, Int((0 &- UInt(bitPattern: destination)) & 15))
        if i > 0 { destination.copyMemory(from: source, byteCount: i) }
        while i + 16 <= bytes {
            let v = (source + i).loadUnaligned(as: SIMD4<UInt32>.self)
            _mm_stream_si128((destination + i).assumingMemoryBound(to: __m128i.self), unsafeBitCast(v, to: __m128i.self))
            i &+= 16
        }
        if i < bytes { (destination + i).copyMemory(from: source + i, byteCount: bytes - i) }
        #else
        destination.copyMemory(from: source, byteCount: bytes)
        #endif
    }

    /// A few framebuffer words, so that the writes cannot be optimized away.
    public var checksum: UInt64 {
        var sum: UInt64 = 0
        for i in stride(from: 0, to: width * height, by: 4099) {
            sum &+= UInt64(framebuffer.load(fromByteOffset: i * 4, as: UInt32.self))
        }
        return sum
    }
}
