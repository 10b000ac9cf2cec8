/* Dependences of a modelled scope through isl's flow analysis (deps.h). */
#include "deps.h"

#include <isl/flow.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/val.h>

#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

const char *st__dep_kind_name(st__dep_kind k) {
	static const char *const names[] = {"RAW", "WAR", "WAW", "reuse"};
	return names[k];
}

static unsigned common_loops(const st__isl_stmt *a, const st__isl_stmt *b) {
	unsigned n = 0;
	while (n < a->depth && n < b->depth && a->loops[n] == b->loops[n])
		n++;
	return n;
}

/* The distance set on the first `nc` dimensions, parameters projected out
 * (so that its bounds hold for every parameter value). */
static isl_set *distances(isl_map *rel, unsigned nc) {
	isl_map *r = isl_map_copy(rel);
	isl_size din = isl_map_dim(r, isl_dim_in), dout = isl_map_dim(r, isl_dim_out);
	isl_size np = isl_map_dim(r, isl_dim_param);
	if (din < 0 || dout < 0 || np < 0)
		return isl_map_free(r), NULL;
	r = isl_map_project_out(r, isl_dim_in, nc, (unsigned)din - nc);
	r = isl_map_project_out(r, isl_dim_out, nc, (unsigned)dout - nc);
	r = isl_map_reset_tuple_id(isl_map_reset_tuple_id(r, isl_dim_in), isl_dim_out);
	r = isl_map_project_out(r, isl_dim_param, 0, (unsigned)np);
	return isl_map_deltas(r);
}

static bool bound_of(isl_val *v, int64_t *out, bool *has) {
	if (!v || isl_val_is_nan(v) == isl_bool_true) {
		isl_val_free(v);
		return false;
	}
	*has = isl_val_is_infty(v) != isl_bool_true && isl_val_is_neginfty(v) != isl_bool_true;
	bool ok = !*has || st_isl_val_to_i64(v, out);
	isl_val_free(v);
	return ok;
}

typedef struct adder {
	const st__isl_model *m;
	st__deps *d;
	st__dep_kind kind;
	bool ok;
} adder;

static void dep_free(st_context *ctx, st__dep *d) {
	isl_map_free(d->rel);
	if (d->ncommon) {
		st_ctx_free(ctx, d->dmin, sizeof *d->dmin * d->ncommon);
		st_ctx_free(ctx, d->dmax, sizeof *d->dmax * d->ncommon);
		st_ctx_free(ctx, d->has_min, sizeof *d->has_min * d->ncommon);
		st_ctx_free(ctx, d->has_max, sizeof *d->has_max * d->ncommon);
	}
}

static isl_stat add_dep(isl_map *rel, void *ud) {
	adder *a = ud;
	st_context *ctx = a->d->ctx;
	isl_id *sid = isl_map_get_tuple_id(rel, isl_dim_in), *did = isl_map_get_tuple_id(rel, isl_dim_out);
	int s = st__isl_model_stmt_of(a->m, sid), t = st__isl_model_stmt_of(a->m, did);
	isl_id_free(sid);
	isl_id_free(did);
	rel = isl_map_coalesce(rel);
	if (s < 0 || t < 0 || isl_map_is_empty(rel) != isl_bool_false) {
		a->ok &= s >= 0 && t >= 0 && rel;
		isl_map_free(rel);
		return a->ok ? isl_stat_ok : isl_stat_error;
	}
	st__dep d = {.kind = a->kind, .src = (size_t)s, .dst = (size_t)t, .rel = rel};
	d.ncommon = common_loops(&a->m->stmts[s], &a->m->stmts[t]);
	bool ok = true;
	if (d.ncommon) {
		d.dmin = st_ctx_alloc(ctx, sizeof *d.dmin * d.ncommon);
		d.dmax = st_ctx_alloc(ctx, sizeof *d.dmax * d.ncommon);
		d.has_min = st_ctx_alloc(ctx, sizeof *d.has_min * d.ncommon);
		d.has_max = st_ctx_alloc(ctx, sizeof *d.has_max * d.ncommon);
		ok = d.dmin && d.dmax && d.has_min && d.has_max;
		isl_set *dist = ok ? distances(rel, d.ncommon) : NULL;
		ok = dist != NULL;
		for (unsigned k = 0; ok && k < d.ncommon; k++)
			ok = bound_of(isl_set_dim_min_val(isl_set_copy(dist), (int)k), &d.dmin[k], &d.has_min[k]) &&
			     bound_of(isl_set_dim_max_val(isl_set_copy(dist), (int)k), &d.dmax[k], &d.has_max[k]);
		isl_set_free(dist);
	}
	if (ok && !st_ctx_grow(ctx, (void **)&a->d->v, &a->d->cap, NULL, sizeof d, a->d->n + 1))
		ok = false;
	if (!ok) {
		if (d.ncommon && (!d.dmin || !d.dmax || !d.has_min || !d.has_max)) {
			/* A partial allocation: free what was made. */
			if (d.dmin)
				st_ctx_free(ctx, d.dmin, sizeof *d.dmin * d.ncommon);
			if (d.dmax)
				st_ctx_free(ctx, d.dmax, sizeof *d.dmax * d.ncommon);
			if (d.has_min)
				st_ctx_free(ctx, d.has_min, sizeof *d.has_min * d.ncommon);
			if (d.has_max)
				st_ctx_free(ctx, d.has_max, sizeof *d.has_max * d.ncommon);
			isl_map_free(d.rel);
		} else {
			dep_free(ctx, &d);
		}
		a->ok = false;
		return isl_stat_error;
	}
	a->d->v[a->d->n++] = d;
	return isl_stat_ok;
}

