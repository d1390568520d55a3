/*
 * tessera.h — the C interface of Tessera, a CPU compositor for layer trees with UIKit / Core Animation
 * semantics. Link against libTesseraC (`swift build -c release` puts it in .build/release).
 *
 * Conventions
 * - Every function but tessera_last_error returns a tessera_status. On anything but TESSERA_OK,
 *   tessera_last_error() describes the failure and names the offending argument (for example
 *   "tessera_compositor_render: width: must be in 1…65536, got -3"). Out-parameters are written only on
 *   success. No call aborts the process on bad arguments; what cannot be checked is the caller's to
 *   get right: pixel memory must really hold the bytes its width, height and stride describe, and a
 *   `user` pointer must stay valid while its callback is attached.
 * - Objects are opaque 64-bit handles (kind, slot and generation). A destroyed handle, a handle that was
 *   never issued, or a handle of the wrong kind is reported (TESSERA_INVALID_HANDLE /
 *   TESSERA_WRONG_HANDLE_KIND); it is never undefined behaviour. 0 is never a valid handle. The
 *   generation has 24 bits: a destroyed handle is recognised until its slot has been reused 2^24 - 1
 *   times, after which it names the slot's current object again.
 * - Geometry is in points (double). A layer's frame is in its superlayer's plane; bounds origin, content
 *   offset and invalidation rects are in the layer's own plane. The compositor renders at `scale` device
 *   pixels per point.
 * - Pixels are premultiplied RGBA8, bytes in the order R, G, B, A; rows are `stride` bytes apart
 *   (stride >= width * 4). A framebuffer may be BGRA8 or opaque XRGB / XBGR instead
 *   (tessera_compositor_render_format). Colours given to layers (tessera_color) are straight (not premultiplied).
 * - Threads: the handle table is locked, so any thread may call any function, but a layer tree and the
 *   compositor rendering it are not synchronized: build, mutate and render one tree from one thread at a
 *   time. Raster callbacks run on the compositor's raster worker threads (see tessera_raster_fn for
 *   when, and for when their `user` pointer may be freed) and must not call back into Tessera
 *   (tessera_last_error excepted).
 */
#ifndef TESSERA_H
#define TESSERA_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status codes ------------------------------------------------------------------------------ */

/** The result of every call. */
typedef int32_t tessera_status;
enum {
    TESSERA_OK = 0,                /**< Success. */
    TESSERA_INVALID_ARGUMENT = 1,  /**< A null pointer, a size or value out of range, NaN, … */
    TESSERA_INVALID_HANDLE = 2,    /**< 0, a destroyed handle, or one never issued. */
    TESSERA_WRONG_HANDLE_KIND = 3, /**< A live handle of another kind (e.g. a layer for a compositor). */
    TESSERA_HIERARCHY_ERROR = 4,   /**< A tree edit that would make a cycle or a tree deeper than 256 levels. */
    TESSERA_INTERNAL_ERROR = 5     /**< Out of memory or an unexpected internal failure. */
};

/**
 * Describes the most recent failed call on the calling thread ("" when none failed yet). The text is
 * UTF-8, owned by Tessera, and stays valid until the next failing call on the same thread.
 * Any thread; never null.
 */
const char *tessera_last_error(void);

/* ---- Value types --------------------------------------------------------------------------------- */

/** A rectangle in points. Sizes must be >= 0; every value finite. */
typedef struct tessera_rect {
    double x, y, width, height;
} tessera_rect;

/** A rectangle of device pixels. */
typedef struct tessera_pixel_rect {
    int64_t x, y, width, height;
} tessera_pixel_rect;

/** Extra scrollable space around a scroll layer's content, in points (finite). */
typedef struct tessera_insets {
    double top, left, bottom, right;
} tessera_insets;

/** A straight (not premultiplied) sRGB colour, 0…255 per channel. */
typedef struct tessera_color {
    uint8_t r, g, b, a;
} tessera_color;

/** A premultiplied RGBA8 pixel: r, g, b <= a. */
typedef struct tessera_pixel {
    uint8_t r, g, b, a;
} tessera_pixel;

/** Caller memory holding premultiplied RGBA8 pixels: `height` rows of `width` pixels, rows `stride`
 *  bytes apart. The memory must hold (height - 1) * stride + width * 4 bytes. */
typedef struct tessera_image {
    uint8_t *pixels;
    int64_t width;   /**< 1…65536 device pixels. */
    int64_t height;  /**< 1…65536 device pixels. */
    int64_t stride;  /**< bytes per row, >= width * 4. */
} tessera_image;

/** Instruction-set tiers of the blend kernels. */
typedef int32_t tessera_isa;
enum {
    TESSERA_ISA_DEFAULT = 0,  /**< The tier the process selected at start-up (see TESSERA_ISA). */
    TESSERA_ISA_BASELINE = 1, /**< SSE2 on x86-64, NEON on arm64. */
    TESSERA_ISA_AVX2 = 2,     /**< x86-64-v3. */
    TESSERA_ISA_AVX512 = 3    /**< x86-64-v4. */
};

