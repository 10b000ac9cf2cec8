/* affine-loop-fusion: fuses consecutive sibling loops of a block that run
 * over the same iterations, so that the second loop's body runs right
 * after the first's in each iteration (MLIR's fusion of a producer-consumer
 * or sibling pair whose slice is the same iteration; Strata does not
 * compute shifted slices).  Loops are visited outermost first, so once two
 * nests are fused their inner loops, now siblings, fuse in turn.
 *
 * Legality comes from the exact dependences of the two nests modelled
 * together (deps.h): in the fused schedule [i, 0, first nest's inner
 * schedule] / [i, 1, second nest's], every RAW, WAR and WAW dependence
 * must still go forward.  A pair that would reverse one is left as it is,
 * with a remark at the second nest naming the dependence, and fusion
 * carries on with the next pair. */
#include "strata/affine.h"
#include "isl_pass_util.h"
#include "strata/pass.h"

#include <isl/space.h>

#include <string.h>

/* The schedule of a statement of nest `pos` (0 or 1) after fusion: the
 * outer loop's dimension first, then the nest, then the rest as before. */
static isl_map *fused_schedule(isl_map *sched, int pos) {
	isl_space *sp = isl_space_range(isl_map_get_space(sched));
	isl_multi_aff *id = isl_multi_aff_identity(isl_space_map_from_set(sp));
	isl_multi_aff *res = isl_multi_aff_copy(id);
	res = isl_multi_aff_set_aff(res, 0, isl_multi_aff_get_aff(id, 1));
	isl_aff *c = isl_aff_val_on_domain(isl_local_space_from_space(isl_multi_aff_get_domain_space(id)),
	                                   isl_val_int_from_si(isl_multi_aff_get_ctx(id), pos));
	res = isl_multi_aff_set_aff(res, 1, c);
	isl_multi_aff_free(id);
	return isl_map_apply_range(isl_map_copy(sched), isl_map_from_multi_aff(res));
}

/* Whether the ops between a and b can move above a: no memory effects but
 * allocation (moving an allocation earlier changes no array either nest
 * sees) and nothing that uses a's results (a loop without iter_args has
 * none). */
static bool movable_between(st_op *a, st_op *b) {
	for (st_op *o = st_op_next(a); o && o != b; o = st_op_next(o))
		if (st_op_num_regions(o) || st_op_has_trait(o, ST_TRAIT_TERMINATOR))
			return false;
	return true;
}

/* FUSE_FAILED: isl stopped at its operation bound (reported). */
typedef enum { FUSE_NO, FUSE_DONE, FUSE_ILLEGAL, FUSE_FAILED } fuse_result;

static fuse_result try_fuse(st_pass *pass, st_op *a, st_op *b) {
	st_context *ctx = st_pass_context(pass);
	if (st_affine_for_num_iter_args(a) || st_affine_for_num_iter_args(b) || !movable_between(a, b))
		return FUSE_NO;
	isl_ctx *ictx = st_isl_ctx_create(ctx);
	if (!ictx)
		return FUSE_NO;
	st_op *roots[2] = {a, b};
	st__isl_model *m = st__isl_model_build(ctx, ictx, roots, 2, NULL);
	st__deps *deps = m ? st__deps_compute(m) : NULL;
	fuse_result r = FUSE_NO;
	if ((!m || !deps) && st_isl_report_exhausted(ictx, b, ST_SEV_ERROR, "affine-loop-fusion"))
		r = FUSE_FAILED;
	isl_set *da = m ? st__isl_model_loops_domain(m, &a, 1, "L") : NULL;
	isl_set *db = m ? st__isl_model_loops_domain(m, &b, 1, "L") : NULL;
	if (deps && da && db && isl_set_is_equal(da, db) == isl_bool_true &&
	    st_affine_for_step(a) == st_affine_for_step(b)) {
		isl_map **sched = st_ctx_alloc(ctx, sizeof *sched * (m->nstmts + 1));
		long bad = -2;
		if (sched) {
			for (size_t k = 0; k < m->nstmts; k++)
				sched[k] = fused_schedule(m->stmts[k].schedule, st_op_is_ancestor(a, m->stmts[k].op) ? 0 : 1);
			bad = st__deps_first_violated(deps, sched);
			for (size_t k = 0; k < m->nstmts; k++)
				isl_map_free(sched[k]);
			st_ctx_free(ctx, sched, sizeof *sched * (m->nstmts + 1));
		}
		if (bad >= 0) {
			st__isl_report_dep(b, ST_SEV_REMARK, "not fused with the loop nest before it: fusion would reverse the ",
			                   m, &deps->v[bad]);
			r = FUSE_ILLEGAL;
		} else if (bad == -1) {
			r = FUSE_DONE;
		}
	}
	isl_set_free(da);
	isl_set_free(db);
	st__deps_destroy(deps);
	st__isl_model_destroy(m);
	isl_ctx_free(ictx);
	if (r != FUSE_DONE)
		return r;
	/* Same iterations, so b's body moves into a's with b's index
	 * replaced by a's. */
	while (st_op_next(a) != b)
		st_op_move_before(st_op_next(a), a);
	st_block *ab = st_affine_for_body(a), *bb = st_affine_for_body(b);
	st_value_replace_all_uses(st_affine_for_iv(b), st_affine_for_iv(a));
	st_op *aterm = st_block_terminator(ab), *bterm = st_block_terminator(bb);
	for (st_op *o = st_block_first_op(bb); o && o != bterm;) {
		st_op *next = st_op_next(o);
		st_op_move_before(o, aterm);
		o = next;
	}
	st_op_erase(b);
	return FUSE_DONE;
}

/* The next affine.for after `op` in its block, or NULL. */
static st_op *next_loop(st_op *op) {
	for (st_op *o = st_op_next(op); o; o = st_op_next(o))
		if (st_affine_is_for(o))
			return o;
	return NULL;
}

static st_status run(st_pass *pass, st_op *op) {
	st_context *ctx = st_pass_context(pass);
	/* Every loop in pre-order: a fused pair's inner loops become siblings
	 * in the fused body, and get their turn after it (fusion at the next
	 * depth). */
	st_op **v;
	size_t n, cap;
	if (st_failed(st__isl_all_loops(ctx, op, &v, &n, &cap)))
		return ST_FAIL;
	bool changed = false, failed = false;
	for (size_t i = 0; i < n && !failed; i++) {
		if (!v[i])
			continue;
		st_op *b;
		fuse_result r;
		while ((b = next_loop(v[i])) && (r = try_fuse(pass, v[i], b)) == FUSE_DONE) {
			/* b is erased: forget it. */
			for (size_t j = i + 1; j < n; j++)
				if (v[j] == b)
					v[j] = NULL;
			changed = true;
		}
		failed = b && r == FUSE_FAILED;
	}
	if (v)
		st_ctx_free(ctx, v, sizeof *v * cap);
	if (!changed)
		st_pass_preserve_all_analyses(pass);
	return failed ? ST_FAIL : ST_OK;
}

const st_pass_def st__affine_fusion_pass = {
	.name = "affine-loop-fusion",
	.summary = "Fuse consecutive affine loop nests over the same iterations when the dependences allow it",
	.anchor = "func.func",
	.run = run,
	.display_name = "LoopFusion",
};
