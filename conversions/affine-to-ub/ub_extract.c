/* ub-extract: the accelerated region of an affine function becomes a
 * ub.graph (docs/unified-buffers.md).  Each top-level loop nest is a stage
 * writing one memref; the nests writing the same memref (a pure definition
 * and its updates) merge into one kernel per stencil: reduction loops are
 * unrolled and each load of the value being updated is replaced by the
 * value last stored, so the kernel has one store and k loads.  Loads are
 * grouped by memref and index into read ports, stores into write ports;
 * indices are shifted so each intermediate buffer starts at 0; constant
 * tables read at constant indices fold into the kernel (tap registers).
 * The schedule written is the sequential one; ub-schedule replaces it. */
#include "ub_extract.h"
#include "strata/asm.h"
#include "strata/accel.h"
#include "strata/affine.h"
#include "strata/conversions/affine_to_ub.h"
#include "strata/pass.h"
#include "strata/ub.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_READS 64
#define MAX_STAGES 32
#define MAX_BUFS 32
#define MAX_IDX 256

typedef struct xread {
	int buf;
	st_ub_aff acc[ST_UB_MAX_DIMS];
	st_value *arg; /* the kernel body's argument */
} xread;

typedef struct xstage {
	int buf; /* the buffer it writes */
	/* A read-modify-write statement (an update over a rolled reduction,
	 * or any update after one): it reads the element it updates from the
	 * buffer instead of taking the value its kernel last stored. */
	bool rmw;
	bool host; /* a nest of the function outside the accelerator (.hl form) */
	unsigned npure; /* the domain's leading pure loops; the rest are rolled */
	/* Its innermost pure loop is unrolled (accel.unroll: the inner half
	 * of `unroll(xi, n)`): n lanes, when every stage has them (lanes). */
	bool lane;
	char name[80];  /* its statement and kernel: the buffer's, or <buffer>_update<k> */
	unsigned ndims;
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS];
	st_op *loops[ST_UB_MAX_DIMS];
	st_ub_aff store[ST_UB_MAX_DIMS];
	xread reads[MAX_READS];
	size_t nreads;
	/* The kernel's scalar arguments the stage reads (ub.params: inputs of
	 * the kernel after the reads), their numbers and body arguments. */
	unsigned params[MAX_READS];
	st_value *param_args[MAX_READS];
	size_t nparams;
	st_block *body;
	st_value *cur;
	int64_t latency;
	st_value_map *vmap; /* nest values -> kernel body values */
	/* Domain coordinates the body computes with (a parity select): one
	 * index argument each, after the read values, in coord_dim order. */
	st_value *coord[ST_UB_MAX_DIMS];
	int64_t coord_dim[ST_UB_MAX_DIMS];
	size_t ncoords;
} xstage;

typedef struct xbuf {
	st_value *mem;
	char name[64];
	int arg;
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS];
	bool touched;
	int alias; /* a folded host copy: the buffer standing for this one */
	/* An argument of a tiled accelerator: the buffer holds the footprint
	 * lo..hi of one run, which moves by stride[d][j] elements of dimension
	 * d per iteration of tile loop j. */
	bool strided;
	int64_t stride[ST_UB_MAX_DIMS][ST_UB_MAX_DIMS];
	/* A ROM computed at compile time: its constant global, and a detached
	 * get_global of it that kernels looking it up clone. */
	st_op *rom, *rom_get;
	/* A global buffer folded into its alias (two-level tiles): its element
	 * e is the alias's e + shift (per dimension, affine in the tiles). */
	bool shifted;
	st_ub_aff shift[ST_UB_MAX_DIMS];
} xbuf;

typedef struct xctx {
	st_context *ctx;
	st_op *fn;
	xbuf bufs[MAX_BUFS];
	size_t nbufs;
	xstage stages[MAX_STAGES];
	size_t nstages;
	/* Index values of the nest being read: loop indices of pure loops
	 * (affine in the domain), constants of unrolled reduction loops. */
	st_value *idx_val[MAX_IDX];
	st_ub_aff idx_aff[MAX_IDX];
	size_t nidx;
	/* How many index values stand for the block loops around the
	 * accelerator (.hl form): constants in every nest. */
	size_t nbase;
	/* A tiled accelerator (.hl form): the block loops around it that run
	 * more than once, outermost first, each one run of the graph per
	 * iteration.  Their indices are affine terms of their own in the
	 * accesses: slot tile_slot(x, j) of an st_ub_aff, above the stage's
	 * dimensions, read off as the buffers' tile strides and dropped. */
	unsigned ntiles;
	int64_t tiles[ST_UB_MAX_DIMS];
	st_op *tile_loops[ST_UB_MAX_DIMS];
	/* Two-level tiles (cascade_hw: the fabric's tile loops xio inside a
	 * run of the accelerator xo, which fills a global buffer): the chain
	 * of loops holding the fabric's allocations, further tile loops (one
	 * graph run per fabric tile); the run's copies between its global
	 * buffers and the host's fold away (fold_global_copy). */
	st_op *inner[ST_UB_MAX_DIMS];
	size_t ninner;
	st_op *folded[MAX_STAGES];
	size_t nfolded;
	/* The accelerated Func's output_rate(n) (accel.output_rate on the
	 * launch loop), 0 when it has none. */
	int64_t output_rate;
	/* Constant tables (memref.global) the kernels read: at constant
	 * indices they fold into tap registers; read at computed indices
	 * (a lookup table) they stay whole, a ROM. */
	st_op *tables[MAX_BUFS];
	bool rom[MAX_BUFS];
	size_t ntables;
	/* The box of the stage being read (its first box_n dimensions), over
	 * which a floordiv or mod by a constant folds (quasi_fold). */
	unsigned box_n;
	const int64_t *box_lo, *box_hi;
} xctx;

/* The domain dimension tile loop j's index takes in an affine function. */
static unsigned tile_slot(const xctx *x, unsigned j) { return ST_UB_MAX_DIMS - x->ntiles + j; }

/* The loops a stage may have: those the tile indices leave. */
static unsigned max_stage_dims(const xctx *x) { return ST_UB_MAX_DIMS - x->ntiles; }

static const st_ub_aff *index_of(xctx *x, st_value *v) {
	for (size_t i = x->nidx; i-- > 0;)
		if (x->idx_val[i] == v)
			return &x->idx_aff[i];
	return NULL;
}

/* The range of domain dimension (or tile slot) i of the stage being read;
 * false for a slot that is neither. */
static bool slot_range(const xctx *x, unsigned i, int64_t *lo, int64_t *hi) {
	if (i < x->box_n) {
		*lo = x->box_lo[i];
		*hi = x->box_hi[i];
		return true;
	}
	for (unsigned j = 0; j < x->ntiles; j++)
		if (i == tile_slot(x, j)) {
			*lo = 0;
			*hi = x->tiles[j] - 1;
			return true;
		}
	return false;
}

static int64_t floor_div(int64_t a, int64_t k) { return a / k - (a % k != 0 && (a < 0) != (k < 0)); }

/* How many points a single-slot remainder may span and still be folded
 * by enumeration. */
#define MAX_FOLD_POINTS 64

/* `l floordiv k` or `l mod k` (quasi-affine; MLIR's floor semantics) as
 * an affine function of the stage's domain, false when it is none.  With
 * l = k*A + B, each coefficient of B in [0, k), the quotient is A +
 * floor(B / k) and the remainder B - k * floor(B / k); B depending on at
 * most one dimension (the lane of an unrolled loop, the inner half of a
 * strip-mined row: `(2q + r) floordiv 2`), both are affine when
 * floor(B / k) is along that dimension's range (it fits one block, as
 * `r floordiv 2` = 0, or steps once a point: `(r + 1) floordiv 2` = r). */
static bool quasi_fold(const xctx *x, const st_ub_aff *l, int64_t k, bool mod, st_ub_aff *out) {
	st_ub_aff a, b;
	int slot = -1;
	for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++) {
		a.c[i] = floor_div(l->c[i], k);
		b.c[i] = l->c[i] - k * a.c[i];
		if (i > 0 && b.c[i]) {
			if (slot >= 0)
				return false;
			slot = (int)i - 1;
		}
	}
	int64_t lo = 0, hi = 0;
	if (slot >= 0 && (!slot_range(x, (unsigned)slot, &lo, &hi) || hi - lo >= MAX_FOLD_POINTS))
		return false;
	/* q(v) = floor(B(v) / k) must be q0 + step * (v - lo). */
	int64_t bc = slot >= 0 ? b.c[1 + slot] : 0;
	int64_t q0 = floor_div(b.c[0] + bc * lo, k), step = 0;
	for (int64_t v = lo + 1; v <= hi; v++) {
		int64_t d = floor_div(b.c[0] + bc * v, k) - floor_div(b.c[0] + bc * (v - 1), k);
		if (v == lo + 1)
			step = d;
		else if (d != step)
			return false;
	}
	/* floor(B / k) = q0 - step * lo + step * x_slot. */
	st_ub_aff q;
	memset(&q, 0, sizeof q);
	q.c[0] = q0 - step * lo;
	if (slot >= 0)
		q.c[1 + slot] = step;
	for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++)
		out->c[i] = mod ? b.c[i] - k * q.c[i] : a.c[i] + q.c[i];
	return true;
}

static bool push_index(xctx *x, st_value *v, const st_ub_aff *a) {
	if (x->nidx == MAX_IDX)
		return false;
	x->idx_val[x->nidx] = v;
	x->idx_aff[x->nidx++] = *a;
	return true;
}

/* A binary expression of kind `kind` over the affine functions l and r of
 * the domain; false when it is not affine in it. */
static bool binary_aff(const xctx *x, st_affine_kind kind, st_ub_aff *l, const st_ub_aff *r, st_ub_aff *out) {
	switch (kind) {
	case ST_AFFINE_ADD:
		for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++)
			out->c[i] = l->c[i] + r->c[i];
		return true;
	case ST_AFFINE_MUL: {
		bool lconst = true;
		for (unsigned i = 1; i <= ST_UB_MAX_DIMS; i++)
			lconst = lconst && l->c[i] == 0;
		const st_ub_aff *k = lconst ? l : r, *v = lconst ? r : l;
		for (unsigned i = 1; i <= ST_UB_MAX_DIMS; i++)
			if (k->c[i] != 0)
				return false;
		for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++)
			out->c[i] = k->c[0] * v->c[i];
		return true;
	}
	default: {
		for (unsigned i = 1; i <= ST_UB_MAX_DIMS; i++)
			if (r->c[i])
				return false;
		if (r->c[0] < 1)
			return false;
		/* ceil(l / k) = -floor(-l / k). */
		bool ceil = kind == ST_AFFINE_CEILDIV;
		if (ceil)
			for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++)
				l->c[i] = -l->c[i];
		if (!quasi_fold(x, l, r->c[0], kind == ST_AFFINE_MOD, out))
			return false;
		if (ceil)
			for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++)
				out->c[i] = -out->c[i];
		return true;
	}
	}
}

/* An affine expression over index values as an affine function of the
 * domain; false when it is not linear (floordiv, ceildiv and mod by a
 * constant fold as quasi_fold says). */
