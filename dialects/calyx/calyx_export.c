/* --export-calyx: native Calyx IL (the futil syntax of the Calyx compiler)
 * for the components of a module: cells become primitive instantiations
 * with their parameters, groups and assignments keep their guards (one-bit
 * comb logic prints as Calyx guard expressions), control keeps its shape.
 * A value native Calyx cannot name (a comb op as a source) is an error. */
#include "calyx_internal.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct out {
	st_write_fn w;
	void *ud;
	st_status status;
} out;

static void emit(out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void emit(out *o, const char *fmt, ...) {
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		o->w(o->ud, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void indent(out *o, int depth) {
	for (int i = 0; i < depth; i++)
		o->w(o->ud, "  ", 2);
}

static unsigned width_of(const st_value *v) { return st_type_int_width(st_value_type(v)); }

/* The native port name of result `i` of a cell (dividers name their output
 * after what they compute). */
static st_str native_port(st_op *cell, size_t i) {
	st_calyx_port ports[ST_CALYX_MAX_PORTS];
	size_t n = st_calyx_cell_ports(cell, ports, ST_CALYX_MAX_PORTS);
	if (n == SIZE_MAX || i >= n)
		return (st_str){"?", 1};
	const st__calyx_cell *c = st__calyx_cell_of(cell);
	if (st_str_eq_c(ports[i].name, "out")) {
		if (c->kind == ST_CALYX_DIVU || c->kind == ST_CALYX_DIVS)
			return (st_str){"out_quotient", 12};
		if (c->kind == ST_CALYX_REMU || c->kind == ST_CALYX_REMS)
			return (st_str){"out_remainder", 13};
	}
	return ports[i].name;
}

static void value(out *o, st_value *v);

static void binary(out *o, st_op *d, const char *opstr) {
	emit(o, "(");
	value(o, st_op_operand(d, 0));
	emit(o, " %s ", opstr);
	value(o, st_op_operand(d, 1));
	emit(o, ")");
}

/* A port, a constant, or a guard expression. */
static void value(out *o, st_value *v) {
	st_op *cell;
	size_t idx;
	if (st_calyx_value_port(v, &cell, &idx)) {
		if (!cell) {
			st_op *comp = st_block_parent_op(st_value_owner_block(v));
			st_str n = st_calyx_comp_port_name(comp, idx);
			emit(o, "%.*s", (int)n.len, n.data);
			return;
		}
		st_str s = st_calyx_sym_name(cell), p = native_port(cell, idx);
		emit(o, "%.*s.%.*s", (int)s.len, s.data, (int)p.len, p.data);
		return;
	}
	st_op *d = st_value_defining_op(v);
	const char *n = d ? st_op_name_cstr(d) : "";
	if (strcmp(n, "hw.constant") == 0) {
		emit(o, "%u'd%" PRIu64, width_of(v), st_attr_int_uvalue(st_op_get_attr(d, "value")));
		return;
	}
	if (strcmp(n, "calyx.constant") == 0) {
		st_str s = st_calyx_sym_name(d);
		emit(o, "%.*s.out", (int)s.len, s.data);
		return;
	}
	if (strcmp(n, "calyx.group_go") == 0) {
		st_str s = st_calyx_sym_name(st_op_parent_op(d));
		emit(o, "%.*s[go]", (int)s.len, s.data);
		return;
	}
	if (width_of(v) == 1 && strcmp(n, "comb.and") == 0 && st_op_num_operands(d) == 2)
		return binary(o, d, "&");
	if (width_of(v) == 1 && strcmp(n, "comb.or") == 0 && st_op_num_operands(d) == 2)
		return binary(o, d, "|");
	if (width_of(v) == 1 && strcmp(n, "comb.xor") == 0 && st_op_num_operands(d) == 2) {
		st_op *c = st_value_defining_op(st_op_operand(d, 1));
		if (c && strcmp(st_op_name_cstr(c), "hw.constant") == 0 && st_attr_int_uvalue(st_op_get_attr(c, "value")) == 1) {
			emit(o, "!");
			value(o, st_op_operand(d, 0));
			return;
		}
	}
	if (strcmp(n, "comb.icmp") == 0) {
		static const char *const ops[] = {"==", "!=", NULL, NULL, NULL, NULL, "<", "<=", ">", ">="};
		int64_t p = st_attr_int_value(st_op_get_attr(d, "predicate"));
		if (p >= 0 && p < 10 && ops[p])
			return binary(o, d, ops[p]);
	}
	if (o->status == ST_OK)
		o->status = d ? st_op_error(d, "has no native Calyx spelling (only ports, constants and one-bit guards do)")
		              : ST_FAIL;
	emit(o, "?");
}

static void cell(out *o, st_op *c) {
	const st__calyx_cell *k = st__calyx_cell_of(c);
	st_str s = st_calyx_sym_name(c);
	indent(o, 2);
	if (st_calyx_is_external(c))
		emit(o, "@external ");
	emit(o, "%.*s = ", (int)s.len, s.data);
	if (k->kind == ST_CALYX_INSTANCE) {
		st_ident *t = st_attr_symbol_leaf(st_op_get_attr(c, "componentName"));
		emit(o, "%s();\n", st_ident_cstr(t));
		return;
	}
	if (k->kind == ST_CALYX_MEM || k->kind == ST_CALYX_SEQ_MEM) {
		/* Native Calyx gives a memory's contents in the data file. */
		if (st_op_get_attr(c, "calyx.init") && o->status == ST_OK)
			o->status = st_op_error(c, "has contents (calyx.init), which native Calyx IL cannot hold (they belong "
			                           "in its data file)");
		int64_t sizes[4], aw[4];
		size_t dims = st_calyx_mem_dims(c, sizes, aw);
		emit(o, "%s%zu(%u", k->futil, dims, st_calyx_mem_width(c));
		for (size_t i = 0; i < dims; i++)
			emit(o, ", %" PRId64, sizes[i]);
		for (size_t i = 0; i < dims; i++)
			emit(o, ", %" PRId64, aw[i]);
		emit(o, ");\n");
		return;
	}
	/* The data width is the widest port (left/in); slice and pad add the output. */
	unsigned w = 0;
	for (size_t i = 0; i < st_op_num_results(c); i++)
		if (width_of(st_op_result(c, i)) > w && !(k->kind == ST_CALYX_PAD && i == 1))
			w = width_of(st_op_result(c, i));
	if (k->kind == ST_CALYX_SLICE || k->kind == ST_CALYX_PAD)
		emit(o, "%s(%u, %u);\n", k->futil, width_of(st_op_result(c, 0)), width_of(st_op_result(c, 1)));
	else
		emit(o, "%s(%u);\n", k->futil, w);
}

/* A source: native Calyx takes only ports and constants there. */
static void source(out *o, st_value *v) {
	st_op *cell;
	size_t idx;
	st_op *d = st_value_defining_op(v);
	const char *n = d ? st_op_name_cstr(d) : "";
	if (!st_calyx_value_port(v, &cell, &idx) && strcmp(n, "hw.constant") != 0 && strcmp(n, "calyx.constant") != 0 &&
	    strcmp(n, "calyx.group_go") != 0 && o->status == ST_OK)
		o->status = st_op_error(d, "has no native Calyx spelling as a source (only ports and constants do)");
	value(o, v);
}

static void assign(out *o, st_op *a, int depth) {
	indent(o, depth);
	value(o, st_op_operand(a, 0));
	emit(o, " = ");
	if (st_calyx_assign_guard(a)) {
		value(o, st_calyx_assign_guard(a));
		emit(o, " ? ");
	}
	source(o, st_op_operand(a, 1));
	emit(o, ";\n");
}

static void group(out *o, st_op *g) {
	st_str s = st_calyx_sym_name(g);
	const char *n = st_op_name_cstr(g);
	indent(o, 2);
	if (strcmp(n, "calyx.comb_group") == 0)
		emit(o, "comb group %.*s {\n", (int)s.len, s.data);
	else if (strcmp(n, "calyx.static_group") == 0)
		emit(o, "static<%" PRId64 "> group %.*s {\n", st_attr_int_value(st_op_get_attr(g, "latency")), (int)s.len, s.data);
	else
		emit(o, "group %.*s {\n", (int)s.len, s.data);
	for (st_op *x = st_block_first_op(st_region_first_block(st_op_region(g, 0))); x; x = st_op_next(x)) {
		const char *xn = st_op_name_cstr(x);
		if (strcmp(xn, "calyx.assign") == 0) {
			assign(o, x, 3);
		} else if (strcmp(xn, "calyx.group_done") == 0) {
			indent(o, 3);
			emit(o, "%.*s[done] = ", (int)s.len, s.data);
			if (st__calyx_guarded_guard(x)) {
				value(o, st__calyx_guarded_guard(x));
				emit(o, " ? ");
			}
			source(o, st__calyx_guarded_src(x));
			emit(o, ";\n");
		}
	}
	indent(o, 2);
	emit(o, "}\n");
}

static void control(out *o, st_op *c, int depth);

static void block(out *o, st_region *r, int depth) {
	st_block *b = st_region_first_block(r);
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x))
		control(o, x, depth);
}

static void control(out *o, st_op *c, int depth) {
	const char *n = st_op_name_cstr(c) + 6; /* after "calyx." */
	indent(o, depth);
	if (strcmp(n, "enable") == 0) {
		emit(o, "%s;\n", st_ident_cstr(st_attr_symbol_leaf(st_op_get_attr(c, "groupName"))));
		return;
	}
	if (strcmp(n, "invoke") == 0) {
		emit(o, "invoke %s(", st_ident_cstr(st_attr_symbol_leaf(st_op_get_attr(c, "callee"))));
		for (size_t i = 0; i + 1 < st_op_num_operands(c); i += 2) {
			st_op *cell;
			size_t idx;
			st_calyx_value_port(st_op_operand(c, i), &cell, &idx);
			st_str p = native_port(cell, idx);
			emit(o, "%s%.*s = ", i ? ", " : "", (int)p.len, p.data);
			source(o, st_op_operand(c, i + 1));
		}
		emit(o, ")();\n");
		return;
	}
	if (strcmp(n, "if") == 0 || strcmp(n, "while") == 0) {
		emit(o, "%s ", n);
		value(o, st_op_operand(c, 0));
		st_attr *g = st_op_get_attr(c, "groupName");
		if (g)
			emit(o, " with %s", st_ident_cstr(st_attr_symbol_leaf(g)));
		emit(o, " {\n");
		block(o, st_op_region(c, 0), depth + 1);
		indent(o, depth);
		emit(o, "}");
		if (strcmp(n, "if") == 0 && !st_region_is_empty(st_op_region(c, 1)) &&
		    st_block_first_op(st_region_first_block(st_op_region(c, 1)))) {
			emit(o, " else {\n");
			block(o, st_op_region(c, 1), depth + 1);
			indent(o, depth);
			emit(o, "}");
		}
		emit(o, "\n");
		return;
	}
	if (strcmp(n, "repeat") == 0)
		emit(o, "repeat %" PRId64 " {\n", st_attr_int_value(st_op_get_attr(c, "count")));
	else if (strcmp(n, "static_seq") == 0 || strcmp(n, "static_par") == 0)
		emit(o, "static %s {\n", n + 7);
	else
		emit(o, "%s {\n", n);
	block(o, st_op_region(c, 0), depth + 1);
	indent(o, depth);
	emit(o, "}\n");
}

static void ports(out *o, st_op *comp, size_t from, size_t to) {
	static const char *const special[] = {"go", "clk", "reset", "done"};
	for (size_t i = from; i < to; i++) {
		emit(o, "%s", i > from ? ", " : "");
		for (size_t k = 0; k < 4; k++)
			if (st_calyx_comp_special(comp, special[k]) == (int)i)
				emit(o, "@%s ", special[k]);
		st_str n = st_calyx_comp_port_name(comp, i);
		emit(o, "%.*s: %u", (int)n.len, n.data, st_type_int_width(st_calyx_comp_port_type(comp, i)));
	}
}

static void component(out *o, st_op *comp, bool entry) {
	st_str s = st_calyx_sym_name(comp);
	emit(o, "component %.*s%s(", (int)s.len, s.data, entry ? "<\"toplevel\"=1>" : "");
	ports(o, comp, 0, st_calyx_comp_num_inputs(comp));
	emit(o, ") -> (");
	ports(o, comp, st_calyx_comp_num_inputs(comp), st_calyx_comp_num_ports(comp));
	emit(o, ") {\n  cells {\n");
	st_block *b = st_calyx_comp_body(comp);
	for (st_op *x = st_block_first_op(b); x; x = st_op_next(x)) {
		if (st_calyx_is_cell(x))
			cell(o, x);
		if (strcmp(st_op_name_cstr(x), "calyx.constant") == 0) {
			st_str cs = st_calyx_sym_name(x);
			indent(o, 2);
			emit(o, "%.*s = std_const(%u, %" PRIu64 ");\n", (int)cs.len, cs.data, width_of(st_op_result(x, 0)),
			     st_attr_int_uvalue(st_op_get_attr(x, "value")));
		}
	}
	emit(o, "  }\n  wires {\n");
	st_op *wires = st_calyx_comp_wires(comp);
	for (st_op *x = st_block_first_op(st_region_first_block(st_op_region(wires, 0))); x; x = st_op_next(x)) {
		if (st_calyx_is_group_like(x))
			group(o, x);
		else if (strcmp(st_op_name_cstr(x), "calyx.assign") == 0)
			assign(o, x, 2);
	}
	emit(o, "  }\n  control {\n");
	block(o, st_op_region(st_calyx_comp_control(comp), 0), 2);
	emit(o, "  }\n}\n");
}

st_status st__calyx_export(st_op *module, st_write_fn w, void *ud) {
	out o = {w, ud, ST_OK};
	emit(&o, "import \"primitives/core.futil\";\nimport \"primitives/memories/comb.futil\";\n"
	         "import \"primitives/memories/seq.futil\";\nimport \"primitives/binary_operators.futil\";\n");
	st_op *entry = st_calyx_entry_component(module);
	st_block *b = st_region_first_block(st_op_region(module, 0));
	for (st_op *x = b ? st_block_first_op(b) : NULL; x; x = st_op_next(x))
		if (strcmp(st_op_name_cstr(x), "calyx.component") == 0)
			component(&o, x, x == entry);
	return o.status;
}
