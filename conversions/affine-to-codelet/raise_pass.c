/* affine-raise-to-codelet (docs/conversion.md, "affine-raise-to-codelet";
 * issue 26, raising): a function of affine loop nests over memrefs (what
 * the .hl and .pm frontends produce) becomes the codelet layer ops that
 * compute the same thing, so that the systolic target can map it.  The
 * loops are traced on terms (raise_trace.c), what each written argument
 * holds is read as a chain of layers (raise_match.c), and the function's
 * body is replaced by them.  A function whose loops are no layer keeps
 * them, and the pass reports why (it stays on the host). */
#include "raise.h"

#include "strata/affine.h"
#include "strata/conversions/affine_to_codelet.h"
#include "strata/limit.h"
#include "strata/pass.h"

static const st_limit_def steps_limit = {
	.name = "codelet-raise-steps",
	.summary = "operations affine-raise-to-codelet runs while tracing a function's loops",
	.value = INT64_C(1) << 24,
};

typedef struct raise_options {
	const char *func; /* only this function (NULL: every one with affine loops) */
} raise_options;

static st_walk_result find_for(st_op *op, void *ud) {
	if (st_affine_is_for(op)) {
		*(bool *)ud = true;
		return ST_WALK_INTERRUPT;
	}
	return ST_WALK_ADVANCE;
}

static st_status raise_fn(st_pass *pass, st_op *fn) {
	bool loops = false;
	st_walk(fn, ST_WALK_PRE, find_for, &loops);
	if (!loops)
		return ST_OK;
	st_context *ctx = st_pass_context(pass);
	rtrace t;
	st_status st = ST_OK;
	if (!raise_trace(&t, fn, (uint64_t)st_context_limit(ctx, &steps_limit))) {
		char hint[160] = "";
		if (t.steps > t.max_steps)
			st_limit_hint(ctx, &steps_limit, hint, sizeof hint);
		st = st_op_error(t.bad ? t.bad : fn, "the loops are no codelet layer (they stay on the host): %s%s%s", t.why,
		                 hint[0] ? " " : "", hint);
	} else {
		st = raise_match(&t);
	}
	raise_trace_free(&t);
	return st;
}

static st_status run(st_pass *pass, st_op *module) {
	const raise_options *o = st_pass_options(pass);
	st_block *b = st_region_first_block(st_op_region(module, 0));
	bool found = false;
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "func.func") != 0 || !st_op_num_regions(op) ||
		    !st_region_first_block(st_op_region(op, 0)))
			continue;
		if (o->func && o->func[0] && !st_str_eq_c(st_ident_str(st_symbol_name(op)), o->func))
			continue;
		found = true;
		if (st_failed(raise_fn(pass, op)))
			return ST_FAIL;
	}
	if (o->func && o->func[0] && !found)
		return st_pass_option_error(pass, "func", module, "no function '%s' in the module", o->func);
	return ST_OK;
}

static const st_pass_option_def opts[] = {
	{"func", "raise only this function (default: every one with affine loops)", ST_PASS_OPT_STRING, NULL,
	 offsetof(raise_options, func), NULL},
};

static const st_pass_def pass = {
	.name = "affine-raise-to-codelet",
	.summary = "Replace a function's affine loop nests by the codelet layers (GEMM, convolutions, pooling, "
	           "element-wise) they compute",
	.anchor = "builtin.module",
	.options = opts,
	.noptions = 1,
	.options_size = sizeof(raise_options),
	.run = run,
};

st_status st_register_affine_to_codelet_passes(st_context *ctx) {
	if (st_failed(st_register_codelet_dialect(ctx)) || st_failed(st_context_register_limit(ctx, &steps_limit)))
		return ST_FAIL;
	return st_context_register_pass(ctx, &pass);
}
