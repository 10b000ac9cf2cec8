/* Helpers of the isl-backed passes (isl_pass_util.h). */
#include "isl_pass_util.h"
#include "strata/affine.h"

#include <string.h>

typedef struct outer {
	st_context *ctx;
	bool all; /* every affine.for, not only the outermost loops */
	st_op **v;
	size_t n, cap;
	bool oom;
} outer;

static bool affine_scope(const st_op *op) {
	return st_affine_is_for(op) || st_affine_is_if(op) || st_affine_is_parallel(op);
}

static st_walk_result visit(st_op *op, void *ud) {
	outer *o = ud;
	if (o->all ? !st_affine_is_for(op) : !st_affine_is_for(op) && !st_affine_is_parallel(op))
		return ST_WALK_ADVANCE;
	for (st_op *p = st_op_parent_op(op); p && !o->all; p = st_op_parent_op(p))
		if (affine_scope(p))
			return ST_WALK_SKIP;
	if (!st_ctx_grow(o->ctx, (void **)&o->v, &o->cap, NULL, sizeof *o->v, o->n + 1)) {
		o->oom = true;
		return ST_WALK_INTERRUPT;
	}
	o->v[o->n++] = op;
	return o->all ? ST_WALK_ADVANCE : ST_WALK_SKIP;
}

static st_status collect(st_context *ctx, st_op *root, bool all, st_op ***out, size_t *n, size_t *cap) {
	outer o = {.ctx = ctx, .all = all};
	st_walk(root, ST_WALK_PRE, visit, &o);
	*out = o.v;
	*n = o.n;
	*cap = o.cap;
	return o.oom ? st_op_error(root, "out of memory") : ST_OK;
}

st_status st__isl_outermost_loops(st_context *ctx, st_op *root, st_op ***out, size_t *n, size_t *cap) {
	return collect(ctx, root, false, out, n, cap);
}

st_status st__isl_all_loops(st_context *ctx, st_op *root, st_op ***out, size_t *n, size_t *cap) {
	return collect(ctx, root, true, out, n, cap);
}

typedef struct sbuf {
	char data[512];
	size_t len;
} sbuf;

static void sbuf_write(void *ud, const char *d, size_t n) {
	sbuf *b = ud;
	if (n > sizeof b->data - 1 - b->len)
		n = sizeof b->data - 1 - b->len;
	memcpy(b->data + b->len, d, n);
	b->len += n;
	b->data[b->len] = 0;
}

st_status st__isl_report_dep(st_op *at, st_severity sev, const char *prefix, const st__isl_model *m,
                             const st__dep *d) {
	sbuf b = {.len = 0};
	b.data[0] = 0;
	st__dep_describe(m, d, sbuf_write, &b);
	st_diag *dg = st_op_diag(at, sev, "%s%s", prefix, b.data);
	st_diag_note(dg, st_op_loc(m->stmts[d->src].op), "source of the dependence (S%zu)", d->src);
	st_diag_note(dg, st_op_loc(m->stmts[d->dst].op), "sink of the dependence (S%zu)", d->dst);
	return st_diag_emit(dg);
}

st_status st__isl_report_model_error(st_op *at, st_severity sev, const char *prefix,
                                     const st__isl_model_error *err) {
	st_diag *dg = st_op_diag(at, sev, "%s%s", prefix, err->msg[0] ? err->msg : "the nest could not be modelled");
	if (err->op && err->op != at)
		st_diag_note(dg, st_op_loc(err->op), "here");
	return st_diag_emit(dg);
}
