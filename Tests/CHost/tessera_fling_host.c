/*
 * The second example host of Tessera's C ABI: a fling, with nothing but tessera.h.
 *
 * It loads a scene from a JSON string, looks the scroll layer up by name, checks a hit test and a point
 * conversion, creates a scroll animator, drags the list up with five finger moves, releases it with a
 * velocity, then advances the animator by 1/120 s per frame and renders each frame into a BGRA framebuffer
 * (Wayland's ARGB8888) with damage only, printing the offset, velocity, indicator alpha and frame figures,
 * until the fling comes to rest. Standalone: compile with -DTESSERA_FLING_HOST_MAIN (README.md shows how).
 */
#include "tessera.h"
#include "include/tessera_fling_host.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char scene_json[] =
    "{\"viewport\": {\"width\": 160, \"height\": 240, \"scale\": 2},\n"
    " \"root\": {\"name\": \"root\", \"frame\": [0, 0, 160, 240], \"background\": \"#F2F2F7\",\n"
    "  \"sublayers\": [\n"
    "   {\"name\": \"list\", \"kind\": \"scroll\", \"frame\": [0, 40, 160, 200], \"clipsToBounds\": true,\n"
    "    \"contentSize\": [160, 2400], \"sublayers\": [\n"
    "     {\"name\": \"rows\", \"frame\": [0, 0, 160, 2400], \"content\": [\n"
    "       {\"roundedRect\": [8, 8, 144, 44], \"radius\": 6, \"color\": \"#FFFFFF\"},\n"
    "       {\"text\": [16, 20, 120, 10], \"color\": \"#1C1C1E\", \"seed\": 1},\n"
    "       {\"roundedRect\": [8, 608, 144, 44], \"radius\": 6, \"color\": \"#FF9500\"},\n"
    "       {\"roundedRect\": [8, 1208, 144, 44], \"radius\": 6, \"color\": \"#34C759\"},\n"
    "       {\"roundedRect\": [8, 1808, 144, 44], \"radius\": 6, \"color\": \"#007AFF\"}]}]},\n"
    "   {\"name\": \"header\", \"frame\": [0, 0, 160, 40], \"background\": \"#2050A0\"}]}}\n";

const char *tessera_fling_host_scene(void) { return scene_json; }

