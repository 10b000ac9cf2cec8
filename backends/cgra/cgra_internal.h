/* Shared between the files of the CGRA backend (docs/cgra.md): the unified-
 * buffer graph as plain arrays, controllers, the netlist that instruction
 * selection builds and placement, routing and timing work on, and the
 * entry points of each step. */
#ifndef STRATA_CGRA_INTERNAL_H
#define STRATA_CGRA_INTERNAL_H

#include "strata/acg.h"
#include "strata/cgra.h"
#include "strata/cgra_backend.h"
#include "strata/dialect.h"
#include "strata/limit.h"
#include "strata/ub_analysis.h"

#include <stdint.h>

#define CG_MAX_DIMS 8
#define CG_MAX_LEVELS 8
#define CG_MAX_CLASSES 4

/* ------------------------------------------------------------ the ub graph */

/* c[0] + sum c[1 + i] x_i */
typedef struct cg_aff {
	int64_t c[CG_MAX_DIMS + 1];
} cg_aff;

typedef enum cg_map { CG_MAP_WIRE, CG_MAP_CHAIN, CG_MAP_RAM, CG_MAP_ROM, CG_MAP_TAP, CG_MAP_NONE } cg_map;

typedef struct cg_port {
	st_op *op;
	bool write;
	int buffer;
	unsigned ndims;
	int64_t lo[CG_MAX_DIMS], hi[CG_MAX_DIMS];
	cg_aff sched;
	unsigned rank;
	cg_aff acc[CG_MAX_DIMS];
	int64_t tap;
} cg_port;

typedef struct cg_buffer {
	st_op *op;
	const char *name;
	unsigned rank;
	int64_t shape[CG_MAX_DIMS];
	int arg; /* host argument, -1 */
	st_type *elt;
	cg_map map;
	unsigned ngate;
	int64_t gate_lo[CG_MAX_DIMS], gate_hi[CG_MAX_DIMS];
} cg_buffer;

typedef struct cg_ub {
	st_context *ctx;
	st_op *graph;
	st_ub_model *model; /* analysis/ub's model of the graph */
	st_ub_map *map;     /* its memory map, read back from the IR */
	cg_buffer *buffers;
	size_t nbuffers;
	cg_port *ports;
	size_t nports;
	size_t cap_buffers, cap_ports;
} cg_ub;

/* Reads a scheduled, mapped ub.graph through analysis/ub; located errors
 * for what it cannot take (a domain that is not a box, a non-affine port,
 * a buffer without its mapping). */
st_status st__cg_ub_read(st_op *graph, cg_ub *out);
void st__cg_ub_free(cg_ub *u);
int st__cg_ub_buffer_of(const cg_ub *u, st_value *buffer_value);
int st__cg_ub_port_of(const cg_ub *u, const st_op *op);

/* ------------------------------------------------------------- controllers */

/* An affine generator: fires at cycle_offset + sum cycle_stride[i] p_i for
 * every point of 0 <= p_i < extent[i] in row-major order (or, counting
 * events, on the event numbered so), touching base + ((addr_offset + sum
 * addr_stride[i] p_i) mod wrap) (no modulo when wrap is 0). */
typedef struct cg_ctrl {
	unsigned levels;
	int64_t extent[CG_MAX_LEVELS], cycle_stride[CG_MAX_LEVELS], addr_stride[CG_MAX_LEVELS];
	int64_t cycle_offset, addr_offset, wrap, base;
	int dir;        /* 0 write, 1 read */
	int unit;       /* 0 the memory, 1 aggregator, 2 transpose buffer */
	bool on_writes; /* counts the buffer's write events, not cycles */
	int pin;        /* the tile port it serves, -1: none */
} cg_ctrl;

/* The controller of a mapped element (pin -1). */
void st__cg_ctrl_of_ub(const st_ub_ctrl *c, cg_ctrl *out);
/* The controller of a cgra.inst configuration's dictionary. */
st_status st__cg_ctrl_from_dict(st_op *at, st_attr *d, cg_ctrl *c);
/* The generator of a port's points (cycles and row-major addresses of its
 * access into `shape`), restricted to the box lo..hi when given, with
 * unit-extent levels dropped and levels coalesced as ub-map does. */
void st__cg_ctrl_of_port(const cg_port *p, const int64_t *shape, unsigned rank, const int64_t *lo,
                         const int64_t *hi, cg_ctrl *c);
int64_t st__cg_ctrl_points(const cg_ctrl *c);
/* As a dictionary attribute and back (the cgra.inst config). */
st_attr *st__cg_ctrl_attr(st_context *ctx, const cg_ctrl *c);

/* ----------------------------------------------------------------- netlist */