/** Whether a frame waits for the raster of its tiles (tessera_config.raster_mode). */
typedef int32_t tessera_raster_mode;
enum {
    TESSERA_RASTER_ASYNC = 0, /**< Frames composite the tiles that are ready; a visible tile whose pixels have
                                   not arrived is drawn from its previous version (invalidated content) or as a
                                   checkerboard of 8-pixel squares, #E0E0E0 and #C0C0C0, aligned to the layer's
                                   plane. Raster callbacks run during and between renders. The default. */
    TESSERA_RASTER_SYNC = 1   /**< Every render waits for the raster it asks for: complete frames, raster
                                   callbacks only during tessera_compositor_render. */
};

/** How a frame that moves the previous frame's pixels stores them (tessera_config.scroll_move_stores). */
typedef int32_t tessera_scroll_move_stores;
enum {
    TESSERA_SCROLL_MOVE_STORES_AUTO = 0,      /**< Streaming when the framebuffer holds at least half the CPU's
                                                   last-level cache (it would not stay cached until the next
                                                   frame reads it back), temporal otherwise. The default. */
    TESSERA_SCROLL_MOVE_STORES_TEMPORAL = 1,  /**< Temporal stores: the next frame reads them from the cache. */
    TESSERA_SCROLL_MOVE_STORES_STREAMING = 2  /**< Non-temporal (streaming) stores, as a full frame's. */
};

/* ---- Handles ------------------------------------------------------------------------------------- */

typedef uint64_t tessera_compositor; /**< A compositor handle. */
typedef uint64_t tessera_layer;      /**< A layer or scroll-layer handle. */
typedef uint64_t tessera_animator;   /**< A scroll animator handle (tessera_animator_create). */
typedef uint64_t tessera_constraint; /**< A layout constraint handle (tessera_constraint_create). */

/* ---- Compositor ---------------------------------------------------------------------------------- */

/** How a compositor works; fill it with tessera_config_init, then change fields. */
typedef struct tessera_config {
    int64_t tile_size;            /**< Side of a square tile, device pixels, 16…2048 (default 256). */
    int64_t workers;              /**< Worker threads, 1…1024 (default: active processors). */
    int64_t cache_budget_bytes;   /**< Tile cache budget, bytes, >= 0 (default 256 MiB). */
    double scale;                 /**< Device pixels per point, in (0, 16] (default 1). */
    int64_t band_height;          /**< Composition band height, device pixels, 1…65536 (default 64). */
    int64_t max_prepaint_tiles;   /**< Look-ahead tiles a frame asks raster for (ahead of a scroll, by
                                       priority), 0…4096 (default 64; 0: no prepaint). */
    tessera_isa isa;              /**< Tier of the composition kernels: TESSERA_ISA_DEFAULT (the process's
                                       selected tier: the widest the CPU has, or environment variable
                                       TESSERA_ISA), or a TESSERA_ISA_* tier this CPU has; a tier it lacks
                                       is reported as TESSERA_INVALID_ARGUMENT naming "config->isa". */
    tessera_raster_mode raster_mode; /**< TESSERA_RASTER_ASYNC (default) or TESSERA_RASTER_SYNC; any other
                                          value is TESSERA_INVALID_ARGUMENT naming "config->raster_mode". */
    int64_t raster_deadline_us;   /**< Async mode: how long a render may wait for its visible tiles' raster
                                       before compositing what is ready, microseconds, 0…1000000 (default 0:
                                       never wait). Ignored in sync mode. */
    int32_t background_raster;    /**< 1 (default): raster callbacks run on threads of Dispatch's background
                                       quality of service, below the render call and its composite, so a
                                       frame takes the cores from raster; 0: user-initiated threads. Any
                                       other value is TESSERA_INVALID_ARGUMENT naming
                                       "config->background_raster". */
    int32_t levels_of_detail;     /**< Levels of detail a layer whose scale changes (pinch, zoom) may be drawn
                                       from, as CATiledLayer's levelsOfDetail: 1…16 (default 6). Level k is
                                       rasterized at scale·2^k, k in [bias − levels + 1, bias] (README.md,
                                       "Levels of detail"). */
    int32_t levels_of_detail_bias; /**< How many of those levels are magnified, as CATiledLayer's
                                        levelsOfDetailBias: 0…16 (default 3: with 6 levels, 1/4× … 8×). */
    int32_t scroll_moves;         /**< 1 (default): tessera_compositor_render_damage may move the previous
                                       frame's pixels by a scroll's offset and composite only the rest (it
                                       then reads the framebuffer); 0: never (set it when reading `pixels` is
                                       slow, e.g. write-combined memory). Any other value is
                                       TESSERA_INVALID_ARGUMENT naming "config->scroll_moves". */
    tessera_scroll_move_stores scroll_move_stores; /**< How a frame that moves pixels stores them:
                                       TESSERA_SCROLL_MOVE_STORES_AUTO (default), _TEMPORAL or _STREAMING; any
                                       other value is TESSERA_INVALID_ARGUMENT naming
                                       "config->scroll_move_stores". */
} tessera_config;

/** Fills `config` with the defaults. */
tessera_status tessera_config_init(tessera_config *config);

/** Creates a compositor with an empty tile cache; writes its handle to `out`. */
tessera_status tessera_compositor_create(const tessera_config *config, tessera_compositor *out);

