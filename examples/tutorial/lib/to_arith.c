/* convert-mod-to-arith: the mod dialect lowered to arith and scf with the
 * dialect-conversion framework.  !mod.int<N> becomes i64 holding the
 * residue; each op becomes the arithmetic that keeps it in [0, N), and
 * mod.pow a loop.  Patterns get their operands already converted (i64). */
#include "mod_internal.h"

#include <strata/conversion.h>
#include <strata/pass.h>

/* One new op at the rewriter's insertion point; its first result. */
static st_value *build(st_rewriter *rw, const char *name, st_attr *loc, size_t n, st_value *const *operands,
                       st_type *type, st_attr *attrs) {
	st_op_state s = {.name = st_str_c(name), .loc = loc, .noperands = n, .operands = operands,
	                 .nresults = type != NULL, .result_types = &type, .attrs = attrs};
	st_op *op = st_rewriter_create(rw, &s);
	return op && type ? st_op_result(op, 0) : NULL;
}

static st_value *constant(st_rewriter *rw, st_attr *loc, st_type *type, int64_t v) {
	st_context *ctx = st_rewriter_context(rw);
	st_named_attr value = {st_ident_get_c(ctx, "value"), st_integer_attr(ctx, type, v)};
	return build(rw, "arith.constant", loc, 0, NULL, type, st_dict_attr(ctx, 1, &value));
}

static st_value *binary(st_rewriter *rw, const char *name, st_attr *loc, st_value *a, st_value *b) {
	st_value *ab[2] = {a, b};
	return a && b ? build(rw, name, loc, 2, ab, st_value_type(a), NULL) : NULL;
}

/* `arith.remui (name a, b), N`: an op of arith followed by the reduction. */
static st_value *reduced(st_rewriter *rw, const char *name, st_attr *loc, st_value *a, st_value *b, uint64_t n) {
	st_value *r = binary(rw, name, loc, a, b);
	return binary(rw, "arith.remui", loc, r, constant(rw, loc, st_value_type(a), (int64_t)n));
}

static uint64_t modulus_of(st_op *op) {
	st_value *v = st_op_num_results(op) ? st_op_result(op, 0) : st_op_operand(op, 0);
	return mod_int_modulus(st_value_type(v));
}

static bool replace(st_rewriter *rw, st_op *op, st_value *v) {
	if (!v)
		return st_rewriter_match_failure(rw, op, "could not build the arith ops");
	st_rewriter_replace_op(rw, op, &v);
	return true;
}

static bool lower_constant(const st_pattern *pat, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)pat, (void)operands;
	uint64_t v = 0;
	mod_residue_value(st_op_get_attr(op, "value"), &v);
	st_type *i64 = st_integer_type(st_rewriter_context(rw), 64, ST_SIGNLESS);
	return replace(rw, op, constant(rw, st_op_loc(op), i64, (int64_t)v));
}

/* pat->data names the arith op applied before reducing. */
static bool lower_binary(const st_pattern *pat, st_op *op, st_value *const *operands, st_rewriter *rw) {
	return replace(rw, op, reduced(rw, pat->data, st_op_loc(op), operands[0], operands[1], modulus_of(op)));
}

/* x - N * floor(x / N) in two steps: remsi gives (-N, N), adding N and
 * reducing again gives [0, N) (no overflow: N <= 2^32). */
static bool lower_from_int(const st_pattern *pat, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)pat;
	st_attr *loc = st_op_loc(op);
	st_value *nn = constant(rw, loc, st_value_type(operands[0]), (int64_t)modulus_of(op));
	st_value *r = binary(rw, "arith.remsi", loc, operands[0], nn);
	return replace(rw, op, binary(rw, "arith.remsi", loc, binary(rw, "arith.addi", loc, r, nn), nn));
}

static bool lower_to_int(const st_pattern *pat, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)pat;
	return replace(rw, op, operands[0]);
}

/* scf.for %i = 0 to %exponent step 1 iter_args(%acc = 1) {
 *   scf.yield (%acc * %base) mod N }
 * A non-positive exponent runs no trip and leaves 1. */
