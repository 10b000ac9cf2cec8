/* The accessors of strata/affine.h: where each affine op keeps its maps and
 * operands, and walks over loop nests. */
#include "affine_internal.h"

bool st_affine_is_for(const st_op *op) { return st__affine_is(op, "affine.for"); }
bool st_affine_is_if(const st_op *op) { return st__affine_is(op, "affine.if"); }
bool st_affine_is_load(const st_op *op) { return st__affine_is(op, "affine.load"); }
bool st_affine_is_store(const st_op *op) { return st__affine_is(op, "affine.store"); }
bool st_affine_is_apply(const st_op *op) { return st__affine_is(op, "affine.apply"); }
bool st_affine_is_min(const st_op *op) { return st__affine_is(op, "affine.min"); }
bool st_affine_is_max(const st_op *op) { return st__affine_is(op, "affine.max"); }
bool st_affine_is_parallel(const st_op *op) { return st__affine_is(op, "affine.parallel"); }
bool st_affine_is_yield(const st_op *op) { return st__affine_is(op, "affine.yield"); }

static const st_affine_map *map_attr(const st_op *op, const char *name) {
	st_attr *a = st_op_get_attr(op, name);
	return a && st_attr_get_kind(a) == ST_ATTR_AFFINE_MAP ? st_attr_affine_map(a) : NULL;
}

/* ---------------------------------------------------------- affine.for */

const st_affine_map *st_affine_for_lb_map(const st_op *op) { return map_attr(op, "lowerBoundMap"); }
const st_affine_map *st_affine_for_ub_map(const st_op *op) { return map_attr(op, "upperBoundMap"); }

static size_t map_inputs(const st_affine_map *m) {
	return m ? (size_t)st_affine_map_num_dims(m) + st_affine_map_num_symbols(m) : 0;
}

/* Clamped to the operands, so that a malformed op (being verified) reads
 * no further than it has. */
static size_t clamp(const st_op *op, size_t start, size_t n) {
	size_t total = st_op_num_operands(op);
	return start >= total ? 0 : n < total - start ? n : total - start;
}

size_t st_affine_for_lb_operands(const st_op *op, size_t *start) {
	*start = 0;
	return clamp(op, 0, map_inputs(st_affine_for_lb_map(op)));
}

size_t st_affine_for_ub_operands(const st_op *op, size_t *start) {
	*start = st_affine_for_lb_operands(op, start);
	return clamp(op, *start, map_inputs(st_affine_for_ub_map(op)));
}

size_t st_affine_for_inits(const st_op *op, size_t *start) {
	size_t n = st_affine_for_ub_operands(op, start);
	*start += n;
	return st_op_num_operands(op) - *start;
}

int64_t st_affine_for_step(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "step");
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER ? st_attr_int_value(a) : 1;
}

st_block *st_affine_for_body(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }

st_value *st_affine_for_iv(st_op *op) {
	st_block *b = st_affine_for_body(op);
	return b && st_block_num_args(b) ? st_block_arg(b, 0) : NULL;
}

size_t st_affine_for_num_iter_args(st_op *op) {
	st_block *b = st_affine_for_body(op);
	return b && st_block_num_args(b) ? st_block_num_args(b) - 1 : 0;
}

st_value *st_affine_for_iter_arg(st_op *op, size_t i) { return st_block_arg(st_affine_for_body(op), i + 1); }

static bool const_map(const st_affine_map *m, int64_t *out) {
	if (!m || st_affine_map_num_results(m) != 1 || st_affine_expr_kind(st_affine_map_result(m, 0)) != ST_AFFINE_CONST)
		return false;
	*out = st_affine_expr_value(st_affine_map_result(m, 0));
	return true;
}

bool st_affine_for_constant_bounds(const st_op *op, int64_t *lb, int64_t *ub) {
	return const_map(st_affine_for_lb_map(op), lb) && const_map(st_affine_for_ub_map(op), ub);
}

int64_t st_affine_for_const_trip_count(const st_op *op) {
	int64_t lb, ub, step = st_affine_for_step(op);
	if (!st_affine_for_constant_bounds(op, &lb, &ub) || step <= 0)
		return -1;
	if (ub <= lb)
		return 0;
	return (int64_t)(((uint64_t)ub - (uint64_t)lb + (uint64_t)step - 1) / (uint64_t)step);
}

/* ---------------------------------------------------------- affine.if */

const st_integer_set *st_affine_if_set(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "condition");
	return a && st_attr_get_kind(a) == ST_ATTR_INTEGER_SET ? st_attr_integer_set(a) : NULL;
}

st_block *st_affine_if_then(st_op *op) { return st_region_first_block(st_op_region(op, 0)); }
st_block *st_affine_if_else(st_op *op) { return st_region_first_block(st_op_region(op, 1)); }

/* ------------------------------------------ load, store, apply, min, max */

const st_affine_map *st_affine_op_map(const st_op *op) { return map_attr(op, "map"); }

size_t st_affine_op_map_operands(const st_op *op, size_t *start) {
	size_t first = st_affine_is_store(op) ? 2 : st_affine_is_load(op) ? 1 : 0;
	*start = first;
	return st_op_num_operands(op) - first;
}

