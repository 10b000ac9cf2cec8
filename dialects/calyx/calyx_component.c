/* calyx.component: the port list `(%in: i32, %go: i1 {go}, ...) -> (...)`,
 * where the ports are the body's arguments (inputs, then outputs), the
 * go/clk/reset/done interface, and the lookups of groups, cells and ports
 * that the verifier and the passes share. */
#include "calyx_internal.h"
#include "strata/ptrmap.h"

#include <stdint.h>
#include <string.h>

static st_type *fn_type(const st_op *comp) {
	st_attr *a = st_op_get_attr(comp, "function_type");
	return a && st_attr_get_kind(a) == ST_ATTR_TYPE ? st_attr_type_value(a) : NULL;
}

size_t st_calyx_comp_num_inputs(const st_op *comp) {
	st_type *t = fn_type(comp);
	return t ? st_type_num_inputs(t) : 0;
}

size_t st_calyx_comp_num_ports(const st_op *comp) {
	st_type *t = fn_type(comp);
	return t ? st_type_num_inputs(t) + st_type_num_results(t) : 0;
}

st_type *st_calyx_comp_port_type(const st_op *comp, size_t i) {
	st_type *t = fn_type(comp);
	size_t nin = st_type_num_inputs(t);
	return i < nin ? st_type_input(t, i) : st_type_result(t, i - nin);
}

st_str st_calyx_comp_port_name(const st_op *comp, size_t i) {
	st_attr *a = st_op_get_attr(comp, "portNames");
	if (!a || st_attr_get_kind(a) != ST_ATTR_ARRAY || i >= st_attr_array_size(a) ||
	    st_attr_get_kind(st_attr_array_elt(a, i)) != ST_ATTR_STRING)
		return (st_str){"", 0};
	return st_attr_string(st_attr_array_elt(a, i));
}

static st_attr *port_attrs(const st_op *comp, size_t i) {
	st_attr *a = st_op_get_attr(comp, "portAttributes");
	if (!a || st_attr_get_kind(a) != ST_ATTR_ARRAY || i >= st_attr_array_size(a))
		return NULL;
	st_attr *d = st_attr_array_elt(a, i);
	return st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? d : NULL;
}

int st_calyx_comp_special(const st_op *comp, const char *which) {
	for (size_t i = 0; i < st_calyx_comp_num_ports(comp); i++) {
		st_attr *d = port_attrs(comp, i);
		if (d && st_attr_dict_get_c(d, which))
			return (int)i;
	}
	return -1;
}

st_block *st_calyx_comp_body(st_op *comp) { return st_region_first_block(st_op_region(comp, 0)); }

static st_op *child_named(st_op *comp, const char *name) {
	st_block *b = st_calyx_comp_body(comp);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (strcmp(st_op_name_cstr(o), name) == 0)
			return o;
	return NULL;
}
st_op *st_calyx_comp_wires(st_op *comp) { return child_named(comp, "calyx.wires"); }
st_op *st_calyx_comp_control(st_op *comp) { return child_named(comp, "calyx.control"); }

bool st_calyx_is_group_like(const st_op *op) {
	const char *n = st_op_name_cstr(op);
	return strcmp(n, "calyx.group") == 0 || strcmp(n, "calyx.comb_group") == 0 || strcmp(n, "calyx.static_group") == 0;
}

st_op *st__calyx_find_group(st_op *comp, st_str name) {
	st_op *w = st_calyx_comp_wires(comp);
	st_block *b = w ? st_region_first_block(st_op_region(w, 0)) : NULL;
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (st_calyx_is_group_like(o) && st_str_eq(st_calyx_sym_name(o), name))
			return o;
	return NULL;
}

st_op *st__calyx_find_cell(st_op *comp, st_str name) {
	st_block *b = st_calyx_comp_body(comp);
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o))
		if (st_calyx_is_cell(o) && st_str_eq(st_calyx_sym_name(o), name))
			return o;
	return NULL;
}

