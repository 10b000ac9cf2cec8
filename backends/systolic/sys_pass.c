/* systolic-map and export-systolic (docs/systolic.md): placing the layers
 * of a module's functions on the systolic target the module carries
 * (`strata-opt --acg=archs/genesys-systolic.acg --systolic-map`), and
 * writing the program of the placed codelets
 * (`strata-translate --export-systolic`). */
#include "sys_map.h"

#include "strata/asm.h"
#include "strata/pass.h"
#include "strata/translate.h"

#include <stdio.h>

st_op *sys_map_array_layer(const sys_machine *m, st_op *layer, const sys_conv *c, const sys_plan *p, const char *name);

typedef struct map_options {
	const char *target;
	const char *func; /* only this function's layers (NULL: every function's) */
} map_options;

static const char *type_name(st_context *ctx, st_type *t, char *buf, size_t n) { return st_type_str(ctx, t, buf, n); }

/* The array computes on the element types of its GEMM capability: inputs
 * and weights of those types, an output of that type or narrower (a
 * narrower output takes the low bits of the array's sums, its store
 * truncates: the layer's sums wrap at the output's width, which
 * truncating an exact 32-bit wrapping sum gives).  False with the reason
 * in `why` otherwise. */
bool sys_array_takes(const sys_machine *m, st_op *layer, char *why, size_t n) {
	st_op *sa = st_acg_lookup(m->graph, m->sa);
	st_acg_cap cap = {0};
	for (size_t k = 0; k < st_acg_num_caps(sa); k++)
		if (st_acg_get_cap(sa, k, &cap) && !strcmp(cap.op, "GEMM"))
			break;
	static const char *const what[3] = {"input", "weights", "output"};
	static const size_t slot[3] = {1, 2, 0};
	char a[32], b[32];
	for (size_t i = 0; i < 3; i++) {
		st_type *have = st_type_element(st_value_type(st_op_operand(layer, i)));
		st_type *want = st_acg_cap_type(&cap, slot[i]);
		bool narrower = i == 2 && st_type_is_integer(have) && want && st_type_is_integer(want) &&
		                st_type_int_width(have) < st_type_int_width(want);
		if (have != want && !narrower) {
			snprintf(why, n, "the array '%s' has GEMM on %s %s (its capability), not on %s %s", m->sa,
			         type_name(st_op_context(layer), want, a, sizeof a), what[i],
			         type_name(st_op_context(layer), have, b, sizeof b), what[i]);
			return false;
		}
	}
	return true;
}

static st_attr *plan_attr(st_context *ctx, const sys_plan *p, const sys_search *s) {
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	int64_t tiles[4] = {p->tp, p->tq, p->tk, p->tc};
	st_named_attr e[6] = {
		{st_ident_get_c(ctx, "candidates"), st_integer_attr(ctx, i64, (int64_t)s->candidates)},
		{st_ident_get_c(ctx, "cycles"), st_integer_attr(ctx, i64, (int64_t)p->cycles)},
		{st_ident_get_c(ctx, "dataflow"), st_string_attr(ctx, st_str_c(p->dataflow == SYS_OS ? "os" : p->dataflow == SYS_SIMD ? "simd" : "ws"))},
		{st_ident_get_c(ctx, "order"), st_string_attr(ctx, st_str_c(p->order == SYS_K_OUTER ? "k-outer" : "spatial-outer"))},
		{st_ident_get_c(ctx, "tiles"), st_dense_int_array_attr(ctx, i64, 4, tiles)},
		{st_ident_get_c(ctx, "valid"), st_integer_attr(ctx, i64, (int64_t)s->valid)},
	};
	return st_dict_attr(ctx, 6, e);
}

static st_status map_layer(const sys_machine *m, st_op *layer) {
	st_codelet_layer_info l;
	sys_conv c;
	if (!st_codelet_layer_get(layer, &l))
		return ST_OK;
	sys_plan p;
	sys_search s = {0};
	st_op *cd;
	char why[192];
	bool array = sys_conv_of(&l, &c) && sys_array_takes(m, layer, why, sizeof why);
	/* A GEMM or a convolution on types the array does not take runs on
	 * the SIMD unit's multiply-accumulates (docs/systolic.md, "GEMMs and
	 * convolutions on the SIMD unit"). */
	bool arrayish = l.kind == ST_CODELET_GEMM || l.kind == ST_CODELET_CONV2D;
	if (!array && arrayish && m->simd[0] && !sys_simd_has_cap(m, "MACC"))
		return st_op_error(layer, "%s, and the SIMD unit '%s' has no MACC to run it", why, m->simd);
	if (!array) {
		cd = sys_map_simd_layer(m, layer, &l, &p, &s);
	} else {
		if (!sys_plan_best(m, &c, &p, &s))
			return st_op_error(layer,
			                   "does not fit the target: its smallest tiles need %lld elements of '%s', which has %lld",
			                   (long long)s.need, s.lacking ? s.lacking : "?", (long long)s.have);
		cd = sys_map_array_layer(m, layer, &c, &p, st_codelet_layer_name(l.kind));
	}
	if (!cd)
		return ST_FAIL;
	st_op_set_attr(cd, "plan", plan_attr(st_op_context(layer), &p, &s));
	st_op_erase(layer);
	return ST_OK;
}

