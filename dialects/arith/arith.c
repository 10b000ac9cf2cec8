/* The arith dialect: integer and floating-point arithmetic, comparisons,
 * casts, select and constants, with current MLIR's op names, operand,
 * result and attribute names, custom syntax and generic form
 * (mlir/include/mlir/Dialect/Arith/IR/ArithOps.td).  This file holds the
 * op table; verifiers, custom syntax, folders and the constant evaluator
 * live in the other arith_*.c files. */
#include "arith_internal.h"

#include <string.h>

const char *const st__arith_cmpi_cases[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", NULL};
const char *const st__arith_cmpf_cases[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                                            "ugt",   "uge", "ult", "ule", "une", "uno", "true", NULL};
const char *const st__arith_rounding_cases[] = {"to_nearest_even", "downward", "upward", "toward_zero",
                                                "to_nearest_away", NULL};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OPERANDS(a) .operands = a, .noperands = N(a)
#define RESULTS(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)
#define IFACES(a) .interfaces = a, .ninterfaces = N(a)

/* ------------------------------------------------------ operand groups */

static const st_value_def int_binary_operands[] = {
	{.name = "lhs", .type = &st__arith_tc_int_like},
	{.name = "rhs", .type = &st__arith_tc_int_like},
};
static const st_value_def int_result[] = {{.name = "result", .type = &st__arith_tc_int_like}};
static const st_value_def float_binary_operands[] = {
	{.name = "lhs", .type = &st__arith_tc_float_like},
	{.name = "rhs", .type = &st__arith_tc_float_like},
};
static const st_value_def float_unary_operands[] = {{.name = "operand", .type = &st__arith_tc_float_like}};
static const st_value_def float_result[] = {{.name = "result", .type = &st__arith_tc_float_like}};
static const st_value_def bool_result[] = {{.name = "result", .type = &st__arith_tc_bool_like}};

static const st_value_def addui_results[] = {
	{.name = "sum", .type = &st__arith_tc_int_like},
	{.name = "overflow", .type = &st__arith_tc_bool_like},
};
static const st_value_def mul_extended_results[] = {
	{.name = "low", .type = &st__arith_tc_int_like},
	{.name = "high", .type = &st__arith_tc_int_like},
};

static const st_value_def in_fixed_int[] = {{.name = "in", .type = &st__arith_tc_fixed_int_like}};
static const st_value_def out_fixed_int[] = {{.name = "out", .type = &st__arith_tc_fixed_int_like}};
static const st_value_def in_float[] = {{.name = "in", .type = &st__arith_tc_float_like}};
static const st_value_def out_float[] = {{.name = "out", .type = &st__arith_tc_float_like}};
static const st_value_def in_index_cast[] = {{.name = "in", .type = &st__arith_tc_index_cast}};
static const st_value_def out_index_cast[] = {{.name = "out", .type = &st__arith_tc_index_cast}};
static const st_value_def in_bitcast[] = {{.name = "in", .type = &st__arith_tc_bitcast}};
static const st_value_def out_bitcast[] = {{.name = "out", .type = &st__arith_tc_bitcast}};

static const st_value_def select_operands[] = {
	{.name = "condition", .type = &st__arith_tc_bool_like},
	{.name = "true_value"},
	{.name = "false_value"},
};
static const st_value_def any_result[] = {{.name = "result"}};

/* ------------------------------------------------------------ attributes */

static const st_attr_def overflow_attrs[] = {
	{.name = "overflowFlags", .constraint = &st__arith_ac_overflow, .optional = true},
};
static const st_attr_def exact_attrs[] = {{.name = "isExact", .constraint = &st_ac_unit, .optional = true}};
static const st_attr_def fastmath_attrs[] = {
	{.name = "fastmath", .constraint = &st__arith_ac_fastmath, .optional = true},
};
static const st_attr_def truncf_attrs[] = {
	{.name = "roundingmode", .constraint = &st__arith_ac_rounding, .optional = true},
	{.name = "fastmath", .constraint = &st__arith_ac_fastmath, .optional = true},
};
static const st_attr_def cmpi_attrs[] = {
	{.name = "predicate", .constraint = &st__arith_ac_cmpi_pred, .enum_cases = st__arith_cmpi_cases},
};
static const st_attr_def cmpf_attrs[] = {
	{.name = "predicate", .constraint = &st__arith_ac_cmpf_pred, .enum_cases = st__arith_cmpf_cases},
	{.name = "fastmath", .constraint = &st__arith_ac_fastmath, .optional = true},
};
static const st_attr_def constant_attrs[] = {{.name = "value", .constraint = &st__arith_ac_typed}};

/* ------------------------------------------------------------ interfaces */

static st_attr *constant_value(const st_op *op) { return st_op_get_attr(op, "value"); }
static const st_constant_like_iface constant_iface = {.value = constant_value};
static const st_interface_impl constant_ifaces[] = {{ST_IFACE_CONSTANT_LIKE, &constant_iface}};

/* Divisions have no side effect but may trap (division by zero, signed
 * overflow), so they are not Pure: they must not be speculated. */
static size_t no_effects(const st_op *op, st_effect *out, size_t cap) {
	(void)op;
	(void)out;
	(void)cap;
	return 0;
}
static const st_memory_effects_iface no_effects_iface = {.effects = no_effects};
static const st_interface_impl division_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &no_effects_iface}};

