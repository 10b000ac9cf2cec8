/* `export-verilog`: one SystemVerilog module per hw.module.  Every value is
 * a named signal (port names, `name`/`sv.namehint`, else `_T<n>`) driven by
 * one continuous assignment, constants are localparams, registers are
 * always_ff blocks, memories unpacked arrays.  Semantics match strata-hwsim
 * (docs/verilog-export.md): division by zero gives 0, an index out of range
 * reads 0 and writes nothing, a register starts from its constant reset
 * value or preset.  The IR is only read. */
#include "verilog_internal.h"

#include <stdio.h>
#include <string.h>

typedef struct emitter {
	vout *o;
	vnames names;
	st_op *module;
} emitter;

#define E(v) st__v_name_of(&e->names, (v))

static bool is_op(const st_op *op, const char *name) { return strcmp(st_op_name_cstr(op), name) == 0; }

static unsigned width_of(const st_value *v) { return (unsigned)st_hw_bit_width(st_value_type(v)); }

static bool pow2(uint64_t n) { return n && !(n & (n - 1)); }

/* ------------------------------------------------------------- naming */

/* A write port has no result; the op itself keys its name. */
static const st_value *port_key(const st_op *op) { return (const st_value *)(const void *)op; }

static st_status name_values(emitter *e) {
	st_op *m = e->module;
	st_block *body = st_region_first_block(st_op_region(m, 0));
	for (size_t i = 0; i < st_hw_module_num_ports(m); i++) {
		st_hw_port p = st_hw_module_port(m, i);
		if (p.dir == ST_HW_OUT && !st__v_name_new(&e->names, p.name.data, p.name.len))
			return ST_FAIL;
	}
	for (size_t i = 0; i < st_block_num_args(body); i++) {
		st_str n = st_hw_module_input(m, i).name;
		if (!st__v_name_assign(&e->names, st_block_arg(body, i), n.data, n.len))
			return ST_FAIL;
	}
	for (st_op *op = st_block_first_op(body); op; op = st_op_next(op)) {
		if (is_op(op, "seq.write")) {
			/* The prefix of the port's pipeline registers, keyed by the op. */
			char buf[160];
			int k = snprintf(buf, sizeof buf, "%s_w", E(st_op_operand(op, 0)));
			if (!st__v_name_assign(&e->names, port_key(op), buf, (size_t)k))
				return ST_FAIL;
		}
		st_attr *hint = st_op_get_attr(op, "name");
		if (!hint || st_attr_get_kind(hint) != ST_ATTR_STRING)
			hint = st_op_get_attr(op, "sv.namehint");
		for (size_t i = 0; i < st_op_num_results(op); i++) {
			char buf[128];
			st_str h = {NULL, 0};
			if (is_op(op, "hw.instance")) {
				st_str in = st_attr_string(st_op_get_attr(op, "instanceName"));
				st_str pn = st_attr_string(st_attr_array_elt(st_op_get_attr(op, "resultNames"), i));
				int k = snprintf(buf, sizeof buf, "%.*s_%.*s", (int)in.len, in.data, (int)pn.len, pn.data);
				h = st_str_make(buf, k > 0 && (size_t)k < sizeof buf ? (size_t)k : 0);
			} else if (hint && st_attr_get_kind(hint) == ST_ATTR_STRING && i == 0) {
				h = st_attr_string(hint);
			} else if (is_op(op, "hw.constant")) {
				st_attr *v = st_op_get_attr(op, "value");
				int k = st_attr_int_num_words(v) <= 1
				            ? snprintf(buf, sizeof buf, "c%llu_i%u", (unsigned long long)st_attr_int_uvalue(v),
				                       st_type_int_width(st_attr_type(v)))
				            : snprintf(buf, sizeof buf, "c_i%u", st_type_int_width(st_attr_type(v)));
				h = st_str_make(buf, (size_t)k);
			}
			if (!st__v_name_assign(&e->names, st_op_result(op, i), h.data, h.len))
				return ST_FAIL;
		}
	}
	return ST_OK;
}

