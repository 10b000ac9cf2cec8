/* What the rewriting files of the core share (rewrite.c, rewriter.c,
 * rewriter_journal.c, fold.c, greedy.c, region_simplify.c, conversion*.c
 * and the passes built on them): small pointer containers, the rewriter's
 * layout (drivers embed one), its undo journal, the constant folder, and
 * region simplification.
 */
#ifndef STRATA_CORE_REWRITE_INTERNAL_H
#define STRATA_CORE_REWRITE_INTERNAL_H

#include "internal.h"
#include "strata/rewrite.h"

/* ------------------------------------------------------------ containers */

/* Pointer-keyed open-addressing hash map to uintptr_t, with deletion. */
typedef struct st__ptrslot {
	const void *key;
	uintptr_t val;
} st__ptrslot;

typedef struct st__ptrmap {
	st_context *ctx;
	st__ptrslot *slots;
	size_t cap, count, used; /* used: live entries + tombstones */
} st__ptrmap;

void st__ptrmap_init(st__ptrmap *m, st_context *ctx);
bool st__ptrmap_put(st__ptrmap *m, const void *key, uintptr_t val); /* false: out of memory */
/* Adds `key` -> `val` unless present; *slot is then the present entry's
 * value (else NULL).  One probe sequence. */
bool st__ptrmap_insert(st__ptrmap *m, const void *key, uintptr_t val, uintptr_t **slot);
bool st__ptrmap_get(const st__ptrmap *m, const void *key, uintptr_t *val);
static inline bool st__ptrmap_has(const st__ptrmap *m, const void *key) { return st__ptrmap_get(m, key, NULL); }
/* Removes `key`, giving its value; false when absent. */
bool st__ptrmap_take(st__ptrmap *m, const void *key, uintptr_t *val);
bool st__ptrmap_remove(st__ptrmap *m, const void *key);
void st__ptrmap_clear(st__ptrmap *m); /* keeps the memory */
void st__ptrmap_free(st__ptrmap *m);

/* A growable array of pointers. */
typedef struct st__ptrvec {
	st_context *ctx;
	void **data;
	size_t n, cap;
} st__ptrvec;

static inline void st__ptrvec_init(st__ptrvec *v, st_context *ctx) {
	v->ctx = ctx;
	v->data = NULL;
	v->n = v->cap = 0;
}
bool st__ptrvec_push(st__ptrvec *v, void *p);
void st__ptrvec_free(st__ptrvec *v);

/* ------------------------------------------------------------ rewriter */

typedef struct st__journal st__journal;

struct st_rewriter {
	st_context *ctx;
	st_block *ip_block; /* insertion block, or NULL */
	st_op *ip_before;   /* insert before this op; NULL: at the end of ip_block */
	st_rewriter_listener listener;
	/* When set, every change is recorded so that it can be undone, and
	 * erased ops and blocks are kept (detached) until the journal commits. */
	st__journal *journal;
	/* Conversion: the value to replace `from` with when a pattern replaces
	 * it with `to` (a cast when the types differ); NULL: `to` as is. */
	st_value *(*replacement)(void *ud, st_value *from, st_value *to);
	/* Conversion: the operands of `op` as remapped by the conversion. */
	void *conversion;
	uint64_t nchanges;
	/* Heap-allocated by st_rewriter_create_*; embedded otherwise. */
	bool owned;
};

/* An embedded rewriter (drivers keep one on their stack). */
void st__rewriter_init(st_rewriter *rw, st_context *ctx, const st_rewriter_listener *listener);
/* Detaches `op` and everything nested from all use-lists and successor
 * slots, so that a group of ops can be destroyed in any order. */
void st__drop_all_references(st_op *op);

/* ------------------------------------------------------------- journal */

/* Every change made through a journaled rewriter is appended as an undo
 * record; rolling back to a mark undoes the records after it, newest first,
 * leaving the IR exactly as it was at the mark (the same op and block
 * objects, the same operand order, the same use-lists). */
st__journal *st__journal_create(st_context *ctx);
/* Commits everything: destroys the ops and blocks erased meanwhile. */
void st__journal_destroy(st__journal *j);
size_t st__journal_mark(const st__journal *j);
void st__journal_rollback(st__journal *j, size_t mark);
/* Whether `op` is erased in the journal (or nested in an erased op or
 * block): detached and kept for a possible rollback. */
bool st__journal_is_erased(const st__journal *j, const st_op *op);

