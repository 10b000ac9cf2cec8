/* What the srdfg dialect's files share: verifiers, interpreter hooks and
 * the Graphviz export's registration. */
#ifndef STRATA_SRDFG_INTERNAL_H
#define STRATA_SRDFG_INTERNAL_H

#include "strata/interp.h"
#include "strata/srdfg.h"

/* Indices of one compute, reduce or load (a box the interpreter walks). */
#define ST__SRDFG_MAX_IDX 16

bool st__srdfg_scalar_ok(const st_type *t);
bool st__srdfg_value_ok(const st_type *t);

st_status st__srdfg_verify_graph(st_op *op);
st_status st__srdfg_verify_node(st_op *op);
st_status st__srdfg_verify_yield(st_op *op);
st_status st__srdfg_verify_return(st_op *op);
st_status st__srdfg_verify_compute(st_op *op);
st_status st__srdfg_verify_reduce(st_op *op);
st_status st__srdfg_verify_load(st_op *op);
st_status st__srdfg_verify_constant(st_op *op);

/* The element type of an edge's value (the scalar itself for scalars). */
st_type *st__srdfg_elt(const st_type *edge);
/* The rank of an edge's value (0 for scalars). */
size_t st__srdfg_rank(const st_type *edge);

extern const st_interp_hook st__srdfg_node_hook;
extern const st_interp_hook st__srdfg_yield_hook;
extern const st_interp_hook st__srdfg_return_hook;
extern const st_interp_hook st__srdfg_compute_hook;
extern const st_interp_hook st__srdfg_reduce_hook;
extern const st_interp_hook st__srdfg_load_hook;
extern const st_interp_hook st__srdfg_init_hook;
extern const st_interp_hook st__srdfg_constant_hook;

st_status st__srdfg_register_translations(st_context *ctx);

/* Passes (srdfg_passes.c registers them all). */
struct st_pass_def;
extern const struct st_pass_def st__srdfg_simplify_pass;
extern const struct st_pass_def st__srdfg_bounds_pass;
extern const struct st_pass_def st__srdfg_raise_pass;

#endif
