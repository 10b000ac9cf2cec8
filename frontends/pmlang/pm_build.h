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
	pm_type sem; /* the PMLang element type (fxp: elt is its iN) */
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

/* The PMLang type of a value whose IR type does not tell it: a fixed-point
 * value is an iN holding value * 2^frac. */
typedef struct pm_semval {
	st_value *v;
	pm_type t;
	st_value *im; /* complex: `v` is the real part, this the imaginary */
} pm_semval;

typedef struct pm_builder {
	pm_parser *p;
	st_context *ctx;
	void *isl; /* isl_ctx, created on the first check */
	int depth;
	pm_semval *sems;
	size_t nsems, semcap;
	int cpart; /* the part of a complex sum a group builds (1: real, 2: imaginary) */
	/* Bumped whenever what an expression's type depends on may change (a
	 * new statement, a reduction's indices), so that type_of's memo is
	 * only reused in the scope and environment it was computed in. */
	unsigned type_epoch;
	int64_t ninstances; /* components instantiated so far */
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
/* Scalar code for `e` at the end of `blk`, converted to `want` (kind
 * PM_T_NONE: its own type). */
st_value *st__pm_value(pm_builder *b, pm_scope *s, pm_env *env, st_block *blk, pm_expr *e, pm_type want);
/* The PMLang type `e` computes (the element type of an implicit local). */
pm_type st__pm_type_of(pm_builder *b, pm_scope *s, pm_expr *e);
/* The IR type of values of a PMLang type (NULL: none, e.g. str). */
st_type *st__pm_ir_type(pm_builder *b, pm_type t);

/* Scalar op emission shared by the expression builders (pm_expr.c). */
st_value *st__pm_emit1(pm_builder *b, st_block *blk, const char *name, st_value *x, st_type *t, pm_loc at);
st_value *st__pm_emit2(pm_builder *b, st_block *blk, const char *name, st_value *x, st_value *y, pm_loc at);
st_value *st__pm_constant(pm_builder *b, st_block *blk, st_type *t, int64_t i, double f, pm_loc at);
st_value *st__pm_cmp(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_loc at);
st_value *st__pm_select(pm_builder *b, st_block *blk, st_value *c, st_value *x, st_value *y, pm_loc at);
/* Converts between int, float, bool and index (not fxp). */
st_value *st__pm_convert(pm_builder *b, st_block *blk, st_value *v, st_type *t, pm_loc at);

/* Fixed point (pm_fxp.c, docs/pmlang.md "Fixed point"). */
bool st__pm_is_fxp(pm_type t);
/* Checks that arithmetic can be done in `t` (at most 32 bits, fewer than
 * 32 fractional). */
bool st__pm_fxp_check(pm_builder *b, pm_type t, pm_loc at);
void st__pm_set_type(pm_builder *b, st_value *v, pm_type t);
/* The PMLang type of a value (fxp when recorded, else from its IR type). */
pm_type st__pm_type_of_value(pm_builder *b, st_value *v);
/* `v` (of any PMLang type) converted to the fixed-point type `t`. */
st_value *st__pm_fxp_from(pm_builder *b, st_block *blk, st_value *v, pm_type t, pm_loc at);
/* A fixed-point `v` converted to the IR type `t` (int, float or bool). */
st_value *st__pm_fxp_to(pm_builder *b, st_block *blk, st_value *v, st_type *t, pm_loc at);
/* A literal (an integer `i`, or the float `f` when `is_float`) in `t`:
 * its scaled integer, and as a constant. */
int64_t st__pm_fxp_scale(bool is_float, int64_t i, double f, pm_type t);
st_value *st__pm_fxp_literal(pm_builder *b, st_block *blk, bool is_float, int64_t i, double f, pm_type t, pm_loc at);
/* `x op y` for two values of `t`: + - * / give `t`, comparisons an i1. */
st_value *st__pm_fxp_binary(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_type t, pm_loc at);
st_value *st__pm_fxp_neg(pm_builder *b, st_block *blk, st_value *x, pm_loc at);

/* Complex numbers (pm_complex.c, docs/pmlang.md "Complex numbers"): a
 * value is its real part, recorded with its imaginary part. */
bool st__pm_is_complex(pm_type t);
st_value *st__pm_complex_make(pm_builder *b, st_value *re, st_value *im);
st_value *st__pm_complex_im(pm_builder *b, st_value *v);
/* `v` as a complex value (a real one gets imaginary part 0). */
st_value *st__pm_complex_from(pm_builder *b, st_block *blk, st_value *v, pm_loc at);
/* + - * / give a complex value, == and != an i1; other comparisons are a
 * located error. */
st_value *st__pm_complex_binary(pm_builder *b, st_block *blk, int op, st_value *x, st_value *y, pm_loc at);
/* real, imag, abs (floats), conj and "-" (complex). */
st_value *st__pm_complex_unary(pm_builder *b, st_block *blk, const char *fn, st_value *x, pm_loc at);

/* Reports, at `at`, a subscript `k` of `name` (dimension size `size`) that
 * leaves [0, size-1] for some point of the bound indices. */
bool st__pm_check_bounds(pm_builder *b, const pm_env *env, const pm_lin *sub, pm_loc at, st_str name, size_t k,
                         int64_t size);
void st__pm_bounds_free(pm_builder *b);

/* Op creation at the end of a block, located at `at`. */
st_op *st__pm_emit(pm_builder *b, st_block *blk, const char *name, size_t nops, st_value *const *ops,
                   st_type *result, st_attr *attrs, size_t nregions, pm_loc at);
st_attr *st__pm_attrs(pm_builder *b, size_t n, const char *const *names, st_attr *const *vals);
/* The place the srdfg builders (strata/srdfg.h) build at: the end of a
 * block, located at `at`; and the check after one, which reports running
 * out of memory at `at` (false). */
st_builder st__pm_at(pm_builder *b, st_block *blk, pm_loc at);
bool st__pm_built(pm_builder *b, const void *made, pm_loc at);

#endif
