/*
 * tessera_cabi_fuzz.c — a fuzzer of Tessera's C ABI (Sources/CTessera/include/tessera.h).
 *
 * Each case runs two threads at once. Each thread owns a small world (up to POOL layers and scroll
 * layers, up to 2 compositors) and makes STEPS random calls on it: create, mutate, reparent, destroy,
 * render, blend, with valid arguments or with exactly one hostile one (null pointers, destroyed
 * handles — its own and the other thread's —, forged handles, handles of the wrong kind, NaN, ±inf,
 * negative sizes, out-of-range and huge values). The threads never touch each other's live objects
 * (tessera.h: one tree from one thread at a time); they share only handles that are already destroyed,
 * and one compositor that both destroy at once (exactly one destroy must succeed).
 *
 * The oracle: every call returns the status its arguments call for (TESSERA_OK for valid arguments,
 * the documented error for the hostile one, TESSERA_HIERARCHY_ERROR for a cycle or a tree deeper than
 * 256 levels, which the fuzzer's own model of the trees predicts); a failing call leaves
 * tessera_last_error() non-empty and starting with the function's name; a succeeding call leaves the
 * thread's last error unchanged; raster callbacks get a pixel rect of sane size and stride; render
 * statistics are consistent. A crash (any signal, a sanitizer report) or a case running longer than
 * the time limit prints the case and the seed to rerun it.
 *
 * Deterministic from the seed: the calls each thread makes follow from (seed, case, thread); only their
 * interleaving and which already-destroyed handle of the other thread is picked depend on timing.
 *
 * Usage: tessera-cabi-fuzz [--seed N] [--cases N] [--first N] [--steps N] [--timeout SECONDS] [--verbose]
 * Build and run (README.md, "Fuzzing"):
 *   swift build -c release
 *   cc -std=c11 -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -I Sources/CTessera/include \
 *      Tests/CFuzz/tessera_cabi_fuzz.c -L .build/release -lTesseraC -Wl,-rpath,$PWD/.build/release -lpthread \
 *      -o .build/tessera-cabi-fuzz && .build/tessera-cabi-fuzz --cases 2000
 * Exit status: 0 when every case passed, 1 on a failed check, 2 on a bad command line; a crash or hang
 * ends the process with the signal or sanitizer status after printing the case.
 */
#define _POSIX_C_SOURCE 200809L
#include "tessera.h"

#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define POOL 24         /* layers per thread */
#define COMPOSITORS 2   /* compositors per thread */
#define ANIMATORS 2     /* scroll animators per thread */
#define RETIRED 256     /* destroyed handles remembered per thread */
#define MAX_FAILURES 20 /* failed checks printed before the fuzzer stops printing them */
#define DEPTH_LIMIT 256 /* tessera.h: trees deeper than 256 levels are refused */

/* ---- the run: options, progress, failures ---------------------------------------------------------- */

static uint64_t option_seed = 1;
static uint64_t option_cases = 200;
static uint64_t option_first = 0;
static int option_steps = 300;
static double option_timeout = 20;
static int option_verbose = 0;

/* The case and step each thread is in, read by the crash and hang reports. */
static _Atomic uint64_t current_case = 0;
static _Atomic int current_step[2];
static const char *_Atomic current_call[2];
static _Atomic uint64_t case_started_ns = 0;
static _Atomic int case_running = 0;
static atomic_int failures = 0;

