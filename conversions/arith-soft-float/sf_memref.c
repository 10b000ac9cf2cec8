/* arith-soft-float's `memrefs` option: f32 memrefs (function arguments,
 * memref.alloc/alloca) become i32 memrefs of the same shape, for targets
 * whose memories hold integers (the Calyx flow).  Their loads give the bits
 * the lowered ops read anyway, their stores take the bits the lowered ops
 * made; an f32 still wanted elsewhere goes through a bitcast.  A memref
 * used other than by loads, stores and dealloc is refused. */
#include "sf.h"

#include <string.h>

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static bool is_load(const st_op *op) { return is(op, "memref.load") || is(op, "affine.load"); }
static bool is_store(const st_op *op) { return is(op, "memref.store") || is(op, "affine.store"); }

bool sf_is_f32_memref(st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF && st_type_get_kind(st_type_element(t)) == ST_TYPE_F32;
}

st_status sf_check_memref(st_value *m, st_op *where) {
	for (st_use *u = st_value_first_use(m); u; u = st_use_next(u)) {
		st_op *op = st_use_owner(u);
		unsigned i = st_use_operand_index(u);
		if ((is_load(op) && i == 0) || (is_store(op) && i == 1) || is(op, "memref.dealloc"))
			continue;
		return st_op_error(where, "arith-soft-float: an f32 memref stored as i32 (memrefs) is used by '%s'",
		                   st_op_name_cstr(op));
	}
	return ST_OK;
}

/* A load now gives i32: bitcasts of it to i32 give way to it, other users
 * get one back to f32. */
static st_status retype_load(st_context *ctx, st_op *load) {
	st_value *r = st_op_result(load, 0);
	st_type *f32 = st_value_type(r);
	st_value_set_type(r, st_integer_type(ctx, 32, ST_SIGNLESS));
	st_value *back = NULL;
	st_use *u = st_value_first_use(r);
	while (u) {
		st_use *next = st_use_next(u);
		st_op *user = st_use_owner(u);
		if (is(user, "arith.bitcast") && st_type_is_integer(st_value_type(st_op_result(user, 0)))) {
			st_value_replace_all_uses(st_op_result(user, 0), r);
			st_op_erase(user);
		} else {
			if (!back) {
				sf_b b;
				sf_builder(&b, ctx, st_op_block(load), st_op_next(load), st_op_loc(load));
				if (!(back = sf_cast(&b, "arith.bitcast", r, f32)))
					return ST_FAIL;
			}
			st_op_set_operand(user, st_use_operand_index(u), back);
		}
		u = next;
	}
	return ST_OK;
}

/* A store takes the bits: the lowered op's integer when the value is one
 * made back into f32, else a bitcast. */
static st_status retype_store(st_context *ctx, st_op *store) {
	st_value *v = st_op_operand(store, 0);
	st_op *d = st_value_defining_op(v);
	if (d && is(d, "arith.bitcast") && st_type_is_integer(st_value_type(st_op_operand(d, 0)))) {
		st_op_set_operand(store, 0, st_op_operand(d, 0));
		if (st_op_results_unused(d))
			st_op_erase(d);
		return ST_OK;
	}
	sf_b b;
	sf_builder(&b, ctx, st_op_block(store), store, st_op_loc(store));
	st_value *bits = sf_cast(&b, "arith.bitcast", v, b.i32);
	if (!bits)
		return ST_FAIL;
	st_op_set_operand(store, 0, bits);
	return ST_OK;
}

st_status sf_retype_memref(st_context *ctx, st_value *m) {
	st_type *t = st_value_type(m);
	st_type *i32 = st_integer_type(ctx, 32, ST_SIGNLESS);
	st_value_set_type(m, st_memref_type(ctx, st_type_rank(t), st_type_shape(t), i32, st_type_memref_layout(t),
	                                    st_type_memory_space(t)));
	st_use *u = st_value_first_use(m);
	while (u) {
		st_use *next = st_use_next(u);
		st_op *op = st_use_owner(u);
		if (is_load(op) && st_failed(retype_load(ctx, op)))
			return ST_FAIL;
		if (is_store(op) && st_failed(retype_store(ctx, op)))
			return ST_FAIL;
		u = next;
	}
	return ST_OK;
}
