import Foundation
import Tessera

/// The layout benchmarks: a feed of 10,000 cards placed by constraints (each card's top pinned to the
/// previous card's bottom, width from the scroll layer, height from its intrinsic size — about 50,000
/// solver constraints with the implicit ones), solved from scratch; one constant edited and re-solved
/// (the spacing above the middle card, which moves 5,000 frames, and the last card's, which moves one);
/// 100 constraints added and removed. Ids: `layout/<workload>`.
///
/// Each figure is the median wall time and, beside it, the median CPU time of the measuring thread
/// (`CLOCK_THREAD_CPUTIME_ID`): on the shared machine the wall time includes waiting for a core, the CPU
/// time does not. References measured in the same run: for the full solve, writing the same 10,000 frames directly
/// with `setFrame` (what layout must do at the least); for the edit and the add/remove, the full solve.
struct LayoutBenchmarks: BenchmarkGroup {
    let name = "layout"
    let summary = "Auto Layout: full solve of a 10,000-card feed, one constant edit, 100 constraints added and removed"
    let cards = 10_000

    /// A feed like the `feed-layout` scene's, not yet laid out.
    struct Feed {
        let root: Layer
        let feed: ScrollLayer
        let cards: [Layer]
        let spacing: [LayoutConstraint]
    }

    func makeFeed() throws -> Feed {
        let root = try Layer(frame: Rect(x: 0, y: 0, width: 1280, height: 720))
        root.name = "root"
        let feed = try ScrollLayer()
        feed.name = "feed"
        try root.addSublayer(feed)
        var constraints = [
            try feed.topAnchor.constraint(equalTo: root.topAnchor), try feed.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            try feed.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            try feed.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            try feed.contentLayoutGuide.widthAnchor.constraint(equalTo: feed.frameLayoutGuide.widthAnchor),
        ]
        var cardLayers: [Layer] = []
        var spacing: [LayoutConstraint] = []
        var previous = feed.topAnchor
        for index in 0..<cards {
            let card = try Layer()
            card.name = "card\(index)"
            try card.setIntrinsicContentSize(IntrinsicContentSize(height: Double(100 + index % 13 * 20)))
            try feed.addSublayer(card)
            let top = try card.topAnchor.constraint(equalTo: previous, constant: 8)
            spacing.append(top)
            constraints += [top, try card.leadingAnchor.constraint(equalTo: feed.leadingAnchor, constant: 16),
                            try card.widthAnchor.constraint(equalTo: feed.widthAnchor, constant: -32)]
            previous = card.bottomAnchor
            cardLayers.append(card)
        }
        constraints.append(try feed.bottomAnchor.constraint(equalTo: previous, constant: 8))
        try LayoutConstraint.activate(constraints)
        return Feed(root: root, feed: feed, cards: cardLayers, spacing: spacing)
    }

    /// CPU seconds used by the calling thread so far.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body`, returning its wall and thread CPU seconds.
    static func measure(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let cpu = threadCPUTime(), start = Timing.now()
        try body()
        return (Double(Timing.now() - start) / 1e9, threadCPUTime() - cpu)
    }

    func run(options: BenchmarkOptions) -> [BenchmarkResult] {
        let samples = options.quick ? 3 : 9
        var results: [BenchmarkResult] = []
        func report(_ workload: String, _ times: [(wall: Double, cpu: Double)], reference: Double, referenceName: String) {
            let seconds = Timing.median(times.map(\.wall)), cpu = Timing.median(times.map(\.cpu))
            let best = times.map(\.wall).min()!
            let result = BenchmarkResult(group: name, labels: [("workload", workload), ("reference", referenceName)], workers: 1,
                                         values: [("milliseconds", seconds * 1000), ("cpu_milliseconds", cpu * 1000),
                                                  ("best_milliseconds", best * 1000),
                                                  ("reference_milliseconds", reference * 1000),
                                                  ("ratio_to_reference", seconds / reference)])
            results.append(result)
            options.log("layout/\(workload)".padding(toLength: 40, withPad: " ", startingAt: 0)
                        + String(format: " %9.3f ms (cpu %9.3f, best %9.3f)   %@ %9.3f ms  (×%.3f)", seconds * 1000, cpu * 1000,
                                 best * 1000, referenceName, reference * 1000, seconds / reference))
        }
        // The full solves below also give the later workloads their tree and reference: skipped only when
        // no layout workload is selected.
        guard ["layout/full-solve", "layout/edit-constant", "layout/add-remove-100"].contains(where: options.selects)
        else { return results }
        do {
            // Full solve: a fresh tree per sample (building it is not timed).
            var solveTimes: [(wall: Double, cpu: Double)] = [], writeTimes: [Double] = []
            var solved: Feed?
            for _ in 0..<samples {
                let feed = try makeFeed()
                solveTimes.append(try Self.measure { try feed.root.layoutIfNeeded() })
                let frames = feed.cards.map(\.frame)
                let fresh = try (0..<cards).map { _ in try Layer() }
                let writeStart = Timing.now()
                for (layer, frame) in zip(fresh, frames) { try layer.setFrame(frame) }
                writeTimes.append(Double(Timing.now() - writeStart) / 1e9)
                solved = feed
            }
            let fullSolve = Timing.median(solveTimes.map(\.wall))
            if options.selects("layout/full-solve") {
                report("full-solve/\(cards)-cards", solveTimes, reference: Timing.median(writeTimes), referenceName: "setFrame×10k")
            }
            guard let feed = solved else { return results }
            if options.selects("layout/edit-constant") {
                // One spacing in the middle of the feed, alternating between two values.
                var toggle = false
                var editTimes: [(wall: Double, cpu: Double)] = []
                for _ in 0..<(samples * 11) {
                    toggle.toggle()
                    editTimes.append(try Self.measure {
                        try feed.spacing[cards / 2].setConstant(toggle ? 20 : 8)
                        try feed.root.layoutIfNeeded()
                    })
                }
                report("edit-constant/\(cards)-cards", editTimes, reference: fullSolve, referenceName: "full solve")
                // The last card's spacing: one frame and the content size move (the fixed cost of an edit).
                var lastTimes: [(wall: Double, cpu: Double)] = []
                for _ in 0..<(samples * 11) {
                    toggle.toggle()
                    lastTimes.append(try Self.measure {
                        try feed.spacing[cards - 1].setConstant(toggle ? 20 : 8)
                        try feed.root.layoutIfNeeded()
                    })
                }
                report("edit-constant-last/\(cards)-cards", lastTimes, reference: fullSolve, referenceName: "full solve")
            }
            if options.selects("layout/add-remove-100") {
                var times: [(wall: Double, cpu: Double)] = []
                for round in 0..<samples {
                    let extra = try (0..<100).map { i in
                        try feed.cards[(i * 97 + round) % cards].heightAnchor.constraint(greaterThanOrEqualToConstant: 50)
                    }
                    times.append(try Self.measure {
                        try LayoutConstraint.activate(extra)
                        try feed.root.layoutIfNeeded()
                        LayoutConstraint.deactivate(extra)
                        try feed.root.layoutIfNeeded()
                    })
                }
                report("add-remove-100/\(cards)-cards", times, reference: fullSolve, referenceName: "full solve")
            }
        } catch {
            options.log("layout benchmarks failed: \(error)")
        }
        return results
    }
}
