/* The rda dialect (docs/dialects/rda.md): a reconfigurable dataflow
 * accelerator's program as SARA (Zhang, ch. 3) builds it.  An rda.design
 * holds off-chip buffers (rda.dram), streams (rda.stream: vector, scalar or
 * token), and virtual units (rda.unit: compute, memory, dram address
 * generator or host), each holding independently triggered contexts
 * (rda.context).  A context is a counter chain, the streams it dequeues and
 * enqueues at a level of that chain, and a branch-free body of operations
 * run on every lane at each firing.  Tokens and credits are token streams;
 * credits are tokens with initial elements.  The mapped form adds a
 * physical unit to every unit and a route to every stream between units,
 * and is verified against the target's `.acg`.
 *
 * Levels: in a context with counters c0 (outermost) .. c(n-1), an op "at
 * level k" (0 <= k <= n) acts once per iteration of c0..c(k-1): a dequeue
 * pops, an enqueue pushes, when c(k)..c(n-1) are all at their last
 * iteration; a register resets when they are all at their first.  Level n
 * is every firing, level 0 once per run of the chain.
 */
#ifndef STRATA_RDA_H
#define STRATA_RDA_H

#include "strata/builder.h"
#include "strata/ir.h"
#include "strata/limit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect. */
ST_API st_status st_register_rda_dialect(st_context *ctx);

/* ------------------------------------------------------------------ types */

/* !rda.token: a control stream (elements without data). */
ST_API st_type *st_rda_token_type(st_context *ctx);
/* !rda.stream<elt> (lanes 0: a scalar stream) or
 * !rda.stream<vector<lanes x elt>> (a vector stream); NULL when the dialect
 * is not registered or `elt` is not an integer, index or float type. */
ST_API st_type *st_rda_stream_type(st_context *ctx, st_type *elt, int64_t lanes);
ST_API bool st_rda_is_token(const st_type *t);
ST_API bool st_rda_is_stream(const st_type *t); /* data streams, not tokens */
/* The element type of a data stream (per lane for a vector stream). */
ST_API st_type *st_rda_stream_elt(const st_type *t);
/* Lanes of a vector stream, 0 for a scalar stream or a token. */
ST_API int64_t st_rda_stream_lanes(const st_type *t);

/* ------------------------------------------------------------------ units */

typedef enum st_rda_unit_kind {
	ST_RDA_COMPUTE, /* a pattern compute unit (PCU) */
	ST_RDA_MEMORY,  /* a pattern memory unit (PMU): scratchpads and their access contexts */
	ST_RDA_DRAM,    /* a DRAM address generator (AG) */
	ST_RDA_HOST,    /* the host interface: scalar arguments and results */
} st_rda_unit_kind;
ST_API const char *st_rda_unit_kind_name(st_rda_unit_kind k);
ST_API st_rda_unit_kind st_rda_unit_kind_of(const st_op *unit);

/* The design holding `op` (an op anywhere inside one), or NULL. */
ST_API st_op *st_rda_design_of(st_op *op);
/* The body block of a design, unit or context. */
ST_API st_block *st_rda_body(st_op *op);
/* The rda.dram of the design called `name`, or NULL. */
ST_API st_op *st_rda_lookup_dram(st_op *design, const st_ident *name);
/* The rda.scratch called `name` in `unit`, or NULL. */
ST_API st_op *st_rda_lookup_scratch(st_op *unit, const st_ident *name);
/* The op that writes stream `s` (rda.enq, rda.signal or rda.load), or
 * NULL (none, or more than one). */
ST_API st_op *st_rda_stream_writer(const st_value *s);

/* --------------------------------------------------------------- contexts */

/* The counters of a context, outermost first (its rda.counter ops in
 * order); writes up to `cap` and returns how many there are. */
ST_API size_t st_rda_context_counters(st_op *context, st_op **out, size_t cap);
/* The lanes a context runs (1: scalar). */
ST_API int64_t st_rda_context_lanes(const st_op *context);
/* Whether an op of a context body takes a pipeline stage: everything but
 * counters, dequeues, enqueues, registers, constants and casts between
 * types of one width, which are wiring. */
ST_API bool st_rda_takes_stage(const st_op *op);
/* The stages a context's body takes (the ops that take one). */
ST_API int64_t st_rda_context_stages(st_op *context);

