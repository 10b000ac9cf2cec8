/* What the srDFG builder's files share: the names visible in a component
 * instance, the index environment of the statement being built, and the
 * entry points of expression building (pm_expr.c) and of the isl bounds
 * check (pm_bounds.c). */
#ifndef STRATA_PM_BUILD_H
#define STRATA_PM_BUILD_H

#include "pm_ast.h"

#include "strata/srdfg.h"

#define PM_MAX_RANK 8
#define PM_MAX_IDX 16
/* Index ranges and arrays are limited to 2^31 values, so that boxes, sizes
 * and subscripts stay far from int64 overflow. */
#define PM_MAX_SIZE ((int64_t)1 << 31)

typedef enum pm_vkind {
	PM_V_EDGE,  /* an argument or local: an SSA edge */
	PM_V_INDEX, /* an index variable */
	PM_V_SYM,   /* a symbolic size bound from an argument's shape */
} pm_vkind;

typedef struct pm_var {
	st_str name;
	pm_vkind kind;
	pm_loc loc;
	/* Edges. */
	st_value *val;
	st_srdfg_mod mod;
	st_type *elt;
	size_t rank;
	int64_t shape[PM_MAX_RANK];
	/* A scalar param whose value is known (a literal argument, a default). */
	bool has_const;
	bool const_float;
	int64_t ci;
	double cf;
	/* Index ranges (inclusive) and symbolic sizes (lo). */
	int64_t lo, hi;
} pm_var;

/* One component instance being built. */
typedef struct pm_scope {
	pm_component *comp;
	pm_var *vars;
	size_t nvars, cap;
	st_block *block;
	int depth;
	struct pm_scope *parent;
	const char *domain; /* inherited domain, or NULL */
} pm_scope;

/* A linear form c0 + sum c[k] * idx_k over the bound indices. */
typedef struct pm_lin {
	int64_t c0;
	int64_t c[PM_MAX_IDX];
} pm_lin;

/* An index filter `[j: a op b]` as linear forms (op: '<', PM_OP_NE, ...). */
typedef struct pm_filter {
	pm_lin a, b;
	int op;
} pm_filter;

/* The indices bound while building one statement: the left-hand side's,
 * then those of enclosing reductions; and scalar names of a user
 * reduction's combiner. */
typedef struct pm_env {
	size_t nidx;
	st_str names[PM_MAX_IDX];
	int64_t lo[PM_MAX_IDX], hi[PM_MAX_IDX];
	st_value *vals[PM_MAX_IDX];
	size_t nfilters;
	pm_filter filters[PM_MAX_IDX];
	/* Combiner arguments (a, b) of a user reduction. */
	st_str scalar_names[2];
	st_value *scalar_vals[2];
	size_t nscalars;
	bool combiner; /* only the scalars are visible */
} pm_env;

typedef struct pm_builder {
	pm_parser *p;
	st_context *ctx;
	void *isl; /* isl_ctx, created on the first check */
	int depth;
} pm_builder;

pm_var *st__pm_lookup(pm_scope *s, st_str name);
/* Checks that an array of `rank` dimensions `shape` named `name` holds at
 * most PM_MAX_SIZE elements. */
bool st__pm_check_size(pm_builder *b, st_str name, size_t rank, const int64_t *shape, pm_loc at);
int st__pm_env_index(const pm_env *env, st_str name);

/* Constant integer expressions (index bounds, sizes, literal arguments). */
bool st__pm_const_int(pm_builder *b, pm_scope *s, pm_expr *e, int64_t *out);
/* A subscript as a linear form over the bound indices. */
bool st__pm_linear(pm_builder *b, pm_scope *s, const pm_env *env, pm_expr *e, pm_lin *out);
/* Scalar code for `e` at the end of `blk`; `want` (NULL: its own type)
 * converts the result. */
st_value *st__pm_value(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, st_type *want);
/* Whether `e` computes a float (the element type of an implicit local). */
bool st__pm_is_float(pm_builder *b, pm_scope *s, pm_expr *e);

/* Reports, at `at`, a subscript `k` of `name` (dimension size `size`) that
 * leaves [0, size-1] for some point of the bound indices. */
bool st__pm_check_bounds(pm_builder *b, const pm_env *env, const pm_lin *sub, pm_loc at, st_str name, size_t k,
                         int64_t size);
void st__pm_bounds_free(pm_builder *b);

/* Op creation at the end of a block, located at `at`. */
st_op *st__pm_emit(pm_builder *b, st_block *blk, const char *name, size_t nops, st_value *const *ops,
                   st_type *result, st_attr *attrs, size_t nregions, pm_loc at);
st_attr *st__pm_attrs(pm_builder *b, size_t n, const char *const *names, st_attr *const *vals);

#endif
