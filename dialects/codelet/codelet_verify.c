/* The checks of codelet programs: the structure of every op, the slices
 * (offsets in bounds over the loops' ranges), the shapes each capability
 * needs, and, once a program is placed on an ACG, the machine: surrogates
 * on storage nodes, computes on nodes with the capability at that width,
 * transfers along ACG edges, and placements within a memory's entries and
 * banks (docs/dialects/codelet.md, "Verification"). */
#include "codelet_internal.h"

#include "strata/acg.h"

#include <assert.h>
#include <stdio.h>

static const char *cdlt_loc_name(const st_type *t) { return st_codelet_location(t); }

/* The ACG graph of a placed op; reports when there is none. */
static st_op *need_target(st_op *op, const char *what, const char *loc) {
	st_op *g = st_codelet_target(op);
	if (!g)
		st_op_error(op, "%s is placed on '%s' but the codelet has no ACG: give it a target or put one acg.graph in the module",
		            what, loc);
	return g;
}

static st_status check_storage(st_op *op, const char *what, const char *loc) {
	if (!loc)
		return ST_OK;
	st_op *g = need_target(op, what, loc);
	if (!g)
		return ST_FAIL;
	st_op *n = st_acg_lookup(g, loc);
	if (!n)
		return st_op_error(op, "%s is placed on '%s', which the ACG does not have", what, loc);
	if (st_acg_node_kind(n) != ST_ACG_STORAGE)
		return st_op_error(op, "%s is placed on '%s', which is not a storage node", what, loc);
	return ST_OK;
}

/* A surrogate type: a memref of static shape, rank 1..MAX. */
static st_status check_surrogate_type(st_op *op, st_type *t, const char *what) {
	if (st_type_get_kind(t) != ST_TYPE_MEMREF || st_type_num_elements_static(t) < 0 || st_type_rank(t) == 0 ||
	    st_type_rank(t) > ST_CODELET_MAX_RANK || st_type_memref_layout(t))
		return st_op_error(op, "%s must be a memref of static shape with 1 to %d dimensions and no layout", what,
		                   ST_CODELET_MAX_RANK);
	st_attr *ms = st_type_memory_space(t);
	if (ms && st_attr_get_kind(ms) != ST_ATTR_STRING)
		return st_op_error(op, "%s has a memory space that is not an ACG node name", what);
	return ST_OK;
}

static bool directly_in_cdlt(st_op *op) { return st__codelet_is(st_op_parent_op(op), "codelet.cdlt"); }

st_status st__codelet_verify_cdlt(st_op *op) {
	st_attr *t = st_op_get_attr(op, "target");
	if (t && !st_codelet_target(op))
		return st_op_error(op, "target '@%s' is not an acg.graph at the top of the module",
		                   st_ident_cstr(st_attr_symbol_root(t)));
	return ST_OK;
}

st_status st__codelet_verify_surrogate(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (!directly_in_cdlt(op))
		return st_op_error(op, "must be directly inside a codelet.cdlt");
	if (st_failed(check_surrogate_type(op, t, "a surrogate")))
		return ST_FAIL;
	if (st_op_num_operands(op)) {
		st_type *l = st_value_type(st_op_operand(op, 0));
		st_context *ctx = st_op_context(op);
		if (l != st_memref_type(ctx, st_type_rank(t), st_type_shape(t), st_type_element(t), NULL, NULL))
			return st_op_error(op, "the layer operand must have the surrogate's shape and element type and no memory space");
	}
	return check_storage(op, "the surrogate", cdlt_loc_name(t));
}

/* ---------------------------------------------------------------- ranges */

/* The values an index operand takes: a loop variable's range, a
 * parameter's or a constant's value.  False when not known. */
