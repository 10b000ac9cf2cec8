/* What the generic passes may assume about an op's side effects, from its
 * traits and its memory-effects interface only (MLIR's isMemoryEffectFree
 * and wouldOpBeTriviallyDead). */
#include "passes_internal.h"

#define MAX_EFFECTS 16

/* The op's effects, or SIZE_MAX when it cannot say (no interface, or more
 * effects than we look at). */
static size_t effects_of(const st_op *op, st_effect *out) {
	const st_memory_effects_iface *me = st_op_interface(op, ST_IFACE_MEMORY_EFFECTS);
	if (!me)
		return SIZE_MAX;
	size_t n = me->effects(op, out, MAX_EFFECTS);
	return n > MAX_EFFECTS ? SIZE_MAX : n;
}

static bool all_nested(const st_op *op, bool (*pred)(const st_op *)) {
	for (uint32_t r = 0; r < op->nregions; r++)
		for (st_block *b = st__regions(op)[r].first; b; b = b->next)
			for (st_op *o = b->first; o; o = o->next)
				if (!pred(o))
					return false;
	return true;
}

bool st__op_is_memory_effect_free(const st_op *op) {
	if (!op->name->def)
		return false;
	if (op->name->traits & ST_TRAIT_PURE)
		return true;
	st_effect fx[MAX_EFFECTS];
	size_t n = effects_of(op, fx);
	if (n == SIZE_MAX && !(op->name->traits & ST_TRAIT_RECURSIVE_MEMORY_EFFECTS))
		return false;
	if (n != SIZE_MAX && n)
		return false;
	return !(op->name->traits & ST_TRAIT_RECURSIVE_MEMORY_EFFECTS) || all_nested(op, st__op_is_memory_effect_free);
}

/* Removing the op loses nothing: reads, allocations of its own results, or
 * nothing at all, here and (recursive effects) in every nested op. */
static bool removable(const st_op *op) {
	if (!op->name->def)
		return false;
	if (op->name->traits & ST_TRAIT_PURE)
		return true;
	bool recursive = op->name->traits & ST_TRAIT_RECURSIVE_MEMORY_EFFECTS;
	st_effect fx[MAX_EFFECTS];
	size_t n = effects_of(op, fx);
	if (n == SIZE_MAX && !recursive)
		return false;
	for (size_t i = 0; n != SIZE_MAX && i < n; i++) {
		if (fx[i].kind == ST_EFFECT_READ)
			continue;
		if (fx[i].kind == ST_EFFECT_ALLOC && fx[i].value && st_value_defining_op(fx[i].value) == op)
			continue;
		return false;
	}
	return !recursive || all_nested(op, removable);
}

bool st__op_would_be_trivially_dead(const st_op *op) {
	if (op->name->traits & (ST_TRAIT_TERMINATOR | ST_TRAIT_SYMBOL))
		return false;
	return removable(op);
}

bool st__op_is_trivially_dead(const st_op *op) { return st_op_results_unused(op) && st__op_would_be_trivially_dead(op); }
