/* loop-invariant-code-motion: MLIR 14's LICM through the loop-like
 * interface.  Loops are visited innermost first (a post-order walk), so
 * what leaves an inner loop can leave the outer one too.  An op of the loop
 * body (not in nested regions, not the terminator) moves before the loop
 * when all its operands are defined outside the body (or by ops already
 * moving) and it has no memory effect; an op with regions moves only when
 * it has recursive effects and everything nested satisfies the same rules
 * (whose operands must then also come from outside the loop, as in 14).
 * Effect-free is not speculatable: as in MLIR 14, an op that has no effect
 * but may trap (integer division) is hoisted too. */
#include "passes_internal.h"
#include "rewrite_internal.h"

typedef struct licm {
	st_region *body;
	st__ptrmap moving;
	bool oom;
} licm;

static bool in_body(const licm *l, const st_value *v) {
	st_op *d = st_value_defining_op(v);
	st_region *r = d ? st_op_parent_region(d) : st_block_parent_region(st_value_owner_block(v));
	while (r) {
		if (r == l->body)
			return true;
		st_op *p = st_region_parent_op(r);
		r = p ? st_op_parent_region(p) : NULL;
	}
	return false;
}

static bool invariant(const licm *l, const st_value *v) {
	st_op *d = st_value_defining_op(v);
	return (d && st__ptrmap_has(&l->moving, d)) || !in_body(l, v);
}

/* MLIR 14's canBeHoisted. */
static bool can_hoist(const licm *l, st_op *op) {
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (!invariant(l, st_op_operand(op, i)))
			return false;
	bool recursive = st_op_has_trait(op, ST_TRAIT_RECURSIVE_MEMORY_EFFECTS);
	bool pure = st_op_has_trait(op, ST_TRAIT_PURE);
	const st_memory_effects_iface *me = st_op_interface(op, ST_IFACE_MEMORY_EFFECTS);
	if (pure || me) {
		if (!pure) {
			st_effect e[1];
			if (me->effects(op, e, 1) != 0)
				return false;
		}
		if (!recursive)
			return true;
	} else if (!recursive) {
		return false;
	}
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b); o; o = st_op_next(o))
				if (!can_hoist(l, o))
					return false;
	return true;
}

static void hoist(licm *l, st_op *loop) {
	st__ptrvec moves;
	st__ptrvec_init(&moves, st_op_context(loop));
	for (st_block *b = st_region_first_block(l->body); b; b = st_block_next(b))
		for (st_op *o = st_block_first_op(b); o; o = st_op_next(o)) {
			if (o == st_block_terminator(b) && st_op_has_trait(o, ST_TRAIT_TERMINATOR))
				continue;
			if (can_hoist(l, o) && (!st__ptrmap_put(&l->moving, o, 1) || !st__ptrvec_push(&moves, o)))
				l->oom = true;
		}
	for (size_t i = 0; i < moves.n; i++)
		st_op_move_before(moves.data[i], loop);
	st__ptrvec_free(&moves);
}

static st_walk_result visit(st_op *op, void *ud) {
	bool *oom = ud;
	const st_loop_like_iface *ll = st_op_interface(op, ST_IFACE_LOOP_LIKE);
	st_region *body = ll && ll->body ? ll->body(op) : NULL;
	if (!body)
		return ST_WALK_ADVANCE;
	licm l = {.body = body};
	st__ptrmap_init(&l.moving, st_op_context(op));
	hoist(&l, op);
	st__ptrmap_free(&l.moving);
	*oom |= l.oom;
	return ST_WALK_ADVANCE;
}

static st_status run(st_pass *pass, st_op *op) {
	bool oom = false;
	for (size_t r = 0; r < st_op_num_regions(op); r++)
		for (st_block *b = st_region_first_block(st_op_region(op, r)); b; b = st_block_next(b))
			for (st_op *o = st_block_first_op(b), *next; o; o = next) {
				next = st_op_next(o);
				st_walk(o, ST_WALK_POST, visit, &oom);
			}
	(void)pass;
	return oom ? ST_FAIL : ST_OK;
}

const st_pass_def st__pass_licm = {
	.name = "loop-invariant-code-motion",
	.summary = "Hoist loop invariant instructions outside of the loop",
	.run = run,
	.display_name = "LoopInvariantCodeMotion",
};
