/* Strata pattern rewriting: patterns matched on an op name, an interface or
 * any op, with benefits; a rewriter through which every IR change is made
 * (so that drivers can track it); folding with constant materialisation; and
 * the greedy driver behind canonicalize.  The dialect-conversion framework
 * that uses the same patterns and rewriter is in strata/conversion.h.
 */
#ifndef STRATA_REWRITE_H
#define STRATA_REWRITE_H

#include "strata/dialect.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_rewriter st_rewriter;
typedef struct st_pattern st_pattern;
typedef struct st_pattern_set st_pattern_set;

/* ----------------------------------------------------------------- patterns */

/* Matches `op` and, on success, rewrites it through `rw` and returns true.
 * Returning false means "no match": the IR must be untouched (the debug
 * build checks both directions: a pattern that reports success must have
 * changed something, one that reports failure must not have). */
typedef bool (*st_rewrite_fn)(const st_pattern *pat, st_op *op, st_rewriter *rw);
/* A conversion pattern (strata/conversion.h): the same, plus the op's
 * operands as the conversion has remapped them (replaced values looked
 * through, types converted by the type converter): MLIR's "adaptor". */
typedef bool (*st_convert_fn)(const st_pattern *pat, st_op *op, st_value *const *operands, st_rewriter *rw);

struct st_pattern {
	const char *name;      /* for debugging output and statistics */
	const char *root;      /* the op name matched, or NULL */
	const char *interface; /* or: any op implementing this interface id; both NULL: any op */
	unsigned benefit;      /* higher is tried first */
	st_rewrite_fn rewrite;
	const void *data;      /* pattern-specific constant data */
	/* Set instead of `rewrite` by conversion patterns; the greedy driver
	 * skips patterns that have no `rewrite`. */
	st_convert_fn convert;
};

/* An empty set (NULL when out of memory). */
ST_API st_pattern_set *st_pattern_set_create(st_context *ctx);
ST_API void st_pattern_set_destroy(st_pattern_set *set);
/* The pattern is referenced, not copied: it must outlive the set (patterns
 * are normally static constant data). */
ST_API st_status st_pattern_set_add(st_pattern_set *set, const st_pattern *pat);
ST_API st_status st_pattern_set_add_many(st_pattern_set *set, const st_pattern *pats, size_t n);
/* Every registered op's canonicalization patterns (st_opdef hook). */
ST_API st_status st_pattern_set_add_canonicalizations(st_pattern_set *set, st_context *ctx);
ST_API size_t st_pattern_set_size(const st_pattern_set *set);
/* The patterns that may match `op`, best first: by benefit, then patterns
 * naming the op or an interface before any-op patterns, then in the order
 * added.  Valid until the set changes. */
ST_API const st_pattern *const *st_pattern_set_lookup(const st_pattern_set *set, const st_op *op, size_t *n);

/* ----------------------------------------------------------------- rewriter */

/* Observes every change made through a rewriter (every hook optional).
 * Drivers use it to keep their worklists current; tests to record. */
typedef struct st_rewriter_listener {
	void *ud;
	void (*inserted)(void *ud, st_op *op);   /* created, cloned, inserted or moved */
	void (*erasing)(void *ud, st_op *op);    /* about to be erased (still in place) */
	void (*replacing)(void *ud, st_op *op, st_value *const *with); /* before its uses move */
	void (*modified)(void *ud, st_op *op);   /* after an in-place change ended */
	void (*block_inserted)(void *ud, st_block *b); /* created, split off or moved */
	void (*block_erasing)(void *ud, st_block *b);
	void (*match_failure)(void *ud, st_op *op, const char *reason);
} st_rewriter_listener;

ST_API st_context *st_rewriter_context(const st_rewriter *rw); /* the context of the IR it changes */

/* Where created ops go. */
ST_API void st_rewriter_set_insertion_before(st_rewriter *rw, st_op *op);
ST_API void st_rewriter_set_insertion_after(st_rewriter *rw, st_op *op);
ST_API void st_rewriter_set_insertion_start(st_rewriter *rw, st_block *b);
ST_API void st_rewriter_set_insertion_end(st_rewriter *rw, st_block *b);
ST_API st_block *st_rewriter_insertion_block(const st_rewriter *rw);

/* Creates an op at the insertion point. */
ST_API st_op *st_rewriter_create(st_rewriter *rw, const st_op_state *state);
/* Inserts a detached op at the insertion point. */
ST_API st_op *st_rewriter_insert(st_rewriter *rw, st_op *op);
ST_API st_op *st_rewriter_clone(st_rewriter *rw, st_op *op, st_value_map *map);
/* A constant of `type` holding `value`, built by the dialect's
 * materialisation hook (`dialect` NULL: the dialect of the type's users is
 * unknown, try arith then builtin).  NULL when no dialect can. */
ST_API st_op *st_rewriter_create_constant(st_rewriter *rw, st_dialect *dialect, st_attr *value, st_type *type,
                                   st_attr *loc);