/** Destroys a compositor and frees its tiles. The handle becomes invalid. Waits for the raster callbacks
 *  running for it; queued ones are dropped: none runs after it returns. */
tessera_status tessera_compositor_destroy(tessera_compositor compositor);

/** What one render did. Counts are of distinct tiles; times in nanoseconds of wall-clock time. */
typedef struct tessera_frame_statistics {
    uint64_t frame_number;              /**< From 1. */
    int64_t tiles_visible;              /**< Tiles the frame shows. */
    int64_t cache_hits;                 /**< Visible tiles answered by the cache. */
    int64_t tiles_newly_visible;        /**< Visible tiles the previous frame did not show. */
    int64_t tiles_rasterized_visible;   /**< Visible tiles rasterized (raster callbacks for them). */
    int64_t tiles_rasterized_prepaint;  /**< Tiles rasterized ahead of the scroll direction. */
    int64_t tiles_invalidated;          /**< Cached tiles dropped by invalidation. */
    int64_t evictions;                  /**< Tiles evicted to keep the budget. */
    int64_t tiles_in_cache;             /**< After the frame. */
    int64_t bytes_in_cache;             /**< After the frame. */
    int64_t cache_budget_bytes;         /**< The configured budget. */
    int64_t bytes_needed_by_frame;      /**< Bytes of the visible tiles. */
    int32_t is_over_budget;             /**< 1 when the visible tiles alone exceed the budget. */
    int32_t reserved;                   /**< 0. */
    int64_t tile_buffers_allocated;     /**< Tile buffers newly allocated. */
    int64_t draw_ops;                   /**< Draw operations composited. */
    int64_t draw_ops_skipped;           /**< Fully transparent tiles skipped. */
    int64_t plan_ns, raster_ns, composite_ns;
    int64_t tiles_checkerboarded;       /**< Visible tiles drawn as the checkerboard (no pixels yet; async). */
    int64_t tiles_shown_stale;          /**< Visible tiles drawn from their previous version (async). */
    int64_t checkerboard_pixels;        /**< Framebuffer pixels of the checkerboarded tiles. */
    int64_t visible_tile_pixels;        /**< Framebuffer pixels of all visible tiles (the base of the share). */
    int64_t raster_jobs_outstanding;    /**< Raster jobs queued or running when the render returned. */
    uint64_t frame_token;               /**< This frame, for tessera_compositor_render_damage next time (never 0). */
    int64_t damage_count;               /**< Rects in `damage` (0 … TESSERA_MAX_DAMAGE_RECTS). */
    tessera_pixel_rect damage[8];       /**< The framebuffer rects whose pixels may have changed (device pixels,
                                             disjoint): the whole framebuffer for a full frame, the rects composited,
                                             and in a frame that moved the last one's pixels (pixels_moved) the
                                             scroll's whole window; none when nothing changed. Present them as the
                                             frame's damage (Wayland damage_buffer, EGL_KHR_swap_buffers_with_damage). */
    int64_t unchanged_frame;            /**< 1 when the frame was the last one again (no layer of the root's tree
                                             changed, the tiles settled, `previous_frame` the last frame):
                                             nothing was planned or composited; 0 otherwise. */
    int64_t offscreen_passes;           /**< Group-opacity groups composited through an offscreen buffer. */
    int64_t opacity_peepholes;          /**< Groups drawn without one (it could not change a pixel). */
    int64_t shadow_tiles_rasterized;    /**< Of the rasters taken in (visible and prepaint): layers' shadow tiles. */
    int64_t draw_ops_underlaid;         /**< Of draw_ops: translucent tile pieces drawn onto their layer's opaque
                                             background in one opaque pass. */
    int64_t raster_jobs_queued;         /**< Raster jobs the frame queued (new, or again at a new priority). */
    int64_t raster_results_dropped;     /**< Raster results dropped: their tile was invalidated again, evicted or
                                             freed while they ran. */
    int64_t prepainted_tiles_shown;     /**< Visible tiles shown for the first time since a prepaint drew them. */
    int64_t pixels_moved;               /**< Framebuffer pixels moved one scroll offset away before the rest was
                                             composited (a scroll that left most of the last frame right); 0 when
                                             the frame did not move pixels (or config scroll_moves is 0). */
    int64_t pixels_composited;          /**< Framebuffer pixels composited (rect areas summed): in a frame that
                                             moved pixels, what the move could not give. */
    int64_t shadow_tiles_reused;        /**< Of shadow_tiles_rasterized: tiles copied from an identical shadow tile
                                             drawn before (layers with the same shadow shape, blur and colour). */
    int64_t pixels_overlaid;            /**< Framebuffer pixels a move brought under ops drawn after every moved
                                             one (a fixed translucent header over a scroll): only those ops were
                                             drawn over them; not counted in pixels_composited. */
    int64_t pixels_move_filled;         /**< Of pixels_moved: pixels of 64-pixel cells the compositor knew to hold one
                                             colour, written as that colour without reading them (README.md,
                                             "Damage"). */
    int64_t pixels_move_kept;           /**< Of pixels_moved: pixels of such cells whose destination held that colour
                                             already, not written at all. */
    int64_t pixels_overlaid_filled;     /**< Of pixels_overlaid: pixels a translucent colour was drawn over as a fill
                                             of one blended colour, without reading them, because the move left
                                             them in cells known to hold one colour. */
} tessera_frame_statistics;

