/* The srdfg dialect: the edge type and the op table (docs/dialects/srdfg.md).
 * Ops are written in declarative formats; the checks that tie an op to its
 * regions live in srdfg_verify.c, the semantics in srdfg_interp.c. */
#include "srdfg_internal.h"

#include "strata/asm.h"
#include "strata/srdfg.h"
#include "strata/arith.h"
#include "strata/math.h"


#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const mod_names[] = {"input", "output", "state", "param", "local"};

const char *st_srdfg_mod_name(st_srdfg_mod m) { return (unsigned)m < N(mod_names) ? mod_names[m] : "?"; }

/* ------------------------------------------------------------------ types */

static st_dialect *srdfg_dialect(st_context *ctx) { return st_context_get_dialect(ctx, st_str_c("srdfg")); }

bool st_srdfg_is_edge(const st_type *t) {
	st_dialect *d = t ? st_type_dialect(t) : NULL;
	return d && st_str_eq_c(st_ident_str(st_dialect_name(d)), "srdfg") && st_type_num_params(t) == 2;
}

st_srdfg_mod st_srdfg_edge_mod(const st_type *t) { return (st_srdfg_mod)st_attr_int_value(st_type_param(t, 0)); }
st_type *st_srdfg_edge_value(const st_type *t) { return st_attr_type_value(st_type_param(t, 1)); }

bool st__srdfg_scalar_ok(const st_type *t) { return st_type_is_signless_integer(t, 0) || st_type_is_float(t); }

bool st__srdfg_value_ok(const st_type *t) {
	if (st__srdfg_scalar_ok(t))
		return true;
	if (st_type_get_kind(t) != ST_TYPE_RANKED_TENSOR || !st_type_has_rank(t) || !st__srdfg_scalar_ok(st_type_element(t)))
		return false;
	return st_type_rank(t) <= ST__SRDFG_MAX_IDX && st_type_num_elements_static(t) >= 0;
}

st_type *st_srdfg_edge_type(st_context *ctx, st_srdfg_mod m, st_type *value) {
	st_dialect *d = srdfg_dialect(ctx);
	if (!d || !value)
		return NULL;
	st_attr *params[2] = {st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), (int64_t)m),
	                      st_type_attr(ctx, value)};
	return st_dialect_type(ctx, d, st_str_c("edge"), 2, params);
}

st_type *st_srdfg_edge_memref(st_context *ctx, const st_type *t) {
	st_type *v = st_srdfg_edge_value(t);
	if (st_type_get_kind(v) != ST_TYPE_RANKED_TENSOR)
		return v;
	return st_memref_type(ctx, st_type_rank(v), st_type_shape(v), st_type_element(v), NULL, NULL);
}

static st_type *parse_type(st_parser *p, st_dialect *d) {
	(void)d;
	st_str kw;
	st_type *v;
	if (st_failed(st_parser_expect_keyword(p, "edge")) || st_failed(st_parser_expect_punct(p, "<")))
		return NULL;
	st_attr *at = st_parser_loc(p);
	if (st_failed(st_parser_keyword(p, &kw)))
		return NULL;
	size_t m = 0;
	while (m < N(mod_names) && !st_str_eq_c(kw, mod_names[m]))
		m++;
	if (m == N(mod_names)) {
		st_parser_error_at(p, at, "unknown flow modifier '%.*s'", (int)kw.len, kw.data);
		return NULL;
	}
	if (st_failed(st_parser_expect_punct(p, ",")))
		return NULL;
	at = st_parser_loc(p);
	if (st_failed(st_parser_type(p, &v)) || st_failed(st_parser_expect_punct(p, ">")))
		return NULL;
	if (!st__srdfg_value_ok(v)) {
		st_parser_error_at(p, at, "an edge carries an integer or float scalar or a static tensor of one");
		return NULL;
	}
	return st_srdfg_edge_type(st_parser_context(p), (st_srdfg_mod)m, v);
}

static void print_type(st_printer *p, const st_type *t) {
	st_printer_printf(p, "edge<%s, ", st_srdfg_mod_name(st_srdfg_edge_mod(t)));
	st_printer_type(p, st_srdfg_edge_value(t));
	st_printer_puts(p, ">");
}

/* ----------------------------------------------------------- constraints */

static bool is_edge(const st_type *t) { return st_srdfg_is_edge(t); }
static bool is_scalar(const st_type *t) { return st__srdfg_scalar_ok(t); }
static const st_type_constraint tc_edge = {"an srdfg edge", is_edge};
static const st_type_constraint tc_scalar = {"an integer or float scalar", is_scalar};