static bool expr_aff(xctx *x, st_affine_expr *e, st_value *const *dims, unsigned nd, st_value *const *syms,
                     st_ub_aff *out) {
	memset(out, 0, sizeof *out);
	st_affine_kind kind = st_affine_expr_kind(e);
	if (kind == ST_AFFINE_CONST) {
		out->c[0] = st_affine_expr_value(e);
		return true;
	}
	if (kind == ST_AFFINE_DIM || kind == ST_AFFINE_SYMBOL) {
		unsigned p = st_affine_expr_position(e);
		st_value *v = kind == ST_AFFINE_DIM ? dims[p] : syms[p];
		const st_ub_aff *a = v ? index_of(x, v) : NULL;
		if (!a)
			return false;
		*out = *a;
		return true;
	}
	st_ub_aff l, r;
	return expr_aff(x, st_affine_expr_lhs(e), dims, nd, syms, &l) &&
	       expr_aff(x, st_affine_expr_rhs(e), dims, nd, syms, &r) && binary_aff(x, kind, &l, &r, out);
}

/* The indices of an affine.load/store (map attribute `map`, index operands
 * from `first`). */
static bool access_affs(xctx *x, st_op *op, size_t first, unsigned *rank, st_ub_aff *out) {
	const st_affine_map *m = st_attr_affine_map(st_op_get_attr(op, "map"));
	unsigned nd = st_affine_map_num_dims(m);
	st_value *ops[ST_UB_MAX_DIMS * 2];
	size_t n = st_op_num_operands(op) - first;
	if (!m || n > ST_UB_MAX_DIMS * 2 || st_affine_map_num_results(m) > ST_UB_MAX_DIMS)
		return false;
	for (size_t i = 0; i < n; i++)
		ops[i] = st_op_operand(op, first + i);
	*rank = (unsigned)st_affine_map_num_results(m);
	for (unsigned k = 0; k < *rank; k++)
		if (!expr_aff(x, st_affine_map_result(m, k), ops, nd, ops + nd, &out[k]))
			return false;
	/* A folded global buffer's elements are its alias's, shifted (the
	 * memref precedes the indices of a load or a store). */
	st_value *mem = first ? st_op_operand(op, first - 1) : NULL;
	for (size_t i = 0; mem && i < x->nbufs; i++)
		if (x->bufs[i].mem == mem && x->bufs[i].shifted)
			for (unsigned k = 0; k < *rank; k++)
				for (unsigned c = 0; c <= ST_UB_MAX_DIMS; c++)
					out[k].c[c] += x->bufs[i].shift[k].c[c];
	return true;
}

static bool const_bound(st_op *loop, const char *attr, int64_t *v) {
	const st_affine_map *m = st_attr_affine_map(st_op_get_attr(loop, attr));
	if (!m || st_affine_map_num_results(m) != 1 || st_affine_map_num_dims(m) || st_affine_map_num_symbols(m))
		return false;
	st_affine_expr *e = st_affine_map_result(m, 0);
	if (st_affine_expr_kind(e) != ST_AFFINE_CONST)
		return false;
	*v = st_affine_expr_value(e);
	return true;
}

static st_value *loop_iv(st_op *loop) {
	st_block *b = st_region_first_block(st_op_region(loop, 0));
	return b && st_block_num_args(b) ? st_block_arg(b, 0) : NULL;
}

static bool is_op(const st_op *op, const char *name) { return st_str_eq_c(st_ident_str(st_op_name(op)), name); }

static int buf_of(xctx *x, st_value *mem) {
	for (size_t i = 0; i < x->nbufs; i++)
		if (x->bufs[i].mem == mem)
			return x->bufs[i].alias >= 0 ? x->bufs[i].alias : (int)i;
	return -1;
}

static bool affs_equal(const st_ub_aff *a, const st_ub_aff *b, unsigned n) {
	return memcmp(a, b, n * sizeof *a) == 0;
}

/* Widens the index range seen for buffer b by an access over the stage's
 * domain (an affine function of a box is extreme at corners). */
static void note_access(xctx *x, xstage *s, int b, const st_ub_aff *acc, unsigned rank) {
	xbuf *u = &x->bufs[b];
	for (unsigned d = 0; d < rank; d++) {
		int64_t lo = acc[d].c[0], hi = acc[d].c[0];
		for (unsigned i = 0; i < s->ndims; i++) {
			int64_t c = acc[d].c[1 + i];
			lo += c * (c > 0 ? s->lo[i] : s->hi[i]);
			hi += c * (c > 0 ? s->hi[i] : s->lo[i]);
		}
		if (!u->touched || lo < u->lo[d])
			u->lo[d] = lo;
		if (!u->touched || hi > u->hi[d])
			u->hi[d] = hi;
	}
	u->touched = true;
}

static void note_table(xctx *x, st_op *g, bool rom) {
	size_t i = 0;
	while (i < x->ntables && x->tables[i] != g)
		i++;
	if (i == x->ntables) {
		if (i == MAX_BUFS)
			return;
		x->tables[x->ntables++] = g;
		x->rom[i] = false;
	}
	x->rom[i] = x->rom[i] || rom;
}

/* The constant memref.global that `mem` reads (through get_global), or
 * NULL. */
static st_op *constant_table(st_value *mem) {
	st_op *gg = st_value_defining_op(mem);
	if (!gg || !is_op(gg, "memref.get_global"))
		return NULL;
	st_op *g = st_symbol_lookup_nearest(gg, st_op_get_attr(gg, "name"));
	st_attr *init = g ? st_op_get_attr(g, "initial_value") : NULL;
	if (!g || !st_op_get_attr(g, "constant") || !init || st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS)
		return NULL;
	return g;
}

/* An arith.constant of type t appended to the kernel body, located at op. */
static st_value *body_constant(xctx *x, xstage *s, st_op *op, st_type *t, int64_t v) {
	st_named_attr na = {st_ident_get_c(x->ctx, "value"), st_integer_attr(x->ctx, t, v)};
	st_op_state os = {.name = st_str_c("arith.constant"), .loc = st_op_loc(op), .nresults = 1,
	                  .result_types = &t, .attrs = st_dict_attr(x->ctx, 1, &na)};
	st_op *c = st_op_create(x->ctx, &os);
	if (!c)
		return NULL;
	st_block_append_op(s->body, c);
	return st_op_result(c, 0);
}

/* A load from a constant memref.global at constant indices: the value, as
 * an arith.constant in the kernel body (a tap register). */
static st_value *tap_constant(xctx *x, xstage *s, st_op *load, const st_ub_aff *acc, unsigned rank) {
	st_op *g = constant_table(st_op_operand(load, 0));
	if (!g)
		return NULL;
	for (unsigned d = 0; d < rank; d++)
		for (unsigned i = 1; i <= ST_UB_MAX_DIMS; i++)
			if (acc[d].c[i])
				return NULL;
	st_attr *init = st_op_get_attr(g, "initial_value");
	note_table(x, g, false);
	st_type *mt = st_value_type(st_op_operand(load, 0));
	size_t k = 0;
	for (unsigned d = 0; d < rank; d++)
		k = k * (size_t)st_type_shape(mt)[d] + (size_t)acc[d].c[0];
	int64_t v = st_attr_dense_is_splat(init) ? st_attr_dense_int(init, 0) : st_attr_dense_int(init, k);
	return body_constant(x, s, load, st_type_element(mt), v);
}

static st_status read_ops(xctx *x, xstage *s, st_block *b);
static st_value *remap(xctx *x, xstage *s, st_value *v);
static st_value *coord_value(xctx *x, xstage *s, st_op *op, const st_ub_aff *a);
static st_op *add_op(xctx *x, st_block *b, const char *name, st_attr *loc, size_t nops, st_value *const *ops,
                     st_type *rt, st_attr *attrs, size_t nregions);

/* A constant table read at an index that moves with the domain (ccm(i, c)
 * under a loop over c): a ROM lookup in the body, its index computed from
 * the statement's coordinates. */
static st_value *rom_lookup(xctx *x, xstage *s, st_op *load, const st_ub_aff *acc, unsigned rank) {
	if (!constant_table(st_op_operand(load, 0)))
		return NULL;
	st_value *ops[1 + ST_UB_MAX_DIMS];
	ops[0] = remap(x, s, st_op_operand(load, 0));
	for (unsigned d = 0; d < rank && ops[0]; d++)
		if (!(ops[1 + d] = coord_value(x, s, load, &acc[d])))
			return NULL;
	st_type *et = st_type_element(st_value_type(st_op_operand(load, 0)));
	st_op *l = ops[0] ? add_op(x, s->body, "memref.load", st_op_loc(load), 1 + rank, ops, et, NULL, 0) : NULL;
	return l ? st_op_result(l, 0) : NULL;
}

static st_status read_load(xctx *x, xstage *s, st_op *op) {
	unsigned rank;
	st_ub_aff acc[ST_UB_MAX_DIMS];
	if (!access_affs(x, op, 1, &rank, acc))
		return st_op_error(op, "ub-extract: the index is not an affine function of the pure loops");
	int b = buf_of(x, st_op_operand(op, 0));
	st_value *v = NULL;
	/* A read-modify-write statement reads the element it updates through
	 * a read port, until its kernel has stored it. */
	bool own = b == s->buf && !(s->rmw && !s->cur && affs_equal(acc, s->store, rank));
	if (own) {
		if (!affs_equal(acc, s->store, rank))
			return st_op_error(op, "ub-extract: a stage reads its own buffer at another element (recursion is "
			                       "not supported)");
		if (!s->cur)
			return st_op_error(op, "ub-extract: the value is read before the stage stores it");
		v = s->cur;
	} else if (b < 0) {
		v = tap_constant(x, s, op, acc, rank);
		if (!v)
			v = rom_lookup(x, s, op, acc, rank);
		if (!v)
			return st_op_error(op, "ub-extract: a load from a memref that is neither an argument, an allocation "
			                       "of the function, nor a constant table at constant indices");
	} else {
		for (size_t i = 0; i < s->nreads && !v; i++)
			if (s->reads[i].buf == b && affs_equal(s->reads[i].acc, acc, rank))
				v = s->reads[i].arg;
		if (!v) {
			if (s->nreads + s->nparams == MAX_READS)
				return st_op_error(op, "ub-extract: a kernel reads at most %d distinct elements and parameters",
				                   MAX_READS);
			xread *r = &s->reads[s->nreads++];
			r->buf = b;
			memcpy(r->acc, acc, sizeof acc);
			/* Before the parameters and the coordinates, which follow the
			 * read values. */
			r->arg = st_block_insert_arg(s->body, s->nreads - 1, st_value_type(st_op_result(op, 0)), st_op_loc(op));
			note_access(x, s, b, acc, rank);
			v = r->arg;
		}
	}
	st_value_map_add(s->vmap, st_op_result(op, 0), v);
	return ST_OK;
}