/* Ports keep their names (instances connect by name): a name that is not a
 * legal identifier, or is a keyword, cannot be exported. */
static st_status check_port_names(emitter *e) {
	st_op *m = e->module;
	st_block *body = st_region_first_block(st_op_region(m, 0));
	for (size_t i = 0; i < st_hw_module_num_inputs(m); i++) {
		st_str n = st_hw_module_input(m, i).name;
		const char *got = E(st_block_arg(body, i));
		if (strlen(got) != n.len || memcmp(got, n.data, n.len) != 0)
			return st_op_error(m, "port '%.*s' is not a legal SystemVerilog name", (int)n.len, n.data);
	}
	/* Output names were reserved first, in port order: a renamed one shows
	 * up as the same name with a suffix. */
	for (size_t i = 0; i < e->names.n && i < st_hw_module_num_outputs(m); i++) {
		st_str n = st_hw_module_output(m, i).name;
		if (strlen(e->names.names[i]) != n.len || memcmp(e->names.names[i], n.data, n.len) != 0)
			return st_op_error(m, "port '%.*s' is not a legal SystemVerilog name", (int)n.len, n.data);
	}
	return ST_OK;
}

/* --------------------------------------------------------- declarations */

static void decl(emitter *e, const st_value *v) {
	st__v_puts(e->o, "  ");
	st__v_type(e->o, st_value_type(v));
	st__v_printf(e->o, " %s;\n", E(v));
}

static void aggregate_literal(emitter *e, st_attr *a, st_type *t) {
	if (st_attr_get_kind(a) == ST_ATTR_INTEGER) {
		st__v_int_literal(e->o, a);
		return;
	}
	st__v_puts(e->o, "{");
	for (size_t i = 0; i < st_attr_array_size(a); i++) {
		st__v_puts(e->o, i ? ", " : "");
		aggregate_literal(e, st_attr_array_elt(a, i),
		                  st_hw_is_array(t) ? st_hw_array_element(t) : st_hw_struct_field_type(t, i));
	}
	st__v_puts(e->o, "}");
}

/* `sv.attributes` of an op (as CIRCT's): each entry a Verilog attribute
 * before its declaration, `(* ram_style = "block" *)`, which synthesis
 * tools read (a string value quoted, an integer bare; names that are no
 * Verilog identifier are left out). */
static void sv_attributes(emitter *e, st_op *op) {
	st_attr *d = st_op_get_attr(op, "sv.attributes");
	if (!d || st_attr_get_kind(d) != ST_ATTR_DICTIONARY)
		return;
	for (size_t i = 0; i < st_attr_dict_size(d); i++) {
		st_named_attr a = st_attr_dict_entry(d, i);
		st_str n = st_ident_str(a.name);
		bool ident = n.len > 0;
		for (size_t k = 0; k < n.len; k++)
			ident &= (n.data[k] >= 'a' && n.data[k] <= 'z') || (n.data[k] >= 'A' && n.data[k] <= 'Z') ||
			         n.data[k] == '_' || (k && n.data[k] >= '0' && n.data[k] <= '9');
		if (!ident)
			continue;
		if (st_attr_get_kind(a.value) == ST_ATTR_INTEGER) {
			st__v_printf(e->o, "(* %.*s = %lld *) ", (int)n.len, n.data, (long long)st_attr_int_value(a.value));
		} else if (st_attr_get_kind(a.value) == ST_ATTR_STRING) {
			st_str v = st_attr_string(a.value);
			st__v_printf(e->o, "(* %.*s = \"", (int)n.len, n.data);
			for (size_t k = 0; k < v.len; k++)
				st__v_printf(e->o, "%s%c", v.data[k] == '"' || v.data[k] == '\\' ? "\\" : "", v.data[k]);
			st__v_puts(e->o, "\" *) ");
		}
	}
}

