/* The polyhedral model of affine loop nests: one statement per
 * affine.load / affine.store, with its iteration domain (isl_set), its
 * access relation (isl_map) and its place in the original execution order
 * (a 2d+1 schedule map: [c0, i0, c1, i1, ..., cd], the c's ranking the op
 * and its enclosing loops among their siblings).
 *
 * The scope is a run of sibling ops of one block (one loop nest, or several
 * consecutive nests for fusion).  Loops of the scope become set dimensions
 * (an affine.parallel one per induction variable, its iterations taken in
 * lexicographic order);
 * every value defined outside the scope and used in a map (function
 * arguments, enclosing loops' induction variables, dims of memrefs) becomes
 * an isl parameter; constants fold in; affine.apply results are composed.
 * affine.if conditions restrict the domain of the ops they guard (the else
 * branch gets the complement).  Memrefs are arrays, distinct SSA values
 * being distinct arrays, as MLIR's affine analyses assume.
 *
 * Names in isl text: statements S0, S1, ... in program order, loop
 * dimensions i0, i1, ... by depth, arrays and parameters `argN` for the
 * N-th argument of the enclosing function and A0, P0, ... otherwise.
 */
#ifndef STRATA_AFFINE_ISL_MODEL_H
#define STRATA_AFFINE_ISL_MODEL_H

#include "strata/affine_isl.h"
#include "strata/ir.h"

#include <isl/map.h>
#include <isl/union_map.h>
#include <isl/union_set.h>

typedef struct st__isl_stmt {
	st_op *op;       /* affine.load or affine.store */
	bool write;
	unsigned array;  /* index into st__isl_model.arrays */
	unsigned depth;  /* loops of the scope around the op */
	st_op **loops;   /* those loops, outermost first */
	isl_set *domain; /* S<k>[i0, ...] */
	isl_map *access; /* S<k>[...] -> array[...] */
	isl_map *schedule;
} st__isl_stmt;

typedef struct st__isl_model {
	st_context *ctx;
	isl_ctx *ictx;
	st__isl_stmt *stmts;
	size_t nstmts;
	st_value **arrays;
	size_t narrays;
	st_value **params;
	size_t nparams;
	isl_space *params_space; /* the parameters, in order */
	st_op **roots;           /* the scope */
	size_t nroots;
	unsigned max_depth;
	/* Scratch of the build (context memory). */
	size_t stmt_cap, array_cap, param_cap;
} st__isl_model;

/* Why a scope could not be modelled: the op at fault and a message. */
typedef struct st__isl_model_error {
	st_op *op;
	char msg[256];
} st__isl_model_error;

/* Models the ops roots[0..n) (consecutive siblings).  NULL when something
 * in them is outside the model (an op with memory effects that is not an
 * affine access, a non-affine subscript, ...); *err
 * then says what and where.  The model's isl objects live in `ictx`. */
st__isl_model *st__isl_model_build(st_context *ctx, isl_ctx *ictx, st_op *const *roots, size_t n,
                                   st__isl_model_error *err);
void st__isl_model_destroy(st__isl_model *m);

/* The iterations of loops[0..n) (nested in the scope, outermost first) as
 * a set named `name` over the model's parameters; NULL when isl fails. */
isl_set *st__isl_model_loops_domain(st__isl_model *m, st_op *const *loops, unsigned n, const char *name);

/* Unions over the statements (new objects). */
isl_union_set *st__isl_model_domains(const st__isl_model *m);
/* Accesses of the writes (`writes`) or of the reads. */
isl_union_map *st__isl_model_accesses(const st__isl_model *m, bool writes);
isl_union_map *st__isl_model_schedule(const st__isl_model *m);
/* The statement whose domain tuple is `id` (S<k>), or -1. */
int st__isl_model_stmt_of(const st__isl_model *m, isl_id *id);
/* The isl name of an array or parameter value (static storage is not
 * used: writes into buf). */
const char *st__isl_model_value_name(const st__isl_model *m, const st_value *v, char *buf, size_t n);

#endif
