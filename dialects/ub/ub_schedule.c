/* ub-schedule: cycle schedules of a ub graph, computed with isl
 * (docs/unified-buffers.md).  A statement is the set of ports sharing a
 * domain tuple (one kernel, or one host stream); all its ports fire at
 * t(i) = D + lin(i), its write ports `latency` cycles later.
 *
 * strategy=stencil: every statement runs at the input rate: lin is the
 * producer's schedule composed with the access of the first read port
 * (so a stage reading x+2 of a 64-wide row gets 64y + x), and D is the
 * smallest delay with which every value a statement reads is written
 * before (or in) the cycle it is read: the maximum over its read ports of
 * write time minus lin, computed by isl over the whole domain.
 * strategy=sequential: statements one after the other, each row-major over
 * its own domain (what extraction writes). */
#include "ub_internal.h"
#include "ub_passes.h"

#include <isl/ilp.h>
#include <isl/val.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef struct ub_schedule_options {
	int strategy;
} ub_schedule_options;

enum { STRATEGY_STENCIL, STRATEGY_SEQUENTIAL };
static const char *const strategies[] = {"stencil", "sequential", NULL};

/* { S[i..] -> [a(i)] } in the domain space of port p's schedule. */
static isl_map *aff_map(const st__ub_port *p, const st__ub_aff *a) {
	char buf[512];
	size_t n = 0;
	const char *name = isl_set_get_tuple_name(p->domain);
	n += (size_t)snprintf(buf + n, sizeof buf - n, "{ %s[", name);
	for (unsigned i = 0; i < p->ndims; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, "%si%u", i ? ", " : "", i);
	n += (size_t)snprintf(buf + n, sizeof buf - n, "] -> [%lld", (long long)a->c[0]);
	for (unsigned i = 0; i < p->ndims && n < sizeof buf; i++)
		n += (size_t)snprintf(buf + n, sizeof buf - n, " + %lld*i%u", (long long)a->c[1 + i], i);
	snprintf(buf + n, sizeof buf - n, "] }");
	return isl_map_intersect_domain(isl_map_read_from_str(isl_set_get_ctx(p->domain), buf), isl_set_copy(p->domain));
}

/* The write port of the buffer port r reads. */
static const st__ub_port *writer_of(const st__ub_model *m, const st__ub_port *r) {
	for (size_t k = 0; k < m->nports; k++)
		if (m->ports[k].write && m->ports[k].buffer == r->buffer)
			return &m->ports[k];
	return NULL;
}

/* When each point of read port r finds its value written:
 * S_w . A_w^-1 . A_r on r's domain. */
static isl_map *write_times(const st__ub_port *r, const st__ub_port *w) {
	isl_map *m = isl_map_apply_range(isl_map_copy(r->access), isl_map_reverse(isl_map_copy(w->access)));
	m = isl_map_apply_range(m, isl_map_copy(w->schedule));
	return isl_map_intersect_domain(m, isl_set_copy(r->domain));
}

static bool same_stmt(const st__ub_port *a, const st__ub_port *b) {
	const char *x = isl_set_get_tuple_name(a->domain), *y = isl_set_get_tuple_name(b->domain);
	return x && y && !strcmp(x, y);
}

static int64_t latency_of(const st__ub_model *m, const st__ub_port *p) {
	return p->kernel >= 0 ? m->kernels[p->kernel].latency : 0;
}

/* Gives every port of the statement of port `first` the schedule D + lin
 * (+ latency for writes). */
static void set_stmt(st__ub_model *m, size_t first, const st__ub_aff *lin, int64_t d, bool *done) {
	for (size_t k = first; k < m->nports; k++) {
		st__ub_port *p = &m->ports[k];
		if (!same_stmt(p, &m->ports[first]))
			continue;
		st__ub_aff a = *lin;
		a.c[0] = d + (p->write ? latency_of(m, p) : 0);
		isl_map_free(p->schedule);
		p->schedule = aff_map(p, &a);
		st__ub_set_map_attr(p->op, "schedule", p->schedule);
		st__ub_model_compile_port(m, k);
		done[k] = true;
	}
}

static void row_major(const st__ub_port *p, st__ub_aff *lin, int64_t *d) {
	memset(lin, 0, sizeof *lin);
	int64_t stride = 1;
	*d = 0;
	for (unsigned i = p->ndims; i-- > 0;) {
		lin->c[1 + i] = stride;
		*d -= stride * p->lo[i];
		stride *= p->hi[i] - p->lo[i] + 1;
	}
}

static int64_t box_size(const st__ub_port *p) {
	int64_t n = 1;
	for (unsigned i = 0; i < p->ndims; i++)
		n *= p->hi[i] - p->lo[i] + 1;
	return n;
}

