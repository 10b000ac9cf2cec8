/* The mod dialect's ops as one table of st_opdef entries: operands,
 * results, attributes, traits, a declarative assembly format, and the
 * hooks for what a table cannot say (a verifier, folders, patterns, an
 * interface, interpreter semantics).  The core verifies, parses and prints
 * every op from its entry. */
#include "mod_internal.h"

/* mod.constant's value must be a residue of its type. */
static st_status verify_constant(st_op *op) {
	uint64_t v = 0, n = mod_int_modulus(st_value_type(st_op_result(op, 0)));
	mod_residue_value(st_op_get_attr(op, "value"), &v);
	if (v >= n)
		return st_op_error(op, "residue %llu is not below the modulus %llu", (unsigned long long)v,
		                   (unsigned long long)n);
	return ST_OK;
}

/* A constant folds to its value: the folders of its users see it. */
static bool fold_constant(st_op *op, st_attr *const *operands, st_fold_result *results) {
	(void)operands;
	results[0].attr = st_op_get_attr(op, "value");
	return true;
}

/* The constant-like interface tells generic passes (canonicalize, cse,
 * sccp) which attribute the op stands for. */
static st_attr *constant_value(const st_op *op) { return st_op_get_attr(op, "value"); }
static const st_constant_like_iface constant_iface = {constant_value};
static const st_interface_impl constant_ifaces[] = {{ST_IFACE_CONSTANT_LIKE, &constant_iface}};

static const st_value_def mod_result[] = {{"result", &mod__tc_int, ST_ONE, NULL}};
static const st_value_def binary_operands[] = {{"lhs", &mod__tc_int, ST_ONE, NULL}, {"rhs", &mod__tc_int, ST_ONE, NULL}};
static const st_value_def pow_operands[] = {
	{"base", &mod__tc_int, ST_ONE, "$result"},
	{"exponent", &st_tc_index, ST_ONE, "index"},
};
static const st_value_def from_int_operands[] = {{"input", &mod__tc_i64, ST_ONE, "i64"}};
static const st_value_def to_int_operands[] = {{"input", &mod__tc_int, ST_ONE, NULL}};
static const st_value_def to_int_results[] = {{"result", &mod__tc_i64, ST_ONE, "i64"}};
static const st_attr_def constant_attrs[] = {{"value", &mod__ac_residue, false, NULL}};

static const st_opdef ops[] = {
	{
		.name = "mod.constant",
		.summary = "a residue of an integer modulo N",
		.results = mod_result, .nresults = 1,
		.attrs = constant_attrs, .nattrs = 1,
		.traits = ST_TRAIT_PURE | ST_TRAIT_CONSTANT_LIKE,
		.format = "$value attr-dict `:` type($result)",
		.verify = verify_constant,
		.fold = fold_constant,
		.interfaces = constant_ifaces, .ninterfaces = 1,
		.interp = &mod__constant_interp,
	},
	{
		.name = "mod.add",
		.summary = "addition modulo N",
		.operands = binary_operands, .noperands = 2,
		.results = mod_result, .nresults = 1,
		.traits = ST_TRAIT_PURE | ST_TRAIT_COMMUTATIVE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,
		.format = "$lhs `,` $rhs attr-dict `:` type($result)",
		.fold = mod__fold_add,
		.interp = &mod__add_interp,
	},
	{
		.name = "mod.mul",
		.summary = "multiplication modulo N",
		.operands = binary_operands, .noperands = 2,
		.results = mod_result, .nresults = 1,
		.traits = ST_TRAIT_PURE | ST_TRAIT_COMMUTATIVE | ST_TRAIT_SAME_OPERANDS_AND_RESULT_TYPE,
		.format = "$lhs `,` $rhs attr-dict `:` type($result)",
		.fold = mod__fold_mul,
		.interp = &mod__mul_interp,
	},
	{
		.name = "mod.pow",
		.summary = "a residue raised to an index power (<= 0 gives 1)",
		.operands = pow_operands, .noperands = 2,
		.results = mod_result, .nresults = 1,
		.traits = ST_TRAIT_PURE,
		.format = "$base `,` $exponent attr-dict `:` type($result)",
		.fold = mod__fold_pow,
		.interp = &mod__pow_interp,
	},
	{
		.name = "mod.from_int",
		.summary = "the residue of a signed i64",
		.operands = from_int_operands, .noperands = 1,
		.results = mod_result, .nresults = 1,
		.traits = ST_TRAIT_PURE,
		.format = "$input attr-dict `:` type($result)",
		.fold = mod__fold_from_int,
		.canonicalization_patterns = mod__from_int_patterns,
		.interp = &mod__from_int_interp,
	},
	{
		.name = "mod.to_int",
		.summary = "a residue as an i64 in [0, N)",
		.operands = to_int_operands, .noperands = 1,
		.results = to_int_results, .nresults = 1,
		.traits = ST_TRAIT_PURE,
		.format = "$input attr-dict `:` type($input)",
		.fold = mod__fold_to_int,
		.interp = &mod__to_int_interp,
	},
};

/* Folding makes constants of what it computed: mod.constant for residues,
 * arith.constant for the i64 of a folded mod.to_int. */
static st_op *materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	uint64_t v;
	const char *name;
	if (mod_residue_value(value, &v) && v < mod_int_modulus(type))
		name = "mod.constant";
	else if (st_attr_get_kind(value) == ST_ATTR_INTEGER && st_attr_type(value) == type)
		name = "arith.constant";
	else
		return NULL;
	st_named_attr entry = {st_ident_get_c(ctx, "value"), value};
	st_op_state s = {.name = st_str_c(name), .loc = loc, .nresults = 1, .result_types = &type,
	                 .attrs = st_dict_attr(ctx, 1, &entry)};
	return st_op_create(ctx, &s);
}

static const char *const dependencies[] = {"arith", "scf", NULL};

static const st_dialect_def mod_dialect = {
	.name = "mod",
	.summary = "integers modulo N (the Strata tutorial)",
	.ops = ops,
	.nops = sizeof ops / sizeof ops[0],
	.parse_type = mod__parse_type,
	.print_type = mod__print_type,
	.parse_attr = mod__parse_attr,
	.print_attr = mod__print_attr,
	.materialize_constant = materialize_constant,
	.dependencies = dependencies,
};

st_status mod_register_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &mod_dialect); }