/* -------------------------------------------------------------- graph */

static st_region *graph_body(st_op *op) { return st_op_region(op, 0); }

/* A graph is called with memrefs for its array edges and scalars for the
 * rest, and returns its output and state arguments (written in place). */
static st_type *graph_type(const st_op *op) {
	st_context *ctx = st_op_context(op);
	st_block *b = st_region_first_block(st_op_region((st_op *)op, 0));
	size_t n = b ? st_block_num_args(b) : 0, nout = 0;
	st_type *small_in[16], *small_out[16];
	st_type **in = n <= 16 ? small_in : st_ctx_alloc(ctx, 2 * n * sizeof *in);
	if (!in)
		return NULL;
	st_type **out = n <= 16 ? small_out : in + n;
	for (size_t i = 0; i < n; i++) {
		st_type *t = st_value_type(st_block_arg(b, i));
		if (!st_srdfg_is_edge(t)) {
			in[i] = t;
			continue;
		}
		in[i] = st_srdfg_edge_memref(ctx, t);
		st_srdfg_mod m = st_srdfg_edge_mod(t);
		if (m == ST_SRDFG_OUTPUT || m == ST_SRDFG_STATE)
			out[nout++] = in[i];
	}
	st_type *ft = st_function_type(ctx, n, in, nout, out);
	if (in != small_in)
		st_ctx_free(ctx, in, 2 * n * sizeof *in);
	return ft;
}

static const st_callable_iface graph_callable = {.body = graph_body, .function_type = graph_type};
static const st_interface_impl graph_ifaces[] = {{ST_IFACE_CALLABLE, &graph_callable}};

static const st_attr_def graph_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "domain", .constraint = &st_ac_string, .optional = true},
	/* One dictionary per argument (the frontend's names and defaults),
	 * carried to the func.func convert-srdfg-to-affine makes. */
	{.name = "arg_attrs", .constraint = &st_ac_array, .optional = true},
};
static const st_region_def one_body[] = {{.name = "body"}};

/* ---------------------------------------------------------------- ops */

static const st_value_def args_def[] = {{.name = "args", .type = &tc_edge, .arity = ST_VARIADIC}};
static const st_value_def outs_def[] = {{.name = "outs", .type = &tc_edge, .arity = ST_VARIADIC}};
static const st_attr_def node_attrs[] = {
	{.name = "component", .constraint = &st_ac_string},
	{.name = "domain", .constraint = &st_ac_string, .optional = true},
	/* The codelet pattern srdfg-raise-to-codelet recognised. */
	{.name = "codelet", .constraint = &st_ac_string, .optional = true},
};

static const st_value_def values_def[] = {{.name = "values", .arity = ST_VARIADIC}};

static const st_value_def init_def[] = {{.name = "init", .type = &tc_edge, .infer = "$result"}};
static const st_value_def edge_result[] = {{.name = "result", .type = &tc_edge}};
static const st_attr_def compute_attrs[] = {
	{.name = "lb", .constraint = &st_ac_dense_i64_array},
	{.name = "ub", .constraint = &st_ac_dense_i64_array},
	{.name = "map", .constraint = &st_ac_affine_map, .optional = true},
};

static const st_value_def scalar_result[] = {{.name = "result", .type = &tc_scalar}};
static const st_attr_def reduce_attrs[] = {
	{.name = "kind", .constraint = &st_ac_string},
	{.name = "lb", .constraint = &st_ac_dense_i64_array},
	{.name = "ub", .constraint = &st_ac_dense_i64_array},
};
static const st_region_def reduce_regions[] = {{.name = "body"}, {.name = "combiner", .allow_empty = true}};

static const st_value_def load_operands[] = {{.name = "source", .type = &tc_edge}, {.name = "indices", .type = &st_tc_index, .arity = ST_VARIADIC, .infer = "index"}};
static const st_attr_def load_attrs[] = {{.name = "map", .constraint = &st_ac_affine_map, .optional = true}};

static const st_attr_def constant_attrs[] = {{.name = "value", .constraint = &st_ac_typed}};

