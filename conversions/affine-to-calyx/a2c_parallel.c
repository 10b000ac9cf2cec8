/* affine.parallel as calyx.par with memory banking (docs/calyx-lowering.md).
 *
 * A parallel loop of trip count N runs as F threads (F a power of two, at
 * most the option `parallel`): thread r takes the iterations lb + r,
 * lb + r + F, ...  Calyx memories have one port, so a memory the threads
 * share is split cyclically into F banks along the dimension the loop
 * variable indexes (bank k holds the indices that are k modulo F), as
 * CIRCT's affine-parallel-unroll and memory banking do: every access of
 * the body must index that dimension with the loop variable plus a
 * constant, the same constant for all accesses of one memory, so that
 * thread r always reaches the same bank and no two threads reach one bank.
 * Outside the threads an access picks its bank at run time.
 * lower-affine drops attributes it does not know, so the affine.parallel
 * ops are found again through a marker location. */
#include "a2c.h"

/* ------------------------------------------------------------- markers */

typedef struct mark_walk {
	st__a2c_par_marks *pm;
	bool ok;
} mark_walk;

static st_walk_result mark_one(st_op *op, void *ud) {
	mark_walk *w = ud;
	st__a2c_par_marks *pm = w->pm;
	if (strcmp(st_op_name_cstr(op), "affine.parallel") || st_op_num_results(op))
		return ST_WALK_ADVANCE;
	st_attr *orig = st_op_loc(op);
	st_attr *marker = st_loc_name(pm->ctx, st_str_c("calyx.parallel"), orig);
	if (!marker || !st_ctx_grow(pm->ctx, (void **)&pm->pairs, &pm->cap, NULL, sizeof *pm->pairs, pm->n + 1)) {
		w->ok = false;
		return ST_WALK_INTERRUPT;
	}
	pm->pairs[pm->n].marker = marker, pm->pairs[pm->n++].orig = orig;
	st_op_set_loc(op, marker);
	return ST_WALK_ADVANCE;
}

bool st__a2c_par_mark(st_op *module, st__a2c_par_marks *pm) {
	mark_walk w = {pm, true};
	st_walk(module, ST_WALK_PRE, mark_one, &w);
	return w.ok;
}

static st_attr *orig_of(st__a2c_par_marks *pm, st_attr *loc) {
	for (size_t i = 0; i < pm->n; i++)
		if (pm->pairs[i].marker == loc)
			return pm->pairs[i].orig;
	return NULL;
}

/* lower-affine makes a band of several dimensions a loop nest, the inner
 * loop directly in the outer's body: only the innermost runs as threads. */
static st_walk_result tag_loop(st_op *op, void *ud) {
	st__a2c_par_marks *pm = ud;
	if (strcmp(st_op_name_cstr(op), "scf.for") || !orig_of(pm, st_op_loc(op)))
		return ST_WALK_ADVANCE;
	st_op_set_attr(op, "calyx.parallel", st_unit_attr(pm->ctx));
	st_op *parent = st_op_parent_op(op);
	if (parent && st_op_loc(parent) == st_op_loc(op))
		st_op_remove_attr(parent, "calyx.parallel");
	return ST_WALK_ADVANCE;
}

static st_walk_result restore_loc(st_op *op, void *ud) {
	st_attr *orig = orig_of(ud, st_op_loc(op));
	if (orig)
		st_op_set_loc(op, orig);
	return ST_WALK_ADVANCE;
}

void st__a2c_par_unmark(st_op *module, st__a2c_par_marks *pm) {
	if (pm->n) {
		st_walk(module, ST_WALK_PRE, tag_loop, pm);
		st_walk(module, ST_WALK_PRE, restore_loc, pm);
	}
	if (pm->cap)
		st_ctx_free(pm->ctx, pm->pairs, pm->cap * sizeof *pm->pairs);
	pm->pairs = NULL;
	pm->n = pm->cap = 0;
}

/* ---------------------------------------------------------------- plan */