/** The most rects tessera_frame_statistics.damage holds. */
#define TESSERA_MAX_DAMAGE_RECTS 8

/**
 * Renders the tree rooted at `root` into caller memory (every pixel is overwritten; uncovered pixels
 * become transparent) and, when `statistics` is not null, writes what the frame did. `root`'s frame
 * origin (points × scale) places it; a superlayer of `root` is ignored. `pixels` must hold
 * (height - 1) * stride + width * 4 bytes. In TESSERA_RASTER_SYNC mode every tile is drawn before this
 * returns; in TESSERA_RASTER_ASYNC mode missing tiles show as the checkerboard (or their previous
 * version) and their raster callbacks run on the workers until the tiles arrive, in a later render.
 */
tessera_status tessera_compositor_render(tessera_compositor compositor, tessera_layer root,
                                         uint8_t *pixels, int64_t width, int64_t height, int64_t stride,
                                         tessera_frame_statistics *statistics);

/**
 * Renders like tessera_compositor_render, but composites only the pixels that can differ from the frame
 * `previous_frame` (the frame_token of an earlier render of this compositor), which `pixels` must still
 * hold: the caller's promise. With `previous_frame` 0, not this compositor's last frame, or another
 * size, every pixel is composited. `statistics->damage` lists what was.
 */
tessera_status tessera_compositor_render_damage(tessera_compositor compositor, tessera_layer root,
                                                uint8_t *pixels, int64_t width, int64_t height, int64_t stride,
                                                uint64_t previous_frame, tessera_frame_statistics *statistics);

/** The byte layout of a framebuffer (tessera_compositor_render_format). Colour channels are
 *  premultiplied in every format. RGBA and BGRA name bytes in memory order; XRGB and XBGR follow the
 *  DRM / Wayland fourcc names (XRGB8888, XBGR8888), so their bytes are B, G, R, X and R, G, B, X: the X
 *  byte is never read and written as 255 (pixels no layer covers are opaque black). */
typedef int32_t tessera_pixel_format;
enum {
    TESSERA_FORMAT_RGBA = 0, /**< Bytes R, G, B, A (what tessera_compositor_render writes). */
    TESSERA_FORMAT_BGRA = 1, /**< Bytes B, G, R, A: Wayland ARGB8888, Windows DIBs, pixman a8r8g8b8 (LE). */
    TESSERA_FORMAT_XRGB = 2, /**< Bytes B, G, R, 255: Wayland / DRM XRGB8888, X11 24-bit visuals. */
    TESSERA_FORMAT_XBGR = 3  /**< Bytes R, G, B, 255: Wayland / DRM XBGR8888. */
};

/**
 * Renders like tessera_compositor_render_damage (previous_frame 0: a full frame) into a framebuffer in
 * `format` (a TESSERA_FORMAT_* value; others are TESSERA_INVALID_ARGUMENT naming "format"). The swizzle
 * happens while compositing: no second pass. A frame in another format than the previous one is a full
 * frame.
 */
tessera_status tessera_compositor_render_format(tessera_compositor compositor, tessera_layer root,
                                                uint8_t *pixels, int64_t width, int64_t height, int64_t stride,
                                                tessera_pixel_format format, uint64_t previous_frame,
                                                tessera_frame_statistics *statistics);

/**
 * Waits until every raster the compositor has queued has run, and takes the results in: the next render
 * then shows every tile the last render asked for (unless the tree changed since), as in sync mode. No
 * raster callback of this compositor runs after it returns until the next render. The tree's thread.
 */
tessera_status tessera_compositor_drain(tessera_compositor compositor);

/* ---- Layers -------------------------------------------------------------------------------------- */

/** Creates a layer at `frame` (points, in its future superlayer's plane). */
tessera_status tessera_layer_create(const tessera_rect *frame, tessera_layer *out);

/** Creates a scroll layer (content size 0 × 0, no inset). Scroll layers work with every layer function. */
tessera_status tessera_scroll_layer_create(const tessera_rect *frame, tessera_layer *out);

/**
 * Destroys a layer handle: the layer is removed from its superlayer, its sublayers are removed from it
 * (they become roots and their handles stay valid), its content callback is dropped, and the handle
 * becomes invalid. Its content callback is detached as by tessera_layer_set_content: when this returns it is
 * not running and will not be called again, so its `user` pointer may be freed.
 */
tessera_status tessera_layer_destroy(tessera_layer layer);

