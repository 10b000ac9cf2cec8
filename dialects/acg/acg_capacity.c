/* Capacities of storage nodes and the target graph a pass works on. */
#include "acg_private.h"

#include <string.h>

uint64_t st_acg_capacity_bits(const st_op *m) {
	if (st_acg_node_kind(m) != ST_ACG_STORAGE)
		return 0;
	uint64_t dw = (uint64_t)st_acg_int(m, "data_width", 0), banks = (uint64_t)st_acg_int(m, "banks", 0),
	         depth = (uint64_t)st_acg_int(m, "depth", 0);
	if (!dw || !banks || !depth || banks > INT64_MAX / dw || depth > INT64_MAX / (dw * banks))
		return 0;
	return dw * banks * depth;
}

uint64_t st_acg_capacity_bytes(const st_op *m) { return st_acg_capacity_bits(m) / 8; }

uint64_t st_acg_capacity_elements(const st_op *m, const st_type *elt) {
	uint64_t bits = st__acg_type_bits(elt), dw = (uint64_t)st_acg_int(m, "data_width", 0);
	if (!bits || !dw || !st_acg_capacity_bits(m))
		return 0;
	/* Words per element: one word however narrow the element (no packing),
	 * or as many banks of a row as a wide element needs. */
	uint64_t words = (bits + dw - 1) / dw;
	uint64_t banks = (uint64_t)st_acg_int(m, "banks", 0);
	if (words > banks)
		return 0;
	return (uint64_t)st_acg_int(m, "depth", 0) * (banks / words);
}

st_op *st_acg_find_target(st_op *module, const char *sym) {
	if (sym && sym[0] == '@')
		sym++;
	st_op *found = NULL;
	size_t n = 0;
	st_block *b = st_op_num_regions(module) ? st_region_first_block(st_op_region(module, 0)) : NULL;
	for (st_op *c = b ? st_block_first_op(b) : NULL; c; c = st_op_next(c)) {
		if (!st__acg_is_graph(c))
			continue;
		n++;
		if (!sym || !*sym)
			found = found ? found : c;
		else if (strcmp(st__acg_sym(c), sym) == 0)
			found = c;
	}
	if (sym && *sym) {
		if (!found)
			st_op_error(module, "has no acg.graph named '@%s' (the target= option)", sym);
		return found;
	}
	if (n == 0) {
		st_op_error(module, "holds no acg.graph: load one with --acg=FILE");
		return NULL;
	}
	if (n > 1) {
		st_op_error(module, "holds %zu acg.graph ops: choose one with target=@name", n);
		return NULL;
	}
	return found;
}
