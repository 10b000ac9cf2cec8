/* MLIR 14's simplifyRegions (RegionUtils.cpp), which canonicalize runs
 * after every sweep: erase blocks unreachable from their region's entry,
 * delete dead ops and dead block arguments with an optimistic liveness
 * fixpoint (so dead cycles through block arguments go too), and merge
 * blocks that do the same thing, turning the operands in which they differ
 * into new block arguments.  Canonicalize output is compared with
 * mlir-opt-14's, so the orders of traversal are MLIR's. */
#include "passes_internal.h"
#include "rewrite_internal.h"

/* Successors of a block: those of its terminator. */
static st_op *block_term(const st_block *b) {
	st_op *t = st_block_last_op(b);
	return t && (st_op_has_trait(t, ST_TRAIT_TERMINATOR) || !st_op_is_registered(t)) ? t : NULL;
}

static size_t num_succs(const st_block *b) {
	st_op *t = block_term(b);
	return t ? st_op_num_successors(t) : 0;
}

static st_block *succ(const st_block *b, size_t i) { return st_op_successor(block_term(b), i); }

/* Blocks reachable from `entry` in post-order (llvm::post_order), and the
 * reachable set. */
typedef struct frame {
	st_block *b;
	size_t next;
} frame;

static bool post_order(st_context *ctx, st_block *entry, st__ptrvec *out, st__ptrmap *seen) {
	frame *stack = NULL;
	size_t n = 0, cap = 0;
	bool ok = st__ptrmap_put(seen, entry, 1) &&
	          st_ctx_grow(ctx, (void **)&stack, &cap, NULL, sizeof *stack, 1);
	if (ok)
		stack[n++] = (frame){entry, 0};
	while (ok && n) {
		frame *f = &stack[n - 1];
		if (f->next < num_succs(f->b)) {
			st_block *s = succ(f->b, f->next++);
			if (!s || st__ptrmap_has(seen, s))
				continue;
			ok = st__ptrmap_put(seen, s, 1) && st_ctx_grow(ctx, (void **)&stack, &cap, NULL, sizeof *stack, n + 1);
			if (ok)
				stack[n++] = (frame){s, 0};
			continue;
		}
		ok = st__ptrvec_push(out, f->b);
		n--;
	}
	st_ctx_free(ctx, stack, cap * sizeof *stack);
	return ok;
}

/* Sets every use of the values `b` defines (and of `b` as a successor) to
 * NULL: MLIR's dropAllDefinedValueUses. */
static void drop_value_uses(st_value *v) {
	while (st_value_first_use(v)) {
		st_use *u = st_value_first_use(v);
		st_op_set_operand(st_use_owner(u), st_use_operand_index(u), NULL);
	}
}

static st_walk_result drop_results(st_op *op, void *ud) {
	(void)ud;
	for (size_t i = 0; i < st_op_num_results(op); i++)
		drop_value_uses(st_op_result(op, i));
	return ST_WALK_ADVANCE;
}

static void drop_defined_uses(st_block *b) {
	for (size_t i = 0; i < st_block_num_args(b); i++)
		drop_value_uses(st_block_arg(b, i));
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		st_walk(o, ST_WALK_PRE, drop_results, NULL);
	while (st_block_first_pred_use(b)) {
		st_use *u = st_block_first_pred_use(b);
		st_op_set_successor(st_use_owner(u), st_use_operand_index(u), NULL);
	}
}

/* ------------------------------------------------------------- the scan */

/* What the three simplifications share: one walk finds every region with
 * several blocks (only those can have unreachable or mergeable blocks) and
 * clears the scratch field DCE keeps liveness in; regions that go with an
 * erased op or block are remembered as gone. */
typedef struct scan {
	st_context *ctx;
	st__ptrvec multi; /* regions with several blocks, pre-order */
	st__ptrmap gone;
	bool oom;
} scan;

