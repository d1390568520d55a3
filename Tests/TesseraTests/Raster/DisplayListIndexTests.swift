import Testing
@testable import Tessera

/// The display list's grid index (`DisplayListIndex.swift`) never loses an item: a query yields every
/// item whose grown bounds meet the rect, in paint order, each once — whether the rect falls in one cell,
/// a few (merged lists) or many (sorted lists), and for items spanning many cells.
struct DisplayListIndexTests {
    static func candidates(_ index: DisplayListIndex, _ rect: Rect) -> [Int] {
        var found: [Int] = []
        index.forEachCandidate(minX: rect.minX, maxX: rect.maxX, minY: rect.minY, maxY: rect.maxY) { found.append($0) }
        return found
    }

    /// A plane 40,000 points tall gets 48 columns; one 2,000,000 points tall reaches the band limit and
    /// the cell limit, two columns.
    @Test(arguments: [40_000.0, 2_000_000.0])
    func queriesYieldEveryMeetingItemInPaintOrderOnce(planeHeight: Double) throws {
        var rng = SplitMix64(seed: 0x696E_6465_78)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        // Items over a plane 6,000 points wide: mostly cards, some spanning many cells, a few tiny.
        var items: [DisplayItem] = []
        for k in 0..<600 {
            let width = k % 50 == 0 ? 3_000 * unit() + 100 : (k % 7 == 0 ? 0.5 : 20 + 400 * unit())
            let height = k % 61 == 0 ? 9_000 * unit() + 100 : (k % 7 == 0 ? 0.5 : 20 + 300 * unit())
            let rect = Rect(x: 6_000 * unit() - 50, y: planeHeight * unit() - 50, width: width, height: height)
            items.append(.solidRect(try SolidRect(rect: rect, color: RasterTest.red)))
        }
        let index = DisplayListIndex(items)
        var failures: [String] = []
        for round in 0..<400 {
            let width = round % 5 == 0 ? 4_000 * unit() : 300 * unit()
            let height = round % 5 == 1 ? planeHeight / 2 * unit() : 300 * unit()
            let rect = Rect(x: 6_400 * unit() - 200, y: (planeHeight + 400) * unit() - 200, width: width, height: height)
            let found = Self.candidates(index, rect)
            if !zip(found, found.dropFirst()).allSatisfy({ $0 < $1 }) {
                failures.append("round \(round), \(rect): candidates not ascending or repeated")
            }
            let expected = items.indices.filter { i in
                let b = items[i].bounds
                return b.minX - 1 <= rect.maxX && b.maxX + 1 >= rect.minX && b.minY - 1 <= rect.maxY && b.maxY + 1 >= rect.minY
            }
            let missing = Set(expected).subtracting(found)
            if !missing.isEmpty { failures.append("round \(round), \(rect): misses items \(missing.sorted())") }
        }
        let passed = failures.isEmpty
        #expect(passed, "\(failures.count) failing queries, first: \(failures.first ?? "")")
        // Outside the plane: nothing.
        #expect(Self.candidates(index, Rect(x: -10_000, y: -10_000, width: 100, height: 100)).isEmpty)
        #expect(Self.candidates(index, Rect(x: 0, y: planeHeight * 2, width: 100, height: 100)).isEmpty)
    }

    @Test func aWideIndexedListDrawsTheSameInTilesAsWhole() throws {
        // Rounded rects side by side over a plane wide enough for many columns, drawn at scale 1 over a
        // region crossing several cells: tiles of 37 and 64 pixels equal the whole, which equals the
        // items drawn one by one (no index).
        var rng = SplitMix64(seed: 0x7769_6465)
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var items: [DisplayItem] = []
        for _ in 0..<240 {
            let rect = Rect(x: 2_000 * unit(), y: 1_000 * unit(), width: 10 + 150 * unit(), height: 10 + 90 * unit())
            let color = Color(red: UInt8(rng.next() % 256), green: UInt8(rng.next() % 256), blue: 90,
                              alpha: UInt8(128 + rng.next() % 128))
            items.append(.roundedRect(try RoundedRect(rect: rect, cornerRadius: 6 * unit(), color: color)))
        }
        let list = DisplayList(items)
        let device = PixelRect(x: 300, y: 200, width: 700, height: 260)
        let whole = try RasterTest.render(list, device, scale: 1).packedBytes()
        let oneByOne = try PixelBuffer(width: device.width, height: device.height)
        for item in items { DisplayList([item]).draw(in: RasterContext(buffer: oneByOne, deviceRect: device, scale: 1)) }
        // Compared into Bools first: a failing `#expect` on the arrays would diff 728,000 bytes.
        let oneByOneAgrees = oneByOne.packedBytes() == whole
        let tilesOf37Agree = try RasterTest.renderTiled(list, device, scale: 1, tileSize: 37).packedBytes() == whole
        let tilesOf64Agree = try RasterTest.renderTiled(list, device, scale: 1, tileSize: 64).packedBytes() == whole
        #expect(oneByOneAgrees)
        #expect(tilesOf37Agree)
        #expect(tilesOf64Agree)
    }
}
