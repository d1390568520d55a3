import Testing
@testable import Tessera

/// A tile's all-zero rows (`ZeroRows`) are found exactly by the scan, and composition that writes or skips
/// them without reading them (a content tile over its layer's opaque background, a translucent tile over
/// anything) stays bit-identical to the untiled reference for every tile size, worker count and band height.
@Suite struct ZeroRowCompositeTests {
    static let width = 700
    static let height = 120

    /// Bands of rows: `period` rows of which the first `gap` are transparent, the rest `PatternContent`
    /// (translucent, opaque and zero pixels mixed), in plane coordinates so tiles agree.
    struct StripedContent: LayerContent {
        var seed: UInt32
        var period = 13
        var gap = 5

        func draw(in context: RasterContext) {
            for y in 0..<context.deviceRect.height {
                let planeY = context.deviceRect.y + y
                guard ((planeY % period) + period) % period >= gap else { continue }
                for x in 0..<context.deviceRect.width {
                    context.buffer[x: x, y: y] = PatternContent.pixel(x: context.deviceRect.x + x, y: planeY, seed: seed)
                }
            }
        }
    }

    @Test func theScanFlagsExactlyTheAllZeroRows() throws {
        let buffer = try PixelBuffer(width: 5, height: 70)
        buffer.clear()
        buffer[x: 4, y: 1] = Pixel(r: 0, g: 0, b: 0, a: 1)      // alpha only
        buffer[x: 0, y: 2] = Pixel(r: 3, g: 0, b: 0, a: 0)      // colour without alpha: not zero
        for x in 0..<5 { buffer[x: x, y: 3] = Pixel(r: 1, g: 2, b: 3, a: 255) }
        buffer[x: 2, y: 66] = Pixel(r: 0, g: 0, b: 9, a: 9)     // in the second 64-row word
        let (coverage, zero) = buffer.alphaCoverageAndZeroRows()
        #expect(coverage == buffer.alphaCoverage())
        for y in 0..<70 { #expect(zero.contains(y) == ![1, 2, 3, 66].contains(y), "row \(y)") }
        #expect(!zero.contains(-1) && !zero.contains(70))
        var runs: [(Range<Int>, Bool)] = []
        zero.forEachRun(in: 0..<8) { runs.append(($0, $1)) }
        #expect(runs.map(\.0) == [0..<1, 1..<4, 4..<8] && runs.map(\.1) == [true, false, true])
        let opaque = try PixelBuffer(width: 3, height: 3)
        opaque.clear(to: Pixel(r: 1, g: 1, b: 1, a: 255))
        #expect(opaque.alphaCoverageAndZeroRows().coverage == .opaque && opaque.alphaCoverageAndZeroRows().zeroRows.isEmpty)
    }

    /// The scan taken in bands (`AlphaCoverageScan`, as the tile stage takes it behind its copy out) gives
    /// the whole buffer's coverage and zero rows, computed here pixel by pixel, for random bands: with
    /// `PixelBuffer`'s own row loop and with each available tier's `alphaSummary`.
    @Test func theScanInBandsEqualsTheDefinition() throws {
        var rng = SplitMix64(seed: 0x7363_616E)
        let tables = try availableTables()
        for round in 0..<60 {
            let kernels = round % (tables.count + 1) == tables.count ? nil : tables[round % (tables.count + 1)]
            let width = [1, 3, 16, 31, 33, 64, 70][round % 7], height = 1 + Int(rng.next() % 90)
            let buffer = try PixelBuffer(width: width, height: height)
            let kind = rng.next() % 3  // 0: rows of zero and mixed; 1: all opaque; 2: all zero
            for y in 0..<height where kind != 2 && (kind == 1 || rng.next() % 3 != 0) {
                for x in 0..<width {
                    let a = kind == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next() % 4 == 0 ? 0 : rng.next())
                    buffer[x: x, y: y] = Pixel(r: UInt8(truncatingIfNeeded: rng.next()) & a, g: 0, b: kind == 1 ? 1 : 0, a: a)
                }
            }
            var scan = AlphaCoverageScan(width: width, height: height, kernels: kernels)
            var y = 0
            while y < height {
                let end = Swift.min(height, y + 1 + Int(rng.next() % 20))
                scan.scan(buffer, rows: y..<end)
                y = end
            }
            let (coverage, zero) = scan.result
            let words = (0..<height).map { y in (0..<width).map { buffer[x: $0, y: y] } }
            let zeroRows = words.map { $0.allSatisfy { $0 == .transparent } }
            let expected: AlphaCoverage = zeroRows.allSatisfy { $0 } ? .transparent
                : (words.allSatisfy { $0.allSatisfy { $0.a == 255 } } ? .opaque : .mixed)
            #expect(coverage == expected, "round \(round) tier \(kernels.map { "\($0.tier)" } ?? "none")")
            #expect((0..<height).map { zero.contains($0) } == zeroRows, "round \(round)")
            #expect(buffer.alphaCoverageAndZeroRows().coverage == expected)
        }
        #expect(AlphaCoverageScan(width: 0, height: 4).result.coverage == .mixed)
    }

