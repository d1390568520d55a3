/*
 * The zoom part of the example C host: transforms and a zooming scroll layer through tessera.h.
 *
 * Scene (points, rendered at scale 2 into 200 × 160 device pixels):
 *   root   0,0 100×80, background #203040
 *   └ view (scroll) 0,0 100×80, clips to bounds, zooms `map` within 0.5…4
 *     └ map 0,0 400×300, background #80C0FF
 *       └ card 40,30 20×20, background #FF8000, scale 2 about its anchor (0, 0)
 *
 * Checks: the transform and anchor round-trip; a pinch keeps the content under the fingers within half a
 * device pixel; past the maximum the scale rubber-bands and springs back to it exactly; zoom-to-rect
 * fits the rect; bad values are refused with TESSERA_INVALID_ARGUMENT; a frame renders after every step.
 */
#include "tessera.h"
#include "include/tessera_host.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ZOOM_SCALE 2
#define ZOOM_WIDTH 200
#define ZOOM_HEIGHT 160

typedef struct {
    char *message;
    size_t capacity;
} zoom_host;

static int zfail(zoom_host *h, const char *format, ...) {
    va_list args;
    va_start(args, format);
    if (h->message && h->capacity) vsnprintf(h->message, h->capacity, format, args);
    va_end(args);
    return 1;
}