/** Moves and resizes the layer in its superlayer's plane (points); the bounds size follows. */
tessera_status tessera_layer_set_frame(tessera_layer layer, const tessera_rect *frame);
/** Writes the layer's frame (points, superlayer's plane). */
tessera_status tessera_layer_get_frame(tessera_layer layer, tessera_rect *out);
/** Sets the bounds origin: the top-left of the visible window onto the layer's own plane (points). */
tessera_status tessera_layer_set_bounds_origin(tessera_layer layer, double x, double y);
/** Sets the opacity, 0…1. */
tessera_status tessera_layer_set_opacity(tessera_layer layer, double opacity);
/** Clips sublayers to the bounds when `clips` is non-zero. */
tessera_status tessera_layer_set_clips_to_bounds(tessera_layer layer, int32_t clips);
/** Hides the layer and its sublayers when `hidden` is non-zero. */
tessera_status tessera_layer_set_hidden(tessera_layer layer, int32_t hidden);
/** Fills the bounds below the content with `color` (straight alpha); null removes the background. */
tessera_status tessera_layer_set_background_color(tessera_layer layer, const tessera_color *color);
/** Sets the corner radius (points, finite, 0…1e12): rounds the background and the border, and also clips the
 *  content and sublayers when clips-to-bounds is set (README.md, "Rounded corners, borders"). */
tessera_status tessera_layer_set_corner_radius(tessera_layer layer, double radius);
/** Sets the border: `width` points (finite, 0…1e12; 0 removes it) of `color` (straight alpha; null keeps the
 *  current colour, opaque black by default), inside the bounds over content and sublayers. */
tessera_status tessera_layer_set_border(tessera_layer layer, double width, const tessera_color *color);
/** Group opacity (default on): when non-zero, a layer with opacity < 1 fades with its sublayers as one image
 *  (README.md, "Group opacity"). */
tessera_status tessera_layer_set_allows_group_opacity(tessera_layer layer, int32_t allows);

/** A layer's shadow (README.md, "Shadows"): the layer's shape blurred, drawn below the layer. */
typedef struct tessera_shadow {
    tessera_color color;       /**< straight alpha; default opaque black */
    double opacity;            /**< 0…1; default 0: no shadow */
    double offset_x, offset_y; /**< points, layer's plane (y down), within ±1e12; default (0, -3) as Core Animation */
    double radius;             /**< the blur's standard deviation in points, 0…256; default 3 */
    int32_t has_path;          /**< non-zero: the shape is path_rect / path_corner_radius, else the bounds */
    tessera_rect path_rect;    /**< points, the layer's bounds coordinates (when has_path) */
    double path_corner_radius; /**< points, 0…1e12 (when has_path) */
} tessera_shadow;

/** Sets every shadow property at once. Errors name the field (`shadow->opacity`, `shadow->path_rect.width`, …);
 *  the layer is then unchanged. */
tessera_status tessera_layer_set_shadow(tessera_layer layer, const tessera_shadow *shadow);
/** Writes the layer's shadow properties (has_path 0 and a zero path when it has none). */
tessera_status tessera_layer_get_shadow(tessera_layer layer, tessera_shadow *out);

/* ---- Auto Layout (README.md, "Auto Layout") ------------------------------------------------------ */

/** A layer attribute for tessera_constraint_create. */
enum {
    TESSERA_ATTRIBUTE_LEFT = 0, TESSERA_ATTRIBUTE_RIGHT = 1, TESSERA_ATTRIBUTE_TOP = 2, TESSERA_ATTRIBUTE_BOTTOM = 3,
    TESSERA_ATTRIBUTE_LEADING = 4, TESSERA_ATTRIBUTE_TRAILING = 5, TESSERA_ATTRIBUTE_WIDTH = 6,
    TESSERA_ATTRIBUTE_HEIGHT = 7, TESSERA_ATTRIBUTE_CENTER_X = 8, TESSERA_ATTRIBUTE_CENTER_Y = 9,
    TESSERA_ATTRIBUTE_NONE = -1 /**< `second_attribute` of a constraint with no second item. */
};
/** A relation for tessera_constraint_create. */
enum { TESSERA_RELATION_EQUAL = 0, TESSERA_RELATION_GREATER_OR_EQUAL = 1, TESSERA_RELATION_LESS_OR_EQUAL = 2 };

/** Creates an inactive constraint `first.first_attribute REL multiplier * second.second_attribute + constant`
 *  at `priority` (1…1000, 1000 required), or `first.first_attribute REL constant` when `second` is 0 and
 *  `second_attribute` is TESSERA_ATTRIBUTE_NONE. Positions relate only to positions of the same axis and
 *  sizes to sizes; errors name `first_attribute`, `relation`, `second`, `second_attribute`, `multiplier`,
 *  `constant` or `priority`. The constraint holds its layers weakly. */
tessera_status tessera_constraint_create(tessera_layer first, int32_t first_attribute, int32_t relation,
                                         tessera_layer second, int32_t second_attribute, double multiplier,
                                         double constant, double priority, tessera_constraint *out);
/** Activates (non-zero) or deactivates (0) the constraint; it takes effect at the next layout. */
tessera_status tessera_constraint_set_active(tessera_constraint constraint, int32_t active);
/** Changes the constant (finite); an active constraint re-solves incrementally at the next layout. */
tessera_status tessera_constraint_set_constant(tessera_constraint constraint, double constant);
/** Deactivates the constraint and releases its handle. */
tessera_status tessera_constraint_destroy(tessera_constraint constraint);
/** Whether the layer's frame is a fixed input of the layout (non-zero, the default) or is solved (0). */
tessera_status tessera_layer_set_translates_frame(tessera_layer layer, int32_t translates);
/** Solves the constraints of the tree at `layer` and writes the frames (and scroll layers' content sizes
 *  that constraints set). Unsatisfiable constraints are TESSERA_INVALID_ARGUMENT with the conflicting
 *  constraints named in tessera_last_error; no frame changes then. */
