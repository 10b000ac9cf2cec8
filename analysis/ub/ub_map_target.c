/* The physical memory the mapper fills, read from an acg.storage node of
 * the target (docs/acg.md): its depth, ports, wide fetch, address
 * generator depth, chaining and ROM mode, the ports shared by reads and
 * writes, and how many there are.  Every
 * number comes from the ACG; nothing here knows a particular machine. */
#include "ub_map_rules.h"
#include "strata/acg.h"

#include <stdio.h>

static bool is_op(const st_op *op, const char *name) { return st_str_eq_c(st_ident_str(st_op_name(op)), name); }

static bool usable(st_op *n) {
	st_attr *on = st_op_get_attr(n, "on_chip");
	return st_acg_node_kind(n) == ST_ACG_STORAGE && !(on && !st_attr_int_value(on)) &&
	       st_acg_int(n, "ports_in", 1) > 0 && st_acg_int(n, "ports_out", 1) > 0;
}

static bool named(st_op *n, const char *name) {
	st_attr *s = st_op_get_attr(n, "sym_name");
	return s && st_str_eq_c(st_attr_string(s), name);
}

/* The node and the grid holding it (NULL for a top-level node).  Fabric
 * memories (in a grid) come before global buffers when nothing is named:
 * they are what line buffers live in. */
static st_op *find_node(st_op *graph, const char *name, st_op **grid) {
	st_block *b = st_region_first_block(st_op_region(graph, 0));
	st_op *top = NULL;
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x)) {
		if (is_op(x, "acg.grid")) {
			st_block *gb = st_region_first_block(st_op_region(x, 0));
			for (st_op *y = gb ? st_block_first_op(gb) : NULL; y; y = st_op_next(y))
				if (usable(y) && (name ? named(y, name) : true)) {
					*grid = x;
					return y;
				}
		} else if (!top && usable(x) && (name ? named(x, name) : true)) {
			top = x;
		}
	}
	*grid = NULL;
	return top;
}

static int64_t param_int(st_op *n, const char *key, int64_t dflt) {
	st_attr *a = st_acg_param(n, key);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : dflt;
}

st_status st__ub_target_read(st_op *graph, const char *name, st_op *at, st__ub_target *t) {
	st_op *grid = NULL, *n = find_node(graph, name && *name ? name : NULL, &grid);
	if (!n)
		return name && *name ? st_op_error(at, "the target has no on-chip memory '%s' with read and write ports", name)
		                     : st_op_error(at, "the target has no on-chip memory with read and write ports");
	t->node = n;
	st_str nm = st_attr_string(st_op_get_attr(n, "sym_name"));
	snprintf(t->name, sizeof t->name, "%.*s", (int)(nm.len < 63 ? nm.len : 63), nm.data);
	t->data_width = st_acg_int(n, "data_width", 16);
	t->fetch = param_int(n, "fetch_width", 1);
	if (t->fetch < 1)
		t->fetch = 1;
	/* A wide-fetch memory is one bank per word of a fetch (docs/acg.md);
	 * otherwise every bank is a memory of its own. */
	int64_t banks = st_acg_int(n, "banks", 1);
	t->words = st_acg_int(n, "depth", 1) * t->fetch;
	t->count = grid ? st_acg_grid_count(grid, t->name) : banks / t->fetch;
	t->ports_in = st_acg_int(n, "ports_in", 1);
	t->ports_out = st_acg_int(n, "ports_out", 1);
	t->ports = param_int(n, "ports", t->ports_in + t->ports_out);
	if (t->ports < 2) /* a write and a read: what a line buffer needs at least */
		t->ports = 2;
	t->ag_levels = param_int(n, "ag_levels", 0);
	st_attr *ch = st_acg_param(n, "chaining");
	t->chaining = !ch || st_attr_int_value(ch);
	st_attr *rom = st_acg_param(n, "rom_mode"), *acc = st_op_get_attr(n, "access");
	t->rom = (rom && st_attr_int_value(rom)) || (acc && st_str_eq_c(st_attr_string(acc), "rom"));
	return ST_OK;
}
