import Foundation
import Testing
import TesseraBench

/// `tessera bench`, run as a process: the raster, pacing, cost and trace options, and their errors.
@Suite struct BenchCommandTests {
    /// Runs `tessera bench arguments…`; returns the exit status, standard output and standard error.
    func bench(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = TesseraExecutable.url
        process.arguments = ["bench"] + arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh directory holding `scene` (default: `RenderCommandTests.scene`) as `scene.json` (the caller
    /// removes it).
    func sceneFile(_ scene: String = RenderCommandTests.scene) throws -> (directory: URL, path: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let scenePath = dir.appendingPathComponent("scene.json").path
        try Data(scene.utf8).write(to: URL(fileURLWithPath: scenePath))
        return (dir, scenePath)
    }

    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"),
          arguments: [(["--raster", "fast"], "--raster"), (["--raster-cost", "0"], "--raster-cost"),
                      (["--raster-cost", "1001"], "--raster-cost"), (["--pace", "always"], "--pace"),
                      (["--script", "slowfling"], "--script"), (["--trace"], "--trace"),
                      (["--levels-of-detail", "0"], "--levels-of-detail"),
                      (["--levels-of-detail", "17"], "--levels-of-detail"),
                      (["--levels-of-detail-bias", "-1"], "--levels-of-detail-bias"), (["--floor", "maybe"], "--floor"),
                      (["--moved-stores", "cached"], "--moved-stores")])
    func badBenchOptionsAreNamed(arguments: [String], option: String) throws {
        let result = try bench(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(option), "\(result.stderr)")
    }

    /// `--levels-of-detail 2 --levels-of-detail-bias 1` (levels 1×, 2×): a pinch to 8× rasterizes only those.
    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"))
    func levelsOfDetailOptionsSetTheLevels() throws {
        let (dir, scenePath) = try sceneFile()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try bench([scenePath, "--frames", "40", "--fps", "30", "--raster", "sync", "--pace", "none",
                                "--script", "zoom", "--workers", "2", "--tile-size", "16", "--levels-of-detail", "2",
                                "--levels-of-detail-bias", "1", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let byLevel = try #require(report["tiles_rasterized_by_level"] as? [String: Any])
        #expect(!byLevel.isEmpty && Set(byLevel.keys).isSubset(of: ["0", "1"]), "\(byLevel)")
    }

    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"))
    func jsonReportHasTheRasterFiguresAndTheTraceIsWritten() throws {
        let (dir, scenePath) = try sceneFile()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tracePath = dir.appendingPathComponent("trace.json").path
        let result = try bench([scenePath, "--frames", "6", "--speed", "300", "--raster", "sync", "--pace", "none",
                                "--raster-cost", "2", "--script", "fastfling", "--workers", "2", "--tile-size", "16",
                                "--trace", tracePath, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["raster_mode"] as? String == "sync")
        #expect(report["pace"] as? String == "none")
        #expect(report["raster_cost"] as? Int == 2)
        #expect(report["speed"] as? Double == 30_000, "fastfling releases at 30,000 pt/s at least")
        #expect(report["checkerboard_frames"] as? Int == 0, "sync frames are complete")
        #expect(report["longest_checkerboard_run"] as? Int == 0)
        let area = try #require(report["checkerboard_area_percent"] as? [String: Any])
        #expect(area["mean"] as? Double == 0 && area["worst"] as? Double == 0)
        let arrival = try #require(report["tile_arrival_ms"] as? [String: Any])
        #expect(arrival["count"] as? Int == report["tiles_rasterized_visible"] as? Int)
        for key in ["stale_frames", "tiles_shown_stale", "tiles_checkerboarded", "raster_work_ms", "raster_jobs_queued",
                    "raster_results_dropped"] {
            #expect(report[key] != nil, "\(key)")
        }
        let trace = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tracePath)))
            as? [String: Any])
        #expect((trace["traceEvents"] as? [Any])?.isEmpty == false)
        // Unpaced frames of a fling: the back-to-back floor only.
        let floor = try #require(report["floor"] as? [String: Any])
        #expect((floor["back_to_back_ms"] as? Double ?? 0) > 0)
        #expect(floor["paced_ms"] is NSNull && floor["move_ms"] is NSNull && floor["move_rows"] is NSNull, "\(floor)")
        #expect(floor["paced_p99_ms"] is NSNull && floor["paced_tail_slots"] is NSNull && floor["p99_over_paced_p99"] is NSNull)
    }

    /// A scroll layer filling the viewport with opaque content: every frame of a pan moves its pixels.
    static let movingScene = """
        {"viewport": {"width": 40, "height": 30, "scale": 2},
         "root": {"name": "root", "frame": [0, 0, 40, 30], "background": "#102030",
           "sublayers": [
             {"name": "list", "kind": "scroll", "frame": [0, 0, 40, 30], "contentSize": [40, 400], "clipsToBounds": true,
              "content": [{"linearGradient": [0, 0, 40, 400], "stops": [[0, "#FF0000"], [1, "#0000FF"]]}]}]}}
        """

    /// A paced pan whose frames move measures the paced floor and the move of its scroll step (speed ×
    /// scale / fps rows); `--floor off` measures none.
    @Test(.enabled(if: TesseraExecutable.url != nil, "needs the tessera executable next to the tests"))
    func aPacedPanMeasuresThePacedFloorAndItsMove() throws {
        let (dir, scenePath) = try sceneFile(Self.movingScene)
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = [scenePath, "--frames", "3", "--fps", "1000", "--speed", "2000", "--raster", "sync",
                         "--tile-size", "16", "--json"]
        let result = try bench(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect((report["moved_frames"] as? Int ?? 0) > 0)
        let floor = try #require(report["floor"] as? [String: Any])
        #expect(floor["move_rows"] as? Int == 4, "2,000 pt/s at scale 2 and 1,000 Hz: \(floor)")
        #expect((floor["threads"] as? Int ?? 0) >= 1)
        #expect(floor["paced_tail_slots"] as? Int == FloorMeasurement.maximumTailSlots, "1 s at 1,000 Hz, capped: \(floor)")
        for key in ["back_to_back_ms", "paced_ms", "move_ms", "mean_over_paced", "mean_over_move", "paced_p99_ms",
                    "p99_over_paced_p99"] {
            #expect((floor[key] as? Double ?? 0) > 0, "\(key): \(floor)")
        }
        #expect(report["last_level_cache_bytes"] is Int || report["last_level_cache_bytes"] is NSNull)
        for stores in ["temporal", "streaming"] {  // the choice the moving frames made is reported
            let forced = try bench(arguments + ["--floor", "off", "--moved-stores", stores])
            #expect(forced.status == 0, "\(forced.stderr)")
            let forcedReport = try #require(try JSONSerialization.jsonObject(with: Data(forced.stdout.utf8)) as? [String: Any])
            #expect(forcedReport["moved_stores"] as? String == stores)
        }
        let off = try bench(arguments + ["--floor", "off"])
        #expect(off.status == 0, "\(off.stderr)")
        let offReport = try #require(try JSONSerialization.jsonObject(with: Data(off.stdout.utf8)) as? [String: Any])
        #expect(offReport["floor"] is NSNull)
    }
}
