/* Which loop the lanes run (vectorisation) and which one is copied across
 * units (`par`).  A loop can take the lanes when its iterations are
 * independent, or when it only carries reductions (`acc = acc op x`,
 * possibly under a condition) that rda.fold computes across lanes in the
 * order of the iterations.  Of the candidates on one path from the root to
 * a block only one is vectorised: the one with the most accesses whose
 * address steps by one word with it (a burst or a bank per lane), the
 * innermost on a tie. */
#include "a2r.h"

#include <string.h>

static bool named(const st_op *op, const char *name) { return op && strcmp(st_op_name_cstr(op), name) == 0; }

static const char *const fold_ops[] = {"addi", "addf", "muli", "mulf", "maxsi", "minsi", "maxui", "minui",
                                       "maximumf", "minimumf", "andi", "ori", "xori", NULL};

/* The fold kind of `op` combining `acc` with another value, or NULL. */
static const char *fold_kind(st_op *op, st_value *acc) {
	const char *n = op ? st_op_name_cstr(op) : "";
	if (strncmp(n, "arith.", 6) || st_op_num_operands(op) != 2)
		return NULL;
	for (size_t i = 0; fold_ops[i]; i++)
		if (!strcmp(n + 6, fold_ops[i]) && (st_op_operand(op, 0) == acc) != (st_op_operand(op, 1) == acc))
			return fold_ops[i];
	return NULL;
}

/* The value a reduction adds to `acc` at `y` (the yield): y = acc op x, or
 * y = cond ? acc op x : acc (select, or an scf.if yielding both).  Writes
 * the combining op, the contribution and the condition (NULL: none). */
bool st__a2r_match_fold(st_value *acc, st_value *y, st_op **combine, st_value **x, st_value **cond, bool *negate) {
	*cond = NULL, *negate = false;
	st_op *d = st_value_defining_op(y);
	if (named(d, "arith.select") || named(d, "scf.if")) {
		st_value *t, *e;
		if (named(d, "arith.select")) {
			*cond = st_op_operand(d, 0);
			t = st_op_operand(d, 1), e = st_op_operand(d, 2);
		} else {
			size_t k = st_value_index(y);
			st_op *ty = st_block_terminator(st_region_first_block(st_op_region(d, 0)));
			st_block *eb = st_region_first_block(st_op_region(d, 1));
			st_op *ey = eb ? st_block_terminator(eb) : NULL;
			if (!ty || !ey)
				return false;
			*cond = st_op_operand(d, 0);
			t = st_op_operand(ty, k), e = st_op_operand(ey, k);
		}
		if (e == acc) {
			d = st_value_defining_op(t);
		} else if (t == acc) {
			d = st_value_defining_op(e);
			*negate = true;
		} else {
			return false;
		}
	}
	if (!fold_kind(d, acc))
		return false;
	*combine = d;
	*x = st_op_operand(d, st_op_operand(d, 0) == acc ? 1 : 0);
	/* The accumulator is read only by the combination (and the choice). */
	size_t uses = 0;
	for (st_use *u = st_value_first_use(acc); u; u = st_use_next(u))
		uses++;
	return uses <= 2;
}

const char *st__a2r_fold_kind(st_op *combine, st_value *acc) { return fold_kind(combine, acc); }

/* Whether every value `loop` carries is such a reduction. */
static bool reduction_loop(const a2r_node *loop) {
	st_op *op = loop->op;
	if (!named(op, "scf.for") || !st_op_num_results(op))
		return false;
	st_block *body = st_region_first_block(st_op_region(op, 0));
	st_op *yield = st_block_terminator(body);
	for (size_t k = 0; k < st_op_num_results(op); k++) {
		st_op *combine;
		st_value *x, *cond;
		bool negate;
		if (!st__a2r_match_fold(st_block_arg(body, k + 1), st_op_operand(yield, k), &combine, &x, &cond, &negate))
			return false;
	}
	return true;
}

/* Whether `v` is the same on every lane when `vec` is vectorised: a
 * constant, a value from outside it, another loop's variable, or pure
 * arithmetic of those.  Loads and loop results inside it differ per lane. */
static bool uniform(a2r *a, const a2r_node *vec, st_value *v, int depth) {
	if (depth > 32)
		return false;
	if (v == vec->iv)
		return false;
	st_op *d = st_value_defining_op(v);
	if (!d) {
		/* Block arguments: loop variables and carried values. */
		st_op *p = st_block_parent_op(st_value_owner_block(v));
		for (size_t i = 0; i < a->nnodes; i++)
			if (a->nodes[i]->kind == A2R_LOOP && a->nodes[i]->iv == v)
				return true;
		return p == a->func;
	}
	if (!strcmp(st_op_name_cstr(d), "scf.for")) {
		/* A loop's result: per lane when the loop is inside. */
		for (size_t i = 0; i < a->nnodes; i++)
			if (a->nodes[i]->kind == A2R_LOOP && a->nodes[i]->op == d)
				return !st__a2r_encloses(vec, a->nodes[i]);
		return false;
	}
	a2r_node *where = st__a2r_block_of(a, d);
	if (!where || !st__a2r_encloses(vec, where))
		return true;
	const char *n = st_op_name_cstr(d);
	if (strncmp(n, "arith.", 6) && strncmp(n, "math.", 5))
		return false;
	for (size_t i = 0; i < st_op_num_operands(d); i++)
		if (!uniform(a, vec, st_op_operand(d, i), depth + 1))
			return false;
	return true;
}

