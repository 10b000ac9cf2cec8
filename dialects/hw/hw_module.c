/* hw.module, hw.module.extern, hw.output and hw.instance: CIRCT's port-list
 * syntax `(in %a : i4, out r : i4)`, the module type kept in `module_type`,
 * typed parameters `<p: i32 = 4>` and the checks that instances match the
 * module they name. */
#include "hw_internal.h"

#include <ctype.h>
#include <string.h>

static st_type *module_type(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "module_type");
	if (!a || st_attr_get_kind(a) != ST_ATTR_TYPE)
		return NULL;
	st_type *t = st_attr_type_value(a);
	return st__hw_is_module_type(t) ? t : NULL;
}

size_t st_hw_module_num_ports(const st_op *m) {
	st_type *t = module_type(m);
	return t ? st__hw_modty_num_ports(t) : 0;
}
st_hw_port st_hw_module_port(const st_op *m, size_t i) { return st__hw_modty_port(module_type(m), i); }

static size_t count_dir(const st_op *m, st_hw_dir dir) {
	size_t n = 0;
	for (size_t i = 0; i < st_hw_module_num_ports(m); i++)
		n += st_hw_module_port(m, i).dir == dir;
	return n;
}
size_t st_hw_module_num_inputs(const st_op *m) { return count_dir(m, ST_HW_IN); }
size_t st_hw_module_num_outputs(const st_op *m) { return count_dir(m, ST_HW_OUT); }

static st_hw_port nth_dir(const st_op *m, st_hw_dir dir, size_t k) {
	for (size_t i = 0; i < st_hw_module_num_ports(m); i++) {
		st_hw_port p = st_hw_module_port(m, i);
		if (p.dir == dir && k-- == 0)
			return p;
	}
	st_hw_port none = {dir, {"", 0}, NULL};
	return none;
}
st_hw_port st_hw_module_input(const st_op *m, size_t i) { return nth_dir(m, ST_HW_IN, i); }
st_hw_port st_hw_module_output(const st_op *m, size_t i) { return nth_dir(m, ST_HW_OUT, i); }

/* ------------------------------------------------------------ parameters */

st_status st__hw_parse_params(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	if (!st_parser_optional_punct(p, "<"))
		return ST_OK;
	st_attr *small[16], **v = small;
	size_t n = 0, cap = 16;
	st_status st = ST_OK;
	do {
		st_str name;
		st_type *t;
		st_attr *val = NULL;
		if (st_failed(st = st_parser_keyword(p, &name)) || st_failed(st = st_parser_expect_punct(p, ":")) ||
		    st_failed(st = st_parser_type(p, &t)))
			break;
		if (st_parser_optional_punct(p, "=") && st_failed(st = st_parser_attr(p, t, &val)))
			break;
		st_named_attr e[3] = {{st_ident_get_c(ctx, "name"), st_string_attr(ctx, name)},
		                      {st_ident_get_c(ctx, "type"), st_type_attr(ctx, t)},
		                      {st_ident_get_c(ctx, "value"), val}};
		if (!st_ctx_grow(ctx, (void **)&v, &cap, small, sizeof *v, n + 1)) {
			st = ST_FAIL;
			break;
		}
		v[n++] = st_dict_attr(ctx, val ? 3 : 2, e);
	} while (st_parser_optional_punct(p, ","));
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, ">");
	if (st_succeeded(st))
		st = st_parse_state_add_attr(s, "parameters", st_array_attr(ctx, n, v));
	if (v != small)
		st_ctx_free(ctx, v, cap * sizeof *v);
	return st;
}

