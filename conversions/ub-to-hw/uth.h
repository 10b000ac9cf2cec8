/* Shared by the files of convert-ub-to-hw (docs/streaming-hw.md): the text
 * of the hw.module being written, the timing of every port (when it fires,
 * as counters), and the tap of every read port on its buffer's write
 * stream.  The module is written as text and parsed, as lower-calyx-to-hw
 * does: hw's module type is private to the hw dialect. */
#ifndef STRATA_UTH_H
#define STRATA_UTH_H

#include "../../dialects/ub/ub_internal.h"
#include "../../dialects/ub/ub_map.h"

#include <stdarg.h>

/* One buffer as hardware: the delay line its write stream runs through. */
typedef struct uth_buffer {
	int wport;     /* its only write port; -1: no ports */
	unsigned width;
	int64_t words; /* words of its delay line's elements */
	int64_t regs;  /* of which shift registers */
} uth_buffer;

typedef struct uth {
	st_context *ctx;
	st__ub_model *m;
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

/* uth_timing.c: the global cycle counter, the stall signal and one counter
 * set per port schedule; %v<port> is high in the cycles the port fires
 * (and the pipeline advances).  ST_FAIL after a located error when a
 * schedule is not one value per cycle in row-major order. */
st_status uth_timing(uth *s, int64_t latency);

/* uth_kernel.c: each kernel's body as comb ops on its read taps, delayed by
 * its latency: %k<i>_r<j> is its result j at the cycle it is written. */
st_status uth_kernels(uth *s);

#endif