static st_walk_result scan_op(st_op *op, void *ud) {
	scan *s = ud;
	for (uint32_t i = 0; i < op->nresults; i++)
		st__result(op, i)->aux = 0;
	for (uint32_t r = 0; r < op->nregions; r++) {
		st_region *reg = &st__regions(op)[r];
		for (st_block *b = reg->first; b; b = b->next)
			for (uint32_t i = 0; i < b->nargs; i++)
				b->args[i]->v.aux = 0;
		if (reg->first && reg->first->next && !st__ptrvec_push(&s->multi, reg))
			s->oom = true;
	}
	return ST_WALK_ADVANCE;
}

static st_walk_result note_gone(st_op *op, void *ud) {
	scan *s = ud;
	for (uint32_t r = 0; r < op->nregions; r++)
		if (!st__ptrmap_put(&s->gone, &st__regions(op)[r], 1))
			s->oom = true;
	return ST_WALK_ADVANCE;
}

static bool is_gone(scan *s, st_region *r) { return st__ptrmap_has(&s->gone, r); }

/* ------------------------------------------------------ unreachable blocks */

static bool erase_unreachable_blocks(st_rewriter *rw, scan *s) {
	st__ptrvec order;
	st__ptrmap reach;
	st__ptrvec_init(&order, s->ctx);
	st__ptrmap_init(&reach, s->ctx);
	bool erased = false;
	/* Pre-order: a region inside a block found unreachable is gone before
	 * its turn comes. */
	for (size_t i = 0; i < s->multi.n && !s->oom; i++) {
		st_region *r = s->multi.data[i];
		if (is_gone(s, r))
			continue;
		st_block *entry = st_region_first_block(r);
		st__ptrmap_clear(&reach);
		order.n = 0;
		if (!post_order(s->ctx, entry, &order, &reach)) {
			s->oom = true;
			break;
		}
		for (st_block *b = entry, *next; b; b = next) {
			next = st_block_next(b);
			if (st__ptrmap_has(&reach, b))
				continue;
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				st_walk(o, ST_WALK_PRE, note_gone, s);
			drop_defined_uses(b);
			st_rewriter_erase_block(rw, b);
			erased = true;
		}
	}
	st__ptrvec_free(&order);
	st__ptrmap_free(&reach);
	return erased;
}

/* --------------------------------------------------------------- region DCE */

/* Liveness lives in the values' `aux` scratch (cleared first): an op with
 * results is live when its first result is marked; an op without results
 * is live when it is a terminator or has effects (nothing else can make it
 * live). */
typedef struct live {
	st_context *ctx;
	scan *scan;
	bool changed, oom;
	/* A region where one backward pass may not reach the fixpoint: several
	 * blocks (loops), or no SSA dominance (uses before definitions). */
	bool cyclic;
} live;

static bool op_live(live *l, const st_op *op) {
	(void)l;
	if (op->nresults)
		return st__result(op, 0)->aux != 0;
	return st_op_has_trait(op, ST_TRAIT_TERMINATOR) || !st_op_would_be_trivially_dead(op);
}

static bool value_live(live *l, const st_value *v) {
	(void)l;
	st_op *d = st_value_defining_op(v);
	return (d ? st__result(d, 0) : v)->aux != 0;
}

static void mark_value(live *l, st_value *v) {
	st_op *d = st_value_defining_op(v);
	st_value *m = d ? st__result(d, 0) : v;
	if (!m->aux) {
		m->aux = 1;
		l->changed = true;
	}
}

static void mark(live *l, st_op *op) {
	if (op->nresults)
		mark_value(l, st__result(op, 0));
}

/* A successor operand is really an operand of the successor's block
 * argument (a phi): it is live only when that argument is. */
static bool use_known_dead(live *l, st_use *u) {
	st_op *owner = st_use_owner(u);
	if (!st_op_has_trait(owner, ST_TRAIT_TERMINATOR))
		return false;
	st_value *arg = st__branch_successor_arg(owner, st_use_operand_index(u));
	return arg && !value_live(l, arg);
}

static void process_value(live *l, st_value *v) {
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u))
		if (!use_known_dead(l, u) && op_live(l, st_use_owner(u))) {
			mark_value(l, v);
			return;
		}
}

static void propagate_region(live *l, st_region *r);