/* ------------------------------------------------------------- op table */

#define FMT_BINARY "$lhs `,` $rhs attr-dict `:` type($result)"
#define FMT_EXACT "$lhs `,` $rhs (`exact` $isExact^)? attr-dict `:` type($result)"
#define FMT_CAST "$in attr-dict `:` type($in) `to` type($out)"

#define EW ST_TRAIT_ELEMENTWISE
#define SAME ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE
#define PURE ST_TRAIT_PURE
#define COMM ST_TRAIT_COMMUTATIVE

/* Binary integer ops of the plain and `exact` forms. */
#define INT_BINARY(op, sum, tr, fmt, folder, canon)                                                              \
	{                                                                                                                \
		.interp = &st__arith_interp,                                                                             \
		.name = "arith." op, .summary = sum, OPERANDS(int_binary_operands), RESULTS(int_result),                     \
		.traits = EW | SAME | (tr), .format = fmt, .fold = folder, .canonicalization_patterns = canon,           \
	}
#define INT_EXACT(op, sum, tr, folder, ifaces, nifaces)                                                          \
	{                                                                                                                \
		.interp = &st__arith_interp,                                                                             \
		.name = "arith." op, .summary = sum, OPERANDS(int_binary_operands), RESULTS(int_result), ATTRS(exact_attrs), \
		.traits = EW | SAME | (tr), .format = FMT_EXACT, .fold = folder, .interfaces = ifaces,                   \
		.ninterfaces = nifaces,                                                                                      \
	}
#define INT_OVF(op, sum, tr, folder, canon)                                                                      \
	{                                                                                                                \
		.interp = &st__arith_interp,                                                                             \
		.name = "arith." op, .summary = sum, OPERANDS(int_binary_operands), RESULTS(int_result),                     \
		ATTRS(overflow_attrs), .traits = EW | SAME | PURE | (tr), .parse = st__arith_parse_int_binary_ovf,      \
		.print = st__arith_print_int_binary_ovf, .fold = folder, .canonicalization_patterns = canon,                 \
	}
#define FLOAT_BINARY14(op, sum, tr, folder, old)                                                                  \
	{                                                                                                                \
		.interp = &st__arith_interp,                                                                             \
		.name = "arith." op, .summary = sum, OPERANDS(float_binary_operands), RESULTS(float_result),                 \
		ATTRS(fastmath_attrs), .traits = EW | SAME | PURE | (tr), .parse = st__arith_parse_float_binary,         \
		.print = st__arith_print_float_binary, .fold = folder, .mlir14_name = old,                                   \
	}
#define FLOAT_BINARY(op, sum, tr, folder) FLOAT_BINARY14(op, sum, tr, folder, NULL)
#define CAST(op, sum, in, out, verifier, folder, canon)                                                              \
	{                                                                                                                \
		.interp = &st__arith_interp,                                                                             \
		.name = "arith." op, .summary = sum, OPERANDS(in), RESULTS(out),                                             \
		.traits = EW | PURE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE, .format = FMT_CAST, .verify = verifier,       \
		.fold = folder, .canonicalization_patterns = canon,                                                          \
	}

/* Integer divisions and remainders: not Pure (they can trap on zero), so
 * they state their (empty) memory effects instead. */
