/* The codelet dialect: the op table, registration, and the typed accessors
 * of include/strata/codelet.h for codelet programs (docs/dialects/codelet.md).
 * Syntax is in codelet_syntax.c, the checks in codelet_verify.c, the
 * semantics in codelet_interp.c; the layer ops are in codelet_layers*.c. */
#include "codelet_internal.h"

#include "strata/acg.h"

#define N ST__CDLT_N
#define OPERANDS(a) .operands = a, .noperands = N(a)
#define RESULTS(a) .results = a, .nresults = N(a)
#define ATTRS(a) .attrs = a, .nattrs = N(a)
#define REGIONS(a) .regions = a, .nregions = N(a)

int64_t st__codelet_int_attr(const st_op *op, const char *name, int64_t dflt) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : dflt;
}

const char *st__codelet_str_attr(const st_op *op, const char *name) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_STRING ? st_attr_string(a).data : NULL;
}

/* ------------------------------------------------------------ surrogates */

const char *st_codelet_location(const st_type *t) {
	if (!t || st_type_get_kind(t) != ST_TYPE_MEMREF)
		return NULL;
	st_attr *ms = st_type_memory_space(t);
	return ms && st_attr_get_kind(ms) == ST_ATTR_STRING ? st_attr_string(ms).data : NULL;
}

st_type *st_codelet_surrogate_type(st_context *ctx, size_t rank, const int64_t *shape, st_type *elt,
                                   const char *loc) {
	st_attr *ms = loc ? st_string_attr(ctx, st_str_c(loc)) : NULL;
	return st_memref_type(ctx, rank, shape, elt, NULL, ms);
}

st_type *st_codelet_relocate(st_context *ctx, st_type *t, const char *loc) {
	return st_codelet_surrogate_type(ctx, st_type_rank(t), st_type_shape(t), st_type_element(t), loc);
}

st_codelet_surrogate st_codelet_surrogate_kind(const st_value *v) {
	st_op *d = v ? st_value_defining_op(v) : NULL;
	if (!d)
		return ST_CODELET_NOT_SURROGATE;
	if (st__codelet_is(d, "codelet.inp"))
		return ST_CODELET_INP;
	if (st__codelet_is(d, "codelet.out"))
		return ST_CODELET_OUT;
	if (st__codelet_is(d, "codelet.param"))
		return ST_CODELET_PARAM;
	if (st__codelet_is(d, "codelet.local") || st__codelet_is(d, "codelet.transfer"))
		return ST_CODELET_LOCAL;
	return ST_CODELET_NOT_SURROGATE;
}

/* -------------------------------------------------------------- accesses */

static bool is_access_op(const st_op *op) {
	return st__codelet_is(op, "codelet.transfer") || st__codelet_is(op, "codelet.compute");
}

size_t st_codelet_num_accesses(const st_op *op) {
	st_attr *maps = is_access_op(op) ? st_op_get_attr(op, "maps") : NULL;
	return maps && st_attr_get_kind(maps) == ST_ATTR_ARRAY ? st_attr_array_size(maps) : 0;
}

size_t st_codelet_num_indices(const st_op *op) {
	size_t n = st_codelet_num_accesses(op);
	return st_op_num_operands(op) > n ? st_op_num_operands(op) - n : 0;
}

st_value *st_codelet_index(const st_op *op, size_t i) {
	size_t n = st_codelet_num_accesses(op);
	return i < st_codelet_num_indices(op) ? st_op_operand(op, n + i) : NULL;
}

/* The sizes of access i: a transfer's one list serves both its accesses. */
static st_attr *sizes_of(const st_op *op, size_t i) {
	st_attr *s = st_op_get_attr(op, "sizes");
	if (!s)
		return NULL;
	if (st__codelet_is(op, "codelet.transfer"))
		return st_attr_get_kind(s) == ST_ATTR_DENSE_ARRAY ? s : NULL;
	if (st_attr_get_kind(s) != ST_ATTR_ARRAY || i >= st_attr_array_size(s))
		return NULL;
	s = st_attr_array_elt(s, i);
	return st_attr_get_kind(s) == ST_ATTR_DENSE_ARRAY ? s : NULL;
}

