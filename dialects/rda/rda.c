/* The rda dialect: its two types and the op table (docs/dialects/rda.md).
 * Ops are declared here with their formats; their checks live in
 * rda_verify.c, the mapped form's check against the .acg in rda_target.c,
 * the custom syntax of rda.deq and rda.enq in rda_syntax.c. */
#include "rda_internal.h"

#include "strata/asm.h"

#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OPS(a) .operands = a, .noperands = N(a)
#define RES(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)

st_dialect *st__rda_dialect(st_context *ctx) { return st_context_get_dialect(ctx, st_str_c("rda")); }

/* ------------------------------------------------------------------ types */

static bool is_rda_type(const st_type *t, const char *mnemonic) {
	st_dialect *d = t && st_type_get_kind(t) == ST_TYPE_DIALECT ? st_type_dialect(t) : NULL;
	return d && st_str_eq_c(st_ident_str(st_dialect_name(d)), "rda") &&
	       st_str_eq_c(st_ident_str(st_type_mnemonic(t)), mnemonic);
}

bool st_rda_is_token(const st_type *t) { return is_rda_type(t, "token"); }
bool st_rda_is_stream(const st_type *t) { return is_rda_type(t, "stream") && st_type_num_params(t) == 1; }

static bool elt_ok(const st_type *t) { return t && (st_type_is_integer(t) || st_type_is_index(t) || st_type_is_float(t)); }

st_type *st_rda_token_type(st_context *ctx) {
	st_dialect *d = st__rda_dialect(ctx);
	return d ? st_dialect_type(ctx, d, st_str_c("token"), 0, NULL) : NULL;
}

st_type *st_rda_stream_type(st_context *ctx, st_type *elt, int64_t lanes) {
	st_dialect *d = st__rda_dialect(ctx);
	if (!d || !elt_ok(elt) || lanes < 0)
		return NULL;
	st_type *payload = elt;
	if (lanes > 0)
		payload = st_vector_type(ctx, 1, &lanes, NULL, elt);
	st_attr *param = payload ? st_type_attr(ctx, payload) : NULL;
	return param ? st_dialect_type(ctx, d, st_str_c("stream"), 1, &param) : NULL;
}

static st_type *payload_of(const st_type *t) { return st_attr_type_value(st_type_param(t, 0)); }

st_type *st_rda_stream_elt(const st_type *t) {
	if (!st_rda_is_stream(t))
		return NULL;
	st_type *p = payload_of(t);
	return st_type_get_kind(p) == ST_TYPE_VECTOR ? st_type_element(p) : p;
}

int64_t st_rda_stream_lanes(const st_type *t) {
	if (!st_rda_is_stream(t))
		return 0;
	st_type *p = payload_of(t);
	return st_type_get_kind(p) == ST_TYPE_VECTOR ? st_type_dim(p, 0) : 0;
}

static st_type *parse_type(st_parser *p, st_dialect *d) {
	(void)d;
	st_context *ctx = st_parser_context(p);
	st_attr *at = st_parser_loc(p);
	if (st_parser_optional_keyword(p, "token"))
		return st_rda_token_type(ctx);
	if (st_failed(st_parser_expect_keyword(p, "stream")) || st_failed(st_parser_expect_punct(p, "<")))
		return NULL;
	at = st_parser_loc(p);
	st_type *payload;
	if (st_failed(st_parser_type(p, &payload)) || st_failed(st_parser_expect_punct(p, ">")))
		return NULL;
	st_type *elt = payload;
	int64_t lanes = 0;
	if (st_type_get_kind(payload) == ST_TYPE_VECTOR) {
		if (st_type_rank(payload) != 1 || st_type_dim_scalable(payload, 0)) {
			st_parser_error_at(p, at, "a vector stream carries a one-dimensional, fixed-length vector");
			return NULL;
		}
		elt = st_type_element(payload);
		lanes = st_type_dim(payload, 0);
	}
	if (!elt_ok(elt)) {
		st_parser_error_at(p, at, "a stream carries integers, indices or floats, or vectors of them");
		return NULL;
	}
	return st_rda_stream_type(ctx, elt, lanes);
}