#define INT_DIVISION(op, sum, folder)                                                                                \
	{                                                                                                                \
		.interp = &st__arith_interp,                                                                             \
		.name = "arith." op, .summary = sum, OPERANDS(int_binary_operands), RESULTS(int_result),                     \
		.traits = EW | SAME, .format = FMT_BINARY, .fold = folder, IFACES(division_ifaces),                          \
	}

static const st_opdef arith_ops[] = {
	{
		.name = "arith.constant",
		.interp = &st__arith_interp,
		.summary = "integer or floating point constant",
		RESULTS(any_result),
		ATTRS(constant_attrs),
		.traits = PURE,
		.parse = st__arith_parse_constant,
		.print = st__arith_print_constant,
		.verify = st__arith_verify_constant,
		.fold = st__arith_fold_constant,
		.result_names = st__arith_constant_names,
		IFACES(constant_ifaces),
	},
	INT_OVF("addi", "integer addition operation", COMM, st__arith_fold_addi, st__arith_addi_patterns),
	INT_OVF("subi", "integer subtraction operation", 0, st__arith_fold_subi, st__arith_subi_patterns),
	INT_OVF("muli", "integer multiplication operation", COMM, st__arith_fold_muli, NULL),
	INT_EXACT("divui", "unsigned integer division operation", 0, st__arith_fold_divui, division_ifaces, 1),
	INT_EXACT("divsi", "signed integer division operation", 0, st__arith_fold_divsi, division_ifaces, 1),
	INT_DIVISION("ceildivui", "unsigned ceil integer division operation", st__arith_fold_ceildivui),
	INT_DIVISION("ceildivsi", "signed ceil integer division operation", st__arith_fold_ceildivsi),
	INT_DIVISION("floordivsi", "signed floor integer division operation", st__arith_fold_floordivsi),
	INT_DIVISION("remui", "unsigned integer division remainder operation", st__arith_fold_remui),
	INT_DIVISION("remsi", "signed integer division remainder operation", st__arith_fold_remsi),
	INT_BINARY("andi", "integer binary and", PURE | COMM | ST_TRAIT_IDEMPOTENT, FMT_BINARY, st__arith_fold_andi,
	           st__arith_andi_patterns),
	INT_BINARY("ori", "integer binary or", PURE | COMM | ST_TRAIT_IDEMPOTENT, FMT_BINARY, st__arith_fold_ori,
	           st__arith_ori_patterns),
	INT_BINARY("xori", "integer binary xor", PURE | COMM, FMT_BINARY, st__arith_fold_xori,
	           st__arith_xori_patterns),
	INT_OVF("shli", "integer left-shift", 0, st__arith_fold_shli, NULL),
	INT_EXACT("shrui", "unsigned integer right-shift", PURE, st__arith_fold_shrui, NULL, 0),
	INT_EXACT("shrsi", "signed integer right-shift", PURE, st__arith_fold_shrsi, NULL, 0),
	INT_BINARY("maxsi", "signed integer maximum operation", PURE | COMM, FMT_BINARY, st__arith_fold_maxsi,
	           NULL),
	INT_BINARY("maxui", "unsigned integer maximum operation", PURE | COMM, FMT_BINARY, st__arith_fold_maxui,
	           NULL),
	INT_BINARY("minsi", "signed integer minimum operation", PURE | COMM, FMT_BINARY, st__arith_fold_minsi,
	           NULL),
	INT_BINARY("minui", "unsigned integer minimum operation", PURE | COMM, FMT_BINARY, st__arith_fold_minui,
	           NULL),
	{
		.name = "arith.addui_extended",
		.interp = &st__arith_interp,
		.summary = "extended unsigned integer addition operation returning sum and overflow bit",
		OPERANDS(int_binary_operands),
		RESULTS(addui_results),
		.traits = EW | PURE | COMM,
		.parse = st__arith_parse_addui_extended,
		.print = st__arith_print_addui_extended,
		.verify = st__arith_verify_addui_extended,
		.fold = st__arith_fold_addui_extended,
	},
	{
		.name = "arith.mulsi_extended",
		.interp = &st__arith_interp,
		.summary = "extended signed integer multiplication operation",
		OPERANDS(int_binary_operands),
		RESULTS(mul_extended_results),
		.traits = EW | PURE | COMM,
		.parse = st__arith_parse_mul_extended,
		.print = st__arith_print_mul_extended,
		.verify = st__arith_verify_mul_extended,
		.fold = st__arith_fold_mulsi_extended,
	},
	{
		.name = "arith.mului_extended",
		.interp = &st__arith_interp,
		.summary = "extended unsigned integer multiplication operation",
		OPERANDS(int_binary_operands),
		RESULTS(mul_extended_results),
		.traits = EW | PURE | COMM,
		.parse = st__arith_parse_mul_extended,
		.print = st__arith_print_mul_extended,
		.verify = st__arith_verify_mul_extended,
		.fold = st__arith_fold_mului_extended,
	},
	{
		.name = "arith.negf",
		.interp = &st__arith_interp,
		.summary = "floating point negation",
		OPERANDS(float_unary_operands),
		RESULTS(float_result),
		ATTRS(fastmath_attrs),
		.traits = EW | SAME | PURE,
		.parse = st__arith_parse_float_unary,
		.print = st__arith_print_float_unary,
		.fold = st__arith_fold_negf,
	},
	FLOAT_BINARY("addf", "floating point addition operation", COMM, st__arith_fold_addf),
	FLOAT_BINARY("subf", "floating point subtraction operation", 0, st__arith_fold_subf),
	FLOAT_BINARY("mulf", "floating point multiplication operation", COMM, st__arith_fold_mulf),
	FLOAT_BINARY("divf", "floating point division operation", 0, st__arith_fold_divf),
	FLOAT_BINARY("remf", "floating point division remainder operation", 0, st__arith_fold_remf),
	/* MLIR 14's maxf/minf have maximumf/minimumf's semantics (NaN wins,
	 * -0.0 < +0.0); they were renamed in LLVM 17. */
	FLOAT_BINARY14("maximumf", "floating-point maximum operation", COMM, st__arith_fold_maximumf, "arith.maxf"),
	FLOAT_BINARY14("minimumf", "floating-point minimum operation", COMM, st__arith_fold_minimumf, "arith.minf"),
	FLOAT_BINARY("maxnumf", "floating-point maximum operation", COMM, st__arith_fold_maxnumf),
	FLOAT_BINARY("minnumf", "floating-point minimum operation", COMM, st__arith_fold_minnumf),
	CAST("extui", "integer zero extension operation", in_fixed_int, out_fixed_int, st__arith_verify_extui,
	     st__arith_fold_extui, NULL),
	CAST("extsi", "integer sign extension operation", in_fixed_int, out_fixed_int, st__arith_verify_extsi,
	     st__arith_fold_extsi, st__arith_extsi_patterns),
	{
		.name = "arith.extf",
		.interp = &st__arith_interp,
		.summary = "cast from floating-point to wider floating-point",
		OPERANDS(in_float),
		RESULTS(out_float),
		ATTRS(fastmath_attrs),
		.traits = EW | PURE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE,
		.parse = st__arith_parse_extf,
		.print = st__arith_print_extf,
		.verify = st__arith_verify_extf,
		.fold = st__arith_fold_extf,
	},
	{
		.name = "arith.trunci",
		.interp = &st__arith_interp,
		.summary = "integer truncation operation",
		OPERANDS(in_fixed_int),
		RESULTS(out_fixed_int),
		ATTRS(overflow_attrs),
		.traits = EW | PURE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE,
		.parse = st__arith_parse_trunci,
		.print = st__arith_print_trunci,
		.verify = st__arith_verify_trunci,
		.fold = st__arith_fold_trunci,
	},
	{
		.name = "arith.truncf",
		.interp = &st__arith_interp,
		.summary = "cast from floating-point to narrower floating-point",
		OPERANDS(in_float),
		RESULTS(out_float),
		ATTRS(truncf_attrs),
		.traits = EW | PURE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_SHAPE,
		.parse = st__arith_parse_truncf,
		.print = st__arith_print_truncf,
		.verify = st__arith_verify_truncf,
		.fold = st__arith_fold_truncf,
	},
	CAST("uitofp", "cast from unsigned integer type to floating-point", in_fixed_int, out_float,
	     st__arith_verify_int_to_fp, st__arith_fold_uitofp, NULL),
	CAST("sitofp", "cast from integer type to floating-point", in_fixed_int, out_float, st__arith_verify_int_to_fp,
	     st__arith_fold_sitofp, NULL),
	CAST("fptoui", "cast from floating-point type to integer type", in_float, out_fixed_int,
	     st__arith_verify_fp_to_int, st__arith_fold_fptoui, NULL),
	CAST("fptosi", "cast from floating-point type to integer type", in_float, out_fixed_int,
	     st__arith_verify_fp_to_int, st__arith_fold_fptosi, NULL),
	CAST("index_cast", "cast between index and integer types", in_index_cast, out_index_cast,
	     st__arith_verify_index_cast, st__arith_fold_index_cast, NULL),
	CAST("index_castui", "unsigned cast between index and integer types", in_index_cast, out_index_cast,
	     st__arith_verify_index_cast, st__arith_fold_index_castui, NULL),
	CAST("bitcast", "bitcast between values of equal bit width", in_bitcast, out_bitcast, st__arith_verify_bitcast,
	     st__arith_fold_bitcast, NULL),
	{
		.name = "arith.cmpi",
		.interp = &st__arith_interp,
		.summary = "integer comparison operation",
		OPERANDS(int_binary_operands),
		RESULTS(bool_result),
		ATTRS(cmpi_attrs),
		.traits = EW | PURE | ST_TRAIT_SAME_TYPE_OPERANDS | ST_TRAIT_SCALAR_OR_SAME_SHAPE_RESULT_I1,
		.format = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)",
		.verify = st__arith_verify_cmp,
		.fold = st__arith_fold_cmpi,
	},
	{
		.name = "arith.cmpf",
		.interp = &st__arith_interp,
		.summary = "floating-point comparison operation",
		OPERANDS(float_binary_operands),
		RESULTS(bool_result),
		ATTRS(cmpf_attrs),
		.traits = EW | PURE | ST_TRAIT_SAME_TYPE_OPERANDS | ST_TRAIT_SCALAR_OR_SAME_SHAPE_RESULT_I1,
		.parse = st__arith_parse_cmpf,
		.print = st__arith_print_cmpf,
		.verify = st__arith_verify_cmp,
		.fold = st__arith_fold_cmpf,
	},
	{
		.name = "arith.select",
		.interp = &st__arith_interp,
		.summary = "select operation",
		.mlir14_name = "std.select", /* moved to arith in LLVM 15 */
		OPERANDS(select_operands),
		RESULTS(any_result),
		.traits = EW | PURE,
		.parse = st__arith_parse_select,
		.print = st__arith_print_select,
		.verify = st__arith_verify_select,
		.fold = st__arith_fold_select,
		.canonicalization_patterns = st__arith_select_patterns,
	},
};

