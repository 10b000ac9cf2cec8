/* Shared by the files of convert-ub-to-hw (docs/streaming-hw.md): the text
 * of the hw.module being written, the timing of every port (when it fires,
 * as counters), and the tap of every read port on its buffer's write
 * stream.  The module is written as text and parsed, as lower-calyx-to-hw
 * does: hw's module type is private to the hw dialect. */
#ifndef STRATA_UTH_H
#define STRATA_UTH_H

#include "strata/ub_analysis.h"

#include <stdarg.h>
#include <stdio.h>

/* One buffer as hardware: the delay line its write stream runs through. */
typedef struct uth_buffer {
	int wport;     /* its only write port; -1: no ports */
	unsigned width;
	int64_t words; /* words of its delay line's elements */
	int64_t regs;  /* of which shift registers */
	/* Lanes (uth_lanes.c): the values its write port gives in one cycle,
	 * an unrolled dimension's elements, numbered row-major over the buffer
	 * dimensions ldim[] that tell them apart (element ldim[i] is
	 * lbase[i] + digit i of the lane). */
	unsigned lanes, nld;
	unsigned ldim[ST_UB_MAX_DIMS];
	int64_t lbase[ST_UB_MAX_DIMS], lext[ST_UB_MAX_DIMS];
} uth_buffer;

struct uth_timer;

typedef struct uth {
	st_context *ctx;
	st_ub_model *m;
	st_ub_map *map;  /* ub-map's elements of the graph */
	char *buf;       /* the module text */
	size_t len, cap;
	unsigned next;   /* fresh temporary names */
	st_status status;
	int64_t *tap;    /* per port: read ports' position on the write stream */
	int *timer;      /* per port: the index of the counter set that times it */
	uth_buffer *bufs;
	const void **vals; /* kernel values named so far, numbered by index */
	size_t nvals, cap_vals;
	/* uth_timing's counter sets, and per kernel with coordinates the set
	 * they count in (ktimer, else -1) and which digit is which dimension. */
	const void **roms; /* the tables made constants so far (memref.globals) */
	size_t nroms, cap_roms;
	struct uth_timer *sets, *kdigits;
	size_t nsets;
	int *ktimer;
} uth;

void uth_printf(uth *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A fresh name %_tN, written into buf (32 bytes). */
const char *uth_temp(uth *s, char *buf);
/* Bits to count 0..n-1 (at least 1). */
unsigned uth_bits(int64_t n);

/* uth_taps.c: the one write port of each buffer, every read port's chain
 * position from ub-map, the words of each delay line; ST_FAIL after a
 * located error (a buffer that is no delay line, controllers of another
 * form). */
st_status uth_taps(uth *s);
/* Writes each buffer's delay line: signals %b<i>_p<k> for its positions. */
void uth_delay_lines(uth *s);

/* uth_lanes.c.  A port whose schedule does not move along a dimension
 * (coefficient 0, an unrolled channel) fires for all its points there in
 * one cycle: its lanes.  Instance `inst` of a port (or of its kernel) is
 * the point with those dimensions at digit `inst`, row-major. */
unsigned uth_port_lanes(const st_ub_model_port *p);
bool uth_is_lane_dim(const st_ub_model_port *p, unsigned d);
/* The value of domain dimension d in lane instance `inst` (lane
 * dimensions only; the others are at their lower bound). */
int64_t uth_lane_coord(const st_ub_model_port *p, unsigned inst, unsigned d);
/* Each buffer's lanes from its write port, checked against every read
 * (after uth_taps: a delay line takes one value a cycle); ST_FAIL after a
 * located error. */
st_status uth_lanes(uth *s);
/* The buffer lane that instance `inst` of port k writes or reads. */
unsigned uth_lane_of(const uth *s, size_t k, unsigned inst);
/* The name of position `pos` of buffer bi's lane (%b<bi>_p<pos>, with
 * _l<lane> behind when the buffer has lanes), written into buf (64 bytes). */
const char *uth_pos(const uth *s, int bi, unsigned lane, int64_t pos, char *buf);
/* The host stream's data port of a lane: <name>_data, or <name>_data<lane>. */
const char *uth_data_port(const uth *s, int bi, unsigned lane, char *buf);

/* uth_timing.c: the global cycle counter, the stall signal and one counter
 * set per port schedule; %v<port> is high in the cycles the port fires
 * (and the pipeline advances).  ST_FAIL after a located error when a
 * schedule is not one value per cycle in row-major order. */
st_status uth_timing(uth *s, int64_t latency);
/* The i64 value of kernel ki's domain coordinate d in the cycle its
 * datapath computes (its write port's schedule less its latency), in lane
 * instance inst; written into buf (32 bytes). */
const char *uth_coord(uth *s, size_t ki, unsigned d, unsigned inst, char *buf);
void uth_timing_free(uth *s);

/* uth_stage.c: the pipeline stage (0..latency) of each value of a kernel's
 * body, from a logic-depth estimate, so that its latency registers cut the
 * datapath into parts of about equal depth; `delayed` counts the registers
 * uth_kernel.c has written behind the value so far. */
typedef struct uth_stage_val {
	const st_value *v;
	int64_t stage;
	int64_t delayed;
} uth_stage_val;
typedef struct uth_stages {
	st_context *ctx;
	uth_stage_val *vals;
	size_t n, cap;
} uth_stages;
st_status uth_stage_plan(uth_stages *st, st_block *body, int64_t latency);
/* Block arguments are at stage 0. */
int64_t uth_stage_of(const uth_stages *st, const st_value *v);
/* v's entry, added (at stage 0) if it has none; NULL when out of memory. */
uth_stage_val *uth_stage_entry(uth_stages *st, st_value *v);
bool uth_stage_is_constant(st_value *v);
void uth_stage_free(uth_stages *st);

/* uth_kernel.c: each kernel's body as comb ops on its read taps, delayed by
 * its latency: %k<i>_r<j> is its result j at the cycle it is written. */
st_status uth_kernels(uth *s);
/* The name of result j of kernel ki's datapath in lane instance inst, into
 * buf (64 bytes). */
void uth_kernel_result(size_t ki, unsigned inst, size_t j, char *buf);

#endif
