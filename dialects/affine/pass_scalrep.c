/* affine-scalrep: MLIR's scalar replacement of affine memory accesses.
 * A load whose every instance reads what a dominating store of the same
 * iteration wrote gets the stored value (store-to-load forwarding); one
 * whose every instance reads what a dominating load of the same iteration
 * already read gets that load's value (redundant load elimination); then
 * memrefs that are allocated here and only written are erased with their
 * stores, as MLIR does.
 *
 * "Every instance reads what X wrote or read" is decided exactly, by isl's
 * value-based flow analysis with X and the writes of the array as must
 * sources: X must be the one source of each instance, in the same
 * iteration of the loops around X.  MLIR decides the same with
 * per-pair dependence checks and post-dominance; the flow analysis also
 * sees through affine.if and non-rectangular bounds.  Nests that the
 * model cannot describe are left alone. */
#include "strata/affine.h"
#include "isl_pass_util.h"
#include "strata/pass.h"

#include <isl/flow.h>
#include <isl/id.h>
#include <isl/space.h>

#include <string.h>

/* Whether `x` (an op of the same scope) comes before `op` in a block that
 * encloses `op`: SSA dominance in regions of one block each. */
static bool dominates(const st_op *x, const st_op *op) {
	st_block *b = st_op_block(x);
	for (const st_op *a = op; a; a = st_op_parent_op(a))
		if (st_op_block(a) == b)
			return a != x && st_op_is_before_in_block(x, a);
	return false;
}

/* {X[x] -> L[y] : x_t = y_t for t < depth(X)}. */
static isl_map *same_iteration(const st__isl_stmt *x, const st__isl_stmt *l) {
	isl_space *sp = isl_space_map_from_domain_and_range(isl_set_get_space(x->domain), isl_set_get_space(l->domain));
	isl_map *m = isl_map_universe(sp);
	for (unsigned t = 0; t < x->depth; t++)
		m = isl_map_equate(m, isl_dim_in, (int)t, isl_dim_out, (int)t);
	return m;
}

typedef struct source_scan {
	const st__isl_model *m;
	int src; /* the one source statement; -1 none yet; -2 several */
	isl_map *rel;
} source_scan;

static isl_stat note_source(isl_map *rel, void *ud) {
	source_scan *s = ud;
	isl_id *id = isl_map_get_tuple_id(rel, isl_dim_in);
	int k = st__isl_model_stmt_of(s->m, id);
	isl_id_free(id);
	if (isl_map_is_empty(rel) == isl_bool_true) {
		isl_map_free(rel);
		return isl_stat_ok;
	}
	if (s->src != -1 || k < 0) {
		s->src = -2;
		isl_map_free(rel);
		return isl_stat_ok;
	}
	s->src = k;
	s->rel = rel;
	return isl_stat_ok;
}

/* The statement whose value load `l` can take, or -1. */
static int find_source(const st__isl_model *m, size_t l) {
	const st__isl_stmt *ls = &m->stmts[l];
	isl_union_map *must = isl_union_map_empty(isl_space_copy(m->params_space));
	for (size_t k = 0; k < m->nstmts; k++) {
		const st__isl_stmt *s = &m->stmts[k];
		if (k == l || s->array != ls->array || (!s->write && !dominates(s->op, ls->op)))
			continue;
		must = isl_union_map_add_map(must, isl_map_copy(s->access));
	}
	isl_union_access_info *info = isl_union_access_info_from_sink(isl_union_map_from_map(isl_map_copy(ls->access)));
	info = isl_union_access_info_set_must_source(info, must);
	info = isl_union_access_info_set_schedule_map(info, st__isl_model_schedule(m));
	isl_union_flow *flow = isl_union_access_info_compute_flow(info);
	isl_union_map *nosrc = isl_union_flow_get_may_no_source(flow);
	isl_union_map *deps = isl_union_flow_get_must_dependence(flow);
	isl_union_map *may = isl_union_flow_get_may_dependence(flow);
	isl_union_flow_free(flow);
	int found = -1;
	/* Every instance has a source, and a definite one. */
	if (nosrc && deps && may && isl_union_map_is_empty(nosrc) == isl_bool_true &&
	    isl_union_map_is_equal(deps, may) == isl_bool_true) {
		source_scan sc = {m, -1, NULL};
		isl_union_map_foreach_map(deps, note_source, &sc);
		if (sc.src >= 0) {
			const st__isl_stmt *x = &m->stmts[sc.src];
			isl_map *same = same_iteration(x, ls);
			isl_set *covered = isl_map_range(isl_map_copy(sc.rel));
			if (dominates(x->op, ls->op) && isl_map_is_subset(sc.rel, same) == isl_bool_true &&
			    isl_set_is_subset(ls->domain, covered) == isl_bool_true)
				found = sc.src;
			isl_set_free(covered);
			isl_map_free(same);
		}
		isl_map_free(sc.rel);
	}
	isl_union_map_free(nosrc);
	isl_union_map_free(deps);
	isl_union_map_free(may);
	return found;
}