void st__hw_print_params(st_printer *p, st_op *op) {
	st_attr *ps = st_op_get_attr(op, "parameters");
	if (!ps || st_attr_get_kind(ps) != ST_ATTR_ARRAY || st_attr_array_size(ps) == 0)
		return;
	st_printer_puts(p, "<");
	for (size_t i = 0; i < st_attr_array_size(ps); i++) {
		st_attr *d = st_attr_array_elt(ps, i);
		st_attr *name = st_attr_dict_get_c(d, "name"), *type = st_attr_dict_get_c(d, "type");
		st_attr *val = st_attr_dict_get_c(d, "value");
		st_str ns = st_attr_string(name);
		st_printer_printf(p, "%s%.*s: ", i ? ", " : "", (int)ns.len, ns.data);
		st_printer_type(p, st_attr_type_value(type));
		if (val) {
			st_printer_puts(p, " = ");
			st_printer_attr_no_type(p, val);
		}
	}
	st_printer_puts(p, ">");
}

static st_status verify_params(st_op *op) {
	st_attr *ps = st_op_get_attr(op, "parameters");
	if (!ps)
		return ST_OK;
	for (size_t i = 0; i < st_attr_array_size(ps); i++) {
		st_attr *d = st_attr_array_elt(ps, i);
		st_attr *name = st_attr_get_kind(d) == ST_ATTR_DICTIONARY ? st_attr_dict_get_c(d, "name") : NULL;
		st_attr *type = name ? st_attr_dict_get_c(d, "type") : NULL;
		if (!name || st_attr_get_kind(name) != ST_ATTR_STRING || !type || st_attr_get_kind(type) != ST_ATTR_TYPE)
			return st_op_error(op, "parameter %zu must be a dictionary with a string 'name' and a type 'type'", i);
		st_attr *val = st_attr_dict_get_c(d, "value");
		if (val && st_attr_type(val) != st_attr_type_value(type))
			return st_op_error(op, "parameter '%s' has a value of another type than its own",
			                   st_attr_string(name).data);
	}
	return ST_OK;
}

/* ------------------------------------------------------------ hw.module */

static bool plain_identifier(st_str s) {
	if (s.len == 0 || !(isalpha((unsigned char)s.data[0]) || s.data[0] == '_'))
		return false;
	for (size_t i = 1; i < s.len; i++)
		if (!isalnum((unsigned char)s.data[i]) && s.data[i] != '_' && s.data[i] != '$')
			return false;
	return true;
}

static st_status parse_port_name(st_parser *p, st_str *out) {
	if (!st_parser_peek_keyword(p, out))
		return st_parser_string(p, out);
	return st_parser_keyword(p, out);
}

typedef struct port_list {
	st_hw_port *ports;
	st_region_arg *args;
	size_t nports, nargs, pcap, acap;
	st_hw_port small_ports[16];
	st_region_arg small_args[16];
} port_list;

static void port_list_init(port_list *l) {
	l->ports = l->small_ports;
	l->args = l->small_args;
	l->nports = l->nargs = 0;
	l->pcap = l->acap = 16;
}

static void port_list_free(st_context *ctx, port_list *l) {
	if (l->ports != l->small_ports)
		st_ctx_free(ctx, l->ports, l->pcap * sizeof *l->ports);
	if (l->args != l->small_args)
		st_ctx_free(ctx, l->args, l->acap * sizeof *l->args);
}

/* One `in %a ["name"] : T` or `out name : T`. */
static st_status parse_port(st_parser *p, port_list *l) {
	st_context *ctx = st_parser_context(p);
	st_str dir;
	if (!st_ctx_grow(ctx, (void **)&l->ports, &l->pcap, l->small_ports, sizeof *l->ports, l->nports + 1) ||
	    !st_ctx_grow(ctx, (void **)&l->args, &l->acap, l->small_args, sizeof *l->args, l->nargs + 1))
		return ST_FAIL;
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_keyword(p, &dir)))
		return ST_FAIL;
	st_hw_port *port = &l->ports[l->nports];
	if (st_str_eq_c(dir, "in")) {
		st_region_arg *a = &l->args[l->nargs];
		memset(a, 0, sizeof *a);
		if (st_failed(st_parser_operand(p, &a->ref)))
			return ST_FAIL;
		port->name = st_str_make(a->ref.name.data + 1, a->ref.name.len - 1);
		/* `in %a : T` or `in %a "name" : T` */
		if (!st_parser_optional_punct(p, ":") &&
		    (st_failed(st_parser_string(p, &port->name)) || st_failed(st_parser_expect_punct(p, ":"))))
			return ST_FAIL;
		if (st_failed(st_parser_type(p, &a->type)) ||
		    st_failed(st_parser_optional_loc(p, &a->loc)))
			return ST_FAIL;
		port->dir = ST_HW_IN;
		port->type = a->type;
		l->nargs++;
	} else if (st_str_eq_c(dir, "out")) {
		if (st_failed(parse_port_name(p, &port->name)) || st_failed(st_parser_expect_punct(p, ":")) ||
		    st_failed(st_parser_type(p, &port->type)))
			return ST_FAIL;
		port->dir = ST_HW_OUT;
	} else {
		return st_parser_error_at(p, at, "expected 'in' or 'out' before a port");
	}
	l->nports++;
	return ST_OK;
}