static void print_type(st_printer *p, const st_type *t) {
	if (st_rda_is_token(t)) {
		st_printer_puts(p, "token");
		return;
	}
	st_printer_puts(p, "stream<");
	st_printer_type(p, payload_of(t));
	st_printer_puts(p, ">");
}

/* ------------------------------------------------------------ constraints */

static bool is_token(const st_type *t) { return st_rda_is_token(t); }
static bool is_stream(const st_type *t) { return st_rda_is_stream(t); }
static bool is_any_stream(const st_type *t) { return st_rda_is_token(t) || st_rda_is_stream(t); }
static bool is_scalar(const st_type *t) { return elt_ok(t); }
static bool is_memref_type_attr(const st_attr *a) {
	st_type *t = st_attr_get_kind(a) == ST_ATTR_TYPE ? st_attr_type_value(a) : NULL;
	return t && st_type_get_kind(t) == ST_TYPE_MEMREF && st_type_num_elements_static(t) >= 0 &&
	       elt_ok(st_type_element(t));
}
static const st_type_constraint tc_token = {"!rda.token", is_token};
static const st_type_constraint tc_stream = {"a data stream (!rda.stream)", is_stream};
static const st_type_constraint tc_any_stream = {"an rda stream or token", is_any_stream};
static const st_type_constraint tc_scalar = {"an integer, index or float", is_scalar};
static const st_attr_constraint ac_memref = {"a statically shaped memref type of integers, indices or floats",
                                             is_memref_type_attr};

/* ------------------------------------------------------------------- ops */

static const char *const kind_cases[] = {"compute", "memory", "dram", "host", NULL};
const char *const st__rda_fold_kinds[] = {"addi", "addf", "muli", "mulf", "maxsi", "minsi", "maxui", "minui",
                                          "maximumf", "minimumf", "andi", "ori", "xori", NULL};

static const st_region_def graph_body[] = {{.name = "body", .kind = ST_REGION_GRAPH, .single_block = true, .allow_empty = true}};
static const st_region_def ssa_body[] = {{.name = "body", .single_block = true, .allow_empty = true}};

static const st_attr_def design_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "lanes", .constraint = &st_ac_i64},
	{.name = "kernel", .constraint = &st_ac_string, .optional = true},
	{.name = "target", .constraint = &st_ac_flat_symbol_ref, .optional = true},
	{.name = "mapped", .constraint = &st_ac_unit, .optional = true},
};
static const st_attr_def dram_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "type", .constraint = &ac_memref},
	{.name = "arg", .constraint = &st_ac_i64, .optional = true},
};
static const st_value_def stream_result[] = {{.name = "result", .type = &tc_any_stream}};
static const st_attr_def stream_attrs[] = {
	{.name = "depth", .constraint = &st_ac_i64},
	{.name = "init", .constraint = &st_ac_i64, .optional = true},
	{.name = "init_value", .constraint = &st_ac_typed, .optional = true},
	{.name = "name", .constraint = &st_ac_string, .optional = true},
	{.name = "route", .constraint = &st_ac_array, .optional = true},
	{.name = "net", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "vc", .constraint = &st_ac_dense_i64_array, .optional = true},
};
static const st_attr_def unit_attrs[] = {
	{.name = "kind", .constraint = &st_ac_i64, .enum_cases = kind_cases},
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "pu", .constraint = &st_ac_string, .optional = true},
	{.name = "at", .constraint = &st_ac_dense_i64_array, .optional = true},
};
static const st_attr_def context_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "lanes", .constraint = &st_ac_i64, .optional = true},
	{.name = "ii", .constraint = &st_ac_i64, .optional = true},
};
static const st_attr_def scratch_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "type", .constraint = &ac_memref},
	{.name = "banks", .constraint = &st_ac_i64},
	{.name = "bank_div", .constraint = &st_ac_i64, .optional = true},
	{.name = "bank_skew", .constraint = &st_ac_i64, .optional = true},
	{.name = "part", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "init", .constraint = &st_ac_typed, .optional = true},
};