bool st_calyx_value_port(const st_value *v, st_op **cell, size_t *index) {
	if (st_value_is_block_arg(v)) {
		st_op *p = st_block_parent_op(st_value_owner_block(v));
		if (!p || strcmp(st_op_name_cstr(p), "calyx.component") != 0)
			return false;
		*cell = NULL;
		*index = st_value_index(v);
		return true;
	}
	st_op *d = st_value_defining_op(v);
	if (!st_calyx_is_cell(d))
		return false;
	*cell = d;
	*index = st_value_index(v);
	return true;
}

st_op *st_calyx_entry_component(st_op *module) {
	st_region *r = st_op_num_regions(module) ? st_op_region(module, 0) : NULL;
	st_block *b = r ? st_region_first_block(r) : NULL;
	st_op *main = NULL, *only = NULL;
	size_t nfree = 0;
	for (st_op *o = b ? st_block_first_op(b) : NULL; o; o = st_op_next(o)) {
		if (strcmp(st_op_name_cstr(o), "calyx.component") != 0)
			continue;
		if (st_op_get_attr(o, "toplevel"))
			return o;
		if (st_str_eq_c(st_calyx_sym_name(o), "main"))
			main = o;
		bool used = false;
		for (st_op *q = st_block_first_op(b); q && !used; q = st_op_next(q)) {
			st_block *qb = strcmp(st_op_name_cstr(q), "calyx.component") == 0 ? st_calyx_comp_body(q) : NULL;
			for (st_op *c = qb ? st_block_first_op(qb) : NULL; c && !used; c = st_op_next(c)) {
				st_attr *ref = strcmp(st_op_name_cstr(c), "calyx.instance") == 0 ? st_op_get_attr(c, "componentName") : NULL;
				used = ref && st_attr_get_kind(ref) == ST_ATTR_SYMBOL_REF &&
				       st_str_eq(st_ident_str(st_attr_symbol_leaf(ref)), st_calyx_sym_name(o));
			}
		}
		if (!used) {
			only = o;
			nfree++;
		}
	}
	return main ? main : nfree == 1 ? only : NULL;
}

/* ------------------------------------------------------------ syntax */

typedef struct port_list {
	st_region_arg *args;
	st_attr **names, **attrs;
	size_t n, cap;
} port_list;

static st_status parse_ports(st_parser *p, port_list *l) {
	st_context *ctx = st_parser_context(p);
	if (st_failed(st_parser_expect_punct(p, "(")))
		return ST_FAIL;
	if (st_parser_optional_punct(p, ")"))
		return ST_OK;
	do {
		if (l->n == l->cap) {
			size_t nc = l->cap ? 2 * l->cap : 8;
			st_region_arg *na = st_ctx_realloc(ctx, l->args, l->cap * sizeof *na, nc * sizeof *na);
			if (na)
				l->args = na;
			st_attr **nn = na ? st_ctx_realloc(ctx, l->names, l->cap * sizeof *nn, nc * sizeof *nn) : NULL;
			if (nn)
				l->names = nn;
			st_attr **nt = nn ? st_ctx_realloc(ctx, l->attrs, l->cap * sizeof *nt, nc * sizeof *nt) : NULL;
			if (nt)
				l->attrs = nt;
			if (!nt)
				return ST_FAIL;
			l->cap = nc;
		}
		st_region_arg *a = &l->args[l->n];
		memset(a, 0, sizeof *a);
		if (st_failed(st_parser_operand(p, &a->ref)) || st_failed(st_parser_expect_punct(p, ":")) ||
		    st_failed(st_parser_type(p, &a->type)))
			return ST_FAIL;
		l->attrs[l->n] = st_dict_attr(ctx, 0, NULL);
		if (st_parser_peek_punct(p, "{") && st_failed(st_parser_attr(p, NULL, &l->attrs[l->n])))
			return ST_FAIL;
		l->names[l->n] = st_string_attr(ctx, (st_str){a->ref.name.data + 1, a->ref.name.len - 1});
		l->n++;
	} while (st_parser_optional_punct(p, ","));
	return st_parser_expect_punct(p, ")");
}

