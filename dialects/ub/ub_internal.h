/* Shared by the files of the ub dialect: the verifier hooks, the isl
 * helpers, and the graph model that the schedulers, the capacity analysis,
 * the mapper and the simulator work on (docs/unified-buffers.md). */
#ifndef STRATA_UB_INTERNAL_H
#define STRATA_UB_INTERNAL_H

#include "strata/ir.h"

#include <isl/aff.h>
#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

/* Verifier hooks (ub_verify.c). */
st_status st__ub_verify_buffer(st_op *op);
st_status st__ub_verify_port(st_op *op);
st_status st__ub_verify_graph(st_op *op);
st_status st__ub_verify_mem(st_op *op);

/* ------------------------------------------------------------ isl helpers */

/* An isl_ctx that returns errors instead of aborting, with an operation
 * bound so a pathological input fails instead of running for ever. */
isl_ctx *st__ub_isl_ctx(void);
/* The string attribute `attr` of `op` read as an isl set or map; NULL after
 * an error at `op` that quotes isl's complaint. */
isl_set *st__ub_attr_set(isl_ctx *ictx, st_op *op, const char *attr);
isl_map *st__ub_attr_map(isl_ctx *ictx, st_op *op, const char *attr);
/* Sets the string attribute `attr` of `op` to isl's text of the object. */
void st__ub_set_map_attr(st_op *op, const char *attr, isl_map *m);
void st__ub_set_set_attr(st_op *op, const char *attr, isl_set *s);

#define ST_UB_MAX_DIMS 8

/* An affine function of a box's dimensions: c[0] + sum c[1 + i] * x_i. */
typedef struct st__ub_aff {
	int64_t c[ST_UB_MAX_DIMS + 1];
} st__ub_aff;

static inline int64_t st__ub_aff_eval(const st__ub_aff *a, unsigned n, const int64_t *x) {
	int64_t v = a->c[0];
	for (unsigned i = 0; i < n; i++)
		v += a->c[1 + i] * x[i];
	return v;
}

/* Steps x through the box lo..hi row-major (the last dimension
 * innermost); false after the last point. */
static inline bool st__ub_next_point(unsigned n, const int64_t *lo, const int64_t *hi, int64_t *x) {
	for (unsigned d = n; d-- > 0;) {
		if (x[d] < hi[d]) {
			x[d]++;
			return true;
		}
		x[d] = lo[d];
	}
	return false;
}

/* The element (row-major index into a buffer of that shape) an access
 * reaches at x. */
static inline int64_t st__ub_element(const int64_t *shape, unsigned rank, const st__ub_aff *acc, unsigned ndims,
                                     const int64_t *x) {
	int64_t e = 0;
	for (unsigned d = 0; d < rank; d++)
		e = e * shape[d] + st__ub_aff_eval(&acc[d], ndims, x);
	return e;
}

/* A set that is a box with constant bounds: lo[i] <= x_i <= hi[i].  False
 * for anything else (a parametric or non-rectangular set). */
bool st__ub_box_of(isl_set *s, unsigned *ndims, int64_t *lo, int64_t *hi);
/* A map that is one affine function without parameters: its results into
 * out[0..*nout).  False otherwise. */
bool st__ub_affs_of(isl_map *m, unsigned *nout, st__ub_aff *out);

/* ------------------------------------------------------------- the model */

typedef struct st__ub_port {
	st_op *op;
	bool write;
	int buffer; /* index in the model's buffers */
	int kernel; /* the kernel the port feeds or is fed by; -1: the host */
	isl_set *domain;
	isl_map *access, *schedule;
	/* Compiled forms, for enumerating (the domain must be a box). */
	unsigned ndims;
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS];
	unsigned rank;
	st__ub_aff acc[ST_UB_MAX_DIMS];
	st__ub_aff sched;
} st__ub_port;

typedef struct st__ub_buffer {
	st_op *op;
	char name[64];
	unsigned rank;
	int64_t shape[ST_UB_MAX_DIMS];
	int arg;        /* host memref argument, or -1 */
	int64_t capacity; /* -1: not computed */
} st__ub_buffer;