static bool index_range(st_value *v, int64_t *lo, int64_t *hi) {
	st_op *d = st_value_defining_op(v);
	if (d && st__codelet_is(d, "codelet.param"))
		return st_codelet_param_value(d, lo) && (*hi = *lo, true);
	if (d && st__codelet_is(d, "arith.constant")) {
		st_attr *a = st_op_get_attr(d, "value");
		if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
			return false;
		*lo = *hi = st_attr_int_value(a);
		return true;
	}
	if (d)
		return false;
	st_block *b = st_value_owner_block(v);
	st_op *loop = b ? st_block_parent_op(b) : NULL;
	st_codelet_loop_info l;
	if (!loop || !st_codelet_loop(loop, &l) || l.iv != v || l.step <= 0 || l.ub < 0)
		return false;
	if (l.ub <= l.lb)
		return false; /* never runs: nothing to check */
	*lo = l.lb;
	*hi = l.lb + (l.ub - 1 - l.lb) / l.step * l.step;
	return true;
}

typedef struct range {
	int64_t lo, hi;
} range;

/* Interval evaluation of an affine expression; false when a piece is not
 * known or overflows. */
static bool expr_range(const st_affine_expr *e, const range *dims, size_t ndims, range *out) {
	range a, b;
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_CONST:
		out->lo = out->hi = st_affine_expr_value(e);
		return true;
	case ST_AFFINE_DIM: {
		unsigned p = st_affine_expr_position(e);
		if (p >= ndims || dims[p].lo > dims[p].hi)
			return false;
		*out = dims[p];
		return true;
	}
	case ST_AFFINE_SYMBOL:
		return false;
	default:
		break;
	}
	if (!expr_range(st_affine_expr_lhs(e), dims, ndims, &a) || !expr_range(st_affine_expr_rhs(e), dims, ndims, &b))
		return false;
	if (a.lo < -(INT64_C(1) << 40) || a.hi > (INT64_C(1) << 40) || b.lo < -(INT64_C(1) << 40) || b.hi > (INT64_C(1) << 40))
		return false;
	switch (st_affine_expr_kind(e)) {
	case ST_AFFINE_ADD:
		out->lo = a.lo + b.lo;
		out->hi = a.hi + b.hi;
		return true;
	case ST_AFFINE_MUL: {
		int64_t c[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
		out->lo = out->hi = c[0];
		for (int i = 1; i < 4; i++) {
			out->lo = c[i] < out->lo ? c[i] : out->lo;
			out->hi = c[i] > out->hi ? c[i] : out->hi;
		}
		return true;
	}
	case ST_AFFINE_FLOORDIV:
	case ST_AFFINE_CEILDIV:
	case ST_AFFINE_MOD: {
		if (b.lo != b.hi || b.lo <= 0)
			return false;
		int64_t k = b.lo;
		if (st_affine_expr_kind(e) == ST_AFFINE_MOD) {
			out->lo = 0;
			out->hi = k - 1;
			if (a.lo >= 0 && a.hi - a.lo < k && a.lo % k <= a.hi % k) {
				out->lo = a.lo % k;
				out->hi = a.hi % k;
			}
			return true;
		}
		bool ceil = st_affine_expr_kind(e) == ST_AFFINE_CEILDIV;
		int64_t lo = a.lo / k - ((a.lo % k) < 0), hi = a.hi / k - ((a.hi % k) < 0);
		if (ceil) {
			lo = -((-a.lo) / k - (((-a.lo) % k) < 0));
			hi = -((-a.hi) / k - (((-a.hi) % k) < 0));
		}
		out->lo = lo;
		out->hi = hi;
		return true;
	}
	default:
		return false;
	}
}

/* Checks access i of an access op: its surrogate, map and sizes, and that
 * the slice stays inside the surrogate on every iteration (unless the
 * source of a padded transfer). */