static st_status parse_header(st_parser *p, st_parse_state *s, port_list *l) {
	st_context *ctx = st_parser_context(p);
	st_str kw, name;
	if (st_parser_peek_keyword(p, &kw) && (st_str_eq_c(kw, "private") || st_str_eq_c(kw, "public"))) {
		st_parser_keyword(p, &kw);
		if (st_failed(st_parse_state_add_attr(s, "sym_visibility", st_string_attr(ctx, kw))))
			return ST_FAIL;
	}
	if (st_failed(st_parser_symbol_name(p, &name)) ||
	    st_failed(st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name))) ||
	    st_failed(st__hw_parse_params(p, s)) || st_failed(st_parser_expect_punct(p, "(")))
		return ST_FAIL;
	if (!st_parser_optional_punct(p, ")")) {
		do {
			if (st_failed(parse_port(p, l)))
				return ST_FAIL;
		} while (st_parser_optional_punct(p, ","));
		if (st_failed(st_parser_expect_punct(p, ")")))
			return ST_FAIL;
	}
	st_type *mt = st__hw_module_type(ctx, l->nports, l->ports);
	if (!mt || st_failed(st_parse_state_add_attr(s, "module_type", st_type_attr(ctx, mt))))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "attributes")) {
		if (!st_parser_peek_punct(p, "{"))
			return st_parser_error(p, "expected '{' after 'attributes'");
		return st_parser_optional_attr_dict(p, s);
	}
	return ST_OK;
}

/* A body without its hw.output gets an empty one (CIRCT's implicit
 * terminator); an empty body gets its block. */
static st_status complete_body(st_context *ctx, st_region *body, const port_list *l, st_attr *loc) {
	st_block *b = st_region_first_block(body);
	if (!b) {
		b = st_block_create(ctx);
		if (!b)
			return ST_FAIL;
		st_region_append_block(body, b);
		for (size_t i = 0; i < l->nargs; i++)
			if (!st_block_add_arg(b, l->args[i].type, loc))
				return ST_FAIL;
	}
	st_op *last = st_block_last_op(b);
	if (last && strcmp(st_op_name_cstr(last), "hw.output") == 0)
		return ST_OK;
	st_op_state os = {.name = st_str_c("hw.output"), .loc = loc};
	st_op *out = st_op_create(ctx, &os);
	if (!out)
		return ST_FAIL;
	st_block_append_op(b, out);
	return ST_OK;
}

st_status st__hw_parse_module(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	port_list l;
	port_list_init(&l);
	st_status st = parse_header(p, s, &l);
	st_region *body = st_succeeded(st) ? st_parse_state_add_region(s) : NULL;
	if (st_succeeded(st) && !body)
		st = ST_FAIL;
	if (st_succeeded(st))
		st = st_parser_region(p, body, l.nargs, l.args);
	if (st_succeeded(st))
		st = complete_body(ctx, body, &l, st_parse_state_loc(s));
	port_list_free(ctx, &l);
	return st;
}

st_status st__hw_parse_extern(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	port_list l;
	port_list_init(&l);
	st_status st = parse_header(p, s, &l);
	if (st_succeeded(st) && !st_parse_state_add_region(s))
		st = ST_FAIL;
	port_list_free(ctx, &l);
	return st;
}

