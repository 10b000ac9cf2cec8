/* The math dialect: elementwise mathematical functions on floats (with an
 * optional #arith.fastmath attribute, written `fastmath<...>` as current
 * MLIR writes it) and bit counts on integers, with current MLIR's op names
 * and syntax (mlir/include/mlir/Dialect/Math/IR/MathOps.td).  math.absf
 * was math.abs in MLIR 14 (renamed under --mlir14). */
#include "math_interp.h"
#include "math_internal.h"

#include <assert.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---------------------------------------------------------- fastmath */

static bool is_fastmath(const st_attr *a) {
	return st_attr_get_kind(a) == ST_ATTR_DIALECT && strcmp(st_ident_cstr(st_attr_mnemonic(a)), "fastmath") == 0 &&
	       strcmp(st_ident_cstr(st_dialect_name(st_attr_dialect(a))), "arith") == 0;
}

static const st_attr_constraint ac_fastmath = {"floating point fast math flags", is_fastmath};

/* `none` is the default, which the custom form leaves out (arith keeps
 * the flags as one integer parameter, 0 for none). */
static bool is_fastmath_none(const st_attr *a) {
	if (st_attr_num_params(a) != 1)
		return false;
	st_attr *v = st_attr_param(a, 0);
	return st_attr_get_kind(v) == ST_ATTR_INTEGER && st_attr_int_value(v) == 0;
}

/* `fastmath<...>` is #arith.fastmath<...> without its prefix: the arith
 * dialect's own hooks read and write the rest. */
static st_status parse_fastmath(st_parser *p, st_parse_state *s) {
	st_str kw;
	if (!st_parser_peek_keyword(p, &kw) || !st_str_eq_c(kw, "fastmath"))
		return ST_OK;
	st_context *ctx = st_parser_context(p);
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("arith"));
	const st_dialect_def *def = d ? st_dialect_get_def(d) : NULL;
	/* math depends on arith, which is always registered before it. */
	assert(def && def->parse_attr);
	st_attr *a = def->parse_attr(p, d, NULL);
	if (!a)
		return ST_FAIL;
	return st_parse_state_add_attr(s, "fastmath", a);
}

static void print_fastmath(st_printer *p, st_op *op) {
	st_attr *a = st_op_get_attr(op, "fastmath");
	if (!a || !is_fastmath(a) || is_fastmath_none(a))
		return;
	st_dialect *d = st_attr_dialect(a);
	st_printer_write(p, " ", 1);
	st_dialect_get_def(d)->print_attr(p, a);
}

/* `%a, %b [fastmath<...>] attr-dict : type`: every operand and the result
 * have the one type. */
static st_status parse_float_op(st_parser *p, st_parse_state *s) {
	size_t n = 0;
	st_operand_ref refs[3];
	/* The arity is the op's: one, two or three operands. */
	do {
		if (n == 3)
			return st_parser_error(p, "expected at most 3 operands");
		if (st_failed(st_parser_operand(p, &refs[n++])))
			return ST_FAIL;
	} while (st_parser_optional_punct(p, ","));
	st_type *t;
	if (st_failed(parse_fastmath(p, s)) || st_failed(st_parser_optional_attr_dict(p, s)) ||
	    st_failed(st_parser_expect_punct(p, ":")) || st_failed(st_parser_type(p, &t)))
		return ST_FAIL;
	for (size_t i = 0; i < n; i++) {
		st_value *v;
		if (st_failed(st_parser_resolve_operand(p, &refs[i], t, &v)) || st_failed(st_parse_state_add_operand(s, v)))
			return ST_FAIL;
	}
	return st_parse_state_add_result_type(s, t);
}

