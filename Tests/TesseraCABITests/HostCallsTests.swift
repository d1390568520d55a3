import CTessera
import Foundation
import Testing
import Tessera
import TesseraScene

/// The C ABI's host calls: the scroll animator, hit testing, coordinates, look-up by name, scene loading
/// and PNG output; each with its misuse refused naming the argument.
@Suite struct HostCallsTests {
    static let sceneJSON = """
        {"viewport": {"width": 100, "height": 80},
         "root": {"name": "root", "frame": [0, 0, 100, 80], "sublayers": [
           {"name": "list", "kind": "scroll", "frame": [0, 20, 100, 60], "contentSize": [100, 1000], "sublayers": [
             {"name": "row", "frame": [0, 30, 100, 20], "background": "#FF0000"}]},
           {"name": "hidden", "frame": [0, 0, 100, 20], "hidden": true}]}}
        """

    func load(_ json: String) -> (tessera_status, tessera_scene) {
        var scene = tessera_scene()
        let status = json.withCString { tessera_scene_load_string($0, strlen($0), &scene) }
        return (status, scene)
    }

    @Test func aLoadedSceneIsFoundByNameHitTestedAndConvertedWithStableHandles() throws {
        let (status, scene) = load(Self.sceneJSON)
        expectOK(status)
        #expect(scene.pixel_width == 100 && scene.pixel_height == 80 && scene.scale == 1)
        var list: tessera_layer = 0, row: tessera_layer = 0, again: tessera_layer = 0, none: tessera_layer = 7
        expectOK(tessera_layer_find(scene.root, "list", &list))
        expectOK(tessera_layer_find(scene.root, "row", &row))
        expectOK(tessera_layer_find(scene.root, "list", &again))
        expectOK(tessera_layer_find(scene.root, "nothing", &none))
        #expect(list != 0 && row != 0 && list == again && none == 0)
        var hit: tessera_layer = 0
        expectOK(tessera_layer_hit_test(scene.root, 50, 60, &hit))  // list y 40 → row (30…50)
        #expect(hit == row)
        expectOK(tessera_layer_hit_test(scene.root, 50, 5, &hit))   // the hidden layer is not hit: the root is
        #expect(hit == scene.root)
        expectOK(tessera_layer_hit_test(scene.root, 500, 5, &hit))
        #expect(hit == 0)
        // Scrolled by 25: list plane y = root y − 20 + 25.
        expectOK(tessera_scroll_layer_set_content_offset(list, 0, 25, 1))
        var x = 0.0, y = 0.0
        expectOK(tessera_layer_convert_point(scene.root, list, 3, 30, &x, &y))
        #expect(x == 3 && y == 35)
        var rect = tessera_rect(x: 1, y: 2, width: 3, height: 4), converted = tessera_rect()
        expectOK(tessera_layer_convert_rect(list, scene.root, &rect, &converted))
        #expect((converted.x, converted.y, converted.width, converted.height) == (1, -3, 3, 4))
        // Misuse.
        expectFailure(tessera_layer_find(scene.root, nil, &hit), Int(TESSERA_INVALID_ARGUMENT), naming: "name")
        expectFailure(tessera_layer_hit_test(scene.root, .nan, 0, &hit), Int(TESSERA_INVALID_ARGUMENT), naming: "x")
        expectFailure(tessera_layer_hit_test(scene.root, 0, 0, nil), Int(TESSERA_INVALID_ARGUMENT), naming: "out")
        expectFailure(tessera_layer_convert_point(scene.root, list, 0, .infinity, &x, &y),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "y")
        rect.width = .nan
        expectFailure(tessera_layer_convert_rect(list, scene.root, &rect, &converted),
                      Int(TESSERA_INVALID_ARGUMENT), naming: "rect->width")
        let other = try makeLayer()
        #expect(tessera_layer_convert_point(scene.root, other, 0, 0, &x, &y) == tessera_status(TESSERA_HIERARCHY_ERROR))
        for handle in [other, row, list, scene.root] { expectOK(tessera_layer_destroy(handle)) }
    }

    @Test func sceneErrorsAreTheSwiftReadersMessages() throws {
        let bad = #"{"viewport": {"width": 100, "height": -80}, "root": {"frame": [0, 0, 1, 1]}}"#
        let (status, _) = load(bad)
        #expect(status == tessera_status(TESSERA_INVALID_ARGUMENT))
        var swiftMessage = ""
        do { _ = try SceneReader.decode(Array(bad.utf8)) } catch { swiftMessage = "\(error)" }
        #expect(!swiftMessage.isEmpty && lastError() == "tessera_scene_load_string: \(swiftMessage)")
        var scene = tessera_scene()
        expectFailure(tessera_scene_load_string(nil, 0, &scene), Int(TESSERA_INVALID_ARGUMENT), naming: "json")
        expectFailure(tessera_scene_load_string("{}", -1, &scene), Int(TESSERA_INVALID_ARGUMENT), naming: "length")
        expectFailure(tessera_scene_load_file(nil, &scene), Int(TESSERA_INVALID_ARGUMENT), naming: "path")
        #expect(tessera_scene_load_file("/nonexistent/scene.json", &scene) == tessera_status(TESSERA_INVALID_ARGUMENT))
        #expect(lastError().hasPrefix("tessera_scene_load_file: /nonexistent/scene.json: cannot read the scene file"))
        // A file loads like the string.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cabi-\(getpid()).json").path
        try Self.sceneJSON.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        expectOK(tessera_scene_load_file(path, &scene))
        #expect(scene.root != 0 && scene.viewport_width == 100)
        expectOK(tessera_layer_destroy(scene.root))
    }

