/* Harness `hl`: the Halide-style frontend (frontends/halide): the .hl
 * parser, its name/type/schedule checks, bounds inference, the lowering
 * to func/affine/memref and the direct evaluator.
 *
 * Any text must lower or fail with at least one located error.  A lowered
 * module verifies and its print parses and verifies again.  A program that
 * passes the checks evaluates on small inputs or fails with an error (an
 * input read outside its buffer, too much work), never crashes.
 */
#include "fuzz_common.h"

#include "strata/halide.h"

#include <stdlib.h>
#include <string.h>

/* Inputs get this extent in every dimension: big enough for the stencils
 * of the examples, small enough to keep an evaluation cheap. */
enum { INPUT_EXTENT = 8 };
/* Outputs above this many elements are not evaluated (realize() sizes are
 * the input's to choose, and the evaluator's time grows with them). */
enum { MAX_OUTPUT_ELEMENTS = 1 << 10 };

static size_t elem_size(const char *type) {
	if (!strcmp(type, "u8") || !strcmp(type, "i8"))
		return 1;
	if (!strcmp(type, "u16") || !strcmp(type, "i16") || !strcmp(type, "bf16"))
		return 2;
	return 4;
}

static size_t num_elements(const st_halide_buffer *b) {
	size_t n = 1;
	for (size_t d = 0; d < b->rank; d++) {
		if (b->shape[d] <= 0 || b->shape[d] > MAX_OUTPUT_ELEMENTS)
			return MAX_OUTPUT_ELEMENTS + 1;
		n *= (size_t)b->shape[d];
		if (n > MAX_OUTPUT_ELEMENTS)
			return n;
	}
	return n;
}

/* Fills the buffers from the input bytes (so that libFuzzer's mutations
 * reach the data too) and evaluates; outputs too big are skipped. */
static void evaluate(st_halide_program *prog, const uint8_t *data, size_t size) {
	size_t ni = st_halide_num_inputs(prog), no = st_halide_num_outputs(prog);
	st_halide_buffer *in = calloc(ni + 1, sizeof *in), *out = calloc(no + 1, sizeof *out);
	bool ok = in && out;
	for (size_t i = 0; ok && i < ni; i++) {
		st_halide_input_desc(prog, i, &in[i]);
		for (size_t d = 0; d < in[i].rank; d++)
			in[i].shape[d] = INPUT_EXTENT;
		size_t bytes = num_elements(&in[i]) * elem_size(in[i].type);
		uint8_t *p = malloc(bytes);
		ok = p != NULL;
		for (size_t k = 0; ok && k < bytes; k++)
			p[k] = size ? (uint8_t)(data[k % size] + k) : (uint8_t)k;
		in[i].data = p;
	}
	for (size_t i = 0; ok && i < no; i++) {
		st_halide_output_desc(prog, i, &out[i]);
		size_t n = num_elements(&out[i]);
		ok = n <= MAX_OUTPUT_ELEMENTS && (out[i].data = calloc(n, elem_size(out[i].type))) != NULL;
	}
	if (ok)
		(void)st_halide_eval(prog, in, out); /* an error is a fine outcome */
	for (size_t i = 0; in && i < ni; i++)
		free(in[i].data);
	for (size_t i = 0; out && i < no; i++)
		free(out[i].data);
	free(in);
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_str text = st_str_make((const char *)data, size);
	size_t errors = st_context_num_errors(ctx);
	st_halide_program *prog = st_halide_program_create(ctx, text, "input.hl");
	if (!prog) {
		fz_expect_error(ctx, errors, "a program was refused without an error");
	} else {
		evaluate(prog, data, size);
		st_halide_program_destroy(prog);
	}

	errors = st_context_num_errors(ctx);
	st_op *m = st_halide_import(ctx, text, "input.hl");
	if (!m) {
		fz_expect_error(ctx, errors, "a lowering failed without an error");
	} else {
		fz_check_reads_back(ctx, m, "a lowered .hl program", false);
		/* The lowered loops must survive the passes that follow them. */
		fz_check_pipeline(ctx, m, "lower-affine,canonicalize,cse", false);
		st_op_destroy(m);
	}
	fz_done(ctx);
	return 0;
}
