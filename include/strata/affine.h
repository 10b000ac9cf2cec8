/* Affine expressions, maps and integer sets (MLIR's syntax and
 * simplification rules).  All three are uniqued in the context: equal
 * structures are the same pointer.  Construction simplifies, so
 * `d0 + 0` is `d0` and `(d0 * 2) floordiv 2` is `d0`.
 */
#ifndef STRATA_AFFINE_H
#define STRATA_AFFINE_H

#include "strata/rewrite.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_affine_expr st_affine_expr;

typedef enum st_affine_kind {
	ST_AFFINE_ADD,
	ST_AFFINE_MUL,
	ST_AFFINE_MOD,
	ST_AFFINE_FLOORDIV,
	ST_AFFINE_CEILDIV,
	ST_AFFINE_CONST,
	ST_AFFINE_DIM,
	ST_AFFINE_SYMBOL,
} st_affine_kind;

/* Leaves: a constant, dimension d<pos>, symbol s<pos>. */
ST_API st_affine_expr *st_affine_const(st_context *ctx, int64_t value);
ST_API st_affine_expr *st_affine_dim(st_context *ctx, unsigned pos);
ST_API st_affine_expr *st_affine_symbol(st_context *ctx, unsigned pos);
/* Binary constructors simplify.  They return NULL for the expressions
 * MLIR's parser rejects as non-affine: a product in which neither side is
 * symbolic-or-constant (d0 * d1), a floordiv, ceildiv or mod whose right
 * side is not symbolic-or-constant (d0 mod d1).  Semi-affine forms MLIR
 * accepts (d0 * s0, d0 floordiv s0) are kept, and so, as in MLIR, are a
 * division or modulo by a constant <= 0 (left unsimplified; evaluating one
 * fails).  NULL operands give NULL. */
ST_API st_affine_expr *st_affine_add(st_context *ctx, st_affine_expr *a, st_affine_expr *b);
ST_API st_affine_expr *st_affine_mul(st_context *ctx, st_affine_expr *a, st_affine_expr *b);
ST_API st_affine_expr *st_affine_mod(st_context *ctx, st_affine_expr *a, st_affine_expr *b);
ST_API st_affine_expr *st_affine_floordiv(st_context *ctx, st_affine_expr *a, st_affine_expr *b);
ST_API st_affine_expr *st_affine_ceildiv(st_context *ctx, st_affine_expr *a, st_affine_expr *b);
ST_API st_affine_expr *st_affine_neg(st_context *ctx, st_affine_expr *a);
ST_API st_affine_expr *st_affine_sub(st_context *ctx, st_affine_expr *a, st_affine_expr *b);
/* The binary constructor for `kind` (ADD ... CEILDIV); NULL for other kinds. */
ST_API st_affine_expr *st_affine_binary(st_context *ctx, st_affine_kind kind, st_affine_expr *a, st_affine_expr *b);

/* Reading an expression: its kind, the operands of a binary one, the value
 * of a constant, the position of a dim or symbol. */
ST_API st_affine_kind st_affine_expr_kind(const st_affine_expr *e);
ST_API st_affine_expr *st_affine_expr_lhs(const st_affine_expr *e);
ST_API st_affine_expr *st_affine_expr_rhs(const st_affine_expr *e);
ST_API int64_t st_affine_expr_value(const st_affine_expr *e);
ST_API unsigned st_affine_expr_position(const st_affine_expr *e);
ST_API bool st_affine_expr_is_pure_affine(const st_affine_expr *e);
/* No dimension occurs in it (MLIR's isSymbolicOrConstant). */
ST_API bool st_affine_expr_is_symbolic_or_constant(const st_affine_expr *e);
/* Evaluates with the given dimension and symbol values (floor semantics:
 * -7 floordiv 2 = -4, -7 mod 3 = 2); false on overflow, on a floordiv,
 * ceildiv or mod by a value < 1, or when dims/syms is NULL but needed. */
ST_API bool st_affine_expr_eval(const st_affine_expr *e, const int64_t *dims, const int64_t *syms,
                         int64_t *out);
/* Replaces dims and symbols (either array may be NULL to keep them; a
 * non-NULL array must cover every position that occurs).  NULL when the
 * result is not affine (a symbol replaced by a dim in d0 * s0). */
ST_API st_affine_expr *st_affine_expr_replace(st_context *ctx, st_affine_expr *e,
                                       st_affine_expr *const *dims, st_affine_expr *const *syms);

/* (d0, d1)[s0] -> (e0, e1) */
ST_API const st_affine_map *st_affine_map_get(st_context *ctx, unsigned ndims, unsigned nsyms,
                                       size_t nresults, st_affine_expr *const *results);
