/* The comb dialect (CIRCT's spelling): signless combinational logic on
 * integers.  Variadic add/mul/and/or/xor, binary arithmetic and shifts,
 * icmp, mux, concat, extract, replicate and parity; each takes CIRCT's
 * optional `bin` (two-state) flag.  Folders are in comb_fold.c, the bit
 * vector semantics in comb_bv.c. */
#include "comb_internal.h"

#include <string.h>

static st_status verify_variadic(st_op *op) {
	if (st_op_num_operands(op) == 0)
		return st_op_error(op, "needs at least one operand");
	return ST_OK;
}

static bool signless_int_type(const st_type *t) { return st_type_is_signless_integer(t, 0); }
static const st_type_constraint tc_int = {"signless integer", signless_int_type};

/* comb.concat %a, %b : i4, i8 -> i12 */
static st_status parse_concat(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_hw_refs l;
	st_hw_refs_init(&l);
	uint64_t width = 0;
	st_status st = st_hw_parse_refs_colon(p, s, &l);
	st_operand_ref *refs = l.refs;
	size_t n = l.n;
	st_attr *types_loc = st_parser_loc(p);
	for (size_t i = 0; st_succeeded(st) && i < n; i++) {
		st_type *t;
		st_value *v;
		st_attr *at;
		if (i && st_failed(st = st_parser_expect_punct(p, ",")))
			break;
		at = st_parser_loc(p);
		if (st_failed(st = st_parser_type(p, &t)))
			break;
		if (!st_type_is_signless_integer(t, 0)) {
			st = st_parser_error_at(p, at, "concat operands must be signless integers");
			break;
		}
		width += st_type_int_width(t);
		st = st_parser_resolve_operand(p, &refs[i], t, &v);
		if (st_succeeded(st))
			st = st_parse_state_add_operand(s, v);
	}
	if (st_succeeded(st) && width > ST_MAX_INT_WIDTH)
		st = st_parser_error_at(p, types_loc, "concatenation is wider than %u bits", ST_MAX_INT_WIDTH);
	if (st_succeeded(st))
		st = st_parse_state_add_result_type(s, st_integer_type(ctx, (unsigned)width, ST_SIGNLESS));
	st_hw_refs_free(ctx, &l);
	return st;
}

static void print_concat(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operands(p, op, 0, st_op_num_operands(op));
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, " : ");
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_printer_puts(p, i ? ", " : "");
		st_printer_type(p, st_value_type(st_op_operand(op, i)));
	}
}

static st_status verify_concat(st_op *op) {
	uint64_t w = 0;
	if (st_op_num_operands(op) == 0)
		return st_op_error(op, "needs at least one operand");
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		w += st_type_int_width(st_value_type(st_op_operand(op, i)));
	if (w != st_type_int_width(st_value_type(st_op_result(op, 0))))
		return st_op_error(op, "result width %u is not the sum of the operand widths (%llu)",
		                   st_type_int_width(st_value_type(st_op_result(op, 0))), (unsigned long long)w);
	return ST_OK;
}

/* comb.extract %a from 3 : (i8) -> i2 (a format would read `3 : (i8)` as
 * a typed attribute). */
static st_status parse_extract(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_operand_ref r;
	int64_t lo;
	st_type *ft;
	st_value *v;
	st_attr *at;
	if (st_failed(st_parser_operand(p, &r)) || st_failed(st_parser_expect_keyword(p, "from")) ||
	    st_failed(st_parser_integer(p, &lo)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")))
		return ST_FAIL;
	at = st_parser_loc(p);
	if (st_failed(st_parser_type(p, &ft)))
		return ST_FAIL;
	if (st_type_get_kind(ft) != ST_TYPE_FUNCTION || st_type_num_inputs(ft) != 1 || st_type_num_results(ft) != 1)
		return st_parser_error_at(p, at, "expected a function type of one input and one result");
	if (st_failed(st_parser_resolve_operand(p, &r, st_type_input(ft, 0), &v)) ||
	    st_failed(st_parse_state_add_operand(s, v)) ||
	    st_failed(st_parse_state_add_attr(s, "lowBit", st_integer_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), lo))))
		return ST_FAIL;
	return st_parse_state_add_result_type(s, st_type_result(ft, 0));
}