bool st_codelet_get_access(const st_op *op, size_t i, st_codelet_access *out) {
	size_t n = st_codelet_num_accesses(op);
	if (i >= n || st_op_num_operands(op) < n)
		return false;
	st_attr *m = st_attr_array_elt(st_op_get_attr(op, "maps"), i);
	st_attr *s = sizes_of(op, i);
	if (!m || st_attr_get_kind(m) != ST_ATTR_AFFINE_MAP || !s)
		return false;
	out->surrogate = st_op_operand(op, i);
	out->offsets = st_attr_affine_map(m);
	out->rank = st_attr_dense_array_size(s);
	if (out->rank > ST_CODELET_MAX_RANK)
		return false;
	for (size_t d = 0; d < out->rank; d++)
		out->sizes[d] = st_attr_dense_array_int(s, d);
	if (i == 1 && st__codelet_is(op, "codelet.transfer") && st_op_get_attr(op, "perm")) {
		/* The destination's extents, in its own order. */
		int64_t perm[ST_CODELET_MAX_RANK], src[ST_CODELET_MAX_RANK];
		memcpy(src, out->sizes, sizeof src);
		out->rank = st_codelet_transfer_perm(op, perm);
		for (size_t d = 0; d < out->rank; d++) {
			if (perm[d] >= (int64_t)st_attr_dense_array_size(s))
				return false;
			out->sizes[d] = perm[d] >= 0 ? src[perm[d]] : 1;
		}
	}
	return true;
}

/* ------------------------------------------------------------ typed views */

const char *st_codelet_name(const st_op *cdlt) { return st__codelet_str_attr(cdlt, "name"); }

st_block *st_codelet_body(st_op *op) {
	return st_op_num_regions(op) ? st_region_first_block(st_op_region(op, 0)) : NULL;
}

st_op *st_codelet_target(st_op *op) {
	st_op *cdlt = op;
	while (cdlt && !st__codelet_is(cdlt, "codelet.cdlt"))
		cdlt = st_op_parent_op(cdlt);
	if (!cdlt)
		return NULL;
	st_op *module = cdlt;
	while (st_op_parent_op(module))
		module = st_op_parent_op(module);
	st_attr *t = st_op_get_attr(cdlt, "target");
	if (t && st_attr_get_kind(t) == ST_ATTR_SYMBOL_REF) {
		st_op *g = st_symbol_lookup(module, st_ident_str(st_attr_symbol_root(t)));
		return g && st__codelet_is(g, "acg.graph") ? g : NULL;
	}
	if (!st_op_num_regions(module))
		return NULL;
	st_op *found = NULL;
	for (st_block *b = st_region_first_block(st_op_region(module, 0)); b; b = st_block_next(b))
		for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
			if (st__codelet_is(o, "acg.graph")) {
				if (found)
					return NULL;
				found = o;
			}
	return found;
}

bool st_codelet_loop(st_op *loop, st_codelet_loop_info *out) {
	if (!st__codelet_is(loop, "codelet.loop"))
		return false;
	out->lb = st__codelet_int_attr(loop, "lb", 0);
	out->ub = st__codelet_int_attr(loop, "ub", 0);
	out->step = st__codelet_int_attr(loop, "step", 1);
	out->ub_param = st_op_num_operands(loop) ? st_op_operand(loop, 0) : NULL;
	if (out->ub_param) {
		st_op *p = st_value_defining_op(out->ub_param);
		int64_t v;
		out->ub = p && st_codelet_param_value(p, &v) ? v : -1;
	}
	st_block *b = st_codelet_body(loop);
	out->iv = b && st_block_num_args(b) == 1 ? st_block_arg(b, 0) : NULL;
	return out->iv != NULL;
}

