/* Canonicalization patterns of the memref ops, MLIR 14's (MemRefOps.cpp):
 * constant sizes folded into allocations (SimplifyAllocConst),
 * allocations only stored into and freed erased (SimplifyDeadAlloc),
 * copies onto themselves erased (FoldSelfCopy), constant subview operands
 * folded into the static lists (OpWithOffsetSizesAndStridesConstant-
 * ArgumentFolder) and subviews of casts taking the cast's source
 * (SubViewOpMemRefCastFolder). */
#include "memref_internal.h"

static bool const_index(const st_value *v, int64_t *out) {
	st_attr *a = st__memref_const(v);
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER || !st_type_is_index(st_attr_type(a)))
		return false;
	*out = st_attr_int_value(a);
	return true;
}

static st_op *create(st_rewriter *rw, const char *name, st_attr *loc, size_t nops, st_value *const *ops, st_type *rt,
                     st_attr *attrs) {
	st_op_state s = {
		.name = st_str_c(name),
		.loc = loc,
		.noperands = nops,
		.operands = ops,
		.nresults = rt ? 1 : 0,
		.result_types = &rt,
		.attrs = attrs,
	};
	return st_rewriter_create(rw, &s);
}

/* `op`'s result replaced by a memref.cast of `v` to the old type (or by
 * `v` when the types are the same). */
static void replace_with_cast(st_rewriter *rw, st_op *op, st_value *v) {
	st_type *old = st_value_type(st_op_result(op, 0));
	if (st_value_type(v) != old) {
		st_op *c = create(rw, "memref.cast", st_op_loc(op), 1, &v, old, NULL);
		v = c ? st_op_result(c, 0) : NULL;
	}
	if (v)
		st_rewriter_replace_op(rw, op, &v);
}

static st_attr *with_segments(st_context *ctx, st_attr *attrs, size_t n, const int64_t *seg) {
	st_named_attr small[8];
	size_t na = st_attr_dict_size(attrs);
	if (na >= 8)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < na; i++) {
		st_named_attr e = st_attr_dict_entry(attrs, i);
		if (strcmp(st_ident_cstr(e.name), "operandSegmentSizes") != 0)
			small[k++] = e;
	}
	small[k].name = st_ident_get_c(ctx, "operandSegmentSizes");
	small[k++].value = st_dense_int_array_attr(ctx, st_integer_type(ctx, 32, ST_SIGNLESS), n, seg);
	/* st_dict_attr sorts the entries. */
	return small[k - 1].value ? st_dict_attr(ctx, k, small) : NULL;
}

/* ------------------------------------------------------------ alloc */

static bool simplify_alloc_const(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_context *ctx = st_rewriter_context(rw);
	st_type *t = st_value_type(st_op_result(op, 0));
	size_t ds, dn, ss, sn, rank = st_type_rank(t);
	if (st_failed(st_op_operand_group(op, 0, &ds, &dn)) || st_failed(st_op_operand_group(op, 1, &ss, &sn)) || rank > 16)
		return false;
	int64_t shape[16], c;
	st_value *ops[32];
	size_t nops = 0, k = 0;
	bool any = false;
	for (size_t i = 0; i < rank; i++) {
		shape[i] = st_type_dim(t, i);
		if (shape[i] != ST_DYNAMIC)
			continue;
		st_value *v = st_op_operand(op, ds + k++);
		if (const_index(v, &c) && c >= 0) {
			shape[i] = c;
			any = true;
		} else if (nops < 32) {
			ops[nops++] = v;
		} else {
			return false;
		}
	}
	if (!any || nops + sn > 32)
		return false;
	for (size_t i = 0; i < sn; i++)
		ops[nops + i] = st_op_operand(op, ss + i);
	int64_t seg[2] = {(int64_t)nops, (int64_t)sn};
	st_type *nt = st_memref_type(ctx, rank, shape, st_type_element(t), st_type_memref_layout(t), st_type_memory_space(t));
	st_attr *attrs = with_segments(ctx, st_op_attrs(op), 2, seg);
	if (!nt || !attrs)
		return false;
	st_rewriter_set_insertion_before(rw, op);
	st_op *na = create(rw, st_op_name_cstr(op), st_op_loc(op), nops + sn, ops, nt, attrs);
	if (!na)
		return false;
	replace_with_cast(rw, op, st_op_result(na, 0));
	return true;
}