static void propagate_op(live *l, st_op *op) {
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		propagate_region(l, st_op_region(op, r));
	if (st_op_has_trait(op, ST_TRAIT_TERMINATOR)) {
		mark(l, op);
		/* Without the branch interface nothing is known of the successor
		 * operands: every successor argument is live. */
		if (!st_op_interface(op, ST_IFACE_BRANCH))
			for (size_t s = 0; s < st_op_num_successors(op); s++) {
				st_block *b = st_op_successor(op, s);
				for (size_t i = 0; b && i < st_block_num_args(b); i++)
					mark_value(l, st_block_arg(b, i));
			}
		return;
	}
	if (op_live(l, op))
		return;
	if (!st_op_would_be_trivially_dead(op)) {
		mark(l, op);
		return;
	}
	for (size_t i = 0; i < st_op_num_results(op); i++)
		process_value(l, st_op_result(op, i));
}

/* The blocks of `r` its entry reaches, in post-order. */
static void blocks_post_order(live *l, st_region *r, st__ptrvec *order) {
	st__ptrmap seen;
	st__ptrvec_init(order, l->ctx);
	st__ptrmap_init(&seen, l->ctx);
	if (!post_order(l->ctx, st_region_first_block(r), order, &seen))
		l->oom = true;
	st__ptrmap_free(&seen);
}

static void propagate_region(live *l, st_region *r) {
	st_block *entry = st_region_first_block(r);
	if (!entry)
		return;
	if (st_block_next(entry) || !st__region_has_ssa_dominance(r))
		l->cyclic = true;
	st__ptrvec order;
	blocks_post_order(l, r, &order);
	for (size_t i = 0; i < order.n; i++) {
		st_block *b = order.data[i];
		for (st_op *o = st_block_last_op(b); o; o = st_op_prev(o))
			propagate_op(l, o);
		if (b == entry)
			continue;
		for (size_t a = 0; a < st_block_num_args(b); a++)
			if (!value_live(l, st_block_arg(b, a)))
				process_value(l, st_block_arg(b, a));
	}
	st__ptrvec_free(&order);
}

static void erase_dead_successor_operands(live *l, st_rewriter *rw, st_op *term) {
	if (!term || !st_op_interface(term, ST_IFACE_BRANCH))
		return;
	const st_branch_iface *br = st_op_interface(term, ST_IFACE_BRANCH);
	for (size_t k = st_op_num_successors(term); k-- > 0;) {
		size_t start, n;
		br->successor_operands(term, k, &start, &n);
		st_block *b = st_op_successor(term, k);
		size_t keep = 0;
		for (size_t i = 0; i < n; i++)
			if (i >= st_block_num_args(b) || value_live(l, st_block_arg(b, i)))
				keep++;
		if (keep == n)
			continue;
		st_value *small[8];
		st_value **vals = keep <= 8 ? small : st_ctx_alloc(l->ctx, keep * sizeof *vals);
		if (!vals) {
			l->oom = true;
			return;
		}
		size_t j = 0;
		for (size_t i = 0; i < n; i++)
			if (i >= st_block_num_args(b) || value_live(l, st_block_arg(b, i)))
				vals[j++] = st_op_operand(term, start + i);
		if (!st__branch_set_successor_operands(rw, term, k, keep, vals))
			l->oom = true;
		if (vals != small)
			st_ctx_free(l->ctx, vals, keep * sizeof *vals);
	}
}

