/* The srdfg dialect (docs/dialects/srdfg.md): PMLang's simultaneous-recursive
 * dataflow graph.  A component instance is an srdfg.node whose region holds
 * the instance's own graph; edges are SSA values of type
 * !srdfg.edge<modifier, type> carrying the flow modifier and the shape. */
#ifndef STRATA_SRDFG_H
#define STRATA_SRDFG_H

#include "strata/dialect.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The flow modifier of an edge.  LOCAL marks values a component declares
 * (or introduces by assigning them) rather than receives. */
typedef enum st_srdfg_mod {
	ST_SRDFG_INPUT,
	ST_SRDFG_OUTPUT,
	ST_SRDFG_STATE,
	ST_SRDFG_PARAM,
	ST_SRDFG_LOCAL,
} st_srdfg_mod;

/* Registers the dialect (with arith and math, and --view-srdfg). */
st_status st_register_srdfg_dialect(st_context *ctx);
/* Its passes: srdfg-flatten, -dead-node-elim, -simplify, -check-bounds,
 * -raise-to-codelet. */
st_status st_register_srdfg_passes(st_context *ctx);
/* The modifier's keyword ("input", ...). */
const char *st_srdfg_mod_name(st_srdfg_mod m);
/* !srdfg.edge<m, value>: `value` is a scalar type (i1, i32, f32, ...) or a
 * ranked tensor of one.  NULL when the dialect is not registered. */
st_type *st_srdfg_edge_type(st_context *ctx, st_srdfg_mod m, st_type *value);
bool st_srdfg_is_edge(const st_type *t);
st_srdfg_mod st_srdfg_edge_mod(const st_type *t);
st_type *st_srdfg_edge_value(const st_type *t);
/* What the edge is at a function boundary: memref of the tensor's shape,
 * or the scalar type. */
st_type *st_srdfg_edge_memref(st_context *ctx, const st_type *t);

#ifdef __cplusplus
}
#endif
#endif
