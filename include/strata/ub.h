/* The unified-buffer dialect (dialects/ub, docs/dialects/ub.md): a ub.graph
 * of buffers whose write and read ports carry an iteration domain, an access
 * map and a cycle schedule in isl notation, joined by compute kernels with a
 * latency; ub.mem ops describe the physical memories a mapped buffer uses.
 * This header is the dialect's public face: its registration, typed
 * accessors of its ops, the isl objects of a port, and builders.  What is
 * computed on a graph (schedules, capacities, memory mapping, simulation)
 * is the analysis library's (strata/ub_analysis.h). */
#ifndef STRATA_UB_H
#define STRATA_UB_H

#include "strata/builder.h"
#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* isl's objects, by name only: a user of this header needs isl's own
 * headers (isl/set.h, isl/map.h) to do anything with them. */
struct isl_ctx;
struct isl_set;
struct isl_map;

/* Registers the ub dialect (and arith, which kernel bodies use) in `ctx`;
 * registering twice is harmless. */
ST_API st_status st_register_ub_dialect(st_context *ctx);

/* The most dimensions of a buffer, of a port's domain and of an access. */
#define ST_UB_MAX_DIMS 8

/* An affine function of a port's domain dimensions: c[0] + sum c[1 + i] * x_i. */
typedef struct st_ub_aff {
	int64_t c[ST_UB_MAX_DIMS + 1];
} st_ub_aff;

/* The value of `a` at the point x of an n-dimensional domain. */
static inline int64_t st_ub_aff_eval(const st_ub_aff *a, unsigned n, const int64_t *x) {
	int64_t v = a->c[0];
	for (unsigned i = 0; i < n; i++)
		v += a->c[1 + i] * x[i];
	return v;
}

/* ------------------------------------------------------------------ ops */

/* Whether op is the ub op of that kind (false for NULL). */
ST_API bool st_ub_is_graph(const st_op *op);
ST_API bool st_ub_is_buffer(const st_op *op);
ST_API bool st_ub_is_write(const st_op *op);
ST_API bool st_ub_is_read(const st_op *op);
ST_API bool st_ub_is_kernel(const st_op *op);
ST_API bool st_ub_is_mem(const st_op *op);
ST_API bool st_ub_is_param(const st_op *op);
/* A ub.write or a ub.read. */
ST_API bool st_ub_is_port(const st_op *op);

/* The single block of a ub.graph, or NULL when it has none yet. */
ST_API st_block *st_ub_graph_body(st_op *graph);

/* A ub.buffer's name (its isl tuple name), its memref type, the host
 * argument it stands for (-1: an internal buffer), and its capacity in
 * values (-1: not computed yet, ub-capacity's job). */
ST_API st_str st_ub_buffer_name(const st_op *buffer);
ST_API st_type *st_ub_buffer_type(const st_op *buffer);
ST_API int64_t st_ub_buffer_arg(const st_op *buffer);
ST_API int64_t st_ub_buffer_capacity(const st_op *buffer);

/* A ub.param's name (its design port's stem) and the scalar argument of
 * the kernel it stands for. */
ST_API st_str st_ub_param_name(const st_op *param);
ST_API int64_t st_ub_param_arg(const st_op *param);

/* The ub.buffer a port reaches (NULL when its operand is not one). */
ST_API st_op *st_ub_port_buffer(const st_op *port);
/* The value a port carries: a write's input (NULL for a write from the
 * host), a read's result. */
ST_API st_value *st_ub_port_value(const st_op *port);
/* The chain position a mapped read port taps (-1: none). */
ST_API int64_t st_ub_port_tap(const st_op *port);

/* A ub.kernel's name and latency in cycles, and its body block. */
ST_API st_str st_ub_kernel_name(const st_op *kernel);
ST_API int64_t st_ub_kernel_latency(const st_op *kernel);
ST_API st_block *st_ub_kernel_body(st_op *kernel);

/* ------------------------------------------------------- ports in isl */

/* An isl context for reading ports: it reports errors instead of aborting,
 * and bounds each operation so that a pathological input fails instead of
 * running for ever.  NULL when out of memory; freed with isl_ctx_free. */
ST_API struct isl_ctx *st_ub_isl_ctx_create(void);
/* A port's `domain` as an isl set, its `access` and `schedule` as isl maps
 * (new objects of ictx).  NULL after an error at the port quoting isl's
 * complaint. */
ST_API struct isl_set *st_ub_port_domain_isl(struct isl_ctx *ictx, st_op *port);
ST_API struct isl_map *st_ub_port_access_isl(struct isl_ctx *ictx, st_op *port);
ST_API struct isl_map *st_ub_port_schedule_isl(struct isl_ctx *ictx, st_op *port);
/* Replaces a port's schedule with isl's text of `schedule` (kept by the
 * caller). */
ST_API void st_ub_port_set_schedule_isl(st_op *port, struct isl_map *schedule);

/* ------------------------------------------------------- tiled graphs */

/* A graph whose accelerator runs once per tile (issue 24): `tiles` on the
 * ub.graph lists the host's tile loops' trip counts, outermost first; each
 * run is one execution of the graph.  A host argument's ub.buffer then
 * holds one run's footprint: `host_shape` is the host array's shape and
 * `tile_offset`, per buffer dimension d, the footprint's origin in the
 * host array for the first run followed by its stride per tile loop.  The
 * verifier checks that every run's footprint lies in the host array. */
#define ST_UB_MAX_TILE_LOOPS 4

/* The graph's tile loops' trip counts into tiles[0..n); 0 for a graph that
 * runs once. */
