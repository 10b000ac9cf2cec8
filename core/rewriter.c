/* The rewriter: every IR change a pattern or driver makes goes through
 * here, so that a listener sees it (the greedy driver's worklist, the
 * conversion driver's bookkeeping) and, when a journal is attached (dialect
 * conversion), it can be undone.  With a journal, erased ops and blocks are
 * only detached; the journal destroys them when it commits. */
#include "rewrite_internal.h"

#include <stdio.h>
#include <stdlib.h>

void st__rewriter_init(st_rewriter *rw, st_context *ctx, const st_rewriter_listener *listener) {
	memset(rw, 0, sizeof *rw);
	rw->ctx = ctx;
	if (listener)
		rw->listener = *listener;
}

st_rewriter *st_rewriter_create_with_listener(st_context *ctx, const st_rewriter_listener *listener) {
	st_rewriter *rw = st_ctx_alloc(ctx, sizeof *rw);
	if (!rw)
		return NULL;
	st__rewriter_init(rw, ctx, listener);
	rw->owned = true;
	return rw;
}

st_rewriter *st_rewriter_create_simple(st_context *ctx) { return st_rewriter_create_with_listener(ctx, NULL); }

void st_rewriter_destroy(st_rewriter *rw) {
	if (rw && rw->owned)
		st_ctx_free(rw->ctx, rw, sizeof *rw);
}

st_context *st_rewriter_context(const st_rewriter *rw) { return rw->ctx; }
uint64_t st_rewriter_num_changes(const st_rewriter *rw) { return rw->nchanges; }

/* ------------------------------------------------------ insertion point */

void st_rewriter_set_insertion_before(st_rewriter *rw, st_op *op) {
	rw->ip_block = st_op_block(op);
	rw->ip_before = op;
}

void st_rewriter_set_insertion_after(st_rewriter *rw, st_op *op) {
	rw->ip_block = st_op_block(op);
	rw->ip_before = st_op_next(op);
}

void st_rewriter_set_insertion_start(st_rewriter *rw, st_block *b) {
	rw->ip_block = b;
	rw->ip_before = st_block_first_op(b);
}

void st_rewriter_set_insertion_end(st_rewriter *rw, st_block *b) {
	rw->ip_block = b;
	rw->ip_before = NULL;
}

st_block *st_rewriter_insertion_block(const st_rewriter *rw) { return rw->ip_block; }

/* ------------------------------------------------------------ creating */

static void notify_inserted(st_rewriter *rw, st_op *op) {
	if (rw->listener.inserted)
		rw->listener.inserted(rw->listener.ud, op);
}

st_op *st_rewriter_insert(st_rewriter *rw, st_op *op) {
	if (!op)
		return NULL;
	assert(rw->ip_block && "rewriter has no insertion point");
	st_block_insert_op_before(rw->ip_block, rw->ip_before, op);
	if (rw->journal)
		st__journal_inserted(rw->journal, op);
	rw->nchanges++;
	notify_inserted(rw, op);
	return op;
}

st_op *st_rewriter_create(st_rewriter *rw, const st_op_state *state) {
	return st_rewriter_insert(rw, st_op_create(rw->ctx, state));
}

static st_walk_result notify_nested(st_op *op, void *ud) {
	notify_inserted(ud, op);
	return ST_WALK_ADVANCE;
}

st_op *st_rewriter_clone(st_rewriter *rw, st_op *op, st_value_map *map) {
	st_op *c = st_rewriter_insert(rw, st_op_clone(op, map));
	if (c && rw->listener.inserted)
		for (size_t r = 0; r < st_op_num_regions(c); r++)
			for (st_block *b = st_region_first_block(st_op_region(c, r)); b; b = st_block_next(b))
				for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
					st_walk(o, ST_WALK_PRE, notify_nested, rw);
	return c;
}

st_op *st_rewriter_create_constant(st_rewriter *rw, st_dialect *dialect, st_attr *value, st_type *type,
                                   st_attr *loc) {
	static const char *const fallbacks[] = {"arith", "builtin"};
	for (size_t i = 0; i < (dialect ? 1 : 2); i++) {
		st_dialect *d = dialect ? dialect : st_context_get_dialect(rw->ctx, st_str_c(fallbacks[i]));
		const st_dialect_def *def = d ? st_dialect_get_def(d) : NULL;
		st_op *c = def && def->materialize_constant ? def->materialize_constant(rw->ctx, value, type, loc) : NULL;
		if (c)
			return st_rewriter_insert(rw, c);
	}
	return NULL;
}