tessera_status tessera_layer_layout_if_needed(tessera_layer layer);

/** Appends `sublayer` on top of `layer`'s sublayers, first removing it from any superlayer. */
tessera_status tessera_layer_add_sublayer(tessera_layer layer, tessera_layer sublayer);
/** Inserts `sublayer` at `index` (0 = bottom) of `layer`'s sublayers. */
tessera_status tessera_layer_insert_sublayer(tessera_layer layer, tessera_layer sublayer, int64_t index);
/** Detaches the layer from its superlayer; does nothing for a root. */
tessera_status tessera_layer_remove_from_superlayer(tessera_layer layer);

/**
 * Draws one tile of a layer's content. `pixels` is the tile's top-left device pixel, rows `stride` bytes
 * apart, transparent on entry; write premultiplied RGBA8 into the device_rect->width × height pixels.
 * `device_rect` says which device pixels of the layer's own plane the tile covers (plane pixel (px, py)
 * is the square from (px, py) / scale to (px + 1, py + 1) / scale in points). Each pixel must depend only
 * on its plane coordinates, so tiles meet without seams.
 *
 * Threads: called on the raster worker threads of the compositor rendering the layer, concurrently for
 * different tiles, never on the calling thread. In TESSERA_RASTER_SYNC mode only while
 * tessera_compositor_render runs. In TESSERA_RASTER_ASYNC mode (the default) also between renders: a
 * render queues the raster of missing and look-ahead tiles and returns without waiting, so a callback may
 * start or still be running after tessera_compositor_render returned and after the tree was changed,
 * until tessera_compositor_drain or tessera_compositor_destroy returns, or the callback is detached.
 * Must not call back into Tessera (it may deadlock).
 *
 * Lifetime guarantee: once tessera_layer_set_content (replacing or removing the callback) or
 * tessera_layer_destroy has returned, that attachment of the callback is never called again and no call
 * of it is still running, so its `user` pointer may be freed. To give it, those two functions wait for
 * the calls of the detached callback that are running (at most one call's duration per worker); a call
 * that would start later draws nothing.
 */
typedef void (*tessera_raster_fn)(void *user, uint8_t *pixels, size_t stride,
                                  const tessera_pixel_rect *device_rect, double scale);

/**
 * Makes `draw` the layer's content (drawn above its background colour); `user` is passed back to it
 * and must stay valid while the content is attached. A null `draw` removes the content. `opaque`
 * non-zero promises every pixel drawn has alpha 255 (layers below are then skipped). Replacing the
 * content invalidates all of the layer's tiles. The previous callback, if any, is detached: when this
 * returns it is not running and will not be called again (see tessera_raster_fn).
 */
tessera_status tessera_layer_set_content(tessera_layer layer, tessera_raster_fn draw, void *user,
                                         int32_t opaque);

/** Marks `rect` (points, layer's own plane) as changed: the tiles it touches are drawn again at the
 *  next render. A null `rect` invalidates all of the layer's drawing. */
tessera_status tessera_layer_set_needs_display(tessera_layer layer, const tessera_rect *rect);

/* ---- Scroll layers (TESSERA_WRONG_HANDLE_KIND for plain layers) ----------------------------------- */

/** Sets the scrollable content size (points, >= 0). */
tessera_status tessera_scroll_layer_set_content_size(tessera_layer scroll, double width, double height);
/** Sets the content inset (points). */
tessera_status tessera_scroll_layer_set_content_inset(tessera_layer scroll, const tessera_insets *inset);
/** Sets the content offset (the bounds origin, points); clamped to the scroll range when `clamped`. */
tessera_status tessera_scroll_layer_set_content_offset(tessera_layer scroll, double x, double y,
                                                       int32_t clamped);
/** Writes the content offset (points). */
tessera_status tessera_scroll_layer_get_content_offset(tessera_layer scroll, double *x, double *y);
/** Applies a pan translation (points; dragging right/down is positive): the offset moves by its
 *  opposite, clamped to the scroll range. */
tessera_status tessera_scroll_layer_pan(tessera_layer scroll, double dx, double dy);

/* ---- Transforms and zoom (README.md, "Transforms and zoom") --------------------------------------- */

/** Sets the layer's transform: a uniform `scale` in 1/256…256 about its anchor point, then the
 *  translation (tx, ty) in points. Sublayers follow. */
