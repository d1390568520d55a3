import Dispatch
import Testing
@testable import Tessera

/// Shadow tiles shared by identical shadows (`Sources/Tessera/Tiles/ShadowTileMemo.swift`): a copied
/// tile has the bytes, coverage and zero rows of a drawn one; a tile is kept the second time it is
/// drawn; frames of cards sharing tiles equal the untiled reference; different shadows never share; the
/// memo stays within its budget, least recently used first; raster workers use it at once.
@Suite struct ShadowTileMemoTests {
    /// A shadow whose corner tiles blur a plane at tile size 32 and scale 1 (σ = 4: a reach of 12 pixels).
    static let shadow = ShadowContent(rect: Rect(x: 0, y: 3, width: 60, height: 40), cornerRadius: 8, sigma: 4,
                                      color: Pixel(r: 0, g: 0, b: 0, a: 77))
    static let corner = PixelRect(x: -32, y: -32, width: 32, height: 32)

    static func job(_ content: ShadowContent, _ rect: PixelRect, memo: ShadowTileMemo?) throws -> RasterJob {
        let target = try PixelBuffer(width: rect.width, height: rect.height)
        target.clear(to: Pixel(r: 9, g: 8, b: 7, a: 6))  // stale bytes: the job must replace every one
        return RasterJob(key: TileKey(layer: FramePlanner.shadowIdentityBit | 1, scaleBits: 1.0.bitPattern,
                                      column: rect.x / 32, row: rect.y / 32),
                         version: 1, content: content, deviceRect: rect, scale: 1, target: target, priority: .now,
                         shadowTiles: memo)
    }

    /// Whether two jobs drew the same bytes (a Bool, so that a failure does not print both tiles).
    static func sameBytes(_ a: RasterJob, _ b: RasterJob) -> Bool { a.target!.packedBytes() == b.target!.packedBytes() }

    static func zeroRows(_ job: RasterJob) -> [Bool] { (0..<job.deviceRect.height).map { job.zeroRows.contains($0) } }

    @Test func aCopiedTileHasTheDrawnBytesCoverageAndZeroRows() throws {
        #expect(Self.shadow.blursPlane(in: Self.corner, scale: 1))
        let memo = ShadowTileMemo(byteBudget: 1 << 20)
        let alone = try Self.job(Self.shadow, Self.corner, memo: nil)
        alone.draw()
        let first = try Self.job(Self.shadow, Self.corner, memo: memo)
        first.draw()
        #expect(memo.contents.count == 0, "the first draw only notes the key")
        let second = try Self.job(Self.shadow, Self.corner, memo: memo)
        second.draw()
        #expect(memo.contents.count == 1, "the second draw keeps the tile")
        let third = try Self.job(Self.shadow, Self.corner, memo: memo)
        third.draw()
        #expect(!alone.reused && !first.reused && !second.reused && third.reused)
        for job in [first, second, third] {
            #expect(Self.sameBytes(job, alone))
            #expect(job.coverage == alone.coverage)
            #expect(Self.zeroRows(job) == Self.zeroRows(alone))
        }
        #expect(Self.zeroRows(alone).contains(true), "the corner tile has zero rows above the reach")
        #expect(memo.contents.count == 1)
    }

    @Test func onlyTilesThatBlurAPlaneAreKept() throws {
        // The top edge's middle: one column of coverage spread over the tile, as cheap as a copy.
        let edge = PixelRect(x: 0, y: -32, width: 32, height: 32)
        let edgeShadow = ShadowContent(rect: Rect(x: -100, y: 3, width: 232, height: 40), cornerRadius: 8, sigma: 4,
                                       color: Pixel(r: 0, g: 0, b: 0, a: 77))
        #expect(!edgeShadow.blursPlane(in: edge, scale: 1))
        let memo = ShadowTileMemo(byteBudget: 1 << 20)
        for _ in 0..<2 {
            let job = try Self.job(edgeShadow, edge, memo: memo)
            job.draw()
            #expect(!job.reused)
        }
        #expect(memo.contents.count == 0)
    }

    @Test func differentShadowsOrScalesDoNotShare() throws {
        let memo = ShadowTileMemo(byteBudget: 1 << 20)
        try Self.job(Self.shadow, Self.corner, memo: memo).draw()
        try Self.job(Self.shadow, Self.corner, memo: memo).draw()
        #expect(memo.contents.count == 1)
        let s = Self.shadow
        let others = [
            ShadowContent(rect: s.rect, cornerRadius: s.cornerRadius, sigma: s.sigma, color: Pixel(r: 0, g: 0, b: 0, a: 78)),
            ShadowContent(rect: s.rect, cornerRadius: 7.5, sigma: s.sigma, color: s.color),
            ShadowContent(rect: s.rect, cornerRadius: s.cornerRadius, sigma: 4.25, color: s.color),
            ShadowContent(rect: s.rect.offsetBy(Point(x: 0.5, y: 0)), cornerRadius: s.cornerRadius, sigma: s.sigma, color: s.color),
        ]
        for other in others {
            let alone = try Self.job(other, Self.corner, memo: nil)
            alone.draw()
            for _ in 0..<2 {  // kept on the second draw, under its own key
                let job = try Self.job(other, Self.corner, memo: memo)
                job.draw()
                #expect(!job.reused, "\(other)")
                #expect(Self.sameBytes(job, alone), "\(other)")
            }
        }
        #expect(memo.contents.count == 1 + others.count)
        let key = ShadowTileMemo.Key(shadow: s, scaleBits: 2.0.bitPattern, deviceRect: Self.corner)
        #expect(memo.lookUp(key, into: try PixelBuffer(width: 32, height: 32), kernels: Kernels.active) == nil)
    }

