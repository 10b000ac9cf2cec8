/* The calyx dialect's op table (CIRCT's names and port orders; docs/dialects/
 * calyx.md) and its registration.  Hooks live in calyx_component.c,
 * calyx_cells.c, calyx_wires.c and calyx_control.c. */
#include "calyx_internal.h"
#include "strata/calyx.h"
#include "strata/comb.h"
#include "strata/seq.h"

#include "strata/translate.h"

#define N(a) (sizeof a / sizeof a[0])
#define OPS(a) .operands = a, .noperands = N(a)
#define RES(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)

static const st_attr_def component_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "function_type", .constraint = &st_ac_function_type},
	{.name = "portNames", .constraint = &st_ac_array},
	{.name = "portAttributes", .constraint = &st_ac_array},
};
static const st_region_def graph_body[] = {{.name = "body", .kind = ST_REGION_GRAPH, .single_block = true, .allow_empty = true}};
static const st_region_def ssa_body[] = {{.name = "body", .single_block = true, .allow_empty = true}};
static const st_region_def if_regions[] = {
	{.name = "thenRegion", .single_block = true, .allow_empty = true},
	{.name = "elseRegion", .single_block = true, .allow_empty = true},
};
static const st_value_def cell_ports[] = {{.name = "ports", .type = &st_tc_signless_int, .arity = ST_VARIADIC}};
static const st_attr_def cell_attrs[] = {{.name = "sym_name", .constraint = &st_ac_symbol_name}};
static const st_attr_def memory_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "width", .constraint = &st_ac_i64},
	{.name = "sizes", .constraint = &st_ac_array},
	{.name = "addrSizes", .constraint = &st_ac_array},
};
static const st_attr_def instance_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "componentName", .constraint = &st_ac_flat_symbol_ref},
};
static const st_attr_def constant_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "value", .constraint = &st_ac_integer},
};
static const st_value_def int_result[] = {{.name = "out", .type = &st_tc_signless_int}};
static const st_attr_def static_group_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "latency", .constraint = &st_ac_i64},
};
static const st_value_def assign_operands[] = {
	{.name = "dest", .type = &st_tc_signless_int},
	{.name = "src", .type = &st_tc_signless_int, .infer = "$dest"},
	{.name = "guard", .type = &st_tc_bool, .arity = ST_OPTIONAL},
};
static const st_value_def guarded_operands[] = {
	{.name = "src", .type = &st_tc_bool},
	{.name = "guard", .type = &st_tc_bool, .arity = ST_OPTIONAL},
};
static const st_value_def bool_result[] = {{.name = "result", .type = &st_tc_bool, .infer = "i1"}};
static const st_value_def cond_operand[] = {{.name = "cond", .type = &st_tc_bool, .infer = "i1"}};
static const st_attr_def group_ref_attrs[] = {{.name = "groupName", .constraint = &st_ac_flat_symbol_ref}};
static const st_attr_def opt_group_ref_attrs[] = {{.name = "groupName", .constraint = &st_ac_flat_symbol_ref, .optional = true}};
static const st_attr_def repeat_attrs[] = {{.name = "count", .constraint = &st_ac_i64}};
static const st_value_def invoke_operands[] = {{.name = "connections", .type = &st_tc_signless_int, .arity = ST_VARIADIC}};
static const st_attr_def invoke_attrs[] = {{.name = "callee", .constraint = &st_ac_flat_symbol_ref}};

#define REGION_OPS ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK

#define CELL(n, sum)                                                                                                \
	{                                                                                                               \
		.name = "calyx." n, .summary = sum, RES(cell_ports), ATTRS(cell_attrs),                                    \
		.format = "$sym_name attr-dict `:` type($ports)", .verify = st__calyx_verify_cell,                         \
		.result_names = st__calyx_cell_names                                                                       \
	}
#define REGION_OP(n, sum, attrs_, nattrs_, fmt, verify_)                                                     \
	{                                                                                                               \
		.name = "calyx." n, .summary = sum, .attrs = attrs_, .nattrs = nattrs_, .regions = graph_body,             \
		.nregions = 1, .traits = REGION_OPS, .format = fmt, .verify = verify_                                      \
	}