/* ------------------------------------------------------------- dialect */

/* MLIR's ConstantOp::isBuildableWith: the value's type is the type asked
 * for, integers are signless, and the value is an integer, float or
 * elements attribute. */
st_op *st__arith_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	if (!value || !type || st_attr_type(value) != type)
		return NULL;
	st_attr_kind k = st_attr_get_kind(value);
	if (k != ST_ATTR_INTEGER && k != ST_ATTR_FLOAT && k != ST_ATTR_DENSE_ELEMENTS)
		return NULL;
	st_type *elt = st__arith_elt(type);
	if (st_type_is_integer(elt) && st_type_int_signedness(elt) != ST_SIGNLESS)
		return NULL;
	st_named_attr entry = {st_ident_get_c(ctx, "value"), value};
	if (!entry.name)
		return NULL;
	st_op_state state = {
		.name = st_str_c("arith.constant"),
		.loc = loc ? loc : st_loc_unknown(ctx),
		.nresults = 1,
		.result_types = &type,
		.attrs = st_dict_attr(ctx, 1, &entry),
	};
	return state.attrs ? st_op_create(ctx, &state) : NULL;
}

static const st_dialect_def arith_dialect = {
	.name = "arith",
	.summary = "basic integer and floating point arithmetic, comparisons, casts and constants",
	.ops = arith_ops,
	.nops = N(arith_ops),
	.parse_attr = st__arith_parse_attr,
	.print_attr = st__arith_print_attr,
	.materialize_constant = st__arith_materialize_constant,
};

st_status st_register_arith_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &arith_dialect); }