const char *st_codelet_compute_cap(const st_op *op) { return st__codelet_str_attr(op, "cap"); }
const char *st_codelet_compute_loc(const st_op *op) { return st__codelet_str_attr(op, "loc"); }
const char *st_codelet_transfer_to(const st_op *op) { return st__codelet_str_attr(op, "to"); }
bool st_codelet_transfer_padded(const st_op *op) { return st_op_get_attr(op, "pad") != NULL; }

int64_t st_codelet_transfer_pad_value(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "pad_value");
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : 0;
}

void st_codelet_transfer_set_pad_value(st_op *op, int64_t value) {
	st_context *ctx = st_op_context(op);
	st_op_set_attr(op, "pad_value", st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), value));
}

size_t st_codelet_transfer_perm(const st_op *op, int64_t *perm) {
	st_attr *p = st_op_get_attr(op, "perm");
	if (p && st_attr_get_kind(p) == ST_ATTR_DENSE_ARRAY && st_attr_dense_array_size(p) <= ST_CODELET_MAX_RANK) {
		for (size_t d = 0; d < st_attr_dense_array_size(p); d++)
			perm[d] = st_attr_dense_array_int(p, d);
		return st_attr_dense_array_size(p);
	}
	st_attr *s = st_op_get_attr(op, "sizes");
	size_t n = s && st_attr_get_kind(s) == ST_ATTR_DENSE_ARRAY ? st_attr_dense_array_size(s) : 0;
	n = n < ST_CODELET_MAX_RANK ? n : ST_CODELET_MAX_RANK;
	for (size_t d = 0; d < n; d++)
		perm[d] = (int64_t)d;
	return n;
}
st_attr *st_codelet_local_fill(const st_op *op) { return st_op_get_attr(op, "fill"); }
const char *st_codelet_param_name(const st_op *op) { return st__codelet_str_attr(op, "name"); }

bool st_codelet_param_value(const st_op *op, int64_t *out) {
	st_attr *v = st__codelet_is(op, "codelet.param") ? st_op_get_attr(op, "value") : NULL;
	if (!v || st_attr_get_kind(v) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_value(v);
	return true;
}

bool st_codelet_get_placement(const st_op *op, st_codelet_placement *out) {
	st_attr *base = st_op_get_attr(op, "base"), *layout = st_op_get_attr(op, "layout");
	if (!base || !layout || st_attr_get_kind(base) != ST_ATTR_DENSE_ARRAY ||
	    st_attr_get_kind(layout) != ST_ATTR_AFFINE_MAP)
		return false;
	out->ncopies = st_attr_dense_array_size(base);
	if (out->ncopies == 0 || out->ncopies > N(out->base))
		return false;
	for (size_t i = 0; i < out->ncopies; i++)
		out->base[i] = st_attr_dense_array_int(base, i);
	out->layout = st_attr_affine_map(layout);
	return true;
}

void st_codelet_set_placement(st_op *op, const st_codelet_placement *p) {
	st_context *ctx = st_op_context(op);
	st_op_set_attr(op, "base", st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), p->ncopies, p->base));
	st_op_set_attr(op, "layout", st_affine_map_attr(ctx, p->layout));
}

/* --------------------------------------------------------------- op table */

static const st_region_def body_region[] = {{.name = "body"}};
static const st_attr_def cdlt_attrs[] = {
	{.name = "name", .constraint = &st_ac_string},
	{.name = "target", .constraint = &st_ac_flat_symbol_ref, .optional = true},
};

