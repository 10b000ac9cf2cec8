/* The cells of a component: their port tables (CIRCT's order), the checks
 * of port counts and widths, the `%name.port` result names, and the custom
 * syntax of memories (`<[sizes] x width> [addrSizes]`). */
#include "calyx_internal.h"

#include <stdio.h>
#include <string.h>

static const st__calyx_cell cells[] = {
	{"calyx.register", ST_CALYX_REG, "in:iW write_en:i1 clk:i1 reset:i1 out:oW done:o1", "std_reg"},
	{"calyx.std_add", ST_CALYX_ADD, "left:iW right:iW out:oW", "std_add"},
	{"calyx.std_sub", ST_CALYX_SUB, "left:iW right:iW out:oW", "std_sub"},
	{"calyx.std_and", ST_CALYX_AND, "left:iW right:iW out:oW", "std_and"},
	{"calyx.std_or", ST_CALYX_OR, "left:iW right:iW out:oW", "std_or"},
	{"calyx.std_xor", ST_CALYX_XOR, "left:iW right:iW out:oW", "std_xor"},
	{"calyx.std_lsh", ST_CALYX_LSH, "left:iW right:iW out:oW", "std_lsh"},
	{"calyx.std_rsh", ST_CALYX_RSH, "left:iW right:iW out:oW", "std_rsh"},
	{"calyx.std_srsh", ST_CALYX_SRSH, "left:iW right:iW out:oW", "std_srsh"},
	{"calyx.std_lt", ST_CALYX_LT, "left:iW right:iW out:o1", "std_lt"},
	{"calyx.std_gt", ST_CALYX_GT, "left:iW right:iW out:o1", "std_gt"},
	{"calyx.std_eq", ST_CALYX_EQ, "left:iW right:iW out:o1", "std_eq"},
	{"calyx.std_neq", ST_CALYX_NEQ, "left:iW right:iW out:o1", "std_neq"},
	{"calyx.std_ge", ST_CALYX_GE, "left:iW right:iW out:o1", "std_ge"},
	{"calyx.std_le", ST_CALYX_LE, "left:iW right:iW out:o1", "std_le"},
	{"calyx.std_slt", ST_CALYX_SLT, "left:iW right:iW out:o1", "std_slt"},
	{"calyx.std_sgt", ST_CALYX_SGT, "left:iW right:iW out:o1", "std_sgt"},
	{"calyx.std_seq", ST_CALYX_SEQ, "left:iW right:iW out:o1", "std_seq"},
	{"calyx.std_sneq", ST_CALYX_SNEQ, "left:iW right:iW out:o1", "std_sneq"},
	{"calyx.std_sge", ST_CALYX_SGE, "left:iW right:iW out:o1", "std_sge"},
	{"calyx.std_sle", ST_CALYX_SLE, "left:iW right:iW out:o1", "std_sle"},
	{"calyx.std_not", ST_CALYX_NOT, "in:iW out:oW", "std_not"},
	{"calyx.std_wire", ST_CALYX_WIRE, "in:iW out:oW", "std_wire"},
	{"calyx.std_slice", ST_CALYX_SLICE, "in:iW out:oV", "std_slice"},
	{"calyx.std_pad", ST_CALYX_PAD, "in:iW out:oV", "std_pad"},
	{"calyx.std_mux", ST_CALYX_MUX, "cond:i1 tru:iW fal:iW out:oW", "std_mux"},
	{"calyx.std_mult_pipe", ST_CALYX_MULT, "clk:i1 reset:i1 go:i1 left:iW right:iW out:oW done:o1", "std_mult_pipe"},
	{"calyx.std_divu_pipe", ST_CALYX_DIVU, "clk:i1 reset:i1 go:i1 left:iW right:iW out:oW done:o1", "std_div_pipe"},
	{"calyx.std_remu_pipe", ST_CALYX_REMU, "clk:i1 reset:i1 go:i1 left:iW right:iW out:oW done:o1", "std_div_pipe"},
	{"calyx.std_divs_pipe", ST_CALYX_DIVS, "clk:i1 reset:i1 go:i1 left:iW right:iW out:oW done:o1", "std_sdiv_pipe"},
	{"calyx.std_rems_pipe", ST_CALYX_REMS, "clk:i1 reset:i1 go:i1 left:iW right:iW out:oW done:o1", "std_sdiv_pipe"},
	{"calyx.memory", ST_CALYX_MEM, NULL, "comb_mem_d"},
	{"calyx.seq_mem", ST_CALYX_SEQ_MEM, NULL, "seq_mem_d"},
	{"calyx.instance", ST_CALYX_INSTANCE, NULL, NULL},
};