static st_status check_access(st_op *op, size_t i, const char *what, bool may_pad, st_codelet_access *a) {
	if (!st_codelet_get_access(op, i, a))
		return st_op_error(op, "%s: its offsets must be an affine map and its sizes an array<i64>", what);
	st_type *t = st_value_type(a->surrogate);
	if (st_failed(check_surrogate_type(op, t, what)))
		return ST_FAIL;
	size_t rank = st_type_rank(t), nidx = st_codelet_num_indices(op);
	if (st_affine_map_num_results(a->offsets) != rank || st_affine_map_num_symbols(a->offsets) != 0 ||
	    st_affine_map_num_dims(a->offsets) != nidx)
		return st_op_error(op, "%s has %zu offsets for a surrogate of %zu dimensions (and %zu index operands)", what,
		                   st_affine_map_num_results(a->offsets), rank, nidx);
	if (a->rank != rank)
		return st_op_error(op, "%s has %zu sizes for a surrogate of %zu dimensions", what, a->rank, rank);
	range dims[32];
	if (nidx > 32)
		return st_op_error(op, "at most 32 index operands");
	bool known = true;
	for (size_t k = 0; k < nidx; k++) {
		if (!st_type_is_index(st_value_type(st_codelet_index(op, k))))
			return st_op_error(op, "index operand #%zu is not an index", k);
		if (!index_range(st_codelet_index(op, k), &dims[k].lo, &dims[k].hi))
			known = false;
	}
	for (size_t d = 0; d < rank; d++) {
		if (a->sizes[d] < 1 || (!may_pad && a->sizes[d] > st_type_dim(t, d)))
			return st_op_error(op, "%s: size %lld of dimension %zu is not within 1..%lld", what, (long long)a->sizes[d], d,
			                   (long long)st_type_dim(t, d));
		range r;
		if (!known || may_pad || !expr_range(st_affine_map_result(a->offsets, d), dims, nidx, &r))
			continue;
		if (r.lo < 0 || r.hi + a->sizes[d] > st_type_dim(t, d))
			return st_op_error(op, "%s reaches elements %lld..%lld of dimension %zu, which has %lld", what, (long long)r.lo,
			                   (long long)(r.hi + a->sizes[d] - 1), d, (long long)st_type_dim(t, d));
	}
	return ST_OK;
}

/* ----------------------------------------------------------- placements */

static int64_t num_elements(const int64_t *sizes, size_t n) {
	int64_t e = 1;
	for (size_t i = 0; i < n; i++)
		e *= sizes[i];
	return e;
}

/* A placement keeps every element of the surrogate inside the node. */
static st_status check_placement(st_op *op, st_type *t) {
	st_codelet_placement pl;
	bool has = st_op_get_attr(op, "base") || st_op_get_attr(op, "layout");
	if (!has)
		return ST_OK;
	if (!st_codelet_get_placement(op, &pl))
		return st_op_error(op, "a placement needs both `base` (1 to 4 addresses) and `layout`");
	size_t rank = st_type_rank(t);
	if (st_affine_map_num_dims(pl.layout) != rank || st_affine_map_num_symbols(pl.layout) != 0 ||
	    st_affine_map_num_results(pl.layout) != 2)
		return st_op_error(op, "the layout must map the %zu indices of the surrogate to (entry, bank)", rank);
	const char *loc = st_codelet_location(t);
	if (!loc)
		return st_op_error(op, "a placement needs a surrogate on a node");
	st_op *g = st_codelet_target(op), *n = g ? st_acg_lookup(g, loc) : NULL;
	if (!n || st_acg_node_kind(n) != ST_ACG_STORAGE)
		return ST_OK; /* reported by the location check */
	int64_t banks = st_acg_int(n, "banks", 1), depth = st_acg_int(n, "depth", 0);
	const int64_t *shape = st_type_shape(t);
	int64_t total = st_type_num_elements_static(t), limit = st_context_limit(st_op_context(op), &st__codelet_placement_limit);
	assert(total >= 0); /* a surrogate's shape is static and counted (check_surrogate_type) */
	if (total > limit) {
		char hint[160];
		return st_op_error(op, "a placed surrogate of %lld elements is too large to check its layout %s", (long long)total,
		                   st_limit_hint(st_op_context(op), &st__codelet_placement_limit, hint, sizeof hint));
	}
	int64_t idx[ST_CODELET_MAX_RANK] = {0}, res[2], hi = -1;
	for (int64_t k = 0; k < total; k++) {
		if (!st_affine_map_eval(pl.layout, idx, NULL, res))
			return st_op_error(op, "the layout cannot be evaluated");
		if (res[0] < 0 || res[1] < 0 || res[1] >= banks)
			return st_op_error(op, "the layout puts an element at entry %lld, bank %lld of '%s', which has %lld banks",
			                   (long long)res[0], (long long)res[1], loc, (long long)banks);
		hi = res[0] * banks + res[1] > hi ? res[0] * banks + res[1] : hi;
		for (size_t d = rank; d-- > 0;) {
			if (++idx[d] < shape[d])
				break;
			idx[d] = 0;
		}
	}
	for (size_t c = 0; c < pl.ncopies; c++)
		if (pl.base[c] < 0 || pl.base[c] % banks != 0 || pl.base[c] + hi >= depth * banks)
			return st_op_error(op,
			                   "copy %zu at element %lld of '%s' does not fit: it needs elements up to %lld of %lld (and starts on an "
			                   "entry)",
			                   c, (long long)pl.base[c], loc, (long long)(pl.base[c] + hi), (long long)(depth * banks));
	return ST_OK;
}