/* A memory's initial contents (`init`, verified: a word of at most 64
 * bits per element) as an initial block assigning each word, which both
 * Verilator and synthesis read (yosys makes a memory read-only with them a
 * ROM, in block RAM when its read is registered). */
static void mem_init(emitter *e, st_op *op) {
	st_attr *init = st_op_get_attr(op, "init");
	if (!init)
		return;
	st_type *t = st_value_type(st_op_result(op, 0));
	unsigned w = st_type_int_width(st_seq_hlmem_element(t));
	uint64_t n = st_seq_hlmem_depth(t), mask = w >= 64 ? ~0ull : (1ull << w) - 1;
	bool splat = st_attr_dense_is_splat(init);
	st__v_puts(e->o, "  initial begin\n");
	for (uint64_t i = 0; i < n; i++)
		st__v_printf(e->o, "    %s[%llu] = %u'h%llx;\n", E(st_op_result(op, 0)), (unsigned long long)i, w,
		             (unsigned long long)st_attr_dense_int(init, splat ? 0 : (size_t)i) & mask);
	st__v_puts(e->o, "  end\n");
}

static void declare(emitter *e, st_op *op) {
	vout *o = e->o;
	if (is_op(op, "hw.constant") || is_op(op, "hw.aggregate_constant")) {
		st_value *r = st_op_result(op, 0);
		st__v_puts(o, "  localparam ");
		st__v_type(o, st_value_type(r));
		st__v_printf(o, " %s = ", E(r));
		aggregate_literal(e, st_op_get_attr(op, is_op(op, "hw.constant") ? "value" : "fields"), st_value_type(r));
		st__v_puts(o, ";\n");
		return;
	}
	if (is_op(op, "seq.hlmem")) {
		st_type *t = st_value_type(st_op_result(op, 0));
		st__v_puts(o, "  ");
		sv_attributes(e, op);
		st__v_type(o, st_seq_hlmem_element(t));
		st__v_printf(o, " %s [0:%llu];\n", E(st_op_result(op, 0)),
		             (unsigned long long)st_seq_hlmem_depth(t) - 1);
		mem_init(e, op);
		return;
	}
	for (size_t i = 0; i < st_op_num_results(op); i++)
		decl(e, st_op_result(op, i));
	int64_t lat = st_op_get_attr(op, "latency") ? st_attr_int_value(st_op_get_attr(op, "latency")) : 0;
	if (is_op(op, "seq.read"))
		for (int64_t k = 0; k + 1 < lat; k++) {
			st__v_puts(o, "  ");
			st__v_type(o, st_value_type(st_op_result(op, 0)));
			st__v_printf(o, " %s_s%lld;\n", E(st_op_result(op, 0)), (long long)k);
		}
	if (is_op(op, "seq.write"))
		for (int64_t k = 0; k + 1 < lat; k++) {
			const char *pre = E(port_key(op));
			st__v_printf(o, "  logic %s_en%lld;\n  ", pre, (long long)k);
			st__v_type(o, st_value_type(st_op_operand(op, 1)));
			st__v_printf(o, " %s_addr%lld;\n  ", pre, (long long)k);
			st__v_type(o, st_value_type(st_op_operand(op, 2)));
			st__v_printf(o, " %s_data%lld;\n", pre, (long long)k);
		}
}

/* -------------------------------------------------------------- comb */

static const char *binop(st_comb_kind k) {
	switch (k) {
	case ST_COMB_ADD: return " + ";
	case ST_COMB_MUL: return " * ";
	case ST_COMB_AND: return " & ";
	case ST_COMB_OR: return " | ";
	case ST_COMB_XOR: return " ^ ";
	case ST_COMB_SUB: return " - ";
	case ST_COMB_SHL: return " << ";
	case ST_COMB_SHRU: return " >> ";
	default: return NULL;
	}
}

