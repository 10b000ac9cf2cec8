/* The greedy pattern driver behind canonicalize: MLIR 14's
 * GreedyPatternRewriteDriver.  Each sweep seeds a worklist with every op
 * nested in the root (pre-order, popped in order; or post-order), then for
 * each op: erase it if trivially dead, else try its folder (constants are
 * materialised by the folder, fold.c), else the patterns best first.
 * Changes push the ops they affect (users of replaced results, producers of
 * operands that lost a use, created ops) so they are looked at again within
 * the sweep.  Region simplification follows each sweep; sweeps repeat until
 * one changes nothing or the limit is reached, so the limit counts the final
 * sweep that confirms the fixpoint, as MLIR's does. */
#include "rewrite_internal.h"

typedef struct driver {
	st_context *ctx;
	st_op *root;
	const st_pattern_set *set;
	st_greedy_config cfg;
	st_rewriter rw;
	st__folder *folder;
	st__ptrvec wl;    /* ops; NULL where one was removed */
	st__ptrmap index; /* op -> position in wl */
	st__ptrvec operands; /* scratch: an op's operands before folding */
	int64_t nrewrites;
	bool check, deep_check;
	bool failed; /* a pattern broke its contract, or memory ran out */
} driver;

/* -------------------------------------------------------------- worklist */

/* Where an op sits in the worklist: for an op with results, its first
 * result's `aux` scratch holds the position + 1 (checked against the
 * worklist, so a stale or foreign value means "absent"); a hash map only for
 * ops without results.  A million-op sweep then touches no hash table for
 * most ops.  The field is the printer's too: a pattern must not print IR
 * while the driver runs (a position lost that way could leave an op queued
 * twice). */
static bool position(driver *d, st_op *op, size_t *at) {
	if (op->nresults) {
		size_t i = st__result(op, 0)->aux;
		if (i && i <= d->wl.n && d->wl.data[i - 1] == op) {
			*at = i - 1;
			return true;
		}
		return false;
	}
	uintptr_t i;
	if (!st__ptrmap_get(&d->index, op, &i))
		return false;
	*at = i;
	return true;
}

static void add(driver *d, st_op *op) {
	size_t at;
	if (position(d, op, &at))
		return;
	if (op->nresults) {
		st__result(op, 0)->aux = (uint32_t)(d->wl.n + 1);
	} else if (!st__ptrmap_put(&d->index, op, d->wl.n)) {
		d->failed = true;
		return;
	}
	if (!st__ptrvec_push(&d->wl, op))
		d->failed = true;
}

static void forget_position(driver *d, st_op *op) {
	if (op->nresults)
		st__result(op, 0)->aux = 0;
	else
		st__ptrmap_remove(&d->index, op);
}

static st_op *pop(driver *d) {
	st_op *op = d->wl.data[--d->wl.n];
	if (op)
		forget_position(d, op);
	return op;
}

static void remove_op(driver *d, st_op *op) {
	size_t at;
	if (position(d, op, &at)) {
		d->wl.data[at] = NULL;
		forget_position(d, op);
	}
}

/* Producers of values left with at most one use: dead, or maybe foldable
 * into their last user. */
static void add_producers(driver *d, st_value *const *vals, size_t n) {
	for (size_t i = 0; i < n; i++) {
		st_value *v = vals[i];
		st_use *u = v ? st_value_first_use(v) : NULL;
		if (!v || (u && st_use_next(u)))
			continue;
		st_op *def = st_value_defining_op(v);
		if (def)
			add(d, def);
	}
}

static void add_operand_producers(driver *d, st_op *op) {
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		st_value *v = st_op_operand(op, i);
		add_producers(d, &v, 1);
	}
}

static void add_users(driver *d, st_op *op) {
	for (size_t i = 0; i < st_op_num_results(op); i++)
		for (st_use *u = st_value_first_use(st_op_result(op, i)); u; u = st_use_next(u))
			add(d, st_use_owner(u));
}

static st_walk_result forget(st_op *op, void *ud) {
	driver *d = ud;
	remove_op(d, op);
	st__folder_notify_removal(d->folder, op);
	return ST_WALK_ADVANCE;
}

/* ------------------------------------------------------------- listener */

static void on_inserted(void *ud, st_op *op) { add(ud, op); }

static void on_erasing(void *ud, st_op *op) {
	driver *d = ud;
	add_operand_producers(d, op);
	if (op->nregions)
		st_walk(op, ST_WALK_PRE, forget, d);
	else
		forget(op, d);
}

