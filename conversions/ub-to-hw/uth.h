/* Shared by the files of convert-ub-to-hw (docs/streaming-hw.md): the
 * hw.module being built through the hw/comb/seq builders and its named
 * signals (a backedge until the op defining one is built: counters and
 * delay lines feed themselves), the timing of every port (when it fires,
 * as counters), and the tap of every read port on its buffer's write
 * stream. */
#ifndef STRATA_UTH_H
#define STRATA_UTH_H

#include "strata/comb.h"
#include "strata/ptrmap.h"
#include "strata/seq.h"
#include "strata/ub_analysis.h"

#include <stdarg.h>
#include <stdio.h>

/* One buffer as hardware: the delay line its write stream runs through. */
typedef struct st__uth_buffer {
	int wport;     /* its only write port; -1: no ports */
	unsigned width;
	int64_t words; /* words of its delay line's elements */
	int64_t regs;  /* of which shift registers */
	/* Lanes (st__uth_lanes.c): the values its write port gives in one cycle,
	 * an unrolled dimension's elements, numbered row-major over the buffer
	 * dimensions ldim[] that tell them apart (element ldim[i] is
	 * lbase[i] + digit i of the lane; with lmod[i], an unrolled x written
	 * at 2q + l, lbase[i] + digit i modulo lext[i]). */
	unsigned lanes, nld;
	unsigned ldim[ST_UB_MAX_DIMS];
	int64_t lbase[ST_UB_MAX_DIMS], lext[ST_UB_MAX_DIMS];
	bool lmod[ST_UB_MAX_DIMS];
} st__uth_buffer;

struct st__uth_timer;

typedef struct st__uth {
	st_context *ctx;
	st_ub_model *m;
	st_ub_map *map;  /* ub-map's elements of the graph */
	st_builder b;    /* at the end of the module's body */
	st_hw_backedges *edges;
	st_ptr_map *sigs; /* named signals: interned name -> value */
	unsigned next;   /* fresh temporary names */
	st_status status;
	int64_t *tap;    /* per port: read ports' position on the write stream */
	int *timer;      /* per port: the index of the counter set that times it */
	st__uth_buffer *bufs;
	const void **vals; /* kernel values named so far, numbered by index */
	size_t nvals, cap_vals;
	/* st__uth_timing's counter sets, and per kernel with coordinates the set
	 * they count in (ktimer, else -1) and which digit is which dimension. */
	const void **roms; /* the tables made constants so far (memref.globals) */
	size_t nroms, cap_roms;
	struct st__uth_timer *sets, *kdigits;
	size_t nsets;
	int *ktimer;
} st__uth;

/* The signal named by the format: its value, or a backedge of type iW until
 * st__uth_set defines it. */