static void emit_icmp(emitter *e, st_op *op, const char *r) {
	static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">=", "<", "<=", ">", ">=", "===", "!==", "==", "!="};
	int64_t p = st_attr_int_value(st_op_get_attr(op, "predicate"));
	bool sgn = p >= ST_COMB_SLT && p <= ST_COMB_SGE;
	const char *a = E(st_op_operand(op, 0)), *b = E(st_op_operand(op, 1));
	if (sgn)
		st__v_printf(e->o, "  assign %s = $signed(%s) %s $signed(%s);\n", r, a, ops[p], b);
	else
		st__v_printf(e->o, "  assign %s = %s %s %s;\n", r, a, ops[p], b);
}

static void emit_comb(emitter *e, st_op *op) {
	vout *o = e->o;
	st_comb_kind k = st_comb_kind_of(op);
	const char *r = E(st_op_result(op, 0));
	size_t n = st_op_num_operands(op);
	const char *a = E(st_op_operand(op, 0)), *b = n > 1 ? E(st_op_operand(op, 1)) : NULL;
	const char *sym = binop(k);
	if (sym) {
		st__v_printf(o, "  assign %s = ", r);
		for (size_t i = 0; i < n; i++) {
			st__v_puts(o, i ? sym : "");
			st__v_puts(o, E(st_op_operand(op, i)));
		}
		st__v_puts(o, ";\n");
		return;
	}
	switch (k) {
	case ST_COMB_DIVU:
	case ST_COMB_MODU:
		/* Division by zero gives 0, as strata-hwsim computes it. */
		st__v_printf(o, "  assign %s = %s == '0 ? '0 : %s %s %s;\n", r, b, a, k == ST_COMB_DIVU ? "/" : "%", b);
		return;
	case ST_COMB_DIVS:
	case ST_COMB_MODS:
		/* $unsigned() keeps the ternary's unsigned arm from making the
		 * division unsigned (its operands are context-determined). */
		st__v_printf(o, "  assign %s = %s == '0 ? '0 : $unsigned($signed(%s) %s $signed(%s));\n", r, b, a,
		             k == ST_COMB_DIVS ? "/" : "%", b);
		return;
	case ST_COMB_SHRS:
		st__v_printf(o, "  assign %s = $unsigned($signed(%s) >>> %s);\n", r, a, b);
		return;
	case ST_COMB_ICMP:
		emit_icmp(e, op, r);
		return;
	case ST_COMB_MUX:
		st__v_printf(o, "  assign %s = %s ? %s : %s;\n", r, a, b, E(st_op_operand(op, 2)));
		return;
	case ST_COMB_CONCAT:
		st__v_printf(o, "  assign %s = {", r);
		for (size_t i = 0; i < n; i++) {
			st__v_puts(o, i ? ", " : "");
			st__v_puts(o, E(st_op_operand(op, i)));
		}
		st__v_puts(o, "};\n");
		return;
	case ST_COMB_EXTRACT: {
		int64_t lo = st_attr_int_value(st_op_get_attr(op, "lowBit"));
		unsigned w = width_of(st_op_result(op, 0));
		if (width_of(st_op_operand(op, 0)) == 1)
			st__v_printf(o, "  assign %s = %s;\n", r, a);
		else if (w == 1)
			st__v_printf(o, "  assign %s = %s[%lld];\n", r, a, (long long)lo);
		else
			st__v_printf(o, "  assign %s = %s[%lld:%lld];\n", r, a, (long long)lo + w - 1, (long long)lo);
		return;
	}
	case ST_COMB_REPLICATE:
		st__v_printf(o, "  assign %s = {%u{%s}};\n", r, width_of(st_op_result(op, 0)) / width_of(st_op_operand(op, 0)),
		             a);
		return;
	case ST_COMB_PARITY:
		st__v_printf(o, "  assign %s = ^%s;\n", r, a);
		return;
	default:
		return;
	}
}

/* ---------------------------------------------------------- aggregates */

