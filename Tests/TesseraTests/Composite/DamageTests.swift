import Testing
@testable import Tessera

/// Damage-only frames (`ARCHITECTURE.md`, "Damage"): a frame composites only the pixels that can differ
/// from the previous one, and the caller learns which. Equality with full frames over random edits is
/// held by `WarmCacheEquivalenceTests` (its damage-only setups); these tests pin the rules.
@Suite struct DamageTests {
    static func signature(_ color: UInt8, _ rect: PixelRect) -> DrawSignature {
        DrawSignature(identity: .color(Pixel(r: color, g: 0, b: 0, a: 255)), destination: rect,
                      sourceX: rect.x, sourceY: rect.y, opacity: 255)
    }

    static let viewport = PixelRect(x: 0, y: 0, width: 100, height: 80)
    static let a = signature(1, PixelRect(x: 0, y: 0, width: 100, height: 80))
    static let b = signature(2, PixelRect(x: 10, y: 10, width: 20, height: 20))
    static let c = signature(3, PixelRect(x: 50, y: 40, width: 10, height: 10))

    /// A tracker that has seen `ops` as the frame of the returned token.
    static func tracker(after ops: [DrawSignature]) -> (DamageTracker, FrameToken) {
        var tracker = DamageTracker()
        let token = FrameToken.next()
        _ = tracker.damage(ops, viewport: viewport, previousFrame: nil, token: token)
        return (tracker, token)
    }

