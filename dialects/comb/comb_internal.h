/* Shared between the files of the comb dialect. */
#ifndef STRATA_COMB_INTERNAL_H
#define STRATA_COMB_INTERNAL_H

#include "strata/asm.h"
#include "strata/comb.h"

bool st__comb_fold(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__comb_fold_mux(st_op *op, st_attr *const *operands, st_fold_result *results);
void st__comb_add_patterns(void *set);
void st__comb_mul_patterns(void *set);
void st__comb_and_patterns(void *set);
void st__comb_or_patterns(void *set);
void st__comb_xor_patterns(void *set);
void st__comb_concat_patterns(void *set);
/* The op name of a kind ("comb.add"), or NULL for ST_COMB_NONE. */
const char *st__comb_op_name(st_comb_kind k);
st_op *st__comb_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc);

#endif
