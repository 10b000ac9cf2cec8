/* Shared between the simulator's elaboration (hwsim_build.c) and its cycle
 * loop (hwsim_run.c). */
#ifndef STRATA_HWSIM_INTERNAL_H
#define STRATA_HWSIM_INTERNAL_H

#include "strata/comb.h"
#include "strata/seq.h"
#include "strata/hwsim.h"

/* A bit vector of the flattened design: `width` bits at word `off`. */
typedef struct slot {
	uint64_t off, width;
} slot;

typedef enum node_kind {
	N_COMB,     /* a comb op: kind in `comb` */
	N_COPY,     /* bitcast, wire, port bindings, clock casts */
	N_ARRAY_CREATE,
	N_ARRAY_GET,
	N_ARRAY_INJECT,
	N_ARRAY_CONCAT,
	N_ARRAY_SLICE,
	N_STRUCT_CREATE,
	N_STRUCT_EXTRACT,
	N_STRUCT_INJECT,
	N_ASYNC_OUT, /* an async-reset register's output: reset ? value : state */
	N_MEM_READ0, /* a read port of latency 0 */
} node_kind;

typedef struct node {
	node_kind kind;
	st_comb_kind comb;
	int64_t param;  /* icmp predicate, extract low bit, struct field index */
	st_op *op;      /* for messages */
	uint32_t out;   /* output slot */
	uint32_t *in;   /* input slots */
	uint32_t nin;
	uint32_t mem;   /* N_MEM_READ0 */
} node;

typedef struct reg {
	uint32_t state, next, en, rst, rv; /* UINT32_MAX when absent */
	bool async;
	st_attr *init; /* the value at cycle 0, or NULL for zero */
} reg;

typedef struct memory {
	uint64_t depth, width, words_per; /* words_per: words of one element */
	uint64_t *data;
} memory;

/* A read port of latency >= 1 or a write port: a pipeline of stages. */
typedef struct mem_port {
	bool write;
	uint32_t mem, addr, data, en; /* en UINT32_MAX when absent; data: write */
	uint32_t out;                 /* read: the output slot */
	uint64_t latency;
	uint64_t *stages; /* read: latency elements; write: (latency-1) x (en, addr, data) */
} mem_port;

typedef struct const_init {
	uint32_t slot;
	st_attr *value;
	st_type *type;
} const_init;

typedef struct vec {
	void *data;
	size_t n, cap;
} vec;

struct st_hwsim {
	st_context *ctx;
	st_op *top;
	vec slots, nodes, regs, mems, ports; /* of slot, node, reg, memory, mem_port */
	vec consts;                          /* of const_init */
	uint64_t nwords;
	uint64_t *words;
	uint32_t *order; /* nodes in evaluation order */
	uint32_t *inputs, *outputs; /* top ports' slots (clock inputs: UINT32_MAX) */
	size_t ninputs, noutputs;
	uint64_t *scratch, *tmp; /* scratch for comb_eval; tmp for next states */
	uint64_t max_words;
};

#define NONE UINT32_MAX

bool st__hwsim_push(st_context *ctx, vec *v, const void *elt, size_t size);
st_status st__hwsim_build(st_hwsim *sim);
void st__hwsim_eval(st_hwsim *sim);

#endif
