import Foundation
import Tessera

/// The floor a benchmark's frames are compared with, measured in the same run, right after its frames:
/// a streaming write of a framebuffer of the same size from cached tiles of the same side, with the same
/// workers up to the CPU count (``FrameFloor``; the faster of its own streaming loop and Tessera's
/// `copyStreaming`). Each write is timed from the moment all its worker threads run to the end of the
/// last (``FrameFloor/write(columnWidth:mode:workers:)``): starting threads is not counted, so the floor
/// is the memory work alone.
///
/// Two figures, because the floor depends on how frames are spaced:
/// - **back to back**: floor frames one after the other. The tiles stay in the last-level cache from one
///   frame to the next (the streaming stores do not evict them): the lowest figure the machine gives.
/// - **paced**: each floor frame on its own 1/fps slot, as the benchmark's paced frames (``FramePacer``).
///   Between two slots the machine evicts part of the tiles, so a paced write reads them partly from
///   memory (README.md, "The floor in the same run", has the figures measured here).
///
/// The paced floor's tail: the p99 of paced floor frames over one second of slots (``pacedP99Milliseconds``).
/// A machine that delays a thread now and then (a VM's host, other tenants) delays the floor as it does
/// the frames, so a frame's p99 is compared with this as well as with the median.
///
/// And, for a vertical scroll whose frames moved pixels, the floor of such a frame: moving the whole
/// framebuffer by the frame's scroll step (``FrameFloor/move(rows:workers:)``), spaced as the frames.
///
/// None includes what a real frame pays on top: planning, tile preparation, the damage composite, and
/// the raster workers (drained before the floor runs).
///
/// Thread safety: a value; ``measure(width:height:tileSize:workers:pacing:framesPerSecond:moveRows:)``
/// runs on the calling thread and threads it starts. Cost: 68 back-to-back writes, up to 34 paced slots
/// for each of the three paced medians (0.85 s at 120 Hz; fewer slots at low frame rates) and one second
/// of paced slots for the tail (31…240 slots: 1 s at 120 Hz); a framebuffer and a set of tiles covering
/// it, freed before it returns.
public struct FloorMeasurement: Sendable {
    /// Median time of a floor frame written right after the previous one, milliseconds.
    public var backToBackMilliseconds: Double
    /// Median time of a floor frame written on its own 1/fps slot, milliseconds; nil when the benchmark's
    /// frames are not paced.
    public var pacedMilliseconds: Double?
    /// The 99th percentile (nearest rank, ``FrameTimeSummary``) of ``pacedTailSlots`` paced floor frames
    /// written with the faster of the two streaming loops, milliseconds; nil when the frames are not paced.
    public var pacedP99Milliseconds: Double?
    /// The paced slots the tail was measured over (after ``warmUpFrames``): one second's worth,
    /// ``countedFrames`` to ``maximumTailSlots``.
    public var pacedTailSlots: Int?
    /// Median time of moving the framebuffer by ``moveRows`` rows, spaced as the frames, milliseconds;
    /// nil when no move was measured.
    public var moveMilliseconds: Double?
    /// The rows each frame of the benchmark's scroll moves (its speed × scale / fps, rounded).
    public var moveRows: Int?
    /// The worker threads used: the benchmark's workers, at most the CPU count (the floor's barrier spins).
    public var threads: Int

    /// Frames of each kind counted back to back (after ``warmUpFrames``); paced kinds count fewer at low
    /// frame rates (a quarter of the frames per second, at least 5).
    public static let countedFrames = 31
    public static let warmUpFrames = 3
    /// The most paced slots the tail is measured over (1 s at 240 Hz; a second at 1000 Hz would be 1,000
    /// writes of several milliseconds each).
    public static let maximumTailSlots = 240
    /// The largest framebuffer measured, in pixels (8K: the floor allocates its own framebuffer and tiles).
    public static let maximumPixels = 7680 * 4320