static st_status run_map(st_pass *pass, st_op *module) {
	const map_options *o = st_pass_options(pass);
	st_op *graph = st_acg_find_target(module, o->target);
	if (!graph)
		return ST_FAIL;
	sys_machine m;
	if (st_failed(sys_machine_init(&m, graph, st_op_loc(module))))
		return ST_FAIL;
	st_context *ctx = st_pass_context(pass);
	size_t n = 0;
	st_op *root = module;
	if (o->func && o->func[0]) {
		root = NULL;
		st_block *b = st_region_first_block(st_op_region(module, 0));
		for (st_op *op = b ? st_block_first_op(b) : NULL; op && !root; op = st_op_next(op))
			if (!strcmp(st_op_name_cstr(op), "func.func") && st_str_eq_c(st_ident_str(st_symbol_name(op)), o->func))
				root = op;
		if (!root)
			return st_pass_option_error(pass, "func", module, "no function '%s' in the module", o->func);
	}
	st_op **ops = st_codelet_layer_ops(root, &n);
	if (n && !ops)
		return ST_FAIL;
	st_status st = ST_OK;
	for (size_t i = 0; st_succeeded(st) && i < n; i++)
		st = map_layer(&m, ops[i]);
	if (ops)
		st_ctx_free(ctx, ops, n * sizeof *ops);
	return st;
}

static const st_pass_option_def map_opts[] = {
	{"target", "the acg.graph to map onto (@name; default: the only one)", ST_PASS_OPT_STRING, NULL,
	 offsetof(map_options, target), NULL},
	{"func", "map only this function's layers (default: every function's)", ST_PASS_OPT_STRING, NULL,
	 offsetof(map_options, func), NULL},
};

static const st_pass_def map_pass = {
	.name = "systolic-map",
	.summary = "Place the codelet layers on the systolic target: dataflow, loop order and tiles by a cost model",
	.anchor = "builtin.module",
	.options = map_opts,
	.noptions = 2,
	.options_size = sizeof(map_options),
	.run = run_map,
};

/* ------------------------------------------------------------------ export */

static st_op *function_with_codelets(st_op *module) {
	st_block *b = st_op_num_regions(module) ? st_region_first_block(st_op_region(module, 0)) : NULL;
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "func.func") != 0 || !st_op_num_regions(op))
			continue;
		st_block *fb = st_region_first_block(st_op_region(op, 0));
		for (st_op *o = fb ? st_block_first_op(fb) : NULL; o; o = st_op_next(o))
			if (!strcmp(st_op_name_cstr(o), "codelet.cdlt"))
				return op;
	}
	return NULL;
}

static st_status export_program(st_op *module, st_write_fn w, void *ud) {
	st_op *graph = st_acg_find_target(module, NULL);
	if (!graph)
		return ST_FAIL;
	st_op *fn = function_with_codelets(module);
	if (!fn)
		return st_op_error(module, "no function holds codelets: run systolic-map first");
	st_systolic_program *p = st_systolic_codegen(fn, graph);
	if (!p)
		return ST_FAIL;
	st_status st = st_systolic_program_write(p, w, ud);
	st_systolic_program_destroy(p);
	return st;
}

static const st_translation_def export_def = {
	.name = "export-systolic",
	.summary = "Write the systolic program of a function's placed codelets (the module carries the target)",
	.export_ = export_program,
};

st_status st_register_systolic_passes(st_context *ctx) {
	return st_failed(sys_register_limits(ctx)) ? ST_FAIL : st_context_register_pass(ctx, &map_pass);
}

st_status st_register_systolic_translations(st_context *ctx) {
	return st_failed(sys_register_limits(ctx)) ? ST_FAIL : st_context_register_translation(ctx, &export_def);
}
