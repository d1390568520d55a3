import Foundation
import Tessera
import TesseraScene

/// `tessera render SCENE --out FILE.png|FILE.rgba [--zoom LAYER=S]… [--offset LAYER=X,Y]… [--scale S]
/// [--workers N] [--tile-size PX]`: one frame to a PNG or to raw premultiplied RGBA8 (rows packed).
enum RenderCommand {
    static let usage = """
        usage: tessera render SCENE --out FILE.png|FILE.rgba [--zoom LAYER=S]… [--offset LAYER=X,Y]…
                              [--scale S] [--workers N] [--tile-size PX]
          SCENE        a built-in scene (tessera scenes) or a scene file (.json)
          --out        the output file: .png (straight alpha, deflate) or .rgba (premultiplied RGBA8)
          --zoom       zoom the named scroll layer to S (within its zoom limits; it needs a zooming layer),
                       or set the named plain layer's transform scale to S; applied before --offset
          --offset     set the bounds origin (a scroll layer's contentOffset) of the named layer, in points
          --scale      device pixels per point (default: the scene's)
        """

    static func run(_ arguments: [String]) throws {
        var options = CommandLineOptions(command: "render", arguments: arguments)
        guard let out = try options.value("--out") else { throw UsageError("render: --out FILE is required") }
        let isPNG = out.lowercased().hasSuffix(".png")
        guard isPNG || out.lowercased().hasSuffix(".rgba") else {
            throw UsageError("render: --out must end in .png or .rgba, got '\(out)'")
        }
        let zooms = try options.values("--zoom")
        let offsets = try options.values("--offset")
        let scale = try options.number("--scale", in: 0.01...16)
        var configuration = Compositor.Configuration()
        configuration.rasterMode = .synchronous  // one complete frame: never the checkerboard
        configuration.workers = try options.integer("--workers", in: 1...1024) ?? configuration.workers
        configuration.tileSize = try options.integer("--tile-size", in: 16...2048) ?? configuration.tileSize
        let positionals = try options.positionals()
        guard positionals.count == 1 else { throw UsageError("render: give exactly one SCENE") }
        var scene = try SceneArgument.load(positionals[0]).scene
        for zoom in zooms { try applyZoom(zoom, to: scene) }
        for offset in offsets { try apply(offset, to: scene) }
        if let scale {
            scene.viewport = try Viewport(width: scene.viewport.width, height: scene.viewport.height, scale: scale,
                                          argument: "--scale")
        }
        configuration.scale = scene.viewport.scale
        let compositor = try Compositor(configuration: configuration)
        let framebuffer = try PixelBuffer(width: scene.viewport.pixelWidth, height: scene.viewport.pixelHeight)
        _ = try compositor.render(scene.root, into: framebuffer)
        let bytes = isPNG ? PNGEncoder.encode(framebuffer) : framebuffer.packedBytes()
        try AtomicFile.write(Data(bytes), to: out)
    }

    /// `LAYER=S`: zooms the named scroll layer (within its limits, with a zooming layer), or sets a plain
    /// layer's transform scale (its translation kept).
    static func applyZoom(_ text: String, to scene: Scene) throws {
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, let scale = Double(parts[1]), scale.isFinite, scale > 0 else {
            throw UsageError("render: --zoom must look like LAYER=S with S > 0, got '\(text)'")
        }
        guard let layer = scene.layersByName[String(parts[0])] else {
            let names = scene.layersByName.keys.sorted().prefix(12).joined(separator: ", ")
            throw UsageError("render: --zoom names no layer '\(parts[0])' (layers: \(names))")
        }
        guard let scroll = layer as? ScrollLayer else {
            do {
                try layer.setTransform(LayerTransform(scale: scale, translation: layer.transform.translation))
            } catch let TesseraError.invalidArgument(_, reason) {
                throw UsageError("render: --zoom \(parts[0]): \(reason)")
            }
            return
        }
        guard scroll.zoomingLayer != nil else {
            throw UsageError("render: --zoom \(parts[0]): the scroll layer has no zooming layer (scene field zoomingLayer)")
        }
        guard (scroll.minimumZoomScale...scroll.maximumZoomScale).contains(scale) else {
            throw UsageError("render: --zoom \(parts[0]): \(scale) is outside its zoom limits "
                             + "\(scroll.minimumZoomScale)…\(scroll.maximumZoomScale)")
        }
        try scroll.setZoomScale(scale)
    }

    /// `LAYER=X,Y`: sets the named layer's bounds origin (points).
    static func apply(_ text: String, to scene: Scene) throws {
        let parts = text.split(separator: "=", maxSplits: 1)
        let numbers = parts.count == 2 ? parts[1].split(separator: ",").map { Double($0) } : []
        guard parts.count == 2, numbers.count == 2, let x = numbers[0], let y = numbers[1] else {
            throw UsageError("render: --offset must look like LAYER=X,Y, got '\(text)'")
        }
        guard let layer = scene.layersByName[String(parts[0])] else {
            let names = scene.layersByName.keys.sorted().prefix(12).joined(separator: ", ")
            throw UsageError("render: --offset names no layer '\(parts[0])' (layers: \(names))")
        }
        try layer.setBoundsOrigin(try Point(x: x, y: y).validated("--offset \(parts[0])"))
    }
}

/// Writes a file all at once: into a temporary file beside it (`path.tessera-tmp-PID`), then renamed
/// over it with POSIX `rename`, so that a failure never leaves a partial or missing output file.
enum AtomicFile {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func write(_ data: Data, to path: String) throws {
        let temporary = path + ".tessera-tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(description: "'\(path)' cannot be written (\(reason(error)))")
        }
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw Failure(description: "'\(path)' cannot be written (\(message))")
        }
    }

    /// The POSIX reason behind a Foundation file error, when there is one.
    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return nsError.localizedDescription
    }
}