/* Accesses of the reads (mask 1), the writes (2) or both (3). */
static isl_union_map *accesses(const st__isl_model *m, int mask) {
	isl_union_map *u = st__isl_model_accesses(m, mask == 2);
	if (mask == 3)
		u = isl_union_map_union(u, st__isl_model_accesses(m, true));
	return u;
}

/* One flow computation: sinks against `must` or `may` sources. */
static bool flow(const st__isl_model *m, st__deps *d, st__dep_kind kind, int sinks, int sources, bool must) {
	isl_union_access_info *info = isl_union_access_info_from_sink(accesses(m, sinks));
	isl_union_map *src = accesses(m, sources);
	if (must)
		info = isl_union_access_info_set_must_source(info, src);
	else
		info = isl_union_access_info_set_may_source(info, src);
	info = isl_union_access_info_set_schedule_map(info, st__isl_model_schedule(m));
	isl_union_flow *f = isl_union_access_info_compute_flow(info);
	isl_union_map *deps = isl_union_flow_get_may_dependence(f);
	isl_union_flow_free(f);
	if (!deps)
		return false;
	adder a = {m, d, kind, true};
	isl_union_map_foreach_map(deps, add_dep, &a);
	isl_union_map_free(deps);
	return a.ok;
}

/* Source statement, then sink, then kind: the order a reader expects. */
static int cmp_dep(const void *x, const void *y) {
	const st__dep *a = x, *b = y;
	if (a->src != b->src)
		return a->src < b->src ? -1 : 1;
	if (a->dst != b->dst)
		return a->dst < b->dst ? -1 : 1;
	return (int)a->kind - (int)b->kind;
}

static st__deps *compute(const st__isl_model *m, bool reuse) {
	st__deps *d = st_ctx_alloc(m->ctx, sizeof *d);
	if (!d)
		return NULL;
	memset(d, 0, sizeof *d);
	d->ctx = m->ctx;
	bool ok = reuse ? flow(m, d, ST__DEP_REUSE, 3, 3, true)
	                : flow(m, d, ST__DEP_RAW, 1, 2, true) && flow(m, d, ST__DEP_WAR, 2, 1, false) &&
	                      flow(m, d, ST__DEP_WAW, 2, 2, false);
	if (!ok) {
		st__deps_destroy(d);
		return NULL;
	}
	if (d->n)
		qsort(d->v, d->n, sizeof *d->v, cmp_dep);
	return d;
}

st__deps *st__deps_compute(const st__isl_model *m) { return compute(m, false); }
st__deps *st__deps_reuse(const st__isl_model *m) { return compute(m, true); }

void st__deps_destroy(st__deps *d) {
	if (!d)
		return;
	for (size_t i = 0; i < d->n; i++)
		dep_free(d->ctx, &d->v[i]);
	if (d->v)
		st_ctx_free(d->ctx, d->v, sizeof *d->v * d->cap);
	st_ctx_free(d->ctx, d, sizeof *d);
}

static void say(st_write_fn w, void *ud, const char *s) { w(ud, s, strlen(s)); }

static void bound_text(char *buf, size_t n, bool has, int64_t v, const char *inf) {
	if (has)
		snprintf(buf, n, "%" PRId64, v);
	else
		snprintf(buf, n, "%s", inf);
}

void st__dep_describe(const st__isl_model *m, const st__dep *d, st_write_fn w, void *ud) {
	char buf[96], lo[32], hi[32];
	const st__isl_stmt *s = &m->stmts[d->src];
	snprintf(buf, sizeof buf, "%s S%zu -> S%zu on ", st__dep_kind_name(d->kind), d->src, d->dst);
	say(w, ud, buf);
	say(w, ud, st__isl_model_value_name(m, m->arrays[s->array], buf, sizeof buf));
	if (!d->ncommon) {
		say(w, ud, " (no common loop)");
		return;
	}
	say(w, ud, " distance (");
	for (unsigned k = 0; k < d->ncommon; k++) {
		bound_text(lo, sizeof lo, d->has_min[k], d->dmin[k], "-inf");
		bound_text(hi, sizeof hi, d->has_max[k], d->dmax[k], "+inf");
		if (d->has_min[k] && d->has_max[k] && d->dmin[k] == d->dmax[k])
			snprintf(buf, sizeof buf, "%s%s", k ? ", " : "", lo);
		else
			snprintf(buf, sizeof buf, "%s%s..%s", k ? ", " : "", lo, hi);
		say(w, ud, buf);
	}
	say(w, ud, ") direction (");
	for (unsigned k = 0; k < d->ncommon; k++) {
		bool pos_min = d->has_min[k] && d->dmin[k] > 0, zero_min = d->has_min[k] && d->dmin[k] == 0;
		bool neg_max = d->has_max[k] && d->dmax[k] < 0, zero_max = d->has_max[k] && d->dmax[k] == 0;
		const char *dir = zero_min && zero_max ? "="
		                  : pos_min            ? "<"
		                  : neg_max            ? ">"
		                  : zero_min           ? "<="
		                  : zero_max           ? ">="
		                                       : "*";
		say(w, ud, k ? ", " : "");
		say(w, ud, dir);
	}
	say(w, ud, ")");
}

long st__deps_first_violated(const st__deps *d, isl_map *const *sched) {
	for (size_t i = 0; i < d->n; i++) {
		const st__dep *dep = &d->v[i];
		isl_map *order = isl_map_lex_lt_map(isl_map_copy(sched[dep->src]), isl_map_copy(sched[dep->dst]));
		isl_bool kept = isl_map_is_subset(dep->rel, order);
		isl_map_free(order);
		if (kept < 0)
			return -2;
		if (!kept)
			return (long)i;
	}
	return -1;
}
