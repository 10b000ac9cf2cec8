/* What the two files of the math dialect share: the folders (math_fold.c)
 * the op table in math.c refers to. */
#ifndef STRATA_MATH_INTERNAL_H
#define STRATA_MATH_INTERNAL_H

#include "strata/asm.h"
#include "strata/math.h"


/* MLIR 14's folders: math.ceil and math.log2 of a scalar float constant. */
bool st__math_fold_ceil(st_op *op, st_attr *const *operands, st_fold_result *results);
bool st__math_fold_log2(st_op *op, st_attr *const *operands, st_fold_result *results);

#endif