/* `idx < N` when an N-element array has indices past its end. */
static void index_guard(emitter *e, const char *idx, uint64_t n, unsigned iw) {
	st__v_printf(e->o, "%s < %u'd%llu", idx, iw, (unsigned long long)n);
}

static void emit_array(emitter *e, st_op *op) {
	vout *o = e->o;
	const char *r = E(st_op_result(op, 0));
	const char *a = E(st_op_operand(op, 0));
	if (is_op(op, "hw.array_create") || is_op(op, "hw.array_concat") || is_op(op, "hw.struct_create")) {
		st__v_printf(o, "  assign %s = {", r);
		for (size_t i = 0; i < st_op_num_operands(op); i++) {
			st__v_puts(o, i ? ", " : "");
			st__v_puts(o, E(st_op_operand(op, i)));
		}
		st__v_puts(o, "};\n");
		return;
	}
	if (is_op(op, "hw.struct_extract") || is_op(op, "hw.struct_inject")) {
		st_type *t = st_value_type(st_op_operand(op, 0));
		st_str f = st_hw_struct_field_name(t, (size_t)st_attr_int_value(st_op_get_attr(op, "fieldIndex")));
		if (is_op(op, "hw.struct_extract"))
			st__v_printf(o, "  assign %s = %s.%.*s;\n", r, a, (int)f.len, f.data);
		else
			st__v_printf(o, "  always_comb begin\n    %s = %s;\n    %s.%.*s = %s;\n  end\n", r, a, r, (int)f.len,
			             f.data, E(st_op_operand(op, 1)));
		return;
	}
	st_type *at = st_value_type(st_op_operand(op, 0));
	uint64_t n = st_hw_array_size(at);
	const char *idx = E(st_op_operand(op, 1));
	unsigned iw = width_of(st_op_operand(op, 1));
	if (is_op(op, "hw.array_get")) {
		st__v_printf(o, "  assign %s = ", r);
		if (!pow2(n) || (1ull << iw) > n) {
			index_guard(e, idx, n, iw);
			st__v_printf(o, " ? %s[%s] : '0;\n", a, idx);
		} else {
			st__v_printf(o, "%s[%s];\n", a, idx);
		}
		return;
	}
	if (is_op(op, "hw.array_inject")) {
		st__v_printf(o, "  always_comb begin\n    %s = %s;\n    ", r, a);
		if (!pow2(n) || (1ull << iw) > n) {
			st__v_puts(o, "if (");
			index_guard(e, idx, n, iw);
			st__v_puts(o, ") ");
		}
		st__v_printf(o, "%s[%s] = %s;\n  end\n", r, idx, E(st_op_operand(op, 2)));
		return;
	}
	/* array_slice: element k is input[idx + k], or 0 past the end. */
	uint64_t k = st_hw_array_size(st_value_type(st_op_result(op, 0)));
	st__v_printf(o, "  always_comb begin\n    %s = '0;\n", r);
	st__v_printf(o, "    for (int k = 0; k < %llu; k++)\n      if (int'(%s) + k < %llu) %s[k] = %s[int'(%s) + k];\n  end\n",
	             (unsigned long long)k, idx, (unsigned long long)n, r, a, idx);
}

/* ----------------------------------------------------------- registers */