    @Test func theAnimatorFlingsPagesBouncesAndRefusesMisuse() throws {
        let scroll = try makeLayer(tessera_rect(x: 0, y: 0, width: 100, height: 50), scroll: true)
        expectOK(tessera_scroll_layer_set_content_size(scroll, 100, 500))
        var animator: tessera_animator = 0
        expectOK(tessera_animator_create(scroll, 1, &animator))
        var state = tessera_animator_state()
        expectOK(tessera_animator_get_state(animator, &state))
        #expect(state.is_at_rest == 1 && state.has_indicators == 1 && state.indicator_alpha == 0)
        // Paging (options apply from the next gesture): a release settles on a multiple of the bounds height.
        var options = tessera_animator_options()
        expectOK(tessera_animator_get_options(animator, &options))
        options.paging = 1
        expectOK(tessera_animator_set_options(animator, &options))
        // A drag moves the offset opposite to the finger; the indicator shows.
        expectOK(tessera_animator_drag(animator, 0, -30))
        expectOK(tessera_animator_get_state(animator, &state))
        #expect(state.is_dragging == 1 && state.offset_y == 30 && state.indicator_alpha == 1
                && state.vertical_indicator_visible == 1 && state.vertical_indicator.height > 0)
        var ended: Int32 = 9
        expectOK(tessera_animator_end_drag(animator, 0, -400, &ended))
        #expect(ended == 0)
        var rests = 0
        for _ in 0..<600 where rests == 0 {
            expectOK(tessera_animator_advance(animator, 1.0 / 60, &ended))
            rests += Int(ended)
        }
        expectOK(tessera_animator_get_state(animator, &state))
        #expect(rests == 1 && state.is_at_rest == 1 && state.offset_y > 30
                && state.offset_y.truncatingRemainder(dividingBy: 50) == 0, "offset \(state.offset_y)")
        // Without bounces a drag past the top stays at the edge.
        options.paging = 0
        options.bounces = 0
        expectOK(tessera_animator_set_options(animator, &options))
        expectOK(tessera_animator_begin_drag(animator))
        expectOK(tessera_animator_drag(animator, 0, 10_000))
        expectOK(tessera_animator_get_state(animator, &state))
        #expect(state.offset_y == 0)
        expectOK(tessera_animator_stop(animator))
        // Misuse.
        options.deceleration_rate = 1.5
        expectFailure(tessera_animator_set_options(animator, &options), Int(TESSERA_INVALID_ARGUMENT),
                      naming: "options->deceleration_rate")
        expectFailure(tessera_animator_set_options(animator, nil), Int(TESSERA_INVALID_ARGUMENT), naming: "options")
        expectFailure(tessera_animator_drag(animator, .nan, 0), Int(TESSERA_INVALID_ARGUMENT), naming: "dx")
        expectFailure(tessera_animator_end_drag(animator, 0, .infinity, nil), Int(TESSERA_INVALID_ARGUMENT), naming: "vy")
        expectFailure(tessera_animator_advance(animator, -1, nil), Int(TESSERA_INVALID_ARGUMENT), naming: "seconds")
        expectFailure(tessera_animator_get_state(animator, nil), Int(TESSERA_INVALID_ARGUMENT), naming: "out")
        expectFailure(tessera_animator_get_state(scroll, &state), Int(TESSERA_WRONG_HANDLE_KIND), naming: "animator")
        let plain = try makeLayer()
        expectFailure(tessera_animator_create(plain, 0, &animator), Int(TESSERA_WRONG_HANDLE_KIND), naming: "scroll")
        expectOK(tessera_animator_destroy(animator))
        expectFailure(tessera_animator_advance(animator, 0.1, nil), Int(TESSERA_INVALID_HANDLE), naming: "animator")
        expectOK(tessera_layer_destroy(plain))
        expectOK(tessera_layer_destroy(scroll))
    }

    @Test func aPNGIsWrittenFromAnyFormatAndBadArgumentsAreRefused() throws {
        var bytes: [UInt8] = [10, 20, 30, 255, 0, 0, 0, 0]  // BGRA: red 30, green 20, blue 10; transparent
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tessera-cabi-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try bytes.withUnsafeMutableBufferPointer { raw in
            var image = tessera_image(pixels: raw.baseAddress, width: 2, height: 1, stride: 8)
            expectOK(tessera_write_png(&image, tessera_pixel_format(TESSERA_FORMAT_BGRA), path))
            let rgba = try PixelBuffer(width: 2, height: 1)
            rgba[x: 0, y: 0] = Pixel(r: 30, g: 20, b: 10, a: 255)
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == PNGEncoder.encode(rgba))
            expectFailure(tessera_write_png(&image, 9, path), Int(TESSERA_INVALID_ARGUMENT), naming: "format")
            expectFailure(tessera_write_png(&image, 0, nil), Int(TESSERA_INVALID_ARGUMENT), naming: "path")
            expectFailure(tessera_write_png(&image, 0, "/nonexistent/dir/x.png"), Int(TESSERA_INVALID_ARGUMENT),
                          naming: "path")
            image.stride = 4
            expectFailure(tessera_write_png(&image, 0, path), Int(TESSERA_INVALID_ARGUMENT), naming: "image->stride")
        }
        expectFailure(tessera_write_png(nil, 0, path), Int(TESSERA_INVALID_ARGUMENT), naming: "image")
    }
}
