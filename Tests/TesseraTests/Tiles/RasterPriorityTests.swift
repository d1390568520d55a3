#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
@testable import Tessera

/// Background raster runs below the frame: its draws see a higher nice value (lower priority) than the
/// thread that renders, so a composite takes the cores from raster instead of sharing them; with
/// `backgroundRaster` off they do not.
@Suite struct RasterPriorityTests {
    #if os(Linux)
    private static func niceOfCallingThread() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }

    /// Records the nice value of every thread that draws it.
    final class NiceProbe: LayerContent, @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int32] = []
        var seen: [Int32] { lock.withLock { values } }
        func draw(in context: RasterContext) {
            let nice = RasterPriorityTests.niceOfCallingThread()
            lock.withLock { values.append(nice) }
        }
    }

    private func niceOfDraws(background: Bool) throws -> [Int32] {
        let probe = NiceProbe()
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 64))
        root.content = probe
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, backgroundRaster: background))
        _ = try compositor.render(root, into: PixelBuffer(width: 64, height: 64))
        compositor.drainRaster()
        return probe.seen
    }

    @Test func backgroundRasterDrawsBelowTheRenderingThread() throws {
        let frameNice = Self.niceOfCallingThread()
        let background = try niceOfDraws(background: true)
        #expect(background.count == 16)
        #expect(background.allSatisfy { $0 > frameNice }, "draws at \(background), frame thread at \(frameNice)")
        let normal = try niceOfDraws(background: false)
        #expect(normal.allSatisfy { $0 <= frameNice }, "draws at \(normal), frame thread at \(frameNice)")
    }
    #endif
}
