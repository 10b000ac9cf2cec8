/* Pipelining of innermost loops (pipeline=true): a modulo schedule run by
 * one calyx.static_group.
 *
 * Iteration k starts at cycle k*II; an op scheduled at offset s fires at
 * k*II + s.  II starts at the memory-port bound (max over memories of the
 * accesses per iteration over its ports: one, or for a memory the loop
 * only reads, the option read-ports, each further port a cell of its own
 * reading the same words: st__a2c_read_port) and grows only
 * if the iter_args recurrence needs it.  A value is valid in a window
 * [p, e] of offsets (a register written once per iteration holds II
 * cycles); a use later than e reads a copy, a register latched at e, then
 * e + II, ... (modulo variable expansion by shift registers).  The group's
 * own counters (T: cycles, S: T mod II, K: T div II) give every firing a
 * guard and the induction variable (K + lb - stage).  The schedule itself
 * is ASAP: loads/stores take the first cycle in which a port of their
 * memory has its slot (s mod II) free, the lowest such port; multiplications and divisions (calyx's pipelined
 * units: latency 3, or the data width for dividers; go held high) deliver
 * their result at s + latency.  A division by a constant is no divider:
 * shifts by a power of two, else the multiply-and-shift div-by-constant
 * made of it.  The induction variable, and what is computed from it and
 * loop invariants alone, need no copies: read late, they are recomputed
 * from K.  The scf.ifs of a loop that pipelines are converted first
 * (st__a2c_ifconv.c): selects, and stores whose write enable is also guarded
 * by their predicate. */
#include "a2c.h"

#include <assert.h>

#define INF (1 << 28)
#define MAX_MEMS 16
#define MAX_II 64
#define MAX_COPIES 64

typedef struct sval {
	int p, e;
	st__a2c_val *base;
	st__a2c_val *copy[MAX_COPIES];
	int ncopies;
	/* combinational, of the induction variable and loop invariants only:
	 * recomputed where it is read late (copy[] caches it), never copied */
	bool recompute;
} sval;

typedef struct pipe {
	st__a2c_comp *c;
	st_op *loop;
	st_block *body;
	int64_t lb, trip, step; /* step: 1, or the thread count of an affine.parallel thread */
	int ii, depth;
	st__a2c_map info;  /* body value -> sval */
	st__a2c_map when;  /* op -> offset + 1 at which it reads its operands */
	st__a2c_mem *mems[MAX_MEMS];
	uint64_t slots[MAX_MEMS][ST_CALYX_MAX_READ_PORTS];
	unsigned ports[MAX_MEMS]; /* of each memory, for this loop */
	size_t nmems;
	st__a2c_map port; /* load -> the read port it uses + 1 */
	/* emission */
	st__a2c_group g;
	st__a2c_val *t, *s, *k, *iv;
	st__a2c_map guards; /* offset + 1 -> st__a2c_val */
	st__a2c_map ivs;    /* j > 0 -> the induction variable of j iterations before */
	st_op *acc[16];
	st__a2c_val *init[16];
	bool init_inside; /* the static group writes the inits at T == 0 */
} pipe;

/* The pipelined units and their latencies (docs/dialects/calyx.md: the
 * multiplier 3 cycles, the dividers as many as the data width). */
static const char *unit_name(const char *op) {
	static const char *const units[][2] = {{"arith.muli", "std_mult_pipe"}, {"arith.divsi", "std_divs_pipe"},
	                                       {"arith.divui", "std_divu_pipe"}, {"arith.remsi", "std_rems_pipe"},
	                                       {"arith.remui", "std_remu_pipe"}};
	for (size_t i = 0; i < sizeof units / sizeof *units; i++)
		if (!strcmp(op, units[i][0]))
			return units[i][1];
	return NULL;
}

/* The unit of `op`, or NULL: a division by a constant power of two is
 * combinational (st__a2c_lower_div_const). */
static const char *unit_of(st_op *op) { return st__a2c_div_by_shift(op) ? NULL : unit_name(st_op_name_cstr(op)); }

static int unit_latency(st_op *op) {
	if (!strcmp(st_op_name_cstr(op), "arith.muli"))
		return A2C_MULT_LATENCY;
	return (int)st__a2c_width(st_value_type(st_op_result(op, 0)));
}