/* ------------------------------------------------------ replacing, erasing */

static void set_operand(st_rewriter *rw, st_op *owner, size_t idx, st_value *v) {
	if (rw->journal)
		st__journal_use_set(rw->journal, owner, idx);
	st_op_set_operand(owner, idx, v);
}

void st_rewriter_replace_all_uses_except(st_rewriter *rw, st_value *from, st_value *to, st_op *except) {
	if (from == to)
		return;
	st_use *u = st_value_first_use(from);
	while (u) {
		st_use *next = st_use_next(u);
		st_op *owner = st_use_owner(u);
		if (owner != except) {
			set_operand(rw, owner, st_use_operand_index(u), to);
			rw->nchanges++;
		}
		u = next;
	}
}

void st_rewriter_replace_all_uses(st_rewriter *rw, st_value *from, st_value *to) {
	st_rewriter_replace_all_uses_except(rw, from, to, NULL);
}

void st_rewriter_erase_op(st_rewriter *rw, st_op *op) {
	if (rw->listener.erasing)
		rw->listener.erasing(rw->listener.ud, op);
	rw->nchanges++;
	if (rw->journal) {
		st__journal_erased(rw->journal, op);
		st_op_remove(op);
		return;
	}
	st_op_erase(op);
}

void st_rewriter_replace_op(st_rewriter *rw, st_op *op, st_value *const *values) {
	if (rw->listener.replacing)
		rw->listener.replacing(rw->listener.ud, op, values);
	/* A NULL value is what a pattern passes when creating the replacement
	 * ran out of memory: a result that is still used keeps the op alive
	 * (the context is out of memory, so the run fails anyway). */
	bool still_used = false;
	for (size_t i = 0; i < st_op_num_results(op); i++) {
		st_value *from = st_op_result(op, i), *to = values[i];
		if (rw->replacement && to)
			to = rw->replacement(rw->conversion, from, to);
		if (to)
			st_rewriter_replace_all_uses(rw, from, to);
		else if (st_value_has_uses(from))
			still_used = true;
	}
	if (!still_used)
		st_rewriter_erase_op(rw, op);
}

void st_rewriter_replace_op_with_op(st_rewriter *rw, st_op *op, st_op *with) {
	size_t n = st_op_num_results(op);
	assert(n == st_op_num_results(with));
	st_value *small[8];
	st_value **vals = n <= 8 ? small : st_ctx_alloc(rw->ctx, n * sizeof *vals);
	if (!vals)
		return;
	for (size_t i = 0; i < n; i++)
		vals[i] = st_op_result(with, i);
	st_rewriter_replace_op(rw, op, vals);
	if (vals != small)
		st_ctx_free(rw->ctx, vals, n * sizeof *vals);
}

void st_rewriter_move_op_before(st_rewriter *rw, st_op *op, st_op *before) {
	if (op == before)
		return;
	if (rw->journal)
		st__journal_moved(rw->journal, op);
	st_op_move_before(op, before);
	rw->nchanges++;
	notify_inserted(rw, op);
}

/* ------------------------------------------------------ in-place changes */

void st_rewriter_modify_start(st_rewriter *rw, st_op *op) {
	if (rw->journal)
		st__journal_modify(rw->journal, op);
}

void st_rewriter_modify_end(st_rewriter *rw, st_op *op) {
	rw->nchanges++;
	if (rw->listener.modified)
		rw->listener.modified(rw->listener.ud, op);
}

void st_rewriter_modify_cancel(st_rewriter *rw, st_op *op) {
	(void)rw;
	(void)op;
}

/* ------------------------------------------------------- blocks, regions */

static void notify_block(st_rewriter *rw, st_block *b) {
	if (rw->listener.block_inserted)
		rw->listener.block_inserted(rw->listener.ud, b);
}