static const st_value_def layer_operand[] = {{.name = "layer", .type = &st_tc_memref, .arity = ST_OPTIONAL}};
static const st_value_def surrogate_result[] = {{.name = "surrogate", .type = &st_tc_memref}};
static const st_value_def opt_surrogate_result[] = {{.name = "surrogate", .type = &st_tc_memref, .arity = ST_OPTIONAL}};
static const st_value_def index_result[] = {{.name = "value", .type = &st_tc_index}};
static const st_value_def args_operands[] = {{.name = "args", .arity = ST_VARIADIC}};
static const st_value_def ub_operand[] = {{.name = "ub_param", .type = &st_tc_index, .arity = ST_OPTIONAL}};

static const st_attr_def param_attrs[] = {
	{.name = "name", .constraint = &st_ac_string},
	{.name = "value", .constraint = &st_ac_i64, .optional = true},
};
static const st_attr_def placement_attrs[] = {
	{.name = "fill", .constraint = &st_ac_typed, .optional = true},
	{.name = "base", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "layout", .constraint = &st_ac_affine_map, .optional = true},
};
static const st_attr_def loop_attrs[] = {
	{.name = "lb", .constraint = &st_ac_i64},
	{.name = "ub", .constraint = &st_ac_i64},
	{.name = "step", .constraint = &st_ac_i64},
};
static const st_attr_def transfer_attrs[] = {
	{.name = "maps", .constraint = &st_ac_array},
	{.name = "sizes", .constraint = &st_ac_dense_i64_array},
	{.name = "to", .constraint = &st_ac_string, .optional = true},
	{.name = "pad", .constraint = &st_ac_unit, .optional = true},
	{.name = "pad_value", .constraint = &st_ac_i64, .optional = true},
	{.name = "perm", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "base", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "layout", .constraint = &st_ac_affine_map, .optional = true},
};
static const st_attr_def compute_attrs[] = {
	{.name = "cap", .constraint = &st_ac_string},
	{.name = "loc", .constraint = &st_ac_string, .optional = true},
	{.name = "maps", .constraint = &st_ac_array},
	{.name = "sizes", .constraint = &st_ac_array},
};

/* Reads and writes of surrogates: nothing may remove or merge them. */
static size_t program_effects(const st_op *op, st_effect *out, size_t cap) {
	size_t n = 0;
	if (cap > n)
		out[n++] = (st_effect){ST_EFFECT_READ, NULL, NULL};
	if (cap > n)
		out[n++] = (st_effect){ST_EFFECT_WRITE, NULL, NULL};
	(void)op;
	return n;
}
static const st_memory_effects_iface effects_iface = {program_effects};
static const st_interface_impl effect_ifaces[] = {{ST_IFACE_MEMORY_EFFECTS, &effects_iface}};
#define EFFECTS .interfaces = effect_ifaces, .ninterfaces = N(effect_ifaces)

/* Layer ops (codelet_layers.c reads and checks them). */
static const st_value_def gemm_operands[] = {
	{.name = "a", .type = &st_tc_memref}, {.name = "b", .type = &st_tc_memref}, {.name = "c", .type = &st_tc_memref}};
static const st_value_def conv_operands[] = {
	{.name = "input", .type = &st_tc_memref}, {.name = "weights", .type = &st_tc_memref},
	{.name = "output", .type = &st_tc_memref}};
static const st_value_def unary_operands[] = {{.name = "input", .type = &st_tc_memref},
                                              {.name = "output", .type = &st_tc_memref}};
static const st_value_def eltwise_operands[] = {{.name = "operands", .type = &st_tc_memref, .arity = ST_VARIADIC}};