/* What an op of a context computes on the hardware: the `.acg` capability
 * name (ADD, MUL, DIV, EXP, CMP, SELECT, CVT, REDUCE for rda.fold, ...),
 * the element type of its output (i1 for comparisons) and of its first
 * data input (a select's second operand).  Integers of up to 32 bits and
 * indices run on the 32-bit integer datapath (i32), floats on their own.
 * False for ops with no capability (wiring and the other rda ops).
 * `pred` receives a comparison's predicate ("slt", "olt", ...) or NULL. */
typedef struct st_rda_cap {
	const char *name;
	st_type *out, *in;
	const char *pred;
} st_rda_cap;
ST_API bool st_rda_op_cap(const st_op *op, st_rda_cap *out);

/* ------------------------------------------------------------ the machine */

/* What an rda-class `.acg` says about the machine (docs/rda.md, "The
 * .acg"): the grid's tile kinds with their resources, the static network's
 * track classes, the dynamic network and DRAM.  Every number the backend
 * uses comes from here. */
typedef struct st_rda_pu {
	st_op *node; /* the tile kind (acg.compute or acg.storage in the grid) */
	const char *name;
	st_rda_unit_kind kind; /* compute (PCU), memory (PMU) or dram (AG; also hosts the host unit) */
	int64_t count;         /* tiles of this kind */
	int64_t lanes, stages, regs, counters, buffer_depth, latency;
	int64_t vector_in, scalar_in, control_in, vector_out, scalar_out, control_out;
	/* memory */
	int64_t banks, depth, word_bits, reads_per_cycle, writes_per_cycle;
	/* dram */
	int64_t burst_bits, outstanding;
} st_rda_pu;

enum { ST_RDA_MAX_PUS = 8 };
/* Track classes of the static network, by the streams they carry. */
typedef enum st_rda_net_class { ST_RDA_NET_VECTOR, ST_RDA_NET_SCALAR, ST_RDA_NET_CONTROL } st_rda_net_class;

typedef struct st_rda_machine {
	st_op *graph, *grid;
	const char *name;
	int64_t rows, cols, clock_mhz;
	st_rda_pu pus[ST_RDA_MAX_PUS];
	size_t npus;
	int64_t track_bits[3], tracks[3]; /* per st_rda_net_class: width, tracks per direction */
	int64_t hop_latency;              /* cycles per static hop */
	/* The dynamic network (a comm node of topology noc; 0 vcs: none). */
	int64_t dyn_flit_bits, dyn_hop_latency, vcs, buffers_per_vc;
	/* DRAM: channels sharing bits_per_cycle, the latency of a request. */
	int64_t dram_channels, dram_bits_per_cycle, dram_latency;
} st_rda_machine;

/* Reads `graph` (an acg.graph of class rda); reports an error at the
 * graph naming the missing entry (`param lanes` of PCU, the DRAM edge, ...)
 * and fails when something the backend needs is not there. */
ST_API st_status st_rda_machine_read(st_op *graph, st_rda_machine *m);
/* The tile kind at (row, col) (the IO ring included), or NULL. */
ST_API const st_rda_pu *st_rda_machine_pu_at(const st_rda_machine *m, int64_t row, int64_t col);
/* Whether some unit of the machine computes `cap` (a compute or dram
 * unit's `.acg` capability of those types, on one lane at least; a memory
 * unit's integer `address_ops`). */
ST_API bool st_rda_machine_computes(const st_rda_machine *m, const st_rda_cap *cap);

/* The limit `rda-units` (registered with the dialect) and its check: an
 * error at `design` naming the limit when it holds more units, `when`
 * saying after which step ("after the lowering"). */
ST_API extern const st_limit_def st_rda_units_limit;
ST_API st_status st_rda_check_units(st_op *design, const char *when);
/* The track class a stream of type `t` travels on: tokens on the control
 * class, scalar streams on the scalar class, vector streams on the vector
 * class; -1 when the class is too narrow for it. */
ST_API int st_rda_net_class_of(const st_rda_machine *m, const st_type *t);

/* What a unit needs of the tile it runs on, with Zhang's aggregation rules
 * (Table 3.3): stages and counters add up over its contexts, lanes and
 * pipeline registers take the largest, inputs and outputs count the
 * streams crossing its boundary per track class (a broadcast once), a
 * memory unit's scratchpads add up in words and take the most banks. */