static bool delete_dead(live *l, st_rewriter *rw, st_op *op) {
	bool erased = false;
	for (size_t ri = 0; ri < st_op_num_regions(op); ri++) {
		st_region *r = st_op_region(op, ri);
		st_block *entry = st_region_first_block(r);
		if (!entry)
			continue;
		bool single = !st_block_next(entry);
		st__ptrvec order;
		blocks_post_order(l, r, &order);
		for (size_t i = 0; i < order.n; i++) {
			st_block *b = order.data[i];
			if (!single)
				erase_dead_successor_operands(l, rw, block_term(b));
			for (st_op *o = st_block_last_op(b), *prev; o; o = prev) {
				prev = st_op_prev(o);
				if (!op_live(l, o)) {
					erased = true;
					for (size_t k = 0; k < st_op_num_results(o); k++)
						drop_value_uses(st_op_result(o, k));
					if (o->nregions)
						st_walk(o, ST_WALK_PRE, note_gone, l->scan);
					st_rewriter_erase_op(rw, o);
				} else {
					erased |= delete_dead(l, rw, o);
				}
			}
		}
		st__ptrvec_free(&order);
		/* Entry arguments belong to the enclosing op's contract: kept. */
		for (st_block *b = st_block_next(entry); b; b = st_block_next(b))
			for (size_t a = st_block_num_args(b); a-- > 0;)
				if (!value_live(l, st_block_arg(b, a))) {
					st_block_erase_arg(b, a);
					rw->nchanges++;
				}
	}
	return erased;
}

/* The scan cleared the liveness marks. */
static bool region_dce(st_rewriter *rw, st_op *root, scan *s) {
	live l = {.ctx = rw->ctx, .scan = s};
	/* In single-block SSA regions users come after what they use, so the
	 * backward pass is the fixpoint and MLIR's confirming pass would find
	 * nothing. */
	do {
		l.changed = l.cyclic = false;
		for (size_t r = 0; r < st_op_num_regions(root); r++)
			propagate_region(&l, st_op_region(root, r));
	} while (l.changed && l.cyclic && !l.oom);
	return !l.oom && delete_dead(&l, rw, root);
}

/* ------------------------------------------------------------ block merging */

/* What identifies a block for merging: a hash over its ops (names,
 * attributes, result types) and each result-producing op's position among
 * the values the block defines. */
typedef struct bdata {
	st_block *block;
	uint64_t hash;
	st__ptrmap order; /* op -> index of its first result among the block's values */
} bdata;

static uint64_t mixp(uint64_t h, const void *p) {
	return h ^ ((uint64_t)(uintptr_t)p + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2));
}

static bool bdata_init(bdata *d, st_context *ctx, st_block *b) {
	d->block = b;
	d->hash = 0;
	st__ptrmap_init(&d->order, ctx);
	size_t idx = st_block_num_args(b);
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
		if (st_op_num_results(o)) {
			if (!st__ptrmap_put(&d->order, o, idx))
				return false;
			idx += st_op_num_results(o);
		}
		uint64_t h = mixp(mixp(0, st_op_name(o)), st_op_attrs(o));
		for (size_t i = 0; i < st_op_num_results(o); i++)
			h = mixp(h, st_value_type(st_op_result(o, i)));
		d->hash = mixp(d->hash, (void *)(uintptr_t)h);
	}
	return true;
}

static st_block *value_block(const st_value *v) {
	st_op *d = st_value_defining_op(v);
	return d ? st_op_block(d) : st_value_owner_block(v);
}

static size_t order_of(const bdata *d, const st_value *v) {
	st_op *def = st_value_defining_op(v);
	if (!def)
		return st_value_index(v);
	uintptr_t i = 0;
	st__ptrmap_get(&d->order, def, &i);
	return i + st_value_index(v);
}

/* Whether `v` has a use outside `b` (a use nested in an op of `b` is
 * inside). */
static bool value_used_outside(const st_value *v, const st_block *b) {
	for (st_use *u = st_value_first_use(v); u; u = st_use_next(u)) {
		st_op *o = st_use_owner(u);
		while (o && st_op_block(o) != b)
			o = st_op_parent_op(o);
		if (!o)
			return true;
	}
	return false;
}

static bool used_outside(const st_op *op, const st_block *b) {
	for (size_t i = 0; i < st_op_num_results(op); i++)
		if (value_used_outside(st_op_result(op, i), b))
			return true;
	return false;
}

static bool is_pred(const st_block *pred, const st_block *b) {
	for (st_use *u = st_block_first_pred_use(b); u; u = st_use_next(u))
		if (st_op_block(st_use_owner(u)) == pred)
			return true;
	return false;
}

/* A value made by its block's terminator cannot be passed along an edge
 * leaving that block to `b`. */