static st_status read_store(xctx *x, xstage *s, st_op *op) {
	unsigned rank;
	st_ub_aff acc[ST_UB_MAX_DIMS];
	if (!access_affs(x, op, 2, &rank, acc))
		return st_op_error(op, "ub-extract: the index is not an affine function of the pure loops");
	if (buf_of(x, st_op_operand(op, 1)) != s->buf || !affs_equal(acc, s->store, rank))
		return st_op_error(op, "ub-extract: a stage stores one element of one buffer per iteration");
	s->cur = remap(x, s, st_op_operand(op, 0));
	if (!s->cur)
		return st_op_error(op, "ub-extract: the stored value is not computed inside the stage");
	return ST_OK;
}

/* A reduction loop: unrolled, its index a constant in each copy. */
static st_status read_reduction(xctx *x, xstage *s, st_op *op) {
	int64_t lo, hi;
	st_attr *step_a = st_op_get_attr(op, "step");
	int64_t step = step_a ? st_attr_int_value(step_a) : 1;
	if (!const_bound(op, "lowerBoundMap", &lo) || !const_bound(op, "upperBoundMap", &hi) || st_op_num_results(op))
		return st_op_error(op, "ub-extract: a reduction loop needs constant bounds and no results");
	st_block *b = st_region_first_block(st_op_region(op, 0));
	for (int64_t i = lo; i < hi; i += step) {
		st_ub_aff a;
		memset(&a, 0, sizeof a);
		a.c[0] = i;
		size_t mark = x->nidx;
		if (!push_index(x, loop_iv(op), &a))
			return st_op_error(op, "ub-extract: loops nested too deeply");
		if (st_failed(read_ops(x, s, b)))
			return ST_FAIL;
		x->nidx = mark;
	}
	return ST_OK;
}

/* An index computation: affine in the loops, for the accesses; when it is
 * a constant (a table's origin subtracted from a computed index) the
 * kernel body gets it too. */
static st_status read_apply(xctx *x, xstage *s, st_op *op) {
	unsigned rank;
	st_ub_aff a[ST_UB_MAX_DIMS];
	if (!access_affs(x, op, 0, &rank, a) || rank != 1)
		return st_op_error(op, "ub-extract: an index computation that is not affine in the loops");
	if (!push_index(x, st_op_result(op, 0), &a[0]))
		return st_op_error(op, "ub-extract: too many indices");
	for (unsigned i = 1; i <= ST_UB_MAX_DIMS; i++)
		if (a[0].c[i])
			return ST_OK;
	st_value *c = body_constant(x, s, op, st_value_type(st_op_result(op, 0)), a[0].c[0]);
	if (!c)
		return ST_FAIL;
	st_value_map_add(s->vmap, st_op_result(op, 0), c);
	return ST_OK;
}

/* The kernel-body value standing for v: already mapped, or a constant
 * defined outside the nest, cloned into the body on first use.  A
 * constant table read at computed indices (memref.load, a lookup table)
 * comes along as its get_global: a ROM the kernel reads. */
static st_value *remap(xctx *x, xstage *s, st_value *v) {
	st_value *m = st_value_map_lookup(s->vmap, v);
	if (m)
		return m;
	int b = buf_of(x, v);
	if (b >= 0 && x->bufs[b].rom_get) {
		st_op *c = st_op_clone(x->bufs[b].rom_get, s->vmap);
		if (!c)
			return NULL;
		st_block_append_op(s->body, c);
		note_table(x, x->bufs[b].rom, true);
		st_value_map_add(s->vmap, v, st_op_result(c, 0));
		return st_op_result(c, 0);
	}
	st_op *def = st_value_defining_op(v);
	st_op *rom = constant_table(v);
	if (rom)
		note_table(x, rom, true);
	else if (!def || !st_op_has_trait(def, ST_TRAIT_CONSTANT_LIKE))
		return NULL;
	st_op *c = st_op_clone(def, s->vmap);
	if (!c)
		return NULL;
	st_block_append_op(s->body, c);
	return st_value_map_lookup(s->vmap, v);
}

/* An index value of the nest (a pure loop's index or an affine function
 * of them) used as a value: computed in the body from the statement's
 * domain coordinates, c0 + sum ci * xi, in the index type. */
static st_value *coord_value(xctx *x, xstage *s, st_op *op, const st_ub_aff *a) {
	st_type *it = st_index_type(x->ctx);
	st_value *acc = NULL;
	bool failed = false;
	/* Past the domain's dimensions, the tile loops' indices of the run
	 * (x = xo * 20 + xi in a tiled camera): coordinates numbered after the
	 * domain's (docs/dialects/ub.md). */
	for (unsigned d = 0; !failed && d < s->ndims + x->ntiles; d++) {
		int64_t c = d < s->ndims ? a->c[1 + d] : a->c[1 + tile_slot(x, d - s->ndims)];
		if (!c)
			continue;
		size_t k = 0;
		while (k < s->ncoords && s->coord_dim[k] != d)
			k++;
		if (k == s->ncoords) {
			s->coord[k] = st_block_add_arg(s->body, it, st_op_loc(op));
			s->coord_dim[k] = d;
			s->ncoords++;
		}
		st_value *term = s->coord[k];
		if (c != 1) {
			st_value *f = body_constant(x, s, op, it, c);
			st_value *mo[2] = {term, f};
			st_op *mul = f ? add_op(x, s->body, "arith.muli", st_op_loc(op), 2, mo, it, NULL, 0) : NULL;
			term = mul ? st_op_result(mul, 0) : NULL;
		}
		st_value *sum = term;
		if (term && acc) {
			st_value *ao[2] = {acc, term};
			st_op *add = add_op(x, s->body, "arith.addi", st_op_loc(op), 2, ao, it, NULL, 0);
			sum = add ? st_op_result(add, 0) : NULL;
		}
		acc = sum;
		failed = !sum;
	}
	if (failed || (acc && !a->c[0]))
		return acc;
	st_value *c0 = body_constant(x, s, op, it, a->c[0]);
	if (!acc || !c0)
		return c0;
	st_value *ao[2] = {acc, c0};
	st_op *add = add_op(x, s->body, "arith.addi", st_op_loc(op), 2, ao, it, NULL, 0);
	return add ? st_op_result(add, 0) : NULL;
}

/* The kernel's scalar argument v, read by operand #i of op, as the value
 * of a new body argument: a parameter of the stage (the design holds it in
 * an input port the host sets before the run). */
static st_value *param(xctx *x, xstage *s, st_op *op, size_t i, st_value *v) {
	st_type *t = st_value_type(v);
	bool ok = (st_type_is_integer(t) && st_type_int_width(t) <= 64) || st_type_get_kind(t) == ST_TYPE_F32 ||
	          st_type_get_kind(t) == ST_TYPE_F64;
	if (!ok) {
		char tb[64];
		st_op_error(op, "ub-extract: operand #%zu is the kernel's scalar argument #%u of type %s; a stage takes "
		                "integer, f32 and f64 parameters only",
		            i, st_value_index(v), st_type_str(x->ctx, t, tb, sizeof tb));
		return NULL;
	}
	if (s->nreads + s->nparams == MAX_READS) {
		st_op_error(op, "ub-extract: a kernel reads at most %d distinct elements and parameters", MAX_READS);
		return NULL;
	}
	st_value *a = st_block_insert_arg(s->body, (unsigned)(s->nreads + s->nparams), t, st_op_loc(op));
	if (a) {
		s->params[s->nparams] = st_value_index(v);
		s->param_args[s->nparams++] = a;
		st_value_map_add(s->vmap, v, a);
	}
	return a;
}

/* Clones a computation op into the kernel body, its operands remapped. */
static st_status clone_compute(xctx *x, xstage *s, st_op *op) {
	if (st_op_num_regions(op) || st_op_num_successors(op))
		return st_op_error(op, "ub-extract: an op with regions or successors inside a stage");
	for (size_t i = 0; i < st_op_num_operands(op); i++) {
		if (remap(x, s, st_op_operand(op, i)))
			continue;
		const st_ub_aff *a = index_of(x, st_op_operand(op, i));
		st_value *c = a ? coord_value(x, s, op, a) : NULL;
		if (c) {
			st_value_map_add(s->vmap, st_op_operand(op, i), c);
			continue;
		}
		st_value *v = st_op_operand(op, i);
		if (st_value_is_block_arg(v) && st_value_owner_block(v) == st_region_first_block(st_op_region(x->fn, 0))) {
			if (!param(x, s, op, i, v))
				return ST_FAIL;
			continue;
		}
		return st_op_error(op, "ub-extract: operand #%zu is defined outside the stage and is not a constant", i);
	}
	st_op *c = st_op_clone(op, s->vmap);
	if (!c)
		return ST_FAIL;
	st_block_append_op(s->body, c);
	return ST_OK;
}

/* A loop of the stage's domain below its pure loops: its index is a
 * coordinate already, the loop nothing to unroll. */
static bool rolled_loop(const xstage *s, const st_op *op) {
	for (unsigned d = s->npure; d < s->ndims; d++)
		if (s->loops[d] == op)
			return true;
	return false;
}

/* The op a loop's body holds besides its yield (a perfect nest), or
 * NULL. */
static st_op *only_child(st_op *loop) {
	st_op *first = st_block_first_op(st_region_first_block(st_op_region(loop, 0)));
	return first && st_op_next(first) && is_op(st_op_next(first), "affine.yield") ? first : NULL;
}

static st_status read_ops(xctx *x, xstage *s, st_block *b) {
	for (st_op *op = st_block_first_op(b); op; op = st_op_next(op)) {
		st_status st;
		/* A table comes into the kernel only where a lookup uses it
		 * (remap); a tap's load folds it away. */
		if (is_op(op, "affine.yield") || is_op(op, "memref.get_global"))
			continue;
		if (is_op(op, "affine.load"))
			st = read_load(x, s, op);
		else if (is_op(op, "affine.store"))
			st = read_store(x, s, op);
		else if (is_op(op, "affine.for") && rolled_loop(s, op))
			st = read_ops(x, s, st_region_first_block(st_op_region(op, 0)));
		else if (is_op(op, "affine.for"))
			st = read_reduction(x, s, op);
		else if (is_op(op, "affine.apply"))
			st = read_apply(x, s, op);
		else
			st = clone_compute(x, s, op);
		if (st_failed(st))
			return ST_FAIL;
	}
	return ST_OK;
}

/* The store of a nest (the first one): it names the stage's buffer. */
static st_walk_result find_store(st_op *op, void *ud) {
	if (!is_op(op, "affine.store"))
		return ST_WALK_ADVANCE;
	*(st_op **)ud = op;
	return ST_WALK_INTERRUPT;
}

/* Whether value v is used by the index operands of `store` (directly or
 * through affine.apply). */
static bool feeds_index(st_value *v, st_op *store) {
	for (size_t i = 2; i < st_op_num_operands(store); i++) {
		st_value *o = st_op_operand(store, i);
		if (o == v)
			return true;
		st_op *d = st_value_defining_op(o);
		if (d && is_op(d, "affine.apply"))
			for (size_t k = 0; k < st_op_num_operands(d); k++)
				if (st_op_operand(d, k) == v)
					return true;
	}
	return false;
}