tessera_status tessera_layer_set_transform(tessera_layer layer, double scale, double tx, double ty);
/** Writes the layer's transform. */
tessera_status tessera_layer_get_transform(tessera_layer layer, double *scale, double *tx, double *ty);
/** Sets the anchor point (unit coordinates of the bounds, default 0.5, 0.5); the position stays. */
tessera_status tessera_layer_set_anchor_point(tessera_layer layer, double x, double y);
/** Makes `layer` (a direct sublayer of `scroll`; 0 for none) the layer the scroll layer zooms. */
tessera_status tessera_scroll_layer_set_zooming_layer(tessera_layer scroll, tessera_layer layer);
/** Sets the zoom limits (1/256…256, minimum <= maximum; defaults 1, 1: no zoom); clamps the scale. */
tessera_status tessera_scroll_layer_set_zoom_limits(tessera_layer scroll, double minimum, double maximum);
/** Zooms to `scale` (> 0, clamped into the limits) keeping the visible centre. */
tessera_status tessera_scroll_layer_set_zoom_scale(tessera_layer scroll, double scale);
/** Writes the zoom scale. */
tessera_status tessera_scroll_layer_get_zoom_scale(tessera_layer scroll, double *scale);
/** One pinch step: multiplies the scale by `factor` (> 0) around (x, y), the fingers' centre in the
 *  scroll layer's plane (points), which stays put on screen. Rubber-bands past the limits. */
tessera_status tessera_scroll_layer_pinch(tessera_layer scroll, double factor, double x, double y);
/** Ends a pinch: a scale past a limit springs back as tessera_scroll_layer_advance_zoom moves time. */
tessera_status tessera_scroll_layer_end_pinch(tessera_layer scroll);
/** Advances the zoom bounce by `seconds` (>= 0). */
tessera_status tessera_scroll_layer_advance_zoom(tessera_layer scroll, double seconds);
/** Zooms so that `rect` (points, the zooming layer's plane) fills the view as far as the limits allow. */
tessera_status tessera_scroll_layer_zoom_to_rect(tessera_layer scroll, const tessera_rect *rect);

/* ---- Scroll animator: momentum scrolling with UIKit's physics ------------------------------------- */

/*
 * A scroll animator drives a scroll layer's content offset from a finger (drag begin / move / end with
 * velocity) and from time steps: deceleration, rubber-banding, bouncing, paging, and the scroll
 * indicators (two sublayers of the scroll layer, shown while scrolling, faded out after). It has no clock:
 * time passes only through tessera_animator_advance, so the same calls always give the same offsets.
 * Units: points in the scroll layer's own plane, seconds, points per second. Finger velocities follow the
 * finger: to scroll toward larger y offsets (down a list), release with a negative y velocity.
 * Threads: the tree's thread, like the scroll layer it drives.
 */

/** Settings of an animator; fill with tessera_animator_get_options, change, then set. */
typedef struct tessera_animator_options {
    int32_t bounces;                  /**< Non-zero (default): the content may go past its edges and springs back. */
    int32_t always_bounce_vertical;   /**< Non-zero: rubber-band vertically even when the content fits (default 0). */
    int32_t always_bounce_horizontal; /**< Likewise horizontally (default 0). */
    int32_t paging;                   /**< Non-zero: releases settle on multiples of the bounds size (default 0). */
    double deceleration_rate;         /**< Velocity kept per millisecond, in (0, 1): 0.998 normal (default), 0.99 fast. */
} tessera_animator_options;

/** What an animator is doing, and where its indicators are. */
typedef struct tessera_animator_state {
    double offset_x, offset_y;        /**< The content offset (points). */
    double velocity_x, velocity_y;    /**< The offset's velocity, points per second (0 while dragging or at rest). */
    int32_t is_dragging;              /**< 1 between drag begin and drag end. */
    int32_t is_decelerating;          /**< 1 while moving on its own after a release (decelerating, bouncing, paging). */
    int32_t is_at_rest;               /**< 1 when neither axis moves or drags. */
    int32_t has_resting_offset;       /**< 1 when resting_x / resting_y are known (after a release). */
    double resting_x, resting_y;      /**< Where the current motion comes to rest. */
    int32_t has_indicators;           /**< 1 when created with indicators. */
    int32_t vertical_indicator_visible;   /**< 1 when the vertical bar is shown (its axis scrolls). */
    int32_t horizontal_indicator_visible; /**< 1 when the horizontal bar is shown. */
    int32_t reserved;                 /**< 0. */
    tessera_rect vertical_indicator;  /**< The vertical bar's frame (points, the scroll layer's own plane). */
    tessera_rect horizontal_indicator; /**< The horizontal bar's frame. */
    double indicator_alpha;           /**< The bars' opacity, 0…1 (1 while scrolling, fading after). */
} tessera_animator_state;

/** Creates an animator at rest at the scroll layer's offset; with `shows_indicators` non-zero it adds
 *  the two indicator layers on top of the scroll layer's sublayers (they stay when the animator is
 *  destroyed). `scroll` must be a scroll layer (TESSERA_WRONG_HANDLE_KIND otherwise). */
tessera_status tessera_animator_create(tessera_layer scroll, int32_t shows_indicators, tessera_animator *out);
/** Destroys an animator; the handle becomes invalid. The scroll layer keeps its offset. */
tessera_status tessera_animator_destroy(tessera_animator animator);
/** Writes the animator's settings. */
tessera_status tessera_animator_get_options(tessera_animator animator, tessera_animator_options *out);
/** Changes the settings (they apply from the next gesture); a rate outside (0, 1) is
 *  TESSERA_INVALID_ARGUMENT naming "options->deceleration_rate". */
