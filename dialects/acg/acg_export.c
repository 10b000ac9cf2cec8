/* The .acg printer: writes an acg.graph back as text the importer reads to
 * the same IR.  Every property is written (the importer filled in the
 * defaults), in the order of the shared key table. */
#include "acg_private.h"

#include <inttypes.h>
#include <string.h>

static void indent(st__acg_out *o, int depth) {
	for (int i = 0; i < depth; i++)
		st__acg_puts(o, "  ");
}

static void quoted(st__acg_out *o, st_str s) {
	st__acg_puts(o, "\"");
	size_t start = 0;
	for (size_t i = 0; i < s.len; i++)
		if (s.data[i] == '"' || s.data[i] == '\\') {
			o->w(o->ud, s.data + start, i - start);
			o->w(o->ud, "\\", 1);
			start = i;
		}
	o->w(o->ud, s.data + start, s.len - start);
	st__acg_puts(o, "\"");
}

static void type_name(st__acg_out *o, const st_type *t) {
	switch (st_type_get_kind(t)) {
	case ST_TYPE_BF16:
		st__acg_puts(o, "bf16");
		return;
	case ST_TYPE_F16:
	case ST_TYPE_F32:
	case ST_TYPE_F64:
		st__acg_printf(o, "f%u", st_type_float_width(t));
		return;
	default:
		st__acg_printf(o, "%c%u", st_type_int_signedness(t) == ST_UNSIGNED ? 'u' : 'i', st_type_int_width(t));
	}
}

/* A free-form value: integers, booleans, strings and lists of them. */
static void value(st__acg_out *o, const st_attr *a) {
	switch (st_attr_get_kind(a)) {
	case ST_ATTR_INTEGER:
		if (st_attr_is_bool(a))
			st__acg_puts(o, st_attr_int_value(a) ? "true" : "false");
		else
			st__acg_printf(o, "%" PRId64, st_attr_int_value(a));
		return;
	case ST_ATTR_STRING:
		quoted(o, st_attr_string(a));
		return;
	case ST_ATTR_ARRAY:
		st__acg_puts(o, "[");
		for (size_t i = 0; i < st_attr_array_size(a); i++) {
			if (i)
				st__acg_puts(o, ", ");
			value(o, st_attr_array_elt(a, i));
		}
		st__acg_puts(o, "]");
		return;
	default:
		st__acg_puts(o, "0");
	}
}

static void props(st__acg_out *o, const st_op *op, int item, int depth) {
	for (const st__acg_keydef *k = st__acg_keys; k->key; k++) {
		st_attr *a = (k->kinds & (1u << item)) ? st_op_get_attr(op, k->key) : NULL;
		if (!a)
			continue;
		indent(o, depth);
		st__acg_printf(o, "%s = ", k->key);
		if (k->type == ST__ACG_T_WORD) {
			st_str s = st_attr_string(a);
			o->w(o->ud, s.data, s.len);
		} else if (k->type == ST__ACG_T_REF) {
			st__acg_puts(o, st_ident_cstr(st_attr_symbol_root(a)));
		} else if (k->type == ST__ACG_T_DIMS) {
			st__acg_puts(o, "[");
			for (size_t i = 0; i < st_attr_dense_array_size(a); i++)
				st__acg_printf(o, "%s%" PRId64, i ? ", " : "", st_attr_dense_array_int(a, i));
			st__acg_puts(o, "]");
		} else {
			value(o, a);
		}
		st__acg_puts(o, ";\n");
	}
}

static void named_list(st__acg_out *o, const st_op *op, const char *attr, const char *kw, int depth) {
	st_attr *d = st_op_get_attr(op, attr);
	for (size_t i = 0; d && i < st_attr_dict_size(d); i++) {
		st_named_attr e = st_attr_dict_entry(d, i);
		indent(o, depth);
		st__acg_puts(o, kw);
		st__acg_puts(o, " ");
		st__acg_puts(o, st_ident_cstr(e.name));
		st__acg_puts(o, " = ");
		value(o, e.value);
		st__acg_puts(o, ";\n");
	}
}

static void operand(st__acg_out *o, const st_attr *a) {
	st__acg_puts(o, "(");
	type_name(o, st_attr_type_value(st_attr_array_elt(a, 0)));
	for (size_t i = 1; i < st_attr_array_size(a); i++)
		st__acg_printf(o, ", %" PRId64, st_attr_int_value(st_attr_array_elt(a, i)));
	st__acg_puts(o, ")");
}

static void caps(st__acg_out *o, const st_op *op, int depth) {
	st_attr *cs = st_op_get_attr(op, "caps");
	for (size_t i = 0; cs && i < st_attr_array_size(cs); i++) {
		st_attr *c = st_attr_array_elt(cs, i);
		indent(o, depth);
		st__acg_puts(o, "cap ");
		operand(o, st_attr_array_elt(c, 1));
		st__acg_puts(o, " = ");
		st_str name = st_attr_string(st_attr_array_elt(c, 0));
		o->w(o->ud, name.data, name.len);
		st__acg_puts(o, "(");
		for (size_t k = 2; k < st_attr_array_size(c); k++) {
			if (k > 2)
				st__acg_puts(o, ", ");
			operand(o, st_attr_array_elt(c, k));
		}
		st__acg_puts(o, ");\n");
	}
}