const st__calyx_cell *st__calyx_cell_of(const st_op *op) {
	const char *name = st_op_name_cstr(op);
	if (strncmp(name, "calyx.", 6) != 0)
		return NULL;
	for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++)
		if (strcmp(cells[i].op, name) == 0)
			return &cells[i];
	return NULL;
}

bool st_calyx_is_cell(const st_op *op) { return st__calyx_cell_of(op) != NULL; }

st_calyx_cell_kind st_calyx_cell_kind_of(const st_op *op) {
	const st__calyx_cell *c = st__calyx_cell_of(op);
	return c ? c->kind : ST_CALYX_NOT_A_CELL;
}

/* One entry of a port string: name, direction and width code. */
typedef struct spec_port {
	st_str name;
	bool input;
	char width;
} spec_port;

static size_t parse_spec(const char *s, spec_port *out, size_t cap) {
	size_t n = 0;
	while (*s) {
		const char *colon = strchr(s, ':');
		if (n < cap) {
			out[n].name = (st_str){s, (size_t)(colon - s)};
			out[n].input = colon[1] == 'i';
			out[n].width = colon[2];
		}
		n++;
		s = colon + 3;
		while (*s == ' ')
			s++;
	}
	return n;
}

size_t st_calyx_mem_dims(const st_op *mem, int64_t *sizes, int64_t *addr_widths) {
	st_attr *sz = st_op_get_attr(mem, "sizes"), *aw = st_op_get_attr(mem, "addrSizes");
	if (!sz || !aw || st_attr_get_kind(sz) != ST_ATTR_ARRAY || st_attr_get_kind(aw) != ST_ATTR_ARRAY)
		return 0;
	size_t n = st_attr_array_size(sz);
	if (n > 4 || st_attr_array_size(aw) != n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		st_attr *a = st_attr_array_elt(sz, i), *b = st_attr_array_elt(aw, i);
		if (st_attr_get_kind(a) != ST_ATTR_INTEGER || st_attr_get_kind(b) != ST_ATTR_INTEGER)
			return 0;
		sizes[i] = st_attr_int_value(a);
		addr_widths[i] = st_attr_int_value(b);
	}
	return n;
}

unsigned st_calyx_mem_width(const st_op *mem) {
	st_attr *w = st_op_get_attr(mem, "width");
	return w && st_attr_get_kind(w) == ST_ATTR_INTEGER ? (unsigned)st_attr_int_value(w) : 0;
}

bool st_calyx_is_external(const st_op *op) {
	st_attr *e = st_op_get_attr(op, "external");
	if (!e)
		return false;
	return st_attr_get_kind(e) == ST_ATTR_UNIT || (st_attr_get_kind(e) == ST_ATTR_INTEGER && st_attr_int_value(e));
}

static const char *const addr_names[] = {"addr0", "addr1", "addr2", "addr3"};

static size_t put(st_calyx_port *out, size_t cap, size_t n, const char *name, bool input) {
	if (n < cap)
		out[n] = (st_calyx_port){{name, strlen(name)}, input};
	return n + 1;
}

