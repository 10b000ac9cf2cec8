/* The mapped form of a design (`mapped`): every unit on a physical unit
 * (`pu` kind at `at`), every stream between units routed hop by hop, and,
 * when the design names its `target`, all of it within what the .acg's
 * machine has: the unit kind at that place, its lanes, stages, counters
 * and ports, its scratchpad capacity, the operations of its capabilities,
 * the static tracks per link and the dynamic network's virtual channels. */
#include "rda_internal.h"

#include "strata/acg.h"

#include <stdlib.h>
#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }
static const char *sym(const st_op *op) { return st_ident_cstr(st_symbol_name(op)); }

static bool unit_at(const st_op *unit, int64_t *r, int64_t *c) {
	st_attr *a = st_op_get_attr(unit, "at");
	if (!a || st_attr_dense_array_size(a) != 2)
		return false;
	*r = st_attr_dense_array_int(a, 0), *c = st_attr_dense_array_int(a, 1);
	return true;
}

static st_op *unit_of_use(st_op *user) {
	st_op *c = st_op_parent_op(user);
	return c ? st_op_parent_op(c) : NULL;
}

/* ----------------------------------------------------------- the machine */

/* The capability of `node` named cap->name with those types and at least
 * `lanes` lanes. */
static bool has_cap(const st_op *node, const st_rda_cap *cap, int64_t lanes) {
	size_t n = st_acg_num_caps(node);
	for (size_t i = 0; i < n; i++) {
		st_acg_cap c;
		if (!st_acg_get_cap(node, i, &c) || strcmp(c.op, cap->name) != 0 || c.noperands < 2)
			continue;
		/* A select's first input is its condition. */
		size_t in = !strcmp(cap->name, "SELECT") && c.noperands > 2 ? 2 : 1;
		/* A reduction's lanes are its input's. */
		int64_t have = !strcmp(cap->name, "REDUCE") ? st_acg_cap_elements(&c, 1) : st_acg_cap_lanes(&c);
		if (st_acg_cap_type(&c, 0) == cap->out && st_acg_cap_type(&c, in) == cap->in && have >= lanes)
			return true;
	}
	return false;
}

static bool in_list_param(const st_op *node, const char *key, const char *word) {
	st_attr *l = st_acg_param(node, key);
	size_t n = l && st_attr_get_kind(l) == ST_ATTR_ARRAY ? st_attr_array_size(l) : 0;
	for (size_t i = 0; i < n; i++) {
		st_attr *e = st_attr_array_elt(l, i);
		if (st_attr_get_kind(e) == ST_ATTR_STRING && st_str_eq_c(st_attr_string(e), word))
			return true;
	}
	return false;
}

bool st_rda_machine_computes(const st_rda_machine *m, const st_rda_cap *cap) {
	for (size_t i = 0; i < m->npus; i++) {
		const st_rda_pu *pu = &m->pus[i];
		bool ok = pu->kind == ST_RDA_MEMORY ? !st_type_is_float(cap->out) && !st_type_is_float(cap->in) &&
		                                          in_list_param(pu->node, "address_ops", cap->name)
		                                    : has_cap(pu->node, cap, 1);
		if (ok)
			return true;
	}
	return false;
}

/* The operations of a context on the physical unit: compute and dram units
 * by their capabilities, memory units by `address_ops` (integers only). */
static st_status check_ops(st_op *context, const st_rda_pu *pu) {
	int64_t lanes = st_rda_context_lanes(context);
	for (st_op *o = st_block_first_op(st_rda_body(context)); o; o = st_op_next(o)) {
		st_rda_cap cap;
		if (!st_rda_takes_stage(o) || !st_rda_op_cap(o, &cap))
			continue;
		/* An address generator computes the lanes' addresses one after the
		 * other: one lane of a capability serves all. */
		bool ok = pu->kind == ST_RDA_MEMORY
		                  ? !st_type_is_float(cap.out) && !st_type_is_float(cap.in) &&
		                            in_list_param(pu->node, "address_ops", cap.name)
		                  : has_cap(pu->node, &cap, pu->kind == ST_RDA_DRAM ? 1 : lanes);
		if (!ok)
			return st_op_error(o, "%s has no %s for this operation", pu->name, cap.name);
	}
	return ST_OK;
}

