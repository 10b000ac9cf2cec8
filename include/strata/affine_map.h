/* Affine expressions, maps and integer sets (MLIR's syntax and
 * simplification rules): part of the core (library strata_core), like
 * MLIR's AffineMap in its IR library, since memref layouts and the core's
 * strided-layout folding use them; the affine dialect's ops are in
 * strata/affine.h.  All three are uniqued in the context: equal
 * structures are the same pointer.  Construction simplifies, so
 * `d0 + 0` is `d0` and `(d0 * 2) floordiv 2` is `d0`.
 */
#ifndef STRATA_AFFINE_MAP_H
#define STRATA_AFFINE_MAP_H

#include "strata/ir.h"

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

#ifdef __cplusplus
}
#endif
#endif