static bool const_index(st_value *v, int64_t *out) {
	st_op *d = st_value_defining_op(v);
	if (!d || strcmp(st_op_name_cstr(d), "arith.constant"))
		return false;
	*out = st_attr_int_value(st_op_get_attr(d, "value"));
	return true;
}

bool st__a2c_pipe_op(const char *n) {
	static const char *const ok[] = {"arith.constant", "arith.addi", "arith.subi", "arith.andi", "arith.ori",
	                                 "arith.xori", "arith.shli", "arith.shrui", "arith.shrsi", "arith.cmpi",
	                                 "arith.select", "arith.extui", "arith.extsi", "arith.trunci",
	                                 "arith.index_cast", "arith.index_castui", "arith.maxsi", "arith.minsi",
	                                 "arith.maxui", "arith.minui", "arith.muli", "arith.divsi", "arith.divui",
	                                 "arith.remsi", "arith.remui", "arith.floordivsi", "arith.ceildivsi",
	                                 "memref.load", "memref.store", "scf.yield"};
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		if (!strcmp(n, ok[i]))
			return true;
	return false;
}

/* Scans the ops of `b` for eligible(): scf.ifs are looked into, as
 * st__a2c_if_convert will flatten them (their stores count on their memory's
 * port like any other). */
static bool scan(pipe *pp, st_block *b, bool *loaded, bool *stored, int *count) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		const char *n = st_op_name_cstr(op);
		if (!strcmp(n, "scf.if")) {
			for (size_t r = 0; r < 2; r++) {
				st_region *rg = st_op_region(op, r);
				if (!st_region_is_empty(rg) && !scan(pp, st_region_first_block(rg), loaded, stored, count))
					return false;
			}
			continue;
		}
		if (!st__a2c_pipe_op(n) || st_op_num_regions(op))
			return false;
		/* by a variable, two units and a correction: not done (by a
		 * constant, shifts or div-by-constant's multiplier) */
		if ((!strcmp(n, "arith.floordivsi") || !strcmp(n, "arith.ceildivsi")) && !st__a2c_div_by_shift(op))
			return false;
		bool ld = !strcmp(n, "memref.load"), sto = !strcmp(n, "memref.store");
		if (!ld && !sto)
			continue;
		/* In an affine.parallel thread a banked memory's bank is known;
		 * one chosen at run time is not for the schedule. */
		st__a2c_mem *m = st__a2c_static_mem(pp->c, op, ld);
		if (!m || m->nbanks)
			return false;
		size_t i = 0;
		while (i < pp->nmems && pp->mems[i] != m)
			i++;
		if (i == pp->nmems) {
			if (pp->nmems == MAX_MEMS)
				return false;
			pp->mems[pp->nmems++] = m;
		}
		count[i]++;
		loaded[i] |= ld, stored[i] |= sto;
		if (loaded[i] && stored[i])
			return false;
	}
	return true;
}

/* Whether the loop can be pipelined: an innermost scf.for with constant
 * bounds and step 1 whose body has only pipelinable ops on known memories
 * (inside scf.ifs too), no memory both read and written (no loop-carried
 * memory dependence to check, and a load run speculatively reads no word
 * the loop writes), at most 16 iter_args.  Fills the memory table. */
static bool eligible(pipe *pp) {
	int64_t ub, step;
	if ((!pp->step && !const_index(st_op_operand(pp->loop, 0), &pp->lb)) ||
	    !const_index(st_op_operand(pp->loop, 1), &ub) || !const_index(st_op_operand(pp->loop, 2), &step) ||
	    step != 1 || ub <= pp->lb || ub - pp->lb > (1 << 20) || st_op_num_results(pp->loop) > 16)
		return false;
	if (!pp->step)
		pp->step = 1;
	pp->trip = (ub - pp->lb + pp->step - 1) / pp->step;
	bool loaded[MAX_MEMS] = {0}, stored[MAX_MEMS] = {0};
	int count[MAX_MEMS] = {0};
	pp->nmems = 0;
	if (!scan(pp, pp->body, loaded, stored, count))
		return false;
	pp->ii = 1;
	for (size_t i = 0; i < pp->nmems; i++) {
		pp->ports[i] = stored[i] ? 1 : st__a2c_read_ports(pp->c, pp->mems[i]);
		int need = (count[i] + (int)pp->ports[i] - 1) / (int)pp->ports[i];
		if (need > pp->ii)
			pp->ii = need;
	}
	return pp->ii <= MAX_II;
}

/* ----------------------------------------------------------- schedule */