typedef struct st__ub_kernel {
	st_op *op; /* NULL for the host */
	char name[64];
	int64_t latency;
} st__ub_kernel;

typedef struct st__ub_model {
	st_context *ctx;
	isl_ctx *ictx;
	st_op *graph;
	st__ub_buffer *buffers;
	size_t nbuffers;
	st__ub_port *ports;
	size_t nports;
	st__ub_kernel *kernels;
	size_t nkernels;
	size_t cap_buffers, cap_ports, cap_kernels;
} st__ub_model;

/* The number of points of a port's domain box. */
static inline int64_t st__ub_port_points(const st__ub_port *p) {
	int64_t n = 1;
	for (unsigned i = 0; i < p->ndims; i++)
		n *= p->hi[i] - p->lo[i] + 1;
	return n;
}

/* Reads a verified ub.graph.  NULL after a diagnostic (a port the
 * enumerating tools cannot handle: a domain that is not a box, an access
 * or schedule that is not one affine function). */
st__ub_model *st__ub_model_build(st_op *graph);
void st__ub_model_destroy(st__ub_model *m);
/* Rereads the compiled forms of port k after its isl objects changed. */
bool st__ub_model_compile_port(st__ub_model *m, size_t k);
/* Builds the model of every ub.graph under `op` in turn and runs fn on it;
 * stops at the first graph that fails (to build, or in fn). */
typedef st_status (*st__ub_graph_fn)(st__ub_model *m, void *ud);
st_status st__ub_for_each_graph(st_op *op, st__ub_graph_fn fn, void *ud);

/* Capacity of each buffer (ub_capacity.c): the most values live at once, a
 * value being live from the cycle it is written up to, not including, the
 * cycle of its last read.  caps[b] receives buffer b's; ST_FAIL after a
 * diagnostic (a value read before it is written, or never written). */
st_status st__ub_capacities(st__ub_model *m, int64_t *caps);
/* When each element of buffer bi is written (*wt) and last read (*rl),
 * INT64_MIN for never; arrays of *n elements in context memory that the
 * caller frees.  ST_FAIL after a diagnostic as st__ub_capacities. */
st_status st__ub_lifetimes(st__ub_model *m, size_t bi, int64_t **wt, int64_t **rl, size_t *n);
/* The values a buffer holds over the run: each write makes one.  A buffer
 * that no statement both reads and writes has one value per element (elem
 * and of_port NULL: a value's number is its element); in an accumulation
 * the read-modify-writes rewrite their element, and a read takes the
 * element's latest value, written in an earlier cycle or in its own cycle
 * by an earlier firing (latency >= 1) or an earlier statement (graph
 * order), as ub-simulate acts; each read must get the value program order
 * (statement after statement, row-major) gives it.  Arrays in context
 * memory, freed by st__ub_values_free.  ST_FAIL after a diagnostic as
 * st__ub_capacities. */
typedef struct st__ub_values {
	size_t n;
	int64_t *wt, *rl;  /* per value: its write cycle, its last read (INT64_MIN: never) */
	int64_t *elem;     /* per value: its element (NULL: the value's number) */
	int64_t **of_port; /* per port of the model: the value at each point (ports of the buffer) */
	size_t nports;
} st__ub_values;
bool st__ub_is_accumulation(const st__ub_model *m, size_t bi);
st_status st__ub_values_of(st__ub_model *m, size_t bi, st__ub_values *v);
void st__ub_values_free(st__ub_model *m, st__ub_values *v);
/* The cycle after the last port fires. */
int64_t st__ub_latency(const st__ub_model *m);
/* Calls fn for each point x of port p with the element it accesses (the
 * buffer's row-major index) and its cycle; stops when fn returns false. */
typedef bool (*st__ub_access_fn)(void *ud, int64_t elem, int64_t t, const int64_t *x);
bool st__ub_port_each(const st__ub_model *m, const st__ub_port *p, st__ub_access_fn fn, void *ud);
/* Sets each buffer's `kind` (table 4.3 of the source; ub_classify.c) from
 * its ports and capacity caps[b]; a double buffer's capacity becomes two
 * tiles. */
st_status st__ub_classify(st__ub_model *m, int64_t *caps);

#endif
