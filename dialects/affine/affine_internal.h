/* What the files of the affine dialect share besides the public accessors
 * and builders of strata/affine.h: the syntax hooks (affine_syntax*.c), the verifiers
 * (affine_verify.c), folders and patterns (affine_fold.c, affine_canon.c),
 * the interpreter hooks (affine_interp.c) and small helpers. */
#ifndef STRATA_AFFINE_INTERNAL_H
#define STRATA_AFFINE_INTERNAL_H

#include "strata/affine.h"
#include "strata/asm.h"
#include "strata/pass.h"

#include <string.h>

static inline bool st__affine_is(const st_op *op, const char *name) {
	return op && strcmp(st_op_name_cstr(op), name) == 0;
}

/* Copies n values; src may be NULL when n is 0 (memcpy's may not). */
static inline void st__affine_copy(st_value **dst, st_value *const *src, size_t n) {
	if (n)
		memcpy(dst, src, n * sizeof *dst);
}

/* ------------------------------------------------------- affine_syntax.c */

st_status st__affine_parse_for(st_parser *p, st_parse_state *s);
void st__affine_print_for(st_printer *p, st_op *op);
st_status st__affine_parse_if(st_parser *p, st_parse_state *s);
void st__affine_print_if(st_printer *p, st_op *op);
st_status st__affine_parse_load(st_parser *p, st_parse_state *s);
void st__affine_print_load(st_printer *p, st_op *op);
st_status st__affine_parse_store(st_parser *p, st_parse_state *s);
void st__affine_print_store(st_printer *p, st_op *op);
/* affine.apply, affine.min, affine.max: `#map(%d)[%s]`. */
st_status st__affine_parse_map_op(st_parser *p, st_parse_state *s);
void st__affine_print_map_op(st_printer *p, st_op *op);
st_status st__affine_parse_parallel(st_parser *p, st_parse_state *s);
void st__affine_print_parallel(st_printer *p, st_op *op);

/* ------------------------------------------------- affine_syntax_util.c */

/* Growable list of operand references starting in a small buffer (do not
 * copy it once used). */
typedef struct st__affine_refs {
	st_operand_ref small[8];
	st_operand_ref *v;
	size_t n, cap;
} st__affine_refs;
void st__affine_refs_init(st__affine_refs *r);
st_operand_ref *st__affine_refs_push(st_context *ctx, st__affine_refs *r);
void st__affine_refs_free(st_context *ctx, st__affine_refs *r);
/* The dims and symbols met while parsing subscripts `%A[%i + symbol(%n)]`
 * or affine.parallel's bounds: each distinct `%x` becomes the next dim,
 * each distinct `symbol(%x)` the next symbol. */
typedef struct st__affine_ids {
	st_context *ctx;
	st__affine_refs dims, syms;
} st__affine_ids;
void st__affine_ids_init(st__affine_ids *ids, st_context *ctx);
void st__affine_ids_free(st__affine_ids *ids);
st_affine_expr *st__affine_ids_resolve(void *ud, const st_operand_ref *ref, bool is_symbol, char *errbuf,
                                       size_t errlen);
/* Resolves the dims then the symbols as index operands of the op. */
st_status st__affine_ids_add_operands(st_parser *p, st_parse_state *s, const st__affine_ids *ids);
/* `(%d, ...)` and optionally `[%s, ...]`, resolved as index operands;
 * checks the counts against the map's. */
st_status st__affine_parse_dim_sym_list(st_parser *p, st_parse_state *s, unsigned ndims, unsigned nsyms,
                                        size_t *count);
void st__affine_print_dim_sym_list(st_printer *p, st_op *op, size_t start, unsigned ndims, unsigned nsyms);
/* Prints the results of `map` with its dims and symbols spelled as the
 * operands [start, ...) of `op`: `%i + 1, symbol(%n)`; results
 * [first, first + n). */
void st__affine_print_map_ssa(st_printer *p, st_op *op, const st_affine_map *map, size_t start, size_t first,
                              size_t n);
/* MLIR's ensureTerminator with affine.yield. */
st_status st__affine_ensure_yield(st_parse_state *s, st_region *r);
/* Whether a region's terminator would be printed implicitly. */
bool st__affine_implicit_yield(st_region *r);

/* MLIR's arith::AtomicRMWKind keywords in enum order, NULL-terminated
 * (affine_access.c). */
const char *const *st__affine_reduction_kinds(void);

/* The bits of the identity of reduction `kind` on `t` (what lower-affine
 * starts scf.parallel's accumulators from and the interpreter starts
 * affine.parallel's): false when the kind does not apply to the type
 * (affine_interp.c). */
bool st__affine_reduction_identity(const char *kind, st_type *t, uint64_t *out);

/* ------------------------------------------------------- affine_verify.c */

st_status st__affine_verify_for(st_op *op);
st_status st__affine_verify_if(st_op *op);
st_status st__affine_verify_load(st_op *op);
st_status st__affine_verify_store(st_op *op);
st_status st__affine_verify_map_op(st_op *op);
st_status st__affine_verify_parallel(st_op *op);
st_status st__affine_verify_yield(st_op *op);
/* MLIR's isValidDim / isValidSymbol. */
bool st__affine_valid_dim(st_value *v);
bool st__affine_valid_symbol(st_value *v);

/* ------------------------------------------------------ affine_fold.c */

bool st__affine_fold_apply(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__affine_fold_min(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__affine_fold_max(st_op *op, st_attr *const *operands, st_fold_result *results);
void st__affine_map_op_patterns(void *set);
void st__affine_access_patterns(void *set);
void st__affine_for_patterns(void *set);
void st__affine_if_patterns(void *set);

/* ------------------------------------------------------ affine_util.c */

/* The constant integer (index) value of `v` (an arith.constant), if any. */
bool st__affine_const_value(const st_value *v, int64_t *out);
/* An arith.constant of index type at the insertion point. */
st_value *st__affine_const_index(st_rewriter *rw, st_attr *loc, int64_t v);
/* An op at the rewriter's insertion point with a map attribute. */
st_op *st__affine_create(st_rewriter *rw, const char *name, st_attr *loc, size_t n, st_value *const *operands,
                         size_t nres, st_type *const *types, st_attr *attrs, size_t nregions);

/* MLIR's canonicalizeMapAndOperands: constants folded into the map,
 * duplicate and unused operands dropped.  *map and the operand list
 * (vals[0..*n), capacity at least *n) are updated in place; returns
 * whether anything changed. */
bool st__affine_canonicalize_map(st_context *ctx, const st_affine_map **map, st_value **vals, size_t *n);
/* Folds producing affine.apply ops into `map` (MLIR's
 * fullyComposeAffineMapAndOperands, one level at a time until none is
 * left).  *vals is reallocated through the context when it grows: it
 * must be context memory of capacity *cap elements. */
bool st__affine_compose_applies(st_context *ctx, const st_affine_map **map, st_value ***vals, size_t *n,
                                size_t *cap);

#endif
