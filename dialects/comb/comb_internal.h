/* Shared between the files of the comb dialect. */
#ifndef STRATA_COMB_INTERNAL_H
#define STRATA_COMB_INTERNAL_H

#include "strata/asm.h"
#include "strata/hw.h"

bool st__comb_fold(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__comb_fold_mux(st_op *op, st_attr *const *operands, st_fold_result *results);
st_op *st__comb_materialize_constant(st_context *ctx, st_attr *value, st_type *type, st_attr *loc);

#endif
