import Foundation
import Testing
@testable import Tessera
@testable import TesseraScene
@testable import TesseraBench
@testable import TesseraProfiling

@Suite struct FrameTraceTests {
    /// The trace of a short asynchronous bench, parsed back with Foundation.
    static func traceEvents(frames: Int) throws -> [[String: Any]] {
        var options = ScrollBenchmarkTests.options(.pan, .asynchronous, frames: frames)
        options.pacing = .vsync
        let trace = FrameTrace()
        _ = try ScrollBenchmark.run(try ScrollBenchmarkTests.smallScene(), name: "small", options: options, trace: trace)
        let object = try JSONSerialization.jsonObject(with: Data(trace.json.text.utf8))
        let document = try #require(object as? [String: Any])
        return try #require(document["traceEvents"] as? [[String: Any]])
    }

    @Test func aBenchTraceIsChromeTraceEventJSONWithRasterOnWorkerTracks() throws {
        let events = try Self.traceEvents(frames: 20)
        for event in events {
            #expect(event["ph"] is String && event["name"] is String)
            #expect(event["pid"] is NSNumber && event["tid"] is NSNumber && event["ts"] is NSNumber)
        }
        func named(_ name: String, _ phase: String) -> [[String: Any]] {
            events.filter { $0["name"] as? String == name && $0["ph"] as? String == phase }
        }
        let frameTid = FrameTrace.frameThread
        // 2 warm-up frames, 20 measured, 1 settling frame: each with plan, raster and composite slices.
        for stage in ["frame", "plan", "raster", "composite"] {
            let slices = named(stage, "X")
            #expect(slices.count == 23, "\(stage)")
            #expect(slices.allSatisfy { ($0["tid"] as? Int) == frameTid })
        }
        for slice in events where slice["ph"] as? String == "X" {
            #expect(((slice["dur"] as? NSNumber)?.doubleValue ?? -1) >= 0)
        }
        let tiles = named("tile", "X")
        #expect(!tiles.isEmpty)
        for tile in tiles {
            let tid = try #require(tile["tid"] as? Int)
            #expect(tid != frameTid && (1...2).contains(tid))
            let args = try #require(tile["args"] as? [String: Any])
            #expect(args["layer"] is NSNumber && args["column"] is NSNumber && args["row"] is NSNumber)
            #expect(["now", "soon", "eventually"].contains(args["priority"] as? String ?? ""))
        }
        let cache = named("cache", "C"), checkerboard = named("checkerboard", "C")
        #expect(cache.count == 23 && checkerboard.count == 23)
        #expect(cache.allSatisfy { (($0["args"] as? [String: Any])?["bytes"] as? Int ?? -1) >= 0 })
        let threadNames = named("thread_name", "M").compactMap { $0["tid"] as? Int }
        #expect(threadNames.contains(frameTid))
        #expect(Set(tiles.compactMap { $0["tid"] as? Int }).isSubset(of: Set(threadNames)))
    }
}
