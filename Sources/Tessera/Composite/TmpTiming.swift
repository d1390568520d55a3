import Foundation
// TEMPORARY instrumentation, not to be committed.
enum TmpTiming {
    nonisolated(unsafe) static var sums = [Double](repeating: 0, count: 40)
    nonisolated(unsafe) static var counts = [Int](repeating: 0, count: 40)
    nonisolated(unsafe) static var registered = false
    nonisolated(unsafe) static var published: UInt64 = 0
    nonisolated(unsafe) static var frameStart: UInt64 = 0
    static let names = ["plan", "startEarly", "tiles", "drawList", "damage", "join", "bands", "opsMeeting", "post", "total"] + (0..<30).map { "c\($0)" } + ["x"]
    @inline(__always) static func now() -> UInt64 { var t = timespec(); clock_gettime(CLOCK_MONOTONIC, &t); return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec) }
    static func add(_ i: Int, _ start: UInt64) {
        sums[i] += Double(now() - start) / 1e6; counts[i] += 1
        if !registered { registered = true; atexit { TmpTiming.dump(); TmpTiming.dumpFrames() } }
    }
    static func dump() {
        guard ProcessInfo.processInfo.environment["TMP_TIMING"] != nil else { return }
        for i in 0..<16 where counts[i] > 0 && i < 40 && i < 40 { FileHandle.standardError.write("\(names[i]): \(String(format: "%.3f", sums[i] / Double(counts[i]))) ms x\(counts[i])\n".data(using: .utf8)!) }
    }
    nonisolated(unsafe) static var c0s: UInt64 = 0
    nonisolated(unsafe) static var c0e: UInt64 = 0
    static func chunkEnd(_ chunk: Int) { if chunk == 0 { c0e = now() } }
    static func chunkStart(_ chunk: Int) { guard chunk == 0 else { return }; let t = now(); c0s = t; sums[10] += Double(t - frameStart) / 1e6; counts[10] += 1; sums[11] += Double(t &- published) / 1e6; counts[11] += 1 }
    nonisolated(unsafe) static var frames: [[UInt64]] = []
    nonisolated(unsafe) static var current: [UInt64] = []
    static func mark() { current.append(now()) }
    static func endFrame() { if current.count > 3 { frames.append(current + [c0s, c0e]) }; current = []; c0s = 0; c0e = 0 }
    static func dumpFrames() {
        guard ProcessInfo.processInfo.environment["TMP_TIMING"] != nil else { return }
        let sorted = frames.sorted { ($0[$0.count - 3] - $0.first!) > ($1[$1.count - 3] - $1.first!) }
        var out = ""
        func row(_ g: [UInt64]) -> String { let f = Array(g.dropLast(2)); let (a, b) = (g[g.count - 2], g[g.count - 1]); return (1..<f.count).map { String(format: "%.2f", Double(f[$0] - f[$0 - 1]) / 1e6) }.joined(separator: " ") + String(format: "  = %.2f", Double(f.last! - f.first!) / 1e6) + (a > 0 && b > a ? String(format: "   helper lane: start %.2f dur %.2f", Double(a - f[0]) / 1e6, Double(b - a) / 1e6) : "") }
        for f in sorted.prefix(12) { out += "slow: " + row(f) + "\n" }
        let median = sorted[sorted.count / 2]; out += "median: " + row(median) + "\n"
        FileHandle.standardError.write(out.data(using: .utf8)!)
    }
    static func reset() { sums = [Double](repeating: 0, count: 40); counts = [Int](repeating: 0, count: 40) }
}
