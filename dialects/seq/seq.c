/* The seq dialect (CIRCT's spelling): the clock type, registers (compreg,
 * compreg.ce, firreg) and a memory with read and write ports and latencies
 * (hlmem, read, write).  Semantics: docs/dialects/seq.md. */
#include "strata/asm.h"
#include "strata/seq.h"

#include <string.h>

/* ------------------------------------------------------------------ types */

static st_dialect *seq_dialect_of(st_context *ctx) { return st_context_get_dialect(ctx, st_str_c("seq")); }

static bool is_seq_type(const st_type *t, const char *mnemonic) {
	return st_type_get_kind(t) == ST_TYPE_DIALECT && st_str_eq_c(st_ident_str(st_type_dialect_name(t)), "seq") &&
	       st_str_eq_c(st_ident_str(st_type_mnemonic(t)), mnemonic);
}

st_type *st_seq_clock_type(st_context *ctx) {
	st_dialect *d = seq_dialect_of(ctx);
	return d ? st_dialect_type(ctx, d, st_str_c("clock"), 0, NULL) : NULL;
}
bool st_seq_is_clock(const st_type *t) { return is_seq_type(t, "clock"); }
bool st_seq_is_hlmem(const st_type *t) { return is_seq_type(t, "hlmem"); }
uint64_t st_seq_hlmem_depth(const st_type *t) { return st_attr_int_uvalue(st_type_param(t, 0)); }
st_type *st_seq_hlmem_element(const st_type *t) { return st_attr_type_value(st_type_param(t, 1)); }

st_type *st_seq_hlmem_type(st_context *ctx, uint64_t n, st_type *elt) {
	st_attr *params[2] = {st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), (int64_t)n),
	                      st_type_attr(ctx, elt)};
	st_dialect *d = seq_dialect_of(ctx);
	return d ? st_dialect_type(ctx, d, st_str_c("hlmem"), 2, params) : NULL;
}

static st_type *parse_type(st_parser *p, st_dialect *d) {
	(void)d;
	st_context *ctx = st_parser_context(p);
	st_str kw;
	if (st_failed(st_parser_keyword(p, &kw)))
		return NULL;
	if (st_str_eq_c(kw, "clock"))
		return st_seq_clock_type(ctx);
	if (!st_str_eq_c(kw, "hlmem")) {
		st_parser_error(p, "unknown seq type '%.*s'", (int)kw.len, kw.data);
		return NULL;
	}
	int64_t n;
	st_str x;
	st_type *elt;
	if (st_failed(st_parser_expect_punct(p, "<")) || st_failed(st_parser_integer(p, &n)))
		return NULL;
	/* `4xi32` lexes as 4 and `xi32`; `4x!hw.array<..>` as 4, `x`, a type. */
	if (n <= 0 || !st_parser_peek_keyword(p, &x) || x.data[0] != 'x') {
		st_parser_error(p, "expected a positive depth followed by 'x' and the element type");
		return NULL;
	}
	st_parser_keyword(p, &x);
	if (x.len == 1) {
		if (st_failed(st_parser_type(p, &elt)))
			return NULL;
	} else if (!(elt = st_parse_type_str(ctx, st_str_make(x.data + 1, x.len - 1)))) {
		return NULL;
	}
	if (st_failed(st_parser_expect_punct(p, ">")))
		return NULL;
	if (!st_hw_is_value_type(elt)) {
		st_parser_error(p, "memory element must be a hardware value type");
		return NULL;
	}
	return st_seq_hlmem_type(ctx, (uint64_t)n, elt);
}

static void print_type(st_printer *p, const st_type *t) {
	if (st_seq_is_clock(t)) {
		st_printer_puts(p, "clock");
		return;
	}
	st_printer_printf(p, "hlmem<%llux", (unsigned long long)st_seq_hlmem_depth(t));
	st_printer_type(p, st_seq_hlmem_element(t));
	st_printer_puts(p, ">");
}

/* ------------------------------------------------------------- registers */

