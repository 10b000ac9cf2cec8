/* comb's canonicalization patterns (CIRCT's): a variadic op absorbs the
 * operands of a same-kind operand used only by it (and(and(a, b), c) ->
 * and(a, b, c)), concat absorbs nested concats, and several constant
 * operands of a variadic op become one constant. */
#include "comb_internal.h"
#include "strata/rewrite.h"

#include <string.h>

/* Replaces `op` with an op of the same name, attributes and result type
 * whose operands are `vals`. */
static void rebuild(st_rewriter *rw, st_op *op, size_t n, st_value *const *vals) {
	st_type *rt = st_value_type(st_op_result(op, 0));
	st_op_state s = {.name = st_ident_str(st_op_name(op)), .loc = st_op_loc(op), .noperands = n, .operands = vals,
	                 .nresults = 1, .result_types = &rt, .attrs = st_op_attrs(op)};
	st_rewriter_set_insertion_before(rw, op);
	st_op *nop = st_rewriter_create(rw, &s);
	if (nop)
		st_rewriter_replace_op_with_op(rw, op, nop);
}

static bool same_flags(const st_op *a, const st_op *b) {
	return (st_op_get_attr(a, "twoState") != NULL) == (st_op_get_attr(b, "twoState") != NULL);
}

/* Operands that are the same op with no other user are replaced by their
 * own operands, in place (the order matters for concat). */
static bool flatten(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	size_t n = st_op_num_operands(op), total = 0;
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		st_value *v = st_op_operand(op, i);
		st_op *d = st_value_defining_op(v);
		if (d && d != op && st_op_name(d) == st_op_name(op) && st_value_has_one_use(v) && same_flags(d, op)) {
			total += st_op_num_operands(d);
			any = true;
		} else {
			total++;
		}
	}
	if (!any)
		return false;
	st_context *ctx = st_rewriter_context(rw);
	st_value **vals = st_ctx_alloc(ctx, total * sizeof *vals);
	if (!vals)
		return false;
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		st_value *v = st_op_operand(op, i);
		st_op *d = st_value_defining_op(v);
		if (d && d != op && st_op_name(d) == st_op_name(op) && st_value_has_one_use(v) && same_flags(d, op))
			for (size_t j = 0; j < st_op_num_operands(d); j++)
				vals[k++] = st_op_operand(d, j);
		else
			vals[k++] = v;
	}
	rebuild(rw, op, total, vals);
	st_ctx_free(ctx, vals, total * sizeof *vals);
	return true;
}

/* add(x, 1, 2) -> add(x, 3): the constants are evaluated together. */
static bool merge_constants(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	size_t n = st_op_num_operands(op), nconst = 0;
	st_type *t = st_value_type(st_op_result(op, 0));
	unsigned w = st_type_int_width(t);
	size_t words = st_bv_words(w);
	for (size_t i = 0; i < n; i++) {
		st_op *d = st_value_defining_op(st_op_operand(op, i));
		nconst += d && strcmp(st_op_name_cstr(d), "hw.constant") == 0;
	}
	if (nconst < 2 || nconst == n || words > 64)
		return false;
	st_context *ctx = st_rewriter_context(rw);
	uint64_t acc[64] = {0}, scratch[4 * 64];
	const uint64_t *in[2] = {acc, NULL};
	uint64_t widths[2] = {w, w};
	bool first = true;
	st_value **vals = st_ctx_alloc(ctx, n * sizeof *vals);
	if (!vals)
		return false;
	size_t k = 0;
	st_comb_kind kind = st_comb_kind_of(op);
	for (size_t i = 0; i < n; i++) {
		st_value *v = st_op_operand(op, i);
		st_op *d = st_value_defining_op(v);
		if (!d || strcmp(st_op_name_cstr(d), "hw.constant") != 0) {
			vals[k++] = v;
			continue;
		}
		st_attr *a = st_op_get_attr(d, "value");
		uint64_t cur[64] = {0};
		memcpy(cur, st_attr_int_words(a), st_attr_int_num_words(a) * sizeof *cur);
		if (first) {
			memcpy(acc, cur, sizeof acc);
			first = false;
			continue;
		}
		uint64_t out[64] = {0};
		in[1] = cur;
		st_comb_eval(kind, 0, 2, in, widths, out, w, scratch);
		memcpy(acc, out, sizeof acc);
	}
	st_attr *value = st_integer_attr_words(ctx, t, words, acc);
	st_rewriter_set_insertion_before(rw, op);
	st_op *c = value ? st_rewriter_create_constant(rw, st_op_dialect(op), value, t, st_op_loc(op)) : NULL;
	if (!c) {
		st_ctx_free(ctx, vals, n * sizeof *vals);
		return false;
	}
	vals[k++] = st_op_result(c, 0);
	rebuild(rw, op, k, vals);
	st_ctx_free(ctx, vals, n * sizeof *vals);
	return true;
}

static const st_pattern concat_patterns[] = {
	{.name = "comb-flatten-concat", .root = "comb.concat", .benefit = 1, .rewrite = flatten},
};

/* Patterns match by op name: each variadic op gets its own table. */
#define VARIADIC_SET(op)                                                                                            \
	static const st_pattern op##_patterns[] = {                                                                     \
		{.name = "comb-flatten-variadic", .root = "comb." #op, .benefit = 1, .rewrite = flatten},                 \
		{.name = "comb-merge-constants", .root = "comb." #op, .benefit = 1, .rewrite = merge_constants},          \
	};                                                                                                              \
	void st__comb_##op##_patterns(void *set) { st_pattern_set_add_many(set, op##_patterns, 2); }

VARIADIC_SET(add)
VARIADIC_SET(mul)
VARIADIC_SET(and)
VARIADIC_SET(or)
VARIADIC_SET(xor)

void st__comb_concat_patterns(void *set) { st_pattern_set_add_many(set, concat_patterns, 1); }