void st__hw_print_module(st_printer *p, st_op *op) {
	st_attr *vis = st_op_get_attr(op, "sym_visibility");
	st_printer_puts(p, " ");
	if (vis) {
		st_str v = st_attr_string(vis);
		st_printer_printf(p, "%.*s ", (int)v.len, v.data);
	}
	st_printer_symbol_name(p, st_attr_string(st_op_get_attr(op, "sym_name")));
	st__hw_print_params(p, op);
	st_printer_puts(p, "(");
	st_region *body = st_op_region(op, 0);
	st_block *entry = st_region_first_block(body);
	size_t in = 0;
	for (size_t i = 0; i < st_hw_module_num_ports(op); i++) {
		st_hw_port port = st_hw_module_port(op, i);
		st_printer_puts(p, i ? ", " : "");
		if (port.dir == ST_HW_IN) {
			st_printer_puts(p, "in ");
			if (entry && in < st_block_num_args(entry))
				st_printer_operand(p, st_block_arg(entry, in));
			else
				st_printer_printf(p, "%%%.*s", (int)port.name.len, port.name.data);
			in++;
			if (!plain_identifier(port.name)) {
				st_printer_puts(p, " ");
				st_printer_string(p, port.name);
			}
		} else {
			st_printer_puts(p, "out ");
			if (plain_identifier(port.name))
				st_printer_write(p, port.name.data, port.name.len);
			else
				st_printer_string(p, port.name);
		}
		st_printer_puts(p, " : ");
		st_printer_type(p, port.type);
	}
	st_printer_puts(p, ")");
	static const char *const elided[] = {"sym_name", "module_type", "sym_visibility", "parameters", NULL};
	st_printer_attr_dict(p, op, elided, true);
	if (!entry)
		return;
	/* An empty hw.output is implied, as in CIRCT. */
	st_op *out = st_block_last_op(entry);
	bool show_output = !out || strcmp(st_op_name_cstr(out), "hw.output") != 0 || st_op_num_operands(out) != 0;
	st_printer_puts(p, " ");
	st_printer_region(p, body, false, show_output);
}

void st__hw_module_names(st_op *op, st_name_fn fn, void *ud) {
	st_region *body = st_op_region(op, 0);
	st_block *entry = st_region_first_block(body);
	if (!entry)
		return;
	char buf[256];
	for (size_t i = 0; i < st_block_num_args(entry) && i < st_hw_module_num_inputs(op); i++) {
		st_str name = st_hw_module_input(op, i).name;
		if (!plain_identifier(name) || name.len >= sizeof buf)
			continue;
		memcpy(buf, name.data, name.len);
		buf[name.len] = 0;
		fn(ud, st_block_arg(entry, i), buf);
	}
}

/* A clock is one bit wide and no value type: recognised without linking seq. */
static bool port_type_ok(st_type *t) { return st_hw_is_value_type(t) || st_hw_bit_width(t) == 1; }

static st_status verify_ports(st_op *op) {
	st_type *mt = module_type(op);
	if (!mt)
		return st_op_error(op, "requires attribute 'module_type' to be a module type");
	size_t n = st__hw_modty_num_ports(mt);
	for (size_t i = 0; i < n; i++) {
		st_hw_port a = st__hw_modty_port(mt, i);
		char buf[128];
		if (!port_type_ok(a.type))
			return st_op_error(op, "port '%.*s' has type '%s', which is not a hardware type", (int)a.name.len,
			                   a.name.data, st_type_str(st_op_context(op), a.type, buf, sizeof buf));
		for (size_t k = 0; k < i; k++)
			if (st_str_eq(st__hw_modty_port(mt, k).name, a.name))
				return st_op_error(op, "port name '%.*s' is used twice", (int)a.name.len, a.name.data);
	}
	return verify_params(op);
}