    @Test func theMemoStaysWithinItsBudgetLeastRecentlyUsedFirst() throws {
        let tileBytes = 32 * 32 * 4
        let memo = ShadowTileMemo(byteBudget: 3 * tileBytes)
        let drawn = try PixelBuffer(width: 32, height: 32)
        func key(_ i: Int) -> ShadowTileMemo.Key {
            ShadowTileMemo.Key(shadow: Self.shadow, scaleBits: 1.0.bitPattern, deviceRect: PixelRect(x: 32 * i, y: 0, width: 32, height: 32))
        }
        func isKept(_ i: Int) throws -> Bool {
            memo.lookUp(key(i), into: try PixelBuffer(width: 32, height: 32), kernels: Kernels.active) != nil
        }
        func keep(_ key: ShadowTileMemo.Key, _ buffer: PixelBuffer) {  // noted, then kept
            for _ in 0..<2 { memo.keep(key, buffer, coverage: .mixed, zeroRows: .none, kernels: Kernels.active) }
        }
        for i in 0..<3 { keep(key(i), drawn) }
        #expect(memo.contents == (3, 3 * tileBytes))
        #expect(try isKept(0))  // 0 is now the most recently used: 1 goes first
        keep(key(3), drawn)
        #expect(memo.contents == (3, 3 * tileBytes))
        #expect(try isKept(0) && !isKept(1) && isKept(2) && isKept(3))
        // A tile larger than the whole budget is not kept, and evicts nothing.
        let large = try PixelBuffer(width: 64, height: 64)
        keep(ShadowTileMemo.Key(shadow: Self.shadow, scaleBits: 1.0.bitPattern, deviceRect: large.bounds), large)
        #expect(memo.contents == (3, 3 * tileBytes))
        // A budget of 0 keeps nothing.
        let none = ShadowTileMemo(byteBudget: 0)
        for _ in 0..<2 { none.keep(key(0), drawn, coverage: .mixed, zeroRows: .none, kernels: Kernels.active) }
        #expect(none.contents == (0, 0))
        // Keys drawn once are forgotten oldest first beyond `maximumCandidates`: key 0, noted first, is
        // then noted again instead of kept.
        let noted = ShadowTileMemo(byteBudget: 1 << 20)
        for i in 0...ShadowTileMemo.maximumCandidates {
            noted.keep(key(i), drawn, coverage: .mixed, zeroRows: .none, kernels: Kernels.active)
        }
        noted.keep(key(0), drawn, coverage: .mixed, zeroRows: .none, kernels: Kernels.active)
        #expect(noted.contents.count == 0)
        noted.keep(key(ShadowTileMemo.maximumCandidates), drawn, coverage: .mixed, zeroRows: .none, kernels: Kernels.active)
        #expect(noted.contents.count == 1)
        #expect(ShadowTileMemo.budget(forCacheBudget: 256 << 20) == 8 << 20)
        #expect(ShadowTileMemo.budget(forCacheBudget: 32 << 20) == 1 << 20)
    }

    /// Workers drawing the same few tiles at once (ThreadSanitizer runs this in CI): every tile has the
    /// bytes of the tile drawn alone, whoever drew or kept it.
    @Test func workersShareTilesConcurrently() throws {
        let memo = ShadowTileMemo(byteBudget: 2 * 32 * 32 * 4)  // three corners over a budget of two: evictions
        let corners = [Self.corner, PixelRect(x: 32, y: -32, width: 32, height: 32), PixelRect(x: 32, y: 32, width: 32, height: 32)]
        let expected = try corners.map { rect in
            let job = try Self.job(Self.shadow, rect, memo: nil)
            job.draw()
            return job.target!.packedBytes()
        }
        // Runs of 16 jobs a corner: the third corner's run evicts the first one's tile.
        let jobs = try (0..<48).map { try Self.job(Self.shadow, corners[$0 / 16], memo: memo) }
        DispatchQueue.concurrentPerform(iterations: jobs.count) { jobs[$0].draw() }
        for (i, job) in jobs.enumerated() {
            let same = job.target!.packedBytes() == expected[i / 16]
            #expect(same, "job \(i)")
        }
        #expect(jobs.contains { $0.reused })
        #expect(memo.contents.bytes <= memo.byteBudget)
    }

    /// A column of identical cards (and two that differ): the frame equals the untiled reference, and the
    /// cards after the first two copy their corner tiles instead of drawing them.
    @Test(arguments: [1, 2])
    func cardsWithIdenticalShadowsShareTilesAndMatchTheReference(workers: Int) throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 120, height: 500))
        root.backgroundColor = .white
        for index in 0..<10 {
            let card = try Layer(frame: Rect(x: 20, y: 10 + Double(index) * 48, width: 70, height: 36))
            card.backgroundColor = try Color(hex: "#F4F6FA")
            try card.setCornerRadius(6)
            try card.setShadowOpacity(index == 4 ? 0.5 : 0.3)  // card 4's shadow is darker
            try card.setShadowRadius(index == 5 ? 3 : 4)        // card 5's is sharper
            try card.setShadowOffset(Size(width: 0, height: 3))
            try root.addSublayer(card)
        }
        let compositor = try Compositor(configuration: .init(tileSize: 32, workers: workers, scale: 1, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 120, height: 500)
        let statistics = try compositor.render(root, into: framebuffer)
        #expect(statistics.shadowTilesReused > 0)
        #expect(statistics.shadowTilesReused < statistics.shadowTilesRasterized)
        let reference = try ReferenceRenderer.render(root, width: 120, height: 500, scale: 1)
        #expect(firstDifference(framebuffer.packedBytes(), reference, width: 120) == nil)
    }
}