/* Outcomes over the run: calls by status, and renders that succeeded. */
static atomic_long status_counts[7];
static atomic_long renders_ok = 0;
static atomic_long callbacks_run = 0;

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Async-signal-safe text output. */
static void raw_write(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(2, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

static void raw_write_u64(uint64_t value) {
    char digits[24];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    char text[24];
    for (int i = 0; i < n; i++) text[i] = digits[n - 1 - i];
    text[n] = 0;
    raw_write(text);
}

/* Prints which case was running and how to rerun it; safe in a signal handler. */
static void report_current_case(const char *what) {
    raw_write("tessera-cabi-fuzz: ");
    raw_write(what);
    raw_write(" in case ");
    raw_write_u64(atomic_load(&current_case));
    for (int t = 0; t < 2; t++) {
        raw_write(t == 0 ? " (thread 0 at step " : ", thread 1 at step ");
        raw_write_u64((uint64_t)atomic_load(&current_step[t]));
        const char *call = atomic_load(&current_call[t]);
        raw_write(", ");
        raw_write(call ? call : "-");
    }
    raw_write("); rerun: tessera-cabi-fuzz --seed ");
    raw_write_u64(option_seed);
    raw_write(" --first ");
    raw_write_u64(atomic_load(&current_case));
    raw_write(" --cases 1 --steps ");
    raw_write_u64((uint64_t)option_steps);
    raw_write("\n");
}

static void on_signal(int signal_number) {
    raw_write("tessera-cabi-fuzz: signal ");
    raw_write_u64((uint64_t)signal_number);
    raw_write("\n");
    report_current_case("crash");
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

static void on_sanitizer_death(void) { report_current_case("sanitizer report"); }

/* Present when the program is built with a sanitizer; null otherwise. */
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

static void fail(int thread, const char *format, ...) {
    int count = atomic_fetch_add(&failures, 1) + 1;
    if (count > MAX_FAILURES) return;
    char text[1024];
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(text, sizeof text, format, arguments);
    va_end(arguments);
    fprintf(stderr, "tessera-cabi-fuzz: FAIL case %" PRIu64 " thread %d step %d: %s; rerun: tessera-cabi-fuzz --seed %" PRIu64
                    " --first %" PRIu64 " --cases 1 --steps %d\n",
            atomic_load(&current_case), thread, atomic_load(&current_step[thread]), text, option_seed,
            atomic_load(&current_case), option_steps);
}

/* ---- random numbers: splitmix64 ------------------------------------------------------------------- */

typedef struct rng {
    uint64_t state;
} rng;

static uint64_t next_u64(rng *r) {
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A value in 0…n-1 (n > 0). */
static int below(rng *r, int n) { return (int)(next_u64(r) % (uint64_t)n); }
static int chance(rng *r, int percent) { return below(r, 100) < percent; }
static double uniform(rng *r, double lo, double hi) {
    return lo + (hi - lo) * ((double)(next_u64(r) >> 11) / 9007199254740992.0);
}

/* ---- hostile values ------------------------------------------------------------------------------- */

/* A coordinate Tessera must refuse (non-finite or beyond 1e12 points). */
static double bad_coordinate(rng *r) {
    static const double values[] = {NAN, -NAN, INFINITY, -INFINITY, 1e13, -1e13, 1e308, -1e308, 1.0000001e12};
    return values[below(r, (int)(sizeof values / sizeof values[0]))];
}

/* An extent (width, height, size) Tessera must refuse. */
static double bad_extent(rng *r) {
    static const double values[] = {NAN, INFINITY, -INFINITY, -1, -1e-300, -0.5, 1e13, 1e308, -1e308};
    return values[below(r, (int)(sizeof values / sizeof values[0]))];
}

/* A legal coordinate: usually moderate, sometimes extreme but inside the limits. */
static double good_coordinate(rng *r, int *extreme) {
    switch (below(r, 10)) {
    case 0: *extreme = 1; return chance(r, 50) ? 1e12 : -1e12;
    case 1: *extreme = 1; return uniform(r, -1e9, 1e9);
    case 2: return -0.0;
    case 3: return uniform(r, -0.5, 0.5);
    default: return uniform(r, -400, 400);
    }
}

static double good_extent(rng *r, int *extreme) {
    switch (below(r, 12)) {
    case 0: return 0;
    case 1: *extreme = 1; return 1e12;
    case 2: *extreme = 1; return uniform(r, 0, 1e7);
    case 3: return 1e-9;
    default: return uniform(r, 0, 300);
    }
}

/* A handle no live object has: 0, a slot never issued, generation 0, or a kind byte that does not exist. */
static uint64_t forged_handle(rng *r) {
    switch (below(r, 5)) {
    case 0: return 0;
    case 1: return (uint64_t)(1 + below(r, 3)) << 56 | (uint64_t)1 << 32 | (0xFFFFFF00u + (uint64_t)below(r, 255));
    case 2: return (uint64_t)(1 + below(r, 3)) << 56 | (uint64_t)below(r, 64); /* generation 0 */
    case 3: return (uint64_t)(4 + below(r, 250)) << 56 | (uint64_t)1 << 32 | (uint64_t)below(r, 64);
    default: return UINT64_MAX;
    }
}

/* ---- each thread's world -------------------------------------------------------------------------- */

typedef struct layer_model {
    tessera_layer handle; /* 0 when the slot is empty */
    int scroll;
    int parent;           /* index in the pool, -1 for a root */
    int children;         /* sublayer count */
    int extreme;          /* extreme (legal) geometry was set on it */
    int transformed;      /* it may carry a transform (a zooming layer): its frame is the transformed box, so
                             setting one may be refused or read back rounded */
    struct attachment *content; /* the attached raster callback's user record, or null */
} layer_model;

typedef struct compositor_model {
    tessera_compositor handle;
    int async;            /* TESSERA_RASTER_ASYNC: callbacks may run between renders */
    int64_t tile_size;
    double scale;
    uint64_t last_frame;
} compositor_model;

/* Retired (destroyed) handles, readable by the other thread. */
typedef struct retired_ring {
    _Atomic uint64_t handles[RETIRED];
    atomic_int count;
} retired_ring;

typedef struct world {
    int index;
    rng random;
    layer_model layers[POOL];
    compositor_model compositors[COMPOSITORS];
    tessera_animator animators[ANIMATORS]; /* 0 when the slot is empty; created without indicators */
    retired_ring retired;
    atomic_int in_render;       /* 1 while this thread is inside tessera_compositor_render */
    atomic_int bad_callbacks;   /* callbacks with impossible arguments */
    atomic_int late_callbacks;  /* callbacks outside render while every compositor of the thread was sync */
    atomic_int live_async;      /* this thread's compositors in TESSERA_RASTER_ASYNC mode (may call back any time) */
    atomic_long callbacks;
    char last_error[512];       /* the thread's last error as last seen */
    struct world *other;
} world;

static world worlds[2];

/* The `user` of one attachment of the raster callback. tessera.h: once set_content (replacing or
 * removing it) or layer_destroy returns, that attachment is never called again, so the record is freed
 * right then; a later call reads freed memory, which AddressSanitizer reports. */
#define ATTACHMENT_MAGIC 0x7e55e7a5u
typedef struct attachment {
    uint32_t magic;
    world *w;
} attachment;

static attachment *new_attachment(world *w) {
    attachment *a = malloc(sizeof *a);
    if (a == NULL) abort();
    a->magic = ATTACHMENT_MAGIC;
    a->w = w;
    return a;
}

static void free_attachment(attachment *a) {
    if (a == NULL) return;
    a->magic = 0;
    free(a);
}

/* A compositor both threads destroy at a random step of each case: exactly one destroy must succeed,
 * the other must report the handle destroyed (the handle table checks and frees under one lock). */
static _Atomic tessera_compositor shared_victim = 0;
static atomic_int shared_victim_destroyed = 0;
static int victim_step[2];

static void retire(world *w, uint64_t handle) {
    int n = atomic_fetch_add(&w->retired.count, 1);
    atomic_store(&w->retired.handles[n % RETIRED], handle);
}

/* A destroyed handle: this thread's or the other's; a forged one when none was destroyed yet. */
static uint64_t stale_handle(world *w) {
    world *from = chance(&w->random, 50) ? w : w->other;
    int n = atomic_load(&from->retired.count);
    if (n == 0) return forged_handle(&w->random);
    int limit = n < RETIRED ? n : RETIRED;
    uint64_t h = atomic_load(&from->retired.handles[below(&w->random, limit)]);
    return h != 0 ? h : forged_handle(&w->random);
}

/* ---- the checks of every call ---------------------------------------------------------------------- */

static const char *status_name(tessera_status s) {
    switch (s) {
    case TESSERA_OK: return "TESSERA_OK";
    case TESSERA_INVALID_ARGUMENT: return "TESSERA_INVALID_ARGUMENT";
    case TESSERA_INVALID_HANDLE: return "TESSERA_INVALID_HANDLE";
    case TESSERA_WRONG_HANDLE_KIND: return "TESSERA_WRONG_HANDLE_KIND";
    case TESSERA_HIERARCHY_ERROR: return "TESSERA_HIERARCHY_ERROR";
    case TESSERA_INTERNAL_ERROR: return "TESSERA_INTERNAL_ERROR";
    default: return "an undocumented status";
    }
}

#define ANY_ERROR (-1) /* expectation: some documented failure (not OK) */
#define OK_OR_ARGUMENT (-2) /* expectation: OK, or TESSERA_INVALID_ARGUMENT (legal but extreme input) */

/* Checks a call's status against `expected` and the last-error rules; returns the status. */
static tessera_status check(world *w, const char *function, tessera_status got, int expected) {
    int slot = got >= 0 && got <= 5 ? got : 6;
    atomic_fetch_add(&status_counts[slot], 1);
    const char *message = tessera_last_error();
    if (message == NULL) {
        fail(w->index, "%s: tessera_last_error() returned null", function);
        return got;
    }
    if (slot == 6) {
        fail(w->index, "%s returned %d, %s; last error \"%s\"", function, got, status_name(got), message);
        return got;
    }
    int acceptable = expected == ANY_ERROR        ? got != TESSERA_OK
                     : expected == OK_OR_ARGUMENT ? (got == TESSERA_OK || got == TESSERA_INVALID_ARGUMENT)
                                                  : got == expected;
    if (!acceptable) {
        fail(w->index, "%s returned %s, expected %s; last error \"%s\"", function, status_name(got),
             expected == ANY_ERROR ? "a failure" : expected == OK_OR_ARGUMENT ? "OK or INVALID_ARGUMENT"
                                                                              : status_name(expected),
             got == TESSERA_OK ? "(unchanged)" : message);
    }
    if (got == TESSERA_OK) {
        if (strcmp(message, w->last_error) != 0) {
            fail(w->index, "%s succeeded but changed the thread's last error from \"%s\" to \"%s\"", function,
                 w->last_error, message);
        }
    } else {
        size_t n = strlen(function);
        if (message[0] == 0) {
            fail(w->index, "%s failed with %s and an empty tessera_last_error()", function, status_name(got));
        } else if (strncmp(message, function, n) != 0 || message[n] != ':') {
            fail(w->index, "%s failed with \"%s\", which does not start with the function's name", function, message);
        }
        snprintf(w->last_error, sizeof w->last_error, "%s", message);
    }
    if (option_verbose) fprintf(stderr, "  t%d %s -> %s\n", w->index, function, status_name(got));
    return got;
}

/* ---- the model's view of the trees ---------------------------------------------------------------- */

static int live_layer(world *w, int kind) { /* kind: 0 any, 1 plain only, 2 scroll only; -1 when none */
    int candidates[POOL], n = 0;
    for (int i = 0; i < POOL; i++) {
        layer_model *l = &w->layers[i];
        if (l->handle != 0 && (kind == 0 || (kind == 1 && !l->scroll) || (kind == 2 && l->scroll))) candidates[n++] = i;
    }
    return n == 0 ? -1 : candidates[below(&w->random, n)];
}

static int live_compositor(world *w) {
    int candidates[COMPOSITORS], n = 0;
    for (int i = 0; i < COMPOSITORS; i++)
        if (w->compositors[i].handle != 0) candidates[n++] = i;
    return n == 0 ? -1 : candidates[below(&w->random, n)];
}

static int depth_to_root(world *w, int i) { /* layers from the root down to i, inclusive */
    int depth = 0;
    for (; i >= 0; i = w->layers[i].parent) depth++;
    return depth;
}

static int subtree_height(world *w, int i) {
    int height = 1;
    for (int j = 0; j < POOL; j++)
        if (w->layers[j].handle != 0 && w->layers[j].parent == i) {
            int h = 1 + subtree_height(w, j);
            if (h > height) height = h;
        }
    return height;
}

static int is_ancestor_or_self(world *w, int ancestor, int i) {
    for (; i >= 0; i = w->layers[i].parent)
        if (i == ancestor) return 1;
    return 0;
}

static int subtree_extreme(world *w, int root) {
    for (int j = 0; j < POOL; j++)
        if (w->layers[j].handle != 0 && w->layers[j].extreme && is_ancestor_or_self(w, root, j)) return 1;
    return 0;
}

static void detach(world *w, int i) {
    int parent = w->layers[i].parent;
    if (parent >= 0) w->layers[parent].children--;
    w->layers[i].parent = -1;
}

/* ---- hostile handle choice shared by every call taking a handle ------------------------------------ */

typedef enum fault { NO_FAULT, FAULT_STALE, FAULT_WRONG_KIND, FAULT_ARGUMENT } fault;

/* The handle passed where a layer is expected: a live layer (index in *i), or a stale or wrong-kind
 * one per `*f` (a wrong-kind fault becomes a stale one when the world has no object of another kind). `scroll_only`: the call wants a scroll layer. Returns 0 handle with *i = -1 when the
 * world has no suitable live layer (the caller then skips the call). */
static uint64_t layer_argument(world *w, fault *f, int scroll_only, int *i) {
    *i = -1;
    if (*f == FAULT_WRONG_KIND) {
        if (scroll_only && chance(&w->random, 60)) {
            int plain = live_layer(w, 1);
            if (plain >= 0) return w->layers[plain].handle;
        }
        int c = live_compositor(w);
        if (c >= 0) return w->compositors[c].handle;
        *f = FAULT_STALE; /* no object of another kind: a stale handle instead */
    }
    if (*f == FAULT_STALE) return stale_handle(w);
    *i = live_layer(w, scroll_only ? 2 : 0);
    return *i >= 0 ? w->layers[*i].handle : 0;
}

/* The status a handle fault calls for. */
static int fault_status(fault f) {
    switch (f) {
    case FAULT_STALE: return TESSERA_INVALID_HANDLE;
    case FAULT_WRONG_KIND: return TESSERA_WRONG_HANDLE_KIND;
    case FAULT_ARGUMENT: return TESSERA_INVALID_ARGUMENT;
    default: return TESSERA_OK;
    }
}

static fault pick_fault(rng *r, int argument_faults) {
    int x = below(r, 100);
    if (x < 12) return FAULT_STALE;
    if (x < 20) return FAULT_WRONG_KIND;
    if (argument_faults && x < 45) return FAULT_ARGUMENT;
    return NO_FAULT;
}

/* ---- the raster callback ----------------------------------------------------------------------------- */

static void raster(void *user, uint8_t *pixels, size_t stride, const tessera_pixel_rect *rect, double scale) {
    attachment *a = user;
    if (a == NULL || a->magic != ATTACHMENT_MAGIC) { /* a detached attachment (freed memory) */
        raw_write("tessera-cabi-fuzz: a raster callback ran for a detached attachment\n");
        report_current_case("callback after detach");
        abort();
    }
    world *w = a->w;
    atomic_fetch_add(&w->callbacks, 1);
    atomic_fetch_add(&callbacks_run, 1);
    if (!atomic_load(&w->in_render) && atomic_load(&w->live_async) == 0) atomic_fetch_add(&w->late_callbacks, 1);
    if (pixels == NULL || rect == NULL || rect->width <= 0 || rect->height <= 0 || rect->width > 2048 ||
        rect->height > 2048 || stride < (size_t)rect->width * 4 || !(scale > 0 && scale <= 16)) {
        atomic_fetch_add(&w->bad_callbacks, 1);
        return;
    }
    for (int64_t y = 0; y < rect->height; y++) { /* every pixel of the tile, so a short buffer shows */
        uint8_t *row = pixels + (size_t)y * stride;
        for (int64_t x = 0; x < rect->width; x++) {
            uint8_t v = (uint8_t)((rect->x + x) ^ (rect->y + y));
            row[x * 4 + 0] = v;
            row[x * 4 + 1] = v;
            row[x * 4 + 2] = v;
            row[x * 4 + 3] = 255;
        }
    }
}

/* ---- the calls ------------------------------------------------------------------------------------- */

static void do_create_layer(world *w) {
    rng *r = &w->random;
    int slot = -1;
    for (int i = 0; i < POOL; i++)
        if (w->layers[i].handle == 0) { slot = i; break; }
    int scroll = chance(r, 40);
    const char *name = scroll ? "tessera_scroll_layer_create" : "tessera_layer_create";
    int extreme = 0;
    tessera_rect frame = {good_coordinate(r, &extreme), good_coordinate(r, &extreme), good_extent(r, &extreme),
                          good_extent(r, &extreme)};
    int hostile = slot < 0 || chance(r, 30);
    tessera_layer out = 0;
    if (!hostile) {
        int drawn = chance(r, 50); /* a layer on screen (the framebuffers are at most 96 pixels) that draws */
        if (drawn) {
            extreme = 0;
            frame = (tessera_rect){uniform(r, -20, 60), uniform(r, -20, 60), uniform(r, 0, 120), uniform(r, 0, 120)};
        }
        tessera_status s = check(w, name, scroll ? tessera_scroll_layer_create(&frame, &out)
                                                : tessera_layer_create(&frame, &out), TESSERA_OK);
        if (s == TESSERA_OK) {
            if (out == 0) fail(w->index, "%s succeeded with the null handle", name);
            w->layers[slot] = (layer_model){.handle = out, .scroll = scroll, .parent = -1, .extreme = extreme};
            if (drawn) {
                attachment *a = new_attachment(w);
                if (check(w, "tessera_layer_set_content", tessera_layer_set_content(out, raster, a, below(r, 2)),
                          TESSERA_OK) == TESSERA_OK)
                    w->layers[slot].content = a;
                else
                    free_attachment(a);
            }
        }
        return;
    }
    switch (below(r, 6)) {
    case 0: check(w, name, scroll ? tessera_scroll_layer_create(NULL, &out) : tessera_layer_create(NULL, &out),
                  TESSERA_INVALID_ARGUMENT); break;
    case 1: check(w, name, scroll ? tessera_scroll_layer_create(&frame, NULL) : tessera_layer_create(&frame, NULL),
                  TESSERA_INVALID_ARGUMENT); break;
    default: {
        int field = below(r, 4);
        double *value = field == 0 ? &frame.x : field == 1 ? &frame.y : field == 2 ? &frame.width : &frame.height;
        *value = field < 2 ? bad_coordinate(r) : bad_extent(r);
        check(w, name, scroll ? tessera_scroll_layer_create(&frame, &out) : tessera_layer_create(&frame, &out),
              TESSERA_INVALID_ARGUMENT);
        if (out != 0) fail(w->index, "%s failed but wrote its out-parameter", name);
    }
    }
}

static void do_destroy_layer(world *w) {
    fault f = pick_fault(&w->random, 0);
    int i;
    uint64_t h = layer_argument(w, &f, 0, &i);
    if (f == NO_FAULT && i < 0) return;
    tessera_status s = check(w, "tessera_layer_destroy", tessera_layer_destroy(h), fault_status(f));
    if (f == NO_FAULT && s == TESSERA_OK) {
        detach(w, i);
        for (int j = 0; j < POOL; j++)
            if (w->layers[j].handle != 0 && w->layers[j].parent == i) w->layers[j].parent = -1;
        w->layers[i].handle = 0;
        free_attachment(w->layers[i].content); /* detached: tessera_layer_destroy returned */
        w->layers[i].content = NULL;
        retire(w, h);
    }
}

static void do_set_frame(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 1);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 0, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    int extreme = 0;
    tessera_rect frame = {good_coordinate(r, &extreme), good_coordinate(r, &extreme), good_extent(r, &extreme),
                          good_extent(r, &extreme)};
    if (f == FAULT_ARGUMENT && chance(r, 20)) {
        check(w, "tessera_layer_set_frame", tessera_layer_set_frame(h, NULL), TESSERA_INVALID_ARGUMENT);
        return;
    }
    if (f == FAULT_ARGUMENT) {
        int field = below(r, 4);
        double *value = field == 0 ? &frame.x : field == 1 ? &frame.y : field == 2 ? &frame.width : &frame.height;
        *value = field < 2 ? bad_coordinate(r) : bad_extent(r);
    }
    int transformed = i >= 0 && w->layers[i].transformed;
    tessera_status s = check(w, "tessera_layer_set_frame", tessera_layer_set_frame(h, &frame),
                             transformed && f == NO_FAULT ? OK_OR_ARGUMENT : fault_status(f));
    if (s == TESSERA_OK && i >= 0 && !transformed) {
        w->layers[i].extreme |= extreme;
        tessera_rect back;
        if (check(w, "tessera_layer_get_frame", tessera_layer_get_frame(h, &back), TESSERA_OK) == TESSERA_OK &&
            memcmp(&back, &frame, sizeof back) != 0 && !(back.x == frame.x && back.y == frame.y &&
                                                         back.width == frame.width && back.height == frame.height)) {
            fail(w->index, "tessera_layer_get_frame gave (%g, %g, %g, %g) after setting (%g, %g, %g, %g)", back.x,
                 back.y, back.width, back.height, frame.x, frame.y, frame.width, frame.height);
        }
    }
}

static void do_get_frame(world *w) {
    fault f = pick_fault(&w->random, 1);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 0, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    tessera_rect out;
    check(w, "tessera_layer_get_frame", tessera_layer_get_frame(h, f == FAULT_ARGUMENT ? NULL : &out), fault_status(f));
}

static void do_bounds_origin(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 1);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 0, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    int extreme = 0;
    double x = good_coordinate(r, &extreme), y = good_coordinate(r, &extreme);
    if (f == FAULT_ARGUMENT) *(chance(r, 50) ? &x : &y) = bad_coordinate(r);
    if (check(w, "tessera_layer_set_bounds_origin", tessera_layer_set_bounds_origin(h, x, y), fault_status(f)) ==
            TESSERA_OK && i >= 0)
        w->layers[i].extreme |= extreme;
}

static void do_opacity(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 1);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 0, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    static const double bad[] = {NAN, INFINITY, -INFINITY, -0.0001, 1.0000001, 2, -1, 1e308};
    double opacity = f == FAULT_ARGUMENT ? bad[below(r, 8)] : chance(r, 20) ? (double)below(r, 2) : uniform(r, 0, 1);
    check(w, "tessera_layer_set_opacity", tessera_layer_set_opacity(h, opacity), fault_status(f));
}

/* A shadow on the layer `h` that do_appearance just used (with its handle fault `f`), from a private random
 * stream derived from the shared one without advancing it, so every other call of a case stays as it was.
 * One time in four a field is bad (NaN, out of range, a negative size) or the struct is null; the call
 * must then fail with TESSERA_INVALID_ARGUMENT naming it, and a good one must read back. */
static void do_shadow(world *w, uint64_t h, fault f) {
    rng p = {w->random.state ^ 0x5AD0F00D5AD0F00Dull};
    if (!chance(&p, 25)) return;
    tessera_color c = {(uint8_t)below(&p, 256), (uint8_t)below(&p, 256), (uint8_t)below(&p, 256), (uint8_t)below(&p, 256)};
    tessera_shadow s = {c, uniform(&p, 0, 1), uniform(&p, -20, 20), uniform(&p, -20, 20), uniform(&p, 0, 24),
                        (int32_t)below(&p, 2), {uniform(&p, -10, 40), uniform(&p, -10, 40), uniform(&p, 0, 60),
                        uniform(&p, 0, 60)}, uniform(&p, 0, 30)};
    int bad = chance(&p, 25), null = 0;
    if (bad) {
        s.has_path = 1;
        switch (below(&p, 7)) {
        case 0: s.opacity = chance(&p, 50) ? NAN : 1.0000001; break;
        case 1: s.radius = chance(&p, 50) ? -0.5 : 256.5; break;
        case 2: s.offset_x = chance(&p, 50) ? NAN : INFINITY; break;
        case 3: s.offset_y = -1e308; break;
        case 4: s.path_rect.width = -1; break;
        case 5: s.path_corner_radius = chance(&p, 50) ? NAN : 2e12; break;
        default: null = 1;
        }
    }
    int expected = f != NO_FAULT ? fault_status(f) : bad ? TESSERA_INVALID_ARGUMENT : TESSERA_OK;
    if (check(w, "tessera_layer_set_shadow", tessera_layer_set_shadow(h, null ? NULL : &s), expected) == TESSERA_OK) {
        tessera_shadow back;
        check(w, "tessera_layer_get_shadow", tessera_layer_get_shadow(h, &back), TESSERA_OK);
        if (back.opacity != s.opacity || back.radius != s.radius || back.has_path != (s.has_path != 0))
            fail(w->index, "tessera_layer_get_shadow did not read back what tessera_layer_set_shadow set");
    }
}

/* Corner radius, border, group opacity and shadow (bad values: NaN, infinities, negatives, above 1e12). */
static void do_appearance(world *w) {
    rng *r = &w->random;
    int which = below(r, 3);
    fault f = pick_fault(r, which < 2);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 0, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    static const double bad[] = {NAN, INFINITY, -INFINITY, -0.0001, -1, 1.5e12, 1e308, -1e308};
    double value = f == FAULT_ARGUMENT ? bad[below(r, 8)] : chance(r, 10) ? uniform(r, 0, 1e6) : uniform(r, 0, 80);
    tessera_color c = {(uint8_t)below(r, 256), (uint8_t)below(r, 256), (uint8_t)below(r, 256), (uint8_t)below(r, 256)};
    switch (which) {
    case 0: check(w, "tessera_layer_set_corner_radius", tessera_layer_set_corner_radius(h, value), fault_status(f)); break;
    case 1:
        check(w, "tessera_layer_set_border", tessera_layer_set_border(h, value, chance(r, 30) ? NULL : &c), fault_status(f));
        break;
    default:
        check(w, "tessera_layer_set_allows_group_opacity",
              tessera_layer_set_allows_group_opacity(h, chance(r, 20) ? INT32_MIN : below(r, 2)), fault_status(f));
        do_shadow(w, h, f);
    }
}

static void do_flags(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 0);
    int i;
    uint64_t h = layer_argument(w, &f, 0, &i);
    if (f == NO_FAULT && i < 0) return;
    int32_t value = chance(r, 20) ? INT32_MIN : below(r, 3);
    switch (below(r, 3)) {
    case 0: check(w, "tessera_layer_set_clips_to_bounds", tessera_layer_set_clips_to_bounds(h, value), fault_status(f)); break;
    case 1: check(w, "tessera_layer_set_hidden", tessera_layer_set_hidden(h, chance(r, 80) ? 0 : value), fault_status(f)); break;
    default: {
        tessera_color c = {(uint8_t)below(r, 256), (uint8_t)below(r, 256), (uint8_t)below(r, 256), (uint8_t)below(r, 256)};
        check(w, "tessera_layer_set_background_color",
              tessera_layer_set_background_color(h, chance(r, 20) ? NULL : &c), fault_status(f));
    }
    }
}