static sval *info(pipe *pp, st_value *v) { return st__a2c_map_get(&pp->info, v); }

static sval *new_sval(pipe *pp, st_value *v, int p, int e) {
	sval *s = st_ctx_alloc(pp->c->ctx, sizeof *s);
	if (!s)
		return NULL;
	memset(s, 0, sizeof *s);
	s->p = p, s->e = e;
	if (!st__a2c_map_put(&pp->info, v, s)) {
		st_ctx_free(pp->c->ctx, s, sizeof *s);
		return NULL;
	}
	return s;
}

static void free_sval(void *ud, const void *key, void *val) {
	(void)key;
	st_ctx_free(ud, val, sizeof(sval));
}

static void free_svals(pipe *pp) {
	if (pp->info.m)
		st_ptr_map_each(pp->info.m, free_sval, pp->c->ctx);
	st__a2c_map_free(&pp->info);
}

/* Earliest offset at which every operand in [first, first + n) is valid. */
static int ready(pipe *pp, st_op *op, size_t first, size_t n) {
	int t = 0;
	for (size_t i = first; i < first + n; i++) {
		sval *s = info(pp, st_op_operand(op, i));
		if (s && s->p > t)
			t = s->p;
	}
	return t;
}

/* The end of the window through which `s` is read at `t` (a copy when t is
 * past its own window). */
static int read_end(const pipe *pp, const sval *s, int t) {
	if (t <= s->e)
		return s->e;
	int j = (t - s->e + pp->ii - 1) / pp->ii;
	return s->e + j * pp->ii;
}

/* The first offset from s at which a port of m has its slot free; *port:
 * the lowest such port. */
static int port_slot(pipe *pp, st__a2c_mem *m, int s, unsigned *port) {
	size_t i = 0;
	while (pp->mems[i] != m)
		i++;
	for (;; s++)
		for (unsigned p = 0; p < pp->ports[i]; p++)
			if (!(pp->slots[i][p] >> (s % pp->ii) & 1)) {
				pp->slots[i][p] |= (uint64_t)1 << (s % pp->ii);
				*port = p;
				return s;
			}
}

static bool set_when(pipe *pp, st_op *op, int t) { return st__a2c_map_put(&pp->when, op, (void *)(intptr_t)(t + 1)); }

static int when(pipe *pp, st_op *op) { return (int)(intptr_t)st__a2c_map_get(&pp->when, op) - 1; }

/* The store of a predicated store, else `op` itself. */
static st_op *pred_inner(st_op *op) {
	return st__a2c_pred_store(op) ? st_block_first_op(st_region_first_block(st_op_region(op, 0))) : op;
}

/* A value read long after its window needs a copy per II cycles (not the
 * induction variable and what is computed from it alone: read_at
 * recomputes them); false when `op` at `t` would need too many. */
static bool check_copies(pipe *pp, st_op *op, int t) {
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		sval *s = info(pp, st_op_operand(op, i));
		if (s && s->e < INF && t > s->e && (t - s->e + pp->ii - 1) / pp->ii > MAX_COPIES && !s->recompute &&
		    st_op_operand(op, i) != st_block_arg(pp->body, 0))
			return false;
	}
	return true;
}

/* One ASAP schedule at the current II; false when the iter_args
 * recurrence does not fit (*grow: a larger II could fix it). */
