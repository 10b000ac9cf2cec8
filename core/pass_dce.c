/* dce: removes trivially dead ops (unused results, nothing but reads or
 * allocations of their own results, no terminator or symbol) and blocks
 * that cannot be reached from their region's entry, until nothing changes.
 * Ops are visited last to first, nested regions before their op, so a
 * chain of dead ops goes in one sweep. */
#include "passes_internal.h"

static bool sweep_op_regions(st_op *op);

static bool sweep_block(st_block *b) {
	bool changed = false;
	for (st_op *o = b->last, *prev; o; o = prev) {
		prev = o->prev;
		if (o->nregions && sweep_op_regions(o))
			changed = true;
		/* Unused private symbols are symbol-dce's to judge. */
		if (!(o->name->traits & ST_TRAIT_SYMBOL) && st_op_is_trivially_dead(o)) {
			st_op_erase(o);
			changed = true;
		}
	}
	return changed;
}

/* Drops every operand of `op` and of the ops nested in it. */
static st_walk_result drop_operands(st_op *op, void *ud) {
	(void)ud;
	st_op_erase_operands(op, 0, op->noperands);
	return ST_WALK_ADVANCE;
}

static bool values_unused(const st_block *b) {
	for (uint32_t a = 0; a < b->nargs; a++)
		if (st_value_has_uses(&b->args[a]->v))
			return false;
	for (const st_op *o = b->first; o; o = o->next)
		if (!st_op_results_unused(o))
			return false;
	return true;
}

/* Erases the blocks of `r` that its entry cannot reach (MLIR's
 * eraseUnreachableBlocks): their values can only be used by each other. */
static bool erase_unreachable(st_context *ctx, st_region *r) {
	if (!r->first || r->first == r->last || !st__region_has_ssa_dominance(r))
		return false;
	st_dominance *d = st_dominance_create(ctx, st_region_parent_op(r));
	if (!d)
		return false;
	size_t ndead = 0;
	for (st_block *b = r->first; b; b = b->next)
		ndead += !st__dominance_reachable(d, b);
	if (!ndead) {
		st_dominance_destroy(d);
		return false;
	}
	for (st_block *b = r->first; b; b = b->next)
		if (!st__dominance_reachable(d, b))
			for (st_op *o = b->first; o; o = o->next)
				st_walk(o, ST_WALK_PRE, drop_operands, NULL);
	/* A use left over comes from reachable code: invalid IR, left alone. */
	bool ok = true;
	for (st_block *b = r->first; b && ok; b = b->next)
		if (!st__dominance_reachable(d, b))
			ok = values_unused(b);
	st_block **dead = ok ? st_ctx_alloc(ctx, ndead * sizeof *dead) : NULL;
	size_t k = 0;
	if (dead)
		for (st_block *b = r->first; b; b = b->next)
			if (!st__dominance_reachable(d, b))
				dead[k++] = b;
	st_dominance_destroy(d);
	if (!dead)
		return false;
	/* Terminators first, so that no block is destroyed while a branch
	 * still names it. */
	for (size_t i = 0; i < k; i++)
		while (dead[i]->last)
			st_op_erase(dead[i]->last);
	for (size_t i = 0; i < k; i++) {
		st_block_remove(dead[i]);
		st_block_destroy(dead[i]);
	}
	st_ctx_free(ctx, dead, ndead * sizeof *dead);
	return true;
}

static bool sweep_op_regions(st_op *op) {
	bool changed = false;
	for (uint32_t i = op->nregions; i-- > 0;) {
		st_region *r = &st__regions(op)[i];
		if (erase_unreachable(op->name->ctx, r))
			changed = true;
		for (st_block *b = r->last; b; b = b->prev)
			if (sweep_block(b))
				changed = true;
	}
	return changed;
}

static st_status run(st_pass *pass, st_op *op) {
	bool changed = false;
	while (sweep_op_regions(op))
		changed = true;
	if (!changed)
		st_pass_preserve_all_analyses(pass);
	return st_context_out_of_memory(st_pass_context(pass)) ? ST_FAIL : ST_OK;
}

const st_pass_def st__pass_dce = {
	.name = "dce",
	.summary = "Remove trivially dead ops and unreachable blocks",
	.run = run,
	.display_name = "DCE",
};
