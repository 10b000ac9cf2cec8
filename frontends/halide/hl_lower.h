/* What bounds inference (hl_bounds.c) and the emission of IR
 * (hl_lower.c, hl_emit.c) share: the loops of every stage, the index values
 * ("placeholders") they define, and the region of every func.
 *
 * Expressions over loop values are affine expressions whose dimension d0,
 * d1, ... stands for placeholder 0, 1, ...: a loop's induction value or
 * the start of a ShiftInwards tile.  Seen from a loop level, placeholders
 * of enclosing loops are fixed (symbols of the region) and the others are
 * free, ranging over [lo, hi]. */
#ifndef STRATA_HL_LOWER_H
#define STRATA_HL_LOWER_H

#include "hl_ast.h"
#include "strata/affine.h"

typedef struct st__hl_ph {
	int64_t lo, hi;  /* range when free */
	int loop;        /* the loop defining it */
	st_value *v;     /* its index value once emitted */
	bool fixed;      /* a constant in this copy of an unrolled loop (v is NULL) */
	int64_t fixed_val;
	/* A ShiftInwards base: min(src * factor, limit). */
	st_affine_expr *src;
	int64_t factor, limit;
} st__hl_ph;

/* One loop of one stage. */
typedef struct st__hl_loop {
	int func, stage, dim; /* dim: position in the stage's dims (innermost 0) */
	int64_t extent;
	int ph;               /* its induction placeholder */
} st__hl_loop;

/* The iteration of one stage: a loop per dim and the value of every name
 * (original vars and split results) as an affine expression. */
typedef struct st__hl_name_val {
	st_str name;
	st_affine_expr *val;
	int64_t extent;
	int64_t reach; /* how far its loops take it: the extent, more after RoundUp */
} st__hl_name_val;

/* A GuardWithIf condition: val <= max. */
typedef struct st__hl_guard {
	st_affine_expr *val;
	int64_t max;
} st__hl_guard;

typedef struct st__hl_iter {
	int *loops;           /* per dim (innermost first): loop id */
	size_t nloops;
	st__hl_name_val *names;
	size_t nnames, ncap;
	st__hl_guard *guards;
	size_t nguards, gcap;
} st__hl_iter;

/* Where a func is computed or stored: loop id, or -1 for the root. */
typedef struct st__hl_region {
	st_affine_expr *min[ST__HL_MAX_DIMS];
	int64_t extent[ST__HL_MAX_DIMS];
} st__hl_region;

typedef struct st__hl_lfunc {
	bool realized;             /* has loops and storage (not inlined, not an input or table) */
	int compute_loop, store_loop;
	st__hl_region region;      /* computed at compute_loop */
	st__hl_region storage;     /* allocated at store_loop */
	st__hl_iter *iters;        /* per stage */
	st_value *buffer;
	int order;                 /* topological position (producers first) */
} st__hl_lfunc;

typedef struct st__hl_lower {
	st__hl_parser *p;
	st_context *ctx;
	st__hl_ph *phs;
	size_t nphs, phcap;
	st__hl_loop *loops;
	size_t nloops, lcap;
	st__hl_lfunc *lf; /* per func */
	int *topo;        /* realized funcs, producers first */
	size_t ntopo;
	st_op *module;    /* the module being emitted (freed if the import bails out) */
} st__hl_lower;

/* Bounds inference: every realized func's loops, regions and order. */
bool st__hl_bounds(st__hl_lower *L);
/* Whether loop `outer` encloses loop `inner` (or is it). */
bool st__hl_loop_encloses(const st__hl_lower *L, int outer, int inner);
/* The loop a func's stage dim is, and the loop enclosing a loop. */
int st__hl_loop_parent(const st__hl_lower *L, int loop);
/* The value of name `name` in an iteration, or NULL. */
st_affine_expr *st__hl_iter_value(const st__hl_iter *it, st_str name);

/* Emission of the function (hl_emit.c). */
st_op *st__hl_emit(st__hl_lower *L);

#endif