/* The reduction loops a stage keeps rolled (an accumulation, source
 * table 4.3): inside an accel.launch accelerator (the .hl form), the loops
 * of the perfect nest under the pure ones that are not marked accel.unroll
 * (the .hl frontend marks r.z of `update().unroll(r.z)`, and of
 * `unroll(k, 4)` only the inner half of the split k).  They extend the
 * stage's domain after the pure loops, in nest order.  A rolled loop under
 * an unrolled one runs outside it (the copies share each point of the
 * rolled loops: a conv layer's channels summed at each tap), which
 * reorders the sum: only for integers, where that is exact; a float stage
 * unrolls the loops below an unrolled one.  The hand-written form has no
 * schedule: its reductions unroll. */
static st_status rolled_loops(xctx *x, xstage *t, st_op *loop, bool reorder) {
	for (; x->nbase && loop && is_op(loop, "affine.for"); loop = only_child(loop)) {
		if (st_accel_is_unrolled(loop)) {
			if (!reorder)
				break;
			continue;
		}
		st_attr *step = st_op_get_attr(loop, "step");
		if (t->ndims == max_stage_dims(x))
			return st_op_error(loop, "ub-extract: at most %u loops in a stage (with %u tile loops)",
			                   max_stage_dims(x), x->ntiles);
		if (!const_bound(loop, "lowerBoundMap", &t->lo[t->ndims]) ||
		    !const_bound(loop, "upperBoundMap", &t->hi[t->ndims]) || (step && st_attr_int_value(step) != 1) ||
		    st_op_num_results(loop))
			return st_op_error(loop, "ub-extract: a rolled reduction loop needs constant bounds, step 1 and no "
			                         "results");
		t->hi[t->ndims]--;
		t->loops[t->ndims++] = loop;
	}
	return ST_OK;
}

/* Strip-mining (quasi-affine indices): a floordiv or mod by k of an index
 * whose remainder part moves with one pure loop y (`y floordiv 2` and
 * `y mod 2` of an upsampling) folds once y = k*q + r + lo is two loops, q
 * and r in [0, k): split[d] = k for such a loop d of t, whose extent k
 * divides.  Indices it cannot help stay for the reading to refuse. */
typedef struct split_plan {
	xctx *x;
	const xstage *t;
	int64_t split[ST_UB_MAX_DIMS];
	st_op *conflict; /* an op asking for two factors of one loop */
} split_plan;

static void plan_expr(split_plan *p, st_op *op, st_affine_expr *e, st_value *const *ops, unsigned nd) {
	st_affine_kind kind = st_affine_expr_kind(e);
	if (kind > ST_AFFINE_CEILDIV)
		return;
	plan_expr(p, op, st_affine_expr_lhs(e), ops, nd);
	plan_expr(p, op, st_affine_expr_rhs(e), ops, nd);
	st_affine_expr *rhs = st_affine_expr_rhs(e);
	if (kind < ST_AFFINE_MOD || st_affine_expr_kind(rhs) != ST_AFFINE_CONST || st_affine_expr_value(rhs) < 2)
		return;
	int64_t k = st_affine_expr_value(rhs);
	st_ub_aff l, out;
	if (!expr_aff(p->x, st_affine_expr_lhs(e), ops, nd, ops + nd, &l))
		return;
	if (kind == ST_AFFINE_CEILDIV)
		for (unsigned i = 0; i <= ST_UB_MAX_DIMS; i++)
			l.c[i] = -l.c[i];
	if (quasi_fold(p->x, &l, k, false, &out))
		return;
	int dim = -1;
	for (unsigned i = 1; i <= ST_UB_MAX_DIMS; i++) {
		if (l.c[i] == k * floor_div(l.c[i], k))
			continue;
		if (dim >= 0 || i - 1 >= p->t->npure)
			return;
		dim = (int)i - 1;
	}
	if (dim < 0 || (p->t->hi[dim] - p->t->lo[dim] + 1) % k)
		return;
	if (p->split[dim] && p->split[dim] != k && !p->conflict)
		p->conflict = op;
	p->split[dim] = k;
}

static st_walk_result plan_op(st_op *op, void *ud) {
	split_plan *p = ud;
	size_t first = is_op(op, "affine.load") ? 1 : is_op(op, "affine.store") ? 2 : is_op(op, "affine.apply") ? 0 : 3;
	const st_affine_map *m = first < 3 ? st_attr_affine_map(st_op_get_attr(op, "map")) : NULL;
	size_t n = st_op_num_operands(op);
	if (!m || n < first || n - first > ST_UB_MAX_DIMS * 2)
		return ST_WALK_ADVANCE;
	st_value *ops[ST_UB_MAX_DIMS * 2];
	for (size_t i = first; i < n; i++)
		ops[i - first] = st_op_operand(op, i);
	for (size_t r = 0; r < st_affine_map_num_results(m); r++)
		plan_expr(p, op, st_affine_map_result(m, r), ops, st_affine_map_num_dims(m));
	return ST_WALK_ADVANCE;
}

/* Plans the strip-mining of stage t's pure loops and applies it: the
 * loops split become two dimensions each, and every loop index of the
 * nest is pushed as its affine function of the (new) domain. */
static st_status strip_mine(xctx *x, xstage *t, st_op *nest) {
	split_plan p = {.x = x, .t = t};
	x->nidx = x->nbase;
	for (unsigned d = 0; d < t->ndims; d++) {
		st_ub_aff a;
		memset(&a, 0, sizeof a);
		a.c[1 + d] = 1;
		push_index(x, loop_iv(t->loops[d]), &a);
	}
	st_walk(nest, ST_WALK_PRE, plan_op, &p);
	if (p.conflict)
		return st_op_error(p.conflict, "ub-extract: a loop index divided by two different constants (a loop is "
		                               "strip-mined by one factor)");
	unsigned n = t->ndims;
	for (unsigned d = 0; d < t->ndims; d++)
		n += p.split[d] > 1;
	if (n > max_stage_dims(x))
		return st_op_error(nest, "ub-extract: at most %u loops in a stage (with %u tile loops), strip-mined loops "
		                         "counting twice", max_stage_dims(x), x->ntiles);
	xstage old = *t;
	x->nidx = x->nbase;
	t->ndims = 0;
	for (unsigned d = 0; d < old.ndims; d++) {
		int64_t k = p.split[d];
		unsigned nd = t->ndims;
		st_ub_aff a;
		memset(&a, 0, sizeof a);
		t->loops[nd] = old.loops[d];
		if (k > 1) {
			/* y = k*q + r + lo. */
			t->lo[nd] = 0;
			t->hi[nd] = (old.hi[d] - old.lo[d] + 1) / k - 1;
			t->loops[nd + 1] = old.loops[d];
			t->lo[nd + 1] = 0;
			t->hi[nd + 1] = k - 1;
			a.c[0] = old.lo[d];
			a.c[1 + nd] = k;
			a.c[2 + nd] = 1;
			t->ndims += 2;
		} else {
			t->lo[nd] = old.lo[d];
			t->hi[nd] = old.hi[d];
			a.c[1 + nd] = 1;
			t->ndims++;
		}
		if (d + 1 == old.npure) {
			t->npure = t->ndims;
			t->lane = k <= 1 && st_accel_is_unrolled(old.loops[d]);
		}
		push_index(x, loop_iv(old.loops[d]), &a);
	}
	return ST_OK;
}

static st_status read_nest(xctx *x, st_op *nest);

/* Reads a nest with the box of its stage at hand for quasi_fold. */
static st_status read_nest_in_box(xctx *x, st_op *nest) {
	st_status st = read_nest(x, nest);
	x->box_n = 0;
	x->box_lo = x->box_hi = NULL;
	return st;
}

static st_status read_nest(xctx *x, st_op *nest) {
	st_op *store = NULL;
	st_walk(nest, ST_WALK_PRE, find_store, &store);
	if (!store)
		return st_op_error(nest, "ub-extract: a stage stores nothing");
	int b = buf_of(x, st_op_operand(store, 1));
	if (b < 0)
		return st_op_error(store, "ub-extract: a stage stores into a memref that is not an argument or an "
		                          "allocation of the function");
	/* The pure loops: the perfectly nested loops whose indices the store
	 * uses, outermost first. */
	xstage tmp;
	memset(&tmp, 0, sizeof tmp);
	st_op *loop = nest, *inner = NULL;
	while (loop && is_op(loop, "affine.for") && feeds_index(loop_iv(loop), store)) {
		if (tmp.ndims == max_stage_dims(x))
			return st_op_error(loop, "ub-extract: at most %u pure loops (with %u tile loops)", max_stage_dims(x),
			                   x->ntiles);
		st_attr *step = st_op_get_attr(loop, "step");
		if (!const_bound(loop, "lowerBoundMap", &tmp.lo[tmp.ndims]) ||
		    !const_bound(loop, "upperBoundMap", &tmp.hi[tmp.ndims]) || (step && st_attr_int_value(step) != 1))
			return st_op_error(loop, "ub-extract: a pure loop needs constant bounds and step 1");
		tmp.hi[tmp.ndims]--;
		tmp.loops[tmp.ndims++] = loop;
		inner = loop;
		loop = only_child(loop);
	}
	if (!inner)
		return st_op_error(nest, "ub-extract: the outer loop of a stage must be a pure loop of its store");
	tmp.npure = tmp.ndims;
	if (st_failed(rolled_loops(x, &tmp, loop, st_type_is_integer(st_type_element(st_value_type(x->bufs[b].mem))))))
		return ST_FAIL;
	x->box_n = tmp.ndims;
	x->box_lo = tmp.lo;
	x->box_hi = tmp.hi;
	if (st_failed(strip_mine(x, &tmp, nest)))
		return ST_FAIL;
	x->box_n = tmp.ndims;
	/* A later nest writing the same buffer is an update: it continues the
	 * kernel of the first, unless it keeps a reduction loop rolled (or an
	 * earlier update did): then it is a statement of its own that reads
	 * the element it updates (read-modify-write, an accumulation). */
	xstage *s = NULL;
	size_t nsame = 0;
	for (size_t i = 0; i < x->nstages; i++)
		if (x->stages[i].buf == b) {
			s = &x->stages[i];
			nsame++;
		}
	if (s && (s->npure != tmp.npure || memcmp(s->lo, tmp.lo, tmp.npure * sizeof *tmp.lo) ||
	          memcmp(s->hi, tmp.hi, tmp.npure * sizeof *tmp.hi)))
		return st_op_error(nest, "ub-extract: an update of '%s' over another domain than its definition",
		                   x->bufs[b].name);
	tmp.rmw = s && (s->rmw || tmp.ndims > tmp.npure);
	snprintf(tmp.name, sizeof tmp.name, "%s", x->bufs[b].name);
	if (tmp.rmw) {
		s = NULL;
		snprintf(tmp.name, sizeof tmp.name, "%s_update%zu", x->bufs[b].name, nsame - 1);
	}
	unsigned rank;
	if (!s) {
		if (x->nstages == MAX_STAGES)
			return st_op_error(nest, "ub-extract: at most %d stages", MAX_STAGES);
		s = &x->stages[x->nstages++];
		*s = tmp;
		s->buf = b;
		s->host = !x->nbase;
		s->body = st_block_create(x->ctx);
		s->vmap = st_value_map_create(x->ctx);
		if (!s->body || !s->vmap)
			return st_op_error(nest, "out of memory");
		if (!access_affs(x, store, 2, &rank, s->store))
			return st_op_error(store, "ub-extract: the index is not an affine function of the pure loops");
		note_access(x, s, b, s->store, rank);
	}
	if (st_op_get_attr(nest, ST_ACCEL_LATENCY))
		s->latency = st_accel_latency(nest);
	return read_ops(x, s, st_region_first_block(st_op_region(inner, 0)));
}

