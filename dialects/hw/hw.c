/* The hw dialect (CIRCT's spelling): modules with named ports in graph
 * regions, instances, constants, wires, bitcasts and the array and struct
 * aggregates.  The op table; hooks live in hw_module.c (ports, instances),
 * hw_aggregate.c (value ops) and hw_fold.c (folders). */
#include "hw_internal.h"

#include <stdio.h>

static st_status parse_get(st_parser *p, st_parse_state *s) { return st__hw_parse_indexed(p, s, ST__HW_GET); }
static st_status parse_inject(st_parser *p, st_parse_state *s) { return st__hw_parse_indexed(p, s, ST__HW_INJECT); }
static st_status parse_slice(st_parser *p, st_parse_state *s) { return st__hw_parse_indexed(p, s, ST__HW_SLICE); }

/* hw.struct_create (%a, %b) : !hw.struct<a: T, b: U> */
static st_status parse_struct_create(st_parser *p, st_parse_state *s) {
	st_context *ctx = st_parser_context(p);
	st_hw_refs l;
	st_hw_refs_init(&l);
	st_type *t = NULL;
	st_status st = st_parser_expect_punct(p, "(");
	if (st_succeeded(st) && !st_parser_optional_punct(p, ")")) {
		st = st_hw_parse_refs(p, &l);
		if (st_succeeded(st))
			st = st_parser_expect_punct(p, ")");
	}
	st_operand_ref *refs = l.refs;
	size_t n = l.n;
	if (st_succeeded(st))
		st = st_parser_optional_attr_dict(p, s);
	if (st_succeeded(st))
		st = st_parser_expect_punct(p, ":");
	st_attr *tloc = st_parser_loc(p);
	if (st_succeeded(st))
		st = st_parser_type(p, &t);
	if (st_succeeded(st) && (!st_hw_is_struct(t) || st_hw_struct_num_fields(t) != n))
		st = st_parser_error_at(p, tloc, "expected a struct type of %zu fields", n);
	for (size_t i = 0; st_succeeded(st) && i < n; i++) {
		st_value *v;
		st = st_parser_resolve_operand(p, &refs[i], st_hw_struct_field_type(t, i), &v);
		if (st_succeeded(st))
			st = st_parse_state_add_operand(s, v);
	}
	if (st_succeeded(st))
		st = st_parse_state_add_result_type(s, t);
	st_hw_refs_free(ctx, &l);
	return st;
}

static void print_struct_create(st_printer *p, st_op *op) {
	st_printer_puts(p, " (");
	st_printer_operands(p, op, 0, st_op_num_operands(op));
	st_printer_puts(p, ")");
	st_printer_attr_dict(p, op, NULL, false);
	st_printer_puts(p, " : ");
	st_printer_type(p, st_value_type(st_op_result(op, 0)));
}

static st_attr *constant_value(const st_op *op) { return st_op_get_attr(op, "value"); }
static const st_constant_like_iface constant_iface = {.value = constant_value};
static const st_interface_impl constant_ifaces[] = {{ST_IFACE_CONSTANT_LIKE, &constant_iface}};

static void constant_names(st_op *op, st_name_fn fn, void *ud) {
	st_attr *n = st_op_get_attr(op, "name");
	if (n) {
		st__hw_name_from_attr(op, fn, ud);
		return;
	}
	st_attr *v = st_op_get_attr(op, "value");
	unsigned w = st_type_int_width(st_attr_type(v));
	char buf[64];
	if (w == 1) {
		snprintf(buf, sizeof buf, "%s", st_attr_int_uvalue(v) & 1 ? "true" : "false");
	} else if (w <= 64 && st_attr_int_num_words(v) <= 1) {
		snprintf(buf, sizeof buf, "c%lld_i%u", (long long)st_attr_int_value(v), w);
		for (char *c = buf; *c; c++)
			if (*c == '-')
				*c = 'm';
	} else {
		snprintf(buf, sizeof buf, "c_i%u", w);
	}
	fn(ud, st_op_result(op, 0), buf);
}

#define N(a) (sizeof a / sizeof a[0])
#define OPS(a) .operands = a, .noperands = N(a)
#define RES(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)