    /// A frame borrows a tile's zero-row bits from its entry (``TileManager/ResolvedTile``): the entry's
    /// view always reads the bits it owns now, whatever was installed before.
    @Test func aTileEntryLendsTheZeroRowsItHolds() throws {
        let entry = TileEntry(key: TileKey(layer: 1, scaleBits: 0, column: 0, row: 0))
        #expect(!entry.zeroRowsView.contains(0))
        for zeroRow in [3, 70] {
            let buffer = try PixelBuffer(width: 2, height: 80)
            buffer.clear(to: Pixel(r: 1, g: 1, b: 1, a: 255))
            buffer[x: 0, y: zeroRow] = .transparent
            buffer[x: 1, y: zeroRow] = .transparent
            entry.zeroRows = buffer.alphaCoverageAndZeroRows().zeroRows
            for y in 0..<80 { #expect(entry.zeroRowsView.contains(y) == (y == zeroRow), "row \(y) after \(zeroRow)") }
        }
        entry.zeroRows = .none
        #expect((0..<80).allSatisfy { !entry.zeroRowsView.contains($0) })
    }

    /// Cards with an opaque background (rounded, clipped) and striped content; a striped translucent
    /// layer over them; a striped strip right over the root's opaque background (fused onto it per band);
    /// a striped layer at opacity 0.7; wide enough to stream.
    static func makeScene() throws -> Layer {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        root.backgroundColor = try Color(hex: "#E8ECF0")
        for index in 0..<2 {
            let card = try Layer(frame: Rect(x: 5 + Double(index) * 345, y: 4, width: 340, height: 100))
            card.backgroundColor = index == 0 ? .white : try Color(hex: "#203040")
            card.clipsToBounds = true
            try card.setCornerRadius(12)
            card.content = StripedContent(seed: UInt32(7 + index))
            try root.addSublayer(card)
        }
        let glass = try Layer(frame: Rect(x: 40, y: 30, width: 600, height: 60))
        glass.content = StripedContent(seed: 21, period: 9, gap: 4)
        try root.addSublayer(glass)
        let strip = try Layer(frame: Rect(x: 10, y: 106, width: 600, height: 12))  // over the root's background only
        strip.content = StripedContent(seed: 45, period: 5, gap: 2)
        try root.addSublayer(strip)
        let faded = try Layer(frame: Rect(x: 300, y: 70, width: 390, height: 45))
        faded.content = StripedContent(seed: 33, period: 7, gap: 3)
        try faded.setOpacity(0.7)
        try root.addSublayer(faded)
        return root
    }

    @Test(arguments: [16, 64, 256])
    func zeroRowsComposeAsTheUntiledReference(tileSize: Int) throws {
        let root = try Self.makeScene()
        let reference = try ReferenceRenderer.render(root, width: Self.width, height: Self.height, scale: 1)
        for (workers, bandHeight) in [(1, 64), (2, 7), (3, 1)] {
            let compositor = try Compositor(configuration: .init(
                tileSize: tileSize, workers: workers, scale: 1, bandHeight: bandHeight, rasterMode: .synchronous))
            let framebuffer = try PixelBuffer(width: Self.width, height: Self.height)
            framebuffer.clear(to: Pixel(r: 9, g: 8, b: 7, a: 6))
            let statistics = try compositor.render(root, into: framebuffer)
            #expect(statistics.drawOpsUnderlaid > 0)
            #expect(firstDifference(framebuffer.packedBytes(), reference, width: Self.width) == nil,
                    "tile \(tileSize), workers \(workers), band \(bandHeight)")
        }
    }
}
