/* The builtin dialect: builtin.module and builtin.unrealized_conversion_cast.
 * It is the only dialect the core knows. */
#include "internal.h"
#include "interp_internal.h"

static const st_attr_def module_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name, .optional = true},
	{.name = "sym_visibility", .constraint = &st_ac_string, .optional = true},
};
static const st_region_def module_regions[] = {
	{.name = "bodyRegion", .kind = ST_REGION_GRAPH, .single_block = true},
};

/* MLIR's ModuleOp::verify and NoRegionArguments: besides its symbol name
 * and visibility, a module carries only dialect attributes, and its body
 * takes no arguments. */
static st_status verify_module(st_op *op) {
	st_attr *d = st_op_attrs(op);
	for (size_t i = 0; i < st_attr_dict_size(d); i++) {
		const char *n = st_ident_cstr(st_attr_dict_entry(d, i).name);
		if (strcmp(n, "sym_name") != 0 && strcmp(n, "sym_visibility") != 0 && !strchr(n, '.'))
			return st_op_error(op, "can only contain attributes with dialect-prefixed names, found: '%s'", n);
	}
	st_block *b = st_region_first_block(st_op_region(op, 0));
	if (b && st_block_num_args(b))
		return st_op_error(op, "region should have no arguments");
	return ST_OK;
}

static const st_value_def cast_operands[] = {{.name = "inputs", .arity = ST_VARIADIC}};
static const st_value_def cast_results[] = {{.name = "outputs", .arity = ST_VARIADIC}};

static st_status verify_cast(st_op *op) {
	if (st_op_num_results(op) == 0)
		return st_op_error(op, "expected at least one result for cast operation");
	return ST_OK;
}

static const st_opdef builtin_ops[] = {
	{
		.name = "builtin.module",
		.summary = "a top-level container of operations",
		.attrs = module_attrs,
		.nattrs = 2,
		.regions = module_regions,
		.nregions = 1,
		.traits = ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_SYMBOL_TABLE | ST_TRAIT_NO_TERMINATOR |
		          ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_AFFINE_SCOPE,
		.format = "($sym_name^)? attr-dict-with-keyword $bodyRegion",
		.verify = verify_module,
	},
	{
		.name = "builtin.unrealized_conversion_cast",
		.summary = "a cast between types left by a partial conversion",
		.operands = cast_operands,
		.noperands = 1,
		.results = cast_results,
		.nresults = 1,
		.traits = ST_TRAIT_PURE,
		.format = "($inputs^ `:` type($inputs))? `to` type($outputs) attr-dict",
		.verify = verify_cast,
		.interp = &st__interp_cast_hook,
	},
};

static const st_dialect_def builtin_dialect = {
	.name = "builtin",
	.summary = "types, attributes and the ops every context has",
	.ops = builtin_ops,
	.nops = sizeof builtin_ops / sizeof builtin_ops[0],
};

st_status st_register_builtin_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &builtin_dialect); }
