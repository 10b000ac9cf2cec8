/* The scf dialect: structured control flow (scf.for, scf.while, scf.if,
 * scf.parallel, scf.execute_region, scf.index_switch and their
 * terminators), with current MLIR's op names, operands, attributes, custom
 * syntax and generic form (mlir/include/mlir/Dialect/SCF/IR/SCFOps.td).
 * MLIR 14 wrote a parallel reduction as an scf.reduce op in the body
 * followed by an empty scf.yield; that form is kept as scf.mlir14_reduce,
 * spelled scf.reduce under --mlir14.  This file holds the op table; syntax,
 * verifiers, interfaces and patterns live in the other scf_*.c files. */
#include "scf_interp.h"
#include "scf_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OPERANDS(a) .operands = a, .noperands = N(a)
#define RESULTS(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)
#define REGIONS(a) .regions = a, .nregions = N(a)
#define IFACES(a) .interfaces = a, .ninterfaces = N(a)

#define RECURSIVE ST_TRAIT_RECURSIVE_MEMORY_EFFECTS

static const st_value_def results[] = {{.name = "results", .arity = ST_VARIADIC}};

static const st_value_def condition_operands[] = {
	{.name = "condition", .type = &st_tc_bool, .infer = "i1"},
	{.name = "args", .arity = ST_VARIADIC},
};

static const st_value_def for_operands[] = {
	{.name = "lowerBound", .type = &st_tc_signless_int_or_index},
	{.name = "upperBound", .type = &st_tc_signless_int_or_index},
	{.name = "step", .type = &st_tc_signless_int_or_index},
	{.name = "initArgs", .arity = ST_VARIADIC},
};
static const st_attr_def for_attrs[] = {{.name = "unsignedCmp", .constraint = &st_ac_unit, .optional = true}};

static const st_value_def if_operands[] = {{.name = "condition", .type = &st_tc_bool}};
static const st_value_def while_operands[] = {{.name = "inits", .arity = ST_VARIADIC}};
static const st_attr_def execute_region_attrs[] = {{.name = "no_inline", .constraint = &st_ac_unit, .optional = true}};

static const st_value_def parallel_operands[] = {
	{.name = "lowerBound", .type = &st_tc_index, .arity = ST_VARIADIC},
	{.name = "upperBound", .type = &st_tc_index, .arity = ST_VARIADIC},
	{.name = "step", .type = &st_tc_index, .arity = ST_VARIADIC},
	{.name = "initVals", .arity = ST_VARIADIC},
};

static const st_value_def reduce_operands[] = {{.name = "operands", .arity = ST_VARIADIC}};
static const st_value_def reduce14_operands[] = {{.name = "operand"}};
static const st_value_def reduce_return_operands[] = {{.name = "result"}};
static const st_value_def yield_operands[] = {{.name = "results", .arity = ST_VARIADIC}};
static const st_value_def switch_operands[] = {{.name = "arg", .type = &st_tc_index}};
static const st_attr_def switch_attrs[] = {{.name = "cases", .constraint = &st_ac_dense_i64_array}};

static const st_region_def body_region[] = {{.name = "region", .single_block = true}};
static const st_region_def any_region[] = {{.name = "region"}};
static const st_region_def if_regions[] = {
	{.name = "thenRegion", .single_block = true},
	{.name = "elseRegion", .single_block = true, .allow_empty = true},
};
static const st_region_def while_regions[] = {
	{.name = "before", .single_block = true},
	{.name = "after", .single_block = true},
};
static const st_region_def reduce_regions[] = {{.name = "reductions", .arity = ST_VARIADIC, .single_block = true}};
static const st_region_def reduce14_regions[] = {{.name = "reductionOperator", .single_block = true}};
static const st_region_def switch_regions[] = {
	{.name = "defaultRegion", .single_block = true},
	{.name = "caseRegions", .arity = ST_VARIADIC, .single_block = true},
};

static const st_interface_impl for_ifaces[] = {
	{ST_IFACE_REGION_BRANCH, &st__scf_for_branch},
	{ST_IFACE_LOOP_LIKE, &st__scf_for_loop},
};
static const st_interface_impl while_ifaces[] = {
	{ST_IFACE_REGION_BRANCH, &st__scf_while_branch},
	{ST_IFACE_LOOP_LIKE, &st__scf_while_loop},
};
static const st_interface_impl if_ifaces[] = {{ST_IFACE_REGION_BRANCH, &st__scf_if_branch}};
static const st_interface_impl execute_region_ifaces[] = {{ST_IFACE_REGION_BRANCH, &st__scf_execute_region_branch}};
static const st_interface_impl parallel_ifaces[] = {{ST_IFACE_LOOP_LIKE, &st__scf_parallel_loop}};
static const st_interface_impl switch_ifaces[] = {{ST_IFACE_REGION_BRANCH, &st__scf_index_switch_branch}};

/* Verifying the edges of scf.while, scf.if, scf.execute_region and
 * scf.index_switch needs nothing else once their regions are verified. */
static st_status verify_regions(st_op *op) { return st__scf_verify_edges(op); }

