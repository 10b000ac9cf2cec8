/* The undo journal behind dialect conversion's rollback.  The rewriter
 * records each change before making it; undoing the records newest first
 * restores the IR exactly (the same objects: erased ops and blocks are
 * only detached until the journal commits, so every pointer a record holds
 * stays valid). */
#include "rewrite_internal.h"

typedef enum rec_kind {
	R_INSERTED,      /* op: undo removes and destroys it */
	R_ERASED,        /* op detached from (block, next) */
	R_MOVED,         /* op was in (block, next) */
	R_USE,           /* operand idx of op held value */
	R_MODIFY,        /* snapshot of op's attributes, location, operands, successors */
	R_BLOCK_CREATED, /* block */
	R_BLOCK_ERASED,  /* block detached from (region, next) */
	R_BLOCK_MOVED,   /* block was in (region, next) */
	R_TYPE,          /* value had type */
	R_ARG_ADDED,     /* block argument at idx */
	R_SPLIT,         /* block was split, tail is the new block */
} rec_kind;

typedef struct rec {
	rec_kind kind;
	st_op *op;
	st_block *block;
	union {
		st_op *next_op;
		st_block *next_block;
		st_region *region;
		st_value *value;
		st_type *type;
		st_block *tail;
	};
	st_block *next2;  /* R_BLOCK_ERASED / MOVED: the block after */
	size_t idx;
	/* R_MODIFY: the old state. */
	st_attr *attrs, *loc;
	size_t nvals, nsuccs;
	st_value **vals;
	st_block **succs;
} rec;

struct st__journal {
	st_context *ctx;
	rec *recs;
	size_t n, cap;
	st__ptrmap erased; /* erased ops and blocks -> 1 */
	bool oom;
};

st__journal *st__journal_create(st_context *ctx) {
	st__journal *j = st_ctx_alloc(ctx, sizeof *j);
	if (!j)
		return NULL;
	memset(j, 0, sizeof *j);
	j->ctx = ctx;
	st__ptrmap_init(&j->erased, ctx);
	return j;
}

static rec *push(st__journal *j, rec_kind kind) {
	if (!st_ctx_grow(j->ctx, (void **)&j->recs, &j->cap, NULL, sizeof *j->recs, j->n + 1)) {
		j->oom = true;
		return NULL;
	}
	rec *r = &j->recs[j->n++];
	memset(r, 0, sizeof *r);
	r->kind = kind;
	return r;
}

static void free_rec(st__journal *j, rec *r) {
	if (r->kind != R_MODIFY)
		return;
	st_ctx_free(j->ctx, r->vals, r->nvals * sizeof *r->vals);
	st_ctx_free(j->ctx, r->succs, r->nsuccs * sizeof *r->succs);
}

size_t st__journal_mark(const st__journal *j) { return j->n; }

bool st__journal_is_erased(const st__journal *j, const st_op *op) {
	while (op) {
		if (st__ptrmap_has(&j->erased, op))
			return true;
		st_block *b = st_op_block(op);
		if (!b)
			return false;
		if (st__ptrmap_has(&j->erased, b))
			return true;
		op = st_block_parent_op(b);
	}
	return false;
}

/* --------------------------------------------------------------- records */

void st__journal_inserted(st__journal *j, st_op *op) {
	rec *r = push(j, R_INSERTED);
	if (r)
		r->op = op;
}

void st__journal_erased(st__journal *j, st_op *op) {
	rec *r = push(j, R_ERASED);
	if (!r)
		return;
	r->op = op;
	r->block = st_op_block(op);
	r->next_op = st_op_next(op);
	if (!st__ptrmap_put(&j->erased, op, 1))
		j->oom = true;
}

void st__journal_moved(st__journal *j, st_op *op) {
	rec *r = push(j, R_MOVED);
	if (!r)
		return;
	r->op = op;
	r->block = st_op_block(op);
	r->next_op = st_op_next(op);
}

void st__journal_use_set(st__journal *j, st_op *owner, size_t idx) {
	rec *r = push(j, R_USE);
	if (!r)
		return;
	r->op = owner;
	r->idx = idx;
	r->value = st_op_operand(owner, idx);
}

void st__journal_modify(st__journal *j, st_op *op) {
	rec *r = push(j, R_MODIFY);
	if (!r)
		return;
	r->op = op;
	r->attrs = op->attrs;
	r->loc = op->rawloc;
	r->nvals = st_op_num_operands(op);
	r->nsuccs = st_op_num_successors(op);
	r->vals = r->nvals ? st_ctx_alloc(j->ctx, r->nvals * sizeof *r->vals) : NULL;
	r->succs = r->nsuccs ? st_ctx_alloc(j->ctx, r->nsuccs * sizeof *r->succs) : NULL;
	if ((r->nvals && !r->vals) || (r->nsuccs && !r->succs)) {
		j->oom = true;
		free_rec(j, r);
		j->n--;
		return;
	}
	for (size_t i = 0; i < r->nvals; i++)
		r->vals[i] = st_op_operand(op, i);
	for (size_t i = 0; i < r->nsuccs; i++)
		r->succs[i] = st_op_successor(op, i);
}