/* @name(%in: i32, %go: i1 {go}, ...) -> (%out: i32, %done: i1 {done}) { ... } {attrs} */
st_status st__calyx_parse_component(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str name;
	port_list l = {0};
	st_status st = st_parser_symbol_name(p, &name);
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name));
	if (st_succeeded(st))
		st = parse_ports(p, &l);
	size_t nin = l.n;
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "->");
	if (st_succeeded(st))
		st = parse_ports(p, &l);
	if (st_succeeded(st)) {
		st_type *small[32], **ts = l.n <= 32 ? small : st_ctx_alloc(ctx, l.n * sizeof *ts);
		if (!ts)
			st = ST_FAIL;
		for (size_t i = 0; ts && i < l.n; i++)
			ts[i] = l.args[i].type;
		st_type *ft = ts ? st_function_type(ctx, nin, ts, l.n - nin, ts + nin) : NULL;
		if (ts && ts != small)
			st_ctx_free(ctx, ts, l.n * sizeof *ts);
		if (!ft || st_failed(st_parse_state_add_attr(s, "function_type", st_type_attr(ctx, ft))) ||
		    st_failed(st_parse_state_add_attr(s, "portNames", st_array_attr(ctx, l.n, l.names))) ||
		    st_failed(st_parse_state_add_attr(s, "portAttributes", st_array_attr(ctx, l.n, l.attrs))))
			st = ST_FAIL;
	}
	st_region *body = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st))
		st = body ? st_parser_region(p, body, l.n, l.args) : ST_FAIL;
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	st_ctx_free(ctx, l.args, l.cap * sizeof *l.args);
	st_ctx_free(ctx, l.names, l.cap * sizeof *l.names);
	st_ctx_free(ctx, l.attrs, l.cap * sizeof *l.attrs);
	return st;
}

static void print_ports(st_printer *p, st_op *op, size_t from, size_t to) {
	st_block *b = st_calyx_comp_body(op);
	st_printer_puts(p, "(");
	for (size_t i = from; i < to; i++) {
		if (i > from)
			st_printer_puts(p, ", ");
		st_printer_block_arg_decl(p, st_block_arg(b, i));
		st_attr *d = port_attrs(op, i);
		if (d && st_attr_dict_size(d)) {
			st_printer_puts(p, " ");
			st_printer_attr(p, d);
		}
	}
	st_printer_puts(p, ")");
}

