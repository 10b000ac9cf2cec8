/* The unified-buffer analyses (library strata_analysis_ub, folder
 * analysis/ub, docs/unified-buffers.md): what is computed on a ub.graph
 * (strata/ub.h) and used by every target that holds data in unified
 * buffers (the FPGA stream flow, the CGRA, the RDA).
 *
 *   - the graph model: a verified graph read into arrays of buffers, ports
 *     and kernels, each port's domain a box and its access and schedule
 *     affine functions, compiled for enumeration;
 *   - scheduling: the ports' cycle schedules (stencil, sequential,
 *     line sharing, double buffering; Darkroom's ILP through CBC);
 *   - capacities: the most values each buffer holds at once, and the
 *     classification of buffers (table 4.3 of the Amber thesis);
 *   - memory mapping: each buffer as wires, shift registers, line memories,
 *     random-access memories or ROMs of an ACG storage node, with the
 *     controller vectors of their address and schedule generators, and the
 *     check that executes a mapping;
 *   - simulation: the graph run cycle by cycle with buffers of exactly
 *     their capacities.
 *
 * The passes ub-schedule, ub-schedule-ilp, ub-capacity, ub-map,
 * ub-map-check and ub-simulate run these on every graph of a module and
 * write their results into the IR (docs/dialects/ub.md); this header is the
 * C form of the same results.  Every array lives in context memory. */
#ifndef STRATA_UB_ANALYSIS_H
#define STRATA_UB_ANALYSIS_H

#include "strata/ub.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the passes above (their names and options are in
 * docs/unified-buffers.md). */
ST_API st_status st_register_ub_analysis_passes(st_context *ctx);

/* ------------------------------------------------------------ the model */

typedef struct st_ub_model_port {
	st_op *op; /* the ub.write or ub.read */
	bool write;
	int buffer; /* index in the model's buffers */
	int kernel; /* the kernel the port feeds or is fed by; -1: the host */
	struct isl_set *domain;
	struct isl_map *access, *schedule;
	/* Compiled forms, for enumerating: the domain box lo..hi, the access's
	 * rank indices and the schedule as affine functions of the domain. */
	unsigned ndims;
	int64_t lo[ST_UB_MAX_DIMS], hi[ST_UB_MAX_DIMS];
	unsigned rank;
	st_ub_aff acc[ST_UB_MAX_DIMS];
	st_ub_aff sched;
} st_ub_model_port;

typedef struct st_ub_model_buffer {
	st_op *op; /* the ub.buffer */
	char name[64];
	unsigned rank;
	int64_t shape[ST_UB_MAX_DIMS];
	int arg;          /* host memref argument, or -1 */
	int64_t capacity; /* -1: not computed */
	/* A host buffer of a tiled graph (strata/ub.h, "tiled graphs"): the
	 * host array's shape and where each run's footprint lies in it. */
	bool tiled;
	int64_t host_shape[ST_UB_MAX_DIMS];
	int64_t tile_offset[ST_UB_MAX_DIMS * (1 + ST_UB_MAX_TILE_LOOPS)];
} st_ub_model_buffer;

typedef struct st_ub_model_kernel {
	st_op *op; /* the ub.kernel */
	char name[64];
	int64_t latency;
} st_ub_model_kernel;

typedef struct st_ub_model {
	st_context *ctx;
	struct isl_ctx *ictx; /* owns the ports' isl objects */
	st_op *graph;
	st_ub_model_buffer *buffers;
	size_t nbuffers;
	st_ub_model_port *ports; /* ub.write and ub.read in graph order */
	size_t nports;
	st_ub_model_kernel *kernels;
	size_t nkernels;
	size_t cap_buffers, cap_ports, cap_kernels;
	/* The host's tile loops (0: the graph runs once): one run per point. */
	unsigned ntiles;
	int64_t tiles[ST_UB_MAX_TILE_LOOPS];
} st_ub_model;

/* Reads a verified ub.graph.  NULL after a diagnostic (a port the
 * enumerating analyses cannot handle: a domain that is not a box, an
 * access or schedule that is not one affine function). */
ST_API st_ub_model *st_ub_model_build(st_op *graph);
/* Frees a model (NULL is fine). */
ST_API void st_ub_model_destroy(st_ub_model *m);
/* Rereads the compiled forms of port k after its isl objects changed;
 * false after a diagnostic at the port. */
ST_API bool st_ub_model_compile_port(st_ub_model *m, size_t k);
/* Builds the model of every ub.graph under `op` in turn and runs fn on it;
 * stops at the first graph that fails (to build, or in fn). */
