/* The Halide-style frontend (frontends/halide, docs/halide.md): `.hl`
 * programs (funcs, vars, reduction domains, an algorithm and its schedule)
 * lowered to func/affine/memref, and a schedule-free direct evaluator of
 * the same programs used as the reference in tests. */
#ifndef STRATA_HALIDE_H
#define STRATA_HALIDE_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the `import-halide` translation (strata-translate
 * --import-halide FILE.hl). */
ST_API st_status st_register_halide_translations(st_context *ctx);

/* Parses, checks and lowers a .hl program into a new builtin.module
 * holding `func.func @<file stem>` (one memref argument per ImageParam in
 * declaration order, then one per output in realize order); NULL after
 * located errors. */
ST_API st_op *st_halide_import(st_context *ctx, st_str text, const char *filename);

/* A checked program, for the direct evaluator. */
typedef struct st_halide_program st_halide_program;

/* NULL after reporting located errors (syntax, names, types, schedule). */
ST_API st_halide_program *st_halide_program_create(st_context *ctx, st_str text, const char *filename);
ST_API void st_halide_program_destroy(st_halide_program *prog); /* NULL is fine */

/* An image: element type as written in .hl (u8 u16 u32 i8 i16 i32 bf16
 * f32, and bool for a realized condition), dimensions in memref order (the
 * last Halide argument first), and row-major data, each element in its
 * type's size (bf16: its 16 bits) except bool, one 32-bit word (0 or 1). */
typedef struct st_halide_buffer {
	char type[8];
	size_t rank;
	int64_t shape[4];
	void *data;
} st_halide_buffer;

/* How many ImageParams (inputs) and realized funcs (outputs) it has. */
ST_API size_t st_halide_num_inputs(const st_halide_program *prog);
ST_API size_t st_halide_num_outputs(const st_halide_program *prog);
/* The name, type and rank of input i (shape left 0: inputs take any size). */
ST_API const char *st_halide_input_desc(const st_halide_program *prog, size_t i, st_halide_buffer *desc);
/* The name, type, rank and shape of output i (from its realize statement). */
ST_API const char *st_halide_output_desc(const st_halide_program *prog, size_t i, st_halide_buffer *desc);

/* Evaluates the algorithm (ignoring the schedule) on `inputs` into
 * `outputs`, whose data the caller allocated from the output descriptions.
 * ST_FAIL after an error (an input read outside its buffer, an update
 * writing outside what can be realized, too much work). */
ST_API st_status st_halide_eval(st_halide_program *prog, const st_halide_buffer *inputs, st_halide_buffer *outputs);

#ifdef __cplusplus
}
#endif
#endif
