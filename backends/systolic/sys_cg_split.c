/* Linear loop levels for a command of the systolic target: the hardware's
 * address generators compute base + sum(index x stride), the IR's
 * addresses come from layouts with `floordiv` and `mod` by the banks.
 * Each dimension of a command's space is either linear, or linear within
 * blocks whose starts are linear (a channel spread over banks: a block
 * level and an element level); the remainder of a transfer's last block
 * is a partial last level (SET_ITER_LAST) where the ISA has one, else a
 * command of its own (a compute keeps whole levels).  Every command is
 * checked against the IR's
 * addresses before it is written: all points when there are few, else
 * every value of each level (the others at their first index) and every
 * corner.  The analysis of an op's space is remembered (sys_space.key_op),
 * so that an unrolled loop's later executions cost a base and a check. */
#include "sys_codegen.h"

#define MAXD (ST_CODELET_MAX_RANK + 4)
#define FULL_CHECK 4096

static bool eval(const sys_space *sp, const int64_t *idx, int64_t *a) {
	for (int k = 0; k < sp->nops; k++)
		if (!sp->addr(sp->ud, k, idx, &a[k]))
			return false;
	return true;
}

/* Addresses at the box start with dimension d at start + i. */
static bool eval_along(const sys_space *sp, int d, int64_t i, int64_t *a) {
	int64_t idx[MAXD];
	memcpy(idx, sp->start, sizeof idx);
	idx[d] += i;
	return eval(sp, idx, a);
}

typedef struct dimplan {
	int64_t block; /* 0: linear */
	int64_t tail;  /* elements of the last, partial block (0: none) */
	int64_t step[3], bstep[3];
} dimplan;

/* The first i where dimension d stops being linear, 0 if it never does,
 * -1 when an address cannot be evaluated. */
static int64_t first_break(const sys_space *sp, int d, int64_t *base, int64_t *step) {
	int64_t a[3];
	if (!eval_along(sp, d, 0, base) || !eval_along(sp, d, 1, a))
		return -1;
	for (int k = 0; k < sp->nops; k++)
		step[k] = a[k] - base[k];
	for (int64_t i = 2; i < sp->size[d]; i++) {
		if (!eval_along(sp, d, i, a))
			return -1;
		for (int k = 0; k < sp->nops; k++)
			if (a[k] != base[k] + i * step[k])
				return i;
	}
	return 0;
}

/* Whether dimension d is linear within blocks of B whose starts are
 * linear: its whole blocks (`to` = size / B * B), or with the partial
 * last one too (`to` = size). */
static bool blocked(const sys_space *sp, int d, int64_t B, int64_t to, const int64_t *base, const int64_t *step, int64_t *bstep) {
	int64_t a[3];
	if (!eval_along(sp, d, B, a))
		return false;
	for (int k = 0; k < sp->nops; k++)
		bstep[k] = a[k] - base[k];
	for (int64_t i = 0; i < to; i++) {
		if (!eval_along(sp, d, i, a))
			return false;
		for (int k = 0; k < sp->nops; k++)
			if (a[k] != base[k] + (i / B) * bstep[k] + (i % B) * step[k])
				return false;
	}
	return true;
}

/* Level l's iterations at the outer levels' indexes `it` (fewer in the
 * last iteration of the level outside it, with a partial last block). */
static int64_t trips_at(const sys_cmd *c, const int64_t *it, int l) {
	if (l > 0 && c->tail[l] && it[l - 1] == trips_at(c, it, l - 1) - 1)
		return c->tail[l];
	return c->iters[l];
}

