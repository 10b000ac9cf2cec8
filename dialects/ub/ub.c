/* The ub dialect (unified buffers, docs/dialects/ub.md): a graph of
 * buffers whose write and read ports carry an iteration domain, an access
 * map and a cycle schedule in isl notation, joined by compute kernels that
 * carry a latency.  The op table and the structural checks; the isl side of
 * the verifier is in ub_verify.c. */
#include "ub_private.h"
#include "strata/asm.h"
#include "strata/interp.h"
#include "strata/ub.h"
#include "strata/arith.h"


#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------- ub.kernel */

static st_region *kernel_body(st_op *op) { return st_op_region(op, 0); }

static st_type *kernel_type(const st_op *op) {
	st_context *ctx = st_op_context(op);
	st_type *in[72], *out[8];
	st_attr *coords = st_op_get_attr(op, "coords");
	size_t nops = st_op_num_operands(op), nc = coords ? st_attr_array_size(coords) : 0;
	size_t nin = nops + nc, nout = st_op_num_results(op);
	if (nin > N(in) || nout > N(out))
		return NULL;
	for (size_t i = 0; i < nin; i++)
		in[i] = i < nops ? st_value_type(st_op_operand(op, i)) : st_index_type(ctx);
	for (size_t i = 0; i < nout; i++)
		out[i] = st_value_type(st_op_result(op, i));
	return st_function_type(ctx, nin, in, nout, out);
}

static const st_callable_iface kernel_callable = {.body = kernel_body, .function_type = kernel_type};
static const st_interface_impl kernel_ifaces[] = {{ST_IFACE_CALLABLE, &kernel_callable}};

static st_status verify_kernel(st_op *op) {
	st_attr *lat = st_op_get_attr(op, "latency");
	if (st_attr_int_value(lat) < 0)
		return st_op_error(op, "latency must be non-negative, got %lld", (long long)st_attr_int_value(lat));
	if (st_op_num_operands(op) > 64 || st_op_num_results(op) > 8)
		return st_op_error(op, "a kernel takes at most 64 inputs and 8 results");
	st_block *b = st_region_first_block(st_op_region(op, 0));
	if (!b)
		return st_op_error(op, "a kernel needs a body");
	/* `coords` lists the domain dimensions whose coordinates follow the
	 * inputs as index arguments (a body computing with its position). */
	st_attr *coords = st_op_get_attr(op, "coords");
	size_t nc = coords ? st_attr_array_size(coords) : 0;
	if (st_block_num_args(b) != st_op_num_operands(op) + nc)
		return st_op_error(op, "the body takes %zu arguments for %zu inputs and %zu coordinates", st_block_num_args(b),
		                   st_op_num_operands(op), nc);
	for (size_t i = 0; i < nc; i++) {
		st_attr *d = st_attr_array_elt(coords, i);
		if (st_attr_get_kind(d) != ST_ATTR_INTEGER || st_attr_int_value(d) < 0 ||
		    st_value_type(st_block_arg(b, st_op_num_operands(op) + i)) != st_index_type(st_op_context(op)))
			return st_op_error(op, "coordinate #%zu needs a dimension number and an index argument", i);
	}
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (st_value_type(st_block_arg(b, i)) != st_value_type(st_op_operand(op, i)))
			return st_op_error(op, "body argument #%zu does not have the type of input #%zu", i, i);
	st_op *y = st_block_last_op(b);
	if (!y || !st_str_eq_c(st_ident_str(st_op_name(y)), "ub.yield"))
		return st_op_error(op, "the body must end with ub.yield");
	if (st_op_num_operands(y) != st_op_num_results(op))
		return st_op_error(y, "yields %zu values for %zu kernel results", st_op_num_operands(y),
		                   st_op_num_results(op));
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (st_value_type(st_op_operand(y, i)) != st_value_type(st_op_result(op, i)))
			return st_op_error(y, "yielded value #%zu does not have the type of kernel result #%zu", i, i);
	return ST_OK;
}

static st_status exec_yield(st_interp_exec *x) {
	st_interp_yield(x, 0, x->iop->noperands);
	return ST_OK;
}
static const st_interp_hook yield_interp = {.exec = exec_yield};

/* ------------------------------------------------------------- op table */

static const st_attr_def graph_attrs[] = {{.name = "sym_name", .constraint = &st_ac_symbol_name}};
static const st_region_def graph_region[] = {{.name = "body", .kind = ST_REGION_GRAPH, .single_block = true}};

static const st_value_def buffer_results[] = {{.name = "buffer", .type = &st_tc_memref}};
static const st_attr_def buffer_attrs[] = {
	{.name = "name", .constraint = &st_ac_symbol_name},
	{.name = "arg", .constraint = &st_ac_i64, .optional = true},
	{.name = "capacity", .constraint = &st_ac_i64, .optional = true},
	{.name = "kind", .constraint = &st_ac_string, .optional = true},
	{.name = "map", .constraint = &st_ac_string, .optional = true},
};

static const st_attr_def port_attrs[] = {
	{.name = "domain", .constraint = &st_ac_string},
	{.name = "access", .constraint = &st_ac_string},
	{.name = "schedule", .constraint = &st_ac_string},
	{.name = "tap", .constraint = &st_ac_i64, .optional = true},
	{.name = "lane_taps", .constraint = &st_ac_dense_i64_array, .optional = true},
};
static const st_value_def write_operands[] = {
	{.name = "buffer", .type = &st_tc_memref},
	{.name = "value", .arity = ST_OPTIONAL},
};
static const st_value_def read_operands[] = {{.name = "buffer", .type = &st_tc_memref}};
static const st_value_def read_results[] = {{.name = "value"}};