static const st_attr_def module_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "module_type", .constraint = &st_ac_type},
	{.name = "sym_visibility", .constraint = &st_ac_string, .optional = true},
	{.name = "parameters", .constraint = &st_ac_array, .optional = true},
};
static const st_region_def module_regions[] = {{.name = "body", .kind = ST_REGION_GRAPH, .single_block = true}};
static const st_region_def extern_regions[] = {{.name = "body", .kind = ST_REGION_GRAPH, .allow_empty = true}};
static const st_value_def outputs[] = {{.name = "outputs", .arity = ST_VARIADIC}};
static const st_value_def inst_inputs[] = {{.name = "inputs", .arity = ST_VARIADIC}};
static const st_value_def inst_results[] = {{.name = "results", .arity = ST_VARIADIC}};
static const st_attr_def inst_attrs[] = {
	{.name = "instanceName", .constraint = &st_ac_string},
	{.name = "moduleName", .constraint = &st_ac_flat_symbol_ref},
	{.name = "argNames", .constraint = &st_ac_array},
	{.name = "resultNames", .constraint = &st_ac_array},
	{.name = "parameters", .constraint = &st_ac_array, .optional = true},
};
static const st_attr_def constant_attrs[] = {{.name = "value", .constraint = &st_ac_integer}};
static const st_value_def one_result[] = {{.name = "result"}};
static const st_value_def one_input[] = {{.name = "input"}};
static const st_value_def wire_result[] = {{.name = "result", .infer = "$input"}};
static const st_attr_def name_attr[] = {{.name = "name", .constraint = &st_ac_string, .optional = true}};
static const st_value_def variadic_inputs[] = {{.name = "inputs", .arity = ST_VARIADIC}};
static const st_value_def get_operands[] = {{.name = "input"}, {.name = "index", .type = &st_tc_signless_int}};
static const st_value_def inject_operands[] = {
	{.name = "input"}, {.name = "index", .type = &st_tc_signless_int}, {.name = "element"}};
static const st_value_def slice_operands[] = {{.name = "input"}, {.name = "lowIndex", .type = &st_tc_signless_int}};
static const st_attr_def field_attrs[] = {{.name = "fieldIndex", .constraint = &st_ac_i32}};
static const st_value_def struct_inject_operands[] = {{.name = "input"}, {.name = "newValue"}};
static const st_attr_def aggregate_attrs[] = {{.name = "fields", .constraint = &st_ac_array}};

