/* memref.copy between memories of one static shape (PMLang's state
 * updates, fft.pm's `power`): a loop nest of loads and stores, which the
 * lowering takes as any other (a memory unit's read context streaming to
 * another's write context).  Copies of other shapes or layouts stay and
 * are refused at the op. */
#include "a2r.h"

#include "strata/arith.h"

#include <string.h>

static bool plain(const st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF && st_type_num_elements_static(t) >= 0 && !st_type_memref_layout(t);
}

/* The loops over every dimension of `t` around a load of src and a store
 * into dst, before `at`. */
static st_status expand(a2r *a, st_op *at, st_value *src, st_value *dst) {
	st_context *ctx = a->ctx;
	st_type *t = st_value_type(src), *ix = st_index_type(ctx);
	size_t rank = st_type_rank(t);
	st_value *ivs[A2R_MAX_DEPTH];
	st_builder b = st_builder_before(at);
	if (rank > A2R_MAX_DEPTH)
		return st_op_error(at, "a copy of more than %d dimensions is not supported by the rda lowering", A2R_MAX_DEPTH);
	for (size_t d = 0; d < rank; d++) {
		st_op *loop = st__a2r_new_for(&b, st_arith_build_constant(&b, ix, st_type_dim(t, d)), 0, NULL, NULL);
		if (!loop)
			return ST_FAIL;
		st_block *body = st_region_first_block(st_op_region(loop, 0));
		ivs[d] = st_block_arg(body, 0);
		st_builder yb = st_builder_at_end(ctx, body, b.loc);
		if (!st_build_op(&yb, "scf.yield", 0, NULL, 0, NULL, NULL, 0))
			return ST_FAIL;
		b = st_builder_before(st_block_terminator(body));
	}
	st_value *ops[2 + A2R_MAX_DEPTH];
	st_type *elt = st_type_element(t);
	ops[0] = src;
	memcpy(ops + 1, ivs, rank * sizeof *ivs);
	st_op *ld = st_build_op(&b, "memref.load", 1 + rank, ops, 1, &elt, NULL, 0);
	if (!ld)
		return ST_FAIL;
	ops[0] = st_op_result(ld, 0), ops[1] = dst;
	memcpy(ops + 2, ivs, rank * sizeof *ivs);
	return st_build_op(&b, "memref.store", 2 + rank, ops, 0, NULL, NULL, 0) ? ST_OK : ST_FAIL;
}

/* The first memref.copy the lowering expands (into *ud), if any. */
static st_walk_result first_copy(st_op *op, void *ud) {
	if (strcmp(st_op_name_cstr(op), "memref.copy"))
		return ST_WALK_ADVANCE;
	st_value *src = st_op_operand(op, 0), *dst = st_op_operand(op, 1);
	if (!plain(st_value_type(src)) || st_value_type(src) != st_value_type(dst))
		return ST_WALK_ADVANCE;
	*(st_op **)ud = op;
	return ST_WALK_INTERRUPT;
}

st_status st__a2r_expand_copies(a2r *a) {
	for (;;) {
		st_op *copy = NULL;
		st_walk(a->func, ST_WALK_PRE, first_copy, &copy);
		if (!copy)
			return ST_OK;
		if (st_failed(expand(a, copy, st_op_operand(copy, 0), st_op_operand(copy, 1))))
			return ST_FAIL;
		st_op_erase(copy);
	}
}