/* The lanes of `n` run inner loops in lockstep: every bound and branch
 * condition inside it must be the same on all lanes. */
static bool lockstep(a2r *a, a2r_node *n) {
	for (size_t i = 0; i < a->nnodes; i++) {
		a2r_node *m = a->nodes[i];
		if (m == n || !st__a2r_encloses(n, m))
			continue;
		if (m->kind == A2R_LOOP && (!uniform(a, n, m->lb, 0) || !uniform(a, n, m->ub, 0)))
			return false;
		if (m->kind == A2R_CLAUSE && !uniform(a, n, m->cond, 0))
			return false;
	}
	return true;
}

/* Memory independence of a reduction loop: its iterations may share the
 * accumulator but no memory word one of them writes. */
static bool candidate(a2r *a, a2r_node *n) {
	if (n->kind != A2R_LOOP || !lockstep(a, n))
		return false;
	if (n->parallel)
		return true;
	if (!reduction_loop(n))
		return false;
	/* A reduction loop has no inner loops (a2r_tree refuses them); its
	 * body's writes must not be carried: it may write nothing. */
	for (size_t i = 0; i < a->nsites; i++)
		if (a->sites[i].write && a->sites[i].block && st__a2r_encloses(n, a->sites[i].block))
			return false;
	return true;
}

/* Whether the loop folds floats by addition or multiplication: those keep
 * the order of the iterations, one lane a cycle (docs/rda.md). */
static bool ordered_fold(const a2r_node *loop) {
	if (!named(loop->op, "scf.for"))
		return false;
	st_block *body = st_region_first_block(st_op_region(loop->op, 0));
	st_op *yield = st_block_terminator(body);
	for (size_t k = 0; k < st_op_num_results(loop->op); k++) {
		st_op *combine;
		st_value *x, *cond;
		bool negate;
		if (st__a2r_match_fold(st_block_arg(body, k + 1), st_op_operand(yield, k), &combine, &x, &cond, &negate)) {
			const char *kind = fold_kind(combine, st_block_arg(body, k + 1));
			if (!strcmp(kind, "addf") || !strcmp(kind, "mulf"))
				return true;
		}
	}
	return false;
}

static int score(a2r *a, const a2r_node *n) {
	/* Lanes that add floats in order run one at a time: the last choice. */
	int s = ordered_fold(n) ? -1000 : 0;
	for (size_t i = 0; i < a->nsites; i++) {
		a2r_site *site = &a->sites[i];
		a2r_linear l;
		if (site->op && st__a2r_encloses(n, site->block) && st__a2r_access_linear(a, site->op, &l) &&
		    l.coef[n->level] == 1)
			s++;
	}
	return s;
}

static bool on_one_path(const a2r_node *x, const a2r_node *y) {
	return st__a2r_encloses(x, y) || st__a2r_encloses(y, x);
}

static int64_t compute_lanes(const st_rda_machine *m) {
	for (size_t i = 0; i < m->npus; i++)
		if (m->pus[i].kind == ST_RDA_COMPUTE)
			return m->pus[i].lanes;
	return 1;
}

st_status st__a2r_plan_parallelism(a2r *a) {
	int64_t max = compute_lanes(a->m);
	a->lanes = a->opt.vec ? a->opt.vec : max;
	if (a->lanes < 1 || a->lanes > max)
		return st_op_error(a->original, "vec=%lld: the lanes of target '%s' are 1 to %lld", (long long)a->lanes,
		                   a->m->name, (long long)max);
	if (a->lanes > 1) {
		/* Greedy: the best candidates first, none on a path of another. */
		for (;;) {
			a2r_node *best = NULL;
			int bs = -1;
			for (size_t i = 0; i < a->nnodes; i++) {
				a2r_node *n = a->nodes[i];
				bool clash = false;
				for (size_t k = 0; k < a->nnodes && !clash; k++)
					clash = a->nodes[k]->vec && on_one_path(a->nodes[k], n);
				if (clash || !candidate(a, n))
					continue;
				int s = score(a, n);
				if (s > bs || (s == bs && n->level > best->level))
					best = n, bs = s;
			}
			if (!best)
				break;
			best->vec = true;
		}
	}
	if (a->opt.par < 1)
		return st_op_error(a->original, "par=%lld: the copies of a loop are 1 or more", (long long)a->opt.par);
	if (a->opt.par > 1) {
		for (size_t i = 0; i < a->nnodes; i++) {
			a2r_node *n = a->nodes[i];
			if (n->kind == A2R_LOOP && n->parallel && (!a->par_loop || n->level < a->par_loop->level))
				a->par_loop = n;
		}
		if (!a->par_loop)
			return st_op_error(a->original, "par=%lld: no loop of the kernel has independent iterations to copy",
			                   (long long)a->opt.par);
		a->par_loop->par = a->opt.par;
	}
	return ST_OK;
}
