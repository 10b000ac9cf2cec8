/* The affine dialect: affine.for, affine.if, affine.load, affine.store,
 * affine.apply, affine.min, affine.max, affine.parallel and affine.yield
 * with current MLIR's operands, attributes and custom syntax
 * (mlir/include/mlir/Dialect/Affine/IR/AffineOps.td).  MLIR 14 named the
 * bound maps of affine.for lower_bound/upper_bound.  This file holds the op
 * table; syntax, verifiers, folders and semantics are in the other
 * affine_*.c files. */
#include "affine_interp.h"
#include "strata/affine_isl.h"
#include "strata/limit.h"
#include "affine_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OPERANDS(a) .operands = a, .noperands = N(a)
#define RESULTS(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)
#define REGIONS(a) .regions = a, .nregions = N(a)
#define IFACES(a) .interfaces = a, .ninterfaces = N(a)

#define RECURSIVE ST_TRAIT_RECURSIVE_MEMORY_EFFECTS

static const st_value_def results[] = {{.name = "results", .arity = ST_VARIADIC}};
static const st_value_def index_result[] = {{.name = "result", .type = &st_tc_index}};
static const st_value_def load_result[] = {{.name = "result"}};

/* MLIR 14's layout: lower bound operands, upper bound operands and inits
 * in one list, split by the maps' dim and symbol counts (current MLIR adds
 * operandSegmentSizes; without it the generic form is MLIR 14's). */
static const st_value_def for_operands[] = {{.name = "operands", .arity = ST_VARIADIC}};
static const st_attr_def for_attrs[] = {
	{.name = "lowerBoundMap", .constraint = &st_ac_affine_map},
	{.name = "upperBoundMap", .constraint = &st_ac_affine_map},
	{.name = "step", .constraint = &st_ac_index},
};
static const st_mlir14_attr for_mlir14[] = {
	{"lower_bound", "lowerBoundMap", ST_MLIR14_SAME},
	{"upper_bound", "upperBoundMap", ST_MLIR14_SAME},
};

static const st_value_def map_operands[] = {{.name = "mapOperands", .type = &st_tc_index, .arity = ST_VARIADIC}};
static const st_attr_def map_attrs[] = {{.name = "map", .constraint = &st_ac_affine_map}};

static const st_value_def if_operands[] = {{.name = "operands", .type = &st_tc_index, .arity = ST_VARIADIC}};
static const st_attr_def if_attrs[] = {{.name = "condition", .constraint = &st_ac_integer_set}};

static const st_value_def load_operands[] = {
	{.name = "memref", .type = &st_tc_memref},
	{.name = "indices", .type = &st_tc_index, .arity = ST_VARIADIC},
};
static const st_value_def store_operands[] = {
	{.name = "value"},
	{.name = "memref", .type = &st_tc_memref},
	{.name = "indices", .type = &st_tc_index, .arity = ST_VARIADIC},
};

static const st_attr_def parallel_attrs[] = {
	{.name = "reductions", .constraint = &st_ac_array},
	{.name = "lowerBoundsMap", .constraint = &st_ac_affine_map},
	{.name = "lowerBoundsGroups"},
	{.name = "upperBoundsMap", .constraint = &st_ac_affine_map},
	{.name = "upperBoundsGroups"},
	{.name = "steps", .constraint = &st_ac_array},
};

static const st_value_def yield_operands[] = {{.name = "operands", .arity = ST_VARIADIC}};

static const st_region_def body_region[] = {{.name = "region", .single_block = true}};
static const st_region_def if_regions[] = {
	{.name = "thenRegion", .single_block = true},
	{.name = "elseRegion", .single_block = true, .allow_empty = true},
};

static st_region *loop_body(st_op *op) { return st_op_region(op, 0); }
static st_value *for_iv(st_op *op) { return st_affine_for_iv(op); }
static st_value *no_iv(st_op *op) {
	(void)op;
	return NULL;
}
static const st_loop_like_iface for_loop = {loop_body, for_iv};
static const st_loop_like_iface parallel_loop = {loop_body, no_iv};
static const st_interface_impl for_ifaces[] = {{ST_IFACE_LOOP_LIKE, &for_loop}};
static const st_interface_impl parallel_ifaces[] = {{ST_IFACE_LOOP_LIKE, &parallel_loop}};