static void do_reparent(world *w) {
    rng *r = &w->random;
    int op = below(r, 3); /* add, insert, remove */
    if (op == 2) {
        fault f = pick_fault(r, 0);
        int i;
        uint64_t h = layer_argument(w, &f, 0, &i);
        if (f == NO_FAULT && i < 0) return;
        if (check(w, "tessera_layer_remove_from_superlayer", tessera_layer_remove_from_superlayer(h), fault_status(f)) ==
                TESSERA_OK && i >= 0)
            detach(w, i);
        return;
    }
    const char *name = op == 0 ? "tessera_layer_add_sublayer" : "tessera_layer_insert_sublayer";
    fault f = pick_fault(r, op == 1);
    int parent, child;
    uint64_t hp, hc;
    if (f == FAULT_STALE || f == FAULT_WRONG_KIND) { /* the fault on one of the two handles */
        int on_parent = chance(r, 50);
        fault none = NO_FAULT;
        hp = layer_argument(w, on_parent ? &f : &none, 0, &parent);
        hc = layer_argument(w, on_parent ? &none : &f, 0, &child);
        if ((on_parent ? child : parent) < 0) return;
        int64_t index = 0;
        check(w, name, op == 0 ? tessera_layer_add_sublayer(hp, hc) : tessera_layer_insert_sublayer(hp, hc, index),
              fault_status(f));
        return;
    }
    fault none = NO_FAULT;
    hp = layer_argument(w, &none, 0, &parent);
    hc = layer_argument(w, &none, 0, &child);
    if (parent < 0 || child < 0) return;
    int cycle = is_ancestor_or_self(w, child, parent);
    int too_deep = !cycle && depth_to_root(w, parent) + subtree_height(w, child) > DEPTH_LIMIT;
    int count = w->layers[parent].children - (w->layers[child].parent == parent ? 1 : 0);
    int64_t index = count > 0 ? below(r, count + 1) : 0;
    if (f == FAULT_ARGUMENT) {
        static const int64_t bad[] = {-1, INT64_MIN, INT64_MAX, 1000000};
        index = chance(r, 50) ? bad[below(r, 4)] : count + 1;
    }
    int expected = cycle || too_deep ? TESSERA_HIERARCHY_ERROR : fault_status(f);
    tessera_status s =
        check(w, name, op == 0 ? tessera_layer_add_sublayer(hp, hc) : tessera_layer_insert_sublayer(hp, hc, index),
              expected);
    if (s == TESSERA_OK && expected == TESSERA_OK) {
        detach(w, child);
        w->layers[child].parent = parent;
        w->layers[parent].children++;
    }
}

