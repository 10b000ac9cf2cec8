/* The simulator's state, shared by sys_sim.c (the controller, the data of
 * every command) and sys_timing.c (when each command runs and what the
 * cycles are spent on). */
#ifndef STRATA_SYS_SIM_H
#define STRATA_SYS_SIM_H

#include "sys_internal.h"

#include <stdarg.h>
#include <stdlib.h>

/* A storage node's contents and its scoreboard: when the last command
 * writing, and the last reading, each slot (an entry of an on-chip node,
 * a 64-byte line of DRAM) finishes, and whether that writer was the array
 * (whose later commands accumulate behind it in order). */
typedef struct sim_buf {
	const sys_node *node;
	int esize;          /* bytes per word in the simulator */
	int64_t nelems;     /* words (DRAM: bytes) */
	int64_t granule;    /* words per scoreboard slot */
	int64_t nslots;
	void *data;
	int64_t *last_w, *last_r;
	bool *by_array;
	uint64_t reads, writes;
	int64_t used_hi;
} sim_buf;

/* An address register: base + sum over levels of index * stride. */
typedef struct sim_reg {
	int64_t base;
	int64_t stride[SYS_LEVELS];
} sim_reg;

/* What a command touches: [lo, hi] of a node (a bounding box). */
typedef struct sim_access {
	sim_buf *b;
	int64_t lo, hi;
	bool write;
} sim_access;

#define SIM_QUEUE 8
typedef struct sim_engine {
	int64_t free;                /* when its last command is done (a DMA channel: its last beat) */
	int64_t started[SIM_QUEUE];  /* when its last commands left the queue */
	uint64_t n;
} sim_engine;

enum { SIM_COMPUTE, SIM_ONCHIP, SIM_DMA };
typedef struct sim_interval {
	int64_t s, e;
	int kind;
} sim_interval;

typedef struct sim {
	st_context *ctx;
	const st_systolic_program *p;
	sys_machine m;
	sys_isa isa;
	size_t word; /* the word of the instruction running, for errors */
	sim_buf buf[SYS_NODES];
	sim_reg reg[SYS_NODES][SYS_REGS];
	int64_t iters[SYS_LEVELS];
	bool iter_set[SYS_LEVELS];
	/* SET_ITER_LAST: a level's iterations in the last iteration of the
	 * level outside it (0: as every other); transfers' (LD, ST, FILL) only. */
	int64_t tail[SYS_LEVELS];
	bool has_tail;
	int nlev;
	int64_t rows, cols, lanes;
	int dataflow, row_level;
	uint64_t work, max_work;
	/* timing */
	int64_t t_ctrl, issue, end;
	/* A DMA engine per node, then the array, the SIMD unit, the
	 * controller, then a fill engine per node (a buffer's write port clears
	 * while its DMA channel stores). */
	sim_engine eng[2 * SYS_NODES + 3];
	sim_interval *iv;
	size_t niv, ivcap;
	/* The DRAM lines a DMA command touches, as merged runs (its
	 * scoreboard accesses after the buffer's). */
	sim_access *runs;
	size_t nruns, runcap;
	st_systolic_stats stats;
} sim;

/* sys_timing.c */
st_status sys_timing_init(sim *s);
void sys_timing_free(sim *s);
/* Every instruction takes the controller one cycle. */
void sys_time_issue(sim *s);
/* A DMA command: its buffer's access and the DRAM runs it touches. */
st_status sys_time_dma(sim *s, int node, const sim_access *buf, const sim_access *dram, size_t ndram, uint64_t cycles,
                       int64_t latency);
st_status sys_time_fill(sim *s, int node, const sim_access *acc, uint64_t cycles);
st_status sys_time_simd(sim *s, const sim_access *acc, size_t n, uint64_t points);
/* The array: weight-stationary costs are counted point by point
 * (weight changes), output-stationary ones from the loop structure. */
typedef struct sys_sa_timing {
	uint64_t points, stall, run;
	uint64_t pc, load;
} sys_sa_timing;
void sys_sa_timing_begin(sim *s, sys_sa_timing *t);
void sys_sa_timing_point(sim *s, sys_sa_timing *t, bool new_weights, int moved);
st_status sys_sa_timing_end(sim *s, sys_sa_timing *t, const sim_access *acc, size_t n);
/* Output-stationary commands keep the output put inside the row level. */
st_status sys_check_os(sim *s, const sim_reg *out);
/* Totals: cycles and their split. */
void sys_timing_finish(sim *s);

#endif
