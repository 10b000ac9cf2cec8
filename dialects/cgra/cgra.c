/* The cgra dialect (docs/dialects/cgra.md): a design mapped onto a CGRA
 * fabric.  `cgra.design` names its target `acg.graph`; inside it,
 * `cgra.inst` places a PE, MEM, IO or switch-box register with its
 * configuration and `cgra.net` routes one source pin to its sinks as paths
 * of routing-resource nodes.  The op table; the checks against the fabric
 * are in cgra_verify.c. */
#include "cgra_private.h"

#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const st_attr_def design_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "target", .constraint = &st_ac_flat_symbol_ref},
};
static const st_region_def design_region[] = {{.name = "body", .kind = ST_REGION_GRAPH, .single_block = true}};

static const st_attr_def inst_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "kind", .constraint = &st_ac_string},
	{.name = "row", .constraint = &st_ac_i64},
	{.name = "col", .constraint = &st_ac_i64},
	{.name = "site", .constraint = &st_ac_i64, .optional = true},
	{.name = "width", .constraint = &st_ac_i64, .optional = true},
	{.name = "config", .constraint = &st_ac_dict, .optional = true},
};

static const st_attr_def net_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "width", .constraint = &st_ac_i64},
	{.name = "source", .constraint = &st_ac_string},
	{.name = "sinks", .constraint = &st_ac_array},
	{.name = "route", .constraint = &st_ac_array, .optional = true},
};

static const st_opdef cgra_ops[] = {
	{
		.name = "cgra.design",
		.summary = "a design placed and routed on the CGRA fabric of its target",
		.attrs = design_attrs,
		.nattrs = N(design_attrs),
		.regions = design_region,
		.nregions = N(design_region),
		.traits = ST_TRAIT_NO_TERMINATOR | ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_SYMBOL | ST_TRAIT_SYMBOL_TABLE,
		.format = "$sym_name attr-dict-with-keyword $body",
		.verify_regions = st__cgra_verify_design,
	},
	{
		.name = "cgra.inst",
		.summary = "a placed PE, MEM, IO or register with its configuration",
		.attrs = inst_attrs,
		.nattrs = N(inst_attrs),
		.traits = ST_TRAIT_SYMBOL,
		.parent = "cgra.design",
		.format = "$sym_name attr-dict",
		.verify = st__cgra_verify_inst,
	},
	{
		.name = "cgra.net",
		.summary = "a routed net: its source pin, its sink pins and the routing nodes joining them",
		.attrs = net_attrs,
		.nattrs = N(net_attrs),
		.traits = ST_TRAIT_SYMBOL,
		.parent = "cgra.design",
		.format = "$sym_name attr-dict",
		.verify = st__cgra_verify_net,
	},
};

static const char *const deps[] = {"acg", NULL};

static const st_dialect_def cgra_def = {
	.name = "cgra",
	.summary = "designs placed and routed on a CGRA fabric (PE, MEM, IO tiles, switch boxes)",
	.ops = cgra_ops,
	.nops = N(cgra_ops),
	.dependencies = deps,
};

st_status st_register_cgra_dialect(st_context *ctx) {
	if (st_failed(st_register_acg_dialect(ctx)) || st_failed(st_context_register_limit(ctx, &st__cgra_nodes_limit)))
		return ST_FAIL;
	return st_context_register_dialect(ctx, &cgra_def);
}

st_op *st_cgra_design_target(st_op *design) {
	st_attr *t = st_op_get_attr(design, "target");
	st_op *table = st_op_parent_op(design) ? st_symbol_table_of(design) : NULL;
	st_op *g = t && table ? st_symbol_lookup(table, st_ident_str(st_attr_symbol_root(t))) : NULL;
	if (!g || strcmp(st_op_name_cstr(g), "acg.graph")) {
		st_op_error(design, "target %s%s is not an acg.graph", t ? "@" : "",
		            t ? st_ident_cstr(st_attr_symbol_root(t)) : "(none)");
		return NULL;
	}
	if (!st_str_eq_c(st_attr_string(st_op_get_attr(g, "class")), "cgra")) {
		st_op_error(design, "target @%s is of class '%.*s', not cgra", st_ident_cstr(st_symbol_name(g)),
		            (int)st_attr_string(st_op_get_attr(g, "class")).len,
		            st_attr_string(st_op_get_attr(g, "class")).data);
		return NULL;
	}
	return g;
}
