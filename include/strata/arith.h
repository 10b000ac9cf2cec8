/* The arith dialect (MLIR's arith): its registration, and builders of arith
 * ops, for lowerings that expand one op into a whole expression
 * (arith-soft-float, div-by-constant).  They build at an st_builder's
 * place (strata/builder.h): a failed creation (out of memory) sets
 * `failed`, and every builder given a NULL operand returns NULL, so an
 * expression can be written as nested calls and checked once at the end.
 */
#ifndef STRATA_ARITH_H
#define STRATA_ARITH_H

#include "strata/builder.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (ops, folders, canonicalizations, interpreter
 * semantics) in `ctx`; registering twice is harmless. */
ST_API st_status st_register_arith_dialect(st_context *ctx);

/* The place arith ops are built at (the builder every dialect shares). */
typedef st_builder st_arith_builder;

/* arith.cmpi predicates, numbered as MLIR numbers them. */
enum { ST_CMPI_EQ, ST_CMPI_NE, ST_CMPI_SLT, ST_CMPI_SLE, ST_CMPI_SGT, ST_CMPI_SGE, ST_CMPI_ULT, ST_CMPI_ULE,
       ST_CMPI_UGT, ST_CMPI_UGE };

/* Ops put before `before` in its block, located at its location. */
ST_API st_arith_builder st_arith_builder_before(st_op *before);

/* Op `name` with one result of type `result`. */
ST_API st_value *st_arith_build(st_arith_builder *b, const char *name, size_t n, st_value *const *operands, st_type *result,
                         st_attr *attrs);
ST_API st_value *st_arith_build_constant(st_arith_builder *b, st_type *type, int64_t value);
/* A binary op whose result has its operands' type (addi, shrui, ...). */
ST_API st_value *st_arith_build_binary(st_arith_builder *b, const char *name, st_value *x, st_value *y);
ST_API st_value *st_arith_build_cmpi(st_arith_builder *b, int predicate, st_value *x, st_value *y);
ST_API st_value *st_arith_build_select(st_arith_builder *b, st_value *cond, st_value *x, st_value *y);
/* A conversion (extui, trunci, bitcast, index_cast, ...) to `type`. */
ST_API st_value *st_arith_build_cast(st_arith_builder *b, const char *name, st_value *x, st_type *type);

/* Whether `v` is the result of an integer or index arith.constant, and its
 * value. */
ST_API bool st_arith_constant_int(const st_value *v, int64_t *out);

#ifdef __cplusplus
}
#endif

#endif
