import Foundation
import Tessera

/// The floor a benchmark's frames are compared with, measured in the same run, right after its frames:
/// a streaming write of a framebuffer of the same size from cached tiles of the same side, with the same
/// workers (``FrameFloor``; the faster of its own streaming loop and Tessera's `copyStreaming`). Each
/// write is timed from the moment all its workers run to the end of the last (``FrameFloor/write(columnWidth:mode:workers:)``),
/// so that waking threads is not counted: the floor is the memory work alone.
///
/// Two figures, because the floor depends on how frames are spaced:
/// - **back to back**: floor frames one after the other. The tiles stay in the last-level cache from one
///   frame to the next (the streaming stores do not evict them): the lowest figure the machine gives.
/// - **paced**: each floor frame on its own 1/fps slot, as the benchmark's paced frames (``FramePacer``).
///   Measured here (2 vCPUs, a shared host), 8 ms between frames are enough for the tiles to leave the
///   cache, so a paced write reads them from memory: 1.8–2.0 ms against 1.1–1.2 back to back at 4K.
///
/// And, for a scroll at a constant speed, the floor of a frame that keeps the last frame's pixels: moving
/// them by the frame's scroll step (``FrameFloor/move(rows:workers:)``), spaced as the frames. A frame
/// that moves pays this move, then composites the strip the scroll exposed and what lies over the
/// moving window; a frame that composites every pixel pays at least the streaming write.
///
/// None includes what a real frame pays on top: the benchmark's raster workers between frames, planning,
/// and the tiles' own reads beyond the floor's one set.
///
/// Thread safety: a value; ``measure(width:height:tileSize:workers:pacing:framesPerSecond:)`` runs on the
/// calling thread and its workers. Cost: about 110 floor frames (0.9 s at 120 Hz, paced) and a
/// framebuffer plus a framebuffer's worth of tiles, freed before it returns.
public struct FloorMeasurement: Sendable {
    /// Median time of a floor frame written right after the previous one, milliseconds.
    public var backToBackMilliseconds: Double
    /// Median time of a floor frame written on its own 1/fps slot, milliseconds; nil when the benchmark's
    /// frames are not paced.
    public var pacedMilliseconds: Double?
    /// Median time of moving the framebuffer by ``moveRows`` rows, spaced as the frames, milliseconds;
    /// nil when no move was measured.
    public var moveMilliseconds: Double?
    /// The rows each frame of the benchmark's scroll moves (its speed × scale / fps, rounded).
    public var moveRows: Int?

    /// Floor frames of each kind that are counted (after ``warmUpFrames``).
    public static let countedFrames = 31
    public static let warmUpFrames = 3

    /// Measures both floors (the paced one only when `pacing` is `vsync`), and the move of `moveRows` rows
    /// when it is in 1 ..< `height`.
    /// - Parameters: `width`, `height`, `tileSize`, `workers` ≥ 1 and `framesPerSecond` in 1…1000 (a
    ///   benchmark's validated options).
    public static func measure(width: Int, height: Int, tileSize: Int, workers: Int, pacing: FramePacer.Mode,
                               framesPerSecond: Double, moveRows: Int? = nil) -> FloorMeasurement {
        let floor = FrameFloor(width: width, height: height, tileSize: tileSize)
        func median(_ times: [Double]) -> Double { times.sorted()[times.count / 2] }
        /// The faster mode's median of `countedFrames` frames, each after `wait()`.
        func frames(wait: () -> Void) -> Double {
            var times: [FrameFloor.Mode: [Double]] = [:]
            for index in 0..<(warmUpFrames + countedFrames) {
                for mode in [FrameFloor.Mode.stream, .tessera] {
                    wait()
                    let time = floor.write(mode: mode, workers: workers) * 1e3
                    if index >= warmUpFrames { times[mode, default: []].append(time) }
                }
            }
            return times.values.map(median).min()!
        }
        let backToBack = frames {}
        var pacer = FramePacer(mode: .vsync, framesPerSecond: framesPerSecond)
        let paced = pacing == .vsync ? frames { pacer.waitForNextFrame() } : nil
        var move: Double?
        if let moveRows, moveRows > 0, moveRows < height {
            var pacer = FramePacer(mode: pacing, framesPerSecond: framesPerSecond)
            var times: [Double] = []
            for index in 0..<(warmUpFrames + countedFrames) {
                pacer.waitForNextFrame()
                let time = floor.move(rows: moveRows, workers: workers) * 1e3
                if index >= warmUpFrames { times.append(time) }
            }
            move = median(times)
        }
        _ = floor.checksum
        return FloorMeasurement(backToBackMilliseconds: backToBack, pacedMilliseconds: paced, moveMilliseconds: move,
                                moveRows: move == nil ? nil : moveRows)
    }
}