static void on_replacing(void *ud, st_op *op, st_value *const *with) {
	(void)with;
	add_users(ud, op);
}

static st_walk_result forget_constant(st_op *op, void *ud) {
	st__folder_notify_removal(ud, op);
	return ST_WALK_ADVANCE;
}

/* Region simplification between sweeps needs the folder told of erased
 * constants, not the worklist (empty then, and rebuilt by the next sweep):
 * its liveness marks share the scratch field the worklist positions use. */
static void on_simplify_erasing(void *ud, st_op *op) {
	driver *d = ud;
	if (op->nregions)
		st_walk(op, ST_WALK_PRE, forget_constant, d->folder);
	else
		st__folder_notify_removal(d->folder, op);
}

static void on_generated(void *ud, st_op *c) { add(ud, c); }

static void on_pre_replace(void *ud, st_op *op) {
	driver *d = ud;
	add_producers(d, (st_value *const *)d->operands.data, d->operands.n);
	add_users(d, op);
	on_erasing(d, op);
}

/* ---------------------------------------------------------- the contract */

static uint64_t mix(uint64_t h, const void *p) {
	h ^= (uint64_t)(uintptr_t)p + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

/* A structural fingerprint: the op's name, attributes, location, operands,
 * result types, successors and place; `deep` adds everything nested. */
static uint64_t fingerprint_op(st_op *op, bool deep, uint64_t h) {
	h = mix(h, op->name);
	h = mix(h, op->attrs);
	h = mix(h, op->rawloc);
	h = mix(h, op->block);
	h = mix(h, op->next);
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		h = mix(h, st_op_operand(op, i));
	for (size_t i = 0; i < st_op_num_results(op); i++)
		h = mix(h, st_value_type(st_op_result(op, i)));
	for (size_t i = 0; i < st_op_num_successors(op); i++)
		h = mix(h, st_op_successor(op, i));
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b)) {
			h = mix(h, b);
			if (!deep)
				continue;
			for (size_t i = 0; i < st_block_num_args(b); i++)
				h = mix(h, st_value_type(st_block_arg(b, i)));
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				h = fingerprint_op(o, true, h);
		}
	return h;
}

static uint64_t fingerprint(driver *d, st_op *op) {
	return d->deep_check ? fingerprint_op(d->root, true, 0) : fingerprint_op(op, false, 0);
}

/* --------------------------------------------------------------- patterns */

static bool apply_patterns(driver *d, st_op *op) {
	size_t n;
	const st_pattern *const *pats = st_pattern_set_lookup(d->set, op, &n);
	if (!pats && n == 0 && st_context_out_of_memory(d->ctx))
		d->failed = true;
	uint64_t fp = 0;
	bool have_fp = false;
	for (size_t i = 0; i < n; i++) {
		const st_pattern *p = pats[i];
		if (!p->rewrite)
			continue;
		st_rewriter_set_insertion_before(&d->rw, op);
		uint64_t before = d->rw.nchanges;
		if (d->check && !have_fp) {
			fp = fingerprint(d, op);
			have_fp = true;
		}
		bool ok = p->rewrite(p, op, &d->rw);
		if (d->check) {
			/* Only look at `op` again when the rewriter saw no change: a
			 * successful pattern may have erased it. */
			bool changed = d->rw.nchanges != before || fingerprint(d, op) != fp;
			if (ok != changed) {
				st_op_error(op, "pattern '%s' returned %s but %s the IR", p->name ? p->name : "(unnamed)",
				            ok ? "success" : "failure", ok ? "did not change" : "changed");
				d->failed = true;
				return false;
			}
		}
		if (ok) {
			d->nrewrites++;
			return true;
		}
	}
	return false;
}

/* ------------------------------------------------------------------ sweeps */

static st_walk_result seed_pre(st_op *op, void *ud) {
	driver *d = ud;
	if (!st__ptrvec_push(&d->wl, op))
		d->failed = true;
	return ST_WALK_ADVANCE;
}

/* Pre-order seeding pushes without positions (they change when the list is
 * reversed); this sets them. */
static void index_all(driver *d) {
	for (size_t i = 0; i < d->wl.n; i++) {
		st_op *op = d->wl.data[i];
		if (op->nresults)
			st__result(op, 0)->aux = (uint32_t)(i + 1);
		else if (!st__ptrmap_put(&d->index, op, i))
			d->failed = true;
	}
}

static st_walk_result seed_post(st_op *op, void *ud) {
	add(ud, op);
	return ST_WALK_ADVANCE;
}