ST_API const st_affine_map *st_affine_map_identity(st_context *ctx, unsigned ndims);
ST_API const st_affine_map *st_affine_map_constant(st_context *ctx, int64_t value);
ST_API unsigned st_affine_map_num_dims(const st_affine_map *m);
ST_API unsigned st_affine_map_num_symbols(const st_affine_map *m);
ST_API size_t st_affine_map_num_results(const st_affine_map *m);
ST_API st_affine_expr *st_affine_map_result(const st_affine_map *m, size_t i);
ST_API bool st_affine_map_is_identity(const st_affine_map *m);
ST_API bool st_affine_map_eval(const st_affine_map *m, const int64_t *dims, const int64_t *syms,
                        int64_t *out);
/* result = outer(inner(x)), as MLIR's outer.compose(inner): the result has
 * inner's dims and outer's symbols followed by inner's.  NULL unless
 * outer's dims == inner's results. */
ST_API const st_affine_map *st_affine_map_compose(st_context *ctx, const st_affine_map *outer,
                                           const st_affine_map *inner);
/* The affine map a strided layout stands for (MLIR's
 * makeStridedLinearLayoutMap): `(d0, d1)[s0] -> (d0 * 8 + s0 + d1)`, one
 * symbol for a dynamic offset, then one per dynamic stride. */
ST_API const st_affine_map *st_strided_layout_map(st_context *ctx, const st_attr *layout);

/* (d0)[s0] : (e0 >= 0, e1 == 0).  is_eq may be NULL (all inequalities).
 * With n == 0 this is the universe, stored as MLIR's parser stores `()`:
 * the single constraint 0 == 0. */
ST_API const st_integer_set *st_integer_set_get(st_context *ctx, unsigned ndims, unsigned nsyms,
                                         size_t n, st_affine_expr *const *constraints,
                                         const bool *is_eq);
ST_API unsigned st_integer_set_num_dims(const st_integer_set *s);
ST_API unsigned st_integer_set_num_symbols(const st_integer_set *s);
ST_API size_t st_integer_set_num_constraints(const st_integer_set *s);
ST_API st_affine_expr *st_integer_set_constraint(const st_integer_set *s, size_t i);
ST_API bool st_integer_set_is_eq(const st_integer_set *s, size_t i);
/* Whether the point satisfies every constraint. */
ST_API bool st_integer_set_contains(const st_integer_set *s, const int64_t *dims, const int64_t *syms);

/* Text.  Parsing works on the contents between `affine_map<` and `>`
 * (resp. `affine_set<`...`>`); on failure it sets *err_off to the byte
 * offset of the problem and writes a message into errbuf (MLIR's wording,
 * e.g. "use of undeclared identifier").  err_off and errbuf may be NULL.
 * Whitespace and `//` comments may appear between tokens. */
ST_API st_status st_affine_map_parse(st_context *ctx, st_str text, const st_affine_map **out,
                              size_t *err_off, char *errbuf, size_t errlen);
ST_API st_status st_integer_set_parse(st_context *ctx, st_str text, const st_integer_set **out,
                               size_t *err_off, char *errbuf, size_t errlen);
/* The same, but the map/set may be followed by anything (such as the `>`
 * closing `affine_map<`): parsing stops after its last `)` and *consumed is
 * the number of bytes read. */
ST_API st_status st_affine_map_parse_prefix(st_context *ctx, st_str text, const st_affine_map **out,
                                     size_t *consumed, size_t *err_off, char *errbuf, size_t errlen);
ST_API st_status st_integer_set_parse_prefix(st_context *ctx, st_str text, const st_integer_set **out,
                                      size_t *consumed, size_t *err_off, char *errbuf, size_t errlen);

/* Resolves an identifier of a bare affine expression: `name` as written (a
 * bare id `i`, or an SSA id `%i` including the `%`); is_symbol is true when
 * it was written `symbol(%i)`; `off` is its byte offset in the text.  Returns
 * the expression it stands for (usually a dim or symbol, which the resolver
 * may allocate on first use, as MLIR does for `affine.load %A[%i + 1]`), or
 * NULL: then the parser reports "use of undeclared identifier" unless the
 * resolver already wrote a message of its own into errbuf. */
typedef st_affine_expr *(*st_affine_resolve_fn)(void *ud, st_str name, bool is_symbol, size_t off,
                                                char *errbuf, size_t errlen);
/* Parses one affine expression at the start of `text` (leading whitespace
 * skipped) and stops before the first token that cannot continue it (`,`,
 * `]`, `)`, `{`, end of text...); *consumed is the number of bytes read. */
