/* Strata dialect conversion (after MLIR's DialectConversion): a conversion
 * target saying which ops are legal, a type converter with
 * materialisations, and conversion patterns (st_pattern with `convert`,
 * strata/rewrite.h) that receive the op's operands already remapped.
 *
 * Partial conversion legalises what it can and fails only on ops marked
 * illegal that stay; full conversion fails unless every op ends legal.  A
 * failed conversion leaves the IR exactly as it was (every change is
 * journaled and undone), and a pattern that fails after changing the IR is
 * undone alone.  Ops a pattern creates are legalised in turn (recursively,
 * to a bounded depth, never with a pattern already being applied).
 * docs/conversion.md describes the design.
 */
#ifndef STRATA_CONVERSION_H
#define STRATA_CONVERSION_H

#include "strata/rewrite.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ target */

typedef struct st_conversion_target st_conversion_target;

typedef enum st_legality {
	ST_LEGALITY_UNKNOWN, /* not mentioned by the target */
	ST_LEGALITY_LEGAL,
	ST_LEGALITY_ILLEGAL,
} st_legality;

/* Dynamic legality: true when `op` is legal as it is. */
typedef bool (*st_legality_fn)(void *ud, const st_op *op);

/* A target that mentions nothing yet (NULL when out of memory). */
ST_API st_conversion_target *st_conversion_target_create(st_context *ctx);
ST_API void st_conversion_target_destroy(st_conversion_target *t);
/* Ops by name ("arith.addi"); an op entry overrides its dialect's. */
ST_API st_status st_target_add_legal_op(st_conversion_target *t, const char *name);
ST_API st_status st_target_add_illegal_op(st_conversion_target *t, const char *name);
ST_API st_status st_target_add_dynamic_op(st_conversion_target *t, const char *name, st_legality_fn fn, void *ud);
/* Every op of a dialect ("arith"). */
ST_API st_status st_target_add_legal_dialect(st_conversion_target *t, const char *dialect);
ST_API st_status st_target_add_illegal_dialect(st_conversion_target *t, const char *dialect);
ST_API st_status st_target_add_dynamic_dialect(st_conversion_target *t, const char *dialect, st_legality_fn fn, void *ud);
/* Ops the target does not mention: legal when `fn` says so (MLIR's
 * markUnknownOpDynamicallyLegal). */
ST_API void st_target_set_unknown_legality(st_conversion_target *t, st_legality_fn fn, void *ud);
/* The ops nested in a legal op named `name` are legal too (MLIR's
 * markOpRecursivelyLegal). */
ST_API st_status st_target_add_recursively_legal_op(st_conversion_target *t, const char *name);
ST_API st_legality st_target_legality(const st_conversion_target *t, const st_op *op);

/* ----------------------------------------------------------- type converter */

typedef struct st_type_converter st_type_converter;

/* A conversion rule: the converted type, or NULL when the rule does not
 * apply (the next older rule is tried).  A rule that knows `t` cannot be
 * converted sets *fail. */
typedef st_type *(*st_type_rule)(void *ud, st_type *t, bool *fail);
/* Builds a value of `type` from `input` at the rewriter's insertion point
 * (through the rewriter), or returns NULL to let the next hook try. */
typedef st_value *(*st_materialize_fn)(void *ud, st_rewriter *rw, st_type *type, st_value *input, st_attr *loc);

/* A converter without rules (NULL when out of memory). */
ST_API st_type_converter *st_type_converter_create(st_context *ctx);
ST_API void st_type_converter_destroy(st_type_converter *tc);
/* Rules are tried newest first; a type no rule converts cannot be converted
 * (as in MLIR, a converter that keeps some types needs an identity rule). */
ST_API st_status st_type_converter_add_rule(st_type_converter *tc, st_type_rule rule, void *ud);
/* A rule converting every type to itself (MLIR's `addConversion([](Type t)
 * { return t; })`), usually added first. */
ST_API st_status st_type_converter_add_identity(st_type_converter *tc);
/* Source: converted type -> original type, for users not yet converted.
 * Target: original type -> converted type, for the operands a pattern
 * receives.  Without a hook (or when all decline) the framework inserts
 * builtin.unrealized_conversion_cast. */
ST_API st_status st_type_converter_add_source_materialization(st_type_converter *tc, st_materialize_fn fn, void *ud);
ST_API st_status st_type_converter_add_target_materialization(st_type_converter *tc, st_materialize_fn fn, void *ud);
/* The converted type, or NULL when it cannot be converted. */
ST_API st_type *st_type_converter_convert(st_type_converter *tc, st_type *t);
ST_API bool st_type_converter_is_legal(st_type_converter *tc, st_type *t);
/* Whether every operand and result type of `op` (and every block argument
 * of its regions) is legal: the usual dynamic-legality test. */
ST_API bool st_type_converter_is_op_legal(st_type_converter *tc, const st_op *op);

/* ----------------------------------------------------------------- running */

typedef struct st_conversion_config {
	st_type_converter *type_converter; /* NULL: operands are remapped, not converted */
	unsigned max_depth;                /* nested legalisations; 0: 16 */
	/* Do not fold illegal ops before trying the patterns (MLIR always
	 * does): for a lowering that must expand each op as written, leaving
	 * constant folding to canonicalize. */
	bool no_fold;
	/* Called on each op that is legal only because it was left alone in a
	 * partial conversion (MLIR's unconvertedOps), may be NULL. */
	void (*unconverted)(void *ud, st_op *op);
	void *ud;
} st_conversion_config;

/* Legalises `op` and everything nested in it.  On failure the IR is left
 * exactly as it was and an error names the op: "failed to legalize
 * operation 'x.y'" (full), "... that was explicitly marked illegal"
 * (partial). */
ST_API st_status st_apply_partial_conversion(st_op *op, const st_conversion_target *target, const st_pattern_set *patterns,
                                      const st_conversion_config *cfg);
ST_API st_status st_apply_full_conversion(st_op *op, const st_conversion_target *target, const st_pattern_set *patterns,
                                   const st_conversion_config *cfg);

/* What a conversion pattern may ask of the rewriter it is given. */
ST_API st_type_converter *st_rewriter_type_converter(const st_rewriter *rw);
/* Converts the argument types of every block of `r` (the entry block too),
 * inserting source materialisations for the users of the old values.
 * Fails (changing nothing) when a type cannot be converted. */
ST_API st_status st_rewriter_convert_region_types(st_rewriter *rw, st_region *r, st_type_converter *tc);
/* Retypes the entry block's arguments to `types` (n = their count), with
 * source materialisations for the old users: the core of a function
 * signature conversion. */
ST_API st_status st_rewriter_set_entry_arg_types(st_rewriter *rw, st_block *b, size_t n, st_type *const *types);

#ifdef __cplusplus
}
#endif
#endif