static bool const_of(st_value *v, int64_t *out) {
	st_op *d = st_value_defining_op(v);
	if (!d || strcmp(st_op_name_cstr(d), "arith.constant"))
		return false;
	*out = st_attr_int_value(st_op_get_attr(d, "value"));
	return true;
}

/* Whether `v` is `iv + off` for a constant off (lower-affine expands
 * `d0 + 2` into arith.addi / subi with constants). */
static bool iv_plus(st_value *iv, st_value *v, int64_t *off, int depth) {
	if (v == iv) {
		*off = 0;
		return true;
	}
	st_op *d = st_value_defining_op(v);
	if (!d || depth > 8)
		return false;
	const char *n = st_op_name_cstr(d);
	bool add = !strcmp(n, "arith.addi"), sub = !strcmp(n, "arith.subi");
	int64_t k, rest;
	if (!add && !sub)
		return false;
	if (const_of(st_op_operand(d, 1), &k) && iv_plus(iv, st_op_operand(d, 0), &rest, depth + 1)) {
		*off = add ? rest + k : rest - k;
		return true;
	}
	if (add && const_of(st_op_operand(d, 0), &k) && iv_plus(iv, st_op_operand(d, 1), &rest, depth + 1)) {
		*off = rest + k;
		return true;
	}
	return false;
}

static int64_t mod(int64_t a, int64_t m) { return ((a % m) + m) % m; }

/* The accesses of one parallel loop to one shared memory. */
typedef struct shared {
	st_value *mem;
	unsigned dim;
	int64_t off;
	st_op *first;
} shared;

#define MAX_SHARED 32

typedef struct plan {
	st__a2c_comp *c;
	st_op *loop;
	st_value *iv;
	unsigned threads;
	shared mems[MAX_SHARED];
	size_t n;
	bool ok;
} plan;

static bool fail(plan *p, st_op *op, const char *fmt, const char *what) {
	st_diag *d = st_op_diag(op, ST_SEV_ERROR, fmt, what);
	st_diag_note(d, st_op_loc(p->loop), "the affine.parallel, run as %u threads (option parallel; 1 runs it "
	                                    "sequentially)", p->threads);
	st_diag_emit(d);
	p->ok = false;
	return false;
}

static bool defined_inside(st_op *loop, st_value *v) {
	st_op *d = st_value_defining_op(v);
	st_op *owner = d ? d : st_block_parent_op(st_value_owner_block(v));
	return owner && st_op_is_ancestor(loop, owner);
}

static bool plan_access(plan *p, st_op *op, size_t mem_operand) {
	st_value *mv = st_op_operand(op, mem_operand);
	if (defined_inside(p->loop, mv))
		return true; /* each thread allocates its own */
	size_t rank = st_type_rank(st_value_type(mv));
	unsigned dim = 0;
	int64_t off = 0;
	while (dim < rank && !iv_plus(p->iv, st_op_operand(op, mem_operand + 1 + dim), &off, 0))
		dim++;
	if (dim == rank)
		return fail(p, op, "lower-to-calyx: the threads of an affine.parallel share this memory, and no index "
		                   "of this access is the loop variable plus a constant, so its banks cannot be divided "
		                   "among the threads%s", "");
	size_t i = 0;
	while (i < p->n && p->mems[i].mem != mv)
		i++;
	if (i == p->n) {
		if (p->n == MAX_SHARED)
			return fail(p, op, "lower-to-calyx: an affine.parallel shares more than %s memories", "32");
		p->mems[p->n++] = (shared){mv, dim, off, op};
	} else if (p->mems[i].dim != dim || mod(p->mems[i].off, p->threads) != mod(off, p->threads)) {
		st_diag *d = st_op_diag(op, ST_SEV_ERROR,
		                        "lower-to-calyx: the accesses of an affine.parallel to this memory reach different "
		                        "banks in one thread (their indices differ by other than a multiple of %u), so two "
		                        "threads would share a bank",
		                        p->threads);
		st_diag_note(d, st_op_loc(p->mems[i].first), "the other access");
		st_diag_note(d, st_op_loc(p->loop), "the affine.parallel");
		st_diag_emit(d);
		p->ok = false;
		return false;
	}
	return true;
}