static void do_content(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 0);
    int i;
    uint64_t h = layer_argument(w, &f, 0, &i);
    if (f == NO_FAULT && i < 0) return;
    if (chance(r, 50)) {
        int remove = chance(r, 25);
        attachment *a = remove ? NULL : new_attachment(w);
        if (check(w, "tessera_layer_set_content",
                  tessera_layer_set_content(h, remove ? NULL : raster, a, below(r, 2)), fault_status(f)) == TESSERA_OK &&
            i >= 0) {
            free_attachment(w->layers[i].content); /* replaced or removed: never called again */
            w->layers[i].content = a;
        } else {
            free_attachment(a);
        }
        return;
    }
    f = pick_fault(r, 1);
    h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 0, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    int extreme = 0;
    tessera_rect rect = {good_coordinate(r, &extreme), good_coordinate(r, &extreme), good_extent(r, &extreme),
                         good_extent(r, &extreme)};
    if (f == FAULT_ARGUMENT) {
        int field = below(r, 4);
        double *value = field == 0 ? &rect.x : field == 1 ? &rect.y : field == 2 ? &rect.width : &rect.height;
        *value = field < 2 ? bad_coordinate(r) : bad_extent(r);
    }
    check(w, "tessera_layer_set_needs_display",
          tessera_layer_set_needs_display(h, f == NO_FAULT && chance(r, 30) ? NULL : &rect), fault_status(f));
}

static void do_scroll(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 1);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 1, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    int bad = f == FAULT_ARGUMENT, extreme = 0;
    int expected = fault_status(f);
    tessera_status s = TESSERA_OK;
    switch (below(r, 5)) {
    case 0: {
        double width = good_extent(r, &extreme), height = good_extent(r, &extreme);
        if (bad) *(chance(r, 50) ? &width : &height) = bad_extent(r);
        s = check(w, "tessera_scroll_layer_set_content_size", tessera_scroll_layer_set_content_size(h, width, height),
                  expected);
        break;
    }
    case 1: {
        tessera_insets inset = {good_coordinate(r, &extreme), good_coordinate(r, &extreme),
                                good_coordinate(r, &extreme), good_coordinate(r, &extreme)};
        if (bad) {
            double *fields[] = {&inset.top, &inset.left, &inset.bottom, &inset.right};
            *fields[below(r, 4)] = bad_coordinate(r);
        }
        s = check(w, "tessera_scroll_layer_set_content_inset",
                  tessera_scroll_layer_set_content_inset(h, bad && chance(r, 20) ? NULL : &inset), expected);
        break;
    }
    case 2: {
        double x = good_coordinate(r, &extreme), y = good_coordinate(r, &extreme);
        if (bad) *(chance(r, 50) ? &x : &y) = bad_coordinate(r);
        s = check(w, "tessera_scroll_layer_set_content_offset",
                  tessera_scroll_layer_set_content_offset(h, x, y, below(r, 2)), expected);
        break;
    }
    case 3: {
        double x, y;
        s = check(w, "tessera_scroll_layer_get_content_offset",
                  tessera_scroll_layer_get_content_offset(h, bad && chance(r, 50) ? NULL : &x,
                                                          bad ? NULL : &y),
                  expected);
        if (s == TESSERA_OK && !(isfinite(x) && isfinite(y)))
            fail(w->index, "tessera_scroll_layer_get_content_offset gave (%g, %g)", x, y);
        break;
    }
    default: {
        double dx = good_coordinate(r, &extreme), dy = good_coordinate(r, &extreme);
        if (bad) *(chance(r, 50) ? &dx : &dy) = bad_coordinate(r);
        s = check(w, "tessera_scroll_layer_pan", tessera_scroll_layer_pan(h, dx, dy), expected);
    }
    }
    if (s == TESSERA_OK && i >= 0) w->layers[i].extreme |= extreme;
}

/* A zoom factor or scale Tessera must refuse (zero, negative, not finite). */
static double bad_scale(rng *r) {
    static const double values[] = {0, -0.0, -1, -1e-300, NAN, -NAN, INFINITY, -INFINITY, -1e308};
    return values[below(r, (int)(sizeof values / sizeof values[0]))];
}

/* The zoom calls (README.md, "Transforms and zoom"): zooming layer, limits, set / get scale, pinch and its
 * end, the bounce, zoom to rect. Legal values may still be refused when the scroll layer's state makes
 * them so (no zooming layer, a layer that is not a direct sublayer): OK_OR_ARGUMENT; refused values
 * (NaN, infinities, zero or negative scales, a minimum above the maximum, NULL) are INVALID_ARGUMENT. */
static void do_zoom(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 1);
    int i;
    uint64_t h = layer_argument(w, f == FAULT_ARGUMENT ? &(fault){NO_FAULT} : &f, 1, &i);
    if (f != FAULT_STALE && f != FAULT_WRONG_KIND && i < 0) return;
    int bad = f == FAULT_ARGUMENT;
    int expected = f == NO_FAULT ? OK_OR_ARGUMENT : fault_status(f);
    tessera_status s = TESSERA_OK;
    static const double scales[] = {1, 0.5, 2, 8, 0.25, 1.0 / 256, 256, 1.37, 0.9};
    switch (below(r, 8)) {
    case 0: {
        int child = chance(r, 20) ? -1 : live_layer(w, 0);
        uint64_t zooming = child < 0 ? 0 : w->layers[child].handle;
        if (child >= 0 && !bad) w->layers[child].transformed = 1; /* zoom ops may now transform it */
        if (bad) { /* a stale or forged handle, never 0 (0 means "no zooming layer") */
            do zooming = stale_handle(w); while (zooming == 0);
            expected = TESSERA_INVALID_HANDLE;
        }
        s = check(w, "tessera_scroll_layer_set_zooming_layer", tessera_scroll_layer_set_zooming_layer(h, zooming),
                  f == NO_FAULT ? OK_OR_ARGUMENT : expected);
        break;
    }
    case 1: {
        double minimum = scales[below(r, 9)], maximum = scales[below(r, 9)];
        if (minimum > maximum) { double t = minimum; minimum = maximum; maximum = t; }
        if (bad) {
            if (chance(r, 30)) { minimum = 8; maximum = 2; }
            else if (chance(r, 50)) minimum = bad_scale(r);
            else maximum = chance(r, 50) ? bad_scale(r) : 257;
        }
        s = check(w, "tessera_scroll_layer_set_zoom_limits", tessera_scroll_layer_set_zoom_limits(h, minimum, maximum),
                  expected);
        break;
    }
    case 2: {
        double scale = bad ? bad_scale(r) : scales[below(r, 9)] * uniform(r, 0.5, 2);
        s = check(w, "tessera_scroll_layer_set_zoom_scale", tessera_scroll_layer_set_zoom_scale(h, scale), expected);
        break;
    }
    case 3: {
        double scale = -1;
        s = check(w, "tessera_scroll_layer_get_zoom_scale",
                  tessera_scroll_layer_get_zoom_scale(h, bad ? NULL : &scale),
                  f == NO_FAULT ? TESSERA_OK : expected);
        if (s == TESSERA_OK && !(isfinite(scale) && scale > 0))
            fail(w->index, "tessera_scroll_layer_get_zoom_scale gave %g", scale);
        break;
    }
    case 4: {
        int extreme = 0;
        double factor = uniform(r, 0.8, 1.25), x = good_coordinate(r, &extreme), y = good_coordinate(r, &extreme);
        if (bad) {
            switch (below(r, 3)) {
            case 0: factor = bad_scale(r); break;
            case 1: x = bad_coordinate(r); break;
            default: y = bad_coordinate(r);
            }
        }
        s = check(w, "tessera_scroll_layer_pinch", tessera_scroll_layer_pinch(h, factor, x, y), expected);
        break;
    }
    case 5:
        if (bad) return; /* no argument to get wrong */
        s = check(w, "tessera_scroll_layer_end_pinch", tessera_scroll_layer_end_pinch(h), expected);
        break;
    case 6: {
        static const double bad_seconds[] = {-1, -1e-9, NAN, INFINITY, -INFINITY};
        double seconds = bad ? bad_seconds[below(r, 5)] : uniform(r, 0, 0.5);
        s = check(w, "tessera_scroll_layer_advance_zoom", tessera_scroll_layer_advance_zoom(h, seconds), expected);
        break;
    }
    default: {
        int extreme = 0;
        tessera_rect rect = {good_coordinate(r, &extreme), good_coordinate(r, &extreme), uniform(r, 1, 500),
                             uniform(r, 1, 500)};
        int null_rect = 0;
        if (bad) {
            switch (below(r, 4)) {
            case 0: rect.x = bad_coordinate(r); break;
            case 1: rect.width = bad_extent(r); break;
            case 2: rect.height = chance(r, 50) ? 0 : bad_extent(r); break;
            default: null_rect = 1;
            }
        }
        s = check(w, "tessera_scroll_layer_zoom_to_rect", tessera_scroll_layer_zoom_to_rect(h, null_rect ? NULL : &rect),
                  expected);
    }
    }
    /* A zoomed subtree may make renders refuse extreme sizes: as extreme geometry. */
    if (s == TESSERA_OK && i >= 0) w->layers[i].extreme = 1;
}

