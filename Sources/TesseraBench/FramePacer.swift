import Foundation
import Tessera
import TesseraScene

/// When the benchmark's frames start: as fast as possible, or on a vsync grid.
///
/// A real compositor renders once per vsync and raster workers run in between; `vsync` reproduces that:
/// measured frame `i` (from 0) starts no earlier than `start + i / fps`. A frame that is late (the
/// previous one overran its slot) starts at once, and the grid is not shifted: the next frame keeps its
/// own slot. `none` starts every frame as soon as the previous one returned.
///
/// Frame times are the render calls' durations either way; the waits are not part of them.
///
/// Thread safety: a value used on the benchmark's thread. Cost: one clock read and at most one sleep
/// per frame (sleep granularity is the OS's, ~0.1 ms on Linux).
public struct FramePacer: Sendable {
    public enum Mode: String, Sendable, CaseIterable {
        /// Each frame waits for its 1/fps slot.
        case vsync
        /// Frames run back to back.
        case none
    }

    public let mode: Mode
    /// The slot length, 1 / fps.
    public let period: Duration
    private var start: ContinuousClock.Instant?
    private var index = 0

    /// - Parameter framesPerSecond: checked by the caller (1…1000).
    public init(mode: Mode, framesPerSecond: Double) {
        self.mode = mode
        period = .nanoseconds(Int64((1e9 / framesPerSecond).rounded()))
    }

    /// Blocks until the next frame's slot (immediately for the first frame and in `none` mode).
    /// Returns how long it waited.
    @discardableResult
    public mutating func waitForNextFrame() -> Duration {
        let now = ContinuousClock.now
        defer { index += 1 }
        guard mode == .vsync else { return .zero }
        guard let start else {
            self.start = now
            return .zero
        }
        let slot = start + period * index
        let wait = now.duration(to: slot)
        guard wait > .zero else { return .zero }
        let components = wait.components
        let microseconds = components.seconds * 1_000_000 + components.attoseconds / 1_000_000_000_000
        usleep(UInt32(clamping: microseconds))
        return wait
    }
}
