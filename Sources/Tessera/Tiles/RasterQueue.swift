import Dispatch
import Foundation

/// The raster workers: a priority-ordered list of ``RasterJob``s drawn by up to `workers` Dispatch
/// work items at once, concurrently with the model thread and with composition.
///
/// The model thread replaces the not-yet-started jobs once per frame (``withdrawQueued()`` then
/// ``enqueue(_:)``, highest priority first), collects finished jobs with ``takeFinished()`` and may
/// block in ``wait(for:until:)`` or ``waitUntilIdle()``. A worker lane takes the first queued job,
/// draws it without holding the lock, then marks it finished; a lane ends when the queue is empty and
/// is started again by the next ``enqueue(_:)``. Lanes are numbered `0 ..< workers` (for traces).
///
/// Thread safety: every method may be called from any thread; the job list, job states and the
/// finished list are guarded by one condition lock. Jobs run on a private concurrent queue at
/// `.background` quality of service by default: on Linux, Dispatch runs each quality of service on its
/// own threads at its own nice value (measured here: `.userInitiated` −2, `.default` 0, `.utility` 2,
/// `.background` 10), so background raster gets about a tenth of a core's share while the frame thread
/// and its composite bands (nice 0) run: a frame takes the cores from raster instead of sharing them,
/// and between frames raster has them to itself. Chromium's background raster threads play this role.
/// Where the process may, each draw also runs under `SCHED_IDLE` (``IdleRasterPolicy``): a frame thread
/// or band helper then preempts raster at once instead of after its slice.
final class RasterQueue: @unchecked Sendable {
    let workers: Int
    /// Whether draws run below the frame: background quality of service, and ``IdleRasterPolicy``.
    let background: Bool
    private let condition = NSCondition()
    /// Queued jobs, highest priority last (taken with `popLast`).
    private var queued: [RasterJob] = []
    private var finished: [RasterJob] = []
    private var running = 0
    private var freeLanes: [Int]
    /// While true lanes start no job: the frame thread is planning or compositing (``holdStarts()``).
    private var startsHeld = false
    private let dispatchQueue: DispatchQueue
    /// Called on the worker with each finished job (for traces); set before the first job.
    var onFinish: (@Sendable (RasterJob) -> Void)?

    /// A queue of `workers` lanes whose draws run at `.background` quality of service when `background`
    /// (see ``Compositor/Configuration/backgroundRaster``), else at `.userInitiated`.
    init(workers: Int, background: Bool) {
        self.workers = workers
        self.background = background
        dispatchQueue = DispatchQueue(label: "tessera.raster", qos: background ? .background : .userInitiated,
                                      attributes: .concurrent)
        freeLanes = Array((0..<workers).reversed())
    }

    /// Appends `jobs` (in priority order, most urgent first) after the jobs already queued and starts
    /// idle lanes.
    func enqueue(_ jobs: [RasterJob]) {
        guard !jobs.isEmpty else { return }
        condition.lock()
        for job in jobs { job.state = .queued }
        queued.insert(contentsOf: jobs.reversed(), at: 0)
        startLanes()
    }

    /// Lanes start no new job until ``resumeStarts()`` (or a wait, which resumes them): called when a
    /// frame begins. A draw that already runs goes on. Even under `SCHED_IDLE` a runnable raster thread
    /// is picked when the frame thread's slice ends; counted with `sched_switch` events over 600 frames of
    /// `tessera bench feed`, raster threads took the frame thread's CPU 429 times (152.8 ms in all, 92
    /// times for over 0.5 ms) without the hold, 103 times (17.1 ms, 4) with it.
    func holdStarts() {
        condition.lock()
        startsHeld = true
        condition.unlock()
    }

    /// Lets lanes start jobs again (when the frame has composited), starting idle lanes for queued jobs.
    func resumeStarts() {
        condition.lock()
        startsHeld = false
        startLanes()
    }

    /// Starts an idle lane per queued job, as far as lanes are free, unless starts are held; call with
    /// the lock held (it unlocks).
    private func startLanes() {
        var lanes: [Int] = []
        while !startsHeld, lanes.count < queued.count, let lane = freeLanes.popLast() { lanes.append(lane) }
        condition.unlock()
        for lane in lanes {
            dispatchQueue.async { self.runLane(lane) }
        }
    }

    /// Takes back every job not started yet (their state becomes ``RasterJob/State/withdrawn``).
    func withdrawQueued() -> [RasterJob] {
        condition.lock()
        defer { condition.unlock() }
        let taken = queued.reversed() as [RasterJob]
        queued.removeAll(keepingCapacity: true)
        for job in taken { job.state = .withdrawn }
        return taken
    }

    /// The jobs finished since the last call, in the order they finished.
    func takeFinished() -> [RasterJob] {
        condition.lock()
        defer { condition.unlock() }
        let taken = finished
        finished.removeAll(keepingCapacity: true)
        return taken
    }

    /// Blocks until every job of `jobs` is finished (or withdrawn), or until `deadline`, after resuming
    /// held starts. Returns true when they all are.
    @discardableResult
    func wait(for jobs: [RasterJob], until deadline: ContinuousClock.Instant? = nil) -> Bool {
        resumeStarts()
        condition.lock()
        defer { condition.unlock() }
        while jobs.contains(where: { $0.state == .queued || $0.state == .running }) {
            if let deadline {
                let remaining = ContinuousClock.now.duration(to: deadline)
                guard remaining > .zero else { return false }
                let seconds = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) * 1e-18
                _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
            } else {
                condition.wait()
            }
        }
        return true
    }

    /// Blocks until no job is queued or running (resuming held starts).
    func waitUntilIdle() {
        resumeStarts()
        condition.lock()
        while !queued.isEmpty || running > 0 { condition.wait() }
        condition.unlock()
    }

    /// True when no job is queued or running and no finished job waits for ``takeFinished()``: the queue
    /// can change nothing before it is given work.
    var isIdleAndTaken: Bool {
        condition.lock()
        defer { condition.unlock() }
        return queued.isEmpty && running == 0 && finished.isEmpty
    }

    /// The number of jobs queued or running now.
    var outstanding: Int {
        condition.lock()
        defer { condition.unlock() }
        return queued.count + running
    }

    private func runLane(_ lane: Int) {
        condition.lock()
        while !startsHeld, let job = queued.popLast() {
            job.state = .running
            running += 1
            condition.unlock()
            job.lane = lane
            job.started = .now
            IdleRasterPolicy.run(enabled: background) {
                tesseraPhaseRasterJob { job.draw() }  // a profiler's phase mark (PhaseMarkers.swift)
            }
            job.finished = .now
            onFinish?(job)
            condition.lock()
            job.state = .finished
            running -= 1
            finished.append(job)
            condition.broadcast()
        }
        freeLanes.append(lane)
        condition.broadcast()
        condition.unlock()
    }
}
