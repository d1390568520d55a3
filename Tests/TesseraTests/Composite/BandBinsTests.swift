import Testing
@testable import Tessera

/// Each band's bin holds exactly the ops whose destination meets the band's rows, in paint order, whatever
/// the band height (dividing the height or not) and the ops (empty, one row, reaching past either edge).
@Suite struct BandBinsTests {
    @Test func aBandsOpsAreThoseThatMeetItsRowsInPaintOrder() {
        var random = SplitMix64(seed: 0xB1A5)
        for _ in 0..<300 {
            let height = Int.random(in: 0...90, using: &random), bandHeight = Int.random(in: 1...20, using: &random)
            let ops = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                DrawOp(source: .color(Pixel(r: 1, g: 2, b: 3, a: 255)),
                       destination: PixelRect(x: Int.random(in: 0...5, using: &random), y: Int.random(in: -10...95, using: &random),
                                              width: Int.random(in: 0...3, using: &random),
                                              height: Int.random(in: 0...30, using: &random)),
                       sourceOrigin: (0, 0), opacity: 255, isOpaque: true)
            }
            let bins = BandBins(ops, bandHeight: bandHeight, height: height)
            #expect(bins.count == (height + bandHeight - 1) / bandHeight)
            for band in 0..<bins.count {
                let rows = PixelRect(x: 0, y: band * bandHeight, width: 8, height: min(bandHeight, height - band * bandHeight))
                let expected = ops.indices.filter { !ops[$0].destination.intersection(rows).isEmpty }
                #expect(Array(bins.ops(inBand: band)) == expected, "band \(band) of \(bins.count), band height \(bandHeight)")
            }
        }
    }
}
