/* Side-effect queries shared by the greedy driver, region DCE, LICM and
 * the other generic passes: what MLIR asks through MemoryEffectOpInterface,
 * Pure and HasRecursiveSideEffects, answered from the op's traits and its
 * memory-effects interface. */
#include "rewrite_internal.h"

/* Calls the op's memory-effects hook into `buf` (or a bigger allocation);
 * returns the effects and their count in *n; NULL with *n = SIZE_MAX when
 * the op has no such interface or allocation failed. */
static st_effect *effects_of(const st_op *op, st_effect *buf, size_t cap, size_t *n) {
	const st_memory_effects_iface *m = st_op_interface(op, ST_IFACE_MEMORY_EFFECTS);
	*n = SIZE_MAX;
	if (!m)
		return NULL;
	size_t k = m->effects(op, buf, cap);
	if (k <= cap) {
		*n = k;
		return buf;
	}
	st_effect *big = st_ctx_alloc(st_op_context(op), k * sizeof *big);
	if (!big)
		return NULL;
	*n = m->effects(op, big, k);
	return big;
}

typedef enum effect_rule {
	NONE_AT_ALL,      /* no effect */
	READ_OR_OWN_ALLOC /* reads, or allocates one of its own results (dead if unused) */
} effect_rule;

static bool effects_ok(const st_op *op, effect_rule rule, bool *has_iface) {
	st_effect buf[8];
	size_t n;
	st_effect *e = effects_of(op, buf, 8, &n);
	*has_iface = n != SIZE_MAX;
	if (!*has_iface)
		return false;
	bool ok = true;
	for (size_t i = 0; ok && i < n; i++) {
		if (rule == NONE_AT_ALL)
			ok = false;
		else if (e[i].kind == ST_EFFECT_ALLOC)
			ok = e[i].value && st_value_defining_op(e[i].value) == op;
		else
			ok = e[i].kind == ST_EFFECT_READ;
	}
	if (e != buf && e)
		st_ctx_free(st_op_context(op), e, n * sizeof *e);
	return ok;
}

/* MLIR's wouldOpBeTriviallyDeadImpl / isMemoryEffectFree, one walk: every
 * op reached must satisfy `rule`; ops with recursive effects add their
 * nested ops. */
static bool effect_free(const st_op *root, effect_rule rule) {
	/* Most ops have no regions: no stack needed. */
	if (st_op_num_regions(root) == 0 || !st_op_has_trait(root, ST_TRAIT_RECURSIVE_MEMORY_EFFECTS)) {
		if (st_op_has_trait(root, ST_TRAIT_PURE))
			return true;
		bool has_iface;
		return effects_ok(root, rule, &has_iface);
	}
	st__ptrvec stack;
	st__ptrvec_init(&stack, st_op_context(root));
	bool ok = st__ptrvec_push(&stack, (void *)root);
	while (ok && stack.n) {
		st_op *op = stack.data[--stack.n];
		bool recursive = st_op_has_trait(op, ST_TRAIT_RECURSIVE_MEMORY_EFFECTS);
		if (recursive)
			for (size_t r = 0; ok && r < st_op_num_regions(op); r++)
				for (st_block *b = st_region_first_block(st_op_region(op, r)); ok && b; b = st_block_next(b))
					for (st_op *o = st_block_first_op(b); ok && o; o = st_op_next(o))
						ok = st__ptrvec_push(&stack, o);
		if (!ok || st_op_has_trait(op, ST_TRAIT_PURE))
			continue;
		bool has_iface;
		if (effects_ok(op, rule, &has_iface))
			continue;
		ok = !has_iface && recursive;
	}
	st__ptrvec_free(&stack);
	return ok;
}

bool st_op_would_be_trivially_dead(const st_op *op) {
	/* An unregistered op might be a terminator. */
	if (!st_op_is_registered(op) || st_op_has_trait(op, ST_TRAIT_TERMINATOR))
		return false;
	return effect_free(op, READ_OR_OWN_ALLOC);
}

bool st_op_is_trivially_dead(const st_op *op) {
	return st_op_results_unused(op) && st_op_would_be_trivially_dead(op);
}

bool st_op_is_memory_effect_free(const st_op *op) { return effect_free(op, NONE_AT_ALL); }
