import Foundation
import Testing
@testable import TesseraBench

/// The floor `tessera bench` and the `frame` benchmarks compare frames with: it must write what it claims
/// (every pixel from its place in its tile, a move by whole rows) at any size, or its time would be a
/// floor of nothing.
@Suite struct FrameFloorTests {
    /// Frame sizes that are not multiples of the tile side, tile sides that are not multiples of 16, and
    /// rows long enough for the streaming path (200 px: 512- and 288-byte segments).
    static let shapes: [(width: Int, height: Int, tileSize: Int)] = [(100, 70, 32), (37, 5, 16), (1, 1, 20),
                                                                     (64, 130, 24), (200, 9, 128)]

    /// The byte at `(x, y)` of tile `tile`: different for every tile, row and column.
    static func pattern(_ tile: Int, _ x: Int, _ y: Int) -> UInt8 { UInt8(truncatingIfNeeded: tile &* 41 &+ y &* 7 &+ x) }

    /// The framebuffer's byte at pixel (x, y), channel 0.
    func byte(_ floor: FrameFloor, _ x: Int, _ y: Int) -> UInt8 {
        floor.framebuffer.load(fromByteOffset: (y * floor.width + x) * 4, as: UInt8.self)
    }

    @Test(arguments: FrameFloor.Mode.allCases, [1, 3])
    func everyPixelComesFromItsPlaceInItsTile(mode: FrameFloor.Mode, workers: Int) throws {
        for shape in Self.shapes {
            for columnWidth in Set([shape.tileSize, shape.tileSize / 2]) where shape.tileSize % columnWidth == 0 {
                let floor = FrameFloor(width: shape.width, height: shape.height, tileSize: shape.tileSize)
                for (index, tile) in floor.tiles.enumerated() {
                    for y in 0..<shape.tileSize {
                        for x in 0..<shape.tileSize {
                            tile.storeBytes(of: Self.pattern(index, x, y), toByteOffset: (y * shape.tileSize + x) * 4, as: UInt8.self)
                        }
                    }
                }
                floor.framebuffer.initializeMemory(as: UInt8.self, repeating: 0, count: shape.width * shape.height * 4)
                let start = ContinuousClock.now
                let seconds = try #require(floor.write(columnWidth: columnWidth, mode: mode, workers: workers))
                let wall = ContinuousClock.now - start
                #expect(seconds >= 0 && seconds <= Double(wall.components.attoseconds) / 1e18 + Double(wall.components.seconds),
                        "the workers' time lies within the call")
                let columns = (shape.width + shape.tileSize - 1) / shape.tileSize
                for y in 0..<shape.height {
                    for x in 0..<shape.width {
                        let tile = (y / shape.tileSize) * columns + x / shape.tileSize
                        let expected = Self.pattern(tile, x % shape.tileSize, y % shape.tileSize)
                        guard byte(floor, x, y) == expected else {
                            Issue.record("\(shape), column \(columnWidth), \(mode), \(workers) workers: pixel (\(x), \(y)) is \(byte(floor, x, y)), not \(expected)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func aMoveShiftsEveryColumnUpByItsRows(workers: Int) throws {
        for shape in Self.shapes where shape.height > 3 {
            let floor = FrameFloor(width: shape.width, height: shape.height, tileSize: shape.tileSize)
            for y in 0..<shape.height {
                for x in 0..<shape.width {
                    floor.framebuffer.storeBytes(of: Self.pattern(0, x, y), toByteOffset: (y * shape.width + x) * 4, as: UInt8.self)
                }
            }
            _ = try #require(floor.move(rows: 3, workers: workers))
            for y in 0..<(shape.height - 3) {
                for x in 0..<shape.width where byte(floor, x, y) != Self.pattern(0, x, y + 3) {
                    Issue.record("\(shape), \(workers) workers: pixel (\(x), \(y)) did not receive (\(x), \(y + 3))")
                    return
                }
            }
        }
    }

    @Test func theMeasurementHasThePacedFloorAndTheMoveOnlyWhenAsked() throws {
        let unpaced = try #require(FloorMeasurement.measure(width: 48, height: 40, tileSize: 16, workers: 2,
                                                            pacing: .none, framesPerSecond: 1000))
        #expect(unpaced.backToBackMilliseconds > 0)
        #expect(unpaced.pacedMilliseconds == nil && unpaced.moveMilliseconds == nil && unpaced.moveRows == nil)
        #expect(unpaced.pacedP99Milliseconds == nil && unpaced.pacedTailSlots == nil)
        let paced = try #require(FloorMeasurement.measure(width: 48, height: 40, tileSize: 16, workers: 2, pacing: .vsync,
                                                          framesPerSecond: 1000, moveRows: 5))
        #expect((paced.pacedMilliseconds ?? 0) > 0 && (paced.moveMilliseconds ?? 0) > 0 && paced.moveRows == 5)
        // The tail: one second of slots, at most 240 of them.
        #expect((paced.pacedP99Milliseconds ?? 0) > 0 && paced.pacedTailSlots == FloorMeasurement.maximumTailSlots)
        #expect(FloorMeasurement.tailSlots(framesPerSecond: 120) == 120)
        #expect(FloorMeasurement.tailSlots(framesPerSecond: 10) == FloorMeasurement.countedFrames)
        // A move as tall as the frame moves nothing: not measured.
        let tooFar = try #require(FloorMeasurement.measure(width: 48, height: 40, tileSize: 16, workers: 1, pacing: .none,
                                                           framesPerSecond: 1000, moveRows: 40))
        #expect(tooFar.moveMilliseconds == nil && tooFar.moveRows == nil)
    }

    /// The spin barrier takes as many threads as CPUs at most, whatever the benchmark's workers; a
    /// framebuffer over the limit is not measured (nothing is allocated for it).
    @Test func theMeasurementCapsItsThreadsAndItsSize() throws {
        let many = try #require(FloorMeasurement.measure(width: 32, height: 32, tileSize: 16, workers: 1024,
                                                         pacing: .none, framesPerSecond: 120))
        #expect(many.threads == ProcessInfo.processInfo.activeProcessorCount)
        #expect(FloorMeasurement.measure(width: 7681, height: 4320, tileSize: 256, workers: 2, pacing: .none,
                                         framesPerSecond: 120) == nil)
    }
}
