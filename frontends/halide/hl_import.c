/* The .hl import: parse and check the program, infer bounds, emit the IR,
 * and the `import-halide` translation that strata-translate offers. */
#include "hl_lower.h"
#include "strata/limit.h"
#include "strata/translate.h"

#include <string.h>

st_op *st_halide_import(st_context *ctx, st_str text, const char *filename) {
	st_halide_program *prog = st_halide_program_create(ctx, text, filename);
	if (!prog)
		return NULL;
	st__hl_parser *p = st__hl_program_parser(prog);
	/* volatile: read again after a longjmp out of the emission; the
	 * lowering state lives in the import's memory, not on this frame, so
	 * the module it is building can be freed after one. */
	st_op *volatile module = NULL;
	st__hl_lower *volatile L = NULL;
	if (setjmp(p->bail) == 0) {
		L = st__hl_alloc(p, sizeof *L);
		L->p = p;
		L->ctx = ctx;
		if (st__hl_bounds(L))
			module = st__hl_emit(L);
	} else if (L && L->module) {
		st_op_destroy(L->module);
		module = NULL;
	}
	if (module && (p->failed || st_failed(st_verify(module)))) {
		st_op_destroy(module);
		module = NULL;
	}
	st_halide_program_destroy(prog);
	return module;
}

static st_op *import_halide(st_context *ctx, st_str buffer, const char *filename) {
	return st_halide_import(ctx, buffer, filename);
}

static const st_translation_def translations[] = {
	{.name = "import-halide",
	 .summary = "lower a Halide-style .hl program to func/affine/memref",
	 .import = import_halide,
	 .extension = ".hl"},
};

st_status st_register_halide_translations(st_context *ctx) {
	if (st_failed(st_context_register_limit(ctx, &st__hl_inline_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__hl_elements_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__hl_table_limit)))
		return ST_FAIL;
	for (size_t i = 0; i < sizeof translations / sizeof translations[0]; i++)
		if (st_failed(st_context_register_translation(ctx, &translations[i])))
			return ST_FAIL;
	return ST_OK;
}
