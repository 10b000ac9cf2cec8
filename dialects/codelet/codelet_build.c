/* Builders of codelet ops (include/strata/codelet.h), at the place of an
 * st_builder (strata/builder.h): what raising and the mappers use to make
 * codelets, so that no lowering prints IR to parse it back. */
#include "codelet_internal.h"

static st_attr *str(st_context *ctx, const char *s) { return st_string_attr(ctx, st_str_c(s)); }
static st_attr *i64(st_context *ctx, int64_t v) { return st_integer_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), v); }
static st_named_attr named(st_context *ctx, const char *n, st_attr *v) { return (st_named_attr){st_ident_get_c(ctx, n), v}; }

/* A body block (with `nargs` index arguments) ending in codelet.yield. */
static st_op *with_body(st_builder *b, st_op *op, size_t nargs) {
	if (!op)
		return NULL;
	st_block *blk = st_block_create(b->ctx);
	if (!blk) {
		b->failed = true;
		return NULL;
	}
	st_region_append_block(st_op_region(op, 0), blk);
	for (size_t i = 0; i < nargs; i++)
		if (!st_block_add_arg(blk, st_index_type(b->ctx), b->loc ? b->loc : st_loc_unknown(b->ctx))) {
			b->failed = true;
			return NULL;
		}
	st_builder in = st_builder_at_end(b->ctx, blk, b->loc);
	if (!st_build_op(&in, "codelet.yield", 0, NULL, 0, NULL, NULL, 0)) {
		b->failed = true;
		return NULL;
	}
	return op;
}

st_op *st_codelet_build_cdlt(st_builder *b, const char *name, const char *target) {
	st_named_attr a[2] = {named(b->ctx, "name", str(b->ctx, name))};
	size_t na = 1;
	if (target)
		a[na++] = named(b->ctx, "target", st_symbol_ref_attr(b->ctx, st_str_c(target), 0, NULL));
	return with_body(b, st_build_op(b, "codelet.cdlt", 0, NULL, 0, NULL, st_dict_attr(b->ctx, na, a), 1), 0);
}

st_op *st_codelet_build_inp(st_builder *b, st_value *layer, st_type *type) {
	return st_build_op(b, "codelet.inp", layer ? 1 : 0, &layer, 1, &type, NULL, 0);
}

st_op *st_codelet_build_out(st_builder *b, st_value *layer, st_type *type) {
	return st_build_op(b, "codelet.out", layer ? 1 : 0, &layer, 1, &type, NULL, 0);
}

st_op *st_codelet_build_param(st_builder *b, const char *name, bool has_value, int64_t value) {
	st_named_attr a[2] = {named(b->ctx, "name", str(b->ctx, name)), named(b->ctx, "value", i64(b->ctx, value))};
	st_type *it = st_index_type(b->ctx);
	return st_build_op(b, "codelet.param", 0, NULL, 1, &it, st_dict_attr(b->ctx, has_value ? 2 : 1, a), 0);
}

st_op *st_codelet_build_local(st_builder *b, st_type *type, st_attr *fill) {
	st_named_attr a[1] = {named(b->ctx, "fill", fill)};
	return st_build_op(b, "codelet.local", 0, NULL, 1, &type, st_dict_attr(b->ctx, fill ? 1 : 0, a), 0);
}

st_op *st_codelet_build_loop(st_builder *b, int64_t lb, int64_t ub, int64_t step, st_value *ub_param) {
	st_named_attr a[3] = {named(b->ctx, "lb", i64(b->ctx, lb)), named(b->ctx, "ub", i64(b->ctx, ub)),
	                      named(b->ctx, "step", i64(b->ctx, step))};
	return with_body(b, st_build_op(b, "codelet.loop", ub_param ? 1 : 0, &ub_param, 0, NULL, st_dict_attr(b->ctx, 3, a), 1),
	                 1);
}

static st_attr *sizes_attr(st_context *ctx, const st_codelet_access *a) {
	return st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), a->rank, a->sizes);
}

