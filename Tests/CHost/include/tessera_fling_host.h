/*
 * The second example C host of Tessera's C ABI: a fling driven entirely through tessera.h (a scene loaded
 * from JSON, a drag, a release with velocity, frames advanced by time and rendered as BGRA with damage).
 * A library for the test suite (CHostSupport) and, with -DTESSERA_FLING_HOST_MAIN, a program of its own
 * (README.md, "Using Tessera from C").
 */
#ifndef TESSERA_FLING_HOST_H
#define TESSERA_FLING_HOST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/** The most frames the fling host renders (it stops earlier when the fling comes to rest). */
#define TESSERA_FLING_HOST_MAX_FRAMES 600
/** The frame rate of the host: each frame advances 1.0 / TESSERA_FLING_HOST_HZ seconds. */
#define TESSERA_FLING_HOST_HZ 120
/** The drag: TESSERA_FLING_HOST_DRAG_STEPS moves of TESSERA_FLING_HOST_DRAG_DY points each, then a release
 *  with TESSERA_FLING_HOST_VELOCITY points per second (finger velocity: negative scrolls down the list). */
#define TESSERA_FLING_HOST_DRAG_STEPS 5
#define TESSERA_FLING_HOST_DRAG_DY (-12.0)
#define TESSERA_FLING_HOST_VELOCITY (-2500.0)

/** The scene the host loads (JSON, README.md "Scene files"): a 160 × 240-point window at scale 2 with a
 *  scroll layer named "list" of 40 rows. */
const char *tessera_fling_host_scene(void);

/** What one frame of the fling did. */
typedef struct tessera_fling_frame {
    double offset_y;          /**< The list's content offset after the step, points. */
    double velocity_y;        /**< The animator's velocity, points per second. */
    double indicator_alpha;   /**< The scroll indicator's opacity. */
    int64_t damage_rects;     /**< Damage rects of the frame. */
    int64_t damaged_pixels;   /**< Device pixels composited (sum of the damage rects' areas). */
    int64_t tiles_rasterized; /**< Visible tiles rasterized by the frame. */
    int64_t composite_ns;     /**< Composite time. */
} tessera_fling_frame;

/**
 * Runs the fling: loads tessera_fling_host_scene, finds "list", creates an animator with indicators,
 * renders a first frame, drags, releases, then advances 1.0 / TESSERA_FLING_HOST_HZ and renders (damage only,
 * BGRA) until the fling rests or TESSERA_FLING_HOST_MAX_FRAMES. Checks as it goes: statuses, a hit test
 * and a point conversion, that the offset never goes backwards during the fling, that the rest is reported
 * once, the BGRA bytes of a known pixel. Writes each step's figures to `frames` (capacity
 * `frames_capacity`) and their count to `frame_count`; prints a line per frame to `log` when not null;
 * writes the last frame as a PNG to `png_path` when not null. Returns 0 on success, non-zero with a
 * description in `message` otherwise.
 */
int tessera_fling_host_run(tessera_fling_frame *frames, size_t frames_capacity, size_t *frame_count, FILE *log,
                           const char *png_path, char *message, size_t message_capacity);

#endif