static void do_compositor_create(world *w) {
    rng *r = &w->random;
    int slot = -1;
    for (int i = 0; i < COMPOSITORS; i++)
        if (w->compositors[i].handle == 0) { slot = i; break; }
    tessera_config config;
    if (chance(r, 5)) {
        check(w, "tessera_config_init", tessera_config_init(NULL), TESSERA_INVALID_ARGUMENT);
        return;
    }
    check(w, "tessera_config_init", tessera_config_init(&config), TESSERA_OK);
    static const int64_t tiles[] = {16, 17, 32, 64, 100, 256};
    config.tile_size = tiles[below(r, 6)];
    config.workers = 1 + below(r, 3);
    config.cache_budget_bytes = chance(r, 20) ? 0 : (int64_t)below(r, 4) << 20;
    static const double scales[] = {1, 2, 0.5, 3, 1.5, 0.01, 16};
    config.scale = scales[below(r, 7)];
    config.band_height = 1 + below(r, 128);
    config.max_prepaint_tiles = below(r, 20);
    config.isa = below(r, 2); /* DEFAULT or BASELINE: every CPU has them */
    config.raster_mode = below(r, 2) ? TESSERA_RASTER_SYNC : TESSERA_RASTER_ASYNC;
    config.raster_deadline_us = chance(r, 70) ? 0 : below(r, 3000);
    if (chance(r, 30)) {
        config.levels_of_detail = 1 + below(r, 16);
        config.levels_of_detail_bias = below(r, 17);
    }
    int async = config.raster_mode == TESSERA_RASTER_ASYNC;
    tessera_compositor out = 0;
    int hostile = slot < 0 || chance(r, 40);
    if (!hostile) {
        if (async) atomic_fetch_add(&w->live_async, 1);
        if (check(w, "tessera_compositor_create", tessera_compositor_create(&config, &out), TESSERA_OK) == TESSERA_OK)
            w->compositors[slot] = (compositor_model){out, async, config.tile_size, config.scale, 0};
        else if (async)
            atomic_fetch_sub(&w->live_async, 1);
        return;
    }
    switch (below(r, 10)) {
    case 0: check(w, "tessera_compositor_create", tessera_compositor_create(NULL, &out), TESSERA_INVALID_ARGUMENT); return;
    case 1: check(w, "tessera_compositor_create", tessera_compositor_create(&config, NULL), TESSERA_INVALID_ARGUMENT); return;
    case 2: { static const int64_t v[] = {15, 2049, 0, -1, INT64_MIN, INT64_MAX}; config.tile_size = v[below(r, 6)]; break; }
    case 3: { static const int64_t v[] = {0, -1, 1025, INT64_MIN, INT64_MAX}; config.workers = v[below(r, 5)]; break; }
    case 4: config.cache_budget_bytes = chance(r, 50) ? -1 : INT64_MIN; break;
    case 5: { static const double v[] = {0, -0.0, -1, NAN, INFINITY, -INFINITY, 16.000001, 1e308, 4.9e-324 * -1};
              config.scale = v[below(r, 9)]; break; }
    case 6: { static const int64_t v[] = {0, -1, 65537, INT64_MIN, INT64_MAX}; config.band_height = v[below(r, 5)]; break; }
    case 7: { static const int64_t v[] = {-1, 4097, INT64_MIN, INT64_MAX}; config.max_prepaint_tiles = v[below(r, 4)]; break; }
    case 8:
        if (chance(r, 50)) { static const int32_t v[] = {-1, 4, 99, INT32_MIN, INT32_MAX}; config.isa = v[below(r, 5)]; }
        else if (chance(r, 50)) { static const int32_t v[] = {-1, 2, 99, INT32_MIN}; config.raster_mode = v[below(r, 4)]; }
        else if (chance(r, 50)) { static const int32_t v[] = {-1, 2, INT32_MAX, INT32_MIN}; config.background_raster = v[below(r, 4)]; }
        else if (chance(r, 50)) { static const int32_t v[] = {-1, 2, INT32_MAX, INT32_MIN}; config.scroll_moves = v[below(r, 4)]; }
        else if (chance(r, 50)) { static const int32_t v[] = {-1, 3, INT32_MAX, INT32_MIN}; config.scroll_move_stores = v[below(r, 4)]; }
        else if (chance(r, 50)) { static const int64_t v[] = {-1, 1000001, INT64_MIN, INT64_MAX}; config.raster_deadline_us = v[below(r, 4)]; }
        else if (chance(r, 50)) { static const int32_t v[] = {0, -1, 17, INT32_MIN, INT32_MAX}; config.levels_of_detail = v[below(r, 5)]; }
        else { static const int32_t v[] = {-1, 17, INT32_MIN, INT32_MAX}; config.levels_of_detail_bias = v[below(r, 4)]; }
        break;
    default: { /* AVX2 or AVX-512: fine where the CPU has them, refused (naming config->isa) where not */
        config.isa = 2 + below(r, 2);
        if (async) atomic_fetch_add(&w->live_async, 1);
        if (check(w, "tessera_compositor_create", tessera_compositor_create(&config, &out), OK_OR_ARGUMENT) == TESSERA_OK &&
            slot >= 0) {
            w->compositors[slot] = (compositor_model){out, async, config.tile_size, config.scale, 0};
        } else {
            if (out != 0) check(w, "tessera_compositor_destroy", tessera_compositor_destroy(out), TESSERA_OK);
            if (async) atomic_fetch_sub(&w->live_async, 1);
        }
        return;
    }
    }
    check(w, "tessera_compositor_create", tessera_compositor_create(&config, &out), TESSERA_INVALID_ARGUMENT);
    if (out != 0) fail(w->index, "tessera_compositor_create failed but wrote its out-parameter");
}

static void do_compositor_destroy(world *w) {
    rng *r = &w->random;
    fault f = pick_fault(r, 0);
    uint64_t h;
    int c = -1;
    if (f == FAULT_STALE) h = stale_handle(w);
    else if (f == FAULT_WRONG_KIND) {
        int i = live_layer(w, 0);
        if (i < 0) return;
        h = w->layers[i].handle;
    } else {
        c = live_compositor(w);
        if (c < 0) return;
        h = w->compositors[c].handle;
    }
    if (check(w, "tessera_compositor_destroy", tessera_compositor_destroy(h), fault_status(f)) == TESSERA_OK && c >= 0) {
        w->compositors[c].handle = 0;
        if (w->compositors[c].async) atomic_fetch_sub(&w->live_async, 1); /* no callback after destroy returned */
        retire(w, h);
    }
}

static void do_drain(world *w) {
    fault f = pick_fault(&w->random, 0);
    uint64_t h;
    if (f == FAULT_STALE) h = stale_handle(w);
    else if (f == FAULT_WRONG_KIND) {
        int i = live_layer(w, 0);
        if (i < 0) return;
        h = w->layers[i].handle;
    } else {
        int c = live_compositor(w);
        if (c < 0) return;
        h = w->compositors[c].handle;
    }
    check(w, "tessera_compositor_drain", tessera_compositor_drain(h), fault_status(f));
}