/* The PE's operations, numbered as the bitstream writes them (docs/cgra.md). */
typedef enum cg_op {
	CG_OP_NONE = 0,
	CG_OP_ADD,
	CG_OP_SUB,
	CG_OP_MUL,
	CG_OP_SHL,
	CG_OP_SHR,
	CG_OP_ASHR,
	CG_OP_AND,
	CG_OP_OR,
	CG_OP_XOR,
	CG_OP_MAX,
	CG_OP_MIN,
	CG_OP_ABS,
	CG_OP_SEL,
	CG_OP_EQ,
	CG_OP_NE,
	CG_OP_LT,
	CG_OP_LE,
	CG_OP_GT,
	CG_OP_GE,
	CG_OP_COUNT
} cg_op;

/* The capability name of an operation ("ADD"), and back (-1). */
const char *st__cg_op_name(cg_op op);
int st__cg_op_of_name(st_str name);
bool st__cg_op_is_compare(cg_op op);

typedef enum cg_kind { CG_PE, CG_MEM, CG_IO, CG_REG } cg_kind;

/* The ALU's operands: a data pin or a constant register. */
typedef struct cg_pe {
	cg_op op;
	bool sign, bf16;
	int mul;           /* 0 low, 1 middle, 2 high */
	bool konst[2];     /* data input i is the constant cval[i] */
	int64_t cval[2];
	bool lut;          /* the 1-bit output is the LUT's */
	uint8_t table;     /* LUT truth table: bit (i2 i1 i0) */
	int lut_in[3];     /* each LUT input: bit pin 0..2, or 3: the ALU's flag */
} cg_pe;

typedef enum cg_mem_mode { CG_MEM_LINE, CG_MEM_RAM, CG_MEM_ROM } cg_mem_mode;

typedef struct cg_mem {
	cg_mem_mode mode;
	int64_t depth, fetch;
	size_t nseg;
	int64_t seg_from[8], seg_to[8];
	cg_ctrl *ctrls;
	size_t nctrls;
	bool has_wev; /* the write-event generator of a chain's buffer */
	cg_ctrl wev;
	int64_t *rom;
	size_t nrom;
	int addr_pin; /* ROM looked up at a computed address: its input pin, -1 */
	/* ram and rom: the buffer, and the ub port each data pin serves */
	int buffer;
	int in_port[8], out_port[8];
	int nin, nout;
} cg_mem;

typedef struct cg_io {
	bool out;
	int arg;
	cg_ctrl ctrl;
} cg_io;

typedef struct cg_reg {
	bool has_en;
	cg_ctrl en;
} cg_reg;

typedef struct cg_node {
	cg_kind kind;
	char name[64];
	st_op *loc; /* what errors point at */
	int kernel; /* the ub.kernel index it implements (PEs and their registers), -1 */
	int32_t width; /* REG: its bits */
	int32_t tile, site;
	int32_t depth; /* cycles after its kernel's reads at which its output is valid */
	bool dead;
	cg_pe pe;
	cg_mem mem;
	cg_io io;
	cg_reg reg;
} cg_node;

/* A pin of a node: its width class (bit: the 1-bit pins) and number. */
typedef struct cg_pin {
	int32_t node;
	uint8_t bit, index;
} cg_pin;

/* Field by field: a pin's padding bytes are not data. */
static inline bool st__cg_same_pin(const cg_pin *a, const cg_pin *b) {
	return a->node == b->node && a->bit == b->bit && a->index == b->index;
}

typedef struct cg_conn {
	cg_pin src, dst;
} cg_conn;

/* One argument array the host keeps in the global buffer. */
typedef struct cg_host_arg {
	int arg;
	bool out;
	st_type *elt;
	unsigned rank;
	int64_t shape[CG_MAX_DIMS];
	int64_t base; /* GLB word address */
} cg_host_arg;

typedef struct cg_netlist {
	st_context *ctx;
	st_op *target;
	st_cgra_fabric *fabric;
	st_op *pe_kind; /* the grid's compute tile kind */
	int32_t pe_latency;
	cg_node *nodes;
	size_t n, cap;
	cg_conn *conns;
	size_t nc, capc;
	cg_host_arg args[32];
	size_t nargs;
	int64_t *kernel_latency; /* per ub.kernel in graph order */
	int64_t *kernel_points;  /* per ub.kernel: the points of its domain (it fires once each) */
	size_t nbalance;         /* balancing registers made, for unique names */
	size_t nkernels;
} cg_netlist;

