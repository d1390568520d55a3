import Testing
@testable import TesseraBench

/// The floor `tessera bench` and the `frame` benchmarks compare frames with: it must write what it claims
/// (every pixel from its tile, a move by whole rows) at any size, or its time would be a floor of nothing.
@Suite struct FrameFloorTests {
    /// Frame sizes that are not multiples of the tile side, and tile sides that are not multiples of 16.
    static let shapes: [(width: Int, height: Int, tileSize: Int)] = [(100, 70, 32), (37, 5, 16), (1, 1, 20), (64, 130, 24)]

    /// The framebuffer's byte at pixel (x, y), channel 0.
    func byte(_ floor: FrameFloor, _ x: Int, _ y: Int) -> UInt8 {
        floor.framebuffer.load(fromByteOffset: (y * floor.width + x) * 4, as: UInt8.self)
    }

    @Test(arguments: FrameFloor.Mode.allCases, [1, 3])
    func everyPixelComesFromItsTile(mode: FrameFloor.Mode, workers: Int) {
        for shape in Self.shapes {
            let floor = FrameFloor(width: shape.width, height: shape.height, tileSize: shape.tileSize)
            floor.framebuffer.initializeMemory(as: UInt8.self, repeating: 0, count: shape.width * shape.height * 4)
            let seconds = floor.write(mode: mode, workers: workers)
            #expect(seconds >= 0)
            let columns = (shape.width + shape.tileSize - 1) / shape.tileSize
            for y in 0..<shape.height {
                for x in 0..<shape.width {
                    // Tile i of the set is filled with byte i + 1.
                    let tile = (y / shape.tileSize) * columns + x / shape.tileSize
                    guard byte(floor, x, y) == UInt8(tile + 1) else {
                        Issue.record("\(shape), \(mode), \(workers) workers: pixel (\(x), \(y)) is \(byte(floor, x, y)), tile \(tile)")
                        return
                    }
                }
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func aMoveShiftsEveryColumnUpByItsRows(workers: Int) {
        for shape in Self.shapes where shape.height > 3 {
            let floor = FrameFloor(width: shape.width, height: shape.height, tileSize: shape.tileSize)
            for y in 0..<shape.height {
                for x in 0..<shape.width {
                    floor.framebuffer.storeBytes(of: UInt8(truncatingIfNeeded: y &* 7 &+ x), toByteOffset: (y * shape.width + x) * 4,
                                                 as: UInt8.self)
                }
            }
            floor.move(rows: 3, workers: workers)
            for y in 0..<(shape.height - 3) {
                for x in 0..<shape.width where byte(floor, x, y) != UInt8(truncatingIfNeeded: (y + 3) &* 7 &+ x) {
                    Issue.record("\(shape), \(workers) workers: pixel (\(x), \(y)) did not receive (\(x), \(y + 3))")
                    return
                }
            }
        }
    }

    @Test func theMeasurementHasThePacedFloorAndTheMoveOnlyWhenAsked() {
        let unpaced = FloorMeasurement.measure(width: 48, height: 40, tileSize: 16, workers: 2, pacing: .none,
                                               framesPerSecond: 1000)
        #expect(unpaced.backToBackMilliseconds > 0)
        #expect(unpaced.pacedMilliseconds == nil && unpaced.moveMilliseconds == nil && unpaced.moveRows == nil)
        let paced = FloorMeasurement.measure(width: 48, height: 40, tileSize: 16, workers: 2, pacing: .vsync,
                                             framesPerSecond: 1000, moveRows: 5)
        #expect((paced.pacedMilliseconds ?? 0) > 0 && (paced.moveMilliseconds ?? 0) > 0 && paced.moveRows == 5)
        // A move as tall as the frame moves nothing: not measured.
        let tooFar = FloorMeasurement.measure(width: 48, height: 40, tileSize: 16, workers: 1, pacing: .none,
                                              framesPerSecond: 1000, moveRows: 40)
        #expect(tooFar.moveMilliseconds == nil && tooFar.moveRows == nil)
    }
}