typedef st_status (*st_ub_graph_fn)(st_ub_model *m, void *ud);
ST_API st_status st_ub_for_each_graph(st_op *op, st_ub_graph_fn fn, void *ud);

/* The number of points of a port's domain box. */
static inline int64_t st_ub_model_port_points(const st_ub_model_port *p) {
	int64_t n = 1;
	for (unsigned i = 0; i < p->ndims; i++)
		n *= p->hi[i] - p->lo[i] + 1;
	return n;
}

/* Lanes: the dimensions of more than one point along which a port's
 * schedule does not move fire together, in one cycle (an unrolled loop,
 * the channels of a pixel).  The number of a port's lane instances (the
 * points of one cycle; at most `limit`, else limit + 1), and the instance
 * of point x: row-major over the lane dimensions in domain order. */
static inline bool st_ub_is_lane_dim(const st_ub_model_port *p, unsigned d) {
	return p->sched.c[1 + d] == 0 && p->hi[d] > p->lo[d];
}
static inline unsigned st_ub_port_lanes(const st_ub_model_port *p, unsigned limit) {
	int64_t n = 1;
	for (unsigned d = 0; d < p->ndims; d++)
		if (st_ub_is_lane_dim(p, d))
			n = n * (p->hi[d] - p->lo[d] + 1) > (int64_t)limit ? (int64_t)limit + 1 : n * (p->hi[d] - p->lo[d] + 1);
	return (unsigned)n;
}
static inline unsigned st_ub_port_lane(const st_ub_model_port *p, const int64_t *x) {
	int64_t inst = 0;
	for (unsigned d = 0; d < p->ndims; d++)
		if (st_ub_is_lane_dim(p, d))
			inst = inst * (p->hi[d] - p->lo[d] + 1) + x[d] - p->lo[d];
	return (unsigned)inst;
}

/* Steps x through the box lo..hi row-major (the last dimension
 * innermost); false after the last point. */
