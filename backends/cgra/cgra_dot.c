/* The mapped netlist as Graphviz (docs/cgra.md, "Pictures"; the source's
 * debug view, Fig. 6.3): one node per instance (PEs by operation, MEMs,
 * IO streams, registers), one edge per net sink from the instance owning
 * the net's source pin to the one owning the sink, labelled with the pins,
 * 1-bit nets dashed (strata-translate --cgra-to-dot). */
#include "cgra_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void put(st_write_fn w, void *ud, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void put(st_write_fn w, void *ud, const char *fmt, ...) {
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		w(ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

st_op *st__cg_find_design(st_op *module, const char *who) {
	if (!strcmp(st_op_name_cstr(module), "cgra.design"))
		return module;
	st_block *b = st_op_num_regions(module) ? st_region_first_block(st_op_region(module, 0)) : NULL;
	st_op *found = NULL;
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "cgra.design")) {
			if (found) {
				st_op_error(module, "%s: the module holds more than one cgra.design", who);
				return NULL;
			}
			found = op;
		}
	if (!found)
		st_op_error(module, "%s: the module holds no cgra.design", who);
	return found;
}

/* The instance owning routing node v: the tile's PE/MEM/IO instance for a
 * pin, the register instance on its site for a register node. */
static st_op *owner(const st_cgra_fabric *f, st_block *b, int32_t v) {
	const st_cgra_node *n = st_cgra_fabric_node(f, v);
	if (!n)
		return NULL;
	const st_cgra_tile *t = st_cgra_fabric_tile(f, (size_t)n->tile);
	bool reg = n->kind == ST_CGRA_REG_D || n->kind == ST_CGRA_REG_Q;
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "cgra.inst") || st_acg_int(op, "row", -9) != t->row ||
		    st_acg_int(op, "col", -9) != t->col)
			continue;
		bool is_reg = st_str_eq_c(st_attr_string(st_op_get_attr(op, "kind")), "REG");
		if (reg != is_reg)
			continue;
		if (!reg || (st_acg_int(op, "site", -1) == n->index && st_acg_int(op, "width", 0) == n->width))
			return op;
	}
	return NULL;
}

/* The pin part of a node name, after "(r,c).". */
static st_str pin_of(st_str name) {
	for (size_t i = 0; i + 1 < name.len; i++)
		if (name.data[i] == ')')
			return st_str_make(name.data + i + 2, name.len - i - 2);
	return st_str_make(name.data, 0);
}

st_status st_cgra_write_dot(st_op *module, st_write_fn w, void *ud) {
	st_op *design = st__cg_find_design(module, "cgra-to-dot");
	st_op *target = design ? st_cgra_design_target(design) : NULL;
	st_cgra_fabric *f = target ? st_cgra_fabric_create(target) : NULL;
	if (!f)
		return ST_FAIL;
	st_block *b = st_region_first_block(st_op_region(design, 0));
	put(w, ud, "digraph \"%s\" {\n  rankdir=LR;\n  node [fontname=\"sans-serif\", fontsize=10];\n",
	    st_ident_cstr(st_symbol_name(design)));
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "cgra.inst"))
			continue;
		st_str kind = st_attr_string(st_op_get_attr(op, "kind"));
		st_attr *cfg = st_op_get_attr(op, "config");
		st_attr *o = cfg ? st_attr_dict_get_c(cfg, "op") : NULL;
		const char *shape = st_str_eq_c(kind, "PE") ? "box" : st_str_eq_c(kind, "MEM") ? "cylinder"
		                    : st_str_eq_c(kind, "IO")  ? "invhouse"
		                                               : "square";
		put(w, ud, "  \"%s\" [shape=%s, label=\"%s\\n%.*s (%" PRId64 ",%" PRId64 ")\"];\n",
		    st_ident_cstr(st_symbol_name(op)), shape, st_ident_cstr(st_symbol_name(op)),
		    o ? (int)st_attr_string(o).len : (int)kind.len, o ? st_attr_string(o).data : kind.data,
		    st_acg_int(op, "row", 0), st_acg_int(op, "col", 0));
	}
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		if (strcmp(st_op_name_cstr(op), "cgra.net"))
			continue;
		st_str src = st_attr_string(st_op_get_attr(op, "source"));
		st_op *from = owner(f, b, st_cgra_fabric_lookup(f, src));
		st_attr *sinks = st_op_get_attr(op, "sinks");
		bool bit = st_acg_int(op, "width", 16) == 1;
		for (size_t i = 0; from && sinks && i < st_attr_array_size(sinks); i++) {
			st_str s = st_attr_string(st_attr_array_elt(sinks, i));
			st_op *to = owner(f, b, st_cgra_fabric_lookup(f, s));
			if (!to)
				continue;
			st_str a = pin_of(src), z = pin_of(s);
			put(w, ud, "  \"%s\" -> \"%s\" [label=\"%.*s > %.*s\"%s];\n", st_ident_cstr(st_symbol_name(from)),
			    st_ident_cstr(st_symbol_name(to)), (int)a.len, a.data, (int)z.len, z.data, bit ? ", style=dashed" : "");
		}
	}
	put(w, ud, "}\n");
	st_cgra_fabric_destroy(f);
	return ST_OK;
}