    @Test func theSameOpsDamageNothingAndAChangedOpDamagesItsRectOnly() {
        var (tracker, token) = Self.tracker(after: [Self.a, Self.b, Self.c])
        let same = FrameToken.next()
        #expect(tracker.damageRegions([Self.a, Self.b, Self.c], viewport: Self.viewport, previousFrame: token, token: same).isEmpty)
        let recoloured = Self.signature(9, Self.b.destination)
        #expect(tracker.damageRegions([Self.a, recoloured, Self.c], viewport: Self.viewport, previousFrame: same,
                               token: .next()) == [Self.b.destination])
    }

    @Test func aMovedOpDamagesWhereItWasAndWhereItIs() {
        var (tracker, token) = Self.tracker(after: [Self.a, Self.b])
        let moved = Self.signature(2, PixelRect(x: 60, y: 10, width: 20, height: 20))
        let damage = tracker.damageRegions([Self.a, moved], viewport: Self.viewport, previousFrame: token, token: .next())
        #expect(Set(damage.map(\.description)) == [Self.b.destination.description, moved.destination.description])
    }

    @Test func anUnknownFramebufferOrANewSizeDamageEverythingAndAReorderTheOpsItMoved() {
        var (tracker, token) = Self.tracker(after: [Self.a, Self.b, Self.c])
        #expect(tracker.damageRegions([Self.a, Self.b, Self.c], viewport: Self.viewport, previousFrame: nil, token: .next())
                == [Self.viewport])
        (tracker, token) = Self.tracker(after: [Self.a, Self.b, Self.c])
        #expect(tracker.damageRegions([Self.a, Self.b, Self.c], viewport: Self.viewport, previousFrame: .next(), token: .next())
                == [Self.viewport], "a token that is not the last frame's")
        // b and c swapped, d added: c stays matched; b (moved past c) and d are damaged.
        (tracker, token) = Self.tracker(after: [Self.a, Self.b, Self.c])
        let d = Self.signature(4, PixelRect(x: 90, y: 70, width: 5, height: 5))
        let reordered = tracker.damageRegions([Self.a, Self.c, Self.b, d], viewport: Self.viewport, previousFrame: token,
                                              token: .next())
        #expect(Set(reordered.map(\.description)) == [Self.b.destination.description, d.destination.description])
        (tracker, token) = Self.tracker(after: [Self.a])
        let larger = PixelRect(x: 0, y: 0, width: 101, height: 80)
        #expect(tracker.damageRegions([Self.a], viewport: larger, previousFrame: token, token: .next()) == [larger])
    }

    @Test func opsLeavingAtOneEndAndArrivingAtTheOtherDamageOnlyTheirRects() {
        // A scroll's op list: the first ops left, new ones arrived at the end, the rest in the same order.
        let row = (0..<40).map { Self.signature(UInt8(10 + $0), PixelRect(x: $0 % 10 * 10, y: $0 / 10 * 20, width: 10, height: 20)) }
        var (tracker, token) = Self.tracker(after: [Self.a] + Array(row[0..<30]))
        let damage = tracker.damageRegions([Self.a] + Array(row[3..<33]), viewport: Self.viewport, previousFrame: token,
                                           token: .next())
        let expected = (row[0..<3] + row[30..<33]).map(\.destination)
        #expect(expected.allSatisfy { rect in damage.contains { $0.contains(rect) } })
        #expect(DamageTracker.area(damage) <= 2 * 10 * 20 * 3 + 2 * 100 * 20, "\(damage)")
    }

    @Test func aSwapOfTwoOpsDamagesTheOpThatMovedPastTheOther() {
        // b and c trade places: c stays matched (over a in both frames), b is drawn after c now: b's rect,
        // which holds every pixel where the order of b and c shows.
        var (tracker, token) = Self.tracker(after: [Self.a, Self.b, Self.c])
        let damage = tracker.damageRegions([Self.a, Self.c, Self.b], viewport: Self.viewport, previousFrame: token, token: .next())
        #expect(Set(damage.map(\.description)) == [Self.b.destination.description])
    }

    /// Band workers composite each rect from scratch, concurrently: the rects must cover every change and
    /// never overlap (a translucent op would blend twice where two workers drew it).
    /// A recoloured frame's damage, taken from the recoloured signatures without comparing the lists
    /// (`Compositor+RecoloredFrame.swift`), covers every recoloured rect in at most `maximumRects` rects,
    /// and is the damage the comparison finds while both merge exactly (the comparison lists a replaced
    /// rect twice); everything when the framebuffer does not hold the last frame.
    @Test(arguments: [1, 2, 3])
    func recolouredDamageIsTheComparedDamage(seed: UInt64) {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20 {
            let ops = (0..<(1 + next(60))).map { index in
                Self.signature(UInt8(truncatingIfNeeded: index), PixelRect(x: next(90), y: next(70), width: 1 + next(30),
                                                                           height: 1 + next(30)))
            }
            let recolored = ops.indices.filter { _ in next(4) == 0 }
            var current = ops
            for index in recolored { current[index] = Self.signature(UInt8(truncatingIfNeeded: 100 + index), ops[index].destination) }
            var (compared, token) = Self.tracker(after: ops)
            var (direct, directToken) = Self.tracker(after: ops)
            let expected = compared.damageRegions(current, viewport: Self.viewport, previousFrame: token, token: .next())
            direct.releaseSignatures()
            let found = direct.damage(recolored: recolored, of: current, viewport: Self.viewport,
                                      previousFrame: directToken, token: .next())
            #expect(found.move == nil && found.regions.count <= DamageTracker.maximumRects)
            for index in recolored {
                let rect = current[index].destination.intersection(Self.viewport)
                guard !rect.isEmpty else { continue }
                #expect(found.regions.contains { $0.contains(rect) }, "\(rect) is not covered")
            }
            if 2 * recolored.count <= DamageTracker.exactMergeLimit {
                #expect(found.regions == expected, "recoloured \(recolored) of \(ops.count)")
            }
            var (stale, _) = Self.tracker(after: ops)
            stale.releaseSignatures()
            #expect(stale.damage(recolored: recolored, of: current, viewport: Self.viewport, previousFrame: .next(),
                                 token: .next()).regions == [Self.viewport])
        }
    }

    @Test(arguments: [12, 31, 40, 300])
    func manyScatteredChangesBecomeAtMostEightDisjointRectsCoveringThem(count: Int) {
        let rects = (0..<count).map { PixelRect(x: ($0 * 37) % 90, y: ($0 * 23) % 70, width: 3 + $0 % 7, height: 2 + $0 % 5) }
        let merged = DamageTracker.merged(rects, within: Self.viewport)
        #expect(merged.count <= DamageTracker.maximumRects)
        for rect in rects {
            #expect(merged.contains { $0.contains(rect.intersection(Self.viewport)) }, "\(rect) is not covered")
        }
        for i in merged.indices {
            for j in merged.indices where j > i {
                #expect(merged[i].intersection(merged[j]).isEmpty, "\(merged[i]) overlaps \(merged[j])")
            }
        }
    }

    /// `DamageTracker.covers` (an early move's test of whether it saved work) is a lower bound: whenever it
    /// says rects cover an area, their union, counted pixel by pixel, is at least that area; and rects
    /// that tile the viewport (cut by its edges, off the origin) are shown to cover all of it.
    @Test(arguments: [1, 2, 3, 4])
    func coverageIsShownOnlyWhenTheRectsUnionReachesIt(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let viewport = PixelRect(x: Int.random(in: -50...50, using: &random), y: Int.random(in: -50...50, using: &random),
                                 width: Int.random(in: 1...300, using: &random), height: Int.random(in: 1...200, using: &random))
        for _ in 0..<20 {
            let rects = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                PixelRect(x: viewport.x + Int.random(in: -80...300, using: &random), y: viewport.y + Int.random(in: -80...200, using: &random),
                          width: Int.random(in: -5...200, using: &random), height: Int.random(in: -5...150, using: &random))
            }
            var covered = Set<Int>()
            for rect in rects {
                let piece = rect.intersection(viewport)
                guard !piece.isEmpty else { continue }
                for y in piece.minY..<piece.maxY { for x in piece.minX..<piece.maxX { covered.insert(y * 1_000 + x) } }
            }
            for area in [-1, 0, 1, covered.count / 2, covered.count, covered.count + 1, viewport.area] {
                if DamageTracker.covers(rects, atLeast: area, within: viewport) {
                    #expect(covered.count >= area, "\(rects) in \(viewport): shown to cover \(area), union \(covered.count)")
                } else {
                    #expect(area > 0, "an area of \(area) is always covered")
                }
            }
        }
        // 64-px tiles from the viewport's corner, past its edges (the last column and row cut by them).
        let view = PixelRect(x: -7, y: 5, width: 150, height: 100)
        let tiles = stride(from: view.minY, to: view.maxY, by: 64).flatMap { y in
            stride(from: view.minX, to: view.maxX, by: 64).map { PixelRect(x: $0, y: y, width: 64, height: 64) }
        }
        #expect(DamageTracker.covers(tiles, atLeast: view.area, within: view))
        #expect(!DamageTracker.covers(tiles.dropLast(), atLeast: view.area, within: view))
        // A viewport of more than `coverCells` 64-px cells is counted in larger cells (here 256 px: the
        // rect holds the cells from row 17 down to the last, cut to 40 pixels by the viewport).
        let large = PixelRect(x: 0, y: 0, width: 20_000, height: 9_000)
        #expect(DamageTracker.covers([PixelRect(x: 0, y: 17 * 256, width: 20_000, height: 9_000 - 17 * 256)],
                                     atLeast: large.area / 2, within: large))
        #expect(!DamageTracker.covers([PixelRect(x: 0, y: 4_500, width: 20_000, height: 4_499)], atLeast: large.area / 2, within: large))
    }

    @Test func anIdleFrameCompositesNothingAndASpinnerOnlyItsOwnPixels() throws {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        root.content = PatternContent(seed: 3)
        let spinner = try Layer(frame: Rect(x: 20.5, y: 10, width: 8, height: 8))
        spinner.backgroundColor = Color(red: 200, green: 10, blue: 10)
        try root.addSublayer(spinner)
        let compositor = try Compositor(configuration: .init(tileSize: 16, workers: 2, rasterMode: .synchronous))
        let framebuffer = try PixelBuffer(width: 64, height: 48)
        var statistics = try compositor.render(root, into: framebuffer, previousFrame: nil)
        #expect(statistics.damage == [framebuffer.bounds])
        statistics = try compositor.render(root, into: framebuffer, previousFrame: statistics.frameToken)
        #expect(statistics.damage.isEmpty && statistics.damagedPixels == 0)
        spinner.backgroundColor = Color(red: 10, green: 200, blue: 10)
        framebuffer.clear(to: Pixel(r: 1, g: 2, b: 3, a: 4))  // only the spinner's pixels may be written
        statistics = try compositor.render(root, into: framebuffer, previousFrame: statistics.frameToken)
        // The spinner covers device columns ⌊20.5 + ½⌋ = 21 … 28 and rows 10 … 17.
        #expect(statistics.damage == [PixelRect(x: 21, y: 10, width: 8, height: 8)])
        for y in 0..<48 {
            for x in 0..<64 where !(21..<29).contains(x) || !(10..<18).contains(y) {
                #expect(framebuffer[x: x, y: y] == Pixel(r: 1, g: 2, b: 3, a: 4), "(\(x), \(y)) was written")
            }
        }
        #expect(framebuffer[x: 21, y: 10] == Pixel(r: 10, g: 200, b: 10, a: 255))
    }
}

extension DamageTracker {
    /// ``damage(_:viewport:previousFrame:token:moves:)``'s regions, without moves.
    mutating func damageRegions(_ current: [DrawSignature], viewport: PixelRect, previousFrame: FrameToken?,
                                token: FrameToken) -> [PixelRect] {
        damage(current, viewport: viewport, previousFrame: previousFrame, token: token).regions
    }
}