#define FAIL(...) do { report(message, message_capacity, __VA_ARGS__); goto done; } while (0)
#define CHECK(call) do { tessera_status s_ = (call); \
    if (s_ != TESSERA_OK) FAIL("%s failed (%d): %s", #call, (int)s_, tessera_last_error()); } while (0)

static void report(char *message, size_t capacity, const char *format, ...) {
    if (!message || capacity == 0) return;
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(message, capacity, format, arguments);
    va_end(arguments);
}

int tessera_fling_host_run(tessera_fling_frame *frames, size_t frames_capacity, size_t *frame_count, FILE *log,
                           const char *png_path, char *message, size_t message_capacity) {
    int result = 1;
    tessera_compositor compositor = 0;
    tessera_animator animator = 0;
    tessera_scene scene = {0};
    uint8_t *pixels = NULL;
    size_t count = 0;
    tessera_layer list = 0, header = 0, hit = 0;
    if (message && message_capacity) message[0] = 0;

    CHECK(tessera_scene_load_string(scene_json, strlen(scene_json), &scene));
    if (scene.pixel_width != 320 || scene.pixel_height != 480) FAIL("scene is %lldx%lld device pixels",
        (long long)scene.pixel_width, (long long)scene.pixel_height);
    CHECK(tessera_layer_find(scene.root, "list", &list));
    CHECK(tessera_layer_find(scene.root, "header", &header));
    if (list == 0 || header == 0) FAIL("layers \"list\" or \"header\" not found");
    /* The header covers the top 40 points; below it the list's rows. */
    CHECK(tessera_layer_hit_test(scene.root, 80, 20, &hit));
    if (hit != header) FAIL("hit test at (80, 20) did not find the header");
    double x = 0, y = 0;
    CHECK(tessera_layer_convert_point(scene.root, list, 10, 50, &x, &y));
    if (x != 10 || y != 10) FAIL("root (10, 50) is list (%g, %g), expected (10, 10)", x, y);

    tessera_config config;
    CHECK(tessera_config_init(&config));
    config.scale = scene.scale;
    config.tile_size = 128;
    config.workers = 2;
    config.raster_mode = TESSERA_RASTER_SYNC; /* deterministic frames for the test suite */
    CHECK(tessera_compositor_create(&config, &compositor));
    CHECK(tessera_animator_create(list, 1, &animator));
    tessera_animator_options options;
    CHECK(tessera_animator_get_options(animator, &options));
    if (!options.bounces || options.paging || fabs(options.deceleration_rate - 0.998) > 1e-12)
        FAIL("unexpected default options");

    const int64_t width = scene.pixel_width, height = scene.pixel_height, stride = width * 4;
    pixels = calloc((size_t)(stride * height), 1);
    if (!pixels) FAIL("out of memory");
    tessera_frame_statistics statistics;
    CHECK(tessera_compositor_render_format(compositor, scene.root, pixels, width, height, stride,
                                           TESSERA_FORMAT_BGRA, 0, &statistics));
    /* The header #2050A0 at device pixel (4, 4): bytes B, G, R, A. */
    const uint8_t *p = pixels + 4 * stride + 4 * 4;
    if (p[0] != 0xA0 || p[1] != 0x50 || p[2] != 0x20 || p[3] != 255)
        FAIL("header pixel is %u,%u,%u,%u, expected BGRA a0,50,20,ff", p[0], p[1], p[2], p[3]);
    uint64_t token = statistics.frame_token;

    CHECK(tessera_animator_begin_drag(animator));
    for (int i = 0; i < TESSERA_FLING_HOST_DRAG_STEPS; i++) CHECK(tessera_animator_drag(animator, 0, TESSERA_FLING_HOST_DRAG_DY));
    int32_t ended = 0;
    CHECK(tessera_animator_end_drag(animator, 0, TESSERA_FLING_HOST_VELOCITY, &ended));
    tessera_animator_state state;
    CHECK(tessera_animator_get_state(animator, &state));
    if (ended || !state.is_decelerating || !state.has_resting_offset)
        FAIL("the release did not start a deceleration");
    if (log) fprintf(log, "fling: released at offset %.2f with %.0f pt/s, comes to rest at %.2f\n",
                     state.offset_y, TESSERA_FLING_HOST_VELOCITY, state.resting_y);
    double previous = state.offset_y;
    int rests = 0;
    while (count < TESSERA_FLING_HOST_MAX_FRAMES && !rests) {
        CHECK(tessera_animator_advance(animator, 1.0 / TESSERA_FLING_HOST_HZ, &ended));
        rests += ended;
        CHECK(tessera_animator_get_state(animator, &state));
        if (state.offset_y < previous - 1e-9) FAIL("frame %zu: the offset went back from %g to %g", count, previous, state.offset_y);
        previous = state.offset_y;
        CHECK(tessera_compositor_render_format(compositor, scene.root, pixels, width, height, stride,
                                               TESSERA_FORMAT_BGRA, token, &statistics));
        token = statistics.frame_token;
        int64_t damaged = 0;
        for (int64_t i = 0; i < statistics.damage_count; i++) damaged += statistics.damage[i].width * statistics.damage[i].height;
        if (frames && count < frames_capacity) {
            frames[count] = (tessera_fling_frame){state.offset_y, state.velocity_y, state.indicator_alpha,
                statistics.damage_count, damaged, statistics.tiles_rasterized_visible, statistics.composite_ns};
        }
        if (log && (count % 10 == 0 || ended))
            fprintf(log, "frame %3zu: offset %8.2f pt  velocity %8.1f pt/s  indicator alpha %.2f  damage %lld rects "
                    "%lld px  tiles rasterized %lld  composite %.3f ms%s\n", count, state.offset_y, state.velocity_y,
                    state.indicator_alpha, (long long)statistics.damage_count, (long long)damaged,
                    (long long)statistics.tiles_rasterized_visible, statistics.composite_ns / 1e6,
                    ended ? "  (rest)" : "");
        count++;
    }
    if (rests != 1) FAIL("the fling did not come to rest within %d frames", TESSERA_FLING_HOST_MAX_FRAMES);
    if (!state.is_at_rest || fabs(state.offset_y - state.resting_y) > 1e-6)
        FAIL("rest at %g, announced %g", state.offset_y, state.resting_y);
    if (log) fprintf(log, "fling: %zu frames, rest at offset %.2f\n", count, state.offset_y);
    if (png_path) {
        tessera_image image = {pixels, width, height, stride};
        CHECK(tessera_write_png(&image, TESSERA_FORMAT_BGRA, png_path));
    }
    result = 0;
done:
    if (frame_count) *frame_count = count;
    if (animator) tessera_animator_destroy(animator);
    if (list) tessera_layer_destroy(list);     /* handles found by name are the host's to destroy too */
    if (header) tessera_layer_destroy(header);
    if (scene.root) tessera_layer_destroy(scene.root);
    if (compositor) tessera_compositor_destroy(compositor);
    free(pixels);
    return result;
}

#ifdef TESSERA_FLING_HOST_MAIN
int main(int argc, char **argv) {
    char message[512];
    size_t count = 0;
    int status = tessera_fling_host_run(NULL, 0, &count, stdout, argc > 1 ? argv[1] : NULL, message, sizeof message);
    if (status != 0) {
        fprintf(stderr, "tessera fling host: FAILED: %s\n", message);
        return 1;
    }
    printf("tessera fling host: OK\n");
    return 0;
}
#endif