static bool valid_successor_arg(const st_block *b, const st_value *v) {
	st_op *def = st_value_defining_op(v);
	if (!def || block_term(st_op_block(def)) != def)
		return true;
	return !is_pred(st_op_block(def), b);
}

typedef struct mismatch {
	size_t op, operand;
} mismatch;

typedef struct cluster {
	bdata leader;
	st__ptrvec blocks;
	mismatch *mm; /* sorted, unique */
	size_t nmm, mmcap;
} cluster;

static bool add_mismatch(cluster *c, st_context *ctx, mismatch m) {
	size_t i = 0;
	while (i < c->nmm && (c->mm[i].op < m.op || (c->mm[i].op == m.op && c->mm[i].operand < m.operand)))
		i++;
	if (i < c->nmm && c->mm[i].op == m.op && c->mm[i].operand == m.operand)
		return true;
	if (!st_ctx_grow(ctx, (void **)&c->mm, &c->mmcap, NULL, sizeof *c->mm, c->nmm + 1))
		return false;
	memmove(c->mm + i + 1, c->mm + i, (c->nmm - i) * sizeof *c->mm);
	c->mm[i] = m;
	c->nmm++;
	return true;
}

static bool same_shape(st_op *a, st_op *b) {
	if (st_op_name(a) != st_op_name(b) || st_op_attrs(a) != st_op_attrs(b) ||
	    st_op_num_regions(a) != st_op_num_regions(b) || st_op_num_successors(a) != st_op_num_successors(b) ||
	    st_op_num_operands(a) != st_op_num_operands(b) || st_op_num_results(a) != st_op_num_results(b))
		return false;
	for (size_t i = 0; i < st_op_num_results(a); i++)
		if (st_value_type(st_op_result(a, i)) != st_value_type(st_op_result(b, i)))
			return false;
	return true;
}

static bool add_to_cluster(cluster *c, bdata *d, st_context *ctx) {
	st_block *lb = c->leader.block, *mb = d->block;
	if (c->leader.hash != d->hash || st_block_num_args(lb) != st_block_num_args(mb))
		return false;
	for (size_t i = 0; i < st_block_num_args(lb); i++)
		if (st_value_type(st_block_arg(lb, i)) != st_value_type(st_block_arg(mb, i)))
			return false;
	mismatch local[16];
	size_t nlocal = 0;
	st_op *l = st_block_first_op(lb), *r = st_block_first_op(mb);
	size_t opi = 0;
	for (; l && r; l = st_op_next(l), r = st_op_next(r), opi++) {
		if (!same_shape(l, r))
			return false;
		for (size_t k = 0; k < st_op_num_operands(l); k++) {
			st_value *lv = st_op_operand(l, k), *rv = st_op_operand(r, k);
			if (lv == rv)
				continue;
			if (!lv || !rv || st_value_type(lv) != st_value_type(rv))
				return false;
			bool lin = value_block(lv) == lb, rin = value_block(rv) == mb;
			if (lin != rin)
				return false;
			if (!lin) {
				if (!valid_successor_arg(lb, lv) || !valid_successor_arg(mb, rv) ||
				    nlocal == sizeof local / sizeof local[0])
					return false;
				local[nlocal++] = (mismatch){opi, k};
				continue;
			}
			if (order_of(&c->leader, lv) != order_of(d, rv))
				return false;
		}
		if (used_outside(r, mb) || used_outside(l, lb))
			return false;
	}
	if (l || r)
		return false;
	for (size_t i = 0; i < nlocal; i++)
		if (!add_mismatch(c, ctx, local[i]))
			return false;
	return st__ptrvec_push(&c->blocks, mb);
}

static bool preds_updatable(const st_block *b) {
	for (st_use *u = st_block_first_pred_use(b); u; u = st_use_next(u))
		if (!st__branch_can_set_successor_operands(st_use_owner(u), st_use_operand_index(u)))
			return false;
	return true;
}

