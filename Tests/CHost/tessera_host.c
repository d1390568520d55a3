/*
 * An example host of Tessera's C ABI: a scrolling scene with a callback-drawn layer.
 *
 * Scene (points, rendered at scale 2 into 320 × 240 device pixels):
 *   root     0,0 160×120, background #303040
 *   ├ scroll 10,10 140×100, clips to bounds, white background, content size 140×2000
 *   │ └ content 0,0 140×2000, drawn by raster_pattern (opaque, a function of plane device pixels)
 *   └ overlay 0,0 160×20, background rgba(255, 0, 0, 128)
 *
 * The host scrolls with offsets and pans, invalidates a rect once, and after each frame checks every
 * pixel, that exactly the newly exposed (or invalidated) tiles were called back, once each, and the
 * frame statistics. Standalone: compile with -DTESSERA_HOST_MAIN (README.md shows the commands).
 */
#include "tessera.h"
#include "include/tessera_host.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SCALE 2
#define TILE 64
#define STRIDE (TESSERA_HOST_WIDTH * 4 + 12) /* padded rows: the stride is not the width */
#define COLUMNS 8                             /* tile columns of the content plane we track */
#define ROWS 64                               /* tile rows: 2000 points × 2 / 64 → 63 rows */
#define SCROLL_X 20                           /* the scroll layer's top-left, device pixels */
#define SCROLL_Y 20
#define SCROLL_W 280
#define SCROLL_H 200
#define OVERLAY_H 40

/** Callback bookkeeping, written concurrently by the raster workers. */
typedef struct host_calls {
    atomic_int per_tile[ROWS][COLUMNS];
    atomic_int total;
    atomic_int bad_rects;
} host_calls;

/** The content's pixel at plane device pixel (x, y): opaque, different in every neighbouring pixel. */
static void pattern_pixel(int64_t x, int64_t y, uint8_t out[4]) {
    uint32_t h = (uint32_t)x * 73856093u ^ (uint32_t)y * 19349663u;
    out[0] = (uint8_t)h;
    out[1] = (uint8_t)(h >> 8);
    out[2] = (uint8_t)((x + y) >> 2);
    out[3] = 255;
}

/** The raster callback: draws the pattern into one tile and counts the call. Runs on worker threads. */
static void raster_pattern(void *user, uint8_t *pixels, size_t stride, const tessera_pixel_rect *rect,
                           double scale) {
    host_calls *calls = user;
    atomic_fetch_add(&calls->total, 1);
    if (scale != SCALE || rect->width != TILE || rect->height != TILE || rect->x % TILE != 0 ||
        rect->y % TILE != 0 || rect->x < 0 || rect->y < 0 || rect->x / TILE >= COLUMNS || rect->y / TILE >= ROWS) {
        atomic_fetch_add(&calls->bad_rects, 1);
        return;
    }
    atomic_fetch_add(&calls->per_tile[rect->y / TILE][rect->x / TILE], 1);
    for (int64_t y = 0; y < rect->height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        for (int64_t x = 0; x < rect->width; x++) pattern_pixel(rect->x + x, rect->y + y, row + x * 4);
    }
}

static uint32_t div255(uint32_t x) { return (x + 128 + ((x + 128) >> 8)) >> 8; }

/** The expected framebuffer pixel at (x, y) for a scroll offset of `offset_y` points. */
static void expected_pixel(int x, int y, double offset_y, uint8_t out[4]) {
    if (x >= SCROLL_X && x < SCROLL_X + SCROLL_W && y >= SCROLL_Y && y < SCROLL_Y + SCROLL_H) {
        pattern_pixel(x - SCROLL_X, y - SCROLL_Y + (int64_t)(offset_y * SCALE), out);
    } else {
        out[0] = 48; out[1] = 48; out[2] = 64; out[3] = 255;
    }
    if (y < OVERLAY_H) { /* rgba(255, 0, 0, 128) premultiplied is (128, 0, 0, 128); then src-over */
        const uint8_t src[4] = {128, 0, 0, 128};
        for (int c = 0; c < 4; c++) out[c] = (uint8_t)(src[c] + div255(out[c] * (255u - src[3])));
    }
}