static bool lower_pow(const st_pattern *pat, st_op *op, st_value *const *operands, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_attr *loc = st_op_loc(op);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS), *index = st_index_type(ctx);
	st_value *bounds[4] = {constant(rw, loc, index, 0), operands[1], constant(rw, loc, index, 1),
	                       constant(rw, loc, i64, 1)};
	if (!bounds[0] || !bounds[2] || !bounds[3])
		return replace(rw, op, NULL);
	st_op_state s = {.name = st_str_c("scf.for"), .loc = loc, .noperands = 4, .operands = bounds,
	                 .nresults = 1, .result_types = &i64, .nregions = 1};
	st_op *loop = st_rewriter_create(rw, &s);
	if (!loop)
		return replace(rw, op, NULL);
	st_type *arg_types[2] = {index, i64};
	st_attr *arg_locs[2] = {loc, loc};
	st_block *body = st_rewriter_create_block(rw, st_op_region(loop, 0), NULL, 2, arg_types, arg_locs);
	if (!body)
		return replace(rw, op, NULL);
	st_value *next = reduced(rw, "arith.muli", loc, st_block_arg(body, 1), operands[0], modulus_of(op));
	build(rw, "scf.yield", loc, 1, &next, NULL, NULL);
	st_rewriter_set_insertion_after(rw, loop);
	return replace(rw, op, st_op_result(loop, 0));
}

static const st_pattern patterns[] = {
	{.name = "mod-constant-to-arith", .root = "mod.constant", .benefit = 1, .convert = lower_constant},
	{.name = "mod-add-to-arith", .root = "mod.add", .benefit = 1, .convert = lower_binary, .data = "arith.addi"},
	{.name = "mod-mul-to-arith", .root = "mod.mul", .benefit = 1, .convert = lower_binary, .data = "arith.muli"},
	{.name = "mod-pow-to-scf", .root = "mod.pow", .benefit = 1, .convert = lower_pow},
	{.name = "mod-from-int-to-arith", .root = "mod.from_int", .benefit = 1, .convert = lower_from_int},
	{.name = "mod-to-int-to-arith", .root = "mod.to_int", .benefit = 1, .convert = lower_to_int},
};

/* !mod.int<N> -> i64 (`ud` is the context); NULL lets the older
 * identity rule keep every other type. */
static st_type *convert_type(void *ud, st_type *t, bool *fail) {
	(void)fail;
	return mod_int_modulus(t) ? st_integer_type(ud, 64, ST_SIGNLESS) : NULL;
}

/* Partial conversion: every mod op must go (the dialect is illegal), arith
 * and scf are the target, and other ops (func.func, func.return) stay.
 * On failure the module is left as it was and the error names the op. */
static st_status run(st_pass *pass, st_op *module) {
	st_context *ctx = st_pass_context(pass);
	st_type_converter *tc = st_type_converter_create(ctx);
	st_conversion_target *target = st_conversion_target_create(ctx);
	st_pattern_set *set = st_pattern_set_create(ctx);
	st_status s = ST_FAIL;
	if (tc && target && set && st_succeeded(st_type_converter_add_identity(tc)) &&
	    st_succeeded(st_type_converter_add_rule(tc, convert_type, ctx)) &&
	    st_succeeded(st_target_add_illegal_dialect(target, "mod")) &&
	    st_succeeded(st_target_add_legal_dialect(target, "arith")) &&
	    st_succeeded(st_target_add_legal_dialect(target, "scf")) &&
	    st_succeeded(st_pattern_set_add_many(set, patterns, sizeof patterns / sizeof patterns[0]))) {
		st_conversion_config cfg = {.type_converter = tc};
		s = st_apply_partial_conversion(module, target, set, &cfg);
	}
	st_pattern_set_destroy(set);
	st_conversion_target_destroy(target);
	st_type_converter_destroy(tc);
	return s;
}

static const st_pass_def convert_mod_to_arith = {
	.name = "convert-mod-to-arith",
	.summary = "lower the mod dialect to arith and scf (residues as i64)",
	.anchor = "builtin.module",
	.run = run,
};

st_status mod_register_passes(st_context *ctx) { return st_context_register_pass(ctx, &convert_mod_to_arith); }
