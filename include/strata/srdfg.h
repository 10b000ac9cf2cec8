/* The srdfg dialect (docs/dialects/srdfg.md): PMLang's simultaneous-recursive
 * dataflow graph.  A component instance is an srdfg.node whose region holds
 * the instance's own graph; edges are SSA values of type
 * !srdfg.edge<modifier, type> carrying the flow modifier and the shape. */
#ifndef STRATA_SRDFG_H
#define STRATA_SRDFG_H

#include "strata/builder.h"
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
ST_API st_status st_register_srdfg_dialect(st_context *ctx);
/* Its passes: srdfg-flatten, -dead-node-elim, -simplify, -check-bounds,
 * -raise-to-codelet. */
ST_API st_status st_register_srdfg_passes(st_context *ctx);
/* The modifier's keyword ("input", ...). */
ST_API const char *st_srdfg_mod_name(st_srdfg_mod m);
/* !srdfg.edge<m, value>: `value` is a scalar type (i1, i32, f32, ...) or a
 * ranked tensor of one.  NULL when the dialect is not registered. */
ST_API st_type *st_srdfg_edge_type(st_context *ctx, st_srdfg_mod m, st_type *value);
ST_API bool st_srdfg_is_edge(const st_type *t);
ST_API st_srdfg_mod st_srdfg_edge_mod(const st_type *t);
ST_API st_type *st_srdfg_edge_value(const st_type *t);
/* What the edge is at a function boundary: memref of the tensor's shape,
 * or the scalar type. */
ST_API st_type *st_srdfg_edge_memref(st_context *ctx, const st_type *t);

/* ------------------------------------------------------------ reading */

/* The index box of srdfg.compute and srdfg.reduce: dimension i runs from
 * lb to ub, both included; rank 0 for other ops. */
ST_API size_t st_srdfg_box_rank(const st_op *op);
ST_API int64_t st_srdfg_box_lb(const st_op *op, size_t i);
ST_API int64_t st_srdfg_box_ub(const st_op *op, size_t i);
/* The `map` of srdfg.compute (box point -> the element it writes) or
 * srdfg.load (index operands -> the element it reads); NULL when absent
 * (a scalar edge). */
ST_API const st_affine_map *st_srdfg_map(const st_op *op);
/* srdfg.reduce's kind ("sum", "prod", "max", "min" or a user reduction's
 * name), srdfg.node's component, srdfg.constant's value. */
ST_API st_str st_srdfg_reduce_kind(const st_op *op);
ST_API st_str st_srdfg_node_component(const st_op *op);
ST_API st_attr *st_srdfg_constant_value(const st_op *op);

/* ----------------------------------------------------------- builders */

/* Each builds at an st_builder's place (strata/builder.h); ops with
 * regions get them empty, for the caller to fill. */
/* srdfg.graph @name (its body's arguments are the component's). */
ST_API st_op *st_srdfg_build_graph(st_builder *b, st_str name);
/* srdfg.node of `component` (domain may be NULL) on `args`, with `nouts`
 * output edges. */
ST_API st_op *st_srdfg_build_node(st_builder *b, st_str component, const char *domain, size_t nargs, st_value *const *args,
                           size_t nouts, st_type *const *outs);
/* srdfg.compute: `init` with the points of the box written (the body's
 * arguments are the box's indices); `map` may be NULL. */
ST_API st_op *st_srdfg_build_compute(st_builder *b, st_value *init, size_t rank, const int64_t *lb, const int64_t *ub,
                              const st_affine_map *map);
/* srdfg.reduce of `kind` over the box, with its body and combiner regions. */
ST_API st_op *st_srdfg_build_reduce(st_builder *b, st_str kind, size_t rank, const int64_t *lb, const int64_t *ub,
                             st_type *result_type);
/* srdfg.load of `source` at `map` (or NULL) of the index values. */
ST_API st_value *st_srdfg_build_load(st_builder *b, st_value *source, size_t n, st_value *const *indices,
                              const st_affine_map *map, st_type *result_type);
/* srdfg.init (a zero-filled local edge) and srdfg.constant (a literal). */
ST_API st_value *st_srdfg_build_init(st_builder *b, st_type *edge);
ST_API st_value *st_srdfg_build_constant(st_builder *b, st_attr *value, st_type *edge);
/* The terminators: srdfg.yield and srdfg.return. */
ST_API st_op *st_srdfg_build_yield(st_builder *b, size_t n, st_value *const *values);
ST_API st_op *st_srdfg_build_return(st_builder *b, size_t n, st_value *const *values);

#ifdef __cplusplus
}
#endif
#endif