static bool schedule(pipe *pp, bool *grow) {
	*grow = false;
	free_svals(pp);
	st__a2c_map_free(&pp->when);
	st__a2c_map_free(&pp->port);
	st__a2c_map_init(&pp->info, pp->c->ctx);
	st__a2c_map_init(&pp->when, pp->c->ctx);
	st__a2c_map_init(&pp->port, pp->c->ctx);
	memset(pp->slots, 0, sizeof pp->slots);
	pp->depth = 1;
	if (!new_sval(pp, st_block_arg(pp->body, 0), 0, pp->ii - 1))
		return false;
	for (size_t i = 1; i < st_block_num_args(pp->body); i++)
		if (!new_sval(pp, st_block_arg(pp->body, i), 0, INF))
			return false;
	for (st_op *op = st_block_first_op(pp->body); op; op = st_op_next(op)) {
		const char *n = st_op_name_cstr(op);
		size_t nops = st_op_num_operands(op);
		int t = ready(pp, op, 0, nops), end = INF;
		if (!strcmp(n, "memref.load")) {
			/* A seq memory's word comes a cycle after the request; it is
			 * latched then (the port is free again for another request). */
			st__a2c_mem *m = st__a2c_static_mem(pp->c, op, true);
			int late = m->seq;
			unsigned port;
			t = port_slot(pp, m, t, &port);
			if (!st__a2c_map_put(&pp->port, op, (void *)(intptr_t)(port + 1)))
				return false;
			if (!new_sval(pp, st_op_result(op, 0), t + 1 + late, t + late + pp->ii))
				return false;
			if (t + 1 + late >= pp->depth)
				pp->depth = t + 2 + late;
		} else if (!strcmp(n, "memref.store") || st__a2c_pred_store(op)) {
			st_op *st = pred_inner(op);
			if (st != op) { /* also waits for its predicate */
				int tc = ready(pp, st, 0, st_op_num_operands(st));
				t = tc > t ? tc : t;
				if (!check_copies(pp, st, t) || !set_when(pp, st, t))
					return false;
			}
			unsigned port;
			t = port_slot(pp, st__a2c_static_mem(pp->c, st, false), t, &port);
			if (t + 1 > pp->depth)
				pp->depth = t + 1;
		} else if (unit_of(op)) {
			int l = unit_latency(op);
			if (!new_sval(pp, st_op_result(op, 0), t + l, t + l))
				return false;
		} else if (!strcmp(n, "scf.yield")) {
			/* Each carried value is latched at the offset where its new
			 * value is ready; every read of the old value must fall in
			 * the II cycles before. */
			for (size_t i = 0; i < nops; i++) {
				sval *y = info(pp, st_op_operand(op, i));
				int cy = y ? y->p : 0;
				if (cy + 1 > pp->depth)
					pp->depth = cy + 1;
				st_value *a = st_block_arg(pp->body, i + 1);
				for (st_use *u = st_value_first_use(a); u; u = st_use_next(u)) {
					if (st_use_owner(u) == op)
						continue;
					int tu = when(pp, st_use_owner(u));
					if (tu > cy)
						return false;
					if (tu < cy - pp->ii + 1) {
						*grow = true;
						return false;
					}
				}
			}
		} else if (nops) {
			for (size_t i = 0; i < nops; i++) {
				sval *s = info(pp, st_op_operand(op, i));
				int e = s ? read_end(pp, s, t) : INF;
				end = e < end ? e : end;
			}
			sval *r = new_sval(pp, st_op_result(op, 0), t, end);
			if (!r)
				return false;
			r->recompute = true;
			for (size_t i = 0; i < nops; i++) {
				st_value *v = st_op_operand(op, i);
				sval *s = info(pp, v);
				st_op *d = st_value_defining_op(v);
				if (s && !s->recompute && v != st_block_arg(pp->body, 0) &&
				    !(d && !strcmp(st_op_name_cstr(d), "arith.constant")))
					r->recompute = false;
			}
		} else if (!new_sval(pp, st_op_result(op, 0), 0, INF)) {
			return false;
		}
		if (!check_copies(pp, op, t) || !set_when(pp, op, t))
			return false;
	}
	return true;
}

/* ------------------------------------------------------------- emission */

static st__a2c_val *cst(pipe *pp, int64_t v) { return st__a2c_val_new(pp->c, st__a2c_const(pp->c, 32, v)); }

static st__a2c_val *bin(pipe *pp, const char *kind, st__a2c_val *a, st__a2c_val *b, unsigned w) {
	st__a2c_val *in[] = {a, b};
	unsigned ws[] = {w, w};
	return a && b ? st__a2c_comb(pp->c, kind, st_op_loc(pp->loop), 2, in, ws, w) : NULL;
}

static st__a2c_val *cmp(pipe *pp, const char *kind, st__a2c_val *a, int64_t k) {
	st__a2c_val *in[] = {a, cst(pp, k)};
	unsigned ws[] = {32, 32};
	return in[1] ? st__a2c_comb(pp->c, kind, st_op_loc(pp->loop), 2, in, ws, 1) : NULL;
}

static st__a2c_val *mux(pipe *pp, st__a2c_val *k, st__a2c_val *a, st__a2c_val *b) {
	st__a2c_val *in[] = {k, a, b};
	unsigned ws[] = {1, 32, 32};
	return k && a && b ? st__a2c_comb(pp->c, "std_mux", st_op_loc(pp->loop), 3, in, ws, 32) : NULL;
}

