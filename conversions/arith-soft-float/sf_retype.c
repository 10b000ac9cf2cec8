/* Switching one f32 or f64 value, or operand, to its bits (i32, i64) in
 * place:
 * what the `memrefs` option does to loads and stores (st__sf_memref.c) and to
 * the values carried through structured control flow (st__sf_carry.c).  Both
 * cancel the bitcasts the lowering placed at those edges rather than adding
 * a second pair, so a value that is bits on both sides has none left. */
#include "sf.h"

#include <string.h>

static bool is_bitcast(const st_op *op) { return op && !strcmp(st_op_name_cstr(op), "arith.bitcast"); }

bool st__sf_is_soft(st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_F32 || st_type_get_kind(t) == ST_TYPE_F64;
}

st_type *st__sf_bits_type(st_context *ctx, st_type *t) {
	if (!st__sf_is_soft(t))
		return NULL;
	return st_integer_type(ctx, st_type_get_kind(t) == ST_TYPE_F64 ? 64 : 32, ST_SIGNLESS);
}

st_status st__sf_value_to_bits(st_context *ctx, st_value *v) {
	st_type *f32 = st_value_type(v);
	st_value_set_type(v, st__sf_bits_type(ctx, f32));
	st_value *back = NULL;
	st_use *u = st_value_first_use(v);
	while (u) {
		st_use *next = st_use_next(u);
		st_op *user = st_use_owner(u);
		if (back && user == st_value_defining_op(back)) {
			u = next;
			continue;
		}
		if (is_bitcast(user) && st_type_is_integer(st_value_type(st_op_result(user, 0)))) {
			st_value_replace_all_uses(st_op_result(user, 0), v);
			st_op_erase(user);
		} else {
			if (!back) {
				/* Right after the definition, where it dominates every use. */
				st_op *def = st_value_defining_op(v);
				st_block *blk = def ? st_op_block(def) : st_value_owner_block(v);
				st__sf_b b;
				st__sf_builder(&b, ctx, blk, def ? st_op_next(def) : st_block_first_op(blk), st_value_loc(v));
				if (!(back = st__sf_cast(&b, "arith.bitcast", v, f32)))
					return ST_FAIL;
			}
			st_op_set_operand(user, st_use_operand_index(u), back);
		}
		u = next;
	}
	return ST_OK;
}

st_status st__sf_operand_to_bits(st_context *ctx, st_op *op, size_t i) {
	st_value *v = st_op_operand(op, i);
	if (st_type_is_integer(st_value_type(v)))
		return ST_OK;
	st_op *d = st_value_defining_op(v);
	if (is_bitcast(d) && st_type_is_integer(st_value_type(st_op_operand(d, 0)))) {
		st_op_set_operand(op, i, st_op_operand(d, 0));
		if (st_op_results_unused(d))
			st_op_erase(d);
		return ST_OK;
	}
	st__sf_b b;
	st__sf_builder(&b, ctx, st_op_block(op), op, st_op_loc(op));
	st_value *bits = st__sf_cast(&b, "arith.bitcast", v, st__sf_bits_type(ctx, st_value_type(v)));
	if (!bits)
		return ST_FAIL;
	st_op_set_operand(op, i, bits);
	return ST_OK;
}
