/*
 * A second C host scene for the appearance entry points of tessera.h: rounded corners clipping content,
 * borders and a fading group, rendered once (the test suite compares the frame with the Swift API's).
 */
#include "tessera_host.h"

#include <stdio.h>
#include <string.h>

#include "tessera.h"

static void fill(void *user, uint8_t *pixels, size_t stride, const tessera_pixel_rect *rect, double scale) {
    (void)user;
    (void)scale;
    for (int64_t y = 0; y < rect->height; y++) {
        uint8_t *row = pixels + (size_t)y * stride;
        for (int64_t x = 0; x < rect->width; x++) {
            const int64_t px = rect->x + x, py = rect->y + y;
            row[x * 4 + 0] = (uint8_t)(px * 3);
            row[x * 4 + 1] = (uint8_t)(py * 5);
            row[x * 4 + 2] = (uint8_t)(px + py);
            row[x * 4 + 3] = 255;
        }
    }
}

#define TRY(call)                                                                                       \
    do {                                                                                                \
        if ((call) != TESSERA_OK) {                                                                     \
            snprintf(message, message_capacity, "%s: %s", #call, tessera_last_error());                 \
            return 1;                                                                                   \
        }                                                                                               \
    } while (0)

int tessera_c_host_appearance(uint8_t *frame_out, tessera_frame_statistics *statistics, char *message,
                              size_t message_capacity) {
    tessera_config config;
    TRY(tessera_config_init(&config));
    config.tile_size = 32;
    config.workers = 2;
    config.raster_mode = TESSERA_RASTER_SYNC;
    tessera_compositor compositor;
    TRY(tessera_compositor_create(&config, &compositor));
    const tessera_rect root_frame = {0, 0, TESSERA_APPEARANCE_WIDTH, TESSERA_APPEARANCE_HEIGHT};
    const tessera_rect card_frame = {6, 6, 60, 44}, image_frame = {-4, 20, 40, 40}, fade_frame = {20, 30, 50, 26};
    const tessera_color background = {235, 235, 240, 255}, white = {255, 255, 255, 255};
    const tessera_color border = {20, 40, 200, 160}, red = {220, 30, 30, 255};
    tessera_layer root, card, image, fade, child;
    TRY(tessera_layer_create(&root_frame, &root));
    TRY(tessera_layer_set_background_color(root, &background));
    TRY(tessera_layer_create(&card_frame, &card));
    TRY(tessera_layer_set_background_color(card, &white));
    TRY(tessera_layer_set_clips_to_bounds(card, 1));
    TRY(tessera_layer_set_corner_radius(card, 10.5));
    TRY(tessera_layer_set_border(card, 1.5, &border));
    const tessera_shadow shadow = {{0, 0, 0, 255}, 0.4, 0, 3, 4, 0, {0, 0, 0, 0}, 0};
    TRY(tessera_layer_set_shadow(card, &shadow));
    TRY(tessera_layer_create(&image_frame, &image));
    TRY(tessera_layer_set_content(image, fill, NULL, 1));
    TRY(tessera_layer_add_sublayer(card, image));
    TRY(tessera_layer_add_sublayer(root, card));
    TRY(tessera_layer_create(&fade_frame, &fade));
    TRY(tessera_layer_set_background_color(fade, &red));
    TRY(tessera_layer_set_opacity(fade, 0.5));
    TRY(tessera_layer_set_allows_group_opacity(fade, 1));
    const tessera_rect child_frame = {10, 5, 20, 30};
    TRY(tessera_layer_create(&child_frame, &child));
    TRY(tessera_layer_set_background_color(child, &white));
    TRY(tessera_layer_add_sublayer(fade, child));
    TRY(tessera_layer_add_sublayer(root, fade));

    /* Bad values are refused and name the argument. */
    if (tessera_layer_set_corner_radius(card, -1) != TESSERA_INVALID_ARGUMENT || !strstr(tessera_last_error(), "radius")) {
        snprintf(message, message_capacity, "a negative radius was not refused by name: %s", tessera_last_error());
        return 1;
    }
    if (tessera_layer_set_border(card, 0.0 / 0.0, NULL) != TESSERA_INVALID_ARGUMENT || !strstr(tessera_last_error(), "width")) {
        snprintf(message, message_capacity, "a NaN border width was not refused by name: %s", tessera_last_error());
        return 1;
    }

    tessera_shadow bad = shadow;
    bad.radius = -2;
    if (tessera_layer_set_shadow(card, &bad) != TESSERA_INVALID_ARGUMENT || !strstr(tessera_last_error(), "shadow->radius")) {
        snprintf(message, message_capacity, "a negative shadow radius was not refused by name: %s", tessera_last_error());
        return 1;
    }
    tessera_shadow back;
    TRY(tessera_layer_get_shadow(card, &back));
    if (back.radius != 4 || back.opacity != 0.4 || back.offset_y != 3 || back.has_path) {
        snprintf(message, message_capacity, "tessera_layer_get_shadow gave radius %g opacity %g", back.radius, back.opacity);
        return 1;
    }

    TRY(tessera_compositor_render(compositor, root, frame_out, TESSERA_APPEARANCE_WIDTH, TESSERA_APPEARANCE_HEIGHT,
                                  TESSERA_APPEARANCE_WIDTH * 4, statistics));
    TRY(tessera_layer_destroy(child));
    TRY(tessera_layer_destroy(fade));
    TRY(tessera_layer_destroy(image));
    TRY(tessera_layer_destroy(card));
    TRY(tessera_layer_destroy(root));
    TRY(tessera_compositor_destroy(compositor));
    return 0;
}