static const st_value_def counter_operands[] = {{.name = "lo", .type = &st_tc_index, .infer = "index"},
                                                {.name = "hi", .type = &st_tc_index, .infer = "index"}};
static const st_value_def index_result[] = {{.name = "result", .type = &st_tc_index, .infer = "index"}};
static const st_attr_def counter_attrs[] = {
	{.name = "step", .constraint = &st_ac_i64},
	{.name = "stride", .constraint = &st_ac_i64, .optional = true},
	{.name = "vec", .constraint = &st_ac_unit, .optional = true},
};
static const st_attr_def level_attrs[] = {{.name = "level", .constraint = &st_ac_i64}};
static const st_value_def deq_operands[] = {{.name = "stream", .type = &tc_stream}};
static const st_value_def scalar_result[] = {{.name = "result", .type = &tc_scalar}};
static const st_value_def enq_operands[] = {
	{.name = "stream", .type = &tc_stream},
	{.name = "value", .type = &tc_scalar},
	{.name = "pred", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
};
static const st_value_def token_operands[] = {{.name = "token", .type = &tc_token, .infer = "!rda.token"}};
static const st_value_def reg_operands[] = {{.name = "init", .type = &tc_scalar, .infer = "$result"}};
static const st_value_def reg_result[] = {{.name = "result", .type = &tc_scalar}};
static const st_attr_def reg_attrs[] = {{.name = "reset", .constraint = &st_ac_i64}};
static const st_value_def reg_set_operands[] = {{.name = "reg", .type = &tc_scalar},
                                                {.name = "next", .type = &tc_scalar, .infer = "$reg"}};
static const st_value_def reg_set_result[] = {{.name = "result", .type = &tc_scalar, .infer = "$reg"}};
static const st_value_def fold_operands[] = {{.name = "acc", .type = &tc_scalar, .infer = "$result"},
                                             {.name = "value", .type = &tc_scalar, .infer = "$result"}};
static const st_attr_def fold_attrs[] = {{.name = "kind", .constraint = &st_ac_string}};
static const st_attr_def mem_attrs[] = {{.name = "mem", .constraint = &st_ac_flat_symbol_ref}};
static const st_value_def read_operands[] = {
	{.name = "addr", .type = &st_tc_index, .infer = "index"},
	{.name = "pred", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
};
static const st_value_def write_operands[] = {
	{.name = "value", .type = &tc_scalar},
	{.name = "addr", .type = &st_tc_index, .infer = "index"},
	{.name = "pred", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
};
static const st_value_def load_operands[] = {
	{.name = "addr", .type = &st_tc_index, .infer = "index"},
	{.name = "stream", .type = &tc_stream},
	{.name = "pred", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
	{.name = "ack", .type = &tc_token, .arity = ST_VARIADIC, .infer = "!rda.token"},
};
static const st_value_def store_operands[] = {
	{.name = "value", .type = &tc_scalar},
	{.name = "addr", .type = &st_tc_index, .infer = "index"},
	{.name = "pred", .type = &st_tc_bool, .arity = ST_OPTIONAL, .infer = "i1"},
	{.name = "ack", .type = &tc_token, .arity = ST_VARIADIC, .infer = "!rda.token"},
};
static const st_attr_def access_attrs[] = {
	{.name = "mem", .constraint = &st_ac_flat_symbol_ref},
	{.name = "ack_levels", .constraint = &st_ac_dense_i64_array, .optional = true},
};
static const st_attr_def index_attrs[] = {{.name = "index", .constraint = &st_ac_i64}};
static const st_value_def result_operands[] = {{.name = "value", .type = &tc_scalar}};

#define IN_CONTEXT .parent = "rda.context"

static const st_opdef rda_ops[] = {
	{
		.name = "rda.design",
		.summary = "a dataflow program: DRAM buffers, streams and virtual units",
		ATTRS(design_attrs),
		.regions = graph_body,
		.nregions = 1,
		.traits = ST_TRAIT_SYMBOL | ST_TRAIT_SYMBOL_TABLE | ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_NO_TERMINATOR |
		          ST_TRAIT_SINGLE_BLOCK,
		.format = "$sym_name attr-dict-with-keyword $body",
		.verify_regions = st__rda_verify_design,
	},
	{
		.name = "rda.dram",
		.summary = "an off-chip buffer (a kernel argument when `arg` is set)",
		ATTRS(dram_attrs),
		.traits = ST_TRAIT_SYMBOL,
		.parent = "rda.design",
		.format = "$sym_name `:` $type attr-dict",
		.verify = st__rda_verify_dram,
	},
	{
		.name = "rda.stream",
		.summary = "a stream between contexts: one writer, any readers, `depth` elements of buffer at each",
		RES(stream_result),
		ATTRS(stream_attrs),
		.parent = "rda.design",
		.format = "attr-dict `:` type($result)",
		.verify = st__rda_verify_stream,
	},
	{
		.name = "rda.unit",
		.summary = "a virtual unit: contexts (and scratchpads) that one physical unit runs",
		ATTRS(unit_attrs),
		.regions = graph_body,
		.nregions = 1,
		.traits = ST_TRAIT_SYMBOL | ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK,
		.parent = "rda.design",
		.format = "$kind $sym_name attr-dict-with-keyword $body",
		.verify_regions = st__rda_verify_unit,
	},
	{
		.name = "rda.scratch",
		.summary = "a scratchpad of a memory unit (or a partition of one: `part` = [index, parts, div]; `init`: its contents at the start, a table the configuration carries)",
		ATTRS(scratch_attrs),
		.traits = ST_TRAIT_SYMBOL,
		.parent = "rda.unit",
		.format = "$sym_name `:` $type attr-dict",
		.verify = st__rda_verify_scratch,
	},
	{
		.name = "rda.context",
		.summary = "an independently triggered program: counters, dequeues, a branch-free body, enqueues",
		ATTRS(context_attrs),
		.regions = ssa_body,
		.nregions = 1,
		.traits = ST_TRAIT_SYMBOL | ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK,
		.parent = "rda.unit",
		.format = "$sym_name attr-dict-with-keyword $body",
		.verify_regions = st__rda_verify_context,
	},
	{
		.name = "rda.counter",
		.summary = "the next counter of the chain: lo, lo + stride, ... below hi (lane l adds l * step when vec)",
		OPS(counter_operands),
		RES(index_result),
		ATTRS(counter_attrs),
		IN_CONTEXT,
		.format = "$lo `to` $hi `step` $step (`stride` $stride^)? (`vec` $vec^)? attr-dict",
		.verify = st__rda_verify_counter,
	},
	{
		.name = "rda.deq",
		.summary = "the head of an input stream, popped at the end of each iteration of its level",
		OPS(deq_operands),
		RES(scalar_result),
		ATTRS(level_attrs),
		IN_CONTEXT,
		.parse = st__rda_parse_deq,
		.print = st__rda_print_deq,
		.verify = st__rda_verify_deq,
	},
	{
		.name = "rda.wait",
		.summary = "a token the context needs to fire, popped at the end of each iteration of its level",
		OPS(token_operands),
		ATTRS(level_attrs),
		IN_CONTEXT,
		.format = "$token `at` $level attr-dict",
		.verify = st__rda_verify_token_op,
	},
	{
		.name = "rda.enq",
		.summary = "pushes a value (on the lanes where pred holds) once per iteration of its level",
		OPS(enq_operands),
		ATTRS(level_attrs),
		IN_CONTEXT,
		.parse = st__rda_parse_enq,
		.print = st__rda_print_enq,
		.verify = st__rda_verify_enq,
	},
	{
		.name = "rda.signal",
		.summary = "pushes a token once per iteration of its level",
		OPS(token_operands),
		ATTRS(level_attrs),
		IN_CONTEXT,
		.format = "$token `at` $level attr-dict",
		.verify = st__rda_verify_token_op,
	},
	{
		.name = "rda.reg",
		.summary = "a pipeline register per lane: init at the first firing of each iteration of `reset`, "
		           "else what rda.reg_set gave it last",
		OPS(reg_operands),
		RES(reg_result),
		ATTRS(reg_attrs),
		IN_CONTEXT,
		.format = "$init `reset` $reset attr-dict `:` type($result)",
		.verify = st__rda_verify_reg,
	},
	{
		.name = "rda.reg_set",
		.summary = "the value a register holds at the next firing (kept on lanes not valid in this firing); "
		           "the result is what the register holds after the firing",
		OPS(reg_set_operands),
		RES(reg_set_result),
		IN_CONTEXT,
		.format = "$reg `,` $next attr-dict `:` type($reg)",
		.verify = st__rda_verify_reg_set,
	},
	{
		.name = "rda.fold",
		.summary = "acc combined with the value of every valid lane in lane order (the reduction tree)",
		OPS(fold_operands),
		RES(reg_result),
		ATTRS(fold_attrs),
		IN_CONTEXT,
		.traits = ST_TRAIT_PURE,
		.format = "$kind $acc `,` $value attr-dict `:` type($result)",
		.verify = st__rda_verify_fold,
	},
	{
		.name = "rda.read",
		.summary = "reads a scratchpad of the context's memory unit",
		OPS(read_operands),
		RES(scalar_result),
		ATTRS(mem_attrs),
		IN_CONTEXT,
		.format = "$mem `[` $addr `]` (`if` $pred^)? attr-dict `:` type($result)",
		.verify = st__rda_verify_sram,
	},
	{
		.name = "rda.write",
		.summary = "writes a scratchpad of the context's memory unit",
		OPS(write_operands),
		ATTRS(mem_attrs),
		IN_CONTEXT,
		.format = "$value `,` $mem `[` $addr `]` (`if` $pred^)? attr-dict `:` type($value)",
		.verify = st__rda_verify_sram,
	},
	{
		.name = "rda.load",
		.summary = "a DRAM read request; the responses go, in order, to the stream; each `ack` stream gets a "
		           "token per iteration of its level once the iteration's responses are back",
		OPS(load_operands),
		ATTRS(access_attrs),
		IN_CONTEXT,
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.format = "$mem `[` $addr `]` `->` $stream (`if` $pred^)? (`ack` $ack^ `at` $ack_levels)? attr-dict `:` "
		          "type($stream)",
		.verify = st__rda_verify_dram_access,
	},
	{
		.name = "rda.store",
		.summary = "a DRAM write request; each `ack` stream gets a token per iteration of its level once the "
		           "iteration's writes are done",
		OPS(store_operands),
		ATTRS(access_attrs),
		IN_CONTEXT,
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.format = "$value `,` $mem `[` $addr `]` (`if` $pred^)? (`ack` $ack^ `at` $ack_levels)? attr-dict `:` "
		          "type($value)",
		.verify = st__rda_verify_dram_access,
	},
	{
		.name = "rda.arg",
		.summary = "a scalar argument of the kernel, given by the host",
		RES(scalar_result),
		ATTRS(index_attrs),
		IN_CONTEXT,
		.format = "$index attr-dict `:` type($result)",
		.verify = st__rda_verify_host,
	},
	{
		.name = "rda.result",
		.summary = "a scalar result of the kernel, read by the host",
		OPS(result_operands),
		ATTRS(index_attrs),
		IN_CONTEXT,
		.format = "$index `,` $value attr-dict `:` type($value)",
		.verify = st__rda_verify_host,
	},
};

static const st_dialect_def rda_def = {
	.name = "rda",
	.summary = "virtual and mapped units of a reconfigurable dataflow accelerator (SARA)",
	.ops = rda_ops,
	.nops = N(rda_ops),
	.parse_type = parse_type,
	.print_type = print_type,
};

st_status st_register_rda_dialect(st_context *ctx) {
	if (st_failed(st_context_register_limit(ctx, &st_rda_units_limit)))
		return ST_FAIL;
	return st_context_register_dialect(ctx, &rda_def);
}

const char *st_rda_unit_kind_name(st_rda_unit_kind k) {
	return (unsigned)k < N(kind_cases) - 1 ? kind_cases[k] : "?";
}