void st__journal_block_created(st__journal *j, st_block *b) {
	rec *r = push(j, R_BLOCK_CREATED);
	if (r)
		r->block = b;
}

static void block_place(rec *r, st_block *b) {
	r->block = b;
	r->region = st_block_parent_region(b);
	r->next2 = st_block_next(b);
}

void st__journal_block_erased(st__journal *j, st_block *b) {
	rec *r = push(j, R_BLOCK_ERASED);
	if (!r)
		return;
	block_place(r, b);
	if (!st__ptrmap_put(&j->erased, b, 1))
		j->oom = true;
}

void st__journal_block_moved(st__journal *j, st_block *b) {
	rec *r = push(j, R_BLOCK_MOVED);
	if (r)
		block_place(r, b);
}

void st__journal_value_type(st__journal *j, st_value *v) {
	rec *r = push(j, R_TYPE);
	if (!r)
		return;
	r->value = v;
	r->idx = (size_t)(uintptr_t)st_value_type(v);
}

void st__journal_arg_added(st__journal *j, st_block *b, size_t pos) {
	rec *r = push(j, R_ARG_ADDED);
	if (!r)
		return;
	r->block = b;
	r->idx = pos;
}

void st__journal_split(st__journal *j, st_block *b, st_block *tail) {
	rec *r = push(j, R_SPLIT);
	if (!r)
		return;
	r->block = b;
	r->tail = tail;
}

/* ------------------------------------------------------------------ undo */

static void place_op(st_op *op, st_block *b, st_op *next) {
	st_op_remove(op);
	st_block_insert_op_before(b, next, op);
}

static void place_block(st_block *b, st_region *r, st_block *next) {
	st_block_remove(b);
	st_region_insert_block_before(r, next, b);
}

static void undo(st__journal *j, rec *r) {
	switch (r->kind) {
	case R_INSERTED:
		st_op_remove(r->op);
		st_op_destroy(r->op);
		break;
	case R_ERASED:
		st__ptrmap_remove(&j->erased, r->op);
		if (r->block)
			place_op(r->op, r->block, r->next_op);
		break;
	case R_MOVED:
		if (r->block)
			place_op(r->op, r->block, r->next_op);
		else
			st_op_remove(r->op);
		break;
	case R_USE:
		st_op_set_operand(r->op, r->idx, r->value);
		break;
	case R_MODIFY:
		r->op->attrs = r->attrs;
		r->op->rawloc = r->loc;
		if (st_failed(st_op_set_operands(r->op, r->nvals, r->vals)))
			j->oom = true;
		for (size_t i = 0; i < r->nsuccs; i++)
			st_op_set_successor(r->op, i, r->succs[i]);
		break;
	case R_BLOCK_CREATED:
		st_block_remove(r->block);
		st_block_destroy(r->block);
		break;
	case R_BLOCK_ERASED:
		st__ptrmap_remove(&j->erased, r->block);
		/* fallthrough */
	case R_BLOCK_MOVED:
		if (r->region)
			place_block(r->block, r->region, r->next2);
		else
			st_block_remove(r->block);
		break;
	case R_TYPE:
		st_value_set_type(r->value, (st_type *)(uintptr_t)r->idx);
		break;
	case R_ARG_ADDED:
		st_block_erase_arg(r->block, r->idx);
		break;
	case R_SPLIT:
		while (!st_block_is_empty(r->tail)) {
			st_op *o = st_block_first_op(r->tail);
			st_op_remove(o);
			st_block_append_op(r->block, o);
		}
		st_block_remove(r->tail);
		st_block_destroy(r->tail);
		break;
	}
}

void st__journal_rollback(st__journal *j, size_t mark) {
	while (j->n > mark) {
		rec *r = &j->recs[--j->n];
		undo(j, r);
		free_rec(j, r);
	}
}

/* Commits: the erased ops and blocks are destroyed.  Their references are
 * dropped first, all of them, since one erased op may use another's
 * results. */
void st__journal_destroy(st__journal *j) {
	if (!j)
		return;
	for (size_t i = 0; i < j->n; i++) {
		rec *r = &j->recs[i];
		if (r->kind == R_ERASED && st__ptrmap_has(&j->erased, r->op))
			st__drop_all_references(r->op);
		else if (r->kind == R_BLOCK_ERASED && st__ptrmap_has(&j->erased, r->block))
			for (st_op *o = st_block_first_op(r->block); o; o = st_op_next(o))
				st__drop_all_references(o);
	}
	for (size_t i = 0; i < j->n; i++) {
		rec *r = &j->recs[i];
		if (r->kind == R_ERASED && st__ptrmap_remove(&j->erased, r->op))
			st_op_destroy(r->op);
		else if (r->kind == R_BLOCK_ERASED && st__ptrmap_remove(&j->erased, r->block)) {
			/* Its arguments may still be named by erased ops destroyed above
			 * (their references are gone) or by ops inside it. */
			st_block_destroy(r->block);
		}
		free_rec(j, r);
	}
	st_ctx_free(j->ctx, j->recs, j->cap * sizeof *j->recs);
	st__ptrmap_free(&j->erased);
	st_ctx_free(j->ctx, j, sizeof *j);
}