st_value *st__uth_get(st__uth *s, unsigned width, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same for a signal of any type. */
st_value *st__uth_get_typed(st__uth *s, st_type *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Defines the signal named by the format as `v` (returned). */
st_value *st__uth_set(st__uth *s, st_value *v, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* iW, and hw.constant v : iW. */
st_type *st__uth_int(st__uth *s, unsigned width);
st_value *st__uth_const(st__uth *s, unsigned width, int64_t v);
/* A register `name` of `width` bits counting lo, lo+1, ..., hi, lo, ...
 * one step per cycle `en` is high (lo after reset), with its wires
 * name_lo, name_hi, name_one, name_inc, name_next; returns name_end, high
 * while the count is at hi (an enable ANDed with it steps the next outer
 * counter). The same address, gate and segment counters serve every
 * buffer kind. */
st_value *st__uth_wrap_counter(st__uth *s, unsigned width, int64_t lo, int64_t hi, st_value *en, const char *name);
/* A fresh name _tN, written into buf (32 bytes). */
const char *st__uth_temp(st__uth *s, char *buf);
/* Bits to count 0..n-1 (at least 1). */
unsigned st__uth_bits(int64_t n);

/* st__uth_taps.c: the one write port of each buffer, every read port's chain
 * position from ub-map, the words of each delay line; ST_FAIL after a
 * located error (a buffer that is no delay line, controllers of another
 * form). */
st_status st__uth_taps(st__uth *s);
/* Builds each buffer's delay line: signals b<i>_p<k> for its positions. */
void st__uth_delay_lines(st__uth *s);

/* st__uth_ram.c: random-access buffers (ub-map's RAM, placed in registers)
 * as register files.  Whether buffer bi is one; the signal read port k
 * gets in lane instance inst (its chain position, or r<k> of a register
 * file) into buf (64 bytes); the check of their ports (before
 * st__uth_lanes: one value a port and cycle, generators row-major in time),
 * ST_FAIL after a located error; and their hardware. */
bool st__uth_is_ram(const st__uth *s, int bi);
const char *st__uth_read_sig(const st__uth *s, size_t k, unsigned inst, char *buf);
st_status st__uth_rams_check(st__uth *s);
void st__uth_rams(st__uth *s);

/* One of n words (each w bits) chosen by the low bits of `index`: a tree of
 * 2-way muxes, one level per bit, the low bit first (a number past the end
 * reads 0); its signals are named after `tag`. */
st_value *st__uth_select(st__uth *s, st_value *const *words, int64_t n, st_value *index, unsigned w, const char *tag);

/* st__uth_lanes.c.  A port whose schedule does not move along a dimension
 * (coefficient 0, an unrolled channel) fires for all its points there in
 * one cycle: its lanes (st_ub_port_lanes).  Instance `inst` of a port (or
 * of its kernel) is the point with those dimensions at digit `inst`,
 * row-major.  Past ST__UTH_MAX_LANES lanes a port is refused (each is a
 * datapath). */
#define ST__UTH_MAX_LANES 256
/* The value of domain dimension d in lane instance `inst` (lane
 * dimensions only; the others are at their lower bound). */
int64_t st__uth_lane_coord(const st_ub_model_port *p, unsigned inst, unsigned d);
/* Each buffer's lanes from its write port, checked against every read
 * (after st__uth_taps: a delay line takes one value a cycle); ST_FAIL after a
 * located error. */
st_status st__uth_lanes(st__uth *s);
/* The buffer lane that instance `inst` of port k writes or reads. */
unsigned st__uth_lane_of(const st__uth *s, size_t k, unsigned inst);
/* The name of position `pos` of buffer bi's lane (b<bi>_p<pos>, with
 * _l<lane> behind when the buffer has lanes), written into buf (64 bytes). */
const char *st__uth_pos(const st__uth *s, int bi, unsigned lane, int64_t pos, char *buf);
/* The host stream's data port of a lane: <name>_data, or <name>_data<lane>. */
const char *st__uth_data_port(const st__uth *s, int bi, unsigned lane, char *buf);

/* st__uth_timing.c: the global cycle counter, the stall signal and one counter
 * set per port schedule; v<port> is high in the cycles the port fires
 * (and the pipeline advances).  ST_FAIL after a located error when a
 * schedule is not row-major (at most one value per cycle). */
st_status st__uth_timing(st__uth *s, int64_t latency);
/* The i64 value of kernel ki's domain coordinate d in the cycle its
 * datapath computes (its write port's schedule less its latency), in lane
 * instance inst. */
st_value *st__uth_coord(st__uth *s, size_t ki, unsigned d, unsigned inst);
void st__uth_timing_free(st__uth *s);

/* st__uth_stage.c: the pipeline stage (0..latency) of each value of a kernel's
 * body, from a logic-depth estimate, so that its latency registers cut the
 * datapath into parts of about equal depth; `delayed` counts the registers
 * st__uth_kernel.c has written behind the value so far. */
typedef struct st__uth_stage_val {
	const st_value *v;
	int64_t stage;
	int64_t delayed;
} st__uth_stage_val;
typedef struct st__uth_stages {
	st_context *ctx;
	st__uth_stage_val *vals;
	size_t n, cap;
} st__uth_stages;
st_status st__uth_stage_plan(st__uth_stages *st, st_block *body, int64_t latency);
/* Block arguments are at stage 0. */
int64_t st__uth_stage_of(const st__uth_stages *st, const st_value *v);
/* v's entry, added (at stage 0) if it has none; NULL when out of memory. */
st__uth_stage_val *st__uth_stage_entry(st__uth_stages *st, st_value *v);
bool st__uth_stage_is_constant(st_value *v);
void st__uth_stage_free(st__uth_stages *st);

/* A ub.param's input port: <name>_param (64 bytes), the value the host
 * sets before the run and holds. */
const char *st__uth_param_port(st_op *param, char *buf);
/* Bits of a kernel value's signal: an f32 or f64 is its bits, index 64. */
unsigned st__uth_width_of(st_type *t);

/* st__uth_kernel.c: each kernel's body as comb ops on its read taps, delayed by
 * its latency: k<i>_r<j> is its result j at the cycle it is written. */
st_status st__uth_kernels(st__uth *s);
/* The name of result j of kernel ki's datapath in lane instance inst, into
 * buf (64 bytes). */
void st__uth_kernel_result(size_t ki, unsigned inst, size_t j, char *buf);

#endif
