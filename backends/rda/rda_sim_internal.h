/* The simulator's own structures (rda_sim*.c): what it reads from a
 * configuration, and its state while it runs. */
#ifndef STRATA_RDA_SIM_INTERNAL_H
#define STRATA_RDA_SIM_INTERNAL_H

#include "strata/rda_backend.h"

#include <stdint.h>

#define SIM_MAX_LANES 64
#define SIM_MAX_COUNTERS 16
#define SIM_MAX_ACKS 16

typedef enum sim_ty { TY_I1, TY_I8, TY_I16, TY_I32, TY_I64, TY_INDEX, TY_F16, TY_F32, TY_F64, TY_NONE } sim_ty;

typedef enum ikind {
	I_CONST, I_CTR, I_DEQ, I_WAIT, I_OP, I_REG, I_REGSET, I_FOLD, I_READ, I_WRITE, I_LOAD, I_STORE, I_ENQ,
	I_SIGNAL, I_ARG, I_RESULT
} ikind;

/* Operations (the capability codes of the configuration). */
typedef enum sim_opc {
	OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_DIVS, OP_DIVU, OP_DIVFLOOR, OP_DIVCEIL, OP_DIVCEILU, OP_REMS, OP_REMU, OP_AND,
	OP_OR, OP_XOR, OP_SHL, OP_SHRS, OP_SHRU, OP_MAXS, OP_MINS, OP_MAXU, OP_MINU, OP_MAXF, OP_MINF, OP_MAXNUM,
	OP_MINNUM, OP_NEG, OP_SELECT, OP_SEXT, OP_ZEXT, OP_TRUNC, OP_SITOFP, OP_UITOFP, OP_FPTOSI, OP_FPTOUI, OP_BITS,
	OP_EXP, OP_LOG, OP_SQRT, OP_ABS, OP_FMA, OP_FLOOR, OP_CMP
} sim_opc;

typedef struct sim_instr {
	uint8_t kind, ty, ity;
	uint8_t opc;
	int8_t pred_code; /* comparisons */
	int32_t dst, a, b, c, pred;
	int32_t stream, target; /* stream, scratchpad or buffer */
	int32_t level;
	int64_t imm, step, stride; /* constants, counters */
	int32_t nacks;
	int32_t ack_stream[SIM_MAX_ACKS];
	int32_t ack_level[SIM_MAX_ACKS];
	char fold[12];
	/* Of an op (plan_passes): `late` when it depends on a register the
	 * second pass of a firing writes, so that pass recomputes it;
	 * `first` when the first pass must compute it too. */
	bool late, first;
} sim_instr;

/* One element in flight to or waiting at a reader. */
typedef struct sim_elem {
	uint64_t arrive;
	uint64_t mask;
	uint64_t *bits; /* lanes values, owned by the queue's pool */
} sim_elem;

typedef struct sim_reader {
	int32_t context;
	int64_t latency;
	int32_t nlinks;
	int32_t *links;
	/* A ring of `depth` elements: in flight and arrived. */
	sim_elem *ring;
	uint64_t *pool;
	int64_t head, count;
	/* Credits on their way back to the writer: return times, a ring. */
	uint64_t *credits;
	int64_t chead, ccount;
} sim_reader;

typedef struct sim_stream {
	int kind; /* 0 token, 1 scalar, 2 vector */
	sim_ty elt;
	int64_t lanes, depth, init;
	uint64_t value;
	sim_reader *readers;
	int32_t nreaders;
	int32_t writer; /* context */
	uint64_t pushed, popped;
} sim_stream;

typedef struct sim_scratch {
	int32_t unit;
	sim_ty elt;
	int64_t words, banks, bank_div, skew, part, parts, div;
	uint64_t *data;
} sim_scratch;

typedef struct sim_buffer {
	char name[64];
	int64_t arg, words, elt_bytes;
	sim_ty elt;
	uint64_t base; /* byte address */
	uint64_t *data;
} sim_buffer;

typedef struct sim_unit {
	int kind;
	int64_t row, col, reads, writes;
	char pu[32];
	uint64_t port_cycle;         /* the cycle the counts below are for */
	int64_t reads_used, writes_used;
	uint64_t busy_until;         /* bank conflicts hold the ports */
	uint64_t active_cycles;
	uint64_t active_mark;        /* 1 + the last cycle counted in active_cycles */
} sim_unit;

/* A DRAM access's iterations still waiting for their requests, per ack. */
typedef struct sim_ack_iter {
	int64_t remaining;
	bool closed;
} sim_ack_iter;

