/*
 * The example C host of Tessera's C ABI, as a library for the test suite (CHostSupport) and, with
 * -DTESSERA_HOST_MAIN, as a program of its own (see README.md).
 */
#ifndef TESSERA_HOST_H
#define TESSERA_HOST_H

#include <stddef.h>
#include <stdint.h>

/** The framebuffer the host renders, device pixels (the scene is 160 × 120 points at scale 2). */
#define TESSERA_HOST_WIDTH 320
#define TESSERA_HOST_HEIGHT 240
/** How many frames the host renders. */
#define TESSERA_HOST_FRAMES 8

/**
 * Builds the scrolling scene through tessera.h, renders TESSERA_HOST_FRAMES frames while scrolling and
 * checks every pixel, the raster callbacks and the statistics of each frame. When `frames_out` is not
 * null it receives every frame, packed (TESSERA_HOST_WIDTH * 4 bytes a row), one after another; it must
 * hold `frames_capacity` >= TESSERA_HOST_FRAMES * TESSERA_HOST_WIDTH * TESSERA_HOST_HEIGHT * 4 bytes.
 * Returns 0 when everything matched, otherwise non-zero with a description in `message`.
 */
int tessera_c_host_run(uint8_t *frames_out, size_t frames_capacity, char *message, size_t message_capacity);

/**
 * The zoom host (tessera_zoom_host.c): a zooming scroll layer and a transformed layer driven through
 * tessera.h — transforms, anchor point, pinch (focal point within half a device pixel), zoom bounce,
 * zoom to rect, refused bad values — rendering a frame after each step. Returns 0 when every check
 * passed, otherwise non-zero with a description in `message`.
 */
int tessera_c_zoom_host_run(char *message, size_t message_capacity);
/** The appearance scene's framebuffer (scale 1). */
#define TESSERA_APPEARANCE_WIDTH 80
#define TESSERA_APPEARANCE_HEIGHT 64

struct tessera_frame_statistics;

/**
 * Builds a scene with a rounded, bordered, clipping card and a fading group through tessera.h, checks that
 * bad radii and widths are refused by name, and renders one frame into `frame_out` (packed,
 * TESSERA_APPEARANCE_WIDTH * 4 bytes a row) with its statistics. Returns 0 on success, otherwise non-zero
 * with a description in `message`.
 */
int tessera_c_host_appearance(uint8_t *frame_out, struct tessera_frame_statistics *statistics, char *message,
                              size_t message_capacity);

#endif