static void print_extract(st_printer *p, st_op *op) {
	st_printer_puts(p, " ");
	st_printer_operand(p, st_op_operand(op, 0));
	st_printer_printf(p, " from %lld", (long long)st_attr_int_value(st_op_get_attr(op, "lowBit")));
	static const char *const elided[] = {"lowBit", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_puts(p, " : (");
	st_printer_type(p, st_value_type(st_op_operand(op, 0)));
	st_printer_puts(p, ") -> ");
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

static st_status verify_extract(st_op *op) {
	int64_t lo = st_attr_int_value(st_op_get_attr(op, "lowBit"));
	unsigned in = st_type_int_width(st_value_type(st_op_operand(op, 0)));
	unsigned out = st_type_int_width(st_value_type(st_op_result(op, 0)));
	if (lo < 0 || (uint64_t)lo + out > in)
		return st_op_error(op, "from bit too large for input: bits [%lld, %lld) of an i%u", (long long)lo,
		                   (long long)lo + out, in);
	return ST_OK;
}

static st_status verify_replicate(st_op *op) {
	unsigned in = st_type_int_width(st_value_type(st_op_operand(op, 0)));
	unsigned out = st_type_int_width(st_value_type(st_op_result(op, 0)));
	if (in == 0 ? out != 0 : out % in != 0)
		return st_op_error(op, "result width %u is not a multiple of the operand width %u", out, in);
	return ST_OK;
}

static st_status verify_mux(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!st_hw_is_value_type(t))
		return st_op_error(op, "result must be a hardware value type");
	return ST_OK;
}

static const char *const icmp_cases[] = {"eq",  "ne",  "slt", "sle", "sgt", "sge", "ult",
                                         "ule", "ugt", "uge", "ceq", "cne", "weq", "wne", NULL};

#define N(a) (sizeof a / sizeof a[0])
#define OPS(a) .operands = a, .noperands = N(a)
#define RES(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)

static const st_value_def var_inputs[] = {{.name = "inputs", .type = &tc_int, .arity = ST_VARIADIC}};
static const st_value_def int_result[] = {{.name = "result", .type = &tc_int}};
static const st_value_def bin_inputs[] = {{.name = "lhs", .type = &tc_int}, {.name = "rhs", .type = &tc_int}};
static const st_value_def one_input[] = {{.name = "input", .type = &tc_int}};
static const st_value_def bool_result[] = {{.name = "result", .type = &st_tc_bool, .infer = "i1"}};
static const st_attr_def bin_attrs[] = {{.name = "twoState", .constraint = &st_ac_unit, .optional = true}};
static const st_attr_def icmp_attrs[] = {
	{.name = "predicate", .constraint = &st_ac_i64, .enum_cases = icmp_cases},
	{.name = "twoState", .constraint = &st_ac_unit, .optional = true},
};
static const st_value_def mux_inputs[] = {
	{.name = "cond", .type = &st_tc_bool, .infer = "i1"},
	{.name = "trueValue", .infer = "$result"},
	{.name = "falseValue", .infer = "$result"},
};
static const st_value_def any_result[] = {{.name = "result"}};
static const st_attr_def extract_attrs[] = {{.name = "lowBit", .constraint = &st_ac_i32}};

#define VARIADIC(n, sum, f)                                                                                         \
	{                                                                                                               \
		.name = "comb." #n, .summary = sum, OPS(var_inputs), RES(int_result), ATTRS(bin_attrs),                    \
		.traits = ST_TRAIT_PURE | ST_TRAIT_COMMUTATIVE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,                   \
		.format = "$inputs (`bin` $twoState^)? attr-dict `:` type($result)", .verify = verify_variadic,            \
		.fold = f, .canonicalization_patterns = st__comb_##n##_patterns                                            \
	}
#define BINARY(n, sum, f)                                                                                           \
	{                                                                                                               \
		.name = "comb." n, .summary = sum, OPS(bin_inputs), RES(int_result), ATTRS(bin_attrs),                     \
		.traits = ST_TRAIT_PURE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,                                          \
		.format = "$lhs `,` $rhs (`bin` $twoState^)? attr-dict `:` type($result)", .fold = f                       \
	}

static const st_opdef comb_ops[] = {
	VARIADIC(add, "sum (modulo 2^width)", st__comb_fold),
	VARIADIC(mul, "product (modulo 2^width)", st__comb_fold),
	VARIADIC(and, "bitwise and", st__comb_fold),
	VARIADIC(or, "bitwise or", st__comb_fold),
	VARIADIC(xor, "bitwise exclusive or", st__comb_fold),
	BINARY("sub", "difference (modulo 2^width)", st__comb_fold),
	BINARY("divu", "unsigned quotient (0 when dividing by 0)", st__comb_fold),
	BINARY("divs", "signed quotient, toward zero (0 when dividing by 0)", st__comb_fold),
	BINARY("modu", "unsigned remainder (0 when dividing by 0)", st__comb_fold),
	BINARY("mods", "signed remainder, sign of the dividend (0 when dividing by 0)", st__comb_fold),
	BINARY("shl", "shift left (0 from width on)", st__comb_fold),
	BINARY("shru", "logical shift right (0 from width on)", st__comb_fold),
	BINARY("shrs", "arithmetic shift right", st__comb_fold),
	{
		.name = "comb.icmp",
		.summary = "compare two integers",
		OPS(bin_inputs),
		RES(bool_result),
		ATTRS(icmp_attrs),
		.traits = ST_TRAIT_PURE | ST_TRAIT_SAME_TYPE_OPERANDS,
		.format = "(`bin` $twoState^)? $predicate $lhs `,` $rhs attr-dict `:` type($lhs)",
		.fold = st__comb_fold,
	},
	{
		.name = "comb.mux",
		.summary = "one of two values, chosen by a bit",
		OPS(mux_inputs),
		RES(any_result),
		ATTRS(bin_attrs),
		.traits = ST_TRAIT_PURE,
		.format = "(`bin` $twoState^)? $cond `,` $trueValue `,` $falseValue attr-dict `:` type($result)",
		.verify = verify_mux,
		.fold = st__comb_fold_mux,
	},
	{
		.name = "comb.concat",
		.summary = "concatenate (the first operand in the most significant bits)",
		OPS(var_inputs),
		RES(int_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_concat,
		.print = print_concat,
		.verify = verify_concat,
		.fold = st__comb_fold,
		.canonicalization_patterns = st__comb_concat_patterns,
	},
	{
		.name = "comb.extract",
		.summary = "bits [lowBit, lowBit + result width) of the input",
		OPS(one_input),
		RES(int_result),
		ATTRS(extract_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = parse_extract,
		.print = print_extract,
		.verify = verify_extract,
		.fold = st__comb_fold,
	},
	{
		.name = "comb.replicate",
		.summary = "the input concatenated with itself",
		OPS(one_input),
		RES(int_result),
		.traits = ST_TRAIT_PURE,
		.format = "$input attr-dict `:` functional-type($input, $result)",
		.verify = verify_replicate,
		.fold = st__comb_fold,
	},
	{
		.name = "comb.parity",
		.summary = "exclusive or of all bits",
		OPS(one_input),
		RES(bool_result),
		ATTRS(bin_attrs),
		.traits = ST_TRAIT_PURE,
		.format = "(`bin` $twoState^)? $input attr-dict `:` type($input)",
		.fold = st__comb_fold,
	},
};

static const char *const comb_deps[] = {"hw", NULL};

static const st_dialect_def comb_dialect = {
	.name = "comb",
	.summary = "signless combinational logic (CIRCT)",
	.ops = comb_ops,
	.nops = N(comb_ops),
	.materialize_constant = st__comb_materialize_constant,
	.dependencies = comb_deps,
};

st_status st_register_comb_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &comb_dialect); }