#define ZCHECK(call)                                                                                  \
    do {                                                                                              \
        tessera_status status_ = (call);                                                              \
        if (status_ != TESSERA_OK)                                                                    \
            return zfail(h, "%s failed with status %d: %s", #call, (int)status_, tessera_last_error()); \
    } while (0)

#define ZREFUSE(call)                                                                                 \
    do {                                                                                              \
        if ((call) != TESSERA_INVALID_ARGUMENT) return zfail(h, "%s was not refused", #call);         \
    } while (0)

/* Where the map's point (px, py) is on screen (the view's top-left is the root's), in points. */
static void on_screen(tessera_layer view, double zoom, double px, double py, double *sx, double *sy) {
    double ox = 0, oy = 0;
    (void)tessera_scroll_layer_get_content_offset(view, &ox, &oy);
    *sx = px * zoom - ox; /* the map's frame origin stays at (0, 0) */
    *sy = py * zoom - oy;
}

static int run(zoom_host *h, tessera_compositor compositor, tessera_layer root, tessera_layer view, tessera_layer map,
               tessera_layer card, uint8_t *framebuffer) {
    tessera_frame_statistics stats;
#define RENDER() ZCHECK(tessera_compositor_render(compositor, root, framebuffer, ZOOM_WIDTH, ZOOM_HEIGHT, ZOOM_WIDTH * 4, &stats))
    double scale = 0, tx = 0, ty = 0;
    ZCHECK(tessera_layer_set_anchor_point(card, 0, 0));
    ZCHECK(tessera_layer_set_transform(card, 2, 0.5, -0.25));
    ZCHECK(tessera_layer_get_transform(card, &scale, &tx, &ty));
    if (scale != 2 || tx != 0.5 || ty != -0.25) return zfail(h, "transform read back as %g, %g, %g", scale, tx, ty);
    ZREFUSE(tessera_layer_set_transform(card, 0, 0, 0));
    ZREFUSE(tessera_layer_set_transform(card, 2, NAN, 0));
    ZREFUSE(tessera_layer_set_anchor_point(card, INFINITY, 0));
    RENDER();

    ZCHECK(tessera_scroll_layer_set_zooming_layer(view, map));
    ZCHECK(tessera_scroll_layer_set_zoom_limits(view, 0.5, 4));
    ZREFUSE(tessera_scroll_layer_set_zoom_limits(view, 3, 2));
    ZREFUSE(tessera_scroll_layer_set_zooming_layer(view, card)); /* not a direct sublayer */
    ZCHECK(tessera_scroll_layer_set_content_offset(view, 100, 80, 0));
    /* The fingers stay at the view's centre (50, 40) while the pinch runs 1x → 3x in 30 steps. */
    double ox = 0, oy = 0;
    ZCHECK(tessera_scroll_layer_get_content_offset(view, &ox, &oy));
    const double px = ox + 50, py = oy + 40; /* the map point under the fingers, zoom 1 */
    for (int step = 0; step < 30; step++) {
        ZCHECK(tessera_scroll_layer_get_content_offset(view, &ox, &oy));
        ZCHECK(tessera_scroll_layer_pinch(view, pow(3, 1.0 / 30), ox + 50, oy + 40));
        double zoom = 0, sx = 0, sy = 0;
        ZCHECK(tessera_scroll_layer_get_zoom_scale(view, &zoom));
        on_screen(view, zoom, px, py, &sx, &sy);
        if (fabs(sx - 50) * ZOOM_SCALE > 0.5 || fabs(sy - 40) * ZOOM_SCALE > 0.5)
            return zfail(h, "pinch step %d: the focal point moved to (%g, %g)", step, sx, sy);
        RENDER();
    }
    /* Past the maximum: rubber band, then the bounce settles exactly on 4. */
    for (int step = 0; step < 20; step++) ZCHECK(tessera_scroll_layer_pinch(view, 1.1, ox + 50, oy + 40));
    double zoom = 0;
    ZCHECK(tessera_scroll_layer_get_zoom_scale(view, &zoom));
    if (!(zoom > 4 && zoom < 8)) return zfail(h, "rubber band shows %g", zoom);
    ZCHECK(tessera_scroll_layer_end_pinch(view));
    for (int step = 0; step < 240; step++) {
        ZCHECK(tessera_scroll_layer_advance_zoom(view, 1.0 / 120));
        RENDER();
    }
    ZCHECK(tessera_scroll_layer_get_zoom_scale(view, &zoom));
    if (zoom != 4) return zfail(h, "the bounce settled on %g, not 4", zoom);
    ZREFUSE(tessera_scroll_layer_advance_zoom(view, -1));
    ZREFUSE(tessera_scroll_layer_pinch(view, 0, 0, 0));
    ZREFUSE(tessera_scroll_layer_set_zoom_scale(view, NAN));

    const tessera_rect rect = {100, 100, 50, 50}; /* 100 / 50 = 2, 80 / 50 = 1.6 → 1.6 */
    ZCHECK(tessera_scroll_layer_zoom_to_rect(view, &rect));
    ZCHECK(tessera_scroll_layer_get_zoom_scale(view, &zoom));
    if (fabs(zoom - 1.6) > 1e-12) return zfail(h, "zoom to rect gave %g, not 1.6", zoom);
    double sx = 0, sy = 0;
    on_screen(view, zoom, 125, 125, &sx, &sy);
    if (fabs(sx - 50) > 1e-9 || fabs(sy - 40) > 1e-9) return zfail(h, "zoom to rect centred (%g, %g)", sx, sy);
    ZREFUSE(tessera_scroll_layer_zoom_to_rect(view, NULL));
    ZCHECK(tessera_scroll_layer_set_zoom_scale(view, 100)); /* clamped to the maximum */
    ZCHECK(tessera_scroll_layer_get_zoom_scale(view, &zoom));
    if (zoom != 4) return zfail(h, "set_zoom_scale(100) gave %g, not the maximum 4", zoom);
    RENDER();
    RENDER(); /* settled: the exact tiles */
#undef RENDER
    return 0;
}

int tessera_c_zoom_host_run(char *message, size_t message_capacity) {
    zoom_host state = {message, message_capacity};
    zoom_host *h = &state;
    if (message && message_capacity) message[0] = 0;
    tessera_compositor compositor = 0;
    tessera_layer root = 0, view = 0, map = 0, card = 0;
    uint8_t *framebuffer = malloc((size_t)ZOOM_WIDTH * 4 * ZOOM_HEIGHT);
    int result = framebuffer ? 0 : zfail(h, "out of memory");
    if (result == 0) {
        tessera_config config;
        const tessera_rect screen = {0, 0, 100, 80}, plane = {0, 0, 400, 300}, small = {40, 30, 20, 20};
        const tessera_color dark = {0x20, 0x30, 0x40, 255}, sky = {0x80, 0xC0, 0xFF, 255}, orange = {255, 0x80, 0, 255};
        result = tessera_config_init(&config) != TESSERA_OK;
        config.scale = ZOOM_SCALE;
        config.tile_size = 64;
        config.workers = 2;
        config.raster_mode = TESSERA_RASTER_SYNC;
        if (!result)
            result = tessera_compositor_create(&config, &compositor) || tessera_layer_create(&screen, &root) ||
                     tessera_scroll_layer_create(&screen, &view) || tessera_layer_create(&plane, &map) ||
                     tessera_layer_create(&small, &card) || tessera_layer_set_background_color(root, &dark) ||
                     tessera_layer_set_background_color(map, &sky) || tessera_layer_set_background_color(card, &orange) ||
                     tessera_layer_set_clips_to_bounds(view, 1) || tessera_scroll_layer_set_content_size(view, 400, 300) ||
                     tessera_layer_add_sublayer(map, card) || tessera_layer_add_sublayer(view, map) ||
                     tessera_layer_add_sublayer(root, view);
        if (result) result = zfail(h, "building the scene failed: %s", tessera_last_error());
    }
    if (result == 0) result = run(h, compositor, root, view, map, card, framebuffer);
    tessera_layer layers[] = {card, map, view, root};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        if (layers[i]) (void)tessera_layer_destroy(layers[i]);
    if (compositor) (void)tessera_compositor_destroy(compositor);
    free(framebuffer);
    return result;
}
