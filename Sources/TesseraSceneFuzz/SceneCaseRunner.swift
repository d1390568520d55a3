import Foundation
import Tessera
import TesseraScene

/// How one fuzz case ended.
enum SceneCaseOutcome {
    /// Parsed, planned and rendered (two frames, the second after scrolling every scroll layer).
    case rendered
    /// Refused with a message naming a field (README.md's contract for bad input).
    case refused(String)
    /// A check failed; the text says which.
    case failed(String)
}

/// Runs one scene file through Tessera: `SceneReader.decode`, then a compositor (synchronous raster,
/// so every tile is drawn) renders the scene's top-left corner into a framebuffer of at most
/// ``maximumSide`` × ``maximumSide`` device pixels — a viewport of any size is planned, but no case can
/// allocate a large framebuffer —, then every scroll layer pans and a second frame renders.
/// Model thread only (it builds and renders layer trees). Cost: bounded by the framebuffer and the
/// scene's size (at most 16 MiB of JSON, 100,000 layers).
struct SceneCaseRunner {
    static let maximumSide = 128

    var tileSize: Int
    var workers: Int

    func run(_ input: FuzzInput) -> SceneCaseOutcome {
        let scene: Scene
        do {
            scene = try SceneReader.decode(input.bytes, source: "fuzz.json")
        } catch let error as TesseraError {
            let message = error.description
            if case .invalidArgument(let argument, let reason) = error, argument.isEmpty || reason.isEmpty {
                return .failed("an error without a field or a reason: \"\(message)\"")
            }
            return .refused(message)
        } catch {
            return .failed("an error that is not a TesseraError: \(error)")
        }
        if case .refused(let why) = input.expectation {
            return .failed("accepted, but README.md says a scene file with \(why) is refused")
        }
        do {
            var configuration = Compositor.Configuration()
            configuration.tileSize = tileSize
            configuration.workers = workers
            configuration.scale = scene.viewport.scale
            configuration.rasterMode = .synchronous
            configuration.cacheBudgetBytes = 8 << 20
            let compositor = try Compositor(configuration: configuration)
            let framebuffer = try PixelBuffer(width: min(scene.viewport.pixelWidth, SceneCaseRunner.maximumSide),
                                              height: min(scene.viewport.pixelHeight, SceneCaseRunner.maximumSide))
            _ = try compositor.render(scene.root, into: framebuffer)
            for layer in scene.layersByName.values {
                guard let scroll = layer as? ScrollLayer else { continue }
                try scroll.pan(by: Point(x: -7, y: -31))
            }
            _ = try compositor.render(scene.root, into: framebuffer)
            return .rendered
        } catch let error as TesseraError {
            // A parsed scene may still be refused by the compositor (e.g. geometry it cannot place);
            // that is a refusal with a message, not a crash.
            return error.description.isEmpty ? .failed("a render error without a message") : .refused("render: \(error)")
        } catch {
            return .failed("a render error that is not a TesseraError: \(error)")
        }
    }
}