static const st_opdef scf_ops[] = {
	{
		.name = "scf.condition",
		.interp = &st__scf_condition_interp,
		.summary = "loop continuation condition",
		OPERANDS(condition_operands),
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE,
		.parent = "scf.while",
		.format = "`(` $condition `)` attr-dict ($args^ `:` type($args))?",
	},
	{
		.name = "scf.execute_region",
		.interp = &st__scf_execute_region_interp,
		.summary = "operation that executes its region exactly once",
		RESULTS(results),
		ATTRS(execute_region_attrs),
		REGIONS(any_region),
		.traits = RECURSIVE,
		.parse = st__scf_parse_execute_region,
		.print = st__scf_print_execute_region,
		.verify = st__scf_verify_execute_region,
		.verify_regions = verify_regions,
		.canonicalization_patterns = st__scf_execute_region_patterns,
		IFACES(execute_region_ifaces),
	},
	{
		.name = "scf.for",
		.interp = &st__scf_for_interp,
		.summary = "for operation",
		OPERANDS(for_operands),
		RESULTS(results),
		ATTRS(for_attrs),
		REGIONS(body_region),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__scf_parse_for,
		.print = st__scf_print_for,
		.verify = st__scf_verify_for,
		.verify_regions = st__scf_verify_for_regions,
		.canonicalization_patterns = st__scf_for_patterns,
		IFACES(for_ifaces),
	},
	{
		.name = "scf.if",
		.interp = &st__scf_if_interp,
		.summary = "if-then-else operation",
		OPERANDS(if_operands),
		RESULTS(results),
		REGIONS(if_regions),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__scf_parse_if,
		.print = st__scf_print_if,
		.verify = st__scf_verify_if,
		.verify_regions = verify_regions,
		.fold = st__scf_fold_if,
		.canonicalization_patterns = st__scf_if_patterns,
		IFACES(if_ifaces),
	},
	{
		.name = "scf.index_switch",
		.interp = &st__scf_index_switch_interp,
		.summary = "switch-case operation on an index argument",
		OPERANDS(switch_operands),
		RESULTS(results),
		ATTRS(switch_attrs),
		REGIONS(switch_regions),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__scf_parse_index_switch,
		.print = st__scf_print_index_switch,
		.verify = st__scf_verify_index_switch,
		.verify_regions = verify_regions,
		.canonicalization_patterns = st__scf_index_switch_patterns,
		IFACES(switch_ifaces),
	},
	{
		.name = "scf.mlir14_reduce",
		.summary = "MLIR 14's reduction of one value in a parallel loop body",
		OPERANDS(reduce14_operands),
		REGIONS(reduce14_regions),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__scf_parse_reduce14,
		.print = st__scf_print_reduce14,
		.verify = st__scf_verify_reduce14,
		.mlir14_name = "scf.reduce",
	},
	{
		.name = "scf.parallel",
		.interp = &st__scf_parallel_interp,
		.summary = "parallel for operation",
		OPERANDS(parallel_operands),
		RESULTS(results),
		REGIONS(body_region),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = st__scf_parse_parallel,
		.print = st__scf_print_parallel,
		.verify = st__scf_verify_parallel,
		.canonicalization_patterns = st__scf_parallel_patterns,
		IFACES(parallel_ifaces),
	},
	{
		.name = "scf.reduce",
		.interp = &st__scf_yield_interp,
		.summary = "reduce operation for scf.parallel",
		OPERANDS(reduce_operands),
		REGIONS(reduce_regions),
		.traits = ST_TRAIT_TERMINATOR | RECURSIVE,
		.parent = "scf.parallel",
		.parse = st__scf_parse_reduce,
		.print = st__scf_print_reduce,
		.verify_regions = st__scf_verify_reduce_regions,
	},
	{
		.name = "scf.reduce.return",
		.interp = &st__scf_yield_interp,
		.summary = "terminator for reduce operation",
		OPERANDS(reduce_return_operands),
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE,
		.format = "$result attr-dict `:` type($result)",
		.verify = st__scf_verify_reduce_return,
	},
	{
		.name = "scf.while",
		.interp = &st__scf_while_interp,
		.summary = "a generic 'while' loop",
		OPERANDS(while_operands),
		RESULTS(results),
		REGIONS(while_regions),
		.traits = RECURSIVE | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__scf_parse_while,
		.print = st__scf_print_while,
		.verify = st__scf_verify_while,
		.verify_regions = verify_regions,
		.canonicalization_patterns = st__scf_while_patterns,
		IFACES(while_ifaces),
	},
	{
		.name = "scf.yield",
		.interp = &st__scf_yield_interp,
		.summary = "loop yield and termination operation",
		OPERANDS(yield_operands),
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_RETURN_LIKE,
		.format = "attr-dict ($results^ `:` type($results))?",
		.verify = st__scf_verify_yield,
	},
};

static const char *const scf_dependencies[] = {"arith", "cf", NULL};

static const st_dialect_def scf_dialect = {
	.name = "scf",
	.summary = "structured control flow",
	.ops = scf_ops,
	.nops = N(scf_ops),
	.dependencies = scf_dependencies,
};

st_status st_register_scf_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &scf_dialect); }