/* Records, made by rewriter.c before (or as) it changes the IR. */
void st__journal_inserted(st__journal *j, st_op *op);
void st__journal_erased(st__journal *j, st_op *op);                 /* before detaching */
void st__journal_moved(st__journal *j, st_op *op);                  /* before moving */
void st__journal_use_set(st__journal *j, st_op *owner, size_t idx); /* before changing */
void st__journal_modify(st__journal *j, st_op *op);                 /* snapshot before */
void st__journal_block_created(st__journal *j, st_block *b);
void st__journal_block_erased(st__journal *j, st_block *b);         /* before detaching */
void st__journal_block_moved(st__journal *j, st_block *b);          /* before moving */
void st__journal_value_type(st__journal *j, st_value *v);           /* before retyping */
void st__journal_arg_added(st__journal *j, st_block *b, size_t pos);
void st__journal_split(st__journal *j, st_block *b, st_block *tail);

/* ---------------------------------------------------------------- folding */

/* MLIR's OperationFolder: folds ops, materialises the constants they fold
 * to at the start of the entry block of the nearest enclosing region whose
 * op is isolated from above (or unregistered, or top-level), and keeps the
 * constants it made there unique per (dialect, value, type). */
typedef struct st__folder st__folder;
st__folder *st__folder_create(st_context *ctx);
void st__folder_destroy(st__folder *f);
/* Called before an op (or any op nested in one) is erased. */
void st__folder_notify_removal(st__folder *f, st_op *op);
bool st__folder_owns(const st__folder *f, const st_op *op);

typedef struct st__fold_hooks {
	void *ud;
	/* A constant the folder materialised (to revisit it). */
	void (*generated)(void *ud, st_op *constant);
	/* `op` folded to other values and is about to be replaced and erased. */
	void (*pre_replace)(void *ud, st_op *op);
} st__fold_hooks;

/* Folds `op`.  Returns false when it does not fold (a commutative op's
 * constant operands may still have been moved last, as MLIR does).  On
 * success either `*in_place` is set (the op changed itself) or the op's
 * results were replaced and it was erased. */
bool st__folder_try_fold(st__folder *f, st_op *op, const st__fold_hooks *hooks, bool *in_place);
/* A constant of `type` with `value` from `dialect`, unique in the folder's
 * insertion region of `at`; NULL when the dialect cannot materialise it. */
st_value *st__folder_get_constant(st__folder *f, st_block *at, st_dialect *dialect, st_attr *value, st_type *type,
                                  st_attr *loc);
/* Moves a commutative op's constant operands last (stable); true if
 * anything moved. */
bool st__move_constants_last(st_op *op);
/* Fills `consts` (one per operand) with the operands' constant values. */
void st__constant_operands(const st_op *op, st_attr **consts);
/* Calls the fold hook: false when there is none or it declines. */
bool st__op_fold_hook(st_op *op, st_attr *const *consts, st_fold_result *results);

/* ----------------------------------------------------- region simplification */

/* MLIR's simplifyRegions on the regions of `op`: erases unreachable
 * blocks, dead ops and dead block arguments (runRegionDCE), and merges
 * identical blocks.  Returns true when anything changed. */
bool st__simplify_regions(st_rewriter *rw, st_op *op);

/* ------------------------------------------------------------ branches */

/* The block argument a terminator's operand `idx` is forwarded to, or NULL
 * (not a successor operand, or no branch interface). */
st_value *st__branch_successor_arg(const st_op *term, size_t idx);
/* Replaces the operands `term` forwards to successor `succ` with `vals`
 * (through the interface's hook, or directly for an op whose successor
 * operands are its only variable operands).  False when it cannot. */
bool st__branch_can_set_successor_operands(const st_op *term, size_t succ);
bool st__branch_set_successor_operands(st_rewriter *rw, st_op *term, size_t succ, size_t n, st_value *const *vals);

/* ------------------------------------------------------------ conversion */

typedef struct st_conversion_target st_conversion_target;
typedef struct st_type_converter st_type_converter;
/* Whether `op` is legal and its nested ops are legal with it. */
bool st__target_recursively_legal(const st_conversion_target *t, const st_op *op);
/* The user's materialisation hooks, newest first; NULL when all decline. */
st_value *st__type_converter_materialize(st_type_converter *tc, bool target, st_rewriter *rw, st_type *type,
                                         st_value *input, st_attr *loc);

#endif
