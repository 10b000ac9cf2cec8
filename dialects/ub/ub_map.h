/* Memory mapping of a scheduled, sized ub.graph (docs/unified-buffers.md,
 * "ub-map"): each buffer becomes a chain of physical elements (wires,
 * shift registers, line memories, random-access memories, ROMs) with the
 * controller vectors of their address and schedule generators.  The pass
 * `ub-map` writes the same result into the graph as ub.mem ops
 * (docs/dialects/ub.md); this header is the C form, for tools that build
 * hardware from it (conversions/ub-to-hw).  Every array lives in context
 * memory and is freed by st_ub_map_free. */
#ifndef STRATA_UB_MAP_H
#define STRATA_UB_MAP_H

#include "strata/ir.h"

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
} st_ub_map_options;

/* Maps every buffer of a scheduled ub.graph whose ports are verified.
 * *out is a new map (st_ub_map_free); ST_FAIL after a located diagnostic
 * (a buffer that cannot fit the target, a port the analysis cannot
 * enumerate). */
st_status st_ub_map_graph(st_op *graph, const st_ub_map_options *opt, st_ub_map **out);
void st_ub_map_free(st_ub_map *m);

/* Writes the map into the graph: `map` on each ub.buffer, `tap` on chain
 * read ports, one ub.mem op per element after the buffer's last port
 * (docs/dialects/ub.md).  Earlier ub.mem ops of the graph are replaced. */
st_status st_ub_map_write_ir(st_op *graph, const st_ub_map *m);

/* Reads the IR form back (what ub-map or anyone else wrote): every ub.buffer
 * must carry `map`.  ST_FAIL after a located diagnostic. */
st_status st_ub_map_read_ir(st_op *graph, st_ub_map **out);

#endif