static st_walk_result plan_op(st_op *op, void *ud) {
	plan *p = ud;
	const char *n = st_op_name_cstr(op);
	if (op != p->loop && !strcmp(n, "scf.for"))
		st_op_remove_attr(op, "calyx.parallel"); /* nested: runs inside a thread */
	bool ok = true;
	if (!strcmp(n, "memref.load"))
		ok = plan_access(p, op, 0);
	else if (!strcmp(n, "memref.store"))
		ok = plan_access(p, op, 1);
	else if (!strcmp(n, "func.call"))
		for (size_t i = 0; ok && i < st_op_num_operands(op); i++)
			if (st_type_get_kind(st_value_type(st_op_operand(op, i))) == ST_TYPE_MEMREF &&
			    !defined_inside(p->loop, st_op_operand(op, i)))
				ok = fail(p, op, "lower-to-calyx: a call in an affine.parallel cannot take a memory the "
				                 "threads share%s", "");
	return ok ? ST_WALK_ADVANCE : ST_WALK_INTERRUPT;
}

/* The banking of every shared memory: one thread count and dimension per
 * memory in the whole function, and the dimension divisible by it. */
static bool record(plan *p) {
	st__a2c_comp *c = p->c;
	for (size_t i = 0; i < p->n; i++) {
		shared *s = &p->mems[i];
		uintptr_t want = ((uintptr_t)p->threads << 8 | s->dim) + 1;
		uintptr_t have = (uintptr_t)st__a2c_map_get(&c->banks, s->mem);
		int64_t size = st_type_dim(st_value_type(s->mem), s->dim);
		char what[64];
		if (have && have != want) {
			snprintf(what, sizeof what, "%u banks of dimension %u", p->threads, s->dim);
			return fail(p, s->first, "lower-to-calyx: another affine.parallel already split this memory "
			                         "differently than into %s", what);
		}
		if (size % p->threads) {
			snprintf(what, sizeof what, "%lld into %u", (long long)size, p->threads);
			return fail(p, s->first, "lower-to-calyx: the banked dimension of this memory does not divide "
			                         "evenly (%s banks)", what);
		}
		if (!st__a2c_map_put(&c->banks, s->mem, (void *)want))
			return false;
	}
	return true;
}

typedef struct plan_walk {
	st__a2c_comp *c;
	int64_t threads;
	bool ok;
} plan_walk;

static st_walk_result plan_loop(st_op *op, void *ud) {
	plan_walk *w = ud;
	if (strcmp(st_op_name_cstr(op), "scf.for") || !st_op_get_attr(op, "calyx.parallel"))
		return ST_WALK_ADVANCE;
	int64_t lb, ub, step;
	if (!const_of(st_op_operand(op, 0), &lb) || !const_of(st_op_operand(op, 1), &ub) ||
	    !const_of(st_op_operand(op, 2), &step) || step != 1) {
		st_op_error(op, "lower-to-calyx: an affine.parallel runs as threads only with constant bounds and step 1 "
		                "(option parallel=1 runs it sequentially)");
		w->ok = false;
		return ST_WALK_INTERRUPT;
	}
	unsigned f = 1;
	while (2 * f <= A2C_MAX_BANKS && 2 * f <= w->threads && 2 * (int64_t)f <= ub - lb)
		f *= 2;
	if (f == 1) {
		st_op_remove_attr(op, "calyx.parallel");
		return ST_WALK_ADVANCE;
	}
	st_op_set_attr(op, "calyx.parallel", st_integer_attr(w->c->ctx, st__a2c_int(w->c, 64), f));
	plan p = {.c = w->c, .loop = op, .iv = st_block_arg(st_region_first_block(st_op_region(op, 0)), 0),
	          .threads = f, .ok = true};
	st_walk(op, ST_WALK_PRE, plan_op, &p);
	if (!p.ok || !record(&p)) {
		w->ok = false;
		return ST_WALK_INTERRUPT;
	}
	/* Nested loops were unmarked by plan_op: none left to visit. */
	return ST_WALK_SKIP;
}