static void seed(driver *d) {
	d->wl.n = 0;
	st__ptrmap_clear(&d->index);
	for (size_t r = 0; r < st_op_num_regions(d->root); r++)
		for (st_block *b = st_region_first_block(st_op_region(d->root, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				st_walk(o, d->cfg.bottom_up ? ST_WALK_POST : ST_WALK_PRE, d->cfg.bottom_up ? seed_post : seed_pre, d);
	if (d->cfg.bottom_up)
		return;
	/* Popped from the back: reverse so the first op comes first. */
	for (size_t i = 0, j = d->wl.n; i + 1 < j; i++, j--) {
		void *t = d->wl.data[i];
		d->wl.data[i] = d->wl.data[j - 1];
		d->wl.data[j - 1] = t;
	}
	index_all(d);
}

/* One sweep; true when anything changed. */
static bool sweep(driver *d) {
	bool changed = false;
	st__fold_hooks hooks = {.ud = d, .generated = on_generated, .pre_replace = on_pre_replace};
	seed(d);
	while (d->wl.n && !d->failed) {
		st_op *op = pop(d);
		if (!op)
			continue;
		if (st_op_is_trivially_dead(op)) {
			st_rewriter_erase_op(&d->rw, op);
			changed = true;
			continue;
		}
		if (!d->cfg.no_fold) {
			d->operands.n = 0;
			for (size_t i = 0; i < st_op_num_operands(op); i++)
				if (!st__ptrvec_push(&d->operands, st_op_operand(op, i)))
					d->failed = true;
			bool in_place;
			if (st__folder_try_fold(d->folder, op, &hooks, &in_place)) {
				changed = true;
				if (!in_place)
					continue;
			}
		}
		if (d->cfg.max_rewrites > 0 && d->nrewrites >= d->cfg.max_rewrites)
			break;
		changed |= apply_patterns(d, op);
	}
	if (!d->cfg.no_region_simplify && !d->failed) {
		st_rewriter_listener l = {.ud = d, .erasing = on_simplify_erasing};
		st_rewriter srw;
		st__rewriter_init(&srw, d->ctx, &l);
		changed |= st__simplify_regions(&srw, d->root);
		d->rw.nchanges += srw.nchanges;
	}
	return changed;
}

st_status st_apply_patterns_greedily(st_op *op, const st_pattern_set *set, const st_greedy_config *cfg,
                                     bool *changed_out) {
	st_context *ctx = st_op_context(op);
	driver d = {.ctx = ctx, .root = op, .set = set};
	if (cfg)
		d.cfg = *cfg;
	if (d.cfg.max_iterations <= 0)
		d.cfg.max_iterations = 10;
#ifndef NDEBUG
	d.check = true;
#endif
	if (d.cfg.check_patterns)
		d.check = d.deep_check = true;
	st_rewriter_listener l = {.ud = &d, .inserted = on_inserted, .erasing = on_erasing, .replacing = on_replacing};
	st__rewriter_init(&d.rw, ctx, &l);
	d.folder = st__folder_create(ctx);
	st__ptrvec_init(&d.wl, ctx);
	st__ptrvec_init(&d.operands, ctx);
	st__ptrmap_init(&d.index, ctx);
	bool any = false, changed = true;
	int iterations = 0;
	bool limited = false;
	if (!d.folder)
		d.failed = true;
	while (!d.failed && changed) {
		changed = sweep(&d);
		any |= changed;
		if (d.cfg.max_rewrites > 0 && d.nrewrites >= d.cfg.max_rewrites && changed) {
			limited = true;
			break;
		}
		if (changed && ++iterations >= d.cfg.max_iterations)
			break;
	}
	st__folder_destroy(d.folder);
	st__ptrvec_free(&d.wl);
	st__ptrvec_free(&d.operands);
	st__ptrmap_free(&d.index);
	if (changed_out)
		*changed_out = any;
	if (d.failed)
		return ST_FAIL;
	if (!changed)
		return ST_OK;
	if (!d.cfg.no_warning) {
		if (limited)
			st_diag_emit(st_op_diag(op, ST_SEV_WARNING,
			                        "greedy pattern rewriting stopped after max-num-rewrites=%lld rewrites",
			                        (long long)d.cfg.max_rewrites));
		else
			st_diag_emit(st_op_diag(op, ST_SEV_WARNING,
			                        "greedy pattern rewriting did not converge after max-iterations=%d",
			                        d.cfg.max_iterations));
	}
	return ST_FAIL;
}