typedef struct st_rda_needs {
	int64_t stages, lanes, counters, regs, words, banks;
	int64_t in[3], out[3]; /* per st_rda_net_class */
} st_rda_needs;
/* Fails (with an error at the stream) when a stream is wider than its
 * track class. */
ST_API st_status st_rda_unit_needs(const st_rda_machine *m, st_op *unit, st_rda_needs *n);
/* The most values live across a stage boundary of a context. */
ST_API int64_t st_rda_context_regs(st_op *context);
/* NULL when `n` fits a tile of kind `pu`; else what does not ("stages",
 * "vector inputs", ...) with the numbers.  An address generator's lanes
 * are the 32-bit words of its burst. */
ST_API const char *st_rda_misfit(const st_rda_pu *pu, const st_rda_needs *n, int64_t *used, int64_t *avail);

/* --------------------------------------------------------------- builders */

/* Builders build at an st_builder's place (strata/builder.h): a design
 * anywhere (a module's body), the rest in the body of their container
 * (st_builder_at_end(ctx, st_rda_body(container), loc)).  Containers get an
 * empty body block.  A NULL operand or a failed creation gives NULL and sets
 * the builder's `failed`. */
ST_API st_op *st_rda_build_design(st_builder *b, const char *name, int64_t lanes);
/* In a design. */
ST_API st_op *st_rda_build_dram(st_builder *b, const char *name, st_type *memref, int64_t arg);
ST_API st_value *st_rda_build_stream(st_builder *b, st_type *type, int64_t depth, int64_t init, const char *name);
ST_API st_op *st_rda_build_unit(st_builder *b, const char *name, st_rda_unit_kind kind);
/* In a unit. */
ST_API st_op *st_rda_build_context(st_builder *b, const char *name, int64_t lanes);
ST_API st_op *st_rda_build_scratch(st_builder *b, const char *name, st_type *memref, int64_t banks);
/* In a context. */
/* `stride` 0: the default advance (step, or lanes x step when vec). */
ST_API st_value *st_rda_build_counter(st_builder *b, st_value *lo, st_value *hi, int64_t step, int64_t stride, bool vec);
ST_API st_value *st_rda_build_deq(st_builder *b, st_value *stream, int64_t level);
ST_API st_op *st_rda_build_wait(st_builder *b, st_value *token, int64_t level);
ST_API st_op *st_rda_build_enq(st_builder *b, st_value *stream, st_value *v, int64_t level, st_value *pred);
ST_API st_op *st_rda_build_signal(st_builder *b, st_value *token, int64_t level);
ST_API st_value *st_rda_build_reg(st_builder *b, st_value *init, int64_t reset);
/* The register's value after the firing. */
ST_API st_value *st_rda_build_reg_set(st_builder *b, st_value *reg, st_value *next);
ST_API st_value *st_rda_build_fold(st_builder *b, const char *kind, st_value *acc, st_value *v);
ST_API st_value *st_rda_build_read(st_builder *b, const char *mem, st_value *addr, st_type *elt, st_value *pred);
ST_API st_op *st_rda_build_write(st_builder *b, const char *mem, st_value *addr, st_value *v, st_value *pred);
/* Each of the `nack` ack streams gets one token per iteration of its level
 * once every response of that iteration is back (loads) or every write
 * done (stores). */
ST_API st_op *st_rda_build_load(st_builder *b, const char *mem, st_value *addr, st_value *stream, st_value *pred, size_t nack,
                         st_value *const *acks, const int64_t *levels);
ST_API st_op *st_rda_build_store(st_builder *b, const char *mem, st_value *addr, st_value *v, st_value *pred, size_t nack,
                          st_value *const *acks, const int64_t *levels);
ST_API st_value *st_rda_build_arg(st_builder *b, int64_t index, st_type *type);
ST_API st_op *st_rda_build_result(st_builder *b, int64_t index, st_value *v);
/* A constant (arith.constant) of an integer, index or float type. */
ST_API st_value *st_rda_build_constant(st_builder *b, st_type *type, int64_t ivalue, double fvalue);
/* A pure op `name` (arith.addf, math.exp, ...) with one result. */
ST_API st_value *st_rda_build_op(st_builder *b, const char *name, size_t n, st_value *const *operands, st_type *result,
                          st_attr *attrs);

#ifdef __cplusplus
}
#endif
#endif
