/* arith-soft-float's `memrefs` option, the values of structured control
 * flow: an f32 carried by a loop's iter_args or yielded by an if becomes
 * i32 everywhere it passes (the init operands, the region arguments, the
 * yields, the results), so a target whose registers hold integers (Calyx)
 * sees no f32 and no bitcast at the region's edges.  Every position of a
 * known carrier that holds an f32 is linked to the others of its kind by
 * the op's own type rules (init, argument, yield and result of one
 * iter_arg agree), so retyping all of them at once keeps the op valid
 * without knowing which operand feeds which argument.  An op with regions
 * it does not know that passes f32 is refused by name: its rules for
 * which positions agree are unknown here. */
#include "sf.h"

#include <string.h>

static const char *const known[] = {"affine.for", "affine.if", "scf.for", "scf.if", "scf.while"};

static bool is_known(const st_op *op) {
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (!strcmp(st_op_name_cstr(op), known[i]))
			return true;
	return false;
}

static bool is_soft(st_value *v) { return st__sf_is_soft(st_value_type(v)); }

/* The terminator of a region's only block, when it has one. */
static st_op *terminator(st_region *r) {
	if (st_region_is_empty(r))
		return NULL;
	return st_block_terminator(st_region_first_block(r));
}

bool st__sf_carries_f32(st_op *op, st_status *status) {
	size_t nreg = st_op_num_regions(op);
	/* A function's arguments and returns are its interface, not a carry. */
	if (!nreg || st_op_has_trait(op, ST_TRAIT_ISOLATED_FROM_ABOVE))
		return false;
	bool any = false;
	for (size_t i = 0; !any && i < st_op_num_results(op); i++)
		any = is_soft(st_op_result(op, i));
	for (size_t r = 0; !any && r < nreg; r++) {
		st_region *reg = st_op_region(op, r);
		for (st_block *b = st_region_first_block(reg); !any && b; b = st_block_next(b))
			for (size_t i = 0; !any && i < st_block_num_args(b); i++)
				any = is_soft(st_block_arg(b, i));
		st_op *t = terminator(reg);
		for (size_t i = 0; !any && t && i < st_op_num_operands(t); i++)
			any = is_soft(st_op_operand(t, i));
	}
	if (!any)
		return false;
	if (is_known(op))
		return true;
	*status = st_op_error(op,
	                      "arith-soft-float: '%s' carries f32 or f64 through its regions; with memrefs only "
	                      "affine.for, affine.if, scf.for, scf.if and scf.while can carry them as bits",
	                      st_op_name_cstr(op));
	return false;
}

static st_status operands_to_bits(st_context *ctx, st_op *op) {
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (is_soft(st_op_operand(op, i)) && st_failed(st__sf_operand_to_bits(ctx, op, i)))
			return ST_FAIL;
	return ST_OK;
}

st_status st__sf_retype_carrier(st_context *ctx, st_op *op) {
	if (st_failed(operands_to_bits(ctx, op)))
		return ST_FAIL;
	for (size_t r = 0; r < st_op_num_regions(op); r++) {
		st_region *reg = st_op_region(op, r);
		if (st_region_is_empty(reg))
			continue;
		st_block *b = st_region_first_block(reg);
		for (size_t i = 0; i < st_block_num_args(b); i++)
			if (is_soft(st_block_arg(b, i)) && st_failed(st__sf_value_to_bits(ctx, st_block_arg(b, i))))
				return ST_FAIL;
		st_op *t = terminator(reg);
		if (t && st_failed(operands_to_bits(ctx, t)))
			return ST_FAIL;
	}
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (is_soft(st_op_result(op, i)) && st_failed(st__sf_value_to_bits(ctx, st_op_result(op, i))))
			return ST_FAIL;
	return ST_OK;
}