static st_status check(cg *g, st_op *at, const sys_space *sp, const sys_cmd *c, const int *lvl_dim, const int64_t *lvl_mul,
                       bool repeat) {
	int64_t pts = 1;
	for (int l = 0; l < c->nlev; l++)
		pts *= c->iters[l];
	int64_t it[SYS_LEVELS] = {0};
	/* Level l's iterations where the outer levels are (a partial last
	 * block in the last iteration of the level outside it). */

	/* The points to check: all, or each level alone and every corner. */
	int64_t corner = 0, ncorners = (int64_t)1 << c->nlev;
	/* A repeat (the same op, shape and on-chip offsets as one checked in
	 * full) differs by its bases only: its corners are checked. */
	int sweep = repeat ? c->nlev : 0;
	int64_t sweep_i = 0;
	bool full = pts <= FULL_CHECK && !repeat;
	for (int64_t n = 0;; n++) {
		int64_t idx[MAXD], a[3];
		memcpy(idx, sp->start, sizeof idx);
		for (int l = 0; l < c->nlev; l++)
			idx[lvl_dim[l]] += it[l] * lvl_mul[l];
		if (!eval(sp, idx, a))
			return st_op_error(at, "an address of this op cannot be evaluated");
		for (int k = 0; k < c->nops; k++) {
			int64_t e = c->base[k];
			for (int l = 0; l < c->nlev; l++)
				e += it[l] * c->stride[k][l];
			if (e != a[k])
				return st_op_error(at,
				                   "the address of operand %d on '%s' is not linear in the command's loops (%lld where the "
				                   "address generator would give %lld): the layout does not suit this machine",
				                   k, g->m.nodes[c->node[k]].name, (long long)a[k], (long long)e);
		}
		if (full) {
			int l = c->nlev - 1;
			for (; l >= 0; l--) {
				if (++it[l] < trips_at(c, it, l))
					break;
				it[l] = 0;
			}
			if (l < 0)
				return ST_OK;
			continue;
		}
		/* Sweeps of each level, then the corners. */
		memset(it, 0, sizeof it);
		if (sweep < c->nlev) {
			if (++sweep_i >= c->iters[sweep]) {
				sweep++;
				sweep_i = 0;
			}
			if (sweep < c->nlev) {
				it[sweep] = sweep_i;
				continue;
			}
		}
		if (++corner >= ncorners)
			return ST_OK;
		for (int l = 0; l < c->nlev; l++)
			it[l] = (corner >> l) & 1 ? trips_at(c, it, l) - 1 : 0;
	}
}

/* What the analysis of a space found: a split (the remainder of dimension
 * split_d after blocks of split_b) or each dimension's plan. */
typedef struct sys_split_memo {
	const st_op *op;
	int ndims;
	int64_t start[MAXD], size[MAXD];
	size_t nkey;
	int64_t key[ST_CODELET_MAX_RANK * 3];
	int split_d;
	int64_t split_b;
	dimplan dp[MAXD];
} memo_t;

static memo_t *memo_find(cg *g, const sys_space *sp) {
	if (!sp->key_op)
		return NULL;
	for (size_t i = g->nmemo; i-- > 0;) {
		memo_t *m = &g->memo[i];
		if (m->op == sp->key_op && m->ndims == sp->ndims && m->nkey == sp->nkey &&
		    !memcmp(m->start, sp->start, (size_t)sp->ndims * sizeof *m->start) &&
		    !memcmp(m->size, sp->size, (size_t)sp->ndims * sizeof *m->size) &&
		    !memcmp(m->key, sp->key, sp->nkey * sizeof *m->key))
			return m;
	}
	return NULL;
}

static void memo_add(cg *g, const sys_space *sp, int split_d, int64_t split_b, const dimplan *dp) {
	if (!sp->key_op)
		return;
	if (g->nmemo == g->capmemo) {
		size_t nc = g->capmemo ? 2 * g->capmemo : 64;
		memo_t *n = st_ctx_realloc(g->ctx, g->memo, g->capmemo * sizeof *n, nc * sizeof *n);
		if (!n)
			return; /* only slower */
		g->memo = n;
		g->capmemo = nc;
	}
	memo_t *m = &g->memo[g->nmemo++];
	memset(m, 0, sizeof *m);
	m->op = sp->key_op;
	m->ndims = sp->ndims;
	memcpy(m->start, sp->start, sizeof m->start);
	memcpy(m->size, sp->size, sizeof m->size);
	m->nkey = sp->nkey;
	memcpy(m->key, sp->key, sp->nkey * sizeof *m->key);
	m->split_d = split_d;
	m->split_b = split_b;
	if (dp)
		memcpy(m->dp, dp, (size_t)sp->ndims * sizeof *dp);
}

bool sys_cg_seen(cg *g, const sys_space *sp) { return memo_find(g, sp) != NULL; }

void sys_cg_split_free(cg *g) {
	if (g->memo)
		st_ctx_free(g->ctx, g->memo, g->capmemo * sizeof *g->memo);
	g->memo = NULL;
	g->nmemo = g->capmemo = 0;
}