static st_status check_unit(const st_rda_machine *m, st_op *unit, const st_rda_pu *pu) {
	st_rda_unit_kind k = st_rda_unit_kind_of(unit);
	st_rda_unit_kind need = k == ST_RDA_HOST ? ST_RDA_DRAM : k;
	if (pu->kind != need)
		return st_op_error(unit, "a %s unit cannot run on %s", st_rda_unit_kind_name(k), pu->name);
	for (st_op *o = st_block_first_op(st_rda_body(unit)); o; o = st_op_next(o))
		if (named(o, "rda.context") && st_failed(check_ops(o, pu)))
			return ST_FAIL;
	st_rda_needs n;
	if (st_failed(st_rda_unit_needs(m, unit, &n)))
		return ST_FAIL;
	int64_t used, avail;
	const char *what = st_rda_misfit(pu, &n, &used, &avail);
	if (what)
		return st_op_error(unit, "needs %lld %s, %s has %lld", (long long)used, what, pu->name, (long long)avail);
	return ST_OK;
}

/* ---------------------------------------------------------------- routes */

/* Links used by static routes, per class and direction, and the streams
 * holding each virtual channel of each dynamic link. */
typedef struct link_use {
	int64_t r, c, dir; /* from tile (r, c) toward dir: 0 north, 1 east, 2 south, 3 west */
	int cls;
	int64_t vc;
	st_op *stream;
	size_t sidx; /* the stream's place in the design: a stable order */
	bool dynamic;
} link_use;

typedef struct links {
	link_use *v;
	size_t n, cap;
	st_context *ctx;
} links;

static bool add_link(links *l, link_use u) {
	if (l->n == l->cap && !st_ctx_grow(l->ctx, (void **)&l->v, &l->cap, NULL, sizeof *l->v, l->n + 1))
		return false;
	l->v[l->n++] = u;
	return true;
}

static int cmp_link(const void *a, const void *b) {
	const link_use *x = a, *y = b;
	int64_t kx[6] = {x->dynamic, x->r, x->c, x->dir, x->dynamic ? x->vc : x->cls, (int64_t)x->sidx};
	int64_t ky[6] = {y->dynamic, y->r, y->c, y->dir, y->dynamic ? y->vc : y->cls, (int64_t)y->sidx};
	for (int i = 0; i < 6; i++)
		if (kx[i] != ky[i])
			return kx[i] < ky[i] ? -1 : 1;
	return 0;
}

static const char *const dir_names[] = {"north", "east", "south", "west"};

static st_status check_path(const st_rda_machine *m, st_op *s, size_t sidx, st_attr *path, int64_t net, int64_t vc,
                             links *l) {
	size_t n = st_attr_dense_array_size(path);
	if (n < 4 || n % 2)
		return st_op_error(s, "a route is a list of at least two (row, col) places");
	int cls = m ? st_rda_net_class_of(m, st_value_type(st_op_result(s, 0))) : 0;
	for (size_t i = 0; i + 2 < n; i += 2) {
		int64_t r = st_attr_dense_array_int(path, i), c = st_attr_dense_array_int(path, i + 1);
		int64_t r2 = st_attr_dense_array_int(path, i + 2), c2 = st_attr_dense_array_int(path, i + 3);
		int64_t dr = r2 - r, dc = c2 - c;
		if ((dr < 0 ? -dr : dr) + (dc < 0 ? -dc : dc) != 1)
			return st_op_error(s, "the route goes from (%lld, %lld) to (%lld, %lld), which no link joins", (long long)r,
			                   (long long)c, (long long)r2, (long long)c2);
		if (m && (!st_rda_machine_pu_at(m, r, c) || !st_rda_machine_pu_at(m, r2, c2)))
			return st_op_error(s, "the route passes (%lld, %lld), where the grid has no tile",
			                   (long long)(st_rda_machine_pu_at(m, r, c) ? r2 : r),
			                   (long long)(st_rda_machine_pu_at(m, r, c) ? c2 : c));
		int64_t dir = dr < 0 ? 0 : dc > 0 ? 1 : dr > 0 ? 2 : 3;
		link_use u = {r, c, dir, cls, vc, s, sidx, net != 0};
		if (!add_link(l, u))
			return ST_FAIL;
	}
	return ST_OK;
}