st_status st__hw_verify_module(st_op *op) {
	if (st_failed(verify_ports(op)))
		return ST_FAIL;
	st_region *body = st_op_region(op, 0);
	if (strcmp(st_op_name_cstr(op), "hw.module.extern") == 0) {
		if (!st_region_is_empty(body))
			return st_op_error(op, "must have an empty body");
		return ST_OK;
	}
	st_block *entry = st_region_first_block(body);
	if (!entry)
		return st_op_error(op, "must have a body");
	size_t nin = st_hw_module_num_inputs(op);
	if (st_block_num_args(entry) != nin)
		return st_op_error(op, "body has %zu arguments, but the module has %zu input ports", st_block_num_args(entry),
		                   nin);
	for (size_t i = 0; i < nin; i++)
		if (st_value_type(st_block_arg(entry, i)) != st_hw_module_input(op, i).type)
			return st_op_error(op, "type of body argument %zu does not match input port '%.*s'", i,
			                   (int)st_hw_module_input(op, i).name.len, st_hw_module_input(op, i).name.data);
	return ST_OK;
}

st_status st__hw_verify_output(st_op *op) {
	st_op *m = st_op_parent_op(op);
	if (!m || !module_type(m))
		return ST_OK;
	size_t n = st_op_num_operands(op), want = st_hw_module_num_outputs(m);
	if (n != want)
		return st_op_error(op, "has %zu operands, but the module has %zu output ports", n, want);
	for (size_t i = 0; i < n; i++)
		if (st_value_type(st_op_operand(op, i)) != st_hw_module_output(m, i).type) {
			st_str name = st_hw_module_output(m, i).name;
			return st_op_error(op, "operand %zu does not match the type of output port '%.*s'", i, (int)name.len,
			                   name.data);
		}
	return ST_OK;
}

/* ---------------------------------------------------------- hw.instance */

st_op *st_hw_instance_target(st_op *inst) {
	st_attr *ref = st_op_get_attr(inst, "moduleName");
	if (!ref || st_attr_get_kind(ref) != ST_ATTR_SYMBOL_REF)
		return NULL;
	st_op *m = st_symbol_lookup_nearest(inst, ref);
	if (!m || !module_type(m))
		return NULL;
	return m;
}