static void placement(st__acg_out *o, const st_op *op) {
	static const char *const cmps[] = {"==", "!=", "<", "<=", ">", ">="};
	st_attr *w = st_op_get_attr(op, "where");
	for (size_t i = 0; w && i + 4 <= st_attr_dense_array_size(w); i += 4) {
		int64_t var = st_attr_dense_array_int(w, i), mod = st_attr_dense_array_int(w, i + 1);
		int64_t cmp = st_attr_dense_array_int(w, i + 2), val = st_attr_dense_array_int(w, i + 3);
		st__acg_puts(o, i ? " && " : " where ");
		st__acg_puts(o, var == ST__ACG_VAR_ROW ? "row" : var == ST__ACG_VAR_COL ? "col" : "(row + col)");
		if (mod)
			st__acg_printf(o, " %% %" PRId64, mod);
		st__acg_printf(o, " %s %" PRId64, cmps[cmp], val);
	}
	st_attr *side = st_op_get_attr(op, "side");
	if (side) {
		st_str s = st_attr_string(side);
		st__acg_puts(o, " at ");
		o->w(o->ud, s.data, s.len);
	}
}

static void fields(st__acg_out *o, const st_op *op, int depth) {
	st_attr *fs = st_op_get_attr(op, "fields");
	size_t n = st_attr_array_size(fs);
	st_attr *params = st_op_get_attr(op, "params");
	size_t np = params ? st_attr_dict_size(params) : 0;
	for (size_t i = 0; i < n; i++) {
		st_attr *f = st_attr_array_elt(fs, i), *vals = st_attr_array_elt(f, 2);
		st_str access = st_attr_string(st_attr_array_elt(f, 3));
		indent(o, depth);
		st__acg_puts(o, st_attr_array_size(vals) ? "efield(" : "ifield(");
		quoted(o, st_attr_string(st_attr_array_elt(f, 0)));
		st__acg_printf(o, ", %" PRId64, st_attr_int_value(st_attr_array_elt(f, 1)));
		if (st_attr_array_size(vals)) {
			st__acg_puts(o, ", ");
			value(o, vals);
		}
		if (access.len) {
			st__acg_puts(o, ", ");
			o->w(o->ud, access.data, access.len);
		}
		st__acg_puts(o, ")");
		if (st_attr_array_size(f) == 5)
			st__acg_printf(o, " = %" PRId64, st_attr_int_value(st_attr_array_elt(f, 4)));
		st__acg_puts(o, i + 1 < n + np ? ",\n" : "\n");
	}
	for (size_t i = 0; i < np; i++) {
		st_named_attr e = st_attr_dict_entry(params, i);
		indent(o, depth);
		st__acg_puts(o, st_ident_cstr(e.name));
		st__acg_puts(o, " = ");
		value(o, e.value);
		st__acg_puts(o, i + 1 < np ? ",\n" : "\n");
	}
}

static void item(st__acg_out *o, st_op *op, int depth);

static void body(st__acg_out *o, st_op *op, int depth) {
	st_block *b = st__acg_body(op);
	for (st_op *c = b ? st_block_first_op(b) : NULL; c; c = st_op_next(c))
		item(o, c, depth);
}

static void item(st__acg_out *o, st_op *op, int depth) {
	int it = st__acg_item_of(op);
	if (it < 0)
		return;
	indent(o, depth);
	if (it == ST__ACG_EDGE) {
		st__acg_puts(o, "edge ");
		st__acg_puts(o, st_ident_cstr(st_attr_symbol_root(st_op_get_attr(op, "src"))));
		st__acg_puts(o, st_attr_int_value(st_op_get_attr(op, "bidirectional")) ? " <-> " : " -> ");
		st__acg_puts(o, st_ident_cstr(st_attr_symbol_root(st_op_get_attr(op, "dst"))));
		st__acg_puts(o, " {\n");
	} else if (it == ST__ACG_MNEMONIC) {
		st__acg_puts(o, "mnemonic ");
		st__acg_puts(o, st__acg_sym(op));
		st__acg_printf(o, "(%" PRId64 ") {\n", st_acg_int(op, "opcode", 0));
		fields(o, op, depth + 1);
		indent(o, depth);
		st__acg_puts(o, "}\n");
		return;
	} else {
		st__acg_puts(o, depth ? st__acg_item_words[it] : "acg");
		st__acg_puts(o, " ");
		st__acg_puts(o, st__acg_sym(op));
		placement(o, op);
		st__acg_puts(o, " {\n");
	}
	props(o, op, it, depth + 1);
	if (it == ST__ACG_GRID) {
		st_attr *t = st_op_get_attr(op, "tracks");
		for (size_t i = 0; i + 2 <= st_attr_dense_array_size(t); i += 2) {
			indent(o, depth + 1);
			st__acg_printf(o, "track %" PRId64 " x %" PRId64 ";\n", st_attr_dense_array_int(t, i),
			               st_attr_dense_array_int(t, i + 1));
		}
	}
	named_list(o, op, "budgets", "budget", depth + 1);
	caps(o, op, depth + 1);
	named_list(o, op, "params", "param", depth + 1);
	body(o, op, depth + 1);
	indent(o, depth);
	st__acg_puts(o, "}\n");
}

/* The graph to write: `op` itself, or the one acg.graph at its top. */
static st_op *the_graph(st_op *op) {
	if (st__acg_is_graph(op))
		return op;
	st_op *found = NULL;
	st_block *b = st_op_num_regions(op) ? st_region_first_block(st_op_region(op, 0)) : NULL;
	for (st_op *c = b ? st_block_first_op(b) : NULL; c; c = st_op_next(c))
		if (st__acg_is_graph(c)) {
			if (found) {
				st_op_error(op, "holds several acg.graph ops; export writes one");
				return NULL;
			}
			found = c;
		}
	if (!found)
		st_op_error(op, "holds no acg.graph to export");
	return found;
}

st_status st_acg_export(st_op *module, st_write_fn w, void *ud) {
	st_op *g = the_graph(module);
	if (!g)
		return ST_FAIL;
	st__acg_out o = {w, ud};
	item(&o, g, 0);
	return ST_OK;
}

st_op *st__acg_export_graph(st_op *op) { return the_graph(op); }