size_t st_calyx_cell_ports(st_op *cell, st_calyx_port *out, size_t cap) {
	const st__calyx_cell *c = st__calyx_cell_of(cell);
	if (!c)
		return 0;
	if (c->ports) {
		spec_port sp[ST_CALYX_MAX_PORTS];
		size_t n = parse_spec(c->ports, sp, ST_CALYX_MAX_PORTS);
		for (size_t i = 0; i < n && i < cap; i++)
			out[i] = (st_calyx_port){sp[i].name, sp[i].input};
		return n;
	}
	if (c->kind == ST_CALYX_INSTANCE) {
		st_attr *ref = st_op_get_attr(cell, "componentName");
		st_op *comp = ref ? st_symbol_lookup_nearest(cell, ref) : NULL;
		if (!comp || strcmp(st_op_name_cstr(comp), "calyx.component") != 0)
			return SIZE_MAX;
		size_t n = st_calyx_comp_num_ports(comp), nin = st_calyx_comp_num_inputs(comp);
		for (size_t i = 0; i < n && i < cap; i++)
			out[i] = (st_calyx_port){st_calyx_comp_port_name(comp, i), i < nin};
		return n;
	}
	int64_t sizes[4], aw[4];
	size_t k = st_calyx_mem_dims(cell, sizes, aw), n = 0;
	for (size_t i = 0; i < k; i++)
		n = put(out, cap, n, addr_names[i], true);
	if (c->kind == ST_CALYX_MEM) {
		n = put(out, cap, n, "write_data", true);
		n = put(out, cap, n, "write_en", true);
		n = put(out, cap, n, "clk", true);
		n = put(out, cap, n, "read_data", false);
		return put(out, cap, n, "done", false);
	}
	n = put(out, cap, n, "clk", true);
	n = put(out, cap, n, "reset", true);
	n = put(out, cap, n, "content_en", true);
	n = put(out, cap, n, "write_en", true);
	n = put(out, cap, n, "write_data", true);
	n = put(out, cap, n, "read_data", false);
	return put(out, cap, n, "done", false);
}

st_str st_calyx_sym_name(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "sym_name");
	if (!a || st_attr_get_kind(a) != ST_ATTR_STRING)
		return (st_str){"", 0};
	return st_attr_string(a);
}

void st__calyx_cell_names(st_op *op, st_name_fn fn, void *ud) {
	st_calyx_port ports[ST_CALYX_MAX_PORTS];
	size_t n = st_calyx_cell_ports(op, ports, ST_CALYX_MAX_PORTS);
	st_str sym = st_calyx_sym_name(op);
	if (n == SIZE_MAX || n != st_op_num_results(op) || n > ST_CALYX_MAX_PORTS || sym.len > 200)
		return;
	char buf[512];
	for (size_t i = 0; i < n; i++) {
		snprintf(buf, sizeof buf, "%.*s.%.*s", (int)sym.len, sym.data, (int)(ports[i].name.len < 200 ? ports[i].name.len : 200),
		         ports[i].name.data);
		fn(ud, st_op_result(op, i), buf);
	}
}

static bool bits_fit(int64_t size, int64_t width) { return width >= 64 || (width >= 0 && ((int64_t)1 << width) >= size); }

static st_status verify_memory(st_op *op, const st__calyx_cell *c) {
	int64_t sizes[4], aw[4];
	size_t k = st_calyx_mem_dims(op, sizes, aw);
	if (k == 0)
		return st_op_error(op, "requires 1 to 4 dimensions, with as many 'sizes' as 'addrSizes'");
	unsigned w = st_calyx_mem_width(op);
	if (w == 0)
		return st_op_error(op, "requires a positive 'width'");
	for (size_t i = 0; i < k; i++) {
		if (sizes[i] <= 0)
			return st_op_error(op, "dimension %zu has size %lld; sizes must be positive", i, (long long)sizes[i]);
		if (!bits_fit(sizes[i], aw[i]) || aw[i] <= 0)
			return st_op_error(op, "address width %lld of dimension %zu cannot address %lld elements", (long long)aw[i], i,
			                   (long long)sizes[i]);
		if (!st_type_is_signless_integer(st_value_type(st_op_result(op, i)), (unsigned)aw[i]))
			return st_op_error(op, "port 'addr%zu' must be i%lld", i, (long long)aw[i]);
	}
	st_calyx_port ports[ST_CALYX_MAX_PORTS];
	size_t n = st_calyx_cell_ports(op, ports, ST_CALYX_MAX_PORTS);
	for (size_t i = k; i < n; i++) {
		bool data = st_str_eq_c(ports[i].name, "write_data") || st_str_eq_c(ports[i].name, "read_data");
		if (!st_type_is_signless_integer(st_value_type(st_op_result(op, i)), data ? w : 1))
			return st_op_error(op, "port '%.*s' must be i%u", (int)ports[i].name.len, ports[i].name.data, data ? w : 1);
	}
	/* A read-only memory's contents (lower-to-calyx's constant tables). */
	st_attr *init = st_op_get_attr(op, "calyx.init");
	if (init) {
		int64_t total = 1;
		for (size_t i = 0; i < k; i++)
			total *= sizes[i];
		st_type *t = st_attr_get_kind(init) == ST_ATTR_DENSE_ELEMENTS ? st_attr_type(init) : NULL;
		if (!t || st_type_get_kind(t) != ST_TYPE_RANKED_TENSOR || st_type_rank(t) != 1 || st_type_dim(t, 0) != total ||
		    !st_type_is_signless_integer(st_type_element(t), w))
			return st_op_error(op, "'calyx.init' must be dense<...> : tensor<%lldxi%u>, its elements row-major",
			                   (long long)total, w);
	}
	(void)c;
	return ST_OK;
}