void st__calyx_print_component(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_symbol_name(p, st_calyx_sym_name(op));
	print_ports(p, op, 0, st_calyx_comp_num_inputs(op));
	st_printer_puts(p, " -> ");
	print_ports(p, op, st_calyx_comp_num_inputs(op), st_calyx_comp_num_ports(op));
	st_printer_puts(p, " ");
	st_printer_region(p, st_op_region(op, 0), false, false);
	static const char *const elided[] = {"sym_name", "function_type", "portNames", "portAttributes", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

void st__calyx_component_names(st_op *op, st_name_fn fn, void *ud) {
	st_block *b = st_calyx_comp_body(op);
	char buf[256];
	for (size_t i = 0; b && i < st_block_num_args(b) && i < st_calyx_comp_num_ports(op); i++) {
		st_str n = st_calyx_comp_port_name(op, i);
		if (n.len == 0 || n.len >= sizeof buf)
			continue;
		memcpy(buf, n.data, n.len);
		buf[n.len] = 0;
		fn(ud, st_block_arg(b, i), buf);
	}
}

static st_status check_special(st_op *op, const char *which, bool input) {
	int idx = -1;
	size_t nin = st_calyx_comp_num_inputs(op), count = 0;
	for (size_t i = 0; i < st_calyx_comp_num_ports(op); i++) {
		st_attr *d = port_attrs(op, i);
		if (d && st_attr_dict_get_c(d, which)) {
			count++;
			idx = (int)i;
		}
	}
	if (count != 1)
		return st_op_error(op, "requires exactly one %s port marked {%s}", input ? "input" : "output", which);
	if (((size_t)idx < nin) != input)
		return st_op_error(op, "port marked {%s} must be an %s", which, input ? "input" : "output");
	if (!st_type_is_signless_integer(st_calyx_comp_port_type(op, (size_t)idx), 1))
		return st_op_error(op, "port marked {%s} must be i1", which);
	return ST_OK;
}

/* The ops directly in the body: cells with names unique among the cells
 * and the ports (a map of the names taken, interned: comparing each cell
 * with every earlier one made the verifier quadratic, seconds for the few
 * thousand cells of a soft-float kernel after each pass), one calyx.wires,
 * one calyx.control. */
enum { TAKEN_BY_PORT = 1, TAKEN_BY_CELL = 2 };
static st_status check_body(st_op *op, st_block *b, size_t nports) {
	st_context *ctx = st_op_context(op);
	st_ptr_map *taken = st_ptr_map_create(ctx);
	bool ok = taken != NULL;
	for (size_t i = 0; ok && i < nports; i++) {
		st_ident *id = st_ident_get(ctx, st_calyx_comp_port_name(op, i));
		ok = id && st_ptr_map_put(taken, id, (void *)(uintptr_t)TAKEN_BY_PORT);
	}
	st_status st = ok ? ST_OK : ST_FAIL;
	size_t nwires = 0, ncontrol = 0;
	for (st_op *o = st_block_first_op(b); st == ST_OK && o; o = st_op_next(o)) {
		const char *on = st_op_name_cstr(o);
		nwires += strcmp(on, "calyx.wires") == 0;
		ncontrol += strcmp(on, "calyx.control") == 0;
		if (st_calyx_is_cell(o)) {
			st_str name = st_calyx_sym_name(o);
			st_ident *id = st_ident_get(ctx, name);
			uintptr_t by = id ? (uintptr_t)st_ptr_map_get(taken, id) : 0;
			if (!id)
				st = ST_FAIL;
			else if (by == TAKEN_BY_CELL)
				st = st_op_error(o, "redefines the cell name '%.*s'", (int)name.len, name.data);
			else if (by == TAKEN_BY_PORT)
				st = st_op_error(o, "has the name of a port of its component: '%.*s'", (int)name.len, name.data);
			else if (!st_ptr_map_put(taken, id, (void *)(uintptr_t)TAKEN_BY_CELL))
				st = ST_FAIL;
		} else if (strncmp(on, "calyx.", 6) == 0 && strcmp(on, "calyx.wires") != 0 &&
		           strcmp(on, "calyx.control") != 0 && strcmp(on, "calyx.constant") != 0) {
			st = st_op_error(o, "cannot be directly in a calyx.component");
		}
	}
	st_ptr_map_destroy(taken);
	if (st == ST_OK && (nwires != 1 || ncontrol != 1))
		st = st_op_error(op, "requires exactly one of each: 'calyx.wires', 'calyx.control'");
	return st;
}

st_status st__calyx_verify_component(st_op *op) {
	size_t n = st_calyx_comp_num_ports(op);
	st_attr *names = st_op_get_attr(op, "portNames"), *attrs = st_op_get_attr(op, "portAttributes");
	if (!names || st_attr_get_kind(names) != ST_ATTR_ARRAY || st_attr_array_size(names) != n || !attrs ||
	    st_attr_get_kind(attrs) != ST_ATTR_ARRAY || st_attr_array_size(attrs) != n)
		return st_op_error(op, "requires 'portNames' and 'portAttributes' with one entry per port");
	st_block *b = st_calyx_comp_body(op);
	if (!b || st_block_num_args(b) != n)
		return st_op_error(op, "body must have one argument per port");
	for (size_t i = 0; i < n; i++) {
		if (st_value_type(st_block_arg(b, i)) != st_calyx_comp_port_type(op, i))
			return st_op_error(op, "argument %zu does not have the type of its port", i);
		if (!st_type_is_signless_integer(st_calyx_comp_port_type(op, i), 0))
			return st_op_error(op, "port %zu must be a signless integer", i);
	}
	if (st_failed(check_special(op, "go", true)) || st_failed(check_special(op, "clk", true)) ||
	    st_failed(check_special(op, "reset", true)) || st_failed(check_special(op, "done", false)))
		return ST_FAIL;
	return check_body(op, b, n);
}