st_status st__codelet_verify_local(st_op *op) {
	st_type *t = st_value_type(st_op_result(op, 0));
	if (st_failed(check_surrogate_type(op, t, "a local")))
		return ST_FAIL;
	st_attr *fill = st_codelet_local_fill(op);
	if (fill && st_attr_type(fill) != st_type_element(t))
		return st_op_error(op, "the fill value must have the element type of the local");
	if (st_failed(check_storage(op, "the local", cdlt_loc_name(t))))
		return ST_FAIL;
	return check_placement(op, t);
}

st_status st__codelet_verify_loop(st_op *op) {
	st_codelet_loop_info l;
	if (!st_codelet_loop(op, &l))
		return st_op_error(op, "the body must have one block with one index argument");
	if (!st_type_is_index(st_value_type(l.iv)))
		return st_op_error(op, "the loop variable must be an index");
	if (l.step <= 0)
		return st_op_error(op, "the step must be positive");
	if (l.lb < 0)
		return st_op_error(op, "the lower bound must not be negative");
	if (l.ub_param && !st__codelet_is(st_value_defining_op(l.ub_param), "codelet.param"))
		return st_op_error(op, "a loop bound that is not a constant must be a codelet.param");
	return ST_OK;
}

/* -------------------------------------------------------------- transfer */

/* Whether the ACG has an edge from `a` to `b` (either way for `<->`). */
static bool has_edge(st_op *g, const char *a, const char *b) {
	st_block *blk = st_op_num_regions(g) ? st_region_first_block(st_op_region(g, 0)) : NULL;
	for (st_op *e = blk ? st_block_first_op(blk) : NULL; e; e = st_op_next(e)) {
		if (!st__codelet_is(e, "acg.edge"))
			continue;
		st_attr *s = st_op_get_attr(e, "src"), *d = st_op_get_attr(e, "dst");
		if (!s || !d)
			continue;
		const char *sn = st_ident_cstr(st_attr_symbol_root(s)), *dn = st_ident_cstr(st_attr_symbol_root(d));
		bool bi = st_op_get_attr(e, "bidirectional") && st_attr_is_bool(st_op_get_attr(e, "bidirectional")) &&
		          st_attr_int_value(st_op_get_attr(e, "bidirectional"));
		if ((strcmp(sn, a) == 0 && strcmp(dn, b) == 0) || (bi && strcmp(sn, b) == 0 && strcmp(dn, a) == 0))
			return true;
	}
	return false;
}

static st_status check_edge(st_op *op, const char *from, const char *to, const char *what) {
	if (!from || !to || strcmp(from, to) == 0)
		return ST_OK;
	st_op *g = st_codelet_target(op);
	if (!g)
		return ST_OK; /* reported at the surrogates */
	if (!has_edge(g, from, to))
		return st_op_error(op, "%s from '%s' to '%s' along no ACG edge", what, from, to);
	return ST_OK;
}