static st_status verify_instance(st_op *op) {
	st_attr *ref = st_op_get_attr(op, "componentName");
	st_op *comp = st_symbol_lookup_nearest(op, ref);
	if (!comp || strcmp(st_op_name_cstr(comp), "calyx.component") != 0)
		return st_op_error(op, "is referencing component: %s, which does not exist", st_ident_cstr(st_attr_symbol_leaf(ref)));
	if (comp == st_op_parent_op(op))
		return st_op_error(op, "instantiates its own component");
	size_t n = st_calyx_comp_num_ports(comp);
	for (size_t i = 0; i < n; i++) {
		st_type *want = st_calyx_comp_port_type(comp, i), *got = st_value_type(st_op_result(op, i));
		if (want != got) {
			char a[64], b[64];
			st_str pn = st_calyx_comp_port_name(comp, i);
			return st_op_error(op, "result type for \"%.*s\" must be '%s', but got '%s'", (int)pn.len, pn.data,
			                   st_type_str(st_op_context(op), want, a, sizeof a),
			                   st_type_str(st_op_context(op), got, b, sizeof b));
		}
	}
	return ST_OK;
}

st_status st__calyx_verify_cell(st_op *op) {
	const st__calyx_cell *c = st__calyx_cell_of(op);
	st_op *parent = st_op_parent_op(op);
	if (!parent || strcmp(st_op_name_cstr(parent), "calyx.component") != 0)
		return st_op_error(op, "must be in the body of a calyx.component");
	st_calyx_port ports[ST_CALYX_MAX_PORTS];
	size_t n = st_calyx_cell_ports(op, ports, ST_CALYX_MAX_PORTS);
	if (n == SIZE_MAX)
		return verify_instance(op);
	if (n != st_op_num_results(op))
		return st_op_error(op, "has a wrong number of results; expected: %zu but got %zu", n, st_op_num_results(op));
	if (c->kind == ST_CALYX_INSTANCE)
		return verify_instance(op);
	if (c->kind == ST_CALYX_MEM || c->kind == ST_CALYX_SEQ_MEM)
		return verify_memory(op, c);
	spec_port sp[ST_CALYX_MAX_PORTS];
	parse_spec(c->ports, sp, ST_CALYX_MAX_PORTS);
	st_type *w = NULL;
	unsigned v = 0;
	for (size_t i = 0; i < n; i++) {
		st_type *t = st_value_type(st_op_result(op, i));
		if (sp[i].width == '1' && !st_type_is_signless_integer(t, 1))
			return st_op_error(op, "port '%.*s' must be i1", (int)sp[i].name.len, sp[i].name.data);
		if (sp[i].width == 'W') {
			if (w && w != t)
				return st_op_error(op, "port '%.*s' must have the data width of the other ports", (int)sp[i].name.len,
				                   sp[i].name.data);
			w = t;
		}
		if (sp[i].width == 'V')
			v = st_type_int_width(t);
	}
	if (c->kind == ST_CALYX_SLICE && v > st_type_int_width(w))
		return st_op_error(op, "output width %u must not exceed the input width %u", v, st_type_int_width(w));
	if (c->kind == ST_CALYX_PAD && v < st_type_int_width(w))
		return st_op_error(op, "output width %u must not be below the input width %u", v, st_type_int_width(w));
	return ST_OK;
}

