/* Canonicalization patterns of the affine ops (MLIR's): a map absorbs the
 * affine.apply ops producing its operands and its constant operands, and
 * drops duplicate and unused operands (apply, min, max, load, store, loop
 * bounds); a loop with no trip or an empty body goes, its results replaced
 * by its inits; an affine.if loses an empty else and, when its condition
 * is decided by constants, becomes the region taken. */
#include "affine_internal.h"

/* Folds the affine.apply producing one operand into the map; true when
 * one was found.  Operands are dims then symbols in vals[0..*n). */
static bool compose_one(st_context *ctx, const st_affine_map **map, st_value ***vals, size_t *n, size_t *cap) {
	const st_affine_map *m = *map;
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	for (size_t i = 0; i < *n; i++) {
		st_op *a = st_value_defining_op((*vals)[i]);
		if (!st_affine_is_apply(a))
			continue;
		const st_affine_map *am = st_affine_op_map(a);
		unsigned ad = st_affine_map_num_dims(am), as = st_affine_map_num_symbols(am);
		if (i >= nd && ad)
			continue; /* a dim cannot stand where a symbol is needed */
		size_t total = (size_t)nd + ad + ns + as;
		if (!st_ctx_grow(ctx, (void **)vals, cap, NULL, sizeof **vals, total))
			return false;
		st_value **v = *vals;
		/* [old dims][a dims][old syms][a syms] */
		memmove(v + nd + ad, v + nd, ns * sizeof *v);
		for (unsigned j = 0; j < ad; j++)
			v[nd + j] = st_op_operand(a, j);
		for (unsigned j = 0; j < as; j++)
			v[nd + ad + ns + j] = st_op_operand(a, ad + j);
		size_t rn = (size_t)ad + as + nd + ns;
		st_affine_expr **ren = st_ctx_alloc(ctx, (rn ? rn : 1) * sizeof *ren);
		if (!ren)
			return false;
		st_affine_expr **adims = ren, **asyms = ren + ad, **odims = ren + ad + as, **osyms = odims + nd;
		for (unsigned j = 0; j < ad; j++)
			adims[j] = st_affine_dim(ctx, nd + j);
		for (unsigned j = 0; j < as; j++)
			asyms[j] = st_affine_symbol(ctx, ns + j);
		st_affine_expr *inner = st_affine_expr_replace(ctx, st_affine_map_result(am, 0), adims, asyms);
		for (unsigned j = 0; j < nd; j++)
			odims[j] = st_affine_dim(ctx, j);
		for (unsigned j = 0; j < ns; j++)
			osyms[j] = st_affine_symbol(ctx, j);
		if (i < nd)
			odims[i] = inner;
		else
			osyms[i - nd] = inner;
		size_t nr = st_affine_map_num_results(m);
		st_affine_expr **res = st_ctx_alloc(ctx, (nr ? nr : 1) * sizeof *res);
		bool ok = res && inner;
		for (size_t r = 0; ok && r < nr; r++)
			ok = (res[r] = st_affine_expr_replace(ctx, st_affine_map_result(m, r), odims, osyms)) != NULL;
		if (ok)
			*map = st_affine_map_get(ctx, nd + ad, ns + as, nr, res);
		if (res)
			st_ctx_free(ctx, res, (nr ? nr : 1) * sizeof *res);
		st_ctx_free(ctx, ren, (rn ? rn : 1) * sizeof *ren);
		if (!ok)
			return false;
		*n = total;
		/* Drop the composed operand's position: the map no longer uses it. */
		return st__affine_canonicalize_map(ctx, map, *vals, n) || true;
	}
	return false;
}

bool st__affine_compose_applies(st_context *ctx, const st_affine_map **map, st_value ***vals, size_t *n,
                                size_t *cap) {
	bool changed = false;
	for (int guard = 0; guard < 64 && compose_one(ctx, map, vals, n, cap); guard++)
		changed = true;
	return changed;
}

/* Simplifies the map `attr` of `op` over operands [start, start + count),
 * the operands after them kept; true when the op changed. */
static bool simplify_map_operands(st_rewriter *rw, st_op *op, const char *attr, size_t start, size_t count) {
	st_context *ctx = st_rewriter_context(rw);
	const st_affine_map *m = st_attr_affine_map(st_op_get_attr(op, attr)), *orig = m;
	size_t cap = count ? count : 1, n = count;
	st_value **v = st_ctx_alloc(ctx, cap * sizeof *v);
	if (!v)
		return false;
	for (size_t i = 0; i < count; i++)
		v[i] = st_op_operand(op, start + i);
	bool changed = st__affine_compose_applies(ctx, &m, &v, &n, &cap);
	changed = st__affine_canonicalize_map(ctx, &m, v, &n) || changed;
	if (changed && m == orig && n == count) {
		changed = false;
		for (size_t i = 0; i < n && !changed; i++)
			changed = v[i] != st_op_operand(op, start + i);
	}
	if (changed) {
		st_rewriter_modify_start(rw, op);
		st_op_erase_operands(op, start, count);
		st_op_insert_operands(op, start, n, v);
		st_op_set_attr(op, attr, st_affine_map_attr(ctx, m));
		st_rewriter_modify_end(rw, op);
	}
	st_ctx_free(ctx, v, cap * sizeof *v);
	return changed;
}