tessera_status tessera_animator_set_options(tessera_animator animator, const tessera_animator_options *options);
/** A finger touches down: any motion stops and the content follows the finger. */
tessera_status tessera_animator_begin_drag(tessera_animator animator);
/** The finger moved by (dx, dy) points since the last call (finite); rubber-banded past the edges. */
tessera_status tessera_animator_drag(tessera_animator animator, double dx, double dy);
/** The finger lifts with velocity (vx, vy) points per second (finite). Writes 1 to `ended` (may be null)
 *  when the release has nothing to animate and the scroll ended there, 0 otherwise. */
tessera_status tessera_animator_end_drag(tessera_animator animator, double vx, double vy, int32_t *ended);
/** Moves time forward by `seconds` (finite, >= 0), updating the offset and the indicators. Writes 1 to
 *  `ended` (may be null) in the step where a released motion comes to rest, 0 otherwise. */
tessera_status tessera_animator_advance(tessera_animator animator, double seconds, int32_t *ended);
/** Stops any motion where it is. */
tessera_status tessera_animator_stop(tessera_animator animator);
/** Writes the animator's state and its indicators' frames and alpha. */
tessera_status tessera_animator_get_state(tessera_animator animator, tessera_animator_state *out);

/* ---- Hit testing and coordinates ----------------------------------------------------------------- */

/** Writes the deepest visible layer of `layer`'s subtree containing (x, y) (points, `layer`'s own plane),
 *  or 0 when none does (UIKit's hitTest: a point outside a layer's bounds hits none of its sublayers;
 *  hidden layers and opacity 0 are not hit). A layer that had no handle (one of a loaded scene) gets one;
 *  a layer keeps the handle it has. */
tessera_status tessera_layer_hit_test(tessera_layer layer, double x, double y, tessera_layer *out);
/** Converts the point (x, y) from `from`'s own plane to `to`'s (both in one tree, else
 *  TESSERA_HIERARCHY_ERROR). */
tessera_status tessera_layer_convert_point(tessera_layer from, tessera_layer to, double x, double y,
                                           double *out_x, double *out_y);
/** Converts `rect` from `from`'s own plane to `to`'s. */
tessera_status tessera_layer_convert_rect(tessera_layer from, tessera_layer to, const tessera_rect *rect,
                                          tessera_rect *out);
/** Writes the first layer named `name` (UTF-8) in `layer`'s subtree, depth first in paint order,
 *  `layer` included (layers of scene files are named by their "name" field), or 0 when there is none. */
tessera_status tessera_layer_find(tessera_layer layer, const char *name, tessera_layer *out);

/* ---- Scene files and PNG ---------------------------------------------------------------------------- */

/** A loaded scene: its root layer's handle and the viewport the file asks for. */
typedef struct tessera_scene {
    tessera_layer root;      /**< The root layer (destroy it with tessera_layer_destroy). */
    double viewport_width;   /**< Points. */
    double viewport_height;  /**< Points. */
    double scale;            /**< Device pixels per point. */
    int64_t pixel_width;     /**< ceil(viewport_width · scale): the framebuffer to render into. */
    int64_t pixel_height;    /**< ceil(viewport_height · scale). */
} tessera_scene;

/** Loads a scene file (the JSON format of README.md, "Scene files"). On failure (TESSERA_INVALID_ARGUMENT)
 *  the message is the one the Swift reader gives (`tessera render` prints it too): the field's path or
 *  the file, and the reason, after "tessera_scene_load_file: ". A null `path` names "path". */
tessera_status tessera_scene_load_file(const char *path, tessera_scene *out);
/** Loads a scene from `length` bytes of JSON at `json` (need not be NUL-terminated). */
tessera_status tessera_scene_load_string(const char *json, size_t length, tessera_scene *out);

/** Writes `image` (in `format`, a TESSERA_FORMAT_* value) to a PNG file at `path` (8-bit RGBA, straight
 *  alpha; the X formats opaque), replacing the file. */
tessera_status tessera_write_png(const tessera_image *image, tessera_pixel_format format, const char *path);

/* ---- Blend kernels on caller buffers (the tier the process selected) ------------------------------ */

/** dst = src. `src` and `dst` must have the same size. A `dst` of at least half the CPU's last-level cache
 *  is written with streaming (non-temporal) stores, as glibc's memcpy does above a size (README.md,
 *  "Composition kernels and instruction-set tiers"). */
tessera_status tessera_blend_copy(const tessera_image *src, const tessera_image *dst);
/** dst = (src · opacity / 255) OVER dst. `src` and `dst` must have the same size. */
tessera_status tessera_blend_source_over(const tessera_image *src, const tessera_image *dst, uint8_t opacity);
/** dst = color (premultiplied). */
tessera_status tessera_blend_fill(const tessera_image *dst, tessera_pixel color);
/** dst = color OVER dst (premultiplied). */
tessera_status tessera_blend_fill_over(const tessera_image *dst, tessera_pixel color);
/** Writes the tier the blend kernels and compositors of this process run (a TESSERA_ISA_* value). */
tessera_status tessera_active_isa(tessera_isa *out);

#ifdef __cplusplus
}
#endif

#endif /* TESSERA_H */