static void do_render(world *w) {
    rng *r = &w->random;
    int c = live_compositor(w);
    int root = live_layer(w, 0);
    if (c < 0 || root < 0) return;
    int64_t width = 1 + below(r, 96), height = 1 + below(r, 96);
    int64_t stride = width * 4 + 4 * below(r, 3);
    tessera_compositor hc = w->compositors[c].handle;
    tessera_layer hl = w->layers[root].handle;
    int expected = subtree_extreme(w, root) ? OK_OR_ARGUMENT : TESSERA_OK;
    int64_t pass_width = width, pass_height = height, pass_stride = stride;
    int null_pixels = 0, null_stats = chance(r, 20);
    int x = below(r, 100);
    if (x < 8) { hc = chance(r, 50) ? stale_handle(w) : hl; expected = hc == hl ? TESSERA_WRONG_HANDLE_KIND : TESSERA_INVALID_HANDLE; }
    else if (x < 16) {
        if (chance(r, 50)) { hl = stale_handle(w); expected = TESSERA_INVALID_HANDLE; }
        else { hl = hc; expected = TESSERA_WRONG_HANDLE_KIND; }
    } else if (x < 30) {
        expected = TESSERA_INVALID_ARGUMENT;
        static const int64_t bad[] = {0, -1, -3, 65537, INT64_MIN, INT64_MAX, 1LL << 40};
        switch (below(r, 4)) {
        case 0: null_pixels = 1; break;
        case 1: pass_width = bad[below(r, 7)]; break;
        case 2: pass_height = bad[below(r, 7)]; break;
        default: pass_stride = chance(r, 50) ? width * 4 - 1 - below(r, 4) : (chance(r, 50) ? -1 : INT64_MIN); break;
        }
    }
    size_t bytes = (size_t)((height - 1) * stride + width * 4); /* exactly what the call may touch */
    uint8_t *pixels = malloc(bytes);
    if (pixels == NULL) abort();
    memset(pixels, 0xA5, bytes);
    tessera_frame_statistics stats;
    memset(&stats, 0xEE, sizeof stats);
    atomic_store(&w->in_render, 1);
    tessera_status s = check(w, "tessera_compositor_render",
                             tessera_compositor_render(hc, hl, null_pixels ? NULL : pixels, pass_width, pass_height,
                                                       pass_stride, null_stats ? NULL : &stats),
                             expected);
    atomic_store(&w->in_render, 0);
    if (s == TESSERA_OK) {
        atomic_fetch_add(&renders_ok, 1);
        compositor_model *m = &w->compositors[c];
        if (!null_stats) {
            if (stats.frame_number <= m->last_frame)
                fail(w->index, "frame_number %" PRIu64 " after %" PRIu64, stats.frame_number, m->last_frame);
            m->last_frame = stats.frame_number;
            if (stats.reserved != 0 || stats.tiles_visible < 0 || stats.cache_hits < 0 ||
                stats.cache_hits > stats.tiles_visible || stats.tiles_in_cache < 0 || stats.bytes_in_cache < 0 ||
                stats.draw_ops < 0 || stats.draw_ops_skipped < 0 || stats.plan_ns < 0 || stats.raster_ns < 0 ||
                stats.composite_ns < 0 || (stats.is_over_budget != 0 && stats.is_over_budget != 1) ||
                stats.shadow_tiles_rasterized < 0 || stats.draw_ops_underlaid < 0 ||
                stats.draw_ops_underlaid > stats.draw_ops || stats.raster_jobs_queued < 0 ||
                stats.raster_results_dropped < 0 || stats.prepainted_tiles_shown < 0 || stats.pixels_moved < 0 || stats.pixels_composited < 0 ||
                stats.shadow_tiles_reused < 0 || stats.shadow_tiles_reused > stats.shadow_tiles_rasterized ||
                stats.pixels_overlaid < 0 || stats.pixels_overlaid > stats.pixels_moved || stats.pixels_move_filled < 0 ||
                stats.pixels_move_kept < 0 || stats.pixels_move_filled + stats.pixels_move_kept > stats.pixels_moved ||
                stats.pixels_overlaid_filled < 0 || stats.pixels_overlaid_filled > stats.pixels_overlaid)
                fail(w->index, "inconsistent statistics: visible %" PRId64 ", hits %" PRId64 ", in cache %" PRId64
                               ", reserved %d, over budget %d", stats.tiles_visible, stats.cache_hits,
                     stats.tiles_in_cache, stats.reserved, stats.is_over_budget);
        } else {
            m->last_frame++;
        }
        for (int64_t y = 0; y < height; y++) /* premultiplied output: r, g, b <= a */
            for (int64_t px = 0; px < width; px++) {
                uint8_t *p = pixels + y * stride + px * 4;
                if (p[0] > p[3] || p[1] > p[3] || p[2] > p[3]) {
                    fail(w->index, "render wrote a pixel that is not premultiplied at (%" PRId64 ", %" PRId64 "): %u %u %u %u",
                         px, y, p[0], p[1], p[2], p[3]);
                    y = height;
                    break;
                }
            }
    }
    free(pixels);
}

static void do_blend(world *w) {
    rng *r = &w->random;
    int64_t width = 1 + below(r, 40), height = 1 + below(r, 40);
    int64_t stride = width * 4 + 4 * below(r, 2);
    size_t bytes = (size_t)((height - 1) * stride + width * 4);
    uint8_t *a = malloc(bytes), *b = malloc(bytes);
    if (a == NULL || b == NULL) abort();
    for (size_t k = 0; k < bytes; k += 4) { /* premultiplied pixels */
        uint8_t alpha = (uint8_t)below(r, 256);
        a[k + 3] = alpha;
        a[k] = a[k + 1] = a[k + 2] = (uint8_t)(alpha / 2);
        b[k] = b[k + 1] = b[k + 2] = b[k + 3] = (uint8_t)below(r, 2) * 255;
    }
    tessera_image src = {a, width, height, stride}, dst = {b, width, height, stride};
    const tessera_image *ps = &src, *pd = &dst;
    tessera_pixel color = {10, 20, 30, 40};
    int src_ok = 1, dst_ok = 1;
    if (chance(r, 35)) { /* one fault: an image argument, or a colour that is not premultiplied */
        int on_src = chance(r, 50);
        tessera_image *victim = on_src ? &src : &dst;
        int *ok = on_src ? &src_ok : &dst_ok;
        static const int64_t bad[] = {0, -1, 65537, INT64_MIN, INT64_MAX};
        switch (below(r, 7)) {
        case 0: if (on_src) ps = NULL; else pd = NULL; *ok = 0; break;
        case 1: victim->pixels = NULL; *ok = 0; break;
        case 2: victim->width = bad[below(r, 5)]; *ok = 0; break;
        case 3: victim->height = bad[below(r, 5)]; *ok = 0; break;
        case 4: victim->stride = width * 4 - 1; *ok = 0; break;
        case 5: /* a smaller, valid image: only the two-image calls must refuse the mismatch */
            if (width > 1) victim->width = width - 1;
            if (height > 1) victim->height = height - 1;
            break;
        default: color.r = 41; break;
        }
    }
    int same_size = src.width == dst.width && src.height == dst.height;
    int two_images = src_ok && dst_ok && same_size ? TESSERA_OK : TESSERA_INVALID_ARGUMENT;
    int fill = dst_ok && color.r <= color.a ? TESSERA_OK : TESSERA_INVALID_ARGUMENT;
    switch (below(r, 5)) {
    case 0: check(w, "tessera_blend_copy", tessera_blend_copy(ps, pd), two_images); break;
    case 1: check(w, "tessera_blend_source_over", tessera_blend_source_over(ps, pd, (uint8_t)below(r, 256)), two_images); break;
    case 2: check(w, "tessera_blend_fill", tessera_blend_fill(pd, color), fill); break;
    case 3: check(w, "tessera_blend_fill_over", tessera_blend_fill_over(pd, color), fill); break;
    default: {
        tessera_isa isa = -1;
        int null_out = chance(r, 20);
        if (check(w, "tessera_active_isa", tessera_active_isa(null_out ? NULL : &isa),
                  null_out ? TESSERA_INVALID_ARGUMENT : TESSERA_OK) == TESSERA_OK && (isa < 1 || isa > 3))
            fail(w->index, "tessera_active_isa wrote %d", isa);
    }
    }
    free(a);
    free(b);
}

/* ---- deep trees --------------------------------------------------------------------------------------- */

/* A chain of DEPTH_LIMIT layers is accepted; one more level is refused with TESSERA_HIERARCHY_ERROR. */
static void do_deep_chain(world *w) {
    tessera_layer chain[DEPTH_LIMIT + 1];
    tessera_rect frame = {1, 1, 10, 10};
    int made = 0;
    for (; made <= DEPTH_LIMIT; made++)
        if (check(w, "tessera_layer_create", tessera_layer_create(&frame, &chain[made]), TESSERA_OK) != TESSERA_OK) break;
    for (int k = 1; k < made; k++)
        check(w, "tessera_layer_add_sublayer", tessera_layer_add_sublayer(chain[k - 1], chain[k]),
              k < DEPTH_LIMIT ? TESSERA_OK : TESSERA_HIERARCHY_ERROR);
    int c = live_compositor(w);
    if (c >= 0 && made > 0) {
        uint8_t pixels[8 * 8 * 4];
        atomic_store(&w->in_render, 1);
        check(w, "tessera_compositor_render",
              tessera_compositor_render(w->compositors[c].handle, chain[0], pixels, 8, 8, 32, NULL), TESSERA_OK);
        atomic_store(&w->in_render, 0);
    }
    for (int k = 0; k < made; k++) {
        check(w, "tessera_layer_destroy", tessera_layer_destroy(chain[k]), TESSERA_OK);
        retire(w, chain[k]);
    }
}

/* ---- host calls: animators, hit testing, coordinates, look-up, scenes, host formats, PNG ------------- */

static int root_of(world *w, int i) {
    while (w->layers[i].parent >= 0) i = w->layers[i].parent;
    return i;
}

/* Animators without indicators (indicators would add layers the model does not know). */
static void do_animator(world *w) {
    rng *r = &w->random;
    int a = below(r, ANIMATORS);
    tessera_animator h = w->animators[a];
    if (h == 0) {
        fault f = pick_fault(r, 0);
        int i;
        uint64_t scroll = layer_argument(w, &f, 1, &i);
        if (f == NO_FAULT && i < 0) return;
        tessera_animator out = 0;
        if (check(w, "tessera_animator_create", tessera_animator_create(scroll, 0, &out), fault_status(f)) == TESSERA_OK) {
            if (out == 0) fail(w->index, "tessera_animator_create gave handle 0");
            w->animators[a] = out;
        }
        return;
    }
    int x = below(r, 100), expected = TESSERA_OK;
    if (x < 6) { h = stale_handle(w); expected = TESSERA_INVALID_HANDLE; }
    else if (x < 10) {
        int i = live_layer(w, 0);
        if (i < 0) return;
        h = w->layers[i].handle;
        expected = TESSERA_WRONG_HANDLE_KIND;
    }
    int bad = below(r, 100) < 20 && expected == TESSERA_OK, extreme = 0;
    if (bad) expected = TESSERA_INVALID_ARGUMENT;
    int32_t ended = -1;
    switch (below(r, 8)) {
    case 0: {
        double dx = good_coordinate(r, &extreme), dy = good_coordinate(r, &extreme);
        if (bad) *(chance(r, 50) ? &dx : &dy) = bad_coordinate(r);
        check(w, "tessera_animator_drag", tessera_animator_drag(h, dx, dy), expected);
        break;
    }
    case 1: {
        double vx = uniform(r, -9000, 9000), vy = uniform(r, -9000, 9000);
        if (bad) *(chance(r, 50) ? &vx : &vy) = bad_coordinate(r);
        if (check(w, "tessera_animator_end_drag", tessera_animator_end_drag(h, vx, vy, chance(r, 30) ? NULL : &ended),
                  expected) == TESSERA_OK && ended != -1 && ended != 0 && ended != 1)
            fail(w->index, "tessera_animator_end_drag wrote ended = %d", ended);
        break;
    }
    case 2: {
        double seconds = chance(r, 80) ? 1.0 / 120 : uniform(r, 0, 3);
        if (bad) seconds = chance(r, 50) ? -uniform(r, 1e-9, 10) : NAN;
        check(w, "tessera_animator_advance", tessera_animator_advance(h, seconds, chance(r, 30) ? NULL : &ended), expected);
        break;
    }
    case 3:
        check(w, "tessera_animator_begin_drag", tessera_animator_begin_drag(h), bad ? TESSERA_OK : expected);
        break;
    case 4: {
        tessera_animator_options o = {below(r, 2), below(r, 2), below(r, 2), below(r, 2), chance(r, 50) ? 0.998 : 0.99};
        if (bad) o.deceleration_rate = chance(r, 50) ? (double)below(r, 3) : bad_coordinate(r);
        check(w, "tessera_animator_set_options", tessera_animator_set_options(h, bad && chance(r, 20) ? NULL : &o), expected);
        break;
    }
    case 5: {
        tessera_animator_state st;
        if (check(w, "tessera_animator_get_state", tessera_animator_get_state(h, bad ? NULL : &st), expected) == TESSERA_OK &&
            (!isfinite(st.offset_x) || !isfinite(st.offset_y) || st.is_at_rest + st.is_dragging + st.is_decelerating != 1 ||
             st.has_indicators != 0 || st.reserved != 0))
            fail(w->index, "tessera_animator_get_state: inconsistent state");
        break;
    }
    case 6:
        check(w, "tessera_animator_stop", tessera_animator_stop(h), bad ? TESSERA_OK : expected);
        break;
    default:
        if (expected == TESSERA_OK || bad) {
            check(w, "tessera_animator_destroy", tessera_animator_destroy(w->animators[a]), TESSERA_OK);
            retire(w, w->animators[a]);
            w->animators[a] = 0;
        } else {
            check(w, "tessera_animator_destroy", tessera_animator_destroy(h), expected);
        }
    }
    (void)extreme; /* the animator keeps offsets within the range (plus rubber-banding) whatever the drag */
}