/* A 32-bit counter register written every cycle with `next` (when `en` is
 * NULL) or when `en` holds. */
static bool counter(pipe *pp, st_op *r, st__a2c_val *next, st__a2c_val *en) {
	st__a2c_comp *c = pp->c;
	st_value *n = st__a2c_read(c, &pp->g, next);
	st_value *e = en ? st__a2c_read(c, &pp->g, en) : st__a2c_true(c);
	return n && e && st__a2c_assign(c, pp->g.body, st_op_result(r, 0), n, NULL) &&
	       st__a2c_assign(c, pp->g.body, st_op_result(r, 1), e, NULL);
}

/* The induction variable of the iteration whose number is `k`. */
static st__a2c_val *iv_of(pipe *pp, st__a2c_val *k) {
	if (pp->step > 1) { /* a thread's iterations: lb + K * step, step a power of two */
		int sh = 0;
		while ((1 << sh) < pp->step)
			sh++;
		k = bin(pp, "std_lsh", k, cst(pp, sh), 32);
	}
	return bin(pp, "std_add", k, cst(pp, pp->lb), 32);
}

static bool counters(pipe *pp, int64_t latency) {
	st__a2c_comp *c = pp->c;
	st_attr *loc = st_op_loc(pp->loop);
	st_op *tr = st__a2c_reg(c, "t", loc, 32);
	if (!tr)
		return false;
	pp->t = st__a2c_val_new(c, st_op_result(tr, 4));
	st__a2c_val *last = cmp(pp, "std_eq", pp->t, latency - 1), *zero = cst(pp, 0), *one = cst(pp, 1);
	if (!counter(pp, tr, mux(pp, last, zero, bin(pp, "std_add", pp->t, one, 32)), NULL))
		return false;
	if (pp->ii == 1) {
		pp->k = pp->t;
	} else {
		st_op *sr = st__a2c_reg(c, "s", loc, 32), *kr = st__a2c_reg(c, "k", loc, 32);
		if (!sr || !kr)
			return false;
		pp->s = st__a2c_val_new(c, st_op_result(sr, 4));
		pp->k = st__a2c_val_new(c, st_op_result(kr, 4));
		st__a2c_val *wrap = bin(pp, "std_or", cmp(pp, "std_eq", pp->s, pp->ii - 1), last, 1);
		if (!counter(pp, sr, mux(pp, wrap, zero, bin(pp, "std_add", pp->s, one, 32)), NULL) ||
		    !counter(pp, kr, mux(pp, last, zero, bin(pp, "std_add", pp->k, one, 32)), wrap))
			return false;
	}
	sval *s = info(pp, st_block_arg(pp->body, 0));
	return s && (s->base = iv_of(pp, pp->k));
}

/* The guard of a firing at offset `s`: iteration k = (T - s) / II exists. */
static st_value *fire(pipe *pp, int s) {
	st__a2c_val *g = st__a2c_map_get(&pp->guards, (void *)(intptr_t)(s + 1));
	if (!g) {
		int64_t hi = s + (pp->trip - 1) * pp->ii;
		g = cmp(pp, "std_le", pp->t, hi);
		if (g && s > 0)
			g = bin(pp, "std_and", g, cmp(pp, "std_ge", pp->t, s), 1);
		if (g && pp->ii > 1)
			g = bin(pp, "std_and", g, cmp(pp, "std_eq", pp->s, s % pp->ii), 1);
		if (!g || !st__a2c_map_put(&pp->guards, (void *)(intptr_t)(s + 1), g))
			return NULL;
	}
	return st__a2c_read(pp->c, &pp->g, g);
}

/* A register latching `v` at the end of offset `at`. */
static st__a2c_val *latch(pipe *pp, st__a2c_val *v, int at, unsigned width) {
	st__a2c_comp *c = pp->c;
	st_op *r = st__a2c_reg(c, "pipe", st_op_loc(pp->loop), width);
	st_value *src = r ? st__a2c_read(c, &pp->g, v) : NULL, *g = src ? fire(pp, at) : NULL;
	if (!g || !st__a2c_assign(c, pp->g.body, st_op_result(r, 0), src, NULL) ||
	    !st__a2c_assign(c, pp->g.body, st_op_result(r, 1), st__a2c_true(c), g))
		return NULL;
	return st__a2c_val_new(c, st_op_result(r, 4));
}

