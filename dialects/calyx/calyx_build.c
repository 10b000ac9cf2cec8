/* The builders of strata/calyx.h (cells, groups, assignments, control),
 * and the small ones the calyx passes share: constants and the one-bit
 * logic (and/or/not/compare) that control compiles into. */
#include "calyx_internal.h"

#include <stdio.h>
#include <string.h>

static st_attr *one_attr(st_context *ctx, const char *name, st_attr *v) {
	st_named_attr e = {st_ident_get_c(ctx, name), v};
	return st_dict_attr(ctx, 1, &e);
}

st_value *st__calyx_const(st_builder *b, unsigned width, int64_t v) {
	st_type *t = st_integer_type(b->ctx, width, ST_SIGNLESS);
	st_op *op = st_build_op(b, "hw.constant", 0, NULL, 1, &t, one_attr(b->ctx, "value", st_integer_attr(b->ctx, t, v)), 0);
	return op ? st_op_result(op, 0) : NULL;
}

static st_value *binary(st_builder *b, const char *name, st_value *x, st_value *y) {
	if (!x || !y)
		return NULL;
	st_value *ops[2] = {x, y};
	st_type *t = st_value_type(x);
	st_op *op = st_build_op(b, name, 2, ops, 1, &t, NULL, 0);
	return op ? st_op_result(op, 0) : NULL;
}

static bool is_const(st_value *v, int64_t *out) {
	st_op *d = st_value_defining_op(v);
	if (!d || strcmp(st_op_name_cstr(d), "hw.constant") != 0)
		return false;
	*out = st_attr_int_value(st_op_get_attr(d, "value"));
	return true;
}

/* One-bit and/or fold constants away (the FSMs are full of `go & 1`): a
 * constant equal to `absorbing` decides the result, the other is neutral. */
static st_value *logic(st_builder *b, const char *name, int64_t absorbing, st_value *x, st_value *y) {
	int64_t c;
	if (!x)
		return y;
	if (!y)
		return x;
	if (is_const(x, &c))
		return c == absorbing ? x : y;
	if (is_const(y, &c))
		return c == absorbing ? y : x;
	return binary(b, name, x, y);
}

st_value *st__calyx_and(st_builder *b, st_value *x, st_value *y) { return logic(b, "comb.and", 0, x, y); }
st_value *st__calyx_or(st_builder *b, st_value *x, st_value *y) { return logic(b, "comb.or", 1, x, y); }

st_value *st__calyx_not(st_builder *b, st_value *x) {
	int64_t c;
	if (x && is_const(x, &c))
		return st__calyx_const(b, 1, !c);
	return binary(b, "comb.xor", x, st__calyx_const(b, 1, 1));
}

st_value *st__calyx_icmp(st_builder *b, int pred, st_value *x, st_value *y) {
	if (!x || !y)
		return NULL;
	st_value *ops[2] = {x, y};
	st_type *t = st_integer_type(b->ctx, 1, ST_SIGNLESS);
	st_attr *p = st_integer_attr(b->ctx, st_integer_type(b->ctx, 64, ST_SIGNLESS), pred);
	st_op *op = st_build_op(b, "comb.icmp", 2, ops, 1, &t, one_attr(b->ctx, "predicate", p), 0);
	return op ? st_op_result(op, 0) : NULL;
}

st_op *st_calyx_build_assign(st_builder *b, st_value *dest, st_value *src, st_value *guard) {
	if (!dest || !src)
		return NULL;
	st_value *ops[3] = {dest, src, guard};
	return st_build_op(b, "calyx.assign", guard ? 3 : 2, ops, 0, NULL, NULL, 0);
}

/* The body block of a new group; false when out of memory. */
static bool body(st_builder *b, st_op *op) {
	st_block *blk = op ? st_block_create(b->ctx) : NULL;
	if (blk)
		st_region_append_block(st_op_region(op, 0), blk);
	else
		b->failed = true;
	return blk != NULL;
}

st_op *st_calyx_build_cell(st_builder *b, const char *kind, st_str name, size_t nports, st_type *const *types,
                           st_attr *attrs) {
	char opname[64];
	snprintf(opname, sizeof opname, "calyx.%s", kind);
	size_t n = attrs ? st_attr_dict_size(attrs) : 0;
	st_named_attr small[8], *e = n < 8 ? small : st_ctx_alloc(b->ctx, (n + 1) * sizeof *e);
	if (!e) {
		b->failed = true;
		return NULL;
	}
	size_t k = 0;
	e[k++] = (st_named_attr){st_ident_get_c(b->ctx, "sym_name"), st_string_attr(b->ctx, name)};
	for (size_t i = 0; i < n; i++)
		e[k++] = st_attr_dict_entry(attrs, i);
	st_attr *dict = st_dict_attr(b->ctx, k, e);
	if (e != small)
		st_ctx_free(b->ctx, e, (n + 1) * sizeof *e);
	return st_build_op(b, opname, 0, NULL, nports, types, dict, 0);
}

st_op *st_calyx_build_group(st_builder *b, const char *kind, st_str name, int64_t latency) {
	st_named_attr e[2] = {{st_ident_get_c(b->ctx, "sym_name"), st_string_attr(b->ctx, name)},
	                      {st_ident_get_c(b->ctx, "latency"),
	                       st_integer_attr(b->ctx, st_integer_type(b->ctx, 64, ST_SIGNLESS), latency)}};
	st_op *op = st_build_op(b, kind, 0, NULL, 0, NULL, st_dict_attr(b->ctx, latency ? 2 : 1, e), 1);
	return body(b, op) ? op : NULL;
}

st_op *st_calyx_build_group_done(st_builder *b, st_value *src) {
	return st_build_op(b, "calyx.group_done", 1, &src, 0, NULL, NULL, 0);
}

st_op *st_calyx_build_enable(st_builder *b, st_str group) {
	st_named_attr e = {st_ident_get_c(b->ctx, "groupName"), st_symbol_ref_attr(b->ctx, group, 0, NULL)};
	return st_build_op(b, "calyx.enable", 0, NULL, 0, NULL, st_dict_attr(b->ctx, 1, &e), 0);
}

st_op *st_calyx_build_control(st_builder *b, const char *name, size_t n, st_value *const *operands, st_attr *attrs,
                              size_t nregions) {
	return st_build_op(b, name, n, operands, 0, NULL, attrs, nregions);
}