/* Appends `vals` to what every predecessor of `b` passes it. */
static bool append_pred_operands(st_rewriter *rw, st_block *b, st_value *const *vals, size_t n) {
	for (st_use *u = st_block_first_pred_use(b); u; u = st_use_next(u)) {
		st_op *t = st_use_owner(u);
		size_t s = st_use_operand_index(u), start, cnt;
		const st_branch_iface *br = st_op_interface(t, ST_IFACE_BRANCH);
		br->successor_operands(t, s, &start, &cnt);
		size_t total = cnt + n;
		st_value **all = st_ctx_alloc(rw->ctx, total * sizeof *all);
		if (!all)
			return false;
		for (size_t i = 0; i < cnt; i++)
			all[i] = st_op_operand(t, start + i);
		memcpy(all + cnt, vals, n * sizeof *vals);
		bool ok = st__branch_set_successor_operands(rw, t, s, total, all);
		st_ctx_free(rw->ctx, all, total * sizeof *all);
		if (!ok)
			return false;
	}
	return true;
}

static bool merge_cluster(cluster *c, st_rewriter *rw) {
	if (!c->blocks.n)
		return false;
	st_block *lb = c->leader.block;
	size_t nb = c->blocks.n + 1;
	st_context *ctx = rw->ctx;
	if (c->nmm) {
		if (!preds_updatable(lb))
			return false;
		for (size_t i = 0; i < c->blocks.n; i++)
			if (!preds_updatable(c->blocks.data[i]))
				return false;
		/* Before anything changes: every cluster member must be able to
		 * take the new operands (a branch without the hook may not). */
		st_value **args = st_ctx_alloc(ctx, nb * c->nmm * sizeof *args);
		if (!args)
			return false;
		for (size_t bi = 0; bi < nb; bi++) {
			st_block *b = bi ? c->blocks.data[bi - 1] : lb;
			st_op *o = st_block_first_op(b);
			size_t at = 0;
			for (size_t m = 0; m < c->nmm; m++) {
				for (; at < c->mm[m].op; at++)
					o = st_op_next(o);
				args[bi * c->nmm + m] = st_op_operand(o, c->mm[m].operand);
			}
		}
		st_op *o = st_block_first_op(lb);
		size_t at = 0;
		for (size_t m = 0; m < c->nmm; m++) {
			for (; at < c->mm[m].op; at++)
				o = st_op_next(o);
			st_value *v = st_op_operand(o, c->mm[m].operand);
			st_value *na = st_block_add_arg(lb, st_value_type(v), st_value_loc(v));
			if (!na) {
				st_ctx_free(ctx, args, nb * c->nmm * sizeof *args);
				return false;
			}
			st_rewriter_modify_start(rw, o);
			st_op_set_operand(o, c->mm[m].operand, na);
			st_rewriter_modify_end(rw, o);
		}
		bool ok = true;
		for (size_t bi = 0; ok && bi < nb; bi++)
			ok = append_pred_operands(rw, bi ? c->blocks.data[bi - 1] : lb, args + bi * c->nmm, c->nmm);
		st_ctx_free(ctx, args, nb * c->nmm * sizeof *args);
		if (!ok)
			return false;
	}
	for (size_t i = 0; i < c->blocks.n; i++) {
		st_block *b = c->blocks.data[i];
		while (st_block_first_pred_use(b)) {
			st_use *u = st_block_first_pred_use(b);
			st_op *t = st_use_owner(u);
			st_rewriter_modify_start(rw, t);
			st_op_set_successor(t, st_use_operand_index(u), lb);
			st_rewriter_modify_end(rw, t);
		}
		st_rewriter_erase_block(rw, b);
	}
	return true;
}

static bool has_region_content(const st_block *b) {
	for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
		for (size_t r = 0; r < st_op_num_regions(o); r++)
			if (!st_region_is_empty(st_op_region(o, r)))
				return true;
	return false;
}

static bool same_successors(const st_block *a, const st_block *b) {
	size_t n = num_succs(a);
	if (n != num_succs(b))
		return false;
	for (size_t i = 0; i < n; i++)
		if (succ(a, i) != succ(b, i))
			return false;
	return true;
}

