/* affine-loop-interchange{permutation=p0,p1,...}: permutes the outermost
 * loops of every perfectly nested band, loop k moving to position p_k (the
 * convention of MLIR's permuteLoops).  Strata's own pass; MLIR has only the
 * utility behind it.
 *
 * Legality comes from the exact dependences (deps.h): the permuted
 * schedule must keep every RAW, WAR and WAW dependence in order, checked
 * as inclusion in the lexicographic order of the new schedule, which also
 * covers loops that are not rectangular.  A request that breaks one is
 * refused with an error at the nest naming the dependence and notes at its
 * two accesses.  The new loops come from isl's AST generator
 * (isl_codegen.h), so triangular and stepped bands get their bounds
 * rewritten correctly instead of swapped. */
#include "strata/affine.h"
#include "isl_codegen.h"
#include "isl_pass_util.h"
#include "strata/pass.h"

#include <isl/id.h>
#include <isl/space.h>

#include <stdlib.h>
#include <string.h>

#define MAX_BAND 16

typedef struct options {
	const char *permutation;
} options;

/* "1,0,2" into perm[], checking it is a permutation of 0..n-1. */
static bool parse_perm(const char *text, unsigned *perm, unsigned *n) {
	*n = 0;
	const char *p = text ? text : "";
	bool seen[MAX_BAND] = {false};
	while (*p) {
		char *end;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p || *n == MAX_BAND || v >= MAX_BAND)
			return false;
		perm[(*n)++] = (unsigned)v;
		p = end;
		while (*p == ' ')
			p++;
		if (*p == ',')
			p++;
		else if (*p)
			return false;
	}
	for (unsigned i = 0; i < *n; i++) {
		if (perm[i] >= *n || seen[perm[i]])
			return false;
		seen[perm[i]] = true;
	}
	return *n > 0;
}

/* The statements' schedules with the band's loop dimensions (2t + 1 for
 * t < n in the 2d+1 form) permuted. */
static isl_map *permuted(isl_map *sched, const unsigned *perm, unsigned n) {
	isl_space *sp = isl_space_range(isl_map_get_space(sched));
	isl_size dims = isl_space_dim(sp, isl_dim_set);
	isl_multi_aff *ma = isl_multi_aff_identity(isl_space_map_from_set(sp));
	isl_multi_aff *res = isl_multi_aff_copy(ma);
	for (unsigned k = 0; k < n && dims >= 0; k++)
		res = isl_multi_aff_set_aff(res, (int)(2 * perm[k] + 1), isl_multi_aff_get_aff(ma, (int)(2 * k + 1)));
	isl_multi_aff_free(ma);
	return isl_map_apply_range(isl_map_copy(sched), isl_map_from_multi_aff(res));
}

