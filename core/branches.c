/* Successor operands through the branch interface, for the passes that
 * rewrite control flow without knowing the branch ops (region DCE, block
 * merging, the inliner). */
#include "rewrite_internal.h"

st_value *st__branch_successor_arg(const st_op *term, size_t idx) {
	const st_branch_iface *br = st_op_interface(term, ST_IFACE_BRANCH);
	if (!br || !br->successor_operands)
		return NULL;
	for (size_t s = 0; s < st_op_num_successors(term); s++) {
		size_t start, n;
		br->successor_operands(term, s, &start, &n);
		st_block *b = st_op_successor(term, s);
		if (idx >= start && idx < start + n && b && idx - start < st_block_num_args(b))
			return st_block_arg(b, idx - start);
	}
	return NULL;
}

bool st__branch_can_set_successor_operands(const st_op *term, size_t succ) {
	const st_branch_iface *br = st_op_interface(term, ST_IFACE_BRANCH);
	if (!br || !br->successor_operands)
		return false;
	if (br->set_successor_operands)
		return true;
	size_t start, cnt;
	br->successor_operands(term, succ, &start, &cnt);
	return succ + 1 == st_op_num_successors(term) && start + cnt == st_op_num_operands(term) &&
	       !st_op_has_trait(term, ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS);
}

bool st__branch_set_successor_operands(st_rewriter *rw, st_op *term, size_t succ, size_t n,
                                       st_value *const *vals) {
	if (!st__branch_can_set_successor_operands(term, succ))
		return false;
	const st_branch_iface *br = st_op_interface(term, ST_IFACE_BRANCH);
	size_t start, cnt;
	br->successor_operands(term, succ, &start, &cnt);
	st_rewriter_modify_start(rw, term);
	st_status s;
	if (br->set_successor_operands) {
		s = br->set_successor_operands(term, succ, n, vals);
	} else {
		st_op_erase_operands(term, start, cnt);
		s = st_op_insert_operands(term, start, n, vals);
	}
	st_rewriter_modify_end(rw, term);
	return st_succeeded(s);
}