static bool rebind(pipe *pp, st_op *op, int t);

/* The lowered value of `v` valid at offset `t`. */
static st__a2c_val *read_at(pipe *pp, st_value *v, int t) {
	sval *s = info(pp, v);
	if (!s)
		return st__a2c_map_get(&pp->c->vals, v);
	if (t <= s->e)
		return s->base;
	int j = (t - s->e + pp->ii - 1) / pp->ii;
	if (v == st_block_arg(pp->body, 0)) {
		/* At offset t, j = t div II iterations later than its own, K is
		 * k + j: the iteration's variable is recomputed from K - j, which
		 * holds through the same window a copy would (no register, and
		 * no limit on how late it is read). */
		st__a2c_val *iv = st__a2c_map_get(&pp->ivs, (void *)(intptr_t)j);
		if (!iv && (!(iv = iv_of(pp, bin(pp, "std_sub", pp->k, cst(pp, j), 32))) ||
		            !st__a2c_map_put(&pp->ivs, (void *)(intptr_t)j, iv)))
			return NULL;
		return iv;
	}
	if (s->recompute) {
		/* its op again, on the variable (and what else it reads) as it
		 * is at t */
		st__a2c_val *r = j <= MAX_COPIES ? s->copy[j - 1] : NULL;
		st_op *op = st_value_defining_op(v);
		bool handled;
		if (!r && (!rebind(pp, op, t) || !st__a2c_lower_comb(pp->c, op, &handled) ||
		           !(r = st__a2c_map_get(&pp->c->vals, v))))
			return NULL;
		if (j <= MAX_COPIES)
			s->copy[j - 1] = r;
		return r;
	}
	assert(j <= MAX_COPIES); /* schedule() refuses longer lives */
	unsigned w = st__a2c_width(st_value_type(v));
	while (s->ncopies < j) {
		st__a2c_val *prev = s->ncopies ? s->copy[s->ncopies - 1] : s->base;
		if (!(s->copy[s->ncopies] = latch(pp, prev, s->e + s->ncopies * pp->ii, w)))
			return NULL;
		s->ncopies++;
	}
	return s->copy[j - 1];
}

/* Points the operands of `op` at their values valid at `t`, so that the
 * ordinary lowering of the op (st__a2c_lower_comb, st__a2c_drive_addr) reads them. */
static bool rebind(pipe *pp, st_op *op, int t) {
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		if (!info(pp, v))
			continue;
		st__a2c_val *lv = read_at(pp, v, t);
		if (!lv || !st__a2c_bind(pp->c, v, lv))
			return false;
	}
	return true;
}

/* A load, or a store (`pred`: its predicate, or NULL), at offset t. */
static bool emit_mem(pipe *pp, st_op *op, bool load, int t, st__a2c_val *pred) {
	st__a2c_comp *c = pp->c;
	st__a2c_mem *m = st__a2c_static_mem(c, op, load);
	intptr_t port = load ? (intptr_t)st__a2c_map_get(&pp->port, op) : 1;
	if (!port || !(m = st__a2c_read_port(c, m, (unsigned)(port - 1))))
		return false;
	st_value *g = fire(pp, t);
	if (g && pred) {
		st__a2c_val *both = bin(pp, "std_and", st__a2c_map_get(&pp->guards, (void *)(intptr_t)(t + 1)), pred, 1);
		g = both ? st__a2c_read(c, &pp->g, both) : NULL;
	}
	if (!g || !st__a2c_drive_addr(c, &pp->g, m, op, load ? 1 : 2, g))
		return false;
	if (load) {
		st_op *r = st__a2c_reg(c, "load", st_op_loc(op), m->width);
		sval *s = info(pp, st_op_result(op, 0));
		st_value *latch = g;
		if (m->seq && (!st__a2c_assign(c, pp->g.body, st__a2c_mem_port(m, "content_en", 0), st__a2c_true(c), g) ||
		               !(latch = fire(pp, t + 1))))
			return false;
		return r && st__a2c_assign(c, pp->g.body, st_op_result(r, 0), st__a2c_mem_port(m, "read_data", 0), NULL) &&
		       st__a2c_assign(c, pp->g.body, st_op_result(r, 1), st__a2c_true(c), latch) &&
		       (s->base = st__a2c_val_new(c, st_op_result(r, 4)));
	}
	st__a2c_val *v = st__a2c_lookup(c, st_op_operand(op, 0));
	st_value *p = v ? st__a2c_read(c, &pp->g, v) : NULL;
	return p && st__a2c_assign(c, pp->g.body, st__a2c_mem_port(m, "write_data", 0), p, g) &&
	       st__a2c_assign(c, pp->g.body, st__a2c_mem_port(m, "write_en", 0), st__a2c_true(c), g);
}