st_status st__codelet_verify_transfer(st_op *op) {
	size_t n = st_codelet_num_accesses(op);
	bool alloc = st_op_num_results(op) == 1;
	const char *to = st_codelet_transfer_to(op);
	if (n != (alloc ? 1u : 2u))
		return st_op_error(op, "a transfer that defines a surrogate has one slice, a transfer into one two");
	if (to && !alloc)
		return st_op_error(op, "a transfer into a surrogate goes where that surrogate is: it takes no `to`");
	bool pad = st_codelet_transfer_padded(op);
	if (!pad && st_op_get_attr(op, "pad_value"))
		return st_op_error(op, "`pad_value` belongs to a padded transfer (`pad`)");
	st_codelet_access src, dst;
	if (st_failed(check_access(op, 0, "the source", pad, &src)))
		return ST_FAIL;
	/* A permutation takes every dimension of the slice wider than 1 once. */
	int64_t perm[ST_CODELET_MAX_RANK];
	size_t nperm = st_codelet_transfer_perm(op, perm);
	st_attr *pa = st_op_get_attr(op, "perm");
	if (pa && st_attr_dense_array_size(pa) > ST_CODELET_MAX_RANK)
		return st_op_error(op, "a permutation has at most %d dimensions", ST_CODELET_MAX_RANK);
	int taken[ST_CODELET_MAX_RANK] = {0};
	for (size_t d = 0; d < nperm; d++) {
		if (perm[d] < -1 || perm[d] >= (int64_t)src.rank)
			return st_op_error(op, "the permutation names dimension %lld of a slice of %zu", (long long)perm[d], src.rank);
		if (perm[d] >= 0 && taken[perm[d]]++)
			return st_op_error(op, "the permutation takes source dimension %lld twice", (long long)perm[d]);
	}
	for (size_t d = 0; d < src.rank; d++)
		if (src.sizes[d] > 1 && !taken[d])
			return st_op_error(op, "the permutation drops source dimension %zu, which has %lld elements", d,
			                   (long long)src.sizes[d]);
	st_type *st = st_value_type(src.surrogate), *elt = st_type_element(st);
	const char *from = st_codelet_location(st), *dest = to;
	if (!alloc) {
		if (st_failed(check_access(op, 1, "the destination", false, &dst)))
			return ST_FAIL;
		/* Integers convert as LD and ST do: sign-extended into a wider
		 * destination, truncated into a narrower one. */
		st_type *de = st_type_element(st_value_type(dst.surrogate));
		if (de != elt && !(st_type_is_integer(de) && st_type_is_integer(elt)))
			return st_op_error(op, "source and destination have different element types (only integers convert)");
		dest = st_codelet_location(st_value_type(dst.surrogate));
	} else {
		st_type *rt = st_value_type(st_op_result(op, 0));
		st_context *ctx = st_op_context(op);
		int64_t shape[ST_CODELET_MAX_RANK];
		for (size_t d = 0; d < nperm; d++)
			shape[d] = perm[d] >= 0 ? src.sizes[perm[d]] : 1;
		if (rt != st_codelet_surrogate_type(ctx, nperm, shape, elt, to)) {
			if (to)
				return st_op_error(op, "the result must be a surrogate of the slice's sizes on '%s'", to);
			return st_op_error(op, "the result must be a surrogate of the slice's sizes with no memory space");
		}
		if (st_failed(check_storage(op, "the transfer's result", to)) || st_failed(check_placement(op, rt)))
			return ST_FAIL;
	}
	return check_edge(op, from, dest, "a transfer");
}

/* --------------------------------------------------------------- compute */

/* Elements of slice a as a matrix: rows x last dimension. */
static void as_matrix(const st_codelet_access *a, int64_t *rows, int64_t *cols) {
	*cols = a->sizes[a->rank - 1];
	*rows = num_elements(a->sizes, a->rank) / *cols;
}

static st_status check_shapes(st_op *op, const st__codelet_cap *c, const st_codelet_access *acc, size_t n) {
	int64_t e[ST_CODELET_MAX_ACCESSES];
	for (size_t i = 0; i < n; i++)
		e[i] = num_elements(acc[i].sizes, acc[i].rank);
	int64_t x, y, y2, z, z2, x2;
	switch (c->form) {
	case ST__CAP_UNARY:
	case ST__CAP_BINARY:
	case ST__CAP_MAC:
		for (size_t i = 1; i < n; i++)
			if (e[i] != e[0] && e[i] != 1)
				return st_op_error(op, "'%s' works element by element: input %zu has %lld elements, the output %lld", c->name,
				                   i - 1, (long long)e[i], (long long)e[0]);
		return ST_OK;
	case ST__CAP_GEMM:
	case ST__CAP_MMUL:
		as_matrix(&acc[1], &x, &y);
		as_matrix(&acc[2], &y2, &z);
		as_matrix(&acc[0], &x2, &z2);
		if (y != y2 || x != x2 || z != z2 || (c->form == ST__CAP_GEMM && e[3] != e[0]))
			return st_op_error(op,
			                   "'%s' multiplies a %lldx%lld slice by a %lldx%lld one into a %lldx%lld one (the last dimension of each "
			                   "slice is its columns)",
			                   c->name, (long long)x, (long long)y, (long long)y2, (long long)z, (long long)x2, (long long)z2);
		return ST_OK;
	case ST__CAP_MVMUL:
		as_matrix(&acc[1], &x, &y);
		if (e[2] != y || e[0] != x)
			return st_op_error(op, "'%s' multiplies a %lldx%lld slice by %lld elements into %lld", c->name, (long long)x,
			                   (long long)y, (long long)e[2], (long long)e[0]);
		return ST_OK;
	default:
		return ST_OK;
	}
}