/* Every user frees the buffer or stores into it: nothing reads it. */
static bool simplify_dead_alloc(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_value *m = st_op_result(op, 0);
	for (st_use *u = st_value_first_use(m); u; u = st_use_next(u)) {
		st_op *user = st_use_owner(u);
		if (st__memref_is(user, "memref.store") ? st_use_operand_index(u) == 0 : !st__memref_is(user, "memref.dealloc"))
			return false;
	}
	while (st_value_has_uses(m))
		st_rewriter_erase_op(rw, st_use_owner(st_value_first_use(m)));
	st_rewriter_erase_op(rw, op);
	return true;
}

/* ------------------------------------------------------------- copy */

static bool fold_self_copy(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	if (st_op_operand(op, 0) != st_op_operand(op, 1))
		return false;
	st_rewriter_erase_op(rw, op);
	return true;
}

/* ---------------------------------------------------------- subview */

/* MLIR's getCanonicalSubViewResultType: the inferred type, with the
 * first unit dimensions dropped when the old result had a smaller rank. */
static st_type *canonical_subview_type(st_context *ctx, size_t result_rank, st_type *src, const int64_t *offs,
                                       const int64_t *sizes, const int64_t *strides) {
	st_type *t = st__memref_subview_infer(ctx, src, offs, sizes, strides);
	size_t rank = t ? st_type_rank(t) : 0;
	if (!t || result_rank >= rank || rank > 16)
		return t;
	size_t drop = rank - result_rank;
	int64_t shape[16], st[16], off;
	if (st_failed(st_memref_strides_and_offset(t, st, &off)))
		return t;
	size_t k = 0;
	for (size_t i = 0; i < rank; i++) {
		if (drop && st_type_dim(t, i) == 1) {
			drop--;
			continue;
		}
		shape[k] = st_type_dim(t, i);
		st[k++] = st[i];
	}
	if (drop)
		return t;
	st_attr *layout = st_strided_layout_attr(ctx, k, st, off);
	return layout ? st_memref_type(ctx, k, shape, st_type_element(t), layout, st_type_memory_space(t)) : NULL;
}

typedef struct subview_parts {
	int64_t v[3][16];     /* static offsets, sizes, strides */
	st_value *dyn[3][16]; /* the dynamic operands that remain */
	size_t ndyn[3];
	size_t rank;
} subview_parts;

/* Reads a subview; with `fold`, constant operands become static values
 * (*folded tells whether any did). */
static bool read_subview(st_op *op, bool fold, subview_parts *sp, bool *folded) {
	sp->rank = st_type_rank(st_value_type(st_op_operand(op, 0)));
	*folded = false;
	if (sp->rank > 16)
		return false;
	for (int w = 0; w < 3; w++) {
		st_attr *a = st__memref_subview_static(op, w);
		size_t gs, gn, k = 0;
		if (!a || st_attr_dense_array_size(a) != sp->rank || st_failed(st_op_operand_group(op, (size_t)w + 1, &gs, &gn)))
			return false;
		sp->ndyn[w] = 0;
		for (size_t i = 0; i < sp->rank; i++) {
			sp->v[w][i] = st_attr_dense_array_int(a, i);
			if (sp->v[w][i] != ST_DYNAMIC)
				continue;
			if (k >= gn)
				return false;
			st_value *d = st_op_operand(op, gs + k++);
			int64_t c;
			/* Negative sizes stay dynamic: they would make an invalid type. */
			if (fold && const_index(d, &c) && (w != ST__SV_SIZES || c >= 0)) {
				sp->v[w][i] = c;
				*folded = true;
			} else {
				sp->dyn[w][sp->ndyn[w]++] = d;
			}
		}
	}
	return true;
}