/* Every reader unit other than the writer's gets exactly one path, from the
 * writer's place to its own. */
static st_status check_routes(const st_rda_machine *m, st_op *s, size_t sidx, links *l) {
	st_value *v = st_op_result(s, 0);
	st_op *w = st_rda_stream_writer(v);
	st_op *wu = w ? unit_of_use(w) : NULL;
	int64_t wr, wc;
	if (!wu || !unit_at(wu, &wr, &wc))
		return ST_OK; /* reported at the unit */
	st_attr *route = st_op_get_attr(s, "route"), *net = st_op_get_attr(s, "net"), *vc = st_op_get_attr(s, "vc");
	size_t np = route ? st_attr_array_size(route) : 0;
	if ((net && st_attr_dense_array_size(net) != np) || (vc && st_attr_dense_array_size(vc) != np))
		return st_op_error(s, "net and vc need one entry per path of the route");
	for (size_t i = 0; i < np; i++) {
		st_attr *p = st_attr_array_elt(route, i);
		if (st_attr_get_kind(p) != ST_ATTR_DENSE_ARRAY || st_attr_dense_array_size(p) < 2)
			return st_op_error(s, "a route is a list of at least two (row, col) places");
		if (st_attr_dense_array_int(p, 0) != wr || st_attr_dense_array_int(p, 1) != wc)
			return st_op_error(s, "a route starts at the writer's unit (%lld, %lld)", (long long)wr, (long long)wc);
		int64_t pn = net ? st_attr_dense_array_int(net, i) : 0, pv = vc ? st_attr_dense_array_int(vc, i) : -1;
		if (pn != 0 && pn != 1)
			return st_op_error(s, "net is 0 (static) or 1 (dynamic) per path");
		if (pn == 1 && (!m || m->vcs == 0))
			return st_op_error(s, "a dynamic route needs a target with a dynamic network");
		if (pn == 1 && (pv < 0 || pv >= m->vcs))
			return st_op_error(s, "virtual channel %lld is outside 0..%lld", (long long)pv, (long long)m->vcs - 1);
		if (st_failed(check_path(m, s, sidx, p, pn, pv, l)))
			return ST_FAIL;
	}
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
		st_op *ru = unit_of_use(st_use_owner(u));
		int64_t rr, rc;
		if (st_use_owner(u) == w || ru == wu || !unit_at(ru, &rr, &rc))
			continue;
		size_t found = 0;
		for (size_t i = 0; i < np; i++) {
			st_attr *p = st_attr_array_elt(route, i);
			size_t k = st_attr_get_kind(p) == ST_ATTR_DENSE_ARRAY ? st_attr_dense_array_size(p) : 0;
			if (k >= 4 && st_attr_dense_array_int(p, k - 2) == rr && st_attr_dense_array_int(p, k - 1) == rc)
				found++;
		}
		if (found != 1)
			return st_op_error(s, "needs one route to unit @%s at (%lld, %lld), has %zu", sym(ru), (long long)rr,
			                   (long long)rc, found);
	}
	return ST_OK;
}

/* Static tracks per directed link and class; distinct virtual channels for
 * distinct streams on a dynamic link (a stream's own broadcast branches
 * share theirs). */