/* calyx.memory @m <[64, 64] x 8> [6, 6] {attrs} : i6, i6, i8, i1, i1, i8, i1 */
static st_status parse_int_list(st_parser *p, st_context *ctx, st_attr **out) {
	st_attr *v[8];
	size_t n = 0;
	if (st_failed(st_parser_expect_punct(p, "[")))
		return ST_FAIL;
	do {
		int64_t x;
		if (st_failed(st_parser_integer(p, &x)))
			return ST_FAIL;
		if (n == 8)
			return st_parser_error(p, "a memory has at most 4 dimensions");
		v[n++] = st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), x);
	} while (st_parser_optional_punct(p, ","));
	*out = st_array_attr(ctx, n, v);
	return st_parser_expect_punct(p, "]");
}

st_status st__calyx_parse_memory(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str name;
	st_attr *sizes, *addrs;
	int64_t width;
	if (st_failed(st_parser_symbol_name(p, &name)) || st_failed(st_parser_expect_punct(p, "<")) ||
	    st_failed(parse_int_list(p, ctx, &sizes)) || st_failed(st_parser_expect_keyword(p, "x")) ||
	    st_failed(st_parser_integer(p, &width)) || st_failed(st_parser_expect_punct(p, ">")) ||
	    st_failed(parse_int_list(p, ctx, &addrs)))
		return ST_FAIL;
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	if (st_failed(st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name))) ||
	    st_failed(st_parse_state_add_attr(s, "sizes", sizes)) ||
	    st_failed(st_parse_state_add_attr(s, "width", st_integer_attr(ctx, i64, width))) ||
	    st_failed(st_parse_state_add_attr(s, "addrSizes", addrs)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	do {
		st_type *t;
		if (st_failed(st_parser_type(p, &t)) || st_failed(st_parse_state_add_result_type(s, t)))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	return ST_OK;
}

static void print_int_list(st_printer *p, st_attr *a) {
	st_printer_puts(p, "[");
	for (size_t i = 0; a && i < st_attr_array_size(a); i++)
		st_printer_printf(p, "%s%lld", i ? ", " : "", (long long)st_attr_int_value(st_attr_array_elt(a, i)));
	st_printer_puts(p, "]");
}

void st__calyx_print_memory(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_symbol_name(p, st_calyx_sym_name(op));
	st_printer_puts(p, " <");
	print_int_list(p, st_op_get_attr(op, "sizes"));
	st_printer_printf(p, " x %u> ", st_calyx_mem_width(op));
	print_int_list(p, st_op_get_attr(op, "addrSizes"));
	static const char *const elided[] = {"sym_name", "sizes", "width", "addrSizes", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : ");
	for (size_t i = 0; i < st_op_num_results(op); i++) {
		if (i)
			st_printer_puts(p, ", ");
		st_printer_type(p, st_value_type(st_op_result(op, i)));
	}
}

/* calyx.constant @name <42 : i32> : i32, named after its symbol. */
st_status st__calyx_parse_constant(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_str name;
	st_attr *v;
	st_type *t;
	if (st_failed(st_parser_symbol_name(p, &name)) || st_failed(st_parser_expect_punct(p, "<")) ||
	    st_failed(st_parser_attr(p, NULL, &v)) || st_failed(st_parser_expect_punct(p, ">")) ||
	    st_failed(st_parse_state_add_attr(s, "sym_name", st_string_attr(ctx, name))) ||
	    st_failed(st_parse_state_add_attr(s, "value", v)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")) || st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, t);
}

void st__calyx_print_constant(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_symbol_name(p, st_calyx_sym_name(op));
	st_printer_puts(p, " <");
	st_printer_attr(p, st_op_get_attr(op, "value"));
	st_printer_puts(p, ">");
	static const char *const elided[] = {"sym_name", "value", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

void st__calyx_constant_names(st_op *op, st_name_fn fn, void *ud) {
	st_str s = st_calyx_sym_name(op);
	char buf[256];
	if (s.len == 0 || s.len >= sizeof buf)
		return;
	memcpy(buf, s.data, s.len);
	buf[s.len] = 0;
	fn(ud, st_op_result(op, 0), buf);
}

st_status st__calyx_verify_constant(st_op *op) {
	st_attr *v = st_op_get_attr(op, "value");
	if (st_attr_type(v) != st_value_type(st_op_result(op, 0)))
		return st_op_error(op, "value must have the result's type");
	return ST_OK;
}