/* Operands: the surrogates, then the indices. */
static st_op *access_op(st_builder *b, const char *name, size_t n, const st_codelet_access *acc, size_t nidx,
                        st_value *const *idx, st_named_attr *attrs, size_t nattrs, st_type *result) {
	st_value *ops[ST_CODELET_MAX_ACCESSES + 32];
	st_attr *maps[ST_CODELET_MAX_ACCESSES];
	if (n > ST_CODELET_MAX_ACCESSES || nidx > 32) {
		b->failed = true;
		return NULL;
	}
	for (size_t i = 0; i < n; i++) {
		ops[i] = acc[i].surrogate;
		maps[i] = st_affine_map_attr(b->ctx, acc[i].offsets);
	}
	for (size_t i = 0; i < nidx; i++)
		ops[n + i] = idx[i];
	attrs[nattrs++] = named(b->ctx, "maps", st_array_attr(b->ctx, n, maps));
	return st_build_op(b, name, n + nidx, ops, result ? 1 : 0, &result, st_dict_attr(b->ctx, nattrs, attrs), 0);
}

st_op *st_codelet_build_transfer(st_builder *b, const st_codelet_access *src, const st_codelet_access *dst,
                                 const char *to, bool pad, const int64_t *perm, size_t nperm, size_t nindices,
                                 st_value *const *indices) {
	st_context *ctx = b->ctx;
	st_codelet_access acc[2] = {*src};
	st_named_attr attrs[5];
	size_t na = 0;
	attrs[na++] = named(ctx, "sizes", sizes_attr(ctx, src));
	st_type *result = NULL;
	if (perm) {
		if (nperm > ST_CODELET_MAX_RANK) {
			b->failed = true;
			return NULL;
		}
		attrs[na++] = named(ctx, "perm", st_dense_int_array_attr(ctx, st_integer_type(ctx, 64, ST_SIGNLESS), nperm, perm));
	}
	if (!dst) {
		if (to)
			attrs[na++] = named(ctx, "to", str(ctx, to));
		int64_t shape[ST_CODELET_MAX_RANK];
		size_t rank = perm ? nperm : src->rank;
		for (size_t d = 0; d < rank; d++)
			shape[d] = !perm ? src->sizes[d] : (perm[d] >= 0 && (size_t)perm[d] < src->rank ? src->sizes[perm[d]] : 1);
		result = st_codelet_surrogate_type(ctx, rank, shape, st_type_element(st_value_type(src->surrogate)), to);
	} else {
		acc[1] = *dst;
	}
	if (pad)
		attrs[na++] = named(ctx, "pad", st_unit_attr(ctx));
	return access_op(b, "codelet.transfer", dst ? 2 : 1, acc, nindices, indices, attrs, na, result);
}

st_op *st_codelet_build_compute(st_builder *b, const char *loc, const char *cap, size_t naccesses,
                                const st_codelet_access *accesses, size_t nindices, st_value *const *indices) {
	st_context *ctx = b->ctx;
	if (naccesses > ST_CODELET_MAX_ACCESSES) {
		b->failed = true;
		return NULL;
	}
	st_attr *sizes[ST_CODELET_MAX_ACCESSES];
	for (size_t i = 0; i < naccesses; i++)
		sizes[i] = sizes_attr(ctx, &accesses[i]);
	st_named_attr attrs[4];
	size_t na = 0;
	attrs[na++] = named(ctx, "cap", str(ctx, cap));
	attrs[na++] = named(ctx, "sizes", st_array_attr(ctx, naccesses, sizes));
	if (loc)
		attrs[na++] = named(ctx, "loc", str(ctx, loc));
	return access_op(b, "codelet.compute", naccesses, accesses, nindices, indices, attrs, na, NULL);
}

st_op *st_codelet_build_layer(st_builder *b, const st_codelet_layer_info *info, size_t noperands,
                              st_value *const *operands) {
	return st__codelet_build_layer_op(b, info, noperands, operands);
}