typedef struct sim_ackq {
	sim_ack_iter *v;
	int64_t head, count, cap;
	int64_t next_id; /* the id of the open iteration */
	int64_t first_id; /* the id of v[head] */
} sim_ackq;

/* An entry of a load's in-order response buffer (one firing). */
typedef struct sim_resp {
	uint64_t mask;
	uint64_t *bits;
	int64_t remaining;
	uint64_t ready;
} sim_resp;

typedef struct sim_access {
	int32_t instr;
	sim_resp *resp; /* loads: ring of `outstanding` entries */
	uint64_t *pool;
	int64_t head, count, cap;
	sim_ackq acks[SIM_MAX_ACKS];
} sim_access;

typedef struct sim_context {
	char name[64];
	int32_t unit;
	int64_t lanes, ii, latency, nregs;
	sim_instr *code;
	int32_t ncode;
	int32_t counters[SIM_MAX_COUNTERS]; /* the instruction of each counter */
	int32_t ncounters;
	int64_t cur[SIM_MAX_COUNTERS], lo[SIM_MAX_COUNTERS], hi[SIM_MAX_COUNTERS];
	int32_t restart; /* counters from here on (re)start at the next firing */
	bool done;
	uint64_t next;     /* the first cycle it may fire again */
	uint64_t *regs;    /* nregs x lanes */
	uint64_t *stored;  /* rda.reg values: nregs x lanes (indexed by the reg's dst) */
	sim_access *access; /* per instruction of a DRAM access, or NULL */
	uint64_t fired, stall_input, stall_output, stall_dram, stall_port, stall_ii;
	uint64_t first, last; /* cycles of its first and last firing */
	int32_t waiting_on; /* the last stream it could not read or write */
	bool waiting_output;
	/* The reader whose head it waited for when it last stalled on an input,
	 * else NULL: until that head arrives it stalls there again (try_fire). */
	sim_reader *wait_reader;
} sim_context;

typedef struct sim_request {
	uint64_t ready; /* when the channel finishes it */
	int32_t context, instr;
	int32_t buffer;
	int64_t first, n; /* elements */
	uint64_t lanes_mask;
	int64_t entry;     /* loads: the response entry (absolute index) */
	int64_t ack_ids[SIM_MAX_ACKS];
	uint64_t *wdata;   /* stores: the values, per element */
	int64_t *welems;   /* stores: element indices (scatter) */
	bool write;
} sim_request;

struct st_rda_sim {
	st_context *ctx;
	const char *file;
	int64_t lanes, channels, dram_bits, dram_latency, burst_bits, outstanding, hop, dynhop, flit;
	int64_t rows, cols;
	sim_buffer *buffers;
	int32_t nbuffers;
	sim_unit *units;
	int32_t nunits;
	sim_scratch *scratches;
	int32_t nscratches;
	sim_stream *streams;
	int32_t nstreams;
	sim_context *contexts;
	int32_t ncontexts;
	/* DRAM */
	uint64_t *channel_free;
	sim_request *reqs;
	int64_t nreqs, capreqs;
	uint64_t dram_read_bits, dram_write_bits;
	/* The dynamic network: the cycle each link is next free. */
	uint64_t *link_free;
	int64_t nlinks;
	/* Host */
	uint64_t args[64];
	bool args_set[64];
	uint64_t results[64];
	bool results_set[64];
	uint64_t now;
	st_rda_sim_stats stats;
};

/* rda_sim_load.c: the configuration text into the structures; errors are
 * located in the configuration (`file:line:col: error: ...`). */
st_status st__rda_sim_load(st_rda_sim *s, const char *text, size_t len);
void st__rda_sim_free(st_rda_sim *s);

/* rda_sim_ops.c: one operation on one lane, bit-exact with the
 * interpreter. */
uint64_t st__rda_sim_op(const sim_instr *in, uint64_t a, uint64_t b, uint64_t c);
uint64_t st__rda_sim_fold(const char *kind, sim_ty ty, uint64_t acc, uint64_t v);
unsigned st__rda_sim_bits(sim_ty t);
uint64_t st__rda_sim_mask(sim_ty t, uint64_t v);

/* rda_sim_dram.c */
void st__rda_sim_dram_issue(st_rda_sim *s, sim_request *r, uint64_t when);
void st__rda_sim_dram_step(st_rda_sim *s);
bool st__rda_sim_dram_busy(const st_rda_sim *s);

#endif
