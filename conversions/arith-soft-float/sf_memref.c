/* arith-soft-float's `memrefs` option: f32 and f64 memrefs (function
 * arguments, memref.alloc/alloca) become i32 and i64 memrefs of the same
 * shape, for targets
 * whose memories hold integers (the Calyx flow).  Their loads give the bits
 * the lowered ops read anyway, their stores take the bits the lowered ops
 * made (st__sf_retype.c); an f32 still wanted elsewhere goes through a
 * bitcast.  A memref.copy between two of them stays: it copies bits, and
 * both sides become i32 together.  A memref used other than by loads,
 * stores, dealloc and such copies is refused. */
#include "sf.h"

#include <string.h>

static bool is(const st_op *op, const char *name) { return !strcmp(st_op_name_cstr(op), name); }

static bool is_load(const st_op *op) { return is(op, "memref.load") || is(op, "affine.load"); }
static bool is_store(const st_op *op) { return is(op, "memref.store") || is(op, "affine.store"); }

bool st__sf_is_soft_memref(st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF && st__sf_is_soft(st_type_element(t));
}

/* Whether m is an f32 memref the pass retypes too: an allocation or a
 * function's argument (what st__sf_pass.c collects). */
static bool retyped_too(st_value *m) {
	if (!st__sf_is_soft_memref(st_value_type(m)))
		return false;
	if (st_value_is_block_arg(m)) {
		st_op *fn = st_block_parent_op(st_value_owner_block(m));
		return fn && is(fn, "func.func") &&
		       st_value_owner_block(m) == st_region_first_block(st_op_region(fn, 0));
	}
	st_op *def = st_value_defining_op(m);
	return def && (is(def, "memref.alloc") || is(def, "memref.alloca"));
}

/* A memref.copy whose both sides become i32 memrefs. */
static bool is_bit_copy(st_op *op) {
	return is(op, "memref.copy") && st_op_num_operands(op) == 2 && retyped_too(st_op_operand(op, 0)) &&
	       retyped_too(st_op_operand(op, 1));
}

st_status st__sf_check_memref(st_value *m, st_op *where) {
	bool f64 = st_type_get_kind(st_type_element(st_value_type(m))) == ST_TYPE_F64;
	for (st_use *u = st_value_first_use(m); u; u = st_use_next(u)) {
		st_op *op = st_use_owner(u);
		unsigned i = st_use_operand_index(u);
		if ((is_load(op) && i == 0) || (is_store(op) && i == 1) || is(op, "memref.dealloc") || is_bit_copy(op))
			continue;
		return st_op_error(where, "arith-soft-float: an %s memref stored as %s (memrefs) is used by '%s'",
		                   f64 ? "f64" : "f32", f64 ? "i64" : "i32", st_op_name_cstr(op));
	}
	return ST_OK;
}

st_status st__sf_retype_memref(st_context *ctx, st_value *m) {
	st_type *t = st_value_type(m);
	st_type *bits = st__sf_bits_type(ctx, st_type_element(t));
	st_value_set_type(m, st_memref_type(ctx, st_type_rank(t), st_type_shape(t), bits, st_type_memref_layout(t),
	                                    st_type_memory_space(t)));
	st_use *u = st_value_first_use(m);
	while (u) {
		st_use *next = st_use_next(u);
		st_op *op = st_use_owner(u);
		if (is_load(op) && st_failed(st__sf_value_to_bits(ctx, st_op_result(op, 0))))
			return ST_FAIL;
		if (is_store(op) && st_failed(st__sf_operand_to_bits(ctx, op, 0)))
			return ST_FAIL;
		u = next;
	}
	return ST_OK;
}