/* A pipelined unit with go held high: its `out` is the result of the
 * operands presented `latency` cycles before. */
static bool emit_unit(pipe *pp, st_op *op) {
	st__a2c_comp *c = pp->c;
	unsigned w = st__a2c_width(st_value_type(st_op_result(op, 0)));
	st_type *b = st__a2c_int(c, 1), *tw = st__a2c_int(c, w);
	st_type *types[] = {b, b, b, tw, tw, tw, b};
	const char *kind = unit_of(op);
	st_op *u = st__a2c_cell(c, kind, kind + 4, st_op_loc(op), 7, types, NULL, NULL);
	st__a2c_val *x = st__a2c_lookup(c, st_op_operand(op, 0)), *y = st__a2c_lookup(c, st_op_operand(op, 1));
	st_value *px = u && x ? st__a2c_read(c, &pp->g, x) : NULL, *py = px && y ? st__a2c_read(c, &pp->g, y) : NULL;
	sval *s = info(pp, st_op_result(op, 0));
	return py && st__a2c_assign(c, pp->g.body, st_op_result(u, 3), px, NULL) &&
	       st__a2c_assign(c, pp->g.body, st_op_result(u, 4), py, NULL) &&
	       st__a2c_assign(c, pp->g.body, st_op_result(u, 2), st__a2c_true(c), NULL) &&
	       (s->base = st__a2c_val_new(c, st_op_result(u, 5)));
}

/* The carried registers latch the yielded values at their offsets; with
 * init_inside they take the inits at T == 0 instead (no read of them comes
 * before offset 1, so this saves the init group's cycles). */
static bool emit_yield(pipe *pp, st_op *op) {
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		sval *y = info(pp, st_op_operand(op, i));
		int cy = y ? y->p : 0;
		st__a2c_val *v = read_at(pp, st_op_operand(op, i), cy);
		st_value *g = v ? fire(pp, cy) : NULL;
		if (g && pp->init_inside) {
			st__a2c_val *first = cmp(pp, "std_eq", pp->t, 0);
			unsigned w = st__a2c_width(st_value_type(st_op_operand(op, i)));
			st__a2c_val *in[] = {first, pp->init[i], v};
			unsigned ws[] = {1, w, w};
			v = first ? st__a2c_comb(pp->c, "std_mux", st_op_loc(op), 3, in, ws, w) : NULL;
			st__a2c_val *fv = st__a2c_map_get(&pp->guards, (void *)(intptr_t)(cy + 1));
			st__a2c_val *en = v && fv ? bin(pp, "std_or", first, fv, 1) : NULL;
			g = en ? st__a2c_read(pp->c, &pp->g, en) : NULL;
		}
		st_value *p = g && v ? st__a2c_read(pp->c, &pp->g, v) : NULL;
		if (!p || !st__a2c_assign(pp->c, pp->g.body, st_op_result(pp->acc[i], 0), p, NULL) ||
		    !st__a2c_assign(pp->c, pp->g.body, st_op_result(pp->acc[i], 1), st__a2c_true(pp->c), g))
			return false;
	}
	return true;
}

/* Whether every read of the carried values comes at offset 1 or later. */
static bool reads_after_first(pipe *pp) {
	for (size_t i = 1; i < st_block_num_args(pp->body); i++)
		for (st_use *u = st_value_first_use(st_block_arg(pp->body, i)); u; u = st_use_next(u))
			if (strcmp(st_op_name_cstr(st_use_owner(u)), "scf.yield") && when(pp, st_use_owner(u)) < 1)
				return false;
	return true;
}