static void do_query(world *w) {
    rng *r = &w->random;
    int i = live_layer(w, 0), j = live_layer(w, 0);
    if (i < 0 || j < 0) return;
    tessera_layer a = w->layers[i].handle, b = w->layers[j].handle;
    int extreme = subtree_extreme(w, root_of(w, i)) || subtree_extreme(w, root_of(w, j));
    int bad = chance(r, 20);
    switch (below(r, 3)) {
    case 0: {
        double x = bad ? (chance(r, 50) ? NAN : -INFINITY) : uniform(r, -50, 200), y = uniform(r, -50, 200);
        tessera_layer hit = 7;
        if (check(w, "tessera_layer_hit_test", tessera_layer_hit_test(a, x, y, &hit),
                  bad ? TESSERA_INVALID_ARGUMENT : TESSERA_OK) == TESSERA_OK && hit != 0) {
            int found = -1;
            for (int k = 0; k < POOL; k++)
                if (w->layers[k].handle == hit) found = k;
            if (found < 0 || !is_ancestor_or_self(w, i, found))
                fail(w->index, "tessera_layer_hit_test gave a layer outside the subtree");
        }
        break;
    }
    case 1: {
        double ox, oy;
        int same = root_of(w, i) == root_of(w, j);
        int expected = bad ? TESSERA_INVALID_ARGUMENT : !same ? TESSERA_HIERARCHY_ERROR : extreme ? OK_OR_ARGUMENT : TESSERA_OK;
        if (check(w, "tessera_layer_convert_point",
                  tessera_layer_convert_point(a, b, uniform(r, -100, 100), bad ? NAN : 0, &ox, &oy), expected) == TESSERA_OK &&
            !(isfinite(ox) && isfinite(oy)))
            fail(w->index, "tessera_layer_convert_point gave (%g, %g)", ox, oy);
        break;
    }
    default: {
        tessera_layer found = 7;
        check(w, "tessera_layer_find", tessera_layer_find(a, bad ? NULL : "no such name", &found),
              bad ? TESSERA_INVALID_ARGUMENT : TESSERA_OK);
        if (!bad && found != 0) fail(w->index, "tessera_layer_find found a layer by a name no layer has");
    }
    }
}

/* Auto Layout: a constraint between two live layers (or a size constant) with random, sometimes hostile,
 * arguments; creation's status follows from the arguments alone. Activation and layout may be refused
 * (layers in different trees, unsatisfiable or ambiguous systems): OK or INVALID_ARGUMENT. */
static void do_layout(world *w) {
    rng *r = &w->random;
    int i = live_layer(w, 0), j = live_layer(w, 0);
    if (i < 0 || j < 0) return;
    tessera_layer a = w->layers[i].handle, b = w->layers[j].handle;
    int bad = chance(r, 25);
    int32_t first = bad && chance(r, 30) ? (chance(r, 50) ? 10 + below(r, 100) : -2 - below(r, 100)) : below(r, 10);
    int32_t relation = bad && chance(r, 30) ? 3 + below(r, 50) : below(r, 3);
    int unary = chance(r, 40);
    int32_t second = unary ? TESSERA_ATTRIBUTE_NONE : below(r, 10);
    double constant = bad && chance(r, 30) ? NAN : uniform(r, -300, 300);
    double priority = bad && chance(r, 30) ? (chance(r, 50) ? 0 : 1001) : chance(r, 70) ? 1000 : 1 + below(r, 999);
    int first_ok = first >= 0 && first <= 9, first_size = first == 6 || first == 7;
    int first_vertical = first == 2 || first == 3 || first == 7 || first == 9;
    int second_size = second == 6 || second == 7, second_vertical = second == 2 || second == 3 || second == 7 || second == 9;
    int valid = first_ok && relation >= 0 && relation <= 2 && isfinite(constant) && priority >= 1 && priority <= 1000
                && (unary ? first_size
                          : (first_size ? second_size : !second_size && second_vertical == first_vertical));
    tessera_constraint c = 0;
    check(w, "tessera_constraint_create",
          tessera_constraint_create(a, first, relation, unary ? 0 : b, second, 1, constant, priority, &c),
          valid ? TESSERA_OK : TESSERA_INVALID_ARGUMENT);
    if (!valid) return;
    if (chance(r, 50)) check(w, "tessera_layer_set_translates_frame", tessera_layer_set_translates_frame(a, 0), TESSERA_OK);
    check(w, "tessera_constraint_set_active", tessera_constraint_set_active(c, 1), OK_OR_ARGUMENT);
    if (chance(r, 50)) check(w, "tessera_constraint_set_constant", tessera_constraint_set_constant(c, uniform(r, -300, 300)), TESSERA_OK);
    check(w, "tessera_layer_layout_if_needed", tessera_layer_layout_if_needed(a), OK_OR_ARGUMENT);
    check(w, "tessera_constraint_destroy", tessera_constraint_destroy(c), TESSERA_OK);
    check(w, "tessera_constraint_set_active", tessera_constraint_set_active(c, 1), TESSERA_INVALID_HANDLE);
    check(w, "tessera_layer_set_translates_frame", tessera_layer_set_translates_frame(a, 1), TESSERA_OK);
}

/* A host-format render (every pixel checked for its format) or a PNG of the result. */
static void do_render_format(world *w) {
    rng *r = &w->random;
    int c = live_compositor(w), root = live_layer(w, 0);
    if (c < 0 || root < 0) return;
    int64_t width = 1 + below(r, 64), height = 1 + below(r, 64), stride = width * 4 + 4 * below(r, 2);
    tessera_pixel_format format = below(r, 4);
    int bad = chance(r, 15);
    tessera_pixel_format passed = bad ? (chance(r, 50) ? 4 + below(r, 100) : -1 - below(r, 100)) : format;
    int expected = bad ? TESSERA_INVALID_ARGUMENT : subtree_extreme(w, root) ? OK_OR_ARGUMENT : TESSERA_OK;
    uint8_t *pixels = malloc((size_t)((height - 1) * stride + width * 4));
    if (pixels == NULL) abort();
    memset(pixels, 0x5A, (size_t)((height - 1) * stride + width * 4));
    atomic_store(&w->in_render, 1);
    tessera_status s = check(w, "tessera_compositor_render_format",
                             tessera_compositor_render_format(w->compositors[c].handle, w->layers[root].handle, pixels,
                                                              width, height, stride, passed, 0, NULL), expected);
    atomic_store(&w->in_render, 0);
    if (s == TESSERA_OK) {
        w->compositors[c].last_frame++;
        int opaque = format == TESSERA_FORMAT_XRGB || format == TESSERA_FORMAT_XBGR;
        for (int64_t y = 0; y < height; y++)
            for (int64_t x = 0; x < width; x++) {
                uint8_t *p = pixels + y * stride + x * 4;
                if (opaque ? p[3] != 255 : (p[0] > p[3] || p[1] > p[3] || p[2] > p[3])) {
                    fail(w->index, "format %d: pixel (%" PRId64 ", %" PRId64 ") is %u %u %u %u", format, x, y,
                         p[0], p[1], p[2], p[3]);
                    y = height;
                    break;
                }
            }
        if (chance(r, 10)) {
            tessera_image image = {pixels, width, height, stride};
            char path[96];
            int missing = chance(r, 30);
            snprintf(path, sizeof path, "%s/tessera-cabi-fuzz-%d-%d.png", missing ? "/nonexistent" : "/tmp",
                     (int)getpid(), w->index);
            check(w, "tessera_write_png", tessera_write_png(&image, format, path),
                  missing ? TESSERA_INVALID_ARGUMENT : TESSERA_OK);
            if (!missing) unlink(path);
        }
    }
    free(pixels);
}

/* Scene strings: valid, truncated or garbage; a loaded scene is destroyed at once. */
static void do_scene(world *w) {
    rng *r = &w->random;
    static const char valid[] = "{\"viewport\": {\"width\": 40, \"height\": 30}, \"root\": {\"frame\": [0, 0, 40, 30], "
                                "\"sublayers\": [{\"name\": \"s\", \"kind\": \"scroll\", \"frame\": [0, 0, 40, 30], "
                                "\"contentSize\": [40, 300]}]}}";
    char text[sizeof valid];
    memcpy(text, valid, sizeof valid);
    size_t length = sizeof valid - 1;
    int kind = below(r, 3);
    if (kind == 1) length = (size_t)below(r, (int)length);
    if (kind == 2) for (int k = 0; k < 3; k++) text[below(r, (int)length)] = (char)below(r, 256);
    tessera_scene scene;
    tessera_status s = check(w, "tessera_scene_load_string", tessera_scene_load_string(text, length, &scene),
                             kind == 0 ? TESSERA_OK : OK_OR_ARGUMENT);
    if (s == TESSERA_OK) {
        tessera_layer found = 0;
        check(w, "tessera_layer_find", tessera_layer_find(scene.root, "s", &found), TESSERA_OK);
        if (kind == 0 && found == 0) fail(w->index, "the scene's scroll layer \"s\" was not found");
        if (found != 0 && found != scene.root) check(w, "tessera_layer_destroy", tessera_layer_destroy(found), TESSERA_OK);
        check(w, "tessera_layer_destroy", tessera_layer_destroy(scene.root), TESSERA_OK);
    }
}