/* Replaces every result of `op` with `values` (one per result) and erases it. */
ST_API void st_rewriter_replace_op(st_rewriter *rw, st_op *op, st_value *const *values);
/* Replaces `op` with the results of `with` (same count) and erases `op`. */
ST_API void st_rewriter_replace_op_with_op(st_rewriter *rw, st_op *op, st_op *with);
ST_API void st_rewriter_erase_op(st_rewriter *rw, st_op *op);
ST_API void st_rewriter_replace_all_uses(st_rewriter *rw, st_value *from, st_value *to);
/* The same, except the uses by `except` (e.g. a cast that reads `from`). */
ST_API void st_rewriter_replace_all_uses_except(st_rewriter *rw, st_value *from, st_value *to, st_op *except);
/* Moves `op` before `before` (another block is fine). */
ST_API void st_rewriter_move_op_before(st_rewriter *rw, st_op *op, st_op *before);

/* In-place modification (operands, attributes, successors, location) is
 * bracketed by start and end (or cancel, when nothing was changed). */
ST_API void st_rewriter_modify_start(st_rewriter *rw, st_op *op);
ST_API void st_rewriter_modify_end(st_rewriter *rw, st_op *op);
ST_API void st_rewriter_modify_cancel(st_rewriter *rw, st_op *op);

/* Blocks and regions. */
ST_API st_block *st_rewriter_create_block(st_rewriter *rw, st_region *r, st_block *before, size_t nargs,
                                   st_type *const *types, st_attr *const *locs);
ST_API void st_rewriter_erase_block(st_rewriter *rw, st_block *b);
ST_API st_block *st_rewriter_split_block(st_rewriter *rw, st_block *b, st_op *before);
/* Moves the blocks of `r` into `dest` before `before` (NULL: at the end). */
ST_API void st_rewriter_inline_region_before(st_rewriter *rw, st_region *r, st_region *dest, st_block *before);
/* Moves the ops of `src` before `before` (in another block), replacing the
 * arguments of `src` with `args`, and erases `src`. */
ST_API void st_rewriter_inline_block_before(st_rewriter *rw, st_block *src, st_op *before, st_value *const *args);
/* Appends the ops of `src` to `dest` (same as inlining at dest's end). */
ST_API void st_rewriter_merge_blocks(st_rewriter *rw, st_block *src, st_block *dest, st_value *const *args);

/* Why a pattern did not match, for debugging output; returns false so that
 * `return st_rewriter_match_failure(rw, op, "...")` reads naturally. */
ST_API bool st_rewriter_match_failure(st_rewriter *rw, st_op *op, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A rewriter that applies changes directly, for passes that rewrite without
 * a driver; `listener` (may be NULL) is copied. */
ST_API st_rewriter *st_rewriter_create_simple(st_context *ctx);
ST_API st_rewriter *st_rewriter_create_with_listener(st_context *ctx, const st_rewriter_listener *listener);
ST_API void st_rewriter_destroy(st_rewriter *rw);
/* How many changes the rewriter has made (each create, erase, replace,
 * in-place modification, block operation counts one). */
ST_API uint64_t st_rewriter_num_changes(const st_rewriter *rw);

/* ---------------------------------------------------------- side effects */

/* Whether `op` has no effect other than reading memory or allocating its
 * own results, nested ops included for ops with recursive effects
 * (MLIR's wouldOpBeTriviallyDead).  Terminators and unregistered ops never
 * are. */
ST_API bool st_op_would_be_trivially_dead(const st_op *op);
/* The same and no result is used: erasing it changes nothing. */
ST_API bool st_op_is_trivially_dead(const st_op *op);
/* Whether `op` has no memory effect at all (Pure, an empty effect list, or
 * recursive effects with every nested op effect-free). */
ST_API bool st_op_is_memory_effect_free(const st_op *op);

/* ------------------------------------------------------------------ folding */

/* Folds `op` with its constant operands (from constant-like producers).
 * On success `results` holds one entry per result (an attribute or a value)
 * and returns true; `*in_place` tells an in-place fold (the op changed,
 * results untouched). */
ST_API bool st_op_try_fold(st_op *op, st_fold_result *results, bool *in_place);
/* The constant value an op produces (ConstantLike), or NULL. */
ST_API st_attr *st_op_constant_value(const st_op *op);
/* The constant attribute behind `v` when its producer is constant-like. */
ST_API st_attr *st_value_constant(const st_value *v);

/* ----------------------------------------------------------- greedy driver */

typedef struct st_greedy_config {
	bool bottom_up;        /* seed the worklist bottom-up (default: top-down) */
	int max_iterations;    /* full sweeps until fixpoint; <= 0: default 10 */
	int64_t max_rewrites;  /* successful pattern applications in all; <= 0: unlimited */
	bool no_fold;          /* do not try op folders */
	bool no_region_simplify; /* do not erase unreachable blocks / dead args */
	/* Check every pattern application: one that reports success must have
	 * changed the IR, one that reports failure must not have (an error
	 * naming the pattern, and ST_FAIL).  Builds without NDEBUG always check
	 * the rewriter's record and the root op; this flag also fingerprints
	 * everything under `op` around each application (slow). */
	bool check_patterns;
	bool no_warning;       /* do not warn on non-convergence (still ST_FAIL) */
} st_greedy_config;

/* Applies `set` and the folders to the ops nested in `op` until nothing
 * changes.  On non-convergence within the limits, warns at `op` naming the
 * limit and returns ST_FAIL (the IR is valid either way).  `changed` may be
 * NULL. */
ST_API st_status st_apply_patterns_greedily(st_op *op, const st_pattern_set *set, const st_greedy_config *cfg,
                                     bool *changed);

#ifdef __cplusplus
}
#endif
#endif