/* Whole blocks of dimension d, then its remainder, as separate commands. */
static st_status split_at(cg *g, st_op *at, const sys_space *sp, int d, int64_t b,
                          st_status (*fn)(void *ud, const sys_cmd *c), void *ud) {
	sys_space part = *sp;
	part.size[d] = sp->size[d] / b * b;
	if (part.size[d] && st_failed(sys_cg_split(g, at, &part, fn, ud)))
		return ST_FAIL;
	part.start[d] = sp->start[d] + part.size[d];
	part.size[d] = sp->size[d] % b;
	return sys_cg_split(g, at, &part, fn, ud);
}

st_status sys_cg_split(cg *g, st_op *at, const sys_space *sp, st_status (*fn)(void *ud, const sys_cmd *c), void *ud) {
	dimplan dp[MAXD];
	memo_t *memo = memo_find(g, sp);
	if (memo && memo->split_d >= 0)
		return split_at(g, at, sp, memo->split_d, memo->split_b, fn, ud);
	if (memo)
		memcpy(dp, memo->dp, (size_t)sp->ndims * sizeof *dp);
	for (int d = 0; !memo && d < sp->ndims; d++) {
		memset(&dp[d], 0, sizeof dp[d]);
		if (sp->size[d] <= 1)
			continue;
		int64_t base[3];
		int64_t b = first_break(sp, d, base, dp[d].step);
		if (b < 0)
			return st_op_error(at, "an address of this op cannot be evaluated");
		if (!b)
			continue;
		if (!sp->splittable)
			return st_op_error(at, "loop %d of this compute does not move its operands linearly (address generators are linear)", d);
		if (!blocked(sp, d, b, sp->size[d] / b * b, base, dp[d].step, dp[d].bstep))
			return st_op_error(at, "dimension %d of this op's addresses is neither linear nor linear in blocks", d);
		dp[d].block = b;
		if (sp->size[d] % b) {
			/* The last block's remainder: a partial last level where the
			 * ISA has one and it follows the blocks' addresses. */
			if (g->tails && blocked(sp, d, b, sp->size[d], base, dp[d].step, dp[d].bstep))
				dp[d].tail = sp->size[d] % b;
			else {
				memo_add(g, sp, d, b, NULL);
				return split_at(g, at, sp, d, b, fn, ud);
			}
		}
	}
	if (!memo)
		memo_add(g, sp, -1, 0, dp);
	sys_cmd c = {.nops = sp->nops};
	int lvl_dim[SYS_LEVELS];
	int64_t lvl_mul[SYS_LEVELS];
	int64_t base[3];
	if (!eval(sp, sp->start, base))
		return st_op_error(at, "an address of this op cannot be evaluated");
	for (int k = 0; k < sp->nops; k++) {
		c.node[k] = sp->node[k];
		c.base[k] = base[k];
	}
	for (int d = 0; d < sp->ndims; d++) {
		if (sp->size[d] <= 1)
			continue;
		int64_t parts[2][2] = {{dp[d].block ? sp->size[d] / dp[d].block + (dp[d].tail ? 1 : 0) : sp->size[d],
		                        dp[d].block ? dp[d].block : 1},
		                       {dp[d].block, 1}};
		int nparts = dp[d].block ? 2 : 1;
		for (int q = 0; q < nparts; q++) {
			int64_t trips = q == 0 ? parts[0][0] : parts[1][0];
			if (trips <= 1)
				continue;
			if (c.nlev == SYS_LEVELS)
				return st_op_error(at, "this op needs more than %d loop levels", SYS_LEVELS);
			c.iters[c.nlev] = trips;
			c.tail[c.nlev] = q == 1 ? dp[d].tail : 0;
			lvl_dim[c.nlev] = d;
			lvl_mul[c.nlev] = q == 0 && dp[d].block ? dp[d].block : 1;
			for (int k = 0; k < sp->nops; k++)
				c.stride[k][c.nlev] = q == 0 && dp[d].block ? dp[d].bstep[k] : dp[d].step[k];
			c.nlev++;
		}
	}
	if (st_failed(check(g, at, sp, &c, lvl_dim, lvl_mul, memo != NULL)))
		return ST_FAIL;
	return fn(ud, &c);
}
