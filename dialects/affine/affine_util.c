/* Small helpers of the affine passes and patterns: constants, op creation,
 * and MLIR's canonicalization of a map together with its operands. */
#include "affine_internal.h"

bool st__affine_const_value(const st_value *v, int64_t *out) {
	st_op *d = st_value_defining_op(v);
	if (!d || !st_op_has_trait(d, ST_TRAIT_CONSTANT_LIKE))
		return false;
	st_attr *a = st_op_get_attr(d, "value");
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_value(a);
	return true;
}

st_op *st__affine_create(st_rewriter *rw, const char *name, st_attr *loc, size_t n, st_value *const *operands,
                         size_t nres, st_type *const *types, st_attr *attrs, size_t nregions) {
	st_op_state s = {
		.name = st_str_c(name),
		.loc = loc,
		.noperands = n,
		.operands = operands,
		.nresults = nres,
		.result_types = types,
		.attrs = attrs,
		.nregions = nregions,
	};
	return st_rewriter_create(rw, &s);
}

st_value *st__affine_const_index(st_rewriter *rw, st_attr *loc, int64_t v) {
	st_context *ctx = st_rewriter_context(rw);
	st_type *t = st_index_type(ctx);
	st_named_attr a = {st_ident_get(ctx, st_str_c("value")), st_integer_attr(ctx, t, v)};
	st_op *c = st__affine_create(rw, "arith.constant", loc, 0, NULL, 1, &t, st_dict_attr(ctx, 1, &a), 0);
	return c ? st_op_result(c, 0) : NULL;
}

/* Whether position i (dims first) occurs in some result of `m`. */
static bool position_used(st_context *ctx, const st_affine_map *m, size_t i) {
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	st_affine_expr *dsmall[16], *ssmall[16];
	st_affine_expr **dims = nd <= 16 ? dsmall : st_ctx_alloc(ctx, nd * sizeof *dims);
	st_affine_expr **syms = ns <= 16 ? ssmall : st_ctx_alloc(ctx, ns * sizeof *syms);
	bool used = true;
	if (dims && syms) {
		for (unsigned d = 0; d < nd; d++)
			dims[d] = st_affine_dim(ctx, d);
		for (unsigned s = 0; s < ns; s++)
			syms[s] = st_affine_symbol(ctx, s);
		/* Replacing the position by a constant changes a result only if
		 * it occurs there (expressions are uniqued). */
		if (i < nd)
			dims[i] = st_affine_const(ctx, 0);
		else
			syms[i - nd] = st_affine_const(ctx, 0);
		used = false;
		for (size_t r = 0; r < st_affine_map_num_results(m) && !used; r++) {
			st_affine_expr *e = st_affine_map_result(m, r);
			used = st_affine_expr_replace(ctx, e, dims, syms) != e;
		}
	}
	if (dims && dims != dsmall)
		st_ctx_free(ctx, dims, nd * sizeof *dims);
	if (syms && syms != ssmall)
		st_ctx_free(ctx, syms, ns * sizeof *syms);
	return used;
}

bool st__affine_canonicalize_map(st_context *ctx, const st_affine_map **map, st_value **vals, size_t *n) {
	const st_affine_map *m = *map;
	unsigned nd = st_affine_map_num_dims(m), ns = st_affine_map_num_symbols(m);
	size_t total = (size_t)nd + ns;
	if (total != *n || total == 0)
		return false;
	size_t bytes = total * (sizeof(st_affine_expr *) + sizeof(st_value *));
	void *mem = st_ctx_alloc(ctx, bytes);
	if (!mem)
		return false;
	st_affine_expr **repl = mem;
	st_value **orig = (st_value **)(repl + total);
	memcpy(orig, vals, total * sizeof *orig);
	/* Constants fold in, a repeated operand shares its first position,
	 * unused operands go. */
	unsigned nnd = 0, nns = 0;
	size_t k = 0;
	bool changed = false;
	for (size_t i = 0; i < total; i++) {
		int64_t c;
		bool is_dim = i < nd;
		size_t j = is_dim ? 0 : nd;
		while (j < i && orig[j] != orig[i])
			j++;
		if (!position_used(ctx, m, i)) {
			repl[i] = st_affine_const(ctx, 0);
			changed = true;
		} else if (st__affine_const_value(orig[i], &c)) {
			repl[i] = st_affine_const(ctx, c);
			changed = true;
		} else if (j < i && position_used(ctx, m, j)) {
			repl[i] = repl[j];
			changed = true;
		} else {
			changed = changed || k != i;
			vals[k++] = orig[i];
			repl[i] = is_dim ? st_affine_dim(ctx, nnd++) : st_affine_symbol(ctx, nns++);
		}
	}
	if (changed) {
		size_t nr = st_affine_map_num_results(m);
		st_affine_expr *rsmall[8], **res = nr <= 8 ? rsmall : st_ctx_alloc(ctx, nr * sizeof *res);
		if (res) {
			for (size_t r = 0; r < nr; r++)
				res[r] = st_affine_expr_replace(ctx, st_affine_map_result(m, r), repl, repl + nd);
			*map = st_affine_map_get(ctx, nnd, nns, nr, res);
			*n = k;
			if (res != rsmall)
				st_ctx_free(ctx, res, nr * sizeof *res);
		} else {
			memcpy(vals, orig, total * sizeof *orig);
			changed = false;
		}
	}
	st_ctx_free(ctx, mem, bytes);
	return changed;
}