static const st_opdef affine_ops[] = {
	{
		.name = "affine.apply",
		.interp = &st__affine_apply_interp,
		.summary = "affine apply operation",
		OPERANDS(map_operands),
		RESULTS(index_result),
		ATTRS(map_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__affine_parse_map_op,
		.print = st__affine_print_map_op,
		.verify = st__affine_verify_map_op,
		.fold = st__affine_fold_apply,
		.canonicalization_patterns = st__affine_map_op_patterns,
	},
	{
		.name = "affine.for",
		.interp = &st__affine_for_interp,
		.summary = "for operation",
		OPERANDS(for_operands),
		RESULTS(results),
		ATTRS(for_attrs),
		REGIONS(body_region),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__affine_parse_for,
		.print = st__affine_print_for,
		.verify = st__affine_verify_for,
		.canonicalization_patterns = st__affine_for_patterns,
		IFACES(for_ifaces),
		.mlir14_attrs = for_mlir14,
		.nmlir14_attrs = N(for_mlir14),
	},
	{
		.name = "affine.if",
		.interp = &st__affine_if_interp,
		.summary = "if-then-else operation",
		OPERANDS(if_operands),
		RESULTS(results),
		ATTRS(if_attrs),
		REGIONS(if_regions),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__affine_parse_if,
		.print = st__affine_print_if,
		.verify = st__affine_verify_if,
		.canonicalization_patterns = st__affine_if_patterns,
	},
	{
		.name = "affine.load",
		.interp = &st__affine_load_interp,
		.summary = "affine load operation",
		OPERANDS(load_operands),
		RESULTS(load_result),
		ATTRS(map_attrs),
		.parse = st__affine_parse_load,
		.print = st__affine_print_load,
		.verify = st__affine_verify_load,
		.canonicalization_patterns = st__affine_access_patterns,
	},
	{
		.name = "affine.max",
		.interp = &st__affine_max_interp,
		.summary = "max operation",
		OPERANDS(map_operands),
		RESULTS(index_result),
		ATTRS(map_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__affine_parse_map_op,
		.print = st__affine_print_map_op,
		.verify = st__affine_verify_map_op,
		.fold = st__affine_fold_max,
		.canonicalization_patterns = st__affine_map_op_patterns,
	},
	{
		.name = "affine.min",
		.interp = &st__affine_min_interp,
		.summary = "min operation",
		OPERANDS(map_operands),
		RESULTS(index_result),
		ATTRS(map_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__affine_parse_map_op,
		.print = st__affine_print_map_op,
		.verify = st__affine_verify_map_op,
		.fold = st__affine_fold_min,
		.canonicalization_patterns = st__affine_map_op_patterns,
	},
	{
		.name = "affine.parallel",
		.interp = &st__affine_parallel_interp,
		.summary = "multi-index parallel band operation",
		OPERANDS(map_operands),
		RESULTS(results),
		ATTRS(parallel_attrs),
		REGIONS(body_region),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__affine_parse_parallel,
		.print = st__affine_print_parallel,
		.verify = st__affine_verify_parallel,
		IFACES(parallel_ifaces),
	},
	{
		.name = "affine.store",
		.interp = &st__affine_store_interp,
		.summary = "affine store operation",
		OPERANDS(store_operands),
		ATTRS(map_attrs),
		.parse = st__affine_parse_store,
		.print = st__affine_print_store,
		.verify = st__affine_verify_store,
		.canonicalization_patterns = st__affine_access_patterns,
	},
	{
		.name = "affine.yield",
		.interp = &st__affine_yield_interp,
		.summary = "yield values to parent operation",
		OPERANDS(yield_operands),
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_RETURN_LIKE,
		.format = "attr-dict ($operands^ `:` type($operands))?",
		.verify = st__affine_verify_yield,
	},
};

/* Folded index values become arith.constant, as MLIR's affine dialect
 * materializes them. */
static st_op *materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	if (!st_type_is_index(type) || st_attr_get_kind(value) != ST_ATTR_INTEGER)
		return NULL;
	st_named_attr a = {st_ident_get_c(ctx, "value"), st_integer_attr(ctx, type, st_attr_int_value(value))};
	st_op_state s = {
		.name = st_str_c("arith.constant"),
		.loc = loc,
		.nresults = 1,
		.result_types = &type,
		.attrs = st_dict_attr(ctx, 1, &a),
	};
	return st_op_create(ctx, &s);
}

static const char *const affine_dependencies[] = {"arith", "memref", NULL};

static const st_dialect_def affine_dialect = {
	.name = "affine",
	.summary = "affine loops, conditionals and memory accesses",
	.ops = affine_ops,
	.nops = N(affine_ops),
	.dependencies = affine_dependencies,
	.materialize_constant = materialize_constant,
};

st_status st_register_affine_dialect(st_context *ctx) {
	if (st_failed(st_context_register_limit(ctx, &st_isl_operations_limit)))
		return ST_FAIL;
	return st_context_register_dialect(ctx, &affine_dialect);
}
