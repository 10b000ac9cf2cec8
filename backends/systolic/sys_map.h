/* The mapping of a layer onto a systolic target, shared by the planner
 * (sys_plan.c: the cost model and Algorithm 3), the ILP (sys_ilp.c) and
 * the builder of the placed codelet (sys_map_ir.c). */
#ifndef STRATA_SYS_MAP_H
#define STRATA_SYS_MAP_H

#include "sys_internal.h"

/* An array layer in the canonical view: a convolution (a GEMM is one with
 * H = M, W = 1, C = K, R = S = 1, K = N, P = M, Q = 1). */
typedef struct sys_conv {
	int64_t N, H, W, C, R, S, K, P, Q;
	int64_t sh, sw, pt, pl;
	bool accumulate;
	/* Which memref dimension of each operand holds each canonical one
	 * (-1: none): input (n, h, w, c), weights (r, s, c, k), output (n, p, q, k). */
	int in_dims[4], w_dims[4], out_dims[4];
} sys_conv;

bool sys_conv_of(const st_codelet_layer_info *l, sys_conv *c);
/* Whether the array computes the layer (its operands' types against the
 * array's GEMM capability); false with the reason in `why`. */
bool sys_array_takes(const sys_machine *m, st_op *layer, char *why, size_t n);
/* Whether the SIMD unit has a capability of that name. */
bool sys_simd_has_cap(const sys_machine *m, const char *cap);

enum { SYS_WS = 0, SYS_OS = 1, SYS_SIMD = 2 }; /* SIMD: a layer of the SIMD unit */
enum { SYS_K_OUTER = 0, SYS_SPATIAL_OUTER = 1 };

/* The tiles of DRAM (divisors of the extents, Algorithm 3's candidates),
 * the loop order over them, the dataflow, and what the cost model says. */
typedef struct sys_plan {
	int dataflow, order;
	int64_t tp, tq, tk, tc;
	int copies_in, copies_w, copies_out;
	int64_t entries_in, entries_w, entries_out; /* per copy */
	double cycles;                              /* the estimate */
	double compute, dram, ctrl;                 /* its parts */
} sys_plan;

/* Algorithm 3 for one choice of tiles: every tile (double-buffered where
 * the node says so) fits its buffer.  Fills the plan's entries and copies;
 * false when a buffer lacks room (*lacking names it). */
bool sys_plan_fits(const sys_machine *m, const sys_conv *c, sys_plan *p, const char **lacking);
/* The cost model: cycles of the plan on the machine (docs/systolic.md,
 * "The cost model"). */
void sys_plan_cost(const sys_machine *m, const sys_conv *c, sys_plan *p);

typedef struct sys_search {
	size_t candidates, valid; /* tilings tried, tilings Algorithm 3 accepts */
	/* The smallest tiles did not fit: the buffer and the elements it
	 * lacks, for the error. */
	const char *lacking;
	int64_t need, have;
} sys_search;

/* The best plan over dataflows, loop orders and tile sizes; false when no
 * tiling fits (*s says which buffer lacks how much). */
bool sys_plan_best(const sys_machine *m, const sys_conv *c, sys_plan *best, sys_search *s);

/* The placed codelet of a SIMD layer (sys_map_simd.c) before `layer`, its
 * plan (dataflow SYS_SIMD, tiles p, q, 1, c) and search; NULL after an
 * error at the layer. */
st_op *sys_map_simd_layer(const sys_machine *m, st_op *layer, const st_codelet_layer_info *l, sys_plan *plan,
                          sys_search *search);

#endif