static void emit_register(emitter *e, st_op *op) {
	vout *o = e->o;
	const char *r = E(st_op_result(op, 0));
	bool ce = is_op(op, "seq.compreg.ce");
	size_t first_reset = ce ? 3 : 2;
	bool has_reset = st_op_num_operands(op) > first_reset;
	bool async = st_op_get_attr(op, "isAsync") != NULL;
	const char *clk = E(st_op_operand(op, 1));
	const char *rst = has_reset ? E(st_op_operand(op, first_reset)) : NULL;
	/* The value at cycle 0: the preset, or a constant reset value. */
	st_attr *init = st_op_get_attr(op, "preset");
	if (!init && has_reset) {
		st_op *d = st_value_defining_op(st_op_operand(op, first_reset + 1));
		if (d && is_op(d, "hw.constant"))
			init = st_op_get_attr(d, "value");
	}
	if (init && st_attr_get_kind(init) == ST_ATTR_INTEGER) {
		st__v_printf(o, "  initial %s = ", r);
		st__v_int_literal(o, init);
		st__v_puts(o, ";\n");
	}
	st__v_printf(o, "  always_ff @(posedge %s", clk);
	if (async)
		st__v_printf(o, " or posedge %s", rst);
	st__v_puts(o, ")\n");
	if (has_reset)
		st__v_printf(o, "    if (%s) %s <= %s;\n    else ", rst, r, E(st_op_operand(op, first_reset + 1)));
	else
		st__v_puts(o, "    ");
	if (ce)
		st__v_printf(o, "if (%s) ", E(st_op_operand(op, 2)));
	st__v_printf(o, "%s <= %s;\n", r, E(st_op_operand(op, 0)));
}

/* ------------------------------------------------------------- memory */

static const char *clock_of_memory(emitter *e, st_op *port) {
	st_op *mem = st_value_defining_op(st_op_operand(port, 0));
	return E(st_op_operand(mem, 0));
}

static void mem_access(emitter *e, const char *mem, st_op *port, const char *addr) {
	st_type *mt = st_value_type(st_op_operand(port, 0));
	uint64_t d = st_seq_hlmem_depth(mt);
	unsigned iw = width_of(st_op_operand(port, 1));
	if (!pow2(d) || (1ull << iw) > d) {
		st__v_puts(e->o, "(");
		index_guard(e, addr, d, iw);
		st__v_printf(e->o, ") ? %s[%s] : '0", mem, addr);
	} else {
		st__v_printf(e->o, "%s[%s]", mem, addr);
	}
}

static void emit_read(emitter *e, st_op *op) {
	vout *o = e->o;
	const char *r = E(st_op_result(op, 0)), *mem = E(st_op_operand(op, 0)), *addr = E(st_op_operand(op, 1));
	const char *en = st_op_num_operands(op) > 2 ? E(st_op_operand(op, 2)) : NULL;
	int64_t lat = st_attr_int_value(st_op_get_attr(op, "latency"));
	if (lat == 0) {
		st__v_printf(o, "  assign %s = ", r);
		if (en)
			st__v_printf(o, "!%s ? '0 : ", en);
		mem_access(e, mem, op, addr);
		st__v_puts(o, ";\n");
		return;
	}
	char first[160];
	snprintf(first, sizeof first, lat == 1 ? "%s" : "%s_s0", r);
	st__v_printf(o, "  always_ff @(posedge %s) begin\n    ", clock_of_memory(e, op));
	if (en)
		st__v_printf(o, "if (%s) ", en);
	st__v_printf(o, "%s <= ", first);
	mem_access(e, mem, op, addr);
	st__v_puts(o, ";\n");
	for (int64_t k = 1; k < lat; k++) {
		if (k + 1 == lat)
			st__v_printf(o, "    %s <= %s_s%lld;\n", r, r, (long long)k - 1);
		else
			st__v_printf(o, "    %s_s%lld <= %s_s%lld;\n", r, (long long)k, r, (long long)k - 1);
	}
	st__v_puts(o, "  end\n");
}