/* The stencil delay of the statement of port `first`: its input-rate
 * linear part and the least D. */
static st_status stencil_stmt(st__ub_model *m, size_t first, const bool *done, st__ub_aff *lin, int64_t *d) {
	const st__ub_port *r0 = NULL;
	for (size_t k = first; k < m->nports && !r0; k++)
		if (!m->ports[k].write && same_stmt(&m->ports[k], &m->ports[first]))
			r0 = &m->ports[k];
	if (!r0) {
		/* A source (a host stream): row-major at one value per cycle. */
		row_major(&m->ports[first], lin, d);
		return ST_OK;
	}
	*d = INT64_MIN;
	for (size_t k = first; k < m->nports; k++) {
		const st__ub_port *r = &m->ports[k];
		if (r->write || !same_stmt(r, r0))
			continue;
		const st__ub_port *w = writer_of(m, r);
		if (!w || !done[w - m->ports])
			return st_op_error(r->op, "ub-schedule: the buffer this port reads is not written by an earlier "
			                          "statement");
		isl_map *t = write_times(r, w);
		if (r == r0) {
			unsigned n;
			if (!st__ub_affs_of(t, &n, lin)) {
				isl_map_free(t);
				return st_op_error(r->op, "ub-schedule: the producer's schedule is not affine on this port");
			}
			lin->c[0] = 0;
		}
		isl_map *slack = isl_map_sum(t, isl_map_neg(aff_map(r, lin)));
		isl_val *v = isl_set_dim_max_val(isl_map_range(slack), 0);
		long dv = v && isl_val_is_int(v) ? isl_val_get_num_si(v) : 0;
		bool ok = v && isl_val_is_int(v);
		isl_val_free(v);
		if (!ok)
			return st_op_error(r->op, "ub-schedule: isl found no bound on the delay of this port");
		if (dv > *d)
			*d = dv;
	}
	return ST_OK;
}

static st_status schedule_graph(st__ub_model *m, int strategy) {
	bool *done = st_ctx_alloc(m->ctx, (m->nports + 1) * sizeof *done);
	if (!done)
		return st_op_error(m->graph, "out of memory");
	memset(done, 0, (m->nports + 1) * sizeof *done);
	st_status st = ST_OK;
	int64_t clock = 0;
	for (size_t k = 0; st == ST_OK && k < m->nports; k++) {
		if (done[k])
			continue;
		st__ub_aff lin;
		int64_t d = 0;
		if (strategy == STRATEGY_SEQUENTIAL) {
			row_major(&m->ports[k], &lin, &d);
			d += clock;
			int64_t lat = 0;
			for (size_t j = k; j < m->nports; j++)
				if (same_stmt(&m->ports[j], &m->ports[k]) && latency_of(m, &m->ports[j]) > lat)
					lat = latency_of(m, &m->ports[j]);
			clock += box_size(&m->ports[k]) + lat;
		} else {
			st = stencil_stmt(m, k, done, &lin, &d);
		}
		if (st == ST_OK)
			set_stmt(m, k, &lin, d, done);
	}
	st_ctx_free(m->ctx, done, (m->nports + 1) * sizeof *done);
	return st;
}

static st_walk_result schedule_one(st_op *op, void *ud) {
	if (!st_str_eq_c(st_ident_str(st_op_name(op)), "ub.graph"))
		return ST_WALK_ADVANCE;
	const ub_schedule_options *o = ((void **)ud)[0];
	st_status *st = ((void **)ud)[1];
	st__ub_model *m = st__ub_model_build(op);
	*st = m ? schedule_graph(m, o->strategy) : ST_FAIL;
	st__ub_model_destroy(m);
	return *st == ST_OK ? ST_WALK_SKIP : ST_WALK_INTERRUPT;
}

static st_status run_schedule(st_pass *pass, st_op *op) {
	st_status st = ST_OK;
	void *ud[2] = {(void *)st_pass_options(pass), &st};
	st_walk(op, ST_WALK_PRE, schedule_one, ud);
	return st;
}

static const st_pass_option_def schedule_opts[] = {
	{.name = "strategy",
	 .summary = "stencil (every stage at the input rate, delayed by its stencil) or sequential",
	 .kind = ST_PASS_OPT_ENUM,
	 .default_value = "stencil",
	 .offset = offsetof(ub_schedule_options, strategy),
	 .cases = strategies},
};

const st_pass_def st__ub_schedule_pass = {
	.name = "ub-schedule",
	.summary = "Schedule the ports of each unified-buffer graph with isl",
	.options = schedule_opts,
	.noptions = 1,
	.options_size = sizeof(ub_schedule_options),
	.run = run_schedule,
};