/* `name: %v : T` or `name: T`. */
static st_status parse_inst_port(st_parser *p, bool operand, st_str *name, st_operand_ref *ref, st_type **t) {
	if (st_failed(parse_port_name(p, name)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	if (operand && (st_failed(st_parser_operand(p, ref)) || st_failed(st_parser_expect_punct(p, ":"))))
		return ST_FAIL;
	return st_parser_type(p, t);
}

st_attr *st__hw_names_attr(st_context *ctx, size_t n, const st_str *names) {
	st_attr *small[16] = {NULL}, **v = n <= 16 ? small : st_ctx_alloc(ctx, n * sizeof *v);
	if (!v)
		return NULL;
	for (size_t i = 0; i < n; i++)
		v[i] = st_string_attr(ctx, names[i]);
	st_attr *a = st_array_attr(ctx, n, v);
	if (v != small)
		st_ctx_free(ctx, v, n * sizeof *v);
	return a;
}

#define MAX_INST_PORTS 256

st_status st__hw_parse_instance(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str iname, mname;
	st_str *names = st_ctx_alloc(ctx, 2 * MAX_INST_PORTS * sizeof *names);
	st_operand_ref *refs = st_ctx_alloc(ctx, MAX_INST_PORTS * sizeof *refs);
	st_type **types = st_ctx_alloc(ctx, 2 * MAX_INST_PORTS * sizeof *types);
	size_t nin = 0, nout = 0;
	st_status st = names && refs && types ? ST_OK : ST_FAIL;
	if (st_succeeded(st))
		st = st_parser_string(p, &iname);
	if (st_succeeded(st))
		st = st_parser_symbol_name(p, &mname);
	if (st_succeeded(st))
		st = st__hw_parse_params(p, s);
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			if (nin == MAX_INST_PORTS)
				st = st_parser_error(p, "more than %d instance inputs", MAX_INST_PORTS);
			else
				st = parse_inst_port(p, true, &names[nin], &refs[nin], &types[nin]);
			nin++;
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "->");
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		do {
			if (nout == MAX_INST_PORTS)
				st = st_parser_error(p, "more than %d instance outputs", MAX_INST_PORTS);
			else
				st = parse_inst_port(p, false, &names[MAX_INST_PORTS + nout], NULL, &types[MAX_INST_PORTS + nout]);
			nout++;
		} while (st_succeeded(st) && st_parser_optional_punct(p, ","));
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	for (size_t i = 0; st_succeeded(st) && i < nin; i++) {
		st_value *v;
		st = st_parser_resolve_operand(p, &refs[i], types[i], &v);
		if (st_succeeded(st))
			st = st_parse_state_add_operand(s, v);
	}
	for (size_t i = 0; st_succeeded(st) && i < nout; i++)
		st = st_parse_state_add_result_type(s, types[MAX_INST_PORTS + i]);
	if (st_succeeded(st)) {
		st_attr *in = st__hw_names_attr(ctx, nin, names), *out = st__hw_names_attr(ctx, nout, names + MAX_INST_PORTS);
		if (!in || !out || st_failed(st_parse_state_add_attr(s, "instanceName", st_string_attr(ctx, iname))) ||
		    st_failed(st_parse_state_add_attr(s, "moduleName", st_symbol_ref_attr(ctx, mname, 0, NULL))) ||
		    st_failed(st_parse_state_add_attr(s, "argNames", in)) ||
		    st_failed(st_parse_state_add_attr(s, "resultNames", out)))
			st = ST_FAIL;
	}
	st_ctx_free(ctx, names, 2 * MAX_INST_PORTS * sizeof *names);
	st_ctx_free(ctx, refs, MAX_INST_PORTS * sizeof *refs);
	st_ctx_free(ctx, types, 2 * MAX_INST_PORTS * sizeof *types);
	return st;
}

static void print_port_name(st_printer *p, st_attr *names, size_t i) {
	st_str n = names && i < st_attr_array_size(names) ? st_attr_string(st_attr_array_elt(names, i)) : st_str_c("");
	if (plain_identifier(n))
		st_printer_write(p, n.data, n.len);
	else
		st_printer_string(p, n);
	st_printer_puts(p, ": ");
}

void st__hw_print_instance(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_string(p, st_attr_string(st_op_get_attr(op, "instanceName")));
	st_printer_puts(p, " ");
	st_printer_symbol_name(p, st_ident_str(st_attr_symbol_root(st_op_get_attr(op, "moduleName"))));
	st__hw_print_params(p, op);
	st_printer_puts(p, "(");
	st_attr *an = st_op_get_attr(op, "argNames"), *rn = st_op_get_attr(op, "resultNames");
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_printer_puts(p, i ? ", " : "");
		print_port_name(p, an, i);
		st_printer_operand(p, st_op_operand(op, i));
		st_printer_puts(p, ": ");
		st_printer_type(p, st_value_type(st_op_operand(op, i)));
	}
	st_printer_puts(p, ") -> (");
	for (size_t i = 0; i < st_op_num_results(op); i++) {
		st_printer_puts(p, i ? ", " : "");
		print_port_name(p, rn, i);
		st_printer_type(p, st_value_type(st_op_result(op, i)));
	}
	st_printer_puts(p, ")");
	static const char *const elided[] = {"instanceName", "moduleName", "argNames", "resultNames", "parameters", NULL};
	st_printer_attr_dict(p, op, elided, false);
}

static st_status check_names(st_op *op, const char *attr, size_t n, const char *what) {
	st_attr *a = st_op_get_attr(op, attr);
	if (!a || st_attr_array_size(a) != n)
		return st_op_error(op, "'%s' must name each of the %zu %s", attr, n, what);
	for (size_t i = 0; i < n; i++)
		if (st_attr_get_kind(st_attr_array_elt(a, i)) != ST_ATTR_STRING)
			return st_op_error(op, "'%s' must hold strings", attr);
	return ST_OK;
}

