/* The accel dialect (dialects/accel, docs/dialects/accel.md): the
 * frontend-neutral marks that say which part of a program runs on an
 * accelerator and how its buffers are named and stored.  Any frontend (the
 * Halide-style `.hl` lowering, PMLang, hand-written `.mlir`) sets them; the
 * conversions to accelerator IR (affine-to-ub) and the drivers read them.
 * They are discardable attributes of ops of other dialects, verified by the
 * accel dialect (kind of op, type of value):
 *
 *   accel.kernel                 unit, func.func: its body is one accelerator run
 *   accel.launch = "name"        affine.for: each run of its body is one
 *                                accelerator run (the loops around it and it
 *                                are the host's); "name" names the accelerator
 *   accel.unroll                 unit, affine.for inside an accelerator: its
 *                                iterations are parallel hardware, not time
 *   accel.latency = N            i64 >= 0, affine.for (a stage's outer loop):
 *                                the cycles of the stage's datapath
 *   accel.output_rate = N        i64 >= 1, affine.for marked accel.launch: the
 *                                values per cycle its output asks (every
 *                                stage then takes N lanes where it can)
 *   accel.name = "x"             string, memref.alloc/alloca or a function
 *                                argument (arg_attrs): the buffer's name
 *   accel.store_in = "level"     memref.alloc/alloca or a function argument:
 *                                the memory level that holds it: "host",
 *                                "global", "tile", "register" or "rom" */
#ifndef STRATA_ACCEL_H
#define STRATA_ACCEL_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

#define ST_ACCEL_KERNEL "accel.kernel"
#define ST_ACCEL_LAUNCH "accel.launch"
#define ST_ACCEL_UNROLL "accel.unroll"
#define ST_ACCEL_LATENCY "accel.latency"
#define ST_ACCEL_NAME "accel.name"
#define ST_ACCEL_STORE_IN "accel.store_in"
#define ST_ACCEL_OUTPUT_RATE "accel.output_rate"

/* Registers the accel dialect (no ops: the verifier of its attributes) in
 * `ctx`; registering twice is harmless. */
ST_API st_status st_register_accel_dialect(st_context *ctx);

/* The memory levels of accel.store_in, from the host inwards. */
typedef enum st_accel_level {
	ST_ACCEL_LEVEL_NONE, /* no accel.store_in: the compiler chooses */
	ST_ACCEL_LEVEL_HOST,
	ST_ACCEL_LEVEL_GLOBAL,   /* a global buffer between the host and the fabric */
	ST_ACCEL_LEVEL_TILE,     /* a memory tile of the fabric */
	ST_ACCEL_LEVEL_REGISTER, /* a register file inside a processing element */
	ST_ACCEL_LEVEL_ROM,      /* computed at compile time, read only */
} st_accel_level;

/* The attribute value of a level ("host", ...; NULL for NONE). */
ST_API const char *st_accel_level_name(st_accel_level level);

/* Whether a func.func is marked accel.kernel. */
ST_API bool st_accel_is_kernel(const st_op *fn);
/* Whether a loop is marked accel.launch. */
ST_API bool st_accel_is_launch(const st_op *loop);
/* Whether any op under `root` (root included) is marked accel.kernel or
 * accel.launch: the program has accelerated code. */
ST_API bool st_accel_contains_accelerated(st_op *root);
/* Whether a loop is marked accel.unroll. */
ST_API bool st_accel_is_unrolled(const st_op *loop);
/* A loop's accel.latency, 0 when it has none. */
ST_API int64_t st_accel_latency(const st_op *loop);
/* A launch loop's accel.output_rate, 0 when it has none. */
ST_API int64_t st_accel_output_rate(const st_op *loop);
/* An allocation's accel.name, or argument `arg` of a func.func's
 * (its arg_attrs); empty when it has none. */
ST_API st_str st_accel_name(const st_op *alloc);
ST_API st_str st_accel_arg_name(const st_op *fn, size_t arg);
/* An allocation's accel.store_in. */
ST_API st_accel_level st_accel_store_in(const st_op *alloc);

#ifdef __cplusplus
}
#endif
#endif