static const st_value_def param_results[] = {{.name = "value"}};
static const st_attr_def param_attrs[] = {
	{.name = "name", .constraint = &st_ac_symbol_name},
	{.name = "arg", .constraint = &st_ac_i64},
};

static const st_value_def kernel_operands[] = {{.name = "inputs", .arity = ST_VARIADIC}};
static const st_value_def kernel_results[] = {{.name = "results", .arity = ST_VARIADIC}};
static const st_attr_def kernel_attrs[] = {
	{.name = "name", .constraint = &st_ac_symbol_name},
	{.name = "latency", .constraint = &st_ac_i64},
	{.name = "coords", .constraint = &st_ac_array, .optional = true},
};
static const st_region_def kernel_region[] = {{.name = "body", .single_block = true}};
static const st_attr_def mem_attrs[] = {
	{.name = "name", .constraint = &st_ac_symbol_name},
	{.name = "buffer", .constraint = &st_ac_string},
	{.name = "kind", .constraint = &st_ac_string},
	{.name = "node", .constraint = &st_ac_string},
	{.name = "words", .constraint = &st_ac_i64},
	{.name = "ctrls", .constraint = &st_ac_array},
};
static const st_value_def yield_operands[] = {{.name = "values", .arity = ST_VARIADIC}};

static const st_opdef ub_ops[] = {
	{
		.name = "ub.graph",
		.summary = "a unified-buffer graph: buffers, ports and kernels of one accelerator",
		.attrs = graph_attrs,
		.nattrs = N(graph_attrs),
		.regions = graph_region,
		.nregions = N(graph_region),
		.traits = ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_SYMBOL,
		.format = "$sym_name attr-dict-with-keyword $body",
		.verify_regions = st__ub_verify_graph,
	},
	{
		.name = "ub.buffer",
		.summary = "a unified buffer: a logical memory of the given shape",
		.results = buffer_results,
		.nresults = N(buffer_results),
		.attrs = buffer_attrs,
		.nattrs = N(buffer_attrs),
		.parent = "ub.graph",
		.format = "$name attr-dict `:` type($buffer)",
		.verify = st__ub_verify_buffer,
	},
	{
		.name = "ub.write",
		.summary = "a write port: the buffer receives `value` (from the host without it)",
		.operands = write_operands,
		.noperands = N(write_operands),
		.attrs = port_attrs,
		.nattrs = N(port_attrs),
		.parent = "ub.graph",
		.format = "$buffer (`from` $value^ `:` type($value))? attr-dict `:` type($buffer)",
		.verify = st__ub_verify_port,
	},
	{
		.name = "ub.read",
		.summary = "a read port: one value of the buffer per iteration of its domain",
		.operands = read_operands,
		.noperands = N(read_operands),
		.results = read_results,
		.nresults = N(read_results),
		.attrs = port_attrs,
		.nattrs = N(port_attrs),
		.parent = "ub.graph",
		.format = "$buffer attr-dict `:` type($buffer) `->` type($value)",
		.verify = st__ub_verify_port,
	},
	{
		.name = "ub.param",
		.summary = "a scalar argument of the kernel: the host sets it before the run and holds it; kernels take it "
		           "as an input",
		.results = param_results,
		.nresults = N(param_results),
		.attrs = param_attrs,
		.nattrs = N(param_attrs),
		.traits = ST_TRAIT_PURE,
		.parent = "ub.graph",
		.format = "$name attr-dict `:` type($value)",
		.verify = st__ub_verify_param,
	},
	{
		.name = "ub.kernel",
		.summary = "a compute kernel between read ports (and parameters) and write ports, with its latency in cycles",
		.operands = kernel_operands,
		.noperands = N(kernel_operands),
		.results = kernel_results,
		.nresults = N(kernel_results),
		.attrs = kernel_attrs,
		.nattrs = N(kernel_attrs),
		.regions = kernel_region,
		.nregions = N(kernel_region),
		.traits = ST_TRAIT_SINGLE_BLOCK,
		.parent = "ub.graph",
		.format = "$name `(` $inputs `)` attr-dict `:` functional-type($inputs, $results) $body",
		.verify = verify_kernel,
		.interfaces = kernel_ifaces,
		.ninterfaces = N(kernel_ifaces),
	},
	{
		.name = "ub.mem",
		.summary = "a physical memory element of a mapped buffer, with its controller vectors",
		.attrs = mem_attrs,
		.nattrs = N(mem_attrs),
		.parent = "ub.graph",
		.format = "$name attr-dict",
		.verify = st__ub_verify_mem,
	},
	{
		.name = "ub.yield",
		.summary = "the values a kernel computes",
		.operands = yield_operands,
		.noperands = N(yield_operands),
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_RETURN_LIKE,
		.parent = "ub.kernel",
		.format = "($values^ `:` type($values))? attr-dict",
		.interp = &yield_interp,
	},
};

static const char *const ub_deps[] = {"arith", NULL};

static const st_dialect_def ub_dialect = {
	.name = "ub",
	.summary = "unified buffers: multi-port buffers with polyhedral ports, and their kernels",
	.ops = ub_ops,
	.nops = N(ub_ops),
	.parse_attr = st__ub_parse_attr,
	.print_attr = st__ub_print_attr,
	.verify_op_attr = st__ub_verify_op_attr,
	.dependencies = ub_deps,
};

st_status st_register_ub_dialect(st_context *ctx) {
	if (st_failed(st_register_arith_dialect(ctx)))
		return ST_FAIL;
	return st_context_register_dialect(ctx, &ub_dialect);
}