static bool merge_in_region(st_rewriter *rw, st_region *r) {
	st_block *entry = st_region_first_block(r);
	if (!entry || !st_block_next(entry))
		return false;
	st_context *ctx = rw->ctx;
	bool merged = false;
	st__ptrmap grouped;
	st__ptrmap_init(&grouped, ctx);
	/* Groups of blocks with the same successors, in block order. */
	for (st_block *g = st_block_next(entry); g; g = st_block_next(g)) {
		if (st__ptrmap_has(&grouped, g))
			continue;
		st__ptrvec group;
		st__ptrvec_init(&group, ctx);
		for (st_block *b = g; b; b = st_block_next(b))
			if (!st__ptrmap_has(&grouped, b) && same_successors(g, b)) {
				st__ptrmap_put(&grouped, b, 1);
				st__ptrvec_push(&group, b);
			}
		cluster *cl = NULL;
		size_t ncl = 0, clcap = 0;
		for (size_t i = 0; group.n > 1 && i < group.n; i++) {
			st_block *b = group.data[i];
			if (has_region_content(b))
				continue;
			bool ext = false;
			for (size_t a = 0; !ext && a < st_block_num_args(b); a++)
				ext = value_used_outside(st_block_arg(b, a), b);
			if (ext)
				continue;
			bdata d;
			if (!bdata_init(&d, ctx, b)) {
				st__ptrmap_free(&d.order);
				continue;
			}
			bool added = false;
			for (size_t k = 0; !added && k < ncl; k++)
				added = add_to_cluster(&cl[k], &d, ctx);
			if (added || !st_ctx_grow(ctx, (void **)&cl, &clcap, NULL, sizeof *cl, ncl + 1)) {
				st__ptrmap_free(&d.order);
				continue;
			}
			memset(&cl[ncl], 0, sizeof cl[ncl]);
			cl[ncl].leader = d;
			st__ptrvec_init(&cl[ncl].blocks, ctx);
			ncl++;
		}
		for (size_t k = 0; k < ncl; k++) {
			merged |= merge_cluster(&cl[k], rw);
			st__ptrmap_free(&cl[k].leader.order);
			st__ptrvec_free(&cl[k].blocks);
			st_ctx_free(ctx, cl[k].mm, cl[k].mmcap * sizeof *cl[k].mm);
		}
		st_ctx_free(ctx, cl, clcap * sizeof *cl);
		st__ptrvec_free(&group);
	}
	st__ptrmap_free(&grouped);
	return merged;
}

/* Regions are independent here (blocks holding regions are never merged),
 * so the scan's order does as well as MLIR's worklist; a region where
 * blocks merged is tried again, as MLIR does. */
static bool merge_identical_blocks(st_rewriter *rw, scan *s) {
	bool any = false;
	for (size_t i = 0; i < s->multi.n; i++) {
		st_region *r = s->multi.data[i];
		if (is_gone(s, r))
			continue;
		while (merge_in_region(rw, r))
			any = true;
	}
	return any;
}

bool st__simplify_regions(st_rewriter *rw, st_op *root) {
	scan s = {.ctx = rw->ctx};
	st__ptrvec_init(&s.multi, s.ctx);
	st__ptrmap_init(&s.gone, s.ctx);
	for (uint32_t r = 0; r < root->nregions; r++) {
		st_region *reg = &st__regions(root)[r];
		if (reg->first && reg->first->next && !st__ptrvec_push(&s.multi, reg))
			s.oom = true;
		for (st_block *b = reg->first; b; b = b->next) {
			for (uint32_t i = 0; i < b->nargs; i++)
				b->args[i]->v.aux = 0;
			for (st_op *o = b->first; o; o = o->next)
				st_walk(o, ST_WALK_PRE, scan_op, &s);
		}
	}
	bool a = !s.oom && erase_unreachable_blocks(rw, &s);
	bool b = !s.oom && region_dce(rw, root, &s);
	bool c = !s.oom && merge_identical_blocks(rw, &s);
	st__ptrvec_free(&s.multi);
	st__ptrmap_free(&s.gone);
	return a || b || c;
}
