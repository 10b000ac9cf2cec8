/* The control program: what each control op may hold and name (groups,
 * comb groups, instances), static control holding only static work, and
 * calyx.invoke's `@inst(%inst.in = %v, ...) -> (types)` syntax. */
#include "calyx_internal.h"

#include <string.h>

static bool is_control(const st_op *op) {
	static const char *const names[] = {"calyx.control", "calyx.seq", "calyx.par", "calyx.if", "calyx.while",
	                                    "calyx.repeat", "calyx.static_seq", "calyx.static_par", NULL};
	for (size_t i = 0; names[i]; i++)
		if (strcmp(st_op_name_cstr(op), names[i]) == 0)
			return true;
	return false;
}

static st_op *component_of(st_op *op) {
	while (op && strcmp(st_op_name_cstr(op), "calyx.component") != 0)
		op = st_op_parent_op(op);
	return op;
}

static st_str group_ref(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "groupName");
	if (!a || st_attr_get_kind(a) != ST_ATTR_SYMBOL_REF)
		return (st_str){NULL, 0};
	return st_ident_str(st_attr_symbol_leaf(a));
}

/* Whether `op` is static work: an enable of a static group or static control. */
static bool is_static(st_op *op, st_op *comp) {
	const char *n = st_op_name_cstr(op);
	if (strcmp(n, "calyx.static_seq") == 0 || strcmp(n, "calyx.static_par") == 0)
		return true;
	if (strcmp(n, "calyx.enable") != 0)
		return false;
	st_op *g = st__calyx_find_group(comp, group_ref(op));
	return g && strcmp(st_op_name_cstr(g), "calyx.static_group") == 0;
}

static st_status verify_invoke(st_op *op, st_op *comp) {
	st_attr *callee = st_op_get_attr(op, "callee");
	st_str name = st_ident_str(st_attr_symbol_leaf(callee));
	st_op *inst = st__calyx_find_cell(comp, name);
	if (!inst || strcmp(st_op_name_cstr(inst), "calyx.instance") != 0)
		return st_op_error(op, "invokes '%.*s', which is not a calyx.instance of this component", (int)name.len, name.data);
	for (size_t i = 0; i < st_op_num_operands(op); i += 2) {
		st_value *d = st_op_operand(op, i);
		if (st_value_defining_op(d) != inst)
			return st_op_error(op, "connection %zu does not name a port of '%.*s'", i / 2, (int)name.len, name.data);
		st_calyx_port ports[ST_CALYX_MAX_PORTS];
		size_t n = st_calyx_cell_ports(inst, ports, ST_CALYX_MAX_PORTS);
		size_t k = st_value_index(d);
		if (n == SIZE_MAX || k >= n || !ports[k].input)
			return st_op_error(op, "connection %zu drives an output port", i / 2);
	}
	return ST_OK;
}

st_status st__calyx_verify_control_op(st_op *op) {
	const char *n = st_op_name_cstr(op);
	st_op *parent = st_op_parent_op(op);
	st_op *comp = component_of(op);
	if (strcmp(n, "calyx.control") == 0) {
		if (!parent || strcmp(st_op_name_cstr(parent), "calyx.component") != 0)
			return st_op_error(op, "must be directly in a calyx.component");
		st_block *b = st_region_first_block(st_op_region(op, 0));
		if (b && st_block_first_op(b) && st_op_next(st_block_first_op(b)))
			return st_op_error(op, "must hold at most one control op (wrap several in calyx.seq or calyx.par)");
		return ST_OK;
	}
	if (!parent || !is_control(parent))
		return st_op_error(op, "must be inside calyx.control");
	const char *pn = st_op_name_cstr(parent);
	if ((strcmp(pn, "calyx.static_seq") == 0 || strcmp(pn, "calyx.static_par") == 0) && !is_static(op, comp))
		return st_op_error(op, "is not static work; static control holds only static groups and static control");
	if (strcmp(n, "calyx.enable") == 0) {
		st_op *g = st__calyx_find_group(comp, group_ref(op));
		if (!g || strcmp(st_op_name_cstr(g), "calyx.comb_group") == 0)
			return st_op_error(op, "does not reference a group or static group: '%.*s'", (int)group_ref(op).len,
			                   group_ref(op).data);
		return ST_OK;
	}
	if (strcmp(n, "calyx.if") == 0 || strcmp(n, "calyx.while") == 0) {
		st_str g = group_ref(op);
		if (g.data) {
			st_op *cg = st__calyx_find_group(comp, g);
			if (!cg || strcmp(st_op_name_cstr(cg), "calyx.comb_group") != 0)
				return st_op_error(op, "with '%.*s' does not name a calyx.comb_group", (int)g.len, g.data);
		}
		st_op *cell;
		size_t idx;
		if (!st_calyx_value_port(st_op_operand(op, 0), &cell, &idx))
			return st_op_error(op, "condition must be a port of a cell or of the component");
		return ST_OK;
	}
	if (strcmp(n, "calyx.repeat") == 0 && st_attr_int_value(st_op_get_attr(op, "count")) < 0)
		return st_op_error(op, "count must not be negative");
	if (strcmp(n, "calyx.invoke") == 0)
		return verify_invoke(op, comp);
	return ST_OK;
}