/* A buffer (or parameter) is named after its allocation's or argument's
 * accel.name, into name (64 bytes). */
static void name_of(xctx *x, char *name, st_op *alloc, size_t arg) {
	st_str n = alloc ? st_accel_name(alloc) : st_accel_arg_name(x->fn, arg);
	if (n.len > 0 && n.len < 60)
		snprintf(name, 64, "%.*s", (int)n.len, n.data);
	else if (alloc)
		snprintf(name, 64, "buf%zu", x->nbufs);
	else
		snprintf(name, 64, "arg%zu", arg);
	/* isl tuple names must be identifiers. */
	for (char *c = name; *c; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
			*c = '_';
}

static void buffer_name(xctx *x, xbuf *u, st_op *alloc, size_t arg) { name_of(x, u->name, alloc, arg); }

/* The graph's ub.param of the kernel's scalar argument `arg`, made the
 * first time a stage reads it. */
static st_value *param_value(xctx *x, st_builder *gb, st_op *g, unsigned arg) {
	for (st_op *op = st_block_first_op(st_ub_graph_body(g)); op; op = st_op_next(op))
		if (st_ub_is_param(op) && st_ub_param_arg(op) == arg)
			return st_op_result(op, 0);
	char name[64];
	name_of(x, name, NULL, arg);
	st_type *t = st_value_type(st_block_arg(st_region_first_block(st_op_region(x->fn, 0)), arg));
	st_op *p = st_ub_build_param(gb, st_str_c(name), arg, t);
	return p ? st_op_result(p, 0) : NULL;
}

/* ------------------------------------------------------------ the graph */

typedef struct text {
	char s[2048];
	size_t n;
} text;

static void put(text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(text *t, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int k = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
	va_end(ap);
	if (k > 0)
		t->n = t->n + (size_t)k < sizeof t->s ? t->n + (size_t)k : sizeof t->s - 1;
}

static void put_tuple(text *t, const char *name, unsigned n) {
	put(t, "%s[", name);
	for (unsigned i = 0; i < n; i++)
		put(t, "%si%u", i ? ", " : "", i);
	put(t, "]");
}

static void put_aff(text *t, const st_ub_aff *a, unsigned n, int64_t shift) {
	bool any = false;
	for (unsigned i = 0; i < n; i++) {
		if (!a->c[1 + i])
			continue;
		put(t, "%s%lld*i%u", any ? " + " : "", (long long)a->c[1 + i], i);
		any = true;
	}
	if (!any || a->c[0] - shift)
		put(t, "%s%lld", any ? " + " : "", (long long)(a->c[0] - shift));
}

/* The three isl strings of a port of statement `stmt` over the box lo..hi,
 * reaching buffer u through acc; the schedule is sequential from `start`,
 * `scale` cycles a point, the points along dimension `lane` (unless -1)
 * in one cycle: lanes, which ub-schedule keeps. */
typedef struct port_text {
	text d, a, s;
} port_text;

static void port_text_of(port_text *t, const char *stmt, unsigned n, const int64_t *lo, const int64_t *hi,
                         const xbuf *u, unsigned rank, const st_ub_aff *acc, int64_t start, int64_t scale,
                         int lane) {
	t->d.n = t->a.n = t->s.n = 0;
	put(&t->d, "{ ");
	put_tuple(&t->d, stmt, n);
	for (unsigned i = 0; i < n; i++)
		put(&t->d, "%s%lld <= i%u <= %lld", i ? " and " : " : ", (long long)lo[i], i, (long long)hi[i]);
	put(&t->d, " }");
	put(&t->a, "{ ");
	put_tuple(&t->a, stmt, n);
	put(&t->a, " -> %s[", u->name);
	for (unsigned k = 0; k < rank; k++) {
		put(&t->a, k ? ", " : "");
		put_aff(&t->a, &acc[k], n, u->arg < 0 || u->strided ? u->lo[k] : 0);
	}
	put(&t->a, "] }");
	put(&t->s, "{ ");
	put_tuple(&t->s, stmt, n);
	put(&t->s, " -> [%lld", (long long)start);
	int64_t stride = scale;
	for (unsigned i = n; i-- > 0;) {
		if ((int)i == lane)
			continue;
		put(&t->s, " + %lld*(i%u - %lld)", (long long)stride, i, (long long)lo[i]);
		stride *= hi[i] - lo[i] + 1;
	}
	put(&t->s, "] }");
}

/* A port (a write when `write`, of `value`, NULL from the host) on buffer
 * bufv, built by gb into the graph's body; NULL when out of memory. */
static st_op *add_port(st_builder *gb, bool write, st_value *bufv, st_value *value, const port_text *t) {
	st_str d = st_str_make(t->d.s, t->d.n), a = st_str_make(t->a.s, t->a.n), s = st_str_make(t->s.s, t->s.n);
	return write ? st_ub_build_write(gb, bufv, value, d, a, s) : st_ub_build_read(gb, bufv, d, a, s);
}

static int64_t box_count(unsigned n, const int64_t *lo, const int64_t *hi) {
	int64_t c = 1;
	for (unsigned i = 0; i < n; i++)
		c *= hi[i] - lo[i] + 1;
	return c;
}

static st_op *add_op(xctx *x, st_block *b, const char *name, st_attr *loc, size_t nops, st_value *const *ops,
                     st_type *rt, st_attr *attrs, size_t nregions) {
	st_op_state os = {.name = st_str_c(name), .loc = loc, .noperands = nops, .operands = ops,
	                  .nresults = rt ? 1 : 0, .result_types = &rt, .attrs = attrs, .nregions = nregions};
	st_op *op = st_op_create(x->ctx, &os);
	if (op)
		st_block_append_op(b, op);
	return op;
}

/* A host argument of a tiled graph: the host array's shape, and where
 * each run's footprint lies in it (docs/dialects/ub.md). */
static st_status set_tiling(xctx *x, st_op *b, const xbuf *u) {
	st_type *mt = st_value_type(u->mem), *i64 = st_integer_type(x->ctx, 64, ST_SIGNLESS);
	size_t rank = st_type_rank(mt);
	int64_t off[ST_UB_MAX_DIMS * (1 + ST_UB_MAX_DIMS)];
	size_t n = 0;
	for (size_t d = 0; d < rank; d++) {
		off[n++] = u->touched ? u->lo[d] : 0;
		for (unsigned j = 0; j < x->ntiles; j++)
			off[n++] = u->stride[d][j];
	}
	st_op_set_attr(b, "host_shape", st_dense_int_array_attr(x->ctx, i64, rank, st_type_shape(mt)));
	st_op_set_attr(b, "tile_offset", st_dense_int_array_attr(x->ctx, i64, n, off));
	return ST_OK;
}

/* Lanes (issue 24 item 3): when every stage unrolls its innermost pure
 * loop n times (`unroll(x, n)` on each Func of the pipeline, what
 * Clockwork's output rate propagates), the pipeline takes n pixels a
 * cycle: those loops are lanes in the schedules, and a host stream whose
 * innermost extent n divides moves n values a transfer (its domain
 * strip-mined, [.., q, l] -> [.., n*q + l]).  0 otherwise: a stage
 * without lanes would need its producers' values one a cycle. */
static int64_t common_lanes(const xctx *x) {
	int64_t n = 0;
	for (size_t k = 0; k < x->nstages; k++) {
		const xstage *s = &x->stages[k];
		int64_t e = s->hi[s->npure - 1] - s->lo[s->npure - 1] + 1;
		if (s->host)
			continue;
		if (!s->lane || e < 2 || (n && e != n))
			return 0;
		n = e;
	}
	return n;
}

static int stage_lane(const xstage *s, int64_t lanes) { return lanes && s->lane ? (int)s->npure - 1 : -1; }

/* Whether stage s can take n lanes by strip-mining its innermost loop:
 * pure loops only, n dividing its extent, a dimension left, no
 * coordinates in its kernel. */
static bool can_strip(const xctx *x, const xstage *s, int64_t n) {
	unsigned i = s->npure - 1;
	return !s->lane && s->ndims == s->npure && s->ndims < max_stage_dims(x) && !s->ncoords &&
	       (s->hi[i] - s->lo[i] + 1) % n == 0;
}

/* Stage s takes n lanes: its innermost loop x = n*q + l + lo becomes q
 * and the lane l, so it moves n values a cycle (can_strip holds). */
static void strip_lanes(xctx *x, xstage *s, int64_t n) {
	unsigned i = s->npure - 1;
	int64_t lo = s->lo[i];
	s->hi[i] = (s->hi[i] - lo + 1) / n - 1;
	s->lo[i] = 0;
	s->lo[i + 1] = 0;
	s->hi[i + 1] = n - 1;
	s->loops[i + 1] = s->loops[i];
	s->ndims++;
	s->npure++;
	s->lane = true;
	for (size_t r = 0; r <= s->nreads; r++) {
		st_ub_aff *a = r < s->nreads ? s->reads[r].acc : s->store;
		unsigned rank = (unsigned)st_type_rank(st_value_type(x->bufs[r < s->nreads ? s->reads[r].buf : s->buf].mem));
		for (unsigned e = 0; e < rank; e++) {
			int64_t c = a[e].c[1 + i];
			a[e].c[0] += c * lo;
			a[e].c[1 + i] = c * n;
			a[e].c[2 + i] = c;
		}
	}
}

/* The lanes of the graph (common_lanes).  An accelerator asking
 * output_rate(n) whose stages do not all unroll x n times (harris_hw
 * unrolls some) gets the lanes Clockwork's rate propagation gives: each
 * stage without them is strip-mined, when every one can be (else the
 * graph runs a pixel a cycle, as before). */
static int64_t graph_lanes(xctx *x) {
	int64_t n = common_lanes(x), rate = x->output_rate;
	if (n || rate < 2)
		return n;
	for (size_t k = 0; k < x->nstages; k++) {
		const xstage *s = &x->stages[k];
		int64_t e = s->hi[s->npure - 1] - s->lo[s->npure - 1] + 1;
		if (!s->host && !(s->lane && e == rate) && !can_strip(x, s, rate))
			return 0;
	}
	for (size_t k = 0; k < x->nstages; k++)
		if (!x->stages[k].host && !x->stages[k].lane)
			strip_lanes(x, &x->stages[k], rate);
	return common_lanes(x);
}

/* A host stage feeding a pipeline of n lanes (the cast of its input, which
 * a schedule cannot unroll: the host computes it) takes n lanes too, when
 * n divides its extent and a dimension is left, so it streams n values a
 * cycle. */
static void lane_host_stage(xctx *x, xstage *s, int64_t n) {
	if (s->host && can_strip(x, s, n))
		strip_lanes(x, s, n);
}

static st_status build_graph(xctx *x, st_op *anchor) {
	st_context *ctx = x->ctx;
	st_attr *loc = st_op_loc(anchor);
	/* The graph is a symbol beside the function it comes from. */
	char gname[128];
	st_str fname = st_ident_str(st_symbol_name(x->fn));
	snprintf(gname, sizeof gname, "%.*s_ub", (int)(fname.len < 100 ? fname.len : 100), fname.data);
	st_builder detached = st_builder_at_end(ctx, NULL, loc);
	st_op *g = st_ub_build_graph(&detached, st_str_c(gname));
	if (!g)
		return ST_FAIL;
	st_op_move_after(g, x->fn);
	st_type *i64 = st_integer_type(ctx, 64, ST_SIGNLESS);
	if (x->ntiles)
		st_op_set_attr(g, "tiles", st_dense_int_array_attr(ctx, i64, x->ntiles, x->tiles));
	st_builder gbld = st_builder_at_end(ctx, st_ub_graph_body(g), loc), *gb = &gbld;
	st_value *bufv[MAX_BUFS];
	for (size_t i = 0; i < x->nbufs; i++) {
		xbuf *u = &x->bufs[i];
		if (u->alias >= 0 || u->rom)
			continue;
		st_type *mt = st_value_type(u->mem);
		int64_t shape[ST_UB_MAX_DIMS];
		for (size_t d = 0; d < st_type_rank(mt); d++)
			shape[d] = (u->arg >= 0 && !u->strided) || !u->touched ? st_type_shape(mt)[d] : u->hi[d] - u->lo[d] + 1;
		st_type *bt = st_memref_type(ctx, st_type_rank(mt), shape, st_type_element(mt), NULL, NULL);
		st_op *b = st_ub_build_buffer(gb, st_str_c(u->name), bt, u->arg, NULL);
		if (!b || (u->strided && st_failed(set_tiling(x, b, u))))
			return ST_FAIL;
		bufv[i] = st_op_result(b, 0);
	}
	/* Constant tables: no ports (the kernels hold them), kind from how
	 * they are read (source table 4.3: constant index -> tap register,
	 * data-dependent -> LUT/ROM). */
	for (size_t i = 0; i < x->ntables; i++) {
		st_attr *ta = st_op_get_attr(x->tables[i], "type");
		st_str sym = st_ident_str(st_symbol_name(x->tables[i]));
		if (!ta || st_attr_get_kind(ta) != ST_ATTR_TYPE ||
		    !st_ub_build_buffer(gb, sym, st_attr_type_value(ta), -1, x->rom[i] ? "rom" : "tap"))
			return ST_FAIL;
	}
	int64_t clock = 0, lanes = graph_lanes(x);
	for (size_t k = 0; lanes && k < x->nstages; k++)
		lane_host_stage(x, &x->stages[k], lanes);
	/* Host streams into the argument buffers the stages read. */
	for (size_t i = 0; i < x->nbufs; i++) {
		xbuf *u = &x->bufs[i];
		bool read = false;
		for (size_t k = 0; k < x->nstages; k++)
			for (size_t r = 0; r < x->stages[k].nreads; r++)
				read = read || x->stages[k].reads[r].buf == (int)i;
		if (u->arg < 0 || !read)
			continue;
		st_type *mt = st_value_type(u->mem);
		unsigned n = (unsigned)st_type_rank(mt);
		int64_t lo[ST_UB_MAX_DIMS] = {0}, hi[ST_UB_MAX_DIMS];
		st_ub_aff id[ST_UB_MAX_DIMS];
		memset(id, 0, sizeof id);
		for (unsigned d = 0; d < n; d++) {
			/* A run of a tiled graph streams its footprint. */
			bool fp = u->strided && u->touched;
			hi[d] = fp ? u->hi[d] - u->lo[d] : st_type_shape(mt)[d] - 1;
			id[d].c[0] = fp ? u->lo[d] : 0;
			id[d].c[1 + d] = 1;
		}
		/* n values a transfer: [.., q, l] -> [.., n*q + l + lo]. */
		int lane = -1;
		if (lanes && (hi[n - 1] + 1) % lanes == 0 && n < max_stage_dims(x)) {
			hi[n - 1] = (hi[n - 1] + 1) / lanes - 1;
			hi[n] = lanes - 1;
			lo[n] = 0;
			id[n - 1].c[n] = lanes;
			id[n - 1].c[1 + n] = 1;
			lane = (int)n++;
		}
		char stmt[80];
		snprintf(stmt, sizeof stmt, "host_%s", u->name);
		port_text t;
		port_text_of(&t, stmt, n, lo, hi, u, (unsigned)st_type_rank(mt), id, clock, 1, lane);
		if (!add_port(gb, true, bufv[i], NULL, &t))
			return ST_FAIL;
		clock += box_count(n, lo, hi) / (lane >= 0 ? lanes : 1);
	}
	for (size_t k = 0; k < x->nstages; k++) {
		xstage *s = &x->stages[k];
		xbuf *w = &x->bufs[s->buf];
		/* A read-modify-write statement takes `latency` cycles per point,
		 * so that each update reads what the one before wrote. */
		int64_t scale = s->rmw && s->latency > 1 ? s->latency : 1;
		st_value *ins[MAX_READS];
		for (size_t r = 0; r < s->nreads; r++) {
			xread *rd = &s->reads[r];
			xbuf *u = &x->bufs[rd->buf];
			unsigned rank = (unsigned)st_type_rank(st_value_type(u->mem));
			port_text t;
			port_text_of(&t, s->name, s->ndims, s->lo, s->hi, u, rank, rd->acc, clock, scale, stage_lane(s, lanes));
			st_op *p = add_port(gb, false, bufv[rd->buf], NULL, &t);
			if (!p)
				return ST_FAIL;
			ins[r] = st_op_result(p, 0);
		}
		for (size_t j = 0; j < s->nparams; j++)
			if (!(ins[s->nreads + j] = param_value(x, gb, g, s->params[j])))
				return ST_FAIL;
		st_type *et = st_type_element(st_value_type(w->mem));
		st_builder kb = st_builder_at_end(ctx, s->body, loc);
		if (!st_ub_build_yield(&kb, 1, &s->cur))
			return ST_FAIL;
		st_op *kop = st_ub_build_kernel(gb, st_str_c(s->name), s->latency, s->nreads + s->nparams, ins, 1, &et,
		                                s->ncoords, s->coord_dim, s->body);
		if (!kop)
			return ST_FAIL;
		s->body = NULL;
		st_value *wv[2] = {bufv[s->buf], st_op_result(kop, 0)};
		unsigned rank = (unsigned)st_type_rank(st_value_type(w->mem));
		int64_t start = clock + s->latency;
		port_text t;
		port_text_of(&t, s->name, s->ndims, s->lo, s->hi, w, rank, s->store, start, scale, stage_lane(s, lanes));
		if (!add_port(gb, true, wv[0], wv[1], &t))
			return ST_FAIL;
		clock = start + scale * box_count(s->ndims, s->lo, s->hi) / (lanes ? lanes : 1);
		/* The host reads what a stage writes into an argument, after the
		 * last statement writing it. */
		bool last = true;
		for (size_t j = k + 1; j < x->nstages; j++)
			last = last && x->stages[j].buf != s->buf;
		if (w->arg >= 0 && last) {
			char stmt[80];
			snprintf(stmt, sizeof stmt, "host_%s", w->name);
			port_text_of(&t, stmt, s->npure, s->lo, s->hi, w, rank, s->store, clock, 1, stage_lane(s, lanes));
			if (!add_port(gb, false, bufv[s->buf], NULL, &t))
				return ST_FAIL;
			clock += box_count(s->npure, s->lo, s->hi) / (lanes ? lanes : 1);
		}
	}
	return ST_OK;
}

/* ------------------------------------------------------------- the pass */

/* The loop marked accel.launch inside `op`, or NULL; *n counts the marked
 * loops seen (one accelerator per function). */
static st_walk_result find_marked(st_op *op, void *ud) {
	void **r = ud;
	if (!is_op(op, "affine.for") || !st_accel_is_launch(op))
		return ST_WALK_ADVANCE;
	if (!r[0])
		r[0] = op;
	(*(size_t *)r[1])++;
	return ST_WALK_SKIP;
}

static st_op *accelerator_of(st_op *op, size_t *n) {
	void *r[2] = {NULL, n};
	st_walk(op, ST_WALK_PRE, find_marked, r);
	return r[0];
}

static st_status add_alloc(xctx *x, st_op *op) {
	if (x->nbufs == MAX_BUFS)
		return st_op_error(op, "ub-extract: at most %d buffers", MAX_BUFS);
	xbuf *u = &x->bufs[x->nbufs];
	u->mem = st_op_result(op, 0);
	u->arg = -1;
	buffer_name(x, u, op, 0);
	x->nbufs++;
	return ST_OK;
}

/* A host-side copy between an argument and an allocation of the function
 * (`output(x, y) = hw_output(x, y)`): the allocation is the argument's host
 * stream, so the copy folds away and the argument's accesses alias the
 * allocation.  True when `nest` was such a copy. */
static bool fold_host_copy(xctx *x, st_op *nest) {
	st_op *loop = nest;
	st_block *b = NULL;
	while (loop && is_op(loop, "affine.for")) {
		b = st_region_first_block(st_op_region(loop, 0));
		st_op *first = st_block_first_op(b);
		loop = first && st_op_next(first) && is_op(st_op_next(first), "affine.yield") ? first : NULL;
	}
	st_op *ld = b ? st_block_first_op(b) : NULL, *str = ld ? st_op_next(ld) : NULL;
	if (!ld || !str || !is_op(ld, "affine.load") || !is_op(str, "affine.store") || !st_op_next(str) ||
	    !is_op(st_op_next(str), "affine.yield") || st_op_operand(str, 0) != st_op_result(ld, 0))
		return false;
	int from = buf_of(x, st_op_operand(ld, 0)), to = buf_of(x, st_op_operand(str, 1));
	if (from < 0 || to < 0 || (x->bufs[from].arg < 0) == (x->bufs[to].arg < 0))
		return false;
	st_type *ta = st_value_type(st_op_operand(ld, 0)), *tb = st_value_type(st_op_operand(str, 1));
	if (ta != tb || st_op_num_operands(ld) != st_op_num_operands(str) - 1 ||
	    st_op_get_attr(ld, "map") != st_op_get_attr(str, "map"))
		return false;
	for (size_t i = 1; i < st_op_num_operands(ld); i++)
		if (st_op_operand(ld, i) != st_op_operand(str, i + 1))
			return false;
	int arg = x->bufs[from].arg >= 0 ? from : to, alloc = arg == from ? to : from;
	x->bufs[alloc].arg = x->bufs[arg].arg;
	x->bufs[arg].alias = alloc;
	return true;
}

/* A loop of the accelerator's body whose perfectly nested chain ends in a
 * block with allocations: the fabric's tile loops inside a run (chain[],
 * outermost first); 0 when op is none. */
static size_t fabric_chain(st_op *op, st_op **chain) {
	size_t n = 0;
	for (st_op *l = op; l && is_op(l, "affine.for") && n < ST_UB_MAX_DIMS; l = only_child(l)) {
		chain[n++] = l;
		for (st_op *o = st_block_first_op(st_region_first_block(st_op_region(l, 0))); o; o = st_op_next(o))
			if (is_op(o, "memref.alloc") || is_op(o, "memref.alloca"))
				return n;
	}
	return 0;
}

/* A tile loop, or a block loop running once (a constant index). */
static st_status tile_loop(xctx *x, st_op *l) {
	int64_t lo, hi;
	st_attr *step_a = st_op_get_attr(l, "step");
	int64_t step = step_a ? st_attr_int_value(step_a) : 1;
	if (!is_op(l, "affine.for") || !const_bound(l, "lowerBoundMap", &lo) || !const_bound(l, "upperBoundMap", &hi))
		return st_op_error(l, "ub-extract: a loop around the accelerator or its fabric tiles needs constant bounds");
	if (hi - lo > step) {
		if (x->ntiles == ST_UB_MAX_DIMS / 2)
			return st_op_error(l, "ub-extract: at most %d tile loops around the accelerator and its fabric tiles",
			                   ST_UB_MAX_DIMS / 2);
		x->tile_loops[x->ntiles] = l;
		x->tiles[x->ntiles++] = (hi - lo + step - 1) / step;
	}
	return ST_OK;
}

/* The index of block loop l: its tile slot, or its constant. */
static bool push_tile_index(xctx *x, st_op *l) {
	int64_t lo;
	st_attr *step_a = st_op_get_attr(l, "step");
	const_bound(l, "lowerBoundMap", &lo);
	st_ub_aff a;
	memset(&a, 0, sizeof a);
	a.c[0] = lo;
	for (unsigned j = 0; j < x->ntiles; j++)
		if (x->tile_loops[j] == l)
			a.c[1 + tile_slot(x, j)] = step_a ? st_attr_int_value(step_a) : 1;
	return push_index(x, loop_iv(l), &a);
}

/* The block loops around the accelerator (it and the loops enclosing it):
 * one that runs once has a constant index in the nests inside; one that
 * runs more than once is a tile loop (the graph models one run, the host
 * runs it once per iteration; tile_strides reads how the runs move).  The
 * fabric's tile loops inside a run are tile loops too, after them. */
static st_status enter_accelerator(xctx *x, st_op *top, st_op *acc) {
	st_op *loops[MAX_IDX];
	size_t n = 0;
	for (st_op *l = acc; l && n < MAX_IDX; l = l == top ? NULL : st_op_parent_op(l))
		loops[n++] = l;
	x->ntiles = 0;
	x->ninner = 0;
	x->output_rate = st_accel_output_rate(acc);
	for (size_t i = n; i-- > 0;)
		if (st_failed(tile_loop(x, loops[i])))
			return ST_FAIL;
	for (st_op *o = st_block_first_op(st_region_first_block(st_op_region(acc, 0))); o; o = st_op_next(o)) {
		st_op *chain[ST_UB_MAX_DIMS];
		size_t m = is_op(o, "affine.for") ? fabric_chain(o, chain) : 0;
		if (m && x->ninner)
			return st_op_error(o, "ub-extract: a second nest of fabric tiles in one accelerator run");
		for (size_t i = 0; i < m; i++)
			if (st_failed(tile_loop(x, chain[i])))
				return ST_FAIL;
		if (m) {
			memcpy(x->inner, chain, m * sizeof *chain);
			x->ninner = m;
		}
	}
	/* The slots depend on the count: the indices are pushed after it. */
	for (size_t i = n; i-- > 0;)
		if (!push_tile_index(x, loops[i]))
			return st_op_error(loops[i], "ub-extract: too many loops");
	x->nbase = x->nidx;
	return ST_OK;
}

/* Splits one access's tile terms off into the buffer's strides (the same
 * for every access of a buffer: a buffer moves as a whole); false when
 * they differ. */
static bool take_strides(xctx *x, int b, st_ub_aff *acc, unsigned rank, bool *seen) {
	xbuf *u = &x->bufs[b];
	bool same = true;
	for (unsigned d = 0; d < rank; d++)
		for (unsigned j = 0; j < x->ntiles; j++) {
			int64_t *c = &acc[d].c[1 + tile_slot(x, j)];
			same = same && (!seen[b] || u->stride[d][j] == *c);
			u->stride[d][j] = *c;
			*c = 0;
		}
	seen[b] = true;
	return same;
}

/* A host stage before a tiled accelerator (`hw_input(x, y) =
 * u16(input(x, y))` computed at the root) becomes part of each run: its
 * domain shrinks to the footprint the run reads of its buffer, and it moves
 * with the tile as that footprint does, its reads of the host's data too.
 * Its store must name each buffer dimension by one pure loop. */
static st_status localize(xctx *x, xstage *s) {
	int b = s->buf;
	unsigned rank = (unsigned)st_type_rank(st_value_type(x->bufs[b].mem));
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS], str[ST_UB_MAX_DIMS][ST_UB_MAX_DIMS];
	bool seen = false;
	for (size_t k = 0; k < x->nstages; k++) {
		xstage *t = &x->stages[k];
		for (size_t r = 0; !t->host && r < t->nreads; r++) {
			if (t->reads[r].buf != b)
				continue;
			const st_ub_aff *a = t->reads[r].acc;
			for (unsigned d = 0; d < rank; d++) {
				int64_t l = a[d].c[0], h = a[d].c[0];
				for (unsigned i = 0; i < t->ndims; i++) {
					int64_t c = a[d].c[1 + i];
					l += c * (c > 0 ? t->lo[i] : t->hi[i]);
					h += c * (c > 0 ? t->hi[i] : t->lo[i]);
				}
				for (unsigned j = 0; j < x->ntiles; j++) {
					int64_t c = a[d].c[1 + tile_slot(x, j)];
					if (seen && c != str[d][j])
						return st_op_error(t->loops[0], "ub-extract: stage '%s' reads '%s' at places that move "
						                                "differently with the tile loops", t->name,
						                   x->bufs[b].name);
					str[d][j] = c;
				}
				lo[d] = seen && lo[d] < l ? lo[d] : l;
				hi[d] = seen && hi[d] > h ? hi[d] : h;
			}
			seen = true;
		}
	}
	if (!seen)
		return st_op_error(s->loops[0], "ub-extract: the host computes '%s' in a nest of its own beside a tiled "
		                                "accelerator that does not read it (only a copy to an argument is "
		                                "supported)", x->bufs[b].name);
	if (s->ncoords)
		return st_op_error(s->loops[0], "ub-extract: the host computes '%s' from its coordinates before a tiled "
		                                "accelerator (each run would need its tile's)", x->bufs[b].name);
	unsigned dim_of[ST_UB_MAX_DIMS];
	bool ok = s->ndims == s->npure && s->npure == rank && s->ndims <= max_stage_dims(x);
	for (unsigned d = 0; ok && d < rank; d++) {
		unsigned n = 0;
		for (unsigned i = 0; i < s->ndims; i++)
			if (s->store[d].c[1 + i]) {
				dim_of[d] = i;
				n += s->store[d].c[1 + i] == 1 ? 1 : 2;
			}
		ok = n == 1;
	}
	if (!ok)
		return st_op_error(s->loops[0], "ub-extract: the host computes '%s' before a tiled accelerator; each run "
		                                "computes its tile of it, which needs a store naming each dimension by "
		                                "one pure loop (at most %u loops)", x->bufs[b].name, max_stage_dims(x));
	int64_t dx[ST_UB_MAX_DIMS][ST_UB_MAX_DIMS] = {{0}};
	for (unsigned d = 0; d < rank; d++) {
		unsigned i = dim_of[d];
		int64_t nlo = lo[d] - s->store[d].c[0], nhi = hi[d] - s->store[d].c[0], first = nlo, last = nhi;
		for (unsigned j = 0; j < x->ntiles; j++)
			*(str[d][j] < 0 ? &first : &last) += str[d][j] * (x->tiles[j] - 1);
		if (first < s->lo[i] || last > s->hi[i])
			return st_op_error(s->loops[0], "ub-extract: a run reads '%s' beyond what the host computes of it",
			                   x->bufs[b].name);
		s->lo[i] = nlo;
		s->hi[i] = nhi;
		for (unsigned j = 0; j < x->ntiles; j++)
			dx[i][j] = str[d][j];
	}
	for (size_t r = 0; r <= s->nreads; r++) {
		st_ub_aff *a = r < s->nreads ? s->reads[r].acc : s->store;
		unsigned n = (unsigned)st_type_rank(st_value_type(x->bufs[r < s->nreads ? s->reads[r].buf : b].mem));
		for (unsigned e = 0; e < n; e++)
			for (unsigned j = 0; j < x->ntiles; j++)
				for (unsigned i = 0; i < s->ndims; i++)
					a[e].c[1 + tile_slot(x, j)] += a[e].c[1 + i] * dx[i][j];
	}
	return ST_OK;
}

/* After reading a tiled accelerator: every access's tile terms become its
 * buffer's strides (one per tile loop and dimension: a run's footprint
 * moves as a whole), and the footprints are the first run's.  An argument
 * is the host's data, in the global buffer: each run streams its
 * footprint in or out.  Any other buffer belongs to one run. */
static st_status tile_strides(xctx *x) {
	bool seen[MAX_BUFS] = {false};
	for (size_t k = 0; k < x->nstages; k++)
		if (x->stages[k].host && st_failed(localize(x, &x->stages[k])))
			return ST_FAIL;
	for (size_t k = 0; k < x->nstages; k++) {
		xstage *s = &x->stages[k];
		unsigned rank = (unsigned)st_type_rank(st_value_type(x->bufs[s->buf].mem));
		bool ok = take_strides(x, s->buf, s->store, rank, seen);
		for (size_t r = 0; ok && r < s->nreads; r++)
			ok = take_strides(x, s->reads[r].buf, s->reads[r].acc,
			                  (unsigned)st_type_rank(st_value_type(x->bufs[s->reads[r].buf].mem)), seen);
		if (!ok)
			return st_op_error(s->loops[0], "ub-extract: the accesses of a buffer of stage '%s' move differently "
			                                "with the tile loops (a run's footprint must move as a whole)", s->name);
	}
	for (size_t i = 0; i < x->nbufs; i++) {
		xbuf *u = &x->bufs[i];
		u->strided = u->alias < 0 && !u->rom && seen[i] && u->arg >= 0;
		u->touched = false;
	}
	/* The first run's footprints, host stages shrunk. */
	for (size_t k = 0; k < x->nstages; k++) {
		xstage *s = &x->stages[k];
		note_access(x, s, s->buf, s->store, (unsigned)st_type_rank(st_value_type(x->bufs[s->buf].mem)));
		for (size_t r = 0; r < s->nreads; r++)
			note_access(x, s, s->reads[r].buf, s->reads[r].acc,
			            (unsigned)st_type_rank(st_value_type(x->bufs[s->reads[r].buf].mem)));
	}
	return ST_OK;
}

/* A nest filling an allocation stored in a ROM (accel.store_in = "rom"; the
 * .hl schedule's store_in(MemoryType::ROM)):
 * computed now (ub_extract_rom.c) instead of becoming a stage.  1 when
 * `nest` was one, 0 when not, -1 after a diagnostic. */
static int rom_nest(xctx *x, st_op *nest) {
	st_op *store = NULL;
	st_walk(nest, ST_WALK_PRE, find_store, &store);
	int b = store ? buf_of(x, st_op_operand(store, 1)) : -1;
	st_op *alloc = b >= 0 ? st_value_defining_op(x->bufs[b].mem) : NULL;
	if (!alloc || st_accel_store_in(alloc) != ST_ACCEL_LEVEL_ROM)
		return 0;
	int64_t vals[MAX_IDX];
	for (size_t i = 0; i < x->nbase; i++)
		vals[i] = x->idx_aff[i].c[0];
	xbuf *u = &x->bufs[b];
	u->rom = st__ub_rom_table(x->fn, nest, u->mem, x->nbase, x->idx_val, vals, u->name);
	if (!u->rom)
		return -1;
	st_str sym = st_ident_str(st_symbol_name(u->rom));
	st_type *mt = st_value_type(u->mem);
	st_named_attr na = {st_ident_get_c(x->ctx, "name"), st_symbol_ref_attr(x->ctx, sym, 0, NULL)};
	st_op_state gs = {.name = st_str_c("memref.get_global"), .loc = st_op_loc(nest), .nresults = 1,
	                  .result_types = &mt, .attrs = st_dict_attr(x->ctx, 1, &na)};
	u->rom_get = st_op_create(x->ctx, &gs);
	return u->rom_get ? 1 : (st_op_error(nest, "out of memory"), -1);
}

/* A copy between a global buffer of the run and another buffer, beside
 * the fabric's tile loops (two-level tiles: `hw_input.in()` stored in GLB
 * from the host's hw_input, the output's GLB tile copied out): the global
 * buffer folds into the other, its element e being the other's e + the
 * copy's offset (affine in the tiles).  The graph's runs are the fabric
 * tiles, reading and writing the host's buffers at their footprints; the
 * global buffer's double buffering is the host's.  False when `nest` is
 * no such copy. */
static bool fold_global_copy(xctx *x, st_op *nest) {
	st_op *loop = nest, *chain[ST_UB_MAX_DIMS];
	size_t depth = 0;
	st_block *b = NULL;
	while (loop && is_op(loop, "affine.for") && depth < ST_UB_MAX_DIMS - x->ntiles) {
		chain[depth++] = loop;
		b = st_region_first_block(st_op_region(loop, 0));
		loop = only_child(loop);
	}
	st_op *ld = b ? st_block_first_op(b) : NULL, *str = ld ? st_op_next(ld) : NULL;
	if (!ld || !str || !is_op(ld, "affine.load") || !is_op(str, "affine.store") || !st_op_next(str) ||
	    !is_op(st_op_next(str), "affine.yield") || st_op_operand(str, 0) != st_op_result(ld, 0))
		return false;
	int from = buf_of(x, st_op_operand(ld, 0)), to = buf_of(x, st_op_operand(str, 1));
	st_op *fa = from >= 0 ? st_value_defining_op(x->bufs[from].mem) : NULL;
	st_op *ta = to >= 0 ? st_value_defining_op(x->bufs[to].mem) : NULL;
	bool gfrom = fa && st_accel_store_in(fa) == ST_ACCEL_LEVEL_GLOBAL;
	bool gto = ta && st_accel_store_in(ta) == ST_ACCEL_LEVEL_GLOBAL;
	if (from < 0 || to < 0 || gfrom == gto)
		return false;
	/* The copy's loops as dimensions of their own: they cancel. */
	size_t nidx = x->nidx;
	bool ok = true;
	for (size_t i = 0; ok && i < depth; i++) {
		st_ub_aff a;
		memset(&a, 0, sizeof a);
		a.c[1 + i] = 1;
		ok = push_index(x, loop_iv(chain[i]), &a);
	}
	unsigned rl = 0, rs = 0;
	st_ub_aff la[ST_UB_MAX_DIMS], sa[ST_UB_MAX_DIMS];
	ok = ok && access_affs(x, ld, 1, &rl, la) && access_affs(x, str, 2, &rs, sa) && rl == rs;
	x->nidx = nidx;
	xbuf *g = &x->bufs[gto ? to : from];
	for (unsigned d = 0; ok && d < rl; d++) {
		for (unsigned c = 0; c <= ST_UB_MAX_DIMS; c++)
			g->shift[d].c[c] = gto ? la[d].c[c] - sa[d].c[c] : sa[d].c[c] - la[d].c[c];
		for (size_t i = 0; i < depth; i++)
			ok = ok && g->shift[d].c[1 + i] == 0;
	}
	if (!ok)
		return false;
	g->shifted = true;
	g->alias = gto ? from : to;
	x->folded[x->nfolded++] = nest;
	return true;
}

/* The run's ops beside the fabric's tile loops: its allocations, and
 * copies between its global buffers and the host's, which fold. */
static st_status fold_global_copies(xctx *x, st_block *body) {
	for (st_op *op = st_block_first_op(body); op; op = st_op_next(op))
		if ((is_op(op, "memref.alloc") || is_op(op, "memref.alloca")) && st_failed(add_alloc(x, op)))
			return ST_FAIL;
	for (st_op *op = st_block_first_op(body); op; op = st_op_next(op))
		if (is_op(op, "affine.for") && op != x->inner[0] &&
		    (x->nfolded == MAX_STAGES || !fold_global_copy(x, op)))
			return st_op_error(op, "ub-extract: beside the fabric's tile loops a run of the accelerator only copies "
			                       "between its global buffers and the host's (two-level tiles)");
	return ST_OK;
}

static bool was_folded(const xctx *x, const st_op *op) {
	for (size_t i = 0; i < x->nfolded; i++)
		if (x->folded[i] == op)
			return true;
	return false;
}

static bool has_buffer(const xctx *x, st_op *alloc) {
	for (size_t i = 0; i < x->nbufs; i++)
		if (x->bufs[i].mem == st_op_result(alloc, 0))
			return true;
	return false;
}

static st_status read_block(xctx *x, st_block *body, st_op *acc);

/* The fabric's tile loops: their indices are tile slots (or constants)
 * in the nests of the fabric's block. */
static st_status enter_fabric(xctx *x) {
	size_t nidx = x->nidx, nbase = x->nbase;
	for (size_t i = 0; i < x->ninner; i++)
		if (!push_tile_index(x, x->inner[i]))
			return st_op_error(x->inner[i], "ub-extract: too many loops");
	x->nbase = x->nidx;
	st_status st = read_block(x, st_region_first_block(st_op_region(x->inner[x->ninner - 1], 0)), NULL);
	x->nidx = nidx;
	x->nbase = nbase;
	return st;
}

/* The ops of a block that holds stages: allocations become buffers, loop
 * nests stages; the loop holding the accelerator (the .hl form) is entered,
 * and host-side copies fold into host streams. */
static st_status read_block(xctx *x, st_block *body, st_op *acc) {
	st_status st = ST_OK;
	for (st_op *op = st_block_first_op(body); st == ST_OK && op; op = st_op_next(op)) {
		if (is_op(op, "memref.alloc") || is_op(op, "memref.alloca")) {
			st = has_buffer(x, op) ? ST_OK : add_alloc(x, op);
		} else if (is_op(op, "affine.for") && acc && (op == acc || st_op_is_ancestor(op, acc))) {
			st = enter_accelerator(x, op, acc);
			st_block *ab = st_region_first_block(st_op_region(acc, 0));
			if (st == ST_OK && x->ninner)
				st = fold_global_copies(x, ab);
			if (st == ST_OK)
				st = read_block(x, ab, NULL);
			x->nbase = x->nidx = 0;
		} else if (is_op(op, "affine.for") && x->ninner && op == x->inner[0]) {
			st = enter_fabric(x);
		} else if (is_op(op, "affine.for") && !was_folded(x, op) && !(acc && fold_host_copy(x, op))) {
			int rom = rom_nest(x, op);
			st = rom < 0 ? ST_FAIL : rom ? ST_OK : read_nest_in_box(x, op);
		}
	}
	return st;
}

static st_status extract_func(st_context *ctx, st_op *fn, st_op *acc) {
	xctx *x = st_ctx_alloc(ctx, sizeof *x);
	if (!x)
		return st_op_error(fn, "out of memory");
	memset(x, 0, sizeof *x);
	x->ctx = ctx;
	x->fn = fn;
	st_block *body = st_region_first_block(st_op_region(fn, 0));
	st_status st = body ? ST_OK : st_op_error(fn, "ub-extract: the function has no body");
	for (size_t i = 0; st == ST_OK && i < st_block_num_args(body); i++) {
		st_value *a = st_block_arg(body, i);
		if (!st_type_is_shaped(st_value_type(a)) || x->nbufs == MAX_BUFS)
			continue;
		xbuf *u = &x->bufs[x->nbufs];
		u->mem = a;
		u->arg = (int)i;
		buffer_name(x, u, NULL, i);
		x->nbufs++;
	}
	for (size_t i = 0; i < MAX_BUFS; i++)
		x->bufs[i].alias = -1;
	if (st == ST_OK)
		st = read_block(x, body, acc);
	/* After the host's copies have folded: they name the host's buffers. */
	if (st == ST_OK && x->ntiles)
		st = tile_strides(x);
	if (st == ST_OK && x->nstages == 0)
		st = st_op_error(fn, "ub-extract: the accelerated function has no loop nest");
	if (st == ST_OK)
		st = build_graph(x, fn);
	for (size_t k = 0; k < x->nstages; k++) {
		if (x->stages[k].body)
			st_block_destroy(x->stages[k].body);
		if (x->stages[k].vmap)
			st_value_map_destroy(x->stages[k].vmap);
	}
	for (size_t i = 0; i < x->nbufs; i++)
		if (x->bufs[i].rom_get)
			st_op_destroy(x->bufs[i].rom_get);
	st_ctx_free(ctx, x, sizeof *x);
	return st;
}

/* A function is accelerated when it is marked accel.kernel (its body is
 * the accelerator) or holds a loop marked accel.launch (the .hl lowering's
 * block loop: each run of its body is one accelerator run). */
static st_status run_extract(st_pass *pass, st_op *op) {
	st_context *ctx = st_pass_context(pass);
	st_block *b = st_region_first_block(st_op_region(op, 0));
	for (st_op *f = b ? st_block_first_op(b) : NULL; f; f = st_op_next(f)) {
		if (!is_op(f, "func.func"))
			continue;
		size_t n = 0;
		st_op *acc = st_accel_is_kernel(f) ? NULL : accelerator_of(f, &n);
		if (n > 1)
			return st_op_error(f, "ub-extract: %zu accelerators in one function (one graph each is not supported)",
			                   n);
		if ((acc || st_accel_is_kernel(f)) && st_failed(extract_func(ctx, f, acc)))
			return ST_FAIL;
	}
	return ST_OK;
}

static const st_pass_def extract_pass = {
	.name = "ub-extract",
	.summary = "Extract a unified-buffer graph from each accelerated function (marked accel.kernel, or holding a loop "
	           "marked accel.launch)",
	.anchor = "builtin.module",
	.run = run_extract,
};

st_status st_register_affine_to_ub_passes(st_context *ctx) { return st_context_register_pass(ctx, &extract_pass); }