/* ---- one thread's part of a case ---------------------------------------------------------------------- */

static uint64_t case_seed(uint64_t seed, uint64_t index, int thread) {
    rng mix = {seed ^ (index * 0xD1B54A32D192ED03ull) ^ ((uint64_t)thread << 63)};
    next_u64(&mix);
    return next_u64(&mix);
}

static void *run_thread(void *argument) {
    world *w = argument;
    snprintf(w->last_error, sizeof w->last_error, "%s", tessera_last_error()); /* per thread: "" on a new one */
    atomic_store(&current_step[w->index], 0);
    for (int step = 0; step < option_steps; step++) {
        atomic_store(&current_step[w->index], step);
        int x = below(&w->random, 1000);
        const char *name;
        void (*op)(world *);
        if (x < 120) { name = "create layer"; op = do_create_layer; }
        else if (x < 170) { name = "destroy layer"; op = do_destroy_layer; }
        else if (x < 240) { name = "set frame"; op = do_set_frame; }
        else if (x < 260) { name = "get frame"; op = do_get_frame; }
        else if (x < 310) { name = "bounds origin"; op = do_bounds_origin; }
        else if (x < 335) { name = "opacity"; op = do_opacity; }
        else if (x < 350) { name = "appearance"; op = do_appearance; }
        else if (x < 420) { name = "flags"; op = do_flags; }
        else if (x < 560) { name = "reparent"; op = do_reparent; }
        else if (x < 640) { name = "content"; op = do_content; }
        else if (x < 715) { name = "scroll"; op = do_scroll; }
        else if (x < 740) { name = "zoom"; op = do_zoom; }
        else if (x < 780) { name = "compositor create"; op = do_compositor_create; }
        else if (x < 790) { name = "compositor destroy"; op = do_compositor_destroy; }
        else if (x < 800) { name = "drain"; op = do_drain; }
        else if (x < 890) { name = "render"; op = do_render; }
        else if (x < 900) { name = "layout"; op = do_layout; }
        else if (x < 940) { name = "blend"; op = do_blend; }
        else if (x < 965) { name = "animator"; op = do_animator; }
        else if (x < 980) { name = "query"; op = do_query; }
        else if (x < 992) { name = "render format"; op = do_render_format; }
        else if (x < 998) { name = "scene"; op = do_scene; }
        else { name = "deep chain"; op = do_deep_chain; }
        atomic_store(&current_call[w->index], name);
        op(w);
        if (step == victim_step[w->index]) {
            atomic_store(&current_call[w->index], "destroy the shared compositor");
            tessera_status s = tessera_compositor_destroy(atomic_load(&shared_victim));
            check(w, "tessera_compositor_destroy", s, s == TESSERA_OK ? TESSERA_OK : TESSERA_INVALID_HANDLE);
            if (s == TESSERA_OK) atomic_fetch_add(&shared_victim_destroyed, 1);
        }
    }
    /* Tear down: animators, compositors (their deinit waits for running raster), then the layers. */
    atomic_store(&current_call[w->index], "tear down");
    for (int a = 0; a < ANIMATORS; a++)
        if (w->animators[a] != 0) {
            check(w, "tessera_animator_destroy", tessera_animator_destroy(w->animators[a]), TESSERA_OK);
            retire(w, w->animators[a]);
            w->animators[a] = 0;
        }
    for (int c = 0; c < COMPOSITORS; c++)
        if (w->compositors[c].handle != 0) {
            check(w, "tessera_compositor_destroy", tessera_compositor_destroy(w->compositors[c].handle), TESSERA_OK);
            if (w->compositors[c].async) atomic_fetch_sub(&w->live_async, 1);
            retire(w, w->compositors[c].handle);
            w->compositors[c].handle = 0;
        }
    for (int i = 0; i < POOL; i++)
        if (w->layers[i].handle != 0) {
            check(w, "tessera_layer_destroy", tessera_layer_destroy(w->layers[i].handle), TESSERA_OK);
            retire(w, w->layers[i].handle);
            w->layers[i].handle = 0;
            free_attachment(w->layers[i].content);
            w->layers[i].content = NULL;
        }
    if (atomic_load(&w->bad_callbacks) > 0)
        fail(w->index, "%d raster callbacks had impossible arguments", atomic_load(&w->bad_callbacks));
    if (atomic_load(&w->late_callbacks) > 0)
        fail(w->index, "%d raster callbacks ran while no tessera_compositor_render of this thread was running and "
                       "all its compositors were in TESSERA_RASTER_SYNC mode (tessera.h: then only during render)",
             atomic_load(&w->late_callbacks));
    atomic_store(&current_call[w->index], "done");
    return NULL;
}

/* ---- the watchdog: a case that runs too long is a hang -------------------------------------------------- */

static void *watchdog(void *unused) {
    (void)unused;
    for (;;) {
        struct timespec pause = {0, 100 * 1000 * 1000};
        nanosleep(&pause, NULL);
        if (!atomic_load(&case_running)) continue;
        double seconds = (double)(now_ns() - atomic_load(&case_started_ns)) / 1e9;
        if (seconds > option_timeout) {
            report_current_case("hang (the case ran longer than --timeout)");
            _exit(3);
        }
    }
    return NULL;
}

/* ---- main -------------------------------------------------------------------------------------------- */

static int parse_u64(const char *text, uint64_t *out) {
    char *end;
    if (text == NULL || *text == 0 || *text == '-') return 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (*end != 0) return 0;
    *out = v;
    return 1;
}

static void usage(const char *message, const char *argument) {
    fprintf(stderr, "tessera-cabi-fuzz: %s%s%s\nusage: tessera-cabi-fuzz [--seed N] [--cases N] [--first N] [--steps N] "
                    "[--timeout SECONDS] [--verbose]\n", message, argument ? ": " : "", argument ? argument : "");
    exit(2);
}

int main(int argc, char **argv) {
    for (int k = 1; k < argc; k++) {
        uint64_t v;
        const char *a = argv[k], *value = k + 1 < argc ? argv[k + 1] : NULL;
        if (strcmp(a, "--verbose") == 0) { option_verbose = 1; continue; }
        if (strcmp(a, "--help") == 0) usage("the C ABI fuzzer", NULL);
        if (value == NULL) usage("missing value after", a);
        if (!parse_u64(value, &v)) usage("not a non-negative integer", value);
        if (strcmp(a, "--seed") == 0) option_seed = v;
        else if (strcmp(a, "--cases") == 0) option_cases = v;
        else if (strcmp(a, "--first") == 0) option_first = v;
        else if (strcmp(a, "--steps") == 0) { if (v < 1 || v > 1000000) usage("--steps must be in 1…1000000", value); option_steps = (int)v; }
        else if (strcmp(a, "--timeout") == 0) { if (v < 1) usage("--timeout must be ≥ 1", value); option_timeout = (double)v; }
        else usage("unknown option", a);
        k++;
    }
    int signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
    for (size_t k = 0; k < sizeof signals / sizeof signals[0]; k++) signal(signals[k], on_signal);
    if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(on_sanitizer_death);
    pthread_t dog;
    pthread_create(&dog, NULL, watchdog, NULL);
    pthread_detach(dog);

    uint64_t started = now_ns();
    for (uint64_t n = option_first; n < option_first + option_cases; n++) {
        atomic_store(&current_case, n);
        for (int t = 0; t < 2; t++) {
            world *w = &worlds[t];
            memset(w, 0, sizeof *w);
            w->index = t;
            w->random.state = case_seed(option_seed, n, t);
            w->other = &worlds[1 - t];
            for (int i = 0; i < POOL; i++) w->layers[i].parent = -1;
        }
        tessera_config config;
        tessera_compositor victim = 0;
        if (tessera_config_init(&config) != TESSERA_OK) abort();
        config.workers = 1;
        config.raster_mode = TESSERA_RASTER_SYNC;
        if (tessera_compositor_create(&config, &victim) != TESSERA_OK) {
            fprintf(stderr, "tessera-cabi-fuzz: cannot create the shared compositor: %s\n", tessera_last_error());
            return 1;
        }
        atomic_store(&shared_victim, victim);
        atomic_store(&shared_victim_destroyed, 0);
        for (int t = 0; t < 2; t++) victim_step[t] = below(&worlds[t].random, option_steps);
        atomic_store(&case_started_ns, now_ns());
        atomic_store(&case_running, 1);
        pthread_t thread;
        if (pthread_create(&thread, NULL, run_thread, &worlds[1]) != 0) abort();
        /* thread 0 is this thread (its last error persists from case to case); thread 1 is new each case */
        run_thread(&worlds[0]);
        pthread_join(thread, NULL);
        atomic_store(&case_running, 0);
        if (atomic_load(&shared_victim_destroyed) != 1)
            fail(0, "the compositor both threads destroyed was destroyed %d times", atomic_load(&shared_victim_destroyed));
        if (option_verbose) fprintf(stderr, "case %" PRIu64 " done\n", n);
    }
    double seconds = (double)(now_ns() - started) / 1e9;
    long total = 0;
    for (int k = 0; k < 7; k++) total += atomic_load(&status_counts[k]);
    printf("tessera-cabi-fuzz: %" PRIu64 " cases (seed %" PRIu64 ", first %" PRIu64 ", 2 threads × %d steps) in %.1f s: "
           "%ld calls (ok %ld, invalid argument %ld, invalid handle %ld, wrong kind %ld, hierarchy %ld, internal %ld, "
           "undocumented %ld), %ld renders, %ld raster callbacks; %d failed checks\n",
           option_cases, option_seed, option_first, option_steps, seconds, total, atomic_load(&status_counts[0]),
           atomic_load(&status_counts[1]), atomic_load(&status_counts[2]), atomic_load(&status_counts[3]),
           atomic_load(&status_counts[4]), atomic_load(&status_counts[5]), atomic_load(&status_counts[6]),
           atomic_load(&renders_ok), atomic_load(&callbacks_run), atomic_load(&failures));
    return atomic_load(&failures) == 0 ? 0 : 1;
}