static bool emit(pipe *pp, st_block *ctl) {
	st__a2c_comp *c = pp->c;
	st_attr *loc = st_op_loc(pp->loop);
	size_t n = st_op_num_results(pp->loop);
	st__a2c_val **init = pp->init;
	for (size_t i = 0; i < n; i++) {
		st_value *r = st_op_result(pp->loop, i);
		if (!(pp->acc[i] = st__a2c_reg(c, "iter", loc, st__a2c_width(st_value_type(r)))))
			return false;
		st__a2c_val *av = st__a2c_val_new(c, st_op_result(pp->acc[i], 4));
		sval *s = info(pp, st_block_arg(pp->body, i + 1));
		if (!av || !(init[i] = st__a2c_lookup(c, st_op_operand(pp->loop, 3 + i))) || !st__a2c_bind(c, r, av))
			return false;
		s->base = av;
	}
	pp->init_inside = n && reads_after_first(pp);
	if (!pp->init_inside && !st__a2c_write_regs(c, ctl, loc, "init", n, pp->acc, init))
		return false;
	int64_t latency = (pp->trip - 1) * pp->ii + pp->depth;
	char gname[64];
	if (!st__a2c_group_begin(c, &pp->g, "calyx.static_group", "pipe", loc, latency, gname) || !counters(pp, latency))
		return false;
	st_type *i64 = st__a2c_int(c, 64);
	st_op_set_attr(pp->g.op, "calyx.ii", st_integer_attr(c->ctx, i64, pp->ii));
	st_op_set_attr(pp->g.op, "calyx.depth", st_integer_attr(c->ctx, i64, pp->depth));
	st_op_set_attr(pp->g.op, "calyx.trip", st_integer_attr(c->ctx, i64, pp->trip));
	for (st_op *op = st_block_first_op(pp->body); op; op = st_op_next(op)) {
		const char *name = st_op_name_cstr(op);
		int t = when(pp, op);
		bool handled, ok;
		if (strcmp(name, "scf.yield") && !rebind(pp, op, t))
			return false;
		if (!strcmp(name, "memref.load") || !strcmp(name, "memref.store"))
			ok = emit_mem(pp, op, name[7] == 'l', t, NULL);
		else if (st__a2c_pred_store(op)) {
			st__a2c_val *p = read_at(pp, st_op_operand(op, 0), t);
			ok = p && rebind(pp, pred_inner(op), t) && emit_mem(pp, pred_inner(op), false, t, p);
		}
		else if (unit_of(op))
			ok = emit_unit(pp, op);
		else if (!strcmp(name, "scf.yield"))
			ok = emit_yield(pp, op);
		else if ((ok = st__a2c_lower_comb(c, op, &handled)))
			info(pp, st_op_result(op, 0))->base = st__a2c_map_get(&c->vals, st_op_result(op, 0));
		if (!ok)
			return false;
	}
	if (pp->ii > c->max_ii)
		c->max_ii = pp->ii;
	return st__a2c_enable(c, ctl, gname, loc);
}

static bool has_ifs(st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op))
		if (!strcmp(st_op_name_cstr(op), "scf.if") && !st__a2c_pred_store(op))
			return true;
	return false;
}

bool st__a2c_pipeline_loop(st__a2c_comp *c, st_op *loop, st_block *ctl, const int64_t *from_step, bool *done) {
	pipe pp;
	memset(&pp, 0, sizeof pp);
	pp.c = c, pp.loop = loop, pp.body = st_region_first_block(st_op_region(loop, 0));
	if (from_step)
		pp.lb = from_step[0], pp.step = from_step[1];
	st__a2c_map_init(&pp.info, c->ctx);
	st__a2c_map_init(&pp.when, c->ctx);
	st__a2c_map_init(&pp.guards, c->ctx);
	st__a2c_map_init(&pp.ivs, c->ctx);
	st__a2c_map_init(&pp.port, c->ctx);
	*done = false;
	bool ok = true;
	/* ifs are converted only in a loop that pipelines with them (plain
	 * code keeps the cycles of the branch not taken) */
	bool elig = eligible(&pp);
	if (elig && has_ifs(pp.body))
		elig = (ok = st__a2c_if_convert(c, pp.body)) && eligible(&pp);
	if (elig) {
		bool grow = true, fits = false;
		while (!fits && grow && pp.ii <= MAX_II) {
			fits = schedule(&pp, &grow);
			if (!fits)
				pp.ii++;
		}
		if (fits && !st_context_out_of_memory(c->ctx))
			ok = *done = emit(&pp, ctl);
	}
	free_svals(&pp);
	st__a2c_map_free(&pp.when);
	st__a2c_map_free(&pp.guards);
	st__a2c_map_free(&pp.ivs);
	st__a2c_map_free(&pp.port);
	return ok && !st_context_out_of_memory(c->ctx);
}