static const st_opdef hw_ops[] = {
	{
		.name = "hw.module",
		.summary = "a hardware module: named ports and a graph region of its logic",
		ATTRS(module_attrs),
		.regions = module_regions,
		.nregions = 1,
		.traits = ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_SYMBOL | ST_TRAIT_SINGLE_BLOCK,
		.parse = st__hw_parse_module,
		.print = st__hw_print_module,
		.verify = st__hw_verify_module,
		.result_names = st__hw_module_names,
	},
	{
		.name = "hw.module.extern",
		.summary = "a module defined outside the design (ports only)",
		ATTRS(module_attrs),
		.regions = extern_regions,
		.nregions = 1,
		.traits = ST_TRAIT_ISOLATED_FROM_ABOVE | ST_TRAIT_SYMBOL,
		.parse = st__hw_parse_extern,
		.print = st__hw_print_module,
		.verify = st__hw_verify_module,
	},
	{
		.name = "hw.output",
		.summary = "the values of a module's output ports",
		OPS(outputs),
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE | ST_TRAIT_RETURN_LIKE,
		.parent = "hw.module",
		.format = "attr-dict ($outputs^ `:` type($outputs))?",
		.verify = st__hw_verify_output,
	},
	{
		.name = "hw.instance",
		.summary = "an instance of a module",
		OPS(inst_inputs),
		RES(inst_results),
		ATTRS(inst_attrs),
		.parse = st__hw_parse_instance,
		.print = st__hw_print_instance,
		.verify = st__hw_verify_instance,
	},
	{
		.name = "hw.constant",
		.summary = "an integer constant",
		RES(one_result),
		ATTRS(constant_attrs),
		.traits = ST_TRAIT_PURE | ST_TRAIT_CONSTANT_LIKE,
		.parse = st__hw_parse_constant,
		.print = st__hw_print_constant,
		.verify = st__hw_verify_constant,
		.fold = st__hw_fold_constant,
		.result_names = constant_names,
		.interfaces = constant_ifaces,
		.ninterfaces = 1,
	},
	{
		.name = "hw.bitcast",
		.summary = "reinterpret the bits of a value as another type of the same width",
		OPS(one_input),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.format = "$input attr-dict `:` functional-type($input, $result)",
		.verify = st__hw_verify_bitcast,
		.fold = st__hw_fold_bitcast,
	},
	{
		.name = "hw.wire",
		.summary = "give an SSA edge a name (kept by the Verilog export)",
		OPS(one_input),
		RES(wire_result),
		ATTRS(name_attr),
		.format = "$input attr-dict `:` type($input)",
		.result_names = st__hw_name_from_attr,
		.fold = st__hw_fold_wire,
	},
	{
		.name = "hw.array_create",
		.summary = "an array of the operands (the first is the highest index)",
		OPS(variadic_inputs),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.parse = st__hw_parse_array_create,
		.print = st__hw_print_array_create,
		.verify = st__hw_verify_array_create,
	},
	{
		.name = "hw.array_get",
		.summary = "one element of an array",
		OPS(get_operands),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_get,
		.print = st__hw_print_indexed,
		.verify = st__hw_verify_array_get,
		.fold = st__hw_fold_array_get,
	},
	{
		.name = "hw.array_inject",
		.summary = "an array with one element replaced",
		OPS(inject_operands),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_inject,
		.print = st__hw_print_indexed,
		.verify = st__hw_verify_array_inject,
	},
	{
		.name = "hw.array_concat",
		.summary = "arrays joined (the first operand holds the highest indices)",
		OPS(variadic_inputs),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.parse = st__hw_parse_array_concat,
		.print = st__hw_print_array_concat,
		.verify = st__hw_verify_array_concat,
	},
	{
		.name = "hw.array_slice",
		.summary = "a run of consecutive elements from a dynamic low index",
		OPS(slice_operands),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_slice,
		.print = st__hw_print_indexed,
		.verify = st__hw_verify_array_slice,
	},
	{
		.name = "hw.struct_create",
		.summary = "a struct from its fields' values",
		OPS(variadic_inputs),
		RES(one_result),
		.traits = ST_TRAIT_PURE,
		.parse = parse_struct_create,
		.print = print_struct_create,
		.verify = st__hw_verify_struct_create,
	},
	{
		.name = "hw.struct_extract",
		.summary = "one field of a struct",
		OPS(one_input),
		RES(one_result),
		ATTRS(field_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__hw_parse_struct_field,
		.print = st__hw_print_struct_field,
		.verify = st__hw_verify_struct_extract,
		.fold = st__hw_fold_struct_extract,
	},
	{
		.name = "hw.struct_inject",
		.summary = "a struct with one field replaced",
		OPS(struct_inject_operands),
		RES(one_result),
		ATTRS(field_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__hw_parse_struct_field,
		.print = st__hw_print_struct_field,
		.verify = st__hw_verify_struct_inject,
	},
	{
		.name = "hw.aggregate_constant",
		.summary = "a constant array or struct (nested arrays of integers)",
		RES(one_result),
		ATTRS(aggregate_attrs),
		.traits = ST_TRAIT_PURE | ST_TRAIT_CONSTANT_LIKE,
		.format = "$fields attr-dict `:` type($result)",
		.verify = st__hw_verify_aggregate_constant,
	},
};

static const st_dialect_def hw_dialect = {
	.name = "hw",
	.summary = "structural hardware: modules, instances, wires and aggregates (CIRCT)",
	.ops = hw_ops,
	.nops = N(hw_ops),
	.parse_type = st__hw_parse_type,
	.print_type = st__hw_print_type,
	.materialize_constant = st__hw_materialize_constant,
};

st_status st_register_hw_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &hw_dialect); }