bool st__a2c_par_plan(st__a2c_comp *c, int64_t threads) {
	plan_walk w = {c, threads, true};
	st_walk(c->func, ST_WALK_PRE, plan_loop, &w);
	return w.ok;
}

/* ------------------------------------------------------------- lowering */

st__a2c_mem *st__a2c_access_mem(st__a2c_comp *c, st_op *op, bool load) {
	return st__a2c_mem_of(c, st_op_operand(op, load ? 0 : 1), op) ? st__a2c_static_mem(c, op, load) : NULL;
}

st__a2c_mem *st__a2c_static_mem(st__a2c_comp *c, st_op *op, bool load) {
	size_t mo = load ? 0 : 1;
	st__a2c_mem *m = st__a2c_map_get(&c->mems, st_op_operand(op, mo));
	if (!m || !m->nbanks)
		return m;
	int64_t off;
	if (c->par_iv && c->par_threads == m->nbanks &&
	    iv_plus(c->par_iv, st_op_operand(op, mo + 1 + m->bank_dim), &off, 0))
		return m->bank[mod((int64_t)c->par_res + off, m->nbanks)];
	return m; /* outside the threads: the bank is chosen at run time */
}

/* `v` == k for a constant k, as a 1-bit value (the bank-select guards). */
static st__a2c_val *equals(st__a2c_comp *c, st_attr *loc, st__a2c_val *v, unsigned width, unsigned k) {
	st__a2c_val *in[] = {v, st__a2c_val_new(c, st__a2c_const(c, width, k))};
	unsigned ws[] = {width, width};
	return in[1] ? st__a2c_comb(c, "std_eq", loc, 2, in, ws, 1) : NULL;
}

/* a | b, driven continuously: a group's done must not depend on inputs
 * the group itself drives (its go depends on its done). */
static st_value *any_done(st__a2c_comp *c, st_attr *loc, st_value *a, st_value *b) {
	if (!a)
		return b;
	st_type *i1 = st__a2c_int(c, 1), *types[] = {i1, i1, i1};
	st_op *or = st__a2c_cell(c, "std_or", "or", loc, 3, types, NULL, NULL);
	return or && st__a2c_assign(c, c->wires_body, st_op_result(or, 0), a, NULL) &&
	               st__a2c_assign(c, c->wires_body, st_op_result(or, 1), b, NULL)
	           ? st_op_result(or, 2)
	           : NULL;
}

/* An access outside the threads to a banked memory (only one group runs
 * then, so every bank may be driven): the address goes to all banks, the
 * low bits of the banked index select the bank whose data is taken (load)
 * or whose write_en is raised (store); a store is done on any bank's done,
 * a load a cycle after the request for seq memories (every bank is read). */
