/* The memref dialect: buffers (alloc, alloca, dealloc, global,
 * get_global), element access (load, store, copy), views and casts
 * (subview, cast) and shape queries (dim, rank), with current MLIR's op
 * names, operands, attributes, custom syntax and generic form
 * (mlir/include/mlir/Dialect/MemRef/IR/MemRefOps.td).  Under --mlir14 the
 * strided result layouts of subviews print as the affine maps MLIR 14
 * wrote, and subview's static lists as MLIR 14's integer arrays.  This file
 * holds the op table; the rest lives in the other memref_*.c files. */
#include "memref_interp.h"
#include "memref_internal.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define OPERANDS(a) .operands = a, .noperands = N(a)
#define RESULTS(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)
#define IFACES(a) .interfaces = a, .ninterfaces = N(a)

/* ------------------------------------------------------- constraints */

static bool ranked(const st_type *t) { return st_type_get_kind(t) == ST_TYPE_MEMREF; }
static bool any_memref(const st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_MEMREF || st_type_get_kind(t) == ST_TYPE_UNRANKED_MEMREF;
}
static bool static_memref(const st_type *t) { return ranked(t) && st_type_num_elements_static(t) >= 0; }
static bool non0_memref(const st_type *t) {
	return st_type_get_kind(t) == ST_TYPE_UNRANKED_MEMREF || (ranked(t) && st_type_rank(t) > 0);
}

static const st_type_constraint tc_memref = {"memref of any type values", ranked};
static const st_type_constraint tc_any_memref = {"ranked or unranked memref of any type values", any_memref};
static const st_type_constraint tc_static_memref = {"statically shaped memref of any type values", static_memref};
static const st_type_constraint tc_non0_memref = {"non-0-ranked or unranked memref of any type values", non0_memref};

static bool nonneg_i64(const st_attr *a) {
	return st_attr_get_kind(a) == ST_ATTR_INTEGER && st_type_is_signless_integer(st_attr_type(a), 64) &&
	       st_attr_int_value(a) >= 0;
}
static const st_attr_constraint ac_alignment = {"64-bit signless integer attribute whose minimum value is 0",
                                                nonneg_i64};

static bool memref_type_attr(const st_attr *a) {
	return st_attr_get_kind(a) == ST_ATTR_TYPE && any_memref(st_attr_type_value(a));
}
static const st_attr_constraint ac_memref_type = {"memref type attribute", memref_type_attr};

/* ------------------------------------------------------- memory effects */

static size_t effect(st_effect *out, size_t cap, size_t n, st_effect_kind k, st_value *v) {
	if (n < cap)
		out[n] = (st_effect){.kind = k, .value = v};
	return n + 1;
}

static size_t alloc_effects(const st_op *op, st_effect *out, size_t cap) {
	return effect(out, cap, 0, ST_EFFECT_ALLOC, st_op_result(op, 0));
}
static size_t dealloc_effects(const st_op *op, st_effect *out, size_t cap) {
	return effect(out, cap, 0, ST_EFFECT_FREE, st_op_operand(op, 0));
}
static size_t load_effects(const st_op *op, st_effect *out, size_t cap) {
	return effect(out, cap, 0, ST_EFFECT_READ, st_op_operand(op, 0));
}
static size_t store_effects(const st_op *op, st_effect *out, size_t cap) {
	return effect(out, cap, 0, ST_EFFECT_WRITE, st_op_operand(op, 1));
}
static size_t copy_effects(const st_op *op, st_effect *out, size_t cap) {
	return effect(out, cap, effect(out, cap, 0, ST_EFFECT_READ, st_op_operand(op, 0)), ST_EFFECT_WRITE,
	              st_op_operand(op, 1));
}

static const st_memory_effects_iface alloc_iface = {.effects = alloc_effects};
static const st_memory_effects_iface dealloc_iface = {.effects = dealloc_effects};
static const st_memory_effects_iface load_iface = {.effects = load_effects};
static const st_memory_effects_iface store_iface = {.effects = store_effects};
static const st_memory_effects_iface copy_iface = {.effects = copy_effects};
static const st_interface_impl alloc_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &alloc_iface}};
static const st_interface_impl dealloc_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &dealloc_iface}};
static const st_interface_impl load_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &load_iface}};
static const st_interface_impl store_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &store_iface}};
static const st_interface_impl copy_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &copy_iface}};

/* ------------------------------------------------------------- groups */

