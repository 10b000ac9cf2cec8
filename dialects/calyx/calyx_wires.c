/* calyx.wires and its groups: the guarded assignment syntax
 * `%dest = %guard ? %src : T`, group_done/group_go, static groups'
 * `latency<N>`, and the rules of what may stand where. */
#include "calyx_internal.h"

#include <string.h>

st_value *st_calyx_assign_guard(const st_op *assign) {
	return st_op_num_operands(assign) > 2 ? st_op_operand(assign, 2) : NULL;
}
st_value *st__calyx_guarded_src(const st_op *op) { return st_op_operand(op, 0); }
st_value *st__calyx_guarded_guard(const st_op *op) { return st_op_num_operands(op) > 1 ? st_op_operand(op, 1) : NULL; }

/* `%a ? %b` or `%b`: the guard (when written) and the source. */
static st_status parse_guard_src(st_parser *p, st_operand_ref *guard, st_operand_ref *src, bool *has_guard) {
	if (st_failed(st_parser_operand(p, src)))
		return ST_FAIL;
	*has_guard = st_parser_optional_punct(p, "?");
	if (*has_guard) {
		*guard = *src;
		return st_parser_operand(p, src);
	}
	return ST_OK;
}

static st_status add_operand(st_parser *p, st_parse_state *s, const st_operand_ref *r, st_type *t) {
	st_value *v;
	if (st_failed(st_parser_resolve_operand(p, r, t, &v)))
		return ST_FAIL;
	return st_parse_state_add_operand(s, v);
}

st_status st__calyx_parse_assign(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref dest, guard, src;
	bool has_guard;
	st_type *t;
	if (st_failed(st_parser_operand(p, &dest)) || st_failed(st_parser_expect_punct(p, "=")) ||
	    st_failed(parse_guard_src(p, &guard, &src, &has_guard)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")) || st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	if (st_failed(add_operand(p, s, &dest, t)) || st_failed(add_operand(p, s, &src, t)))
		return ST_FAIL;
	return has_guard ? add_operand(p, s, &guard, st_integer_type(ctx, 1, ST_SIGNLESS)) : ST_OK;
}

static void print_guard_src(st_printer *p, st_value *guard, st_value *src) {
	if (guard) {
		st_printer_operand(p, guard);
		st_printer_puts(p, " ? ");
	}
	st_printer_operand(p, src);
}

void st__calyx_print_assign(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_puts(p, " = ");
	print_guard_src(p, st_calyx_assign_guard(op), st_op_operand(op, 1));
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_operand(op, 1)));
}

/* group_done / group_go: `[%guard ?] %src : i1` */
st_status st__calyx_parse_guarded(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref guard, src;
	bool has_guard;
	st_type *t;
	if (st_failed(parse_guard_src(p, &guard, &src, &has_guard)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")) || st_failed(st_parser_type(p, &t)) ||
	    st_failed(add_operand(p, s, &src, t)))
		return ST_FAIL;
	return has_guard ? add_operand(p, s, &guard, st_integer_type(ctx, 1, ST_SIGNLESS)) : ST_OK;
}

st_status st__calyx_parse_group_go(st_parser *p, st_parse_state *s) {
	if (st_failed(st__calyx_parse_guarded(p, s)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_integer_type(st_parser_context(p), 1, ST_SIGNLESS));
}

void st__calyx_print_guarded(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	print_guard_src(p, st__calyx_guarded_guard(op), st__calyx_guarded_src(op));
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st__calyx_guarded_src(op)));
}

static bool in_group_or_wires(const st_op *op) {
	st_op *parent = st_op_parent_op(op);
	return parent && (st_calyx_is_group_like(parent) || strcmp(st_op_name_cstr(parent), "calyx.wires") == 0);
}

st_status st__calyx_verify_guarded(st_op *op) {
	st_op *parent = st_op_parent_op(op);
	if (!parent || !st_calyx_is_group_like(parent))
		return st_op_error(op, "must be inside a group");
	return ST_OK;
}