#define MEMORY(n, sum)                                                                                              \
	{                                                                                                               \
		.name = "calyx." n, .summary = sum, RES(cell_ports), ATTRS(memory_attrs), .parse = st__calyx_parse_memory, \
		.print = st__calyx_print_memory, .verify = st__calyx_verify_cell, .result_names = st__calyx_cell_names     \
	}
#define CONTROL(n, sum)                                                                                             \
	{                                                                                                               \
		.name = "calyx." n, .summary = sum, .regions = ssa_body, .nregions = 1, .traits = REGION_OPS,               \
		.format = "$body attr-dict", .verify = st__calyx_verify_control_op                                         \
	}

static const st_opdef calyx_ops[] = {
	{
		.name = "calyx.component",
		.summary = "a hardware component: ports with a go/done interface, cells, wires and control",
		ATTRS(component_attrs),
		.regions = graph_body,
		.nregions = 1,
		.traits = ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_SYMBOL | REGION_OPS,
		.parse = st__calyx_parse_component,
		.print = st__calyx_print_component,
		.verify = st__calyx_verify_component,
		.result_names = st__calyx_component_names,
	},
	CELL("register", "a register: in, write_en, clk, reset, out, done"),
	CELL("std_add", "addition"),
	CELL("std_sub", "subtraction"),
	CELL("std_and", "bitwise and"),
	CELL("std_or", "bitwise or"),
	CELL("std_xor", "bitwise exclusive or"),
	CELL("std_lsh", "shift left"),
	CELL("std_rsh", "logical shift right"),
	CELL("std_srsh", "arithmetic shift right"),
	CELL("std_lt", "unsigned less than"),
	CELL("std_gt", "unsigned greater than"),
	CELL("std_eq", "equality"),
	CELL("std_neq", "inequality"),
	CELL("std_ge", "unsigned greater or equal"),
	CELL("std_le", "unsigned less or equal"),
	CELL("std_slt", "signed less than"),
	CELL("std_sgt", "signed greater than"),
	CELL("std_seq", "signed equality"),
	CELL("std_sneq", "signed inequality"),
	CELL("std_sge", "signed greater or equal"),
	CELL("std_sle", "signed less or equal"),
	CELL("std_not", "bitwise not"),
	CELL("std_wire", "a wire"),
	CELL("std_slice", "the low bits of a value"),
	CELL("std_pad", "a value zero-extended"),
	CELL("std_mux", "one of two values chosen by cond"),
	CELL("std_mult_pipe", "a pipelined multiplier (go/done)"),
	CELL("std_divu_pipe", "a pipelined unsigned divider, quotient"),
	CELL("std_remu_pipe", "a pipelined unsigned divider, remainder"),
	CELL("std_divs_pipe", "a pipelined signed divider, quotient"),
	CELL("std_rems_pipe", "a pipelined signed divider, remainder"),
	MEMORY("memory", "a combinational-read memory (comb_mem_d1..d4)"),
	MEMORY("seq_mem", "a memory with a registered read (seq_mem_d1..d4)"),
	{
		.name = "calyx.instance",
		.summary = "an instance of another component; results are its ports",
		RES(cell_ports),
		ATTRS(instance_attrs),
		.format = "$sym_name `of` $componentName attr-dict `:` type($ports)",
		.verify = st__calyx_verify_cell,
		.result_names = st__calyx_cell_names,
	},
	{
		.name = "calyx.constant",
		.summary = "a named constant",
		RES(int_result),
		ATTRS(constant_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__calyx_parse_constant,
		.print = st__calyx_print_constant,
		.verify = st__calyx_verify_constant,
		.result_names = st__calyx_constant_names,
	},
	REGION_OP("wires", "the groups and the continuous assignments of a component", NULL, 0, "$body attr-dict",
	          st__calyx_verify_wires),
	REGION_OP("group", "assignments active while the group runs, with a done condition", cell_attrs, 1,
	          "$sym_name $body attr-dict", st__calyx_verify_group),
	REGION_OP("comb_group", "combinational assignments that compute an if/while condition", cell_attrs, 1,
	          "$sym_name $body attr-dict", st__calyx_verify_group),
	{
		.name = "calyx.static_group",
		.summary = "assignments active for a fixed number of cycles",
		ATTRS(static_group_attrs),
		.regions = graph_body,
		.nregions = 1,
		.traits = REGION_OPS,
		.parse = st__calyx_parse_static_group,
		.print = st__calyx_print_static_group,
		.verify = st__calyx_verify_group,
	},
	{
		.name = "calyx.assign",
		.summary = "dest = guard ? src (a continuous or group assignment)",
		OPS(assign_operands),
		.parse = st__calyx_parse_assign,
		.print = st__calyx_print_assign,
		.verify = st__calyx_verify_assign,
	},
	{
		.name = "calyx.group_done",
		.summary = "the condition that ends a group",
		OPS(guarded_operands),
		.parse = st__calyx_parse_guarded,
		.print = st__calyx_print_guarded,
		.verify = st__calyx_verify_guarded,
	},
	{
		.name = "calyx.group_go",
		.summary = "the go signal of a group as a value, driven by src",
		OPS(guarded_operands),
		RES(bool_result),
		.parse = st__calyx_parse_group_go,
		.print = st__calyx_print_guarded,
		.verify = st__calyx_verify_guarded,
	},
	{
		.name = "calyx.undef",
		.summary = "an undriven value",
		RES(int_result),
		.traits = ST_TRAIT_PURE,
		.format = "attr-dict `:` type($out)",
	},
	CONTROL("control", "the control program of a component"),
	CONTROL("seq", "run the children one after the other"),
	CONTROL("par", "run the children together; done when all are"),
	CONTROL("static_seq", "static groups one after the other"),
	CONTROL("static_par", "static groups together"),
	{
		.name = "calyx.enable",
		.summary = "run a group",
		ATTRS(group_ref_attrs),
		.format = "$groupName attr-dict",
		.verify = st__calyx_verify_control_op,
	},
	{
		.name = "calyx.if",
		.summary = "run one branch depending on a port, computed by an optional comb group",
		OPS(cond_operand),
		ATTRS(opt_group_ref_attrs),
		.regions = if_regions,
		.nregions = 2,
		.traits = REGION_OPS,
		.parse = st__calyx_parse_if,
		.print = st__calyx_print_if,
		.verify = st__calyx_verify_control_op,
	},
	{
		.name = "calyx.while",
		.summary = "repeat the body while a port is high",
		OPS(cond_operand),
		ATTRS(opt_group_ref_attrs),
		.regions = ssa_body,
		.nregions = 1,
		.traits = REGION_OPS,
		.format = "$cond (`with` $groupName^)? $body attr-dict",
		.verify = st__calyx_verify_control_op,
	},
	{
		.name = "calyx.repeat",
		.summary = "run the body a fixed number of times",
		ATTRS(repeat_attrs),
		.regions = ssa_body,
		.nregions = 1,
		.traits = REGION_OPS,
		.parse = st__calyx_parse_repeat,
		.print = st__calyx_print_repeat,
		.verify = st__calyx_verify_control_op,
	},
	{
		.name = "calyx.invoke",
		.summary = "drive an instance's inputs, run it until done",
		OPS(invoke_operands),
		ATTRS(invoke_attrs),
		.parse = st__calyx_parse_invoke,
		.print = st__calyx_print_invoke,
		.verify = st__calyx_verify_control_op,
	},
};

static const char *const calyx_deps[] = {"hw", "comb", "seq", NULL};

static const st_dialect_def calyx_dialect = {
	.name = "calyx",
	.summary = "Calyx: components, cells, groups and control (CIRCT's spelling)",
	.ops = calyx_ops,
	.nops = N(calyx_ops),
	.parse_attr = st__calyx_parse_attr,
	.print_attr = st__calyx_print_attr,
	.verify_op_attr = st__calyx_verify_op_attr,
	.dependencies = calyx_deps,
};

static const st_translation_def export_calyx = {
	.name = "export-calyx",
	.summary = "print calyx components as native Calyx IL (futil)",
	.export_ = st__calyx_export,
};

st_status st_register_calyx_dialect(st_context *ctx) {
	if (st_failed(st_register_hw_dialect(ctx)) || st_failed(st_register_comb_dialect(ctx)) ||
	    st_failed(st_register_seq_dialect(ctx)) || st_failed(st_context_register_dialect(ctx, &calyx_dialect)))
		return ST_FAIL;
	return st_context_register_translation(ctx, &export_calyx);
}