static st_status check_links(const st_rda_machine *m, links *l) {
	if (l->n)
		qsort(l->v, l->n, sizeof *l->v, cmp_link);
	for (size_t i = 0; i < l->n;) {
		size_t j = i, distinct = 0;
		const link_use *a = &l->v[i];
		for (; j < l->n && l->v[j].dynamic == a->dynamic && l->v[j].r == a->r && l->v[j].c == a->c &&
		       l->v[j].dir == a->dir && (a->dynamic ? l->v[j].vc == a->vc : l->v[j].cls == a->cls);
		     j++)
			distinct += j == i || l->v[j].sidx != l->v[j - 1].sidx;
		size_t other = i + 1;
		while (other < j && l->v[other].sidx == a->sidx)
			other++;
		if (a->dynamic && distinct > 1)
			return st_op_error(l->v[other].stream,
			                   "shares virtual channel %lld of the dynamic link from (%lld, %lld) %s with another "
			                   "stream, which can deadlock",
			                   (long long)a->vc, (long long)a->r, (long long)a->c, dir_names[a->dir]);
		if (!a->dynamic && m && (int64_t)distinct > m->tracks[a->cls])
			return st_op_error(a->stream, "%zu streams on the link from (%lld, %lld) %s, which has %lld tracks of %lld bits",
			                   distinct, (long long)a->r, (long long)a->c, dir_names[a->dir],
			                   (long long)m->tracks[a->cls], (long long)m->track_bits[a->cls]);
		i = j;
	}
	return ST_OK;
}

st_status st__rda_verify_mapped(st_op *design) {
	st_context *ctx = st_op_context(design);
	st_rda_machine machine, *m = NULL;
	st_attr *target = st_op_get_attr(design, "target");
	if (target) {
		st_op *parent = st_op_parent_op(design);
		st_op *g = parent ? st_symbol_lookup(parent, st_ident_str(st_attr_symbol_leaf(target))) : NULL;
		if (!named(g, "acg.graph"))
			return st_op_error(design, "target @%s is not an acg.graph beside the design",
			                   st_ident_cstr(st_attr_symbol_leaf(target)));
		if (st_failed(st_rda_machine_read(g, &machine)))
			return ST_FAIL;
		m = &machine;
	}
	st_block *b = st_rda_body(design);
	for (st_op *u = st_block_first_op(b); u; u = st_op_next(u)) {
		if (!named(u, "rda.unit"))
			continue;
		int64_t r, c;
		if (!unit_at(u, &r, &c) || !st_op_get_attr(u, "pu"))
			return st_op_error(u, "a unit of a mapped design needs `pu` and `at` = [row, col]");
		for (st_op *v = st_op_next(u); v; v = st_op_next(v)) {
			int64_t r2, c2;
			if (named(v, "rda.unit") && unit_at(v, &r2, &c2) && r2 == r && c2 == c)
				return st_op_error(v, "shares the physical unit at (%lld, %lld) with unit @%s", (long long)r,
				                   (long long)c, sym(u));
		}
		if (!m)
			continue;
		const st_rda_pu *pu = st_rda_machine_pu_at(m, r, c);
		st_str want = st_attr_string(st_op_get_attr(u, "pu"));
		if (!pu || !st_str_eq_c(want, pu->name))
			return st_op_error(u, "target '%s' has %s at (%lld, %lld), not %.*s", m->name, pu ? pu->name : "no unit",
			                   (long long)r, (long long)c, (int)want.len, want.data);
		if (st_failed(check_unit(m, u, pu)))
			return ST_FAIL;
	}
	links l = {NULL, 0, 0, ctx};
	st_status st = ST_OK;
	size_t sidx = 0;
	for (st_op *s = st_block_first_op(b); s && st_succeeded(st); s = st_op_next(s))
		if (named(s, "rda.stream"))
			st = check_routes(m, s, sidx++, &l);
	if (st_succeeded(st))
		st = check_links(m, &l);
	if (l.v)
		st_ctx_free(ctx, l.v, l.cap * sizeof *l.v);
	return st;
}