st_value *st_affine_access_memref(const st_op *op) { return st_op_operand(op, st_affine_is_store(op) ? 1 : 0); }
st_value *st_affine_store_value(const st_op *op) { return st_op_operand(op, 0); }

/* ------------------------------------------------------ affine.parallel */

const st_affine_map *st_affine_parallel_lb_map(const st_op *op) { return map_attr(op, "lowerBoundsMap"); }
const st_affine_map *st_affine_parallel_ub_map(const st_op *op) { return map_attr(op, "upperBoundsMap"); }

size_t st_affine_parallel_num_dims(const st_op *op) {
	st_attr *a = st_op_get_attr(op, "steps");
	return a && st_attr_get_kind(a) == ST_ATTR_ARRAY ? st_attr_array_size(a) : 0;
}

static size_t parallel_group(const st_op *op, const char *name, size_t d, size_t *first) {
	st_attr *g = st_op_get_attr(op, name);
	size_t n = g ? st_attr_dense_num_values(g) : 0, at = 0;
	*first = 0;
	if (!g || d >= st_affine_parallel_num_dims(op))
		return 0;
	bool splat = st_attr_dense_is_splat(g);
	for (size_t i = 0; i < d; i++)
		at += (size_t)st_attr_dense_int(g, splat ? 0 : i);
	*first = at;
	(void)n;
	return (size_t)st_attr_dense_int(g, splat ? 0 : d);
}

size_t st_affine_parallel_lb_group(const st_op *op, size_t d, size_t *first) {
	return parallel_group(op, "lowerBoundsGroups", d, first);
}
size_t st_affine_parallel_ub_group(const st_op *op, size_t d, size_t *first) {
	return parallel_group(op, "upperBoundsGroups", d, first);
}

int64_t st_affine_parallel_step(const st_op *op, size_t d) {
	return st_attr_int_value(st_attr_array_elt(st_op_get_attr(op, "steps"), d));
}

size_t st_affine_parallel_lb_operands(const st_op *op, size_t *start) {
	const st_affine_map *m = st_affine_parallel_lb_map(op);
	*start = 0;
	return m ? st_affine_map_num_dims(m) + st_affine_map_num_symbols(m) : 0;
}

size_t st_affine_parallel_ub_operands(const st_op *op, size_t *start) {
	size_t nlb = st_affine_parallel_lb_operands(op, start);
	*start = nlb;
	return st_op_num_operands(op) - nlb;
}

/* MLIR's arith::AtomicRMWKind, in enum order. */
static const char *const reduction_kinds[] = {"addf", "addi", "assign", "maximumf", "maxs", "maxu", "minimumf",
                                              "mins", "minu", "mulf", "muli", "ori", "andi", "maxnumf",
                                              "minnumf", NULL};

const char *st_affine_parallel_reduction(const st_op *op, size_t i) {
	st_attr *a = st_op_get_attr(op, "reductions");
	if (!a || st_attr_get_kind(a) != ST_ATTR_ARRAY || i >= st_attr_array_size(a))
		return NULL;
	st_attr *k = st_attr_array_elt(a, i);
	if (st_attr_get_kind(k) != ST_ATTR_INTEGER)
		return NULL;
	int64_t v = st_attr_int_value(k);
	return v >= 0 && v < (int64_t)(sizeof reduction_kinds / sizeof *reduction_kinds) - 1 ? reduction_kinds[v] : NULL;
}

/* ----------------------------------------------------------- loop nests */

size_t st_affine_enclosing_loops(st_op *op, st_op **out, size_t cap) {
	size_t n = 0;
	for (st_op *p = st_op_parent_op(op); p; p = st_op_parent_op(p))
		n += st_affine_is_for(p);
	size_t k = n;
	for (st_op *p = st_op_parent_op(op); p; p = st_op_parent_op(p))
		if (st_affine_is_for(p) && --k < cap)
			out[k] = p;
	return n;
}

size_t st_affine_perfect_nest(st_op *outer, st_op **out, size_t cap) {
	size_t n = 0;
	for (st_op *l = outer; st_affine_is_for(l);) {
		if (n < cap)
			out[n] = l;
		n++;
		st_block *b = st_affine_for_body(l);
		st_op *first = b ? st_block_first_op(b) : NULL;
		if (!first || !st_affine_is_for(first) || st_op_next(first) != st_block_last_op(b))
			break;
		l = first;
	}
	return n;
}

typedef struct loop_walk {
	st_walk_fn fn;
	void *ud;
} loop_walk;

static st_walk_result visit(st_op *op, void *ud) {
	loop_walk *w = ud;
	return st_affine_is_for(op) ? w->fn(op, w->ud) : ST_WALK_ADVANCE;
}

st_walk_result st_affine_walk_loops(st_op *root, st_walk_order order, st_walk_fn fn, void *ud) {
	loop_walk w = {fn, ud};
	return st_walk(root, order, visit, &w);
}

const char *const *st__affine_reduction_kinds(void) { return reduction_kinds; }
