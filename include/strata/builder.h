/* Where builders put ops: the place every dialect's builders share
 * (st_arith_build_*, st_hw_build_*, st_comb_build_*, st_seq_build_*, ...),
 * so that a lowering can mix them.  Ops go before `before` in `block` (at
 * its end when `before` is NULL), located at `loc`, created through `rw`
 * when it is set (a pattern's or a conversion's rewriter, which tracks
 * and can undo them).  A builder given a NULL operand or result type, or
 * whose op cannot be created (out of memory), returns NULL and sets
 * `failed`; so an expression can be written as nested calls and checked
 * once at the end. */
#ifndef STRATA_BUILDER_H
#define STRATA_BUILDER_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_rewriter st_rewriter;

typedef struct st_builder {
	st_context *ctx;
	st_block *block;
	st_op *before;
	st_attr *loc;
	bool failed;
	st_rewriter *rw;
} st_builder;

/* A builder appending to `block`, or inserting before `op` at its location. */
ST_API st_builder st_builder_at_end(st_context *ctx, st_block *block, st_attr *loc);
ST_API st_builder st_builder_before(st_op *op);

/* Op `name` with the given operands, result types, attribute dictionary
 * (NULL: none) and `nregions` empty regions, at the builder's place. */
ST_API st_op *st_build_op(st_builder *b, const char *name, size_t n, st_value *const *operands, size_t nresults,
                   st_type *const *result_types, st_attr *attrs, size_t nregions);

#ifdef __cplusplus
}
#endif
#endif