static inline bool st_ub_next_point(unsigned n, const int64_t *lo, const int64_t *hi, int64_t *x) {
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
static inline int64_t st_ub_element(const int64_t *shape, unsigned rank, const st_ub_aff *acc, unsigned ndims,
                                    const int64_t *x) {
	int64_t e = 0;
	for (unsigned d = 0; d < rank; d++)
		e = e * shape[d] + st_ub_aff_eval(&acc[d], ndims, x);
	return e;
}

/* Calls fn for each point x of port p with the element it accesses (the
 * buffer's row-major index) and its cycle; stops when fn returns false
 * (and returns false then). */
typedef bool (*st_ub_access_fn)(void *ud, int64_t elem, int64_t t, const int64_t *x);
ST_API bool st_ub_model_port_each(const st_ub_model *m, const st_ub_model_port *p, st_ub_access_fn fn, void *ud);

/* The cycle after the last port fires. */
ST_API int64_t st_ub_latency(const st_ub_model *m);

/* ----------------------------------------------------------- scheduling */

typedef enum st_ub_strategy {
	/* Every statement at the input rate, delayed by its stencil. */
	ST_UB_STRATEGY_STENCIL,
	/* Statements one after the other, each row-major over its domain. */
	ST_UB_STRATEGY_SEQUENTIAL,
	/* Compute sharing at line granularity among the kernels `share` lists. */
	ST_UB_STRATEGY_SHARE_LINE,
	/* Coarse-grain pipelining: one tile per period, double buffers between
	 * the stages. */
	ST_UB_STRATEGY_DOUBLE,
} st_ub_strategy;

typedef struct st_ub_schedule_options {
	st_ub_strategy strategy;
	/* SHARE_LINE: the kernels sharing one compute unit, ':'-separated, in
	 * their turn order. */
	const char *share;
} st_ub_schedule_options;

/* Gives every port of the model a new cycle schedule, in the model (its
 * isl object and compiled form) and in the IR (its `schedule`).
 * *period receives the period a shared or coarse-grained schedule repeats
 * with, 0 for the others.  ST_FAIL after a located diagnostic. */
ST_API st_status st_ub_schedule(st_ub_model *m, const st_ub_schedule_options *o, int64_t *period);

/* What Darkroom's optimal line-buffer ILP (solved by CBC) finds: the
 * delay slots and bytes of its schedule and of the stencil schedule. */
typedef struct st_ub_ilp_result {
	int64_t slots, bytes;
	int64_t stencil_slots, stencil_bytes;
	bool proven; /* false when no port reads a buffer (nothing to solve) */
} st_ub_ilp_result;

/* Schedules the model by the ILP, each CBC solve limited to time_limit
 * seconds (> 0), as st_ub_schedule writes its schedules. */
ST_API st_status st_ub_schedule_ilp(st_ub_model *m, int64_t time_limit, st_ub_ilp_result *r);

/* ----------------------------------------------------------- capacities */

/* Capacity of each buffer: the most values live at once, a value being
 * live from the cycle it is written up to, not including, the cycle of its
 * last read.  caps[b] receives buffer b's; ST_FAIL after a diagnostic (a
 * value read before it is written, or never written). */
ST_API st_status st_ub_capacities(st_ub_model *m, int64_t *caps);
/* When each element of buffer bi is written (*wt) and last read (*rl),
 * INT64_MIN for never; arrays of *n elements in context memory that the
 * caller frees.  ST_FAIL after a diagnostic as st_ub_capacities. */
ST_API st_status st_ub_lifetimes(st_ub_model *m, size_t bi, int64_t **wt, int64_t **rl, size_t *n);

/* The values a buffer holds over the run: each write makes one.  A buffer
 * that no statement both reads and writes has one value per element (elem
 * and of_port NULL: a value's number is its element); in an accumulation
 * the read-modify-writes rewrite their element, and a read takes the
 * element's latest value, written in an earlier cycle or in its own cycle
 * by an earlier firing (latency >= 1) or an earlier statement (graph
 * order), as ub-simulate acts; each read must get the value program order
 * (statement after statement, row-major) gives it. */
typedef struct st_ub_values {
	size_t n;
	int64_t *wt, *rl;  /* per value: its write cycle, its last read (INT64_MIN: never) */
	int64_t *elem;     /* per value: its element (NULL: the value's number) */
	int64_t **of_port; /* per port of the model: the value at each point (ports of the buffer) */
	size_t nports;
} st_ub_values;
/* Whether some statement both reads and writes buffer bi. */
ST_API bool st_ub_is_accumulation(const st_ub_model *m, size_t bi);
/* Fills *v (freed by st_ub_values_free); ST_FAIL after a diagnostic as
 * st_ub_capacities. */
ST_API st_status st_ub_values_of(st_ub_model *m, size_t bi, st_ub_values *v);
/* Frees what st_ub_values_of allocated. */
ST_API void st_ub_values_free(st_ub_model *m, st_ub_values *v);

/* Sets each buffer's `kind` (wire, tap, rom, line, stream, accumulation,
 * double: table 4.3 of the Amber thesis) from its ports and capacity
 * caps[b]; a double buffer's capacity becomes two tiles. */
ST_API st_status st_ub_classify(st_ub_model *m, int64_t *caps);

/* ----------------------------------------------------------- simulation */

typedef struct st_ub_sim_options {
	/* Binary PGM (or .npy) files streamed into the input arguments,
	 * ':'-separated in argument order; NULL or "": zeros. */
	const char *input;
	/* .npy files receiving the output arguments, ':'-separated in
	 * argument order; NULL or "": none written. */
	const char *output;
} st_ub_sim_options;

typedef struct st_ub_sim_result {
	size_t events;  /* port firings simulated */
	int64_t cycles; /* the graph's latency (times its runs) */
	int64_t runs;   /* runs of the graph: one per tile of a tiled graph */
} st_ub_sim_result;

/* Runs a scheduled, sized graph cycle by cycle with every buffer holding
 * exactly its `capacity` values, the kernels computed by the interpreter.
 * ST_FAIL after a located diagnostic (a value overwritten before its last
 * read, an unreadable input). */
ST_API st_status st_ub_simulate(st_ub_model *m, const st_ub_sim_options *o, st_ub_sim_result *r);

/* ------------------------------------------------------- memory mapping */

/* Each buffer of a scheduled, sized graph becomes a chain of physical
 * elements (wires, shift registers, line memories, random-access memories,
 * ROMs) with the controller vectors of their address and schedule
 * generators (freed by st_ub_map_free). */

#define ST_UB_MAP_MAX_LEVELS 8

/* One address/schedule generator: a loop nest of `levels` counters p_i
 * (level 0 outermost), firing at cycle
 *     cycle_offset + sum cycle_stride[i] * p_i
 * and touching address
 *     base + ((addr_offset + sum addr_stride[i] * p_i) mod wrap)
 * (no modulo when wrap is 0).  The extents, strides and offsets are the
 * (extent[], stride[], offset/delay) vectors of the source (seed-000 3.9). */
typedef enum st_ub_ctrl_unit {
	ST_UB_UNIT_SRAM, /* the memory itself (wide words on a wide-fetch memory) */
	ST_UB_UNIT_AGG,  /* a wide memory's aggregator: fetch words filled one a write */
	ST_UB_UNIT_TB,   /* its transpose buffer: a wide word emitted one word a write */
} st_ub_ctrl_unit;

/* The phase of an accumulation buffer's memory a port serves (seed-000
 * 4.3: init through an input port, accumulate through an output and an
 * input port, read-out through an output port); NONE for other buffers. */
typedef enum st_ub_ctrl_phase {
	ST_UB_PHASE_NONE,
	ST_UB_PHASE_INIT,
	ST_UB_PHASE_ACCUMULATE,
	ST_UB_PHASE_READOUT,
} st_ub_ctrl_phase;

typedef struct st_ub_ctrl {
	st_ub_ctrl_unit unit;
	st_ub_ctrl_phase phase;
	/* The loop nest counts writes of the buffer, not cycles: the generator
	 * fires on the write numbered cycle_offset + sum cycle_stride[i] * p_i
	 * (rank in write order).  A wide memory's generators do, since every
	 * F-th write of a stream with gaps is not an affine cycle. */
	bool write_clock;
	bool write;      /* a write (or, for a register, a shift) generator */
	int port;        /* index of the ub.write/ub.read among the graph's ports; -1: none */
	unsigned levels; /* after coalescing */
	int64_t extent[ST_UB_MAP_MAX_LEVELS];
	int64_t cycle_stride[ST_UB_MAP_MAX_LEVELS];
	int64_t addr_stride[ST_UB_MAP_MAX_LEVELS];
	int64_t cycle_offset;
	int64_t addr_offset, wrap, base;
} st_ub_ctrl;

/* Reorders a generator's first `levels` levels (the three vectors alike)
 * so that their cycle strides do not grow inwards, the levels of stride 0
 * (lanes) keeping their places: a schedule whose loop order is not the
 * domain's (ub-schedule's interleaved accumulations) becomes a loop nest
 * that counts in time order.  Stable: a row-major schedule is unchanged. */
ST_API void st_ub_levels_in_time(unsigned levels, int64_t *extent, int64_t *cycle_stride, int64_t *addr_stride);

typedef enum st_ub_mem_kind {
	ST_UB_MEM_SR,   /* a chain of `words` registers shifting on each write */
	ST_UB_MEM_LINE, /* circular line-buffer segments of a memory */
	ST_UB_MEM_RAM,  /* random access, addressed by the ports' access maps */
	ST_UB_MEM_ROM,  /* preloaded, read only */
} st_ub_mem_kind;

/* A line segment: the chain positions (from, to] held by `words = to -
 * from` words at addresses base .. base + words - 1 of its memory. */
typedef struct st_ub_segment {
	int64_t from, to, base;
} st_ub_segment;

/* One physical element. */
typedef struct st_ub_mem {
	st_ub_mem_kind kind;
	char name[96];   /* <buffer>_sr<i>, <buffer>_m<i>, <buffer>_rom<i> */
	int buffer;      /* index among the graph's ub.buffer ops */
	char node[64];   /* the ACG storage node it is placed in; "reg" for registers */
	int64_t words;   /* words used */
	int64_t depth;   /* words the element provides (a memory rounds up to its rows) */
	int64_t from, to; /* chain positions (from, to] of a shift register */
	int64_t tiles;   /* physical memories chained to hold it (1 when it fits one) */
	int64_t copies;  /* identical banks, each with all writes, sharing the reads */
	int64_t fetch;   /* words per SRAM access (wide fetch: aggregator + transpose buffer) */
	size_t nsegments;
	st_ub_segment *segments;
	size_t nctrls;
	st_ub_ctrl *ctrls;
} st_ub_mem;

typedef enum st_ub_buffer_map {
	ST_UB_MAP_WIRE,  /* capacity 0: every value is read in the cycle it is written */
	ST_UB_MAP_CHAIN, /* a delay line: one write port, read ports at fixed distances */
	ST_UB_MAP_RAM,   /* anything else (accumulations too): memories addressed by the access maps */
	ST_UB_MAP_ROM,
	ST_UB_MAP_TAP, /* constants at constant indices: registers in the PE, no element */
} st_ub_buffer_map;

/* How one ub.buffer is mapped. */
typedef struct st_ub_buffer_info {
	st_op *op;
	st_ub_buffer_map map;
	int64_t capacity; /* the capacity attribute, -1 when absent */
	int64_t chain;    /* CHAIN: the chain's length in words (its deepest tap) */
	/* A gated chain shifts only on the writes whose domain point lies in
	 * the box gate_lo..gate_hi (inclusive, one bound per dimension of the
	 * write port): the values some read at a nonzero distance needs.
	 * Distances count those writes; a tap at 0 reads any write directly.
	 * ngate is 0 for a chain that shifts on every write. */
	unsigned ngate;
	int64_t gate_lo[ST_UB_MAP_MAX_LEVELS], gate_hi[ST_UB_MAP_MAX_LEVELS];
} st_ub_buffer_info;

typedef struct st_ub_map {
	st_context *ctx;
	size_t nbuffers;
	st_ub_buffer_info *buffers;
	/* For each port of the graph (ub.write and ub.read in graph order):
	 * the chain position a read port taps, or -1 (writes, non-chains).
	 * Position k at cycle t holds the value written k writes before t
	 * (writes in cycles before t); position 0 is the value being written.
	 * A write is a transfer: the values a port writes in one cycle (its
	 * lanes) share a position, one delay line per lane. */
	size_t nports;
	int64_t *taps;
	/* A read whose lanes tap different positions (lane l of an unrolled
	 * x reading x + 1: lane l + 1 of its transfer, or lane 0 of the next
	 * one) has lane_taps[k]: per lane instance (st_ub_port_lane) its
	 * position, nlane_taps[k] of them, and taps[k] = -1.  Both arrays are
	 * NULL when no read has them; st_ub_map_tap reads either form. */
	int64_t **lane_taps;
	unsigned *nlane_taps;
	size_t nmems;
	st_ub_mem *mems;
	size_t cap_mems; /* allocated elements of mems */
} st_ub_map;

typedef struct st_ub_map_options {
	/* A gap between taps of at most this many words is shift registers;
	 * longer gaps are line memories.  0: 4. */
	int64_t sr_max;
	/* The acg.graph whose storage nodes take the memories, or NULL for
	 * unbounded dual-port memories. */
	st_op *target;
	/* The storage node to use ("MEM", "BRAM"), or NULL: the first on-chip
	 * node with both read and write ports. */
	const char *node;
	/* Follow every read to find the delay lines even where their closed
	 * form applies (the reference it is tested against). */
	bool scan;
	/* Random-access buffers (accumulations, reads in another order than
	 * the writes) become one register file each (node "reg": any number
	 * of ports, read within the cycle) instead of the target's memories:
	 * what the FPGA stream flow builds in the logic fabric. */
	bool ram_registers;
} st_ub_map_options;

/* The chain position lane instance `lane` of read port k taps, or -1. */
static inline int64_t st_ub_map_tap(const st_ub_map *m, size_t k, unsigned lane) {
	if (m->lane_taps && m->lane_taps[k])
		return lane < m->nlane_taps[k] ? m->lane_taps[k][lane] : -1;
	return m->taps[k];
}
/* Gives read port k of map m the n lane taps v (copied), or with v NULL
 * none; false when out of memory. */
ST_API bool st_ub_map_set_lane_taps(st_ub_map *m, size_t k, unsigned n, const int64_t *v);

/* Maps every buffer of a scheduled ub.graph whose ports are verified.
 * *out is a new map (st_ub_map_free); ST_FAIL after a located diagnostic
 * (a buffer that cannot fit the target, a port the analysis cannot
 * enumerate). */
ST_API st_status st_ub_map_graph(st_op *graph, const st_ub_map_options *opt, st_ub_map **out);
ST_API void st_ub_map_free(st_ub_map *m);

/* Writes the map into the graph: `map` on each ub.buffer, `tap` on chain
 * read ports, one ub.mem op per element after the buffer's last port
 * (docs/dialects/ub.md).  Earlier ub.mem ops of the graph are replaced. */
ST_API st_status st_ub_map_write_ir(st_op *graph, const st_ub_map *m);

/* Reads the IR form back (what ub-map or anyone else wrote): every ub.buffer
 * must carry `map`.  ST_FAIL after a located diagnostic. */
ST_API st_status st_ub_map_read_ir(st_op *graph, st_ub_map **out);

/* Executes a mapped graph's elements as its IR describes them (ub.mem ops,
 * taps) and checks that every read port gets the element its access map
 * names.  ST_FAIL after a located diagnostic naming the first wrong value. */
ST_API st_status st_ub_map_check(st_op *graph);

#ifdef __cplusplus
}
#endif
#endif