bool st__a2c_bank_access(st__a2c_comp *c, st_op *op, st__a2c_mem *m, bool load, st_block *ctl) {
	st_attr *loc = st_op_loc(op);
	size_t first = load ? 1 : 2;
	unsigned shift = m->bank[0]->shift;
	char gname[64];
	st__a2c_group g;
	st_op *r = load ? st__a2c_reg(c, "load", loc, m->width) : NULL;
	st__a2c_val *idx = st__a2c_lookup(c, st_op_operand(op, first + m->bank_dim));
	unsigned iw = A2C_INDEX_WIDTH;
	st__a2c_val *sel = idx ? st__a2c_resize(c, loc, idx, iw, shift, false) : NULL;
	st__a2c_val *data = load ? NULL : st__a2c_lookup(c, st_op_operand(op, 0));
	if (!sel || (load ? !r : !data) || !st__a2c_group_begin(c, &g, "calyx.group", load ? "ld" : "st", loc, 0, gname))
		return false;
	st_value *done = NULL;
	for (unsigned k = 0; k < m->nbanks; k++) {
		st__a2c_mem *b = m->bank[k];
		st__a2c_val *is_k = equals(c, loc, sel, shift, k);
		st_value *guard = is_k ? st__a2c_read(c, &g, is_k) : NULL;
		if (!guard || !st__a2c_drive_addr(c, &g, b, op, first, NULL))
			return false;
		if (load) {
			if ((b->seq && !st__a2c_assign(c, g.body, st__a2c_mem_port(b, "content_en", 0), st__a2c_true(c), NULL)) ||
			    !st__a2c_assign(c, g.body, st_op_result(r, 0), st__a2c_mem_port(b, "read_data", 0), guard))
				return false;
			continue;
		}
		st_value *p = st__a2c_read(c, &g, data);
		if (!p || !st__a2c_assign(c, g.body, st__a2c_mem_port(b, "write_data", 0), p, NULL) ||
		    !st__a2c_assign(c, g.body, st__a2c_mem_port(b, "write_en", 0), st__a2c_true(c), guard) ||
		    !(done = any_done(c, loc, done, st__a2c_mem_port(b, "done", 0))))
			return false;
	}
	if (load) {
		st_value *en = m->seq ? st__a2c_mem_port(m->bank[0], "done", 0) : st__a2c_true(c);
		return st__a2c_assign(c, g.body, st_op_result(r, 1), en, NULL) && st__a2c_group_done(c, &g, st_op_result(r, 5)) &&
		       st__a2c_enable(c, ctl, gname, loc) &&
		       st__a2c_bind(c, st_op_result(op, 0), st__a2c_val_new(c, st_op_result(r, 4)));
	}
	return st__a2c_group_done(c, &g, done) && st__a2c_enable(c, ctl, gname, loc);
}

bool st__a2c_par_lower(st__a2c_comp *c, st_op *loop, st_block *ctl) {
	st_attr *loc = st_op_loc(loop);
	unsigned f = (unsigned)st_attr_int_value(st_op_get_attr(loop, "calyx.parallel"));
	int64_t lb = 0;
	const_of(st_op_operand(loop, 0), &lb);
	st_op *par = st__a2c_ctl(c, ctl, "calyx.par", loc, 0, NULL, NULL, 1);
	if (!par)
		return false;
	st_value *saved_iv = c->par_iv;
	unsigned saved_res = c->par_res, saved_threads = c->par_threads;
	bool ok = true;
	c->par_iv = st_block_arg(st_region_first_block(st_op_region(loop, 0)), 0);
	c->par_threads = f;
	for (unsigned r = 0; ok && r < f; r++) {
		st_op *seq = st__a2c_ctl(c, st__a2c_region_block(c, par, 0), "calyx.seq", loc, 0, NULL, NULL, 1);
		c->par_res = (unsigned)mod(lb + r, f);
		/* A thread's loop pipelines like any innermost loop (its banks
		 * are known), from lb + r by steps of f. */
		bool done = false;
		int64_t from_step[] = {lb + r, f};
		st_block *tb = seq ? st__a2c_region_block(c, seq, 0) : NULL;
		ok = tb && (!c->pipeline || st__a2c_pipeline_loop(c, loop, tb, from_step, &done));
		if (ok && !done) {
			st__a2c_val *from = st__a2c_val_new(c, st__a2c_const(c, A2C_INDEX_WIDTH, lb + r));
			st__a2c_val *step = st__a2c_val_new(c, st__a2c_const(c, A2C_INDEX_WIDTH, f));
			ok = from && step && st__a2c_plain_loop(c, loop, tb, from, step);
		}
	}
	c->par_iv = saved_iv, c->par_res = saved_res, c->par_threads = saved_threads;
	return ok;
}