static void print_float_op(st_printer *p, st_op *op) {
	st_printer_write(p, " ", 1);
	st_printer_operands(p, op, 0, st_op_num_operands(op));
	print_fastmath(p, op);
	static const char *const elided[] = {"fastmath", NULL};
	st_printer_attr_dict(p, op, elided, false);
	st_printer_write(p, " : ", 3);
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

/* ------------------------------------------------------------ tables */

static const st_value_def float_unary[] = {{.name = "operand", .type = &st_tc_float_like}};
static const st_value_def float_binary[] = {
	{.name = "lhs", .type = &st_tc_float_like},
	{.name = "rhs", .type = &st_tc_float_like},
};
static const st_value_def float_ternary[] = {
	{.name = "a", .type = &st_tc_float_like},
	{.name = "b", .type = &st_tc_float_like},
	{.name = "c", .type = &st_tc_float_like},
};
static const st_value_def float_result[] = {{.name = "result", .type = &st_tc_float_like}};
static const st_value_def int_unary[] = {{.name = "operand", .type = &st_tc_signless_int_like}};
static const st_value_def int_binary[] = {
	{.name = "lhs", .type = &st_tc_signless_int_like},
	{.name = "rhs", .type = &st_tc_signless_int_like},
};
static const st_value_def int_result[] = {{.name = "result", .type = &st_tc_signless_int_like}};
static const st_attr_def fastmath_attrs[] = {{.name = "fastmath", .constraint = &ac_fastmath, .optional = true}};

#define TRAITS (ST_TRAIT_PURE | ST_TRAIT_ELEMENTWISE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE)

#define FLOAT_OP14(op, sum, opnds, folder, old)                                                                        \
	{                                                                                                                \
		.interp = &st__math_interp,                                                                              \
		.name = "math." op, .summary = sum, .operands = opnds, .noperands = N(opnds), .results = float_result,       \
		.nresults = 1, .attrs = fastmath_attrs, .nattrs = 1, .traits = TRAITS, .parse = parse_float_op,              \
		.print = print_float_op, .fold = folder, .mlir14_name = old,                                                 \
	}
#define UNARY(op, sum) FLOAT_OP14(op, sum, float_unary, NULL, NULL)
#define BINARY(op, sum) FLOAT_OP14(op, sum, float_binary, NULL, NULL)
#define INT_OP(op, sum, opnds, fmt)                                                                                  \
	{                                                                                                                \
		.interp = &st__math_interp,                                                                              \
		.name = "math." op, .summary = sum, .operands = opnds, .noperands = N(opnds), .results = int_result,         \
		.nresults = 1, .traits = TRAITS, .format = fmt,                                                              \
	}

static const st_opdef math_ops[] = {
	FLOAT_OP14("absf", "floating point absolute-value operation", float_unary, NULL, "math.abs"),
	INT_OP("absi", "integer absolute-value operation", int_unary, "$operand attr-dict `:` type($result)"),
	UNARY("atan", "arcus tangent of the given value"),
	BINARY("atan2", "2-argument arcus tangent of the given values"),
	UNARY("cbrt", "cube root of the specified value"),
	FLOAT_OP14("ceil", "ceil of the specified value", float_unary, st__math_fold_ceil, NULL),
	BINARY("copysign", "a copysign operation"),
	UNARY("cos", "cosine of the specified value"),
	INT_OP("ctlz", "counts the leading zeros an integer value", int_unary, "$operand attr-dict `:` type($result)"),
	INT_OP("ctpop", "counts the number of set bits of an integer value", int_unary,
	       "$operand attr-dict `:` type($result)"),
	INT_OP("cttz", "counts the trailing zeros an integer value", int_unary, "$operand attr-dict `:` type($result)"),
	UNARY("erf", "error function of the specified value"),
	UNARY("exp", "base-e exponential of the specified value"),
	UNARY("exp2", "base-2 exponential of the specified value"),
	UNARY("expm1", "base-e exponential of the specified value minus 1"),
	UNARY("floor", "floor of the specified value"),
	FLOAT_OP14("fma", "floating point fused multipy-add operation", float_ternary, NULL, NULL),
	INT_OP("ipowi", "signed integer raised to the power of operation", int_binary,
	       "$lhs `,` $rhs attr-dict `:` type($result)"),
	UNARY("log", "base-e logarithm of the specified value"),
	UNARY("log10", "base-10 logarithm of the specified value"),
	UNARY("log1p", "computes the natural logarithm of one plus the given value"),
	FLOAT_OP14("log2", "base-2 logarithm of the specified value", float_unary, st__math_fold_log2, NULL),
	BINARY("powf", "floating point raised to the power of operation"),
	UNARY("round", "round of the specified value"),
	UNARY("roundeven", "round of the specified value"),
	UNARY("rsqrt", "reciprocal of sqrt (1 / sqrt of the specified value)"),
	UNARY("sin", "sine of the specified value"),
	UNARY("sqrt", "sqrt of the specified value"),
	UNARY("tan", "tangent of the specified value"),
	UNARY("tanh", "hyperbolic tangent of the specified value"),
	UNARY("trunc", "trunc of the specified value"),
};

static const char *const math_dependencies[] = {"arith", NULL};

/* Folded constants are arith.constant, as MLIR's MathDialect makes them. */
static st_op *materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("arith"));
	const st_dialect_def *def = d ? st_dialect_get_def(d) : NULL;
	return def && def->materialize_constant ? def->materialize_constant(ctx, value, type, loc) : NULL;
}

static const st_dialect_def math_dialect = {
	.name = "math",
	.summary = "mathematical functions on floats and bit counts on integers",
	.ops = math_ops,
	.nops = N(math_ops),
	.materialize_constant = materialize_constant,
	.dependencies = math_dependencies,
};

st_status st_register_math_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &math_dialect); }