static const st_attr_def gemm_attrs[] = {
	{.name = "a_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "b_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "c_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "accumulate", .constraint = &st_ac_unit, .optional = true},
};
static const st_attr_def conv_attrs[] = {
	{.name = "input_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "weights_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "output_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "strides", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "pads", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "accumulate", .constraint = &st_ac_unit, .optional = true},
};
static const char *const pool_kinds[] = {"max", "avg", NULL};
static const st_attr_def pool_attrs[] = {
	{.name = "kind", .constraint = &st_ac_i64, .enum_cases = pool_kinds},
	{.name = "window", .constraint = &st_ac_dense_i64_array},
	{.name = "input_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "output_dims", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "strides", .constraint = &st_ac_dense_i64_array, .optional = true},
	{.name = "pads", .constraint = &st_ac_dense_i64_array, .optional = true},
};
static const char *const eltwise_kinds[] = {"add", "sub", "mul", "max", "min", "shrsi", "shli", "relu", "andi", NULL};
static const st_attr_def eltwise_attrs[] = {
	{.name = "kind", .constraint = &st_ac_i64, .enum_cases = eltwise_kinds},
	{.name = "imm", .constraint = &st_ac_i64, .optional = true},
};
static const st_attr_def requant_attrs[] = {
	{.name = "scale", .constraint = &st_ac_i64},
	{.name = "shift", .constraint = &st_ac_i64},
	{.name = "zero_point", .constraint = &st_ac_i64, .optional = true},
};

#define LAYER .verify = st__codelet_verify_layer, .interp = &st__codelet_interp_layer, EFFECTS
#define FORMAT3(a, b, c) "$" a " `,` $" b " `,` $" c " attr-dict `:` type($" a ") `,` type($" b ") `,` type($" c ")"

static const st_opdef codelet_ops[] = {
	{
		.name = "codelet.gemm",
		.summary = "C = A B (or C += A B): GEMM and fully-connected layers",
		OPERANDS(gemm_operands),
		ATTRS(gemm_attrs),
		.format = FORMAT3("a", "b", "c"),
		LAYER,
	},
	{
		.name = "codelet.conv2d",
		.summary = "a 2-D convolution layer with strides and zero padding",
		OPERANDS(conv_operands),
		ATTRS(conv_attrs),
		.format = FORMAT3("input", "weights", "output"),
		LAYER,
	},
	{
		.name = "codelet.depthwise",
		.summary = "a depthwise 2-D convolution (one filter per channel)",
		OPERANDS(conv_operands),
		ATTRS(conv_attrs),
		.format = FORMAT3("input", "weights", "output"),
		LAYER,
	},
	{
		.name = "codelet.pool",
		.summary = "max or average pooling over a window",
		OPERANDS(unary_operands),
		ATTRS(pool_attrs),
		.format = "$kind $input `,` $output attr-dict `:` type($input) `,` type($output)",
		LAYER,
	},
	{
		.name = "codelet.eltwise",
		.summary = "an element-wise layer: add, sub, mul, max, min, shifts, relu (the output last)",
		OPERANDS(eltwise_operands),
		ATTRS(eltwise_attrs),
		.format = "$kind $operands attr-dict `:` type($operands)",
		LAYER,
	},
	{
		.name = "codelet.requant",
		.summary = "requantisation: clamp((x * scale + 2^(shift-1)) >> shift) + zero_point",
		OPERANDS(unary_operands),
		ATTRS(requant_attrs),
		.format = "$input `,` $output attr-dict `:` type($input) `,` type($output)",
		LAYER,
	},
	{
		.name = "codelet.cdlt",
		.summary = "a codelet: surrogates, loops, transfers and computes for one layer",
		ATTRS(cdlt_attrs),
		REGIONS(body_region),
		.traits = ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_RECURSIVE_MEMORY_EFFECTS,
		.parse = st__codelet_parse_cdlt,
		.print = st__codelet_print_cdlt,
		.verify = st__codelet_verify_cdlt,
		.interp = &st__codelet_interp_cdlt,
	},
	{
		.name = "codelet.yield",
		.summary = "the end of a codelet or loop body",
		.traits = ST_TRAIT_TERMINATOR | ST_TRAIT_PURE,
		.format = "attr-dict",
		.interp = &st__codelet_interp_yield,
	},
	{
		.name = "codelet.inp",
		.summary = "an input surrogate of the layer",
		OPERANDS(layer_operand),
		RESULTS(surrogate_result),
		.parse = st__codelet_parse_surrogate,
		.print = st__codelet_print_surrogate,
		.verify = st__codelet_verify_surrogate,
		.interp = &st__codelet_interp_surrogate,
		EFFECTS,
	},
	{
		.name = "codelet.out",
		.summary = "an output surrogate of the layer",
		OPERANDS(layer_operand),
		RESULTS(surrogate_result),
		.parse = st__codelet_parse_surrogate,
		.print = st__codelet_print_surrogate,
		.verify = st__codelet_verify_surrogate,
		.interp = &st__codelet_interp_surrogate,
		EFFECTS,
	},
	{
		.name = "codelet.param",
		.summary = "a layer parameter (replaced by its value when the layer is mapped)",
		RESULTS(index_result),
		ATTRS(param_attrs),
		.traits = ST_TRAIT_PURE,
		.parse = st__codelet_parse_param,
		.print = st__codelet_print_param,
		.interp = &st__codelet_interp_param,
	},
	{
		.name = "codelet.local",
		.summary = "a new surrogate on a node, filled with a constant (the source's transfer of a constant)",
		RESULTS(surrogate_result),
		ATTRS(placement_attrs),
		.parse = st__codelet_parse_local,
		.print = st__codelet_print_local,
		.verify = st__codelet_verify_local,
		.interp = &st__codelet_interp_local,
		EFFECTS,
	},
	{
		.name = "codelet.loop",
		.summary = "a loop of the codelet (lb, ub, step); its variable offsets accesses",
		OPERANDS(ub_operand),
		ATTRS(loop_attrs),
		REGIONS(body_region),
		.traits = ST_TRAIT_SINGLE_BLOCK | ST_TRAIT_RECURSIVE_MEMORY_EFFECTS,
		.parse = st__codelet_parse_loop,
		.print = st__codelet_print_loop,
		.verify = st__codelet_verify_loop,
		.interp = &st__codelet_interp_loop,
	},
	{
		.name = "codelet.transfer",
		.summary = "moves a slice of a surrogate to a node (a new local) or into another surrogate",
		OPERANDS(args_operands),
		RESULTS(opt_surrogate_result),
		ATTRS(transfer_attrs),
		.parse = st__codelet_parse_transfer,
		.print = st__codelet_print_transfer,
		.verify = st__codelet_verify_transfer,
		.interp = &st__codelet_interp_transfer,
		EFFECTS,
	},
	{
		.name = "codelet.compute",
		.summary = "an ACG capability applied to slices of surrogates on a compute node",
		OPERANDS(args_operands),
		ATTRS(compute_attrs),
		.parse = st__codelet_parse_compute,
		.print = st__codelet_print_compute,
		.verify = st__codelet_verify_compute,
		.interp = &st__codelet_interp_compute,
		EFFECTS,
	},
};

static const char *const deps[] = {"acg", NULL};

static const st_dialect_def dialect = {
	.name = "codelet",
	.summary = "Covenant codelets: DNN layers and their programs on an ACG",
	.ops = codelet_ops,
	.nops = N(codelet_ops),
	.dependencies = deps,
};

const st_limit_def st__codelet_work_limit = {
	.name = "codelet-layer-work",
	.summary = "multiply-accumulates (or pooling steps) of one codelet layer op the interpreter runs",
	.value = INT64_C(1) << 34,
};

const st_limit_def st__codelet_placement_limit = {
	.name = "codelet-placement-elements",
	.summary = "elements of a placed codelet surrogate whose layout the verifier checks",
	.value = INT64_C(1) << 24,
};

st_status st_register_codelet_dialect(st_context *ctx) {
	if (st_failed(st_register_acg_dialect(ctx)) || st_failed(st_context_register_limit(ctx, &st__codelet_work_limit)) ||
	    st_failed(st_context_register_limit(ctx, &st__codelet_placement_limit)))
		return ST_FAIL;
	return st_context_register_dialect(ctx, &dialect);
}