ST_API unsigned st_ub_graph_tiles(const st_op *graph, int64_t *tiles);
/* A host buffer of a tiled graph (false for any other): its host array's
 * shape (host_shape[0..rank)) and the origin of run k's footprint in
 * dimension d, offset[d * (1 + ntiles)] + sum_j offset[d * (1 + ntiles) +
 * 1 + j] * k_j. */
ST_API bool st_ub_buffer_tiling(const st_op *buffer, unsigned ntiles, int64_t *host_shape, int64_t *offset);

/* ------------------------------------------------------------- builders */

/* Each builder creates its op at the builder's place (strata/builder.h:
 * a ub.graph's body, a kernel body for ub.yield), located at its `loc`;
 * NULL (and `failed` set) when an operand is NULL or memory runs out.  The
 * verifier checks the result as it checks parsed IR. */

/* A ub.graph @sym_name with an empty body (detached when the builder has
 * no block). */
ST_API st_op *st_ub_build_graph(st_builder *b, st_str sym_name);
/* A ub.buffer of memref type `type`; arg < 0 for an internal buffer;
 * kind (a ub-capacity classification such as "tap" or "rom") or NULL. */
ST_API st_op *st_ub_build_buffer(st_builder *b, st_str name, st_type *type, int64_t arg, const char *kind);
/* A port on `buffer` whose domain, access and schedule are isl text (a
 * set, a map to the buffer's tuple, a map to one cycle).  A write takes
 * `value` (NULL: from the host). */
ST_API st_op *st_ub_build_write(st_builder *b, st_value *buffer, st_value *value, st_str domain, st_str access,
                         st_str schedule);
ST_API st_op *st_ub_build_read(st_builder *b, st_value *buffer, st_str domain, st_str access, st_str schedule);
/* A ub.kernel @name of `latency` cycles on `inputs`, with results of the
 * given types; `coords` lists the domain dimensions (at most
 * ST_UB_MAX_DIMS) whose coordinates the body takes after the inputs
 * (ncoords 0: none).  `body` (its arguments the inputs then the
 * coordinates, ending in ub.yield) becomes the kernel's; on failure the
 * caller still owns it. */
ST_API st_op *st_ub_build_kernel(st_builder *b, st_str name, int64_t latency, size_t ninputs, st_value *const *inputs,
                          size_t nresults, st_type *const *result_types, size_t ncoords, const int64_t *coords,
                          st_block *body);
/* A ub.param @name of type `type` (an integer of at most 64 bits, f32 or
 * f64) standing for the kernel's scalar argument `arg`. */
ST_API st_op *st_ub_build_param(st_builder *b, st_str name, int64_t arg, st_type *type);
/* The ub.yield ending a kernel body. */
ST_API st_op *st_ub_build_yield(st_builder *b, size_t n, st_value *const *values);
/* A ub.mem: element `name` of buffer `buffer`, of kind "sr", "line", "ram"
 * or "rom", placed in ACG node `node`, using `words` words, with one
 * dictionary per controller (docs/dialects/ub.md) and the further
 * attributes extra[0..nextra) (depth, segments, ...). */
ST_API st_op *st_ub_build_mem(st_builder *b, st_str name, st_str buffer, const char *kind, st_str node, int64_t words,
                       size_t nctrls, st_attr *const *ctrls, size_t nextra, const st_named_attr *extra);

/* ------------------------------------------------ the streams contract */

/* What convert-ub-to-hw tells whoever plays the streams of a module it
 * made (a testbench, a target's flow) about each host stream: the module's
 * `ub.streams` attribute, an array of #ub.stream attributes in the order
 * of its stream ports (docs/streaming-hw.md), verified by the ub dialect.
 * An input stream has ports <name>_valid, <name>_data (one <name>_data<l>
 * per lane) and <name>_ready; an output stream <name>_valid and its data
 * ports.  The elements go row-major, `lanes` of the innermost ones a
 * transfer.  A module of a tiled graph runs once per tile (ntiles > 0):
 * each run moves `shape`, the run's footprint, row-major, lying in the
 * host array of shape `host` at the origin `offset` gives (per dimension
 * d: offset[d * (1 + ntiles)] + sum_j offset[d * (1 + ntiles) + 1 + j] *
 * t_j), the runs row-major over the tile loops' trip counts `tiles`. */
typedef struct st_ub_stream_info {
	bool in;        /* the host writes it; else the host reads it */
	st_str name;    /* its buffer */
	unsigned arg;   /* the kernel argument it carries */
	unsigned width; /* bits of an element */
	unsigned rank;  /* 1 to ST_UB_MAX_DIMS */
	int64_t shape[ST_UB_MAX_DIMS];
	unsigned lanes; /* elements a transfer: at least 1, dividing the elements */
	unsigned ntiles; /* tile loops, 0 to ST_UB_MAX_TILE_LOOPS */
	int64_t tiles[ST_UB_MAX_TILE_LOOPS];
	int64_t host[ST_UB_MAX_DIMS];
	int64_t offset[ST_UB_MAX_DIMS * (1 + ST_UB_MAX_TILE_LOOPS)];
} st_ub_stream_info;
/* #ub.stream<...> of `info`; NULL when it is no valid stream or ub is not
 * registered. */
ST_API st_attr *st_ub_stream_attr(st_context *ctx, const st_ub_stream_info *info);
/* Reads a #ub.stream attribute into *out (may be NULL); false when `a` is
 * none.  The name points into the attribute. */
ST_API bool st_ub_stream_attr_read(const st_attr *a, st_ub_stream_info *out);
/* The streams a module's `ub.streams` lists (0 without one), and the i-th;
 * false when out of range or not a #ub.stream (st_verify rules that out). */
ST_API size_t st_ub_module_num_streams(const st_op *module);
ST_API bool st_ub_module_stream(const st_op *module, size_t i, st_ub_stream_info *out);

#ifdef __cplusplus
}
#endif
#endif