static bool simplify_map_op(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	size_t start, n = st_affine_op_map_operands(op, &start);
	return simplify_map_operands(rw, op, "map", start, n);
}

/* Loop bounds: the lower bound's operands first, then the upper's. */
static bool simplify_bounds(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	size_t s;
	size_t nlb = st_affine_for_lb_operands(op, &s);
	if (simplify_map_operands(rw, op, "lowerBoundMap", 0, nlb))
		return true;
	size_t nub = st_affine_for_ub_operands(op, &s);
	return simplify_map_operands(rw, op, "upperBoundMap", s, nub);
}

/* No trip, or a body that only yields its iteration arguments. */
static bool erase_dead_loop(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_block *b = st_affine_for_body(op);
	st_op *y = st_block_last_op(b);
	bool empty = st_block_first_op(b) == y && st_affine_is_yield(y) &&
	             st_op_num_operands(y) == st_affine_for_num_iter_args(op);
	for (size_t i = 0; empty && i < st_op_num_operands(y); i++)
		empty = st_op_operand(y, i) == st_affine_for_iter_arg(op, i);
	if (!empty && st_affine_for_const_trip_count(op) != 0)
		return false;
	size_t inits, n = st_affine_for_inits(op, &inits);
	st_value *small[8], **v = n <= 8 ? small : st_ctx_alloc(st_rewriter_context(rw), n * sizeof *v);
	if (!v)
		return false;
	for (size_t i = 0; i < n; i++)
		v[i] = st_op_operand(op, inits + i);
	st_rewriter_replace_op(rw, op, v);
	if (v != small)
		st_ctx_free(st_rewriter_context(rw), v, n * sizeof *v);
	return true;
}

static bool drop_empty_else(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_block *e = st_affine_if_else(op);
	if (!e || st_op_num_results(op) || st_block_first_op(e) != st_block_last_op(e))
		return false;
	st_rewriter_erase_block(rw, e);
	return true;
}

/* All operands constant: the region the condition picks replaces the op. */
static bool decided_if(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	const st_integer_set *set = st_affine_if_set(op);
	size_t n = st_op_num_operands(op);
	int64_t vals[16];
	if (n > 16)
		return false;
	/* A constant constraint that fails decides alone (the empty set). */
	bool known = true;
	for (size_t c = 0; c < st_integer_set_num_constraints(set); c++) {
		st_affine_expr *e = st_integer_set_constraint(set, c);
		int64_t v = st_affine_expr_value(e);
		if (st_affine_expr_kind(e) == ST_AFFINE_CONST && !(st_integer_set_is_eq(set, c) ? v == 0 : v >= 0))
			known = false;
	}
	for (size_t i = 0; known && i < n; i++)
		if (!st__affine_const_value(st_op_operand(op, i), &vals[i]))
			return false;
	bool holds = known;
	for (size_t c = 0; c < st_integer_set_num_constraints(set) && holds; c++) {
		int64_t v;
		if (!st_affine_expr_eval(st_integer_set_constraint(set, c), vals, vals + st_integer_set_num_dims(set), &v))
			return false;
		holds = st_integer_set_is_eq(set, c) ? v == 0 : v >= 0;
	}
	st_block *b = holds ? st_affine_if_then(op) : st_affine_if_else(op);
	if (!b) {
		st_rewriter_erase_op(rw, op);
		return true;
	}
	st_op *y = st_block_last_op(b);
	size_t nres = st_op_num_results(op);
	st_value *small[8], **v = nres <= 8 ? small : st_ctx_alloc(st_rewriter_context(rw), nres * sizeof *v);
	if (!v)
		return false;
	for (size_t i = 0; i < nres; i++)
		v[i] = st_op_operand(y, i);
	st_rewriter_erase_op(rw, y);
	st_rewriter_inline_block_before(rw, b, op, NULL);
	st_rewriter_replace_op(rw, op, v);
	if (v != small)
		st_ctx_free(st_rewriter_context(rw), v, nres * sizeof *v);
	return true;
}

#define PAT(n, r, fn) {.name = n, .root = r, .benefit = 1, .rewrite = fn}

static const st_pattern map_op_patterns[] = {
	PAT("SimplifyAffineApply", "affine.apply", simplify_map_op),
	PAT("SimplifyAffineMin", "affine.min", simplify_map_op),
	PAT("SimplifyAffineMax", "affine.max", simplify_map_op),
};
static const st_pattern access_patterns[] = {
	PAT("SimplifyAffineLoad", "affine.load", simplify_map_op),
	PAT("SimplifyAffineStore", "affine.store", simplify_map_op),
};
static const st_pattern for_patterns[] = {
	PAT("AffineForLoopBoundFolder", "affine.for", simplify_bounds),
	PAT("AffineForEmptyLoopFolder", "affine.for", erase_dead_loop),
};
static const st_pattern if_patterns[] = {
	PAT("SimplifyDeadElse", "affine.if", drop_empty_else),
	PAT("AlwaysTrueOrFalseIf", "affine.if", decided_if),
};

#define ADD(set, pats) st_pattern_set_add_many(set, pats, sizeof pats / sizeof pats[0])

void st__affine_map_op_patterns(void *set) { ADD(set, map_op_patterns); }
void st__affine_access_patterns(void *set) { ADD(set, access_patterns); }
void st__affine_for_patterns(void *set) { ADD(set, for_patterns); }
void st__affine_if_patterns(void *set) { ADD(set, if_patterns); }