static st_status verify_reg(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_hw_is_value_type(t))
		return st_op_error(op, "registers hold hardware value types");
	/* The reset value's type is checked through its `infer` spec. */
	st_attr *preset = st_op_get_attr(op, "preset");
	if (preset && !st_type_is_integer(t))
		return st_op_error(op, "a preset needs an integer register");
	return ST_OK;
}

static void reg_names(st_op *op, st_name_fn fn, void *ud) {
	st_attr *n = st_op_get_attr(op, "name");
	if (n && st_attr_get_kind(n) == ST_ATTR_STRING && st_attr_string(n).len && st_attr_string(n).len < 128) {
		char buf[128];
		memcpy(buf, st_attr_string(n).data, st_attr_string(n).len);
		buf[st_attr_string(n).len] = 0;
		fn(ud, st_op_result(op, 0), buf);
	}
}

/* seq.firreg %next clock %clk [reset [async] %r, %v] [preset N] attrs : T
 * (a format would read `N : T` as one typed attribute). */
static st_status parse_firreg(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref next, clk, rst, rv;
	bool has_reset = false, has_preset = false;
	int64_t preset = 0;
	st_type *t;
	if (st_failed(st_parser_operand(p, &next)) || st_failed(st_parser_expect_keyword(p, "clock")) ||
	    st_failed(st_parser_operand(p, &clk)))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, "reset")) {
		has_reset = true;
		if (st_parser_optional_keyword(p, "async") &&
		    st_failed(st_parse_state_add_attr(s, "isAsync", st_unit_attr(ctx))))
			return ST_FAIL;
		if (st_failed(st_parser_operand(p, &rst)) || st_failed(st_parser_expect_punct(p, ",")) ||
		    st_failed(st_parser_operand(p, &rv)))
			return ST_FAIL;
	}
	if (st_parser_optional_keyword(p, "preset")) {
		has_preset = true;
		if (st_failed(st_parser_integer(p, &preset)))
			return ST_FAIL;
	}
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	st_attr *tloc = st_parser_loc(p);
	if (st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	st_value *v;
	if (st_failed(st_parser_resolve_operand(p, &next, t, &v)) || st_failed(st_parse_state_add_operand(s, v)) ||
	    st_failed(st_parser_resolve_operand(p, &clk, st_seq_clock_type(ctx), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	if (has_reset && (st_failed(st_parser_resolve_operand(p, &rst, st_integer_type(ctx, 1, ST_SIGNLESS), &v)) ||
	                  st_failed(st_parse_state_add_operand(s, v)) ||
	                  st_failed(st_parser_resolve_operand(p, &rv, t, &v)) || st_failed(st_parse_state_add_operand(s, v))))
		return ST_FAIL;
	if (has_preset && !st_type_is_integer(t))
		return st_parser_error_at(p, tloc, "a preset needs an integer register");
	if (has_preset && st_failed(st_parse_state_add_attr(s, "preset", st_integer_attr(ctx, t, preset))))
		return ST_FAIL;
	int64_t segs[4] = {1, 1, has_reset, has_reset};
	st_attr *sa = st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), 4, segs);
	if (st_failed(st_parse_state_add_attr(s, "operandSegmentSizes", sa)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, t);
}

static void print_firreg(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_puts(p, " clock ");
	st_printer_operand(p, st_op_operand(op, 1));
	if (st_op_num_operands(op) > 2) {
		st_printer_puts(p, st_op_get_attr(op, "isAsync") ? " reset async " : " reset ");
		st_printer_operand(p, st_op_operand(op, 2));
		st_printer_puts(p, ", ");
		st_printer_operand(p, st_op_operand(op, 3));
	}
	st_attr *preset = st_op_get_attr(op, "preset");
	if (preset) {
		st_printer_puts(p, " preset ");
		st_printer_attr_no_type(p, preset);
	}
	static const char *const elided[] = {"operandSegmentSizes", "isAsync", "preset", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

/* ---------------------------------------------------------------- memory */

static unsigned index_width(uint64_t n) {
	unsigned w = 1;
	while (w < 64 && (1ull << w) < n)
		w++;
	return w;
}

/* seq.read %m[%a] [rden %e] attrs : T   and
 * seq.write %m[%a] %d [wren %e] attrs : T */
static st_status parse_port(st_parser *p, st_parse_state *s, bool write) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref mem, addr, data, en;
	bool has_en = false;
	st_type *t;
	if (st_failed(st_parser_operand(p, &mem)) || st_failed(st_parser_expect_punct(p, "[")) ||
	    st_failed(st_parser_operand(p, &addr)) || st_failed(st_parser_expect_punct(p, "]")))
		return ST_FAIL;
	if (write && st_failed(st_parser_operand(p, &data)))
		return ST_FAIL;
	if (st_parser_optional_keyword(p, write ? "wren" : "rden")) {
		has_en = true;
		if (st_failed(st_parser_operand(p, &en)))
			return ST_FAIL;
	}
	st_attr *tloc;
	if (st_failed(st_parser_optional_attr_dict(p, s)) || st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	tloc = st_parser_loc(p);
	if (st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	if (!st_seq_is_hlmem(t))
		return st_parser_error_at(p, tloc, "expected a !seq.hlmem type");
	st_type *it = st_integer_type(ctx, index_width(st_seq_hlmem_depth(t)), ST_SIGNLESS);
	st_type *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	st_value *v;
	if (st_failed(st_parser_resolve_operand(p, &mem, t, &v)) || st_failed(st_parse_state_add_operand(s, v)) ||
	    st_failed(st_parser_resolve_operand(p, &addr, it, &v)) || st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	if (write && (st_failed(st_parser_resolve_operand(p, &data, st_seq_hlmem_element(t), &v)) ||
	              st_failed(st_parse_state_add_operand(s, v))))
		return ST_FAIL;
	if (has_en &&
	    (st_failed(st_parser_resolve_operand(p, &en, i1, &v)) || st_failed(st_parse_state_add_operand(s, v))))
		return ST_FAIL;
	int64_t segs[4] = {1, 1, 1, has_en};
	size_t ngroups = write ? 4 : 3;
	if (!write)
		segs[2] = has_en;
	st_attr *sa = st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), ngroups, segs);
	if (st_failed(st_parse_state_add_attr(s, "operandSegmentSizes", sa)))
		return ST_FAIL;
	return write ? ST_OK : st_parse_state_add_result_type(s, st_seq_hlmem_element(t));
}

static st_status parse_read(st_parser *p, st_parse_state *s) { return parse_port(p, s, false); }
static st_status parse_write(st_parser *p, st_parse_state *s) { return parse_port(p, s, true); }

static void print_port(st_printer *p, st_op *op) {
	bool write = strcmp(st_op_name_cstr(op), "seq.write") == 0;
	size_t n = st_op_num_operands(op), need = write ? 3 : 2;
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_puts(p, "[");
	st_printer_operand(p, st_op_operand(op, 1));
	st_printer_puts(p, "]");
	if (write) {
		st_printer_puts(p, " ");
		st_printer_operand(p, st_op_operand(op, 2));
	}
	if (n > need) {
		st_printer_puts(p, write ? " wren " : " rden ");
		st_printer_operand(p, st_op_operand(op, need));
	}
	static const char *const elided[] = {"operandSegmentSizes", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
}

static st_status verify_port(st_op *op) {
	bool write = strcmp(st_op_name_cstr(op), "seq.write") == 0;
	st_type *mt = st_value_type(st_op_operand(op, 0));
	if (!st_seq_is_hlmem(mt))
		return st_op_error(op, "expects a !seq.hlmem memory");
	unsigned iw = index_width(st_seq_hlmem_depth(mt));
	if (!st_type_is_signless_integer(st_value_type(st_op_operand(op, 1)), iw))
		return st_op_error(op, "address must be i%u for a memory of depth %llu", iw,
		                   (unsigned long long)st_seq_hlmem_depth(mt));
	st_type *dt = write ? st_value_type(st_op_operand(op, 2)) : st_value_type(st_op_result(op, 0));
	if (dt != st_seq_hlmem_element(mt))
		return st_op_error(op, "%s must be of the memory's element type", write ? "data" : "result");
	int64_t lat = st_attr_int_value(st_op_get_attr(op, "latency"));
	if (lat < (write ? 1 : 0) || lat > 64)
		return st_op_error(op, "latency %lld is out of range (%s)", (long long)lat, write ? "1 to 64" : "0 to 64");
	return ST_OK;
}

static st_status verify_hlmem(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_seq_is_hlmem(t))
		return st_op_error(op, "result must be a !seq.hlmem type");
	/* Initial contents (a ROM's table): one integer element per word. */
	st_attr *init = st_op_get_attr(op, "init");
	if (!init)
		return ST_OK;
	st_type *it = st_attr_get_kind(init) == ST_ATTR_DENSE_ELEMENTS ? st_attr_type(init) : NULL;
	st_type *elt = st_seq_hlmem_element(t);
	unsigned w = st_type_is_signless_integer(elt, 0) ? st_type_int_width(elt) : 0;
	if (!w || w > 64)
		return st_op_error(op, "'init' needs a memory of signless integers of at most 64 bits");
	if (!it || st_type_get_kind(it) != ST_TYPE_RANKED_TENSOR || st_type_rank(it) != 1 ||
	    st_type_dim(it, 0) != (int64_t)st_seq_hlmem_depth(t) || st_type_element(it) != elt)
		return st_op_error(op, "'init' must be dense<...> : tensor<%lluxi%u> (a word for each element)",
		                   (unsigned long long)st_seq_hlmem_depth(t), w);
	return ST_OK;
}

/* seq.to_clock %i1 / seq.from_clock %clk: the types are implied. */
static st_status parse_clock_cast(st_parser *p, st_parse_state *s, bool to) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref r;
	st_value *v;
	st_type *clk = st_seq_clock_type(ctx), *i1 = st_integer_type(ctx, 1, ST_SIGNLESS);
	if (st_failed(st_parser_operand(p, &r)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_resolve_operand(p, &r, to ? i1 : clk, &v)) || st_failed(st_parse_state_add_operand(s, v)))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, to ? clk : i1);
}
static st_status parse_to_clock(st_parser *p, st_parse_state *s) { return parse_clock_cast(p, s, true); }
static st_status parse_from_clock(st_parser *p, st_parse_state *s) { return parse_clock_cast(p, s, false); }
static void print_clock_cast(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_attr_dict(p, op, NULL, false);
}

/* -------------------------------------------------------------- the table */

#define N(a) (sizeof a / sizeof a[0])
#define OPS(a) .operands = a, .noperands = N(a)
#define RES(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)

static const st_value_def compreg_operands[] = {
	{.name = "input"},
	{.name = "clk", .infer = "!seq.clock"},
	{.name = "reset", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
	{.name = "resetValue", .arity = ST_OPTIONAL, .infer = "$input"},
};
static const st_value_def compreg_ce_operands[] = {
	{.name = "input"},
	{.name = "clk", .infer = "!seq.clock"},
	{.name = "clockEnable", .type = &st_tc_bool, .infer = "i1"},
	{.name = "reset", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
	{.name = "resetValue", .arity = ST_OPTIONAL, .infer = "$input"},
};
static const st_value_def firreg_operands[] = {
	{.name = "next"},
	{.name = "clk", .infer = "!seq.clock"},
	{.name = "reset", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
	{.name = "resetValue", .arity = ST_OPTIONAL, .infer = "$next"},
};
static const st_value_def reg_result[] = {{.name = "data", .infer = "$input"}};
static const st_value_def firreg_result[] = {{.name = "data", .infer = "$next"}};
static const st_attr_def reg_attrs[] = {{.name = "name", .constraint = &st_ac_string, .optional = true}};
static const st_attr_def firreg_attrs[] = {
	{.name = "name", .constraint = &st_ac_string, .optional = true},
	{.name = "isAsync", .constraint = &st_ac_unit, .optional = true},
	{.name = "preset", .constraint = &st_ac_integer, .optional = true},
};
static const st_value_def hlmem_operands[] = {{.name = "clk", .infer = "!seq.clock"}, {.name = "rst", .type = &st_tc_bool, .infer = "i1"}};
static const st_value_def hlmem_result[] = {{.name = "handle"}};
static const st_attr_def hlmem_attrs[] = {{.name = "name", .constraint = &st_ac_symbol_name},
                                          {.name = "init", .constraint = &st_ac_any, .optional = true}};
static const st_value_def read_operands[] = {
	{.name = "memory"}, {.name = "address"}, {.name = "rdEn", .arity = ST_OPTIONAL}};
static const st_value_def read_result[] = {{.name = "readData"}};
static const st_value_def write_operands[] = {
	{.name = "memory"}, {.name = "address"}, {.name = "inData"}, {.name = "wrEn", .arity = ST_OPTIONAL}};
static const st_attr_def port_attrs[] = {{.name = "latency", .constraint = &st_ac_i64}};
static const st_value_def to_clock_operands[] = {{.name = "input", .type = &st_tc_bool}};
static const st_value_def to_clock_result[] = {{.name = "result"}};
static const st_value_def from_clock_operands[] = {{.name = "input"}};
static const st_value_def from_clock_result[] = {{.name = "result", .type = &st_tc_bool}};

static const st_opdef seq_ops[] = {
	{
		.name = "seq.compreg",
		.summary = "a register: the input of the last clock edge (synchronous reset)",
		OPS(compreg_operands),
		RES(reg_result),
		ATTRS(reg_attrs),
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.format = "$input `,` $clk (`reset` $reset^ `,` $resetValue)? attr-dict `:` type($input)",
		.verify = verify_reg,
		.result_names = reg_names,
	},
	{
		.name = "seq.compreg.ce",
		.summary = "a register that loads only when its clock enable is high",
		OPS(compreg_ce_operands),
		RES(reg_result),
		ATTRS(reg_attrs),
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.format = "$input `,` $clk `,` $clockEnable (`reset` $reset^ `,` $resetValue)? attr-dict `:` type($input)",
		.verify = verify_reg,
		.result_names = reg_names,
	},
	{
		.name = "seq.firreg",
		.summary = "a FIRRTL-style register: synchronous or asynchronous reset, optional preset",
		OPS(firreg_operands),
		RES(firreg_result),
		ATTRS(firreg_attrs),
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = parse_firreg,
		.print = print_firreg,
		.verify = verify_reg,
		.result_names = reg_names,
	},
	{
		.name = "seq.hlmem",
		.summary = "a memory with latency-annotated read and write ports",
		OPS(hlmem_operands),
		RES(hlmem_result),
		ATTRS(hlmem_attrs),
		.format = "$name $clk `,` $rst attr-dict `:` type($handle)",
		.verify = verify_hlmem,
	},
	{
		.name = "seq.read",
		.summary = "a read port: the element at an address, `latency` cycles later",
		OPS(read_operands),
		RES(read_result),
		ATTRS(port_attrs),
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = parse_read,
		.print = print_port,
		.verify = verify_port,
	},
	{
		.name = "seq.write",
		.summary = "a write port: stores the data, visible `latency` cycles later",
		OPS(write_operands),
		ATTRS(port_attrs),
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = parse_write,
		.print = print_port,
		.verify = verify_port,
	},
	{
		.name = "seq.to_clock",
		.summary = "an i1 used as a clock",
		OPS(to_clock_operands),
		RES(to_clock_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_to_clock,
		.print = print_clock_cast,
	},
	{
		.name = "seq.from_clock",
		.summary = "a clock read as an i1",
		OPS(from_clock_operands),
		RES(from_clock_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_from_clock,
		.print = print_clock_cast,
	},
};

static const char *const seq_deps[] = {"hw", NULL};

static const st_dialect_def seq_dialect = {
	.name = "seq",
	.summary = "registers, clocks and memories (CIRCT)",
	.ops = seq_ops,
	.nops = N(seq_ops),
	.parse_type = parse_type,
	.print_type = print_type,
	.dependencies = seq_deps,
};

st_status st_register_seq_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &seq_dialect); }