typedef struct host {
    tessera_compositor compositor;
    tessera_layer root, scroll, content, overlay;
    host_calls *calls;
    uint8_t *framebuffer;
    unsigned char seen[ROWS][COLUMNS];    /* tiles rasterized earlier and still cached */
    unsigned char visible[ROWS][COLUMNS]; /* tiles of the previous frame */
    char *message;
    size_t message_capacity;
} host;

static int fail(host *h, const char *format, ...) {
    va_list args;
    va_start(args, format);
    if (h->message && h->message_capacity) vsnprintf(h->message, h->message_capacity, format, args);
    va_end(args);
    return 1;
}

#define CHECK(call)                                                                                   \
    do {                                                                                              \
        tessera_status status_ = (call);                                                              \
        if (status_ != TESSERA_OK)                                                                    \
            return fail(h, "%s failed with status %d: %s", #call, (int)status_, tessera_last_error()); \
    } while (0)

static int build_scene(host *h) {
    tessera_config config;
    CHECK(tessera_config_init(&config));
    config.tile_size = TILE;
    config.workers = 2;
    config.cache_budget_bytes = 64 << 20;
    config.scale = SCALE;
    config.max_prepaint_tiles = 0; /* every callback is then a visible tile */
    config.raster_mode = TESSERA_RASTER_SYNC; /* complete frames: every pixel is checked */
    CHECK(tessera_compositor_create(&config, &h->compositor));

    const tessera_rect root_frame = {0, 0, 160, 120}, scroll_frame = {10, 10, 140, 100};
    const tessera_rect content_frame = {0, 0, 140, 2000}, overlay_frame = {0, 0, 160, 20};
    const tessera_color root_color = {48, 48, 64, 255}, white = {255, 255, 255, 255};
    const tessera_color overlay_color = {255, 0, 0, 128};
    CHECK(tessera_layer_create(&root_frame, &h->root));
    CHECK(tessera_layer_set_background_color(h->root, &root_color));
    CHECK(tessera_scroll_layer_create(&scroll_frame, &h->scroll));
    CHECK(tessera_layer_set_clips_to_bounds(h->scroll, 1));
    CHECK(tessera_layer_set_background_color(h->scroll, &white));
    CHECK(tessera_scroll_layer_set_content_size(h->scroll, 140, 2000));
    CHECK(tessera_layer_create(&content_frame, &h->content));
    CHECK(tessera_layer_set_content(h->content, raster_pattern, h->calls, 1));
    CHECK(tessera_layer_create(&overlay_frame, &h->overlay));
    CHECK(tessera_layer_set_background_color(h->overlay, &overlay_color));
    CHECK(tessera_layer_add_sublayer(h->scroll, h->content));
    CHECK(tessera_layer_add_sublayer(h->root, h->scroll));
    CHECK(tessera_layer_add_sublayer(h->root, h->overlay));
    return 0;
}

/** Renders one frame and checks it against the scroll offset the host expects. */
static int render_and_check(host *h, int frame, double expected_offset_y, uint8_t *frames_out) {
    double offset_x, offset_y;
    CHECK(tessera_scroll_layer_get_content_offset(h->scroll, &offset_x, &offset_y));
    if (offset_x != 0 || offset_y != expected_offset_y)
        return fail(h, "frame %d: content offset is (%g, %g), expected (0, %g)", frame, offset_x, offset_y,
                    expected_offset_y);

    /* The tiles the scroll layer's window shows: plane device rows [offset·2, offset·2 + 200), columns [0, 280). */
    unsigned char now[ROWS][COLUMNS] = {{0}};
    int visible = 0, newly_visible = 0, expected_calls = 0;
    const int first_row = (int)(offset_y * SCALE) / TILE, last_row = ((int)(offset_y * SCALE) + SCROLL_H - 1) / TILE;
    for (int row = first_row; row <= last_row; row++) {
        for (int column = 0; column <= (SCROLL_W - 1) / TILE; column++) {
            now[row][column] = 1;
            visible++;
            if (!h->visible[row][column]) newly_visible++;
            if (!h->seen[row][column]) expected_calls++;
        }
    }

    memset(h->calls, 0, sizeof *h->calls);
    memset(h->framebuffer, 0xAB, (size_t)STRIDE * TESSERA_HOST_HEIGHT);
    tessera_frame_statistics stats;
    CHECK(tessera_compositor_render(h->compositor, h->root, h->framebuffer, TESSERA_HOST_WIDTH,
                                    TESSERA_HOST_HEIGHT, STRIDE, &stats));

    if (atomic_load(&h->calls->bad_rects))
        return fail(h, "frame %d: %d callbacks with an unexpected device rect", frame,
                    atomic_load(&h->calls->bad_rects));
    for (int row = 0; row < ROWS; row++) {
        for (int column = 0; column < COLUMNS; column++) {
            const int calls = atomic_load(&h->calls->per_tile[row][column]);
            const int wanted = now[row][column] && !h->seen[row][column];
            if (calls != wanted)
                return fail(h, "frame %d: tile (column %d, row %d) called back %d times, expected %d", frame,
                            column, row, calls, wanted);
            if (now[row][column]) h->seen[row][column] = 1;
        }
    }
    if (atomic_load(&h->calls->total) != expected_calls)
        return fail(h, "frame %d: %d callbacks, expected %d", frame, atomic_load(&h->calls->total), expected_calls);
    if (stats.frame_number != (uint64_t)frame + 1 || stats.tiles_visible != visible ||
        stats.tiles_newly_visible != newly_visible || stats.tiles_rasterized_visible != expected_calls ||
        stats.tiles_rasterized_prepaint != 0 || stats.cache_hits != visible - expected_calls)
        return fail(h,
                    "frame %d: statistics frame %llu, visible %lld, newly visible %lld, rasterized %lld + %lld, "
                    "hits %lld; expected frame %d, visible %d, newly visible %d, rasterized %d + 0, hits %d",
                    frame, (unsigned long long)stats.frame_number, (long long)stats.tiles_visible,
                    (long long)stats.tiles_newly_visible, (long long)stats.tiles_rasterized_visible,
                    (long long)stats.tiles_rasterized_prepaint, (long long)stats.cache_hits, frame + 1, visible,
                    newly_visible, expected_calls, visible - expected_calls);
    if (stats.tiles_checkerboarded != 0 || stats.checkerboard_pixels != 0 || stats.tiles_shown_stale != 0 ||
        stats.raster_jobs_outstanding != 0 || stats.visible_tile_pixels <= 0)
        return fail(h, "frame %d: sync mode showed %lld checkerboarded (%lld px of %lld) and %lld stale tiles, "
                    "%lld raster jobs outstanding; expected complete frames", frame,
                    (long long)stats.tiles_checkerboarded, (long long)stats.checkerboard_pixels,
                    (long long)stats.visible_tile_pixels, (long long)stats.tiles_shown_stale,
                    (long long)stats.raster_jobs_outstanding);
    memcpy(h->visible, now, sizeof now);

    for (int y = 0; y < TESSERA_HOST_HEIGHT; y++) {
        const uint8_t *row = h->framebuffer + (size_t)y * STRIDE;
        for (int x = 0; x < TESSERA_HOST_WIDTH; x++) {
            uint8_t want[4];
            expected_pixel(x, y, offset_y, want);
            if (memcmp(row + x * 4, want, 4) != 0)
                return fail(h, "frame %d: pixel (%d, %d) is (%d, %d, %d, %d), expected (%d, %d, %d, %d)", frame, x, y,
                            row[x * 4], row[x * 4 + 1], row[x * 4 + 2], row[x * 4 + 3], want[0], want[1], want[2],
                            want[3]);
        }
        if (frames_out)
            memcpy(frames_out + ((size_t)frame * TESSERA_HOST_HEIGHT + y) * TESSERA_HOST_WIDTH * 4, row,
                   TESSERA_HOST_WIDTH * 4);
    }
    return 0;
}

/** The frames: scroll by offset and by pan, stand still, scroll back, invalidate, fling to the end. */
static int run_frames(host *h, uint8_t *frames_out) {
    int frame = 0;
    if (render_and_check(h, frame++, 0, frames_out)) return 1;                    /* 20 tiles */
    CHECK(tessera_scroll_layer_set_content_offset(h->scroll, 0, 37.5, 0));
    if (render_and_check(h, frame++, 37.5, frames_out)) return 1;                 /* row 4 exposed */
    CHECK(tessera_scroll_layer_pan(h->scroll, 0, -42.5));
    if (render_and_check(h, frame++, 80, frames_out)) return 1;                   /* row 5 exposed */
    CHECK(tessera_scroll_layer_set_content_offset(h->scroll, 0, 300, 0));
    if (render_and_check(h, frame++, 300, frames_out)) return 1;                  /* rows 9–12 */
    if (render_and_check(h, frame++, 300, frames_out)) return 1;                  /* nothing moves */
    CHECK(tessera_scroll_layer_pan(h->scroll, 0, 180));
    if (render_and_check(h, frame++, 120, frames_out)) return 1;                  /* only row 6 is new */
    const tessera_rect dirty = {5, 130, 10, 10};                                 /* device (10, 260) 20×20 */
    CHECK(tessera_layer_set_needs_display(h->content, &dirty));
    h->seen[260 / TILE][10 / TILE] = 0;
    if (render_and_check(h, frame++, 120, frames_out)) return 1;                  /* that one tile again */
    CHECK(tessera_scroll_layer_pan(h->scroll, 0, -10000));
    if (render_and_check(h, frame++, 1900, frames_out)) return 1;                 /* clamped to the end */
    return frame == TESSERA_HOST_FRAMES ? 0 : fail(h, "rendered %d frames, expected %d", frame, TESSERA_HOST_FRAMES);
}

int tessera_c_host_run(uint8_t *frames_out, size_t frames_capacity, char *message, size_t message_capacity) {
    host state;
    memset(&state, 0, sizeof state);
    host *h = &state;
    h->message = message;
    h->message_capacity = message_capacity;
    if (message && message_capacity) message[0] = 0;
    if (frames_out && frames_capacity < (size_t)TESSERA_HOST_FRAMES * TESSERA_HOST_WIDTH * TESSERA_HOST_HEIGHT * 4)
        return fail(h, "frames_out holds %zu bytes, too few", frames_capacity);
    h->calls = calloc(1, sizeof *h->calls);
    h->framebuffer = malloc((size_t)STRIDE * TESSERA_HOST_HEIGHT);
    int result = (!h->calls || !h->framebuffer) ? fail(h, "out of memory") : build_scene(h);
    if (result == 0) result = run_frames(h, frames_out);

    /* Tear down in any state; destroying a layer in a tree detaches it. */
    tessera_layer layers[] = {h->content, h->overlay, h->scroll, h->root};
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        if (layers[i]) (void)tessera_layer_destroy(layers[i]);
    if (h->compositor) (void)tessera_compositor_destroy(h->compositor);
    free(h->calls);
    free(h->framebuffer);
    return result;
}

#ifdef TESSERA_HOST_MAIN
int main(void) {
    char message[512];
    const int result = tessera_c_host_run(NULL, 0, message, sizeof message);
    if (result != 0) {
        fprintf(stderr, "tessera_host: FAILED: %s\n", message);
        return 1;
    }
    printf("tessera_host: %d frames rendered and checked (pixels, raster callbacks, statistics)\n",
           TESSERA_HOST_FRAMES);
    return 0;
}
#endif
