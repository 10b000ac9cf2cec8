/* Affine maps and sets expanded into arith ops (affine_expand.c), for
 * lower-affine and the transforms that need bounds as values. */
#ifndef STRATA_AFFINE_EXPAND_H
#define STRATA_AFFINE_EXPAND_H

#include "affine_internal.h"

st_value *st__affine_cmpi(st_rewriter *rw, st_attr *loc, int pred, st_value *a, st_value *b);
st_value *st__affine_select(st_rewriter *rw, st_attr *loc, st_value *c, st_value *a, st_value *b);
/* `e` with its dims and symbols bound to values; NULL on failure. */
st_value *st__affine_expand(st_rewriter *rw, st_attr *loc, st_affine_expr *e, st_value *const *dims,
                            st_value *const *syms);
/* Result r of `m` over its operands (dims then symbols). */
st_value *st__affine_expand_result(st_rewriter *rw, st_attr *loc, const st_affine_map *m, size_t r,
                                   st_value *const *operands);
/* The max (or min) of results [first, first + n). */
st_value *st__affine_expand_min_max(st_rewriter *rw, st_attr *loc, const st_affine_map *m, size_t first, size_t n,
                                    st_value *const *operands, bool is_max);
/* An i1 that holds when every constraint of `set` does. */
st_value *st__affine_expand_set(st_rewriter *rw, st_attr *loc, const st_integer_set *set,
                                st_value *const *operands);

#endif