ST_API st_status st_affine_expr_parse(st_context *ctx, st_str text, st_affine_resolve_fn resolve, void *resolve_ud,
                               st_affine_expr **out, size_t *consumed, size_t *err_off, char *errbuf,
                               size_t errlen);

/* Printing, exactly as MLIR prints: `d0 * 2 + s0 - 1`, `-d0`,
 * `(d0 + 1) floordiv 2`, `(d0, d1)[s0] -> (d0 + s0, d1)`,
 * `(d0)[s0] : (d0 - s0 >= 0, d0 == 0)`. */
ST_API void st_affine_expr_print(const st_affine_expr *e, st_write_fn w, void *ud);
ST_API void st_affine_map_print(const st_affine_map *m, st_write_fn w, void *ud);
ST_API void st_integer_set_print(const st_integer_set *s, st_write_fn w, void *ud);
/* Prints `e` with dims and symbols spelled by `id` (for custom op syntax
 * such as `%A[%i + 1]` or `symbol(%n)`); `id` writes through w/ud itself. */
typedef void (*st_affine_print_id_fn)(void *id_ud, bool is_symbol, unsigned pos, st_write_fn w, void *ud);
ST_API void st_affine_expr_print_ids(const st_affine_expr *e, st_affine_print_id_fn id, void *id_ud, st_write_fn w,
                              void *ud);

/* ------------------------------------------------------------ the ops
 *
 * Registration, typed accessors and builders of the affine ops.  They follow
 * MLIR's operand layout (AffineOps.td):
 *   affine.for      operands [lb operands][ub operands][iter inits], split
 *                   by the maps' input counts (MLIR 14's layout, no
 *                   operandSegmentSizes); attrs lowerBoundMap,
 *                   upperBoundMap, step (index); one block whose arguments
 *                   are the induction variable then the iter_args.
 *   affine.if       operands = dims then symbols of `condition` (a set).
 *   affine.load     operands [memref][map operands], attr `map`.
 *   affine.store    operands [value][memref][map operands], attr `map`.
 *   affine.apply, affine.min, affine.max: operands of `map`.
 *   affine.parallel operands [lb map operands][ub map operands]; attrs
 *                   lowerBoundsMap/Groups, upperBoundsMap/Groups, steps,
 *                   reductions.
 * In every map's operand list the dims come first, then the symbols. */

/* Registers the dialect (ops, interfaces, interpreter semantics, --mlir14
 * spellings) in `ctx`; registering twice is harmless. */
ST_API st_status st_register_affine_dialect(st_context *ctx);
/* The affine dialect's passes (lower-affine, affine-loop-tile, affine-loop-
 * unroll, the isl-backed affine-loop-interchange, -fusion, scalrep, ...). */
ST_API st_status st_register_affine_passes(st_context *ctx);
/* test-affine-isl, which prints the polyhedral model of each loop nest for
 * lit tests; strata-opt registers it only with --enable-test-passes. */
ST_API st_status st_register_affine_test_passes(st_context *ctx);

/* --------------------------------------------------------------- kinds */

/* Whether `op` is the affine op of that name. */
ST_API bool st_affine_is_for(const st_op *op);
ST_API bool st_affine_is_if(const st_op *op);
ST_API bool st_affine_is_load(const st_op *op);
ST_API bool st_affine_is_store(const st_op *op);
ST_API bool st_affine_is_apply(const st_op *op);
ST_API bool st_affine_is_min(const st_op *op);
ST_API bool st_affine_is_max(const st_op *op);
ST_API bool st_affine_is_parallel(const st_op *op);
ST_API bool st_affine_is_yield(const st_op *op);

/* ---------------------------------------------------------- affine.for */

/* The bound maps (each over its own operands). */
ST_API const st_affine_map *st_affine_for_lb_map(const st_op *op);
ST_API const st_affine_map *st_affine_for_ub_map(const st_op *op);
/* Operand ranges: [*start, *start + return value). */
ST_API size_t st_affine_for_lb_operands(const st_op *op, size_t *start);
ST_API size_t st_affine_for_ub_operands(const st_op *op, size_t *start);
ST_API size_t st_affine_for_inits(const st_op *op, size_t *start);
ST_API int64_t st_affine_for_step(const st_op *op);
ST_API st_block *st_affine_for_body(st_op *op);
ST_API st_value *st_affine_for_iv(st_op *op);
ST_API size_t st_affine_for_num_iter_args(st_op *op);
ST_API st_value *st_affine_for_iter_arg(st_op *op, size_t i); /* body argument i + 1 */
/* Both bounds are single-result constant maps (MLIR's hasConstant*Bound). */
ST_API bool st_affine_for_constant_bounds(const st_op *op, int64_t *lb, int64_t *ub);
/* The trip count when both bounds are constant, else -1. */
ST_API int64_t st_affine_for_const_trip_count(const st_op *op);