    /// Measures both floors (the paced one only when `pacing` is `vsync`), and the move of `moveRows` rows
    /// when it is in 1 ..< `height`. `nil` when the framebuffer has more than ``maximumPixels`` pixels or a
    /// worker thread could not be started.
    /// - Parameters: `width`, `height`, `tileSize`, `workers` ≥ 1 and `framesPerSecond` in 1…1000 (a
    ///   benchmark's validated options).
    public static func measure(width: Int, height: Int, tileSize: Int, workers: Int, pacing: FramePacer.Mode,
                               framesPerSecond: Double, moveRows: Int? = nil) -> FloorMeasurement? {
        guard width * height <= maximumPixels else { return nil }
        let floor = FrameFloor(width: width, height: height, tileSize: tileSize)
        let threads = Swift.min(workers, ProcessInfo.processInfo.activeProcessorCount)
        let paced = Swift.max(5, Swift.min(countedFrames, Int(framesPerSecond / 4)))
        guard let backToBack = fastestWrite(floor, threads: threads, counted: countedFrames, pacing: .none,
                                            framesPerSecond: framesPerSecond) else { return nil }
        var measurement = FloorMeasurement(backToBackMilliseconds: backToBack, threads: threads)
        if pacing == .vsync {
            guard let fastest = fastestMode(floor, threads: threads, counted: paced, pacing: .vsync,
                                            framesPerSecond: framesPerSecond) else { return nil }
            measurement.pacedMilliseconds = fastest.milliseconds
            let slots = tailSlots(framesPerSecond: framesPerSecond)
            var pacer = FramePacer(mode: .vsync, framesPerSecond: framesPerSecond)
            guard let tail = times(counted: slots, { () -> Double? in
                pacer.waitForNextFrame()
                return floor.write(mode: fastest.mode, workers: threads)
            }) else { return nil }
            (measurement.pacedP99Milliseconds, measurement.pacedTailSlots) = (FrameTimeSummary(milliseconds: tail).p99, slots)
        }
        if let moveRows, moveRows > 0, moveRows < height {
            var pacer = FramePacer(mode: pacing, framesPerSecond: framesPerSecond)
            guard let time = median(counted: pacing == .vsync ? paced : countedFrames, { () -> Double? in
                pacer.waitForNextFrame()
                return floor.move(rows: moveRows, workers: threads)
            }) else { return nil }
            (measurement.moveMilliseconds, measurement.moveRows) = (time, moveRows)
        }
        _ = floor.checksum
        return measurement
    }

    /// The median time of a streaming write of `floor` with its own loop and with Tessera's kernel (each
    /// write on its own slot when `pacing` is `vsync`), the faster of the two, milliseconds; `nil` when a write
    /// could not start its threads. `counted` writes of each mode after ``warmUpFrames``.
    public static func fastestWrite(_ floor: FrameFloor, threads: Int, counted: Int, pacing: FramePacer.Mode,
                                    framesPerSecond: Double) -> Double? {
        fastestMode(floor, threads: threads, counted: counted, pacing: pacing, framesPerSecond: framesPerSecond)?
            .milliseconds
    }

    /// The paced slots of the tail at `framesPerSecond`: one second's worth, ``countedFrames`` to
    /// ``maximumTailSlots``.
    static func tailSlots(framesPerSecond: Double) -> Int {
        Swift.min(maximumTailSlots, Swift.max(countedFrames, Int(framesPerSecond)))
    }

    /// ``fastestWrite(_:threads:counted:pacing:framesPerSecond:)`` and the mode that gave it.
    static func fastestMode(_ floor: FrameFloor, threads: Int, counted: Int, pacing: FramePacer.Mode,
                            framesPerSecond: Double) -> (milliseconds: Double, mode: FrameFloor.Mode)? {
        var pacer = FramePacer(mode: pacing, framesPerSecond: framesPerSecond)
        var fastest: (milliseconds: Double, mode: FrameFloor.Mode)?
        for mode in [FrameFloor.Mode.stream, .tessera] {
            guard let time = median(counted: counted, { () -> Double? in
                pacer.waitForNextFrame()
                return floor.write(mode: mode, workers: threads)
            }) else { return nil }
            if time < fastest?.milliseconds ?? .infinity { fastest = (time, mode) }
        }
        return fastest
    }

    /// The median (``FrameTimeSummary/p50``) of ``times(counted:_:)``.
    static func median(counted: Int, _ run: () -> Double?) -> Double? {
        times(counted: counted, run).map { FrameTimeSummary(milliseconds: $0).p50 }
    }

    /// `counted` runs of `run` (seconds) after ``warmUpFrames``, in milliseconds; `nil` as soon as a run
    /// returns nil.
    static func times(counted: Int, _ run: () -> Double?) -> [Double]? {
        var times: [Double] = []
        for index in 0..<(warmUpFrames + counted) {
            guard let time = run() else { return nil }
            if index >= warmUpFrames { times.append(time * 1e3) }
        }
        return times
    }
}