static const st_value_def alloc_operands[] = {
	{.name = "dynamicSizes", .type = &st_tc_index, .arity = ST_VARIADIC},
	{.name = "symbolOperands", .type = &st_tc_index, .arity = ST_VARIADIC},
};
static const st_value_def memref_result[] = {{.name = "memref", .type = &tc_memref}};
static const st_attr_def alloc_attrs[] = {{.name = "alignment", .constraint = &ac_alignment, .optional = true}};

static const st_value_def any_memref_operand[] = {{.name = "memref", .type = &tc_any_memref}};
static const st_value_def load_operands[] = {
	{.name = "memref", .type = &tc_memref},
	{.name = "indices", .type = &st_tc_index, .arity = ST_VARIADIC},
};
static const st_value_def load_results[] = {{.name = "result"}};
static const st_attr_def load_attrs[] = {{.name = "nontemporal", .constraint = &st_ac_bool, .optional = true}};
static const st_value_def store_operands[] = {
	{.name = "value"},
	{.name = "memref", .type = &tc_memref},
	{.name = "indices", .type = &st_tc_index, .arity = ST_VARIADIC},
};

static const st_attr_def global_attrs[] = {
	{.name = "sym_name", .constraint = &st_ac_symbol_name},
	{.name = "sym_visibility", .constraint = &st_ac_string, .optional = true},
	{.name = "type", .constraint = &ac_memref_type},
	{.name = "initial_value", .optional = true},
	{.name = "constant", .constraint = &st_ac_unit, .optional = true},
	{.name = "alignment", .constraint = &st_ac_i64, .optional = true},
};
static const st_value_def get_global_results[] = {{.name = "result", .type = &tc_static_memref}};
static const st_attr_def get_global_attrs[] = {{.name = "name", .constraint = &st_ac_flat_symbol_ref}};

static const st_value_def cast_operands[] = {{.name = "source", .type = &tc_any_memref}};
static const st_value_def cast_results[] = {{.name = "dest", .type = &tc_any_memref}};

static const st_value_def subview_operands[] = {
	{.name = "source", .type = &tc_memref},
	{.name = "offsets", .type = &st_tc_index, .arity = ST_VARIADIC},
	{.name = "sizes", .type = &st_tc_index, .arity = ST_VARIADIC},
	{.name = "strides", .type = &st_tc_index, .arity = ST_VARIADIC},
};
static const st_value_def subview_results[] = {{.name = "result", .type = &tc_memref}};
static const st_attr_def subview_attrs[] = {
	{.name = "static_offsets", .constraint = &st_ac_dense_i64_array},
	{.name = "static_sizes", .constraint = &st_ac_dense_i64_array},
	{.name = "static_strides", .constraint = &st_ac_dense_i64_array},
};
/* MLIR 14 kept them as [..] of i64, with -1 for a dynamic size. */
static const st_mlir14_attr subview_mlir14_attrs[] = {
	{"static_offsets", "static_offsets", ST_MLIR14_I64_ARRAY},
	{"static_sizes", "static_sizes", ST_MLIR14_I64_ARRAY_SIZES},
	{"static_strides", "static_strides", ST_MLIR14_I64_ARRAY},
};

static const st_value_def copy_operands[] = {
	{.name = "source", .type = &tc_any_memref},
	{.name = "target", .type = &tc_any_memref},
};
static const st_value_def dim_operands[] = {
	{.name = "source", .type = &tc_non0_memref},
	{.name = "index", .type = &st_tc_index, .infer = "index"},
};
static const st_value_def index_result[] = {{.name = "result", .type = &st_tc_index, .infer = "index"}};

/* ------------------------------------------------------------- table */

#define ALLOC(op, sum, verifier, patterns, hook)                                                                     \
	{                                                                                                                \
		.interp = &hook,                                                                                             \
		.name = "memref." op, .summary = sum, OPERANDS(alloc_operands), RESULTS(memref_result), ATTRS(alloc_attrs),  \
		.traits = ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS, .parse = st__memref_parse_alloc,                            \
		.print = st__memref_print_alloc, .verify = verifier, .canonicalization_patterns = patterns,                  \
		IFACES(alloc_ifaces),                                                                                        \
	}