/* ---------------------------------------------------------- affine.if */

/* The condition and the two blocks. */
ST_API const st_integer_set *st_affine_if_set(const st_op *op);
ST_API st_block *st_affine_if_then(st_op *op);
ST_API st_block *st_affine_if_else(st_op *op); /* NULL when there is no else */

/* ------------------------------------------ load, store, apply, min, max */

/* The `map` of affine.load, affine.store, affine.apply, affine.min and
 * affine.max. */
ST_API const st_affine_map *st_affine_op_map(const st_op *op);
/* The operands of that map: [*start, *start + return value). */
ST_API size_t st_affine_op_map_operands(const st_op *op, size_t *start);
ST_API st_value *st_affine_access_memref(const st_op *op);    /* load, store */
ST_API st_value *st_affine_store_value(const st_op *op);      /* store */

/* ------------------------------------------------------ affine.parallel */

/* Its dimensions and their bound maps (a dimension may be bounded by a
 * max or min of several results: the groups below). */
ST_API size_t st_affine_parallel_num_dims(const st_op *op);
ST_API const st_affine_map *st_affine_parallel_lb_map(const st_op *op);
ST_API const st_affine_map *st_affine_parallel_ub_map(const st_op *op);
/* How many results of the lb/ub map bound dimension d (a max / a min of
 * them), and the first one. */
ST_API size_t st_affine_parallel_lb_group(const st_op *op, size_t d, size_t *first);
ST_API size_t st_affine_parallel_ub_group(const st_op *op, size_t d, size_t *first);
ST_API int64_t st_affine_parallel_step(const st_op *op, size_t d);
ST_API size_t st_affine_parallel_lb_operands(const st_op *op, size_t *start);
ST_API size_t st_affine_parallel_ub_operands(const st_op *op, size_t *start);
/* The reduction kind of result i, as MLIR's arith::AtomicRMWKind keyword
 * ("addf", "mulf", "maximumf", ...), or NULL. */
ST_API const char *st_affine_parallel_reduction(const st_op *op, size_t i);

/* ----------------------------------------------------------- loop nests */

/* The affine.for ops enclosing `op` (not `op` itself), outermost first;
 * writes up to `cap` and returns how many there are. */
ST_API size_t st_affine_enclosing_loops(st_op *op, st_op **out, size_t cap);
/* The perfectly nested band rooted at `outer` (an affine.for whose body
 * holds only the next affine.for and its terminator, and so on), outermost
 * first; writes up to `cap` loops and returns the band's depth. */
ST_API size_t st_affine_perfect_nest(st_op *outer, st_op **out, size_t cap);
/* Calls fn on every affine.for inside `root` (root included when it is
 * one), in the given order; ST_WALK_SKIP in pre-order skips a loop's body. */
ST_API st_walk_result st_affine_walk_loops(st_op *root, st_walk_order order, st_walk_fn fn, void *ud);

/* ------------------------------------------------------------- builders */

/* Each creates the op at the rewriter's insertion point; NULL on failure.
 * affine.for gets its body block (induction variable, then one argument per
 * init) and, when it has no inits, its affine.yield. */
ST_API st_op *st_affine_build_for(st_rewriter *rw, st_attr *loc, const st_affine_map *lb, size_t nlb,
                           st_value *const *lb_ops, const st_affine_map *ub, size_t nub, st_value *const *ub_ops,
                           int64_t step, size_t ninits, st_value *const *inits);
ST_API st_op *st_affine_build_const_for(st_rewriter *rw, st_attr *loc, int64_t lb, int64_t ub, int64_t step);
ST_API st_op *st_affine_build_apply(st_rewriter *rw, st_attr *loc, const st_affine_map *map, size_t n,
                             st_value *const *operands);
ST_API st_op *st_affine_build_load(st_rewriter *rw, st_attr *loc, st_value *memref, const st_affine_map *map, size_t n,
                            st_value *const *operands);
ST_API st_op *st_affine_build_store(st_rewriter *rw, st_attr *loc, st_value *value, st_value *memref,
                             const st_affine_map *map, size_t n, st_value *const *operands);
ST_API st_op *st_affine_build_yield(st_rewriter *rw, st_attr *loc, size_t n, st_value *const *operands);
/* affine.if with an empty then block (ending in affine.yield when it has
 * no results) and, when `with_else`, an else block likewise. */
ST_API st_op *st_affine_build_if(st_rewriter *rw, st_attr *loc, const st_integer_set *set, size_t n,
                          st_value *const *operands, size_t nresults, st_type *const *result_types, bool with_else);

#ifdef __cplusplus
}
#endif
#endif