st_status st__hw_verify_instance(st_op *op) {
	size_t nin = st_op_num_operands(op), nout = st_op_num_results(op);
	if (st_failed(check_names(op, "argNames", nin, "operands")) ||
	    st_failed(check_names(op, "resultNames", nout, "results")) || st_failed(verify_params(op)))
		return ST_FAIL;
	st_attr *ref = st_op_get_attr(op, "moduleName");
	st_op *m = st_hw_instance_target(op);
	if (!m)
		return st_op_error(op, "'%s' does not name a hw.module or hw.module.extern",
		                   st_ident_cstr(st_attr_symbol_root(ref)));
	if (st_hw_module_num_inputs(m) != nin || st_hw_module_num_outputs(m) != nout)
		return st_op_error(op, "has %zu inputs and %zu outputs, but @%s has %zu and %zu", nin, nout,
		                   st_ident_cstr(st_attr_symbol_root(ref)), st_hw_module_num_inputs(m),
		                   st_hw_module_num_outputs(m));
	st_attr *an = st_op_get_attr(op, "argNames"), *rn = st_op_get_attr(op, "resultNames");
	for (size_t i = 0; i < nin + nout; i++) {
		bool in = i < nin;
		st_hw_port port = in ? st_hw_module_input(m, i) : st_hw_module_output(m, i - nin);
		st_str name = st_attr_string(st_attr_array_elt(in ? an : rn, in ? i : i - nin));
		st_type *t = in ? st_value_type(st_op_operand(op, i)) : st_value_type(st_op_result(op, i - nin));
		if (!st_str_eq(name, port.name))
			return st_op_error(op, "%s %zu is named '%.*s', but the module's port is '%.*s'", in ? "input" : "output",
			                   in ? i : i - nin, (int)name.len, name.data, (int)port.name.len, port.name.data);
		if (t != port.type)
			return st_op_error(op, "%s '%.*s' has another type than the module's port", in ? "input" : "output",
			                   (int)name.len, name.data);
	}
	return ST_OK;
}

static st_walk_result collect_targets(st_op *op, void *ud) {
	if (strcmp(st_op_name_cstr(op), "hw.instance") != 0)
		return ST_WALK_ADVANCE;
	st_op **targets = ud, *m = st_hw_instance_target(op);
	/* targets[0] holds the count, as a pointer-sized integer. */
	size_t n = (size_t)(uintptr_t)targets[0];
	for (size_t i = 1; i <= n; i++)
		if (targets[i] == m)
			return ST_WALK_ADVANCE;
	if (m && n < 255) {
		targets[n + 1] = m;
		targets[0] = (st_op *)(uintptr_t)(n + 1);
	}
	return ST_WALK_ADVANCE;
}

st_op *st_hw_top_module(st_op *module, const char *name) {
	st_context *ctx = st_op_context(module);
	st_block *b = st_region_first_block(st_op_region(module, 0));
	st_op *found = NULL;
	size_t count = 0;
	for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op))
		if (strcmp(st_op_name_cstr(op), "hw.module") == 0 &&
		    (name ? strcmp(st_ident_cstr(st_symbol_name(op)), name) == 0 : st_op_get_attr(op, "hw.top") != NULL)) {
			found = op;
			count++;
		}
	if (!name && count == 0) {
		st_op *targets[256] = {NULL};
		st_walk(module, ST_WALK_PRE, collect_targets, targets);
		size_t n = (size_t)(uintptr_t)targets[0];
		for (st_op *op = b ? st_block_first_op(b) : NULL; op; op = st_op_next(op)) {
			bool inst = false;
			for (size_t i = 1; i <= n; i++)
				inst |= targets[i] == op;
			if (strcmp(st_op_name_cstr(op), "hw.module") == 0 && !inst) {
				found = op;
				count++;
			}
		}
	}
	if (count == 1)
		return found;
	if (name && !count)
		st_error(ctx, st_op_loc(module), "no hw.module named '%s'", name);
	else
		st_error(ctx, st_op_loc(module), "%s top hw.module; mark one with `hw.top` or name it", count ? "more than one" : "no");
	return NULL;
}
