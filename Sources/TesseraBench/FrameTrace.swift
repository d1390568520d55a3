import Foundation
import Tessera
import TesseraScene

/// Records what the frame thread and the raster workers did, and writes it in the Chrome trace event
/// format (a JSON object with `traceEvents`; opens in Perfetto and chrome://tracing).
///
/// Tracks (one process, `pid` 1): the frame thread is `tid` 0; raster worker lane `n` (0 ..< workers)
/// is `tid` `n + 1`. Events:
/// - per frame, complete slices (`"ph": "X"`) on the frame thread: `frame` spanning the render call,
///   and inside it `plan`, `raster` (the tile stage: resolving tiles, queueing raster and any wait for
///   it) and `composite`, laid end to end from the render's start with the durations the compositor
///   measured;
/// - every tile raster as a `tile` slice on its worker lane, with args `layer` (identity), `column`,
///   `row`, `priority` (`now`, `soon`, `eventually`);
/// - counters (`"ph": "C"`) at the end of each frame: `cache` (`bytes` of tiles in use) and
///   `checkerboard` (`percent` of the visible tile area, `tiles`);
/// - metadata (`"ph": "M"`) naming the process and each thread.
///
/// Timestamps and durations are microseconds since the trace's creation (`ContinuousClock`).
///
/// Thread safety: ``recordFrame(_:start:statistics:)`` from the frame thread, tile rasters from the
/// workers (via ``attach(to:)``); one lock guards the event list. Cost: one small event per tile raster
/// and six per frame, kept in memory until ``json`` is read.
public final class FrameTrace: @unchecked Sendable {
    /// `tid` of the frame thread's track.
    public static let frameThread = 0

    private struct Event {
        let name: String
        let phase: String
        let tid: Int
        let timestamp: Double
        let duration: Double?
        let args: [(String, JSONOutput)]
    }

    private let origin: ContinuousClock.Instant
    private let lock = NSLock()
    private var events: [Event] = []
    private var lanes: Set<Int> = []

    /// An empty trace whose time 0 is now.
    public init() {
        origin = .now
    }

    /// Records every tile raster of `compositor` from now on. Call before its first render (the
    /// workers read the hook without a lock, see ``Compositor/setRasterObserver(_:)``).
    public func attach(to compositor: Compositor) {
        compositor.setRasterObserver { [weak self] job in self?.recordRaster(job) }
    }

    /// Records one render call that started at `start` and reported `statistics`; `label` names the
    /// frame (for example `measured`, `warm-up`).
    public func recordFrame(_ label: String, start: ContinuousClock.Instant, statistics s: FrameStatistics) {
        let begin = microseconds(start)
        let plan = Self.microseconds(s.planTime), raster = Self.microseconds(s.rasterTime)
        let composite = Self.microseconds(s.compositeTime)
        let end = begin + plan + raster + composite
        let percent = s.visibleTilePixels > 0 ? 100 * Double(s.checkerboardPixels) / Double(s.visibleTilePixels) : 0
        let tid = Self.frameThread
        let frame: [Event] = [
            Event(name: "frame", phase: "X", tid: tid, timestamp: begin, duration: end - begin,
                  args: [("frame", .int(Int(clamping: s.frameNumber))), ("label", .string(label))]),
            Event(name: "plan", phase: "X", tid: tid, timestamp: begin, duration: plan, args: []),
            Event(name: "raster", phase: "X", tid: tid, timestamp: begin + plan, duration: raster,
                  args: [("jobs_queued", .int(s.rasterJobsQueued)), ("jobs_outstanding", .int(s.rasterJobsOutstanding)),
                         ("tiles_checkerboarded", .int(s.tilesCheckerboarded))]),
            Event(name: "composite", phase: "X", tid: tid, timestamp: begin + plan + raster, duration: composite,
                  args: [("draw_ops", .int(s.drawOps))]),
            Event(name: "cache", phase: "C", tid: tid, timestamp: end, duration: nil,
                  args: [("bytes", .int(s.bytesInCache))]),
            Event(name: "checkerboard", phase: "C", tid: tid, timestamp: end, duration: nil,
                  args: [("percent", .number(percent)), ("tiles", .int(s.tilesCheckerboarded))]),
        ]
        lock.lock()
        events += frame
        lock.unlock()
    }

    /// Records one finished tile raster. Worker thread.
    func recordRaster(_ job: TileRasterRecord) {
        let begin = microseconds(job.started)
        let end = microseconds(job.finished)
        let event = Event(name: "tile", phase: "X", tid: job.lane + 1, timestamp: begin, duration: Swift.max(0, end - begin),
                          args: [("layer", .int(Int(truncatingIfNeeded: job.layer))), ("column", .int(job.column)),
                                 ("row", .int(job.row)), ("priority", .string(job.priority))])
        lock.lock()
        events.append(event)
        lanes.insert(job.lane)
        lock.unlock()
    }

    /// The number of events recorded so far (metadata not included).
    public var eventCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return events.count
    }

    /// The trace as a Chrome trace event document.
    public var json: JSONOutput {
        lock.lock()
        let recorded = events, workerLanes = lanes.sorted()
        lock.unlock()
        func metadata(_ name: String, tid: Int, _ value: String) -> JSONOutput {
            .object([("name", .string(name)), ("ph", .string("M")), ("pid", .int(1)), ("tid", .int(tid)),
                     ("ts", .int(0)), ("args", .object([("name", .string(value))]))])
        }
        var out: [JSONOutput] = [metadata("process_name", tid: Self.frameThread, "tessera"),
                                 metadata("thread_name", tid: Self.frameThread, "frame")]
        out += workerLanes.map { metadata("thread_name", tid: $0 + 1, "raster worker \($0)") }
        out.reserveCapacity(out.count + recorded.count)
        for event in recorded {
            var members: [(String, JSONOutput)] = [
                ("name", .string(event.name)), ("ph", .string(event.phase)), ("pid", .int(1)),
                ("tid", .int(event.tid)), ("ts", .number(event.timestamp)),
            ]
            if let duration = event.duration { members.append(("dur", .number(duration))) }
            if !event.args.isEmpty { members.append(("args", .object(event.args))) }
            out.append(.object(members))
        }
        return .object([("traceEvents", .array(out)), ("displayTimeUnit", .string("ms"))])
    }

    private func microseconds(_ instant: ContinuousClock.Instant) -> Double {
        Self.microseconds(origin.duration(to: instant))
    }

    private static func microseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e6 + Double(parts.attoseconds) / 1e12
    }
}