/* The value statement k provides: what a store writes, what a load read,
 * following the loads that are themselves replaced. */
static st_value *value_of(const st__isl_model *m, const int *src, size_t k) {
	while (!m->stmts[k].write && src[k] >= 0)
		k = (size_t)src[k];
	const st__isl_stmt *s = &m->stmts[k];
	return s->write ? st_affine_store_value(s->op) : st_op_result(s->op, 0);
}

/* The memrefs a load was forwarded from, for the final clean-up. */
typedef struct memrefs {
	st_context *ctx;
	st_value **v;
	size_t n, cap;
} memrefs;

static void note_memref(memrefs *ms, st_value *mem) {
	for (size_t i = 0; i < ms->n; i++)
		if (ms->v[i] == mem)
			return;
	if (st_ctx_grow(ms->ctx, (void **)&ms->v, &ms->cap, NULL, sizeof *ms->v, ms->n + 1))
		ms->v[ms->n++] = mem;
}

static bool forward_in_nest(st_context *ctx, isl_ctx *ictx, st_op *nest, memrefs *ms) {
	st__isl_model *m = st__isl_model_build(ctx, ictx, &nest, 1, NULL);
	int *src = m ? st_ctx_alloc(ctx, sizeof *src * (m->nstmts + 1)) : NULL;
	bool changed = false;
	if (src) {
		for (size_t k = 0; k < m->nstmts; k++)
			src[k] = m->stmts[k].write ? -1 : find_source(m, k);
		for (size_t k = 0; k < m->nstmts; k++) {
			if (src[k] < 0)
				continue;
			st_value *v = value_of(m, src, k);
			st_op *load = m->stmts[k].op;
			if (st_value_type(v) != st_value_type(st_op_result(load, 0))) {
				src[k] = -1;
				continue;
			}
			if (m->stmts[src[k]].write)
				note_memref(ms, st_affine_access_memref(load));
			st_value_replace_all_uses(st_op_result(load, 0), v);
			changed = true;
		}
		/* Erased only now: value_of may still have needed their results. */
		for (size_t k = 0; k < m->nstmts; k++)
			if (src[k] >= 0 && !st_value_has_uses(st_op_result(m->stmts[k].op, 0)))
				st_op_erase(m->stmts[k].op);
		st_ctx_free(ctx, src, sizeof *src * (m->nstmts + 1));
	}
	st__isl_model_destroy(m);
	return changed;
}

/* Stores whose every instance is overwritten in the nest before anything
 * in it reads the element (MLIR's unused store elimination, decided on the
 * exact dependences: no RAW leaves the store, and the WAW ones cover its
 * whole domain). */