st_block *st_rewriter_create_block(st_rewriter *rw, st_region *r, st_block *before, size_t nargs,
                                   st_type *const *types, st_attr *const *locs) {
	st_block *b = st_block_create(rw->ctx);
	if (!b)
		return NULL;
	for (size_t i = 0; i < nargs; i++)
		if (!st_block_add_arg(b, types[i], locs ? locs[i] : NULL)) {
			st_block_destroy(b);
			return NULL;
		}
	st_region_insert_block_before(r, before, b);
	if (rw->journal)
		st__journal_block_created(rw->journal, b);
	rw->nchanges++;
	notify_block(rw, b);
	/* New ops go into the new block, as MLIR's createBlock does. */
	st_rewriter_set_insertion_end(rw, b);
	return b;
}

void st_rewriter_erase_block(st_rewriter *rw, st_block *b) {
	if (rw->listener.block_erasing)
		rw->listener.block_erasing(rw->listener.ud, b);
	if (rw->listener.erasing)
		for (st_op *o = st_block_last_op(b); o; o = st_op_prev(o))
			rw->listener.erasing(rw->listener.ud, o);
	if (rw->ip_block == b)
		rw->ip_block = NULL, rw->ip_before = NULL;
	rw->nchanges++;
	if (rw->journal) {
		st__journal_block_erased(rw->journal, b);
		st_block_remove(b);
		return;
	}
	st_block_remove(b);
	st_block_destroy(b);
}

st_block *st_rewriter_split_block(st_rewriter *rw, st_block *b, st_op *before) {
	st_block *tail = st_block_split(b, before);
	if (!tail)
		return NULL;
	if (rw->journal)
		st__journal_split(rw->journal, b, tail);
	rw->nchanges++;
	notify_block(rw, tail);
	return tail;
}

void st_rewriter_inline_region_before(st_rewriter *rw, st_region *r, st_region *dest, st_block *before) {
	while (!st_region_is_empty(r)) {
		st_block *b = st_region_first_block(r);
		if (rw->journal)
			st__journal_block_moved(rw->journal, b);
		st_block_remove(b);
		st_region_insert_block_before(dest, before, b);
		rw->nchanges++;
		notify_block(rw, b);
	}
}

/* Moves the ops of `src` into `dest` before `before` (NULL: at the end),
 * replacing src's arguments by `args`, then erases the empty `src`. */
static void inline_block(st_rewriter *rw, st_block *src, st_block *dest, st_op *before, st_value *const *args) {
	assert(!st_block_has_preds(src) && "inlining a block that still has predecessors");
	for (size_t i = 0; i < st_block_num_args(src); i++)
		st_rewriter_replace_all_uses(rw, st_block_arg(src, i), args[i]);
	while (!st_block_is_empty(src)) {
		st_op *o = st_block_first_op(src);
		if (rw->journal)
			st__journal_moved(rw->journal, o);
		st_op_remove(o);
		st_block_insert_op_before(dest, before, o);
	}
	rw->nchanges++;
	if (st_block_parent_region(src))
		st_rewriter_erase_block(rw, src);
	else if (!rw->journal)
		st_block_destroy(src);
}

void st_rewriter_inline_block_before(st_rewriter *rw, st_block *src, st_op *before, st_value *const *args) {
	inline_block(rw, src, st_op_block(before), before, args);
}

void st_rewriter_merge_blocks(st_rewriter *rw, st_block *src, st_block *dest, st_value *const *args) {
	inline_block(rw, src, dest, NULL, args);
}

bool st_rewriter_match_failure(st_rewriter *rw, st_op *op, const char *fmt, ...) {
	if (!rw->listener.match_failure)
		return false;
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	rw->listener.match_failure(rw->listener.ud, op, buf);
	return false;
}

/* ----------------------------------------------------------- references */

static st_walk_result drop_refs(st_op *op, void *ud) {
	(void)ud;
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		st_op_set_operand(op, i, NULL);
	for (size_t i = 0; i < st_op_num_successors(op); i++)
		st_op_set_successor(op, i, NULL);
	return ST_WALK_ADVANCE;
}

void st__drop_all_references(st_op *op) { st_walk(op, ST_WALK_PRE, drop_refs, NULL); }