static void emit_write(emitter *e, st_op *op) {
	vout *o = e->o;
	const char *mem = E(st_op_operand(op, 0));
	const char *addr = E(st_op_operand(op, 1)), *data = E(st_op_operand(op, 2));
	const char *en = st_op_num_operands(op) > 3 ? E(st_op_operand(op, 3)) : "1'b1";
	int64_t lat = st_attr_int_value(st_op_get_attr(op, "latency"));
	st_type *mt = st_value_type(st_op_operand(op, 0));
	uint64_t d = st_seq_hlmem_depth(mt);
	unsigned iw = width_of(st_op_operand(op, 1));
	char pre[160];
	snprintf(pre, sizeof pre, "%s_", E(port_key(op)));
	st__v_printf(o, "  always_ff @(posedge %s) begin\n", clock_of_memory(e, op));
	char len_[256], laddr[256], ldata[256];
	/* The request of `latency - 1` cycles ago lands now. */
	if (lat > 1) {
		snprintf(len_, sizeof len_, "%sen%lld", pre, (long long)lat - 2);
		snprintf(laddr, sizeof laddr, "%saddr%lld", pre, (long long)lat - 2);
		snprintf(ldata, sizeof ldata, "%sdata%lld", pre, (long long)lat - 2);
	} else {
		snprintf(len_, sizeof len_, "%s", en);
		snprintf(laddr, sizeof laddr, "%s", addr);
		snprintf(ldata, sizeof ldata, "%s", data);
	}
	st__v_printf(o, "    if (%s", len_);
	if (!pow2(d) || (1ull << iw) > d) {
		st__v_puts(o, " && ");
		index_guard(e, laddr, d, iw);
	}
	st__v_printf(o, ") %s[%s] <= %s;\n", mem, laddr, ldata);
	for (int64_t k = lat - 2; k >= 0; k--) {
		const char *fields[3] = {"en", "addr", "data"}, *src[3] = {en, addr, data};
		for (int f = 0; f < 3; f++) {
			if (k == 0)
				st__v_printf(o, "    %s%s0 <= %s;\n", pre, fields[f], src[f]);
			else
				st__v_printf(o, "    %s%s%lld <= %s%s%lld;\n", pre, fields[f], (long long)k, pre, fields[f],
				             (long long)k - 1);
		}
	}
	st__v_puts(o, "  end\n");
}

/* ------------------------------------------------------------- modules */

static void emit_instance(emitter *e, st_op *op) {
	vout *o = e->o;
	st_op *m = st_hw_instance_target(op);
	st_str in = st_attr_string(st_op_get_attr(op, "instanceName"));
	st__v_printf(o, "  %s %.*s (", st_ident_cstr(st_symbol_name(m)), (int)in.len, in.data);
	st_attr *an = st_op_get_attr(op, "argNames"), *rn = st_op_get_attr(op, "resultNames");
	size_t k = 0;
	for (size_t i = 0; i < st_op_num_operands(op); i++, k++) {
		st_str p = st_attr_string(st_attr_array_elt(an, i));
		st__v_printf(o, "%s\n    .%.*s(%s)", k ? "," : "", (int)p.len, p.data, E(st_op_operand(op, i)));
	}
	for (size_t i = 0; i < st_op_num_results(op); i++, k++) {
		st_str p = st_attr_string(st_attr_array_elt(rn, i));
		st__v_printf(o, "%s\n    .%.*s(%s)", k ? "," : "", (int)p.len, p.data, E(st_op_result(op, i)));
	}
	st__v_puts(o, "\n  );\n");
}

static st_status emit_op(emitter *e, st_op *op) {
	const char *name = st_op_name_cstr(op);
	if (strncmp(name, "comb.", 5) == 0)
		emit_comb(e, op);
	else if (strncmp(name, "hw.array_", 9) == 0 || strncmp(name, "hw.struct_", 10) == 0)
		emit_array(e, op);
	else if (is_op(op, "hw.bitcast") || is_op(op, "hw.wire") || is_op(op, "seq.to_clock") ||
	         is_op(op, "seq.from_clock"))
		st__v_printf(e->o, "  assign %s = %s;\n", E(st_op_result(op, 0)), E(st_op_operand(op, 0)));
	else if (strncmp(name, "seq.compreg", 11) == 0 || is_op(op, "seq.firreg"))
		emit_register(e, op);
	else if (is_op(op, "seq.read"))
		emit_read(e, op);
	else if (is_op(op, "seq.write"))
		emit_write(e, op);
	else if (is_op(op, "hw.instance"))
		emit_instance(e, op);
	else if (is_op(op, "hw.output")) {
		for (size_t i = 0; i < st_op_num_operands(op); i++) {
			st_str n = st_hw_module_output(e->module, i).name;
			st__v_printf(e->o, "  assign %.*s = %s;\n", (int)n.len, n.data, E(st_op_operand(op, i)));
		}
	} else if (!is_op(op, "hw.constant") && !is_op(op, "hw.aggregate_constant") && !is_op(op, "seq.hlmem"))
		return st_op_error(op, "cannot be exported to Verilog");
	return ST_OK;
}