/* @inst(%inst.in = %v, ...) -> (i32, ...) */
st_status st__calyx_parse_invoke(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str name;
	if (st_failed(st_parser_symbol_name(p, &name)) ||
	    st_failed(st_parse_state_add_attr(s, "callee", st_symbol_ref_attr(ctx, name, 0, NULL))) ||
	    st_failed(st_parser_expect_punct(p, "(")))
		return ST_FAIL;
	st_operand_ref small[32], *refs = small;
	size_t n = 0, cap = 32;
	st_status st = ST_OK;
	if (!st_parser_optional_punct(p, ")")) {
		do {
			if (!st_ctx_grow(ctx, (void **)&refs, &cap, small, sizeof *refs, n + 2)) {
				st = ST_FAIL;
				break;
			}
			if (st_failed(st = st_parser_operand(p, &refs[n])) || st_failed(st = st_parser_expect_punct(p, "=")) ||
			    st_failed(st = st_parser_operand(p, &refs[n + 1])))
				break;
			n += 2;
		} while (st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	st_attr *arrow = st_parser_loc(p);
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "->");
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "(");
	size_t k = 0;
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			st_type *t;
			st_attr *loc = st_parser_loc(p);
			if (st_failed(st = st_parser_type(p, &t)))
				break;
			if (2 * k >= n) {
				st = st_parser_error_at(p, loc, "more types than connections");
				break;
			}
			st_value *d, *v;
			if (st_failed(st = st_parser_resolve_operand(p, &refs[2 * k], t, &d)) ||
			    st_failed(st = st_parser_resolve_operand(p, &refs[2 * k + 1], t, &v)) ||
			    st_failed(st = st_parse_state_add_operand(s, d)) || st_failed(st = st_parse_state_add_operand(s, v)))
				break;
			k++;
		} while (st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st) && 2 * k != n)
		st = st_parser_error_at(p, arrow, "expected one type per connection");
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	if (refs != small)
		st_ctx_free(ctx, refs, cap * sizeof *refs);
	return st;
}

void st__calyx_print_invoke(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_symbol_name(p, st_ident_str(st_attr_symbol_leaf(st_op_get_attr(op, "callee"))));
	st_printer_puts(p, "(");
	size_t n = st_op_num_operands(op);
	for (size_t i = 0; i + 1 < n; i += 2) {
		if (i)
			st_printer_puts(p, ", ");
		st_printer_operand(p, st_op_operand(op, i));
		st_printer_puts(p, " = ");
		st_printer_operand(p, st_op_operand(op, i + 1));
	}
	st_printer_puts(p, ") -> (");
	for (size_t i = 0; i + 1 < n; i += 2) {
		if (i)
			st_printer_puts(p, ", ");
		st_printer_type(p, st_value_type(st_op_operand(op, i + 1)));
	}
	st_printer_puts(p, ")");
	static const char *const elided[] = {"callee", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* calyx.if %cond [with @group] { ... } [else { ... }]: the else region is
 * left empty (no block) when not written, and printed only when it holds
 * an op. */
st_status st__calyx_parse_if(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref cond;
	st_value *v;
	if (st_failed(st_parser_operand(p, &cond)) ||
	    st_failed(st_parser_resolve_operand(p, &cond, st_integer_type(ctx, 1, ST_SIGNLESS), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "with")) {
		st_str g;
		if (st_failed(st_parser_symbol_name(p, &g)) ||
		    st_failed(st_parse_state_add_attr(s, "groupName", st_symbol_ref_attr(ctx, g, 0, NULL))))
			return ST_FAIL;
	}
	st_region *then_r = st_parse_state_add_region(s);
	st_region *else_r = then_r ? st_parse_state_add_region(s) : NULL;
	if (!else_r || st_failed(st_parser_region(p, then_r, 0, NULL)))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "else") && st_failed(st_parser_region(p, else_r, 0, NULL)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

static bool has_ops(st_region *r) {
	st_block *b = st_region_first_block(r);
	return b && st_block_first_op(b);
}

void st__calyx_print_if(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_attr *g = st_op_get_attr(op, "groupName");
	if (g) {
		st_printer_puts(p, " with ");
		st_printer_symbol_name(p, st_ident_str(st_attr_symbol_leaf(g)));
	}
	st_printer_puts(p, " ");
	st_printer_region(p, st_op_region(op, 0), false, false);
	if (st_op_num_regions(op) > 1 && has_ops(st_op_region(op, 1))) {
		st_printer_puts(p, " else ");
		st_printer_region(p, st_op_region(op, 1), false, false);
	}
	static const char *const elided[] = {"groupName", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

/* calyx.repeat N { ... } */
st_status st__calyx_parse_repeat(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	int64_t n;
	if (st_failed(st_parser_integer(p, &n)) ||
	    st_failed(st_parse_state_add_attr(s, "count", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), n))))
		return ST_FAIL;
	st_region *r = st_parse_state_add_region(s);
	if (!r || st_failed(st_parser_region(p, r, 0, NULL)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__calyx_print_repeat(st_printer *p, st_op *op) {
	st_printer_printf(p, " %lld ", (long long)st_attr_int_value(st_op_get_attr(op, "count")));
	st_printer_region(p, st_op_region(op, 0), false, false);
	static const char *const elided[] = {"count", NULL};
	st_printer_attr_dict(p, op, elided, false);
}
