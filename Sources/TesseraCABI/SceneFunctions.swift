import CTessera
import Foundation
import Tessera
import TesseraScene

// Scene files and PNG output (tessera.h, "Scene files and PNG").

/// The C description of a loaded scene; the root gets a handle.
private func describe(_ scene: Scene) -> tessera_scene {
    tessera_scene(root: HandleTable.shared.handle(for: scene.root), viewport_width: scene.viewport.width,
                  viewport_height: scene.viewport.height, scale: scene.viewport.scale,
                  pixel_width: Int64(scene.viewport.pixelWidth), pixel_height: Int64(scene.viewport.pixelHeight))
}

/// C `tessera_scene_load_file`: ``SceneReader/read(contentsOfFile:)``; errors carry Swift's messages. Any thread.
/// See tessera.h.
@_cdecl("tessera_scene_load_file")
public func tesseraSceneLoadFile(_ path: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<tessera_scene>?) -> tessera_status {
    cCall("tessera_scene_load_file") {
        guard let path else { throw Failure.invalidArgument("path", "must not be null") }
        let out = try output(out, "out")
        out.pointee = describe(try SceneReader.read(contentsOfFile: String(cString: path)))
    }
}

/// C `tessera_scene_load_string`: ``SceneReader/decode(_:source:)`` of `length` bytes. Any thread. See tessera.h.
@_cdecl("tessera_scene_load_string")
public func tesseraSceneLoadString(_ json: UnsafePointer<CChar>?, _ length: Int,
                                   _ out: UnsafeMutablePointer<tessera_scene>?) -> tessera_status {
    cCall("tessera_scene_load_string") {
        guard let json else { throw Failure.invalidArgument("json", "must not be null") }
        guard length >= 0, length <= SceneReader.maximumFileBytes else {
            throw Failure.invalidArgument("length", "must be in 0…\(SceneReader.maximumFileBytes), got \(length)")
        }
        let out = try output(out, "out")
        let bytes = Array(UnsafeRawBufferPointer(start: json, count: length))
        out.pointee = describe(try SceneReader.decode(bytes))
    }
}

/// C `tessera_write_png`: ``PNGEncoder/encode(_:)`` of caller memory in a host format, written atomically. Any
/// thread (the pixels must not change meanwhile). See tessera.h.
@_cdecl("tessera_write_png")
public func tesseraWritePNG(_ image: UnsafePointer<tessera_image>?, _ format: tessera_pixel_format,
                            _ path: UnsafePointer<CChar>?) -> tessera_status {
    cCall("tessera_write_png") {
        let buffer = try wrapImage(image, "image").reinterpreted(as: try pixelFormat(format, "format"))
        guard let path else { throw Failure.invalidArgument("path", "must not be null") }
        let file = String(cString: path)
        guard !file.isEmpty else { throw Failure.invalidArgument("path", "must not be empty") }
        do {
            try Data(PNGEncoder.encode(buffer)).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw Failure.invalidArgument("path", "cannot write \(file): \(error.localizedDescription)")
        }
    }
}