static const st_opdef memref_ops[] = {
	ALLOC("alloc", "memory allocation operation", st__memref_verify_alloc, st__memref_alloc_patterns,
	      st__memref_alloc_interp),
	ALLOC("alloca", "stack memory allocation operation", st__memref_verify_alloca, st__memref_alloca_patterns,
	      st__memref_alloca_interp),
	{
		.name = "memref.cast",
		.interp = &st__memref_cast_interp,
		.summary = "memref cast operation",
		OPERANDS(cast_operands),
		RESULTS(cast_results),
		.traits = ST_TRAIT_PURE,
		.format = "$source attr-dict `:` type($source) `to` type($dest)",
		.verify = st__memref_verify_cast,
		.fold = st__memref_fold_cast,
	},
	{
		.name = "memref.copy",
		.interp = &st__memref_copy_interp,
		.summary = "copies the data from the source to the destination memref",
		OPERANDS(copy_operands),
		.format = "$source `,` $target attr-dict `:` type($source) `to` type($target)",
		.verify = st__memref_verify_copy,
		.fold = st__memref_fold_cast_operands,
		.canonicalization_patterns = st__memref_copy_patterns,
		IFACES(copy_ifaces),
	},
	{
		.name = "memref.dealloc",
		.interp = &st__memref_dealloc_interp,
		.summary = "memory deallocation operation",
		OPERANDS(any_memref_operand),
		.format = "$memref attr-dict `:` type($memref)",
		.fold = st__memref_fold_cast_operands,
		IFACES(dealloc_ifaces),
	},
	{
		.name = "memref.dim",
		.interp = &st__memref_dim_interp,
		.summary = "dimension index operation",
		OPERANDS(dim_operands),
		RESULTS(index_result),
		.traits = ST_TRAIT_PURE,
		.format = "attr-dict $source `,` $index `:` type($source)",
		.verify = st__memref_verify_dim,
		.fold = st__memref_fold_dim,
	},
	{
		.name = "memref.get_global",
		.interp = &st__memref_get_global_interp,
		.summary = "get the memref pointing to a global variable",
		RESULTS(get_global_results),
		ATTRS(get_global_attrs),
		.traits = ST_TRAIT_PURE,
		.format = "$name `:` type($result) attr-dict",
		.verify = st__memref_verify_get_global,
	},
	{
		.name = "memref.global",
		.summary = "declare or define a global memref variable",
		ATTRS(global_attrs),
		.traits = ST_TRAIT_SYMBOL,
		.parse = st__memref_parse_global,
		.print = st__memref_print_global,
		.verify = st__memref_verify_global,
	},
	{
		.name = "memref.load",
		.interp = &st__memref_load_interp,
		.summary = "load operation",
		OPERANDS(load_operands),
		RESULTS(load_results),
		ATTRS(load_attrs),
		.parse = st__memref_parse_load,
		.print = st__memref_print_load,
		.verify = st__memref_verify_load,
		.fold = st__memref_fold_cast_operands,
		IFACES(load_ifaces),
	},
	{
		.name = "memref.rank",
		.interp = &st__memref_rank_interp,
		.summary = "rank operation",
		OPERANDS(any_memref_operand),
		RESULTS(index_result),
		.traits = ST_TRAIT_PURE,
		.format = "$memref attr-dict `:` type($memref)",
		.fold = st__memref_fold_rank,
	},
	{
		.name = "memref.store",
		.interp = &st__memref_store_interp,
		.summary = "store operation",
		OPERANDS(store_operands),
		ATTRS(load_attrs),
		.parse = st__memref_parse_store,
		.print = st__memref_print_store,
		.verify = st__memref_verify_store,
		.fold = st__memref_fold_store,
		IFACES(store_ifaces),
	},
	{
		.name = "memref.subview",
		.interp = &st__memref_subview_interp,
		.summary = "memref subview operation",
		OPERANDS(subview_operands),
		RESULTS(subview_results),
		ATTRS(subview_attrs),
		.traits = ST_TRAIT_PURE | ST_TRAIT_ATTR_SIZED_OPERAND_SEGMENTS,
		.parse = st__memref_parse_subview,
		.print = st__memref_print_subview,
		.verify = st__memref_verify_subview,
		.fold = st__memref_fold_subview,
		.canonicalization_patterns = st__memref_subview_patterns,
		.mlir14_attrs = subview_mlir14_attrs,
		.nmlir14_attrs = N(subview_mlir14_attrs),
	},
};

static const char *const memref_dependencies[] = {"arith", NULL};

/* Folded constants (dim, rank) are arith.constant, as in MLIR. */
static st_op *materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc) {
	st_dialect *d = st_context_get_dialect(ctx, st_str_c("arith"));
	const st_dialect_def *def = d ? st_dialect_get_def(d) : NULL;
	return def && def->materialize_constant ? def->materialize_constant(ctx, value, type, loc) : NULL;
}

static const st_dialect_def memref_dialect = {
	.name = "memref",
	.summary = "buffers: allocation, access, views and casts",
	.ops = memref_ops,
	.nops = N(memref_ops),
	.materialize_constant = materialize_constant,
	.dependencies = memref_dependencies,
};

st_status st_register_memref_dialect(st_context *ctx) { return st_context_register_dialect(ctx, &memref_dialect); }