/* A new subview of `src` from `sp`, cast to `op`'s type, replaces `op`. */
static bool rebuild_subview(st_rewriter *rw, st_op *op, st_value *src, const subview_parts *sp) {
	st_context *ctx = st_rewriter_context(rw);
	st_type *rt = canonical_subview_type(ctx, st_type_rank(st_value_type(st_op_result(op, 0))), st_value_type(src),
	                                     sp->v[0], sp->v[1], sp->v[2]);
	if (!rt)
		return false;
	st_value *ops[1 + 48];
	size_t n = 0;
	ops[n++] = src;
	int64_t seg[4] = {1, 0, 0, 0};
	for (int w = 0; w < 3; w++) {
		for (size_t i = 0; i < sp->ndyn[w]; i++)
			ops[n++] = sp->dyn[w][i];
		seg[w + 1] = (int64_t)sp->ndyn[w];
	}
	static const char *const names[3] = {"static_offsets", "static_sizes", "static_strides"};
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	st_attr *attrs = with_segments(ctx, st_op_attrs(op), 4, seg);
	for (int w = 0; w < 3 && attrs; w++) {
		st_named_attr e[8];
		size_t na = st_attr_dict_size(attrs), k = 0;
		if (na >= 8) {
			attrs = NULL;
			break;
		}
		for (size_t i = 0; i < na; i++)
			if (strcmp(st_ident_cstr(st_attr_dict_entry(attrs, i).name), names[w]) != 0)
				e[k++] = st_attr_dict_entry(attrs, i);
		e[k].name = st_ident_get_c(ctx, names[w]);
		e[k].value = st_dense_int_array_attr(ctx, i64, sp->rank, sp->v[w]);
		attrs = e[k].value ? st_dict_attr(ctx, k + 1, e) : NULL;
	}
	if (!attrs)
		return false;
	st_rewriter_set_insertion_before(rw, op);
	st_op *nv = create(rw, "memref.subview", st_op_loc(op), n, ops, rt, attrs);
	if (!nv)
		return false;
	replace_with_cast(rw, op, st_op_result(nv, 0));
	return true;
}

static bool subview_constant_args(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	subview_parts sp;
	bool folded;
	if (!read_subview(op, true, &sp, &folded) || !folded)
		return false;
	return rebuild_subview(rw, op, st_op_operand(op, 0), &sp);
}

/* MLIR's CastOp::canFoldIntoConsumerOp: a cast to a type no more static
 * than its source (sizes, offset, strides), between strided memrefs. */
static bool cast_foldable(st_op *cast) {
	st_type *a = st_value_type(st_op_operand(cast, 0)), *b = st_value_type(st_op_result(cast, 0));
	if (st_type_get_kind(a) != ST_TYPE_MEMREF || st_type_get_kind(b) != ST_TYPE_MEMREF ||
	    st_type_element(a) != st_type_element(b) || st_type_rank(a) != st_type_rank(b) || st_type_rank(a) > 16)
		return false;
	int64_t sa[16], sb[16], oa, ob;
	if (st_failed(st_memref_strides_and_offset(a, sa, &oa)) || st_failed(st_memref_strides_and_offset(b, sb, &ob)))
		return false;
	for (size_t i = 0; i < st_type_rank(a); i++)
		if ((st_type_dim(a, i) == ST_DYNAMIC && st_type_dim(b, i) != ST_DYNAMIC) ||
		    (sa[i] == ST_DYNAMIC && sb[i] != ST_DYNAMIC))
			return false;
	return !(oa == ST_DYNAMIC && ob != ST_DYNAMIC);
}

static bool subview_of_cast(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	int64_t c;
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (const_index(st_op_operand(op, i), &c))
			return false;
	st_op *cast = st_value_defining_op(st_op_operand(op, 0));
	if (!st__memref_is(cast, "memref.cast") || !cast_foldable(cast))
		return false;
	subview_parts sp;
	bool folded;
	if (!read_subview(op, false, &sp, &folded))
		return false;
	return rebuild_subview(rw, op, st_op_operand(cast, 0), &sp);
}

/* ---------------------------------------------------------- registration */

#define PAT(n, r, fn) {.name = n, .root = r, .benefit = 1, .rewrite = fn}

static const st_pattern alloc_patterns[] = {
	PAT("SimplifyAllocConst", "memref.alloc", simplify_alloc_const),
	PAT("SimplifyDeadAlloc", "memref.alloc", simplify_dead_alloc),
};
static const st_pattern alloca_patterns[] = {
	PAT("SimplifyAllocConst", "memref.alloca", simplify_alloc_const),
	PAT("SimplifyDeadAlloc", "memref.alloca", simplify_dead_alloc),
};
static const st_pattern copy_patterns[] = {PAT("FoldSelfCopy", "memref.copy", fold_self_copy)};
static const st_pattern subview_patterns[] = {
	PAT("OpWithOffsetSizesAndStridesConstantArgumentFolder", "memref.subview", subview_constant_args),
	PAT("SubViewOpMemRefCastFolder", "memref.subview", subview_of_cast),
};

#define ADD(set, pats) st_pattern_set_add_many(set, pats, sizeof pats / sizeof pats[0])

void st__memref_alloc_patterns(void *set) { ADD(set, alloc_patterns); }
void st__memref_alloca_patterns(void *set) { ADD(set, alloca_patterns); }
void st__memref_copy_patterns(void *set) { ADD(set, copy_patterns); }
void st__memref_subview_patterns(void *set) { ADD(set, subview_patterns); }
