/* The rda backend (backends/rda, docs/rda.md): the configuration of a mapped
 * design, the cycle-level simulator that runs it, the mapping passes and
 * the target.  The simulator reads
 * only the configuration and the data (DRAM buffers, scalar arguments): it
 * never sees the IR the configuration came from. */
#ifndef STRATA_RDA_BACKEND_H
#define STRATA_RDA_BACKEND_H

#include "strata/rda.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Writes the configuration of a mapped design (the `mapped` rda.design the
 * flow made for machine `m`); fails with an error at the design when it is
 * not mapped. */
ST_API st_status st_rda_write_config(st_op *design, const st_rda_machine *m, st_write_fn w, void *ud);

typedef struct st_rda_sim st_rda_sim;

/* Reads a configuration (`file` names it in errors: `file:line:col:
 * error: ...`); NULL after reporting through ctx.  Memory comes from
 * `ctx`. */
ST_API st_rda_sim *st_rda_sim_create(st_context *ctx, const char *text, size_t len, const char *file);
ST_API void st_rda_sim_destroy(st_rda_sim *s);

/* The DRAM buffers the configuration declares, and their contents: one
 * 64-bit word per element holding its bit pattern (floats as their bits). */
ST_API size_t st_rda_sim_num_buffers(const st_rda_sim *s);
ST_API const char *st_rda_sim_buffer_name(const st_rda_sim *s, size_t i);
ST_API int64_t st_rda_sim_buffer_arg(const st_rda_sim *s, size_t i); /* kernel argument, -1: none */
ST_API int64_t st_rda_sim_buffer_words(const st_rda_sim *s, size_t i);
ST_API uint64_t *st_rda_sim_buffer_data(st_rda_sim *s, size_t i);
/* A scalar argument (its bits) and, after the run, a scalar result. */
ST_API void st_rda_sim_set_arg(st_rda_sim *s, size_t index, uint64_t bits);
ST_API bool st_rda_sim_result(const st_rda_sim *s, size_t index, uint64_t *bits);

/* What a run measured. */
typedef struct st_rda_sim_stats {
	uint64_t cycles;
	uint64_t dram_read_bits, dram_write_bits;
	int64_t dram_bits_per_cycle; /* the machine's peak */
	uint64_t fired;              /* firings of every context */
	uint64_t stall_input, stall_output, stall_dram, stall_port, stall_ii;
	uint64_t stage_ops;          /* operations executed on valid lanes */
} st_rda_sim_stats;

/* Runs to the end (every context done, every DRAM request answered); fails
 * with an error naming the waiting contexts and streams when nothing moves
 * for long (a deadlock) or after `max_cycles` (0: no limit). */
ST_API st_status st_rda_sim_run(st_rda_sim *s, uint64_t max_cycles);
ST_API const st_rda_sim_stats *st_rda_sim_get_stats(const st_rda_sim *s);
/* Per unit: its place and how many cycles one of its contexts fired. */
ST_API size_t st_rda_sim_num_units(const st_rda_sim *s);
ST_API void st_rda_sim_unit_activity(const st_rda_sim *s, size_t i, const char **pu, int64_t *row, int64_t *col,
                              uint64_t *active);
/* Per context: where the cycles went (the simulator's breakdown,
 * sim-report.txt): its firings, the cycles of the first and last, and the
 * cycles it could not fire by cause: input (a stream empty), output (no room
 * at a reader), dram (its requests full), port (its memory's ports taken),
 * ii (its initiation interval or a bank conflict not yet over). */
typedef struct st_rda_sim_context_info {
	const char *name;
	size_t unit; /* index for st_rda_sim_unit_activity */
	int64_t lanes, ii;
	uint64_t fired, first, last;
	uint64_t stalls[5];
} st_rda_sim_context_info;
ST_API size_t st_rda_sim_num_contexts(const st_rda_sim *s);
ST_API void st_rda_sim_context_stats(const st_rda_sim *s, size_t i, st_rda_sim_context_info *out);
/* The breakdown as text (sim-report.txt): the totals, then one line per
 * context. */
ST_API void st_rda_sim_report(const st_rda_sim *s, void (*write)(void *, const char *, size_t), void *ud);

/* ---------------------------------------------------------------- the flow */

/* Registers rda-allocate, rda-place-route and export-rda-config. */
ST_API st_status st_register_rda_backend(st_context *ctx);

/* Partitioning and merging (docs/rda.md, "Resource allocation"). */
typedef enum st_rda_alloc_method {
	ST_RDA_ALLOC_HEURISTIC, /* the traversal heuristics, the best of four orders */
	ST_RDA_ALLOC_ILP,       /* CBC, started from the heuristic's answer, under a time limit */
} st_rda_alloc_method;

typedef struct st_rda_alloc_options {
	st_rda_alloc_method method;
	double ilp_seconds; /* per ILP; 0: 60 */
} st_rda_alloc_options;

typedef struct st_rda_alloc_result {
	int64_t units_before;                       /* virtual units from the lowering */
	int64_t split_heuristic, split_ilp;         /* compute units after partitioning */
	int64_t merged_heuristic, merged_ilp;       /* compute units after merging */
	int64_t units_after;                        /* all units of the design mapped */
	double heuristic_ms, ilp_ms, ilp_gap;       /* gap: the largest of the ILPs', relative */
	bool ilp_run, ilp_optimal, ilp_timed_out;
	int64_t ilp_solved; /* ILPs solved: only where the heuristic's answer is above one unit */
} st_rda_alloc_result;

/* Registers the target of ACG class `rda` (docs/rda.md): stratac compiles
 * a kernel for an rda .acg, simulates its configuration and reports. */
ST_API st_status st_register_rda_target(st_context *ctx);

#ifdef __cplusplus
}
#endif
#endif