void st__cg_netlist_init(cg_netlist *nl, st_context *ctx);
void st__cg_netlist_free(cg_netlist *nl);
int32_t st__cg_add_node(cg_netlist *nl, cg_kind kind, const char *name, st_op *loc);
st_status st__cg_connect(cg_netlist *nl, cg_pin src, cg_pin dst);
/* Drops dead nodes and the connections touching them, renumbering. */
void st__cg_netlist_compact(cg_netlist *nl);

/* A value during instruction selection: a node's output pin, a constant,
 * or nothing (an unused input).  `bits` is its type's width; `dirty` says
 * the bits above them may be set (a narrow add), `sext` that they hold its
 * sign. */
typedef struct cg_sig {
	int32_t node; /* -1: a constant or nothing */
	uint8_t bit, index;
	bool is_const, dirty, sext;
	int64_t c;
	unsigned bits;
} cg_sig;

/* Bits of an integer or float type (0 for others). */
unsigned st__cg_type_bits(const st_type *t);

/* Instruction selection of one ub.kernel (cgra_isel.c): PEs for its body
 * fed by `args` (one per kernel input), returning its result signal.
 * `loose`: the result may keep garbage above its width (only the host reads
 * it).  Errors at the op no PE can do. */
st_status st__cg_isel_kernel(cg_netlist *nl, st_op *kernel, int kidx, const cg_sig *args, size_t nargs, bool loose,
                             cg_sig *result);
/* Chains of one associative operation in kernel kidx rebuilt as trees
 * balanced by arrival time (cgra_reassoc.c). */
st_status st__cg_reassociate(cg_netlist *nl, int kidx, const cg_sig *result);
/* Balancing registers so every PE of kernel kidx sees its operands at the
 * same cycle, and the kernel's latency (cgra_timing.c). */
st_status st__cg_balance_kernel(cg_netlist *nl, int kidx, cg_sig *result, int64_t *latency);

/* The MEM tiles of a buffer mapped to a ram or a rom (cgra_ram.c): one per
 * ub.mem (a bank takes every write and serves its share of the reads), its
 * controllers on the data pins of the ports they serve, a ROM preloaded
 * with its table. */
st_status st__cg_ram_nodes(cg_netlist *nl, const cg_ub *u, int bi);
/* The output pin serving read port k of buffer bi, and the input pins
 * taking write port k (every bank), among the nodes made so far. */
bool st__cg_ram_read(const cg_netlist *nl, int bi, int k, cg_sig *out);
st_status st__cg_ram_write(cg_netlist *nl, int bi, int k, const cg_sig *value);

/* The netlist of a mapped ub graph (cgra_netlist.c).  kernel_latency
 * receives each kernel's latency (graph order) when not NULL. */
st_status st__cg_build_netlist(cg_netlist *nl, st_op *graph);

/* Placement (cgra_place.c) and routing (cgra_route.c). */
typedef struct cg_opts {
	uint64_t seed;
	bool progress;
	int64_t route_iters;
} cg_opts;
st_status st__cg_place(cg_netlist *nl, const cg_opts *o);

typedef struct cg_route {
	/* per connection: the RR path from a node already on its net's tree
	 * (or the source) to the sink; the nodes, then their count */
	int32_t **path;
	size_t *plen;
	size_t nconn;
	int64_t wires_used, routing_only_tiles, iterations;
} cg_route;
st_status st__cg_route(cg_netlist *nl, const cg_opts *o, cg_route *r);
void st__cg_route_free(cg_netlist *nl, cg_route *r);

/* The cgra.design of a placed and routed netlist, inserted after `after`. */
st_op *st__cg_emit_design(cg_netlist *nl, const cg_route *r, const char *name, st_op *after);

/* The backend's named limits (registered by st_register_cgra_passes). */
extern const st_limit_def st__cg_writes_limit, st__cg_elements_limit, st__cg_cycles_limit;

/* The reader's register writes, for the simulator (cgra_bitread.c). */
void st__cg_bitstream_write(const st_cgra_bitstream *b, size_t i, uint32_t *tile, uint32_t *reg, int64_t *value,
                            uint32_t *line);
st_attr *st__cg_bitstream_loc(const st_cgra_bitstream *b, uint32_t line);
void st__cg_bitstream_dims(const st_cgra_bitstream *b, int64_t *rows, int64_t *cols, uint64_t *fingerprint,
                           uint32_t *line);

/* The one cgra.design of `module` (or `module` itself); an error naming
 * `who` when there is none or several. */
st_op *st__cg_find_design(st_op *module, const char *who);

/* Progress lines on a terminal (stderr), for long placements and routes. */
void st__cg_progress(bool on, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Seeded, deterministic pseudo-random numbers (xorshift64*). */
static inline uint64_t st__cg_rand(uint64_t *s) {
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

#endif