static bool erase_dead_stores(st_context *ctx, isl_ctx *ictx, st_op *nest) {
	st__isl_model *m = st__isl_model_build(ctx, ictx, &nest, 1, NULL);
	st__deps *d = m ? st__deps_compute(m) : NULL;
	bool *dead = d ? st_ctx_alloc(ctx, sizeof *dead * (m->nstmts + 1)) : NULL;
	bool changed = false;
	if (dead) {
		for (size_t k = 0; k < m->nstmts; k++) {
			dead[k] = false;
			if (!m->stmts[k].write)
				continue;
			bool read = false;
			isl_set *over = isl_set_empty(isl_set_get_space(m->stmts[k].domain));
			for (size_t i = 0; i < d->n; i++) {
				if (d->v[i].src != k)
					continue;
				read |= d->v[i].kind == ST__DEP_RAW;
				if (d->v[i].kind == ST__DEP_WAW)
					over = isl_set_union(over, isl_map_domain(isl_map_copy(d->v[i].rel)));
			}
			dead[k] = !read && isl_set_is_subset(m->stmts[k].domain, over) == isl_bool_true;
			isl_set_free(over);
		}
		for (size_t k = 0; k < m->nstmts; k++)
			if (dead[k]) {
				st_op_erase(m->stmts[k].op);
				changed = true;
			}
		st_ctx_free(ctx, dead, sizeof *dead * (m->nstmts + 1));
	}
	st__deps_destroy(d);
	st__isl_model_destroy(m);
	return changed;
}

/* A memref allocated here whose every user is now an affine.store or a
 * memref.dealloc holds nothing anyone reads: it goes with its stores. */
static bool erase_write_only(st_value *mem) {
	st_op *def = st_value_defining_op(mem);
	if (!def || (strcmp(st_op_name_cstr(def), "memref.alloc") != 0 && strcmp(st_op_name_cstr(def), "memref.alloca") != 0))
		return false;
	for (st_use *u = st_value_first_use(mem); u; u = st_use_next(u)) {
		st_op *user = st_use_owner(u);
		bool store_into = st_affine_is_store(user) && st_affine_access_memref(user) == mem;
		if (!store_into && strcmp(st_op_name_cstr(user), "memref.dealloc") != 0)
			return false;
	}
	while (st_value_first_use(mem))
		st_op_erase(st_use_owner(st_value_first_use(mem)));
	st_op_erase(def);
	return true;
}

static st_status run(st_pass *pass, st_op *op) {
	st_context *ctx = st_pass_context(pass);
	st_op **nests;
	size_t n, cap;
	if (st_failed(st__isl_outermost_loops(ctx, op, &nests, &n, &cap)))
		return ST_FAIL;
	isl_ctx *ictx = st_isl_ctx_create(ctx);
	memrefs ms = {.ctx = ctx};
	bool changed = false, failed = false;
	for (size_t i = 0; ictx && i < n && !failed; i++) {
		/* The operation bound is per nest. */
		isl_ctx_reset_operations(ictx);
		isl_ctx_reset_error(ictx);
		changed |= forward_in_nest(ctx, ictx, nests[i], &ms);
		changed |= erase_dead_stores(ctx, ictx, nests[i]);
		failed = st_isl_report_exhausted(ictx, nests[i], ST_SEV_ERROR, "affine-scalrep");
	}
	for (size_t i = 0; i < ms.n; i++)
		changed |= erase_write_only(ms.v[i]);
	if (ms.v)
		st_ctx_free(ctx, ms.v, sizeof *ms.v * ms.cap);
	if (nests)
		st_ctx_free(ctx, nests, sizeof *nests * cap);
	if (ictx)
		isl_ctx_free(ictx);
	if (!changed)
		st_pass_preserve_all_analyses(pass);
	return !ictx ? st_op_error(op, "out of memory") : failed ? ST_FAIL : ST_OK;
}

const st_pass_def st__affine_scalrep_pass = {
	.name = "affine-scalrep",
	.summary = "Replace affine memref accesses by scalars: store-to-load forwarding and redundant load elimination",
	.anchor = "func.func",
	.run = run,
	.display_name = "AffineScalarReplacement",
};