static const st_opdef srdfg_ops[] = {
	{
		.name = "srdfg.graph",
		.summary = "the graph of the entry component: its arguments are the component's",
		.attrs = graph_attrs,
		.nattrs = N(graph_attrs),
		.regions = one_body,
		.nregions = 1,
		.traits = ST_TRAIT_SYMBOL | ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_SINGLE_BLOCK,
		.format = "$sym_name attr-dict-with-keyword $body",
		.verify_regions = st__srdfg_verify_graph,
		.interfaces = graph_ifaces,
		.ninterfaces = N(graph_ifaces),
	},
	{
		.name = "srdfg.node",
		.summary = "a component instance; its region is the instance's graph",
		.operands = args_def,
		.noperands = 1,
		.results = outs_def,
		.nresults = 1,
		.attrs = node_attrs,
		.nattrs = N(node_attrs),
		.regions = one_body,
		.nregions = 1,
		.traits = ST_TRAIT_SINGLE_BLOCK,
		.format = "$component `(` $args `)` attr-dict `:` functional-type($args, $outs) $body",
		.verify_regions = st__srdfg_verify_node,
		.interp = &st__srdfg_node_hook,
	},
	{
		.name = "srdfg.yield",
		.summary = "the values a node, statement or reduction region produces",
		.operands = values_def,
		.noperands = 1,
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_RETURN_LIKE,
		.format = "attr-dict ($values^ `:` type($values))?",
		.verify = st__srdfg_verify_yield,
		.interp = &st__srdfg_yield_hook,
	},
	{
		.name = "srdfg.return",
		.summary = "writes the final values of the outputs and states into the graph's arguments",
		.operands = values_def,
		.noperands = 1,
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_RETURN_LIKE,
		.parent = "srdfg.graph",
		.format = "attr-dict ($values^ `:` type($values))?",
		.verify = st__srdfg_verify_return,
		.interp = &st__srdfg_return_hook,
	},
	{
		.name = "srdfg.compute",
		.summary = "an element-wise statement: a copy of `init` with the points of the index box written",
		.operands = init_def,
		.noperands = 1,
		.results = edge_result,
		.nresults = 1,
		.attrs = compute_attrs,
		.nattrs = N(compute_attrs),
		.regions = one_body,
		.nregions = 1,
		.traits = ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_RECURSIVE_MEMORY_EFFECTS,
		.format = "$init attr-dict `:` type($result) $body",
		.verify_regions = st__srdfg_verify_compute,
		.interp = &st__srdfg_compute_hook,
	},
	{
		.name = "srdfg.reduce",
		.summary = "a group operation (sum, prod, max, min or a user reduction) over an index box",
		.results = scalar_result,
		.nresults = 1,
		.attrs = reduce_attrs,
		.nattrs = N(reduce_attrs),
		.regions = reduce_regions,
		.nregions = 2,
		.traits = ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_RECURSIVE_MEMORY_EFFECTS,
		.format = "$kind attr-dict `:` type($result) $body ($combiner^)?",
		.verify_regions = st__srdfg_verify_reduce,
		.interp = &st__srdfg_reduce_hook,
	},
	{
		.name = "srdfg.load",
		.summary = "one element of an edge, at the map of the index operands",
		.operands = load_operands,
		.noperands = 2,
		.results = scalar_result,
		.nresults = 1,
		.attrs = load_attrs,
		.nattrs = N(load_attrs),
		.traits = ST_TRAIT_PURE,
		.format = "$source `[` $indices `]` attr-dict `:` type($source) `->` type($result)",
		.verify = st__srdfg_verify_load,
		.interp = &st__srdfg_load_hook,
	},
	{
		.name = "srdfg.init",
		.summary = "a zero-filled local edge",
		.results = edge_result,
		.nresults = 1,
		.traits = ST_TRAIT_PURE,
		.format = "attr-dict `:` type($result)",
		.interp = &st__srdfg_init_hook,
	},
	{
		.name = "srdfg.constant",
		.summary = "a scalar edge holding a literal (an argument written as a number)",
		.results = edge_result,
		.nresults = 1,
		.attrs = constant_attrs,
		.nattrs = N(constant_attrs),
		.traits = ST_TRAIT_PURE,
		.format = "$value attr-dict `:` type($result)",
		.verify = st__srdfg_verify_constant,
		.interp = &st__srdfg_constant_hook,
	},
};

static const char *const srdfg_deps[] = {"arith", "math", NULL};

static const st_dialect_def srdfg_def = {
	.name = "srdfg",
	.summary = "PMLang's simultaneous-recursive dataflow graph",
	.ops = srdfg_ops,
	.nops = N(srdfg_ops),
	.parse_type = parse_type,
	.print_type = print_type,
	.dependencies = srdfg_deps,
};

st_status st_register_srdfg_dialect(st_context *ctx) {
	if (st_failed(st_register_arith_dialect(ctx)) || st_failed(st_register_math_dialect(ctx)))
		return ST_FAIL;
	if (st_failed(st_context_register_dialect(ctx, &srdfg_def)))
		return ST_FAIL;
	return st__srdfg_register_translations(ctx);
}