static st_status emit_module(vout *o, st_op *m) {
	emitter em = {.o = o, .module = m}, *e = &em;
	st__v_names_init(&e->names, st_op_context(m));
	st_status st = e->names.map ? name_values(e) : ST_FAIL;
	if (st_succeeded(st)) {
		st__v_printf(o, "module %s", st_ident_cstr(st_symbol_name(m)));
		st_attr *ps = st_op_get_attr(m, "parameters");
		for (size_t i = 0; ps && i < st_attr_array_size(ps); i++) {
			st_attr *d = st_attr_array_elt(ps, i), *val = st_attr_dict_get_c(d, "value");
			st_str pn = st_attr_string(st_attr_dict_get_c(d, "name"));
			st__v_printf(o, "%s\n  parameter %.*s", i ? "," : " #(", (int)pn.len, pn.data);
			if (val && st_attr_get_kind(val) == ST_ATTR_INTEGER) {
				st__v_puts(o, " = ");
				st__v_int_literal(o, val);
			}
			if (i + 1 == st_attr_array_size(ps))
				st__v_puts(o, "\n)");
		}
		st__v_puts(o, " (");
		size_t in = 0;
		st = check_port_names(e);
		st_block *body = st_region_first_block(st_op_region(m, 0));
		for (size_t i = 0; i < st_hw_module_num_ports(m); i++) {
			st_hw_port p = st_hw_module_port(m, i);
			st__v_printf(o, "%s\n  %s ", i ? "," : "", p.dir == ST_HW_IN ? "input " : "output");
			st__v_type(o, p.type);
			if (p.dir == ST_HW_IN)
				st__v_printf(o, " %s", E(st_block_arg(body, in++)));
			else
				st__v_printf(o, " %.*s", (int)p.name.len, p.name.data);
		}
		st__v_puts(o, "\n);\n");
		for (st_op *op = st_block_first_op(body); op && st_succeeded(st); op = st_op_next(op))
			declare(e, op);
		st__v_puts(o, "\n");
		for (st_op *op = st_block_first_op(body); op && st_succeeded(st); op = st_op_next(op))
			st = emit_op(e, op);
		st__v_puts(o, "endmodule\n");
	}
	st__v_names_free(&e->names);
	return st;
}

st_status st_export_verilog(st_op *module, st_write_fn w, void *ud) {
	st_context *ctx = st_op_context(module);
	vout *o = st__v_open(ctx, w, ud);
	if (!o)
		return ST_FAIL;
	/* Waivers, documented in docs/verilog-export.md: several modules share
	 * one file; module inputs and parameters may be unused by design. */
	st__v_puts(o, "// Generated by strata-translate --export-verilog.\n"
	              "// verilator lint_off DECLFILENAME\n"
	              "// verilator lint_off UNUSEDSIGNAL\n"
	              "// verilator lint_off UNUSEDPARAM\n");
	st_status st = ST_OK;
	st_block *b = st_region_first_block(st_op_region(module, 0));
	for (st_op *op = b ? st_block_first_op(b) : NULL; op && st_succeeded(st); op = st_op_next(op)) {
		if (is_op(op, "hw.module")) {
			st__v_puts(o, "\n");
			st = emit_module(o, op);
		} else if (is_op(op, "hw.module.extern")) {
			st__v_printf(o, "\n// external module %s\n", st_ident_cstr(st_symbol_name(op)));
		}
	}
	st__v_close(ctx, o);
	return st;
}