/* Interchanges one nest; ST_FAIL after reporting. */
static st_status interchange(st_pass *pass, st_op *root, const unsigned *perm, unsigned n, const char *text) {
	st_context *ctx = st_pass_context(pass);
	st_op *loops[MAX_BAND];
	size_t depth = st_affine_perfect_nest(root, loops, MAX_BAND);
	if (depth < n) {
		st_diag_emit(st_op_diag(root, ST_SEV_REMARK,
		                        "not interchanged: the permutation moves %u loops, the perfectly nested band "
		                        "here has %zu",
		                        n, depth));
		return ST_OK;
	}
	bool identity = true;
	for (unsigned k = 0; k < n; k++)
		identity &= perm[k] == k;
	if (identity)
		return ST_OK;
	for (unsigned k = 0; k < n; k++)
		if (st_affine_for_num_iter_args(loops[k]))
			return st_op_error(root, "cannot interchange loops with iter_args");

	isl_ctx *ictx = st_isl_ctx_create(ctx);
	if (!ictx)
		return st_op_error(root, "out of memory");
	st__isl_model_error err;
	st__isl_model *m = st__isl_model_build(ctx, ictx, &root, 1, &err);
	st__deps *deps = m ? st__deps_compute(m) : NULL;
	st_status status = ST_OK;
	isl_map **sched = NULL;
	isl_set *dom = NULL;
	if (!m) {
		status = st__isl_report_model_error(root, ST_SEV_ERROR, "cannot interchange: ", &err);
		goto out;
	}
	if (!deps && st_isl_report_exhausted(ictx, root, ST_SEV_ERROR, "cannot interchange")) {
		status = ST_FAIL;
		goto out;
	}
	if (!deps) {
		status = st_op_error(root, "cannot interchange: the dependence analysis failed");
		goto out;
	}
	sched = st_ctx_alloc(ctx, sizeof *sched * (m->nstmts + 1));
	if (!sched) {
		status = ST_FAIL;
		goto out;
	}
	for (size_t k = 0; k < m->nstmts; k++)
		sched[k] = permuted(m->stmts[k].schedule, perm, n);
	long bad = st__deps_first_violated(deps, sched);
	if (bad == -2) {
		status = st_op_error(root, "cannot interchange: the legality check failed in isl");
	} else if (bad >= 0) {
		char prefix[160];
		snprintf(prefix, sizeof prefix, "cannot interchange the loops as permutation=%s asks: it would reverse the ",
		         text);
		status = st__isl_report_dep(root, ST_SEV_ERROR, prefix, m, &deps->v[bad]);
	} else {
		/* The band as one statement whose body is the innermost loop's. */
		dom = st__isl_model_loops_domain(m, loops, n, "B");
		st_value *ivs[MAX_BAND];
		for (unsigned k = 0; k < n; k++)
			ivs[k] = st_affine_for_iv(loops[k]);
		isl_space *sp = isl_set_get_space(dom);
		isl_multi_aff *ma = isl_multi_aff_zero(isl_space_map_from_domain_and_range(
			isl_space_copy(sp), isl_space_add_dims(isl_space_params(isl_space_copy(sp)), isl_dim_set, n)));
		for (unsigned k = 0; k < n; k++)
			ma = isl_multi_aff_set_aff(ma, (int)perm[k],
			                           isl_aff_var_on_domain(isl_local_space_from_space(isl_space_copy(sp)),
			                                                 isl_dim_set, k));
		isl_space_free(sp);
		isl_map *bs = isl_map_from_multi_aff(ma);
		st__cg_stmt st = {.domain = dom, .schedule = bs, .body = st_affine_for_body(loops[n - 1]), .ivs = ivs};
		char why[200];
		st_rewriter *rw = st_rewriter_create_simple(ctx);
		isl_set *context = isl_set_universe(isl_space_copy(m->params_space));
		if (!dom || !bs || !rw)
			status = st_op_error(root, "cannot interchange: isl failed");
		else if (st_failed(st__isl_codegen(rw, context, &st, 1, root, st_op_loc(root), why, sizeof why)))
			status = st_op_error(root, "cannot interchange: %s", why);
		else
			st_rewriter_erase_op(rw, root);
		isl_set_free(context);
		isl_map_free(bs);
		if (rw)
			st_rewriter_destroy(rw);
	}
out:
	for (size_t k = 0; sched && k < m->nstmts; k++)
		isl_map_free(sched[k]);
	if (sched)
		st_ctx_free(ctx, sched, sizeof *sched * (m->nstmts + 1));
	isl_set_free(dom);
	st__deps_destroy(deps);
	st__isl_model_destroy(m);
	isl_ctx_free(ictx);
	return status;
}

static st_status run(st_pass *pass, st_op *op) {
	const options *o = st_pass_options(pass);
	unsigned perm[MAX_BAND], n;
	if (!parse_perm(o->permutation, perm, &n))
		return st_op_error(op, "affine-loop-interchange: permutation='%s' is not a permutation of 0..n-1 (n <= %d)",
		                   o->permutation ? o->permutation : "", MAX_BAND);
	st_context *ctx = st_pass_context(pass);
	st_op **nests;
	size_t nn, cap;
	st_status s = st__isl_outermost_loops(ctx, op, &nests, &nn, &cap);
	for (size_t i = 0; st_succeeded(s) && i < nn; i++)
		if (st_affine_is_for(nests[i]))
			s = interchange(pass, nests[i], perm, n, o->permutation);
	if (nests)
		st_ctx_free(ctx, nests, sizeof *nests * cap);
	return s;
}

static const st_pass_option_def opts[] = {
	{"permutation", "Where each loop of the band goes: loop k moves to position p_k (comma-separated)",
	 ST_PASS_OPT_STRING, "", offsetof(options, permutation), NULL},
};

const st_pass_def st__affine_interchange_pass = {
	.name = "affine-loop-interchange",
	.summary = "Permute the loops of perfectly nested affine bands when the dependences allow it",
	.anchor = "func.func",
	.options = opts,
	.noptions = 1,
	.options_size = sizeof(options),
	.run = run,
	.display_name = "AffineLoopInterchange",
};