/* The compute node has a capability of this name whose operands take the
 * slices' element types and at least their elements. */
static st_status check_capability(st_op *op, st_op *node, const char *loc, const char *cap, const st_codelet_access *acc,
                                  size_t n) {
	size_t ncaps = st_acg_num_caps(node);
	bool named = false;
	for (size_t k = 0; k < ncaps; k++) {
		st_acg_cap c;
		if (!st_acg_get_cap(node, k, &c) || strcmp(c.op, cap) != 0)
			continue;
		named = true;
		if (c.noperands != n)
			continue;
		bool ok = true;
		for (size_t i = 0; ok && i < n; i++) {
			st_type *et = st_type_element(st_value_type(acc[i].surrogate));
			ok = st_acg_cap_type(&c, i) == et && num_elements(acc[i].sizes, acc[i].rank) <= st_acg_cap_elements(&c, i);
		}
		if (ok)
			return ST_OK;
	}
	if (!named)
		return st_op_error(op, "'%s' has no capability '%s'", loc, cap);
	char buf[64];
	st_type_str(st_op_context(op), st_type_element(st_value_type(acc[0].surrogate)), buf, sizeof buf);
	return st_op_error(op, "no '%s' capability of '%s' takes these slices (output %lld x %s): types or widths differ", cap,
	                   loc, (long long)num_elements(acc[0].sizes, acc[0].rank), buf);
}

st_status st__codelet_verify_compute(st_op *op) {
	const char *capname = st_codelet_compute_cap(op);
	const st__codelet_cap *c = st__codelet_cap_lookup(capname);
	if (!c)
		return st_op_error(op, "unknown capability '%s'", capname ? capname : "");
	size_t n = st_codelet_num_accesses(op);
	if (n != 1 + st__codelet_cap_inputs(c))
		return st_op_error(op, "'%s' takes %zu inputs, not %zu", c->name, st__codelet_cap_inputs(c), n ? n - 1 : 0);
	st_codelet_access acc[ST_CODELET_MAX_ACCESSES];
	for (size_t i = 0; i < n; i++) {
		char what[32];
		snprintf(what, sizeof what, i ? "input %zu" : "the output", i - 1);
		if (st_failed(check_access(op, i, what, false, &acc[i])))
			return ST_FAIL;
		if (!st_type_is_integer(st_type_element(st_value_type(acc[i].surrogate))))
			return st_op_error(op, "codelet computes work on integers");
	}
	if (st_failed(check_shapes(op, c, acc, n)))
		return ST_FAIL;
	const char *loc = st_codelet_compute_loc(op);
	if (!loc)
		return ST_OK;
	st_op *g = need_target(op, "the compute", loc);
	if (!g)
		return ST_FAIL;
	st_op *node = st_acg_lookup(g, loc);
	if (!node || st_acg_node_kind(node) != ST_ACG_COMPUTE)
		return st_op_error(op, "'%s' is not a compute node of the ACG", loc);
	if (st_failed(check_capability(op, node, loc, c->name, acc, n)))
		return ST_FAIL;
	for (size_t i = 1; i < n; i++)
		if (st_failed(check_edge(op, st_codelet_location(st_value_type(acc[i].surrogate)), loc, "an input comes")))
			return ST_FAIL;
	return check_edge(op, loc, st_codelet_location(st_value_type(acc[0].surrogate)), "the output goes");
}