st_status st__calyx_verify_assign(st_op *op) {
	if (!in_group_or_wires(op))
		return st_op_error(op, "must be in calyx.wires or in a group");
	st_value *dest = st_op_operand(op, 0);
	st_op *cell;
	size_t idx;
	if (!st_calyx_value_port(dest, &cell, &idx))
		return st_op_error(op, "destination must be a cell port or a component port");
	if (!cell) {
		st_op *comp = st_block_parent_op(st_value_owner_block(dest));
		if (idx < st_calyx_comp_num_inputs(comp))
			return st_op_error(op, "destination is an input port of the component; only outputs can be written");
		return ST_OK;
	}
	st_calyx_port ports[ST_CALYX_MAX_PORTS];
	size_t n = st_calyx_cell_ports(cell, ports, ST_CALYX_MAX_PORTS);
	if (n != SIZE_MAX && idx < n && !ports[idx].input)
		return st_op_error(op, "destination is an output port of cell '%.*s'; only its inputs can be written",
		                   (int)st_calyx_sym_name(cell).len, st_calyx_sym_name(cell).data);
	return ST_OK;
}

st_status st__calyx_parse_static_group(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	int64_t lat;
	st_str name;
	if (st_failed(st_parser_expect_keyword(p, "latency")) || st_failed(st_parser_expect_punct(p, "<")) ||
	    st_failed(st_parser_integer(p, &lat)) || st_failed(st_parser_expect_punct(p, ">")) ||
	    st_failed(st_parser_symbol_name(p, &name)))
		return ST_FAIL;
	if (st_failed(st_parse_state_add_attr(s, "latency", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), lat))) ||
	    st_failed(st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name))))
		return ST_FAIL;
	st_region *r = st_parse_state_add_region(s);
	if (!r || st_failed(st_parser_region(p, r, 0, NULL)))
		return ST_FAIL;
	return st_parser_optional_attr_dict(p, s);
}

void st__calyx_print_static_group(st_printer *p, st_op *op) {
	st_printer_printf(p, " latency<%lld> ", (long long)st_attr_int_value(st_op_get_attr(op, "latency")));
	st_printer_symbol_name(p, st_calyx_sym_name(op));
	st_printer_puts(p, " ");
	st_printer_region(p, st_op_region(op, 0), false, false);
	static const char *const elided[] = {"sym_name", "latency", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

st_status st__calyx_verify_group(st_op *op) {
	st_op *parent = st_op_parent_op(op);
	if (!parent || strcmp(st_op_name_cstr(parent), "calyx.wires") != 0)
		return st_op_error(op, "must be directly in calyx.wires");
	bool is_group = strcmp(st_op_name_cstr(op), "calyx.group") == 0;
	if (strcmp(st_op_name_cstr(op), "calyx.static_group") == 0 && st_attr_int_value(st_op_get_attr(op, "latency")) < 1)
		return st_op_error(op, "latency must be at least 1");
	st_block *b = st_region_first_block(st_op_region(op, 0));
	size_t ndone = 0;
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o)) {
		const char *n = st_op_name_cstr(o);
		if (strcmp(n, "calyx.group_done") == 0) {
			if (!is_group)
				return st_op_error(o, "is only allowed in a calyx.group (comb and static groups have no done)");
			if (st_op_next(o))
				return st_op_error(o, "must be the last op of its group");
			ndone++;
		} else if (strcmp(n, "calyx.assign") != 0 && strcmp(n, "calyx.group_go") != 0) {
			return st_op_error(o, "is not allowed in a group; only calyx.assign, calyx.group_go and calyx.group_done are");
		}
	}
	if (is_group && ndone != 1)
		return st_op_error(op, "must end with a calyx.group_done");
	return ST_OK;
}

st_status st__calyx_verify_wires(st_op *op) {
	st_op *parent = st_op_parent_op(op);
	if (!parent || strcmp(st_op_name_cstr(parent), "calyx.component") != 0)
		return st_op_error(op, "must be directly in a calyx.component");
	st_block *b = st_region_first_block(st_op_region(op, 0));
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o)) {
		const char *n = st_op_name_cstr(o);
		if (st_calyx_is_group_like(o)) {
			for (st_op *q = st_block_first_op(b); q != o; q = st_op_next(q))
				if (st_calyx_is_group_like(q) && st_str_eq(st_calyx_sym_name(q), st_calyx_sym_name(o)))
					return st_op_error(o, "redefines the group name '%.*s'", (int)st_calyx_sym_name(o).len,
					                   st_calyx_sym_name(o).data);
		} else if (strcmp(n, "calyx.assign") != 0 && strcmp(n, "calyx.undef") != 0 && strcmp(n, "hw.constant") != 0 &&
		           strcmp(n, "calyx.constant") != 0 && strncmp(n, "comb.", 5) != 0) {
			return st_op_error(o, "is not allowed in calyx.wires");
		}
	}
	return ST_OK;
}
