/* What the interpreter's files share: compiled code, frames, buffers and the
 * interpreter object itself (include/strata/interp.h is the public side). */
#ifndef STRATA_INTERP_INTERNAL_H
#define STRATA_INTERP_INTERNAL_H

#include "strata/asm.h"
#include "strata/interp.h"

typedef struct st__interp_block {
	uint32_t nargs, nops;
	const uint32_t *args; /* the slot of each argument */
	st_interp_op *ops;
} st__interp_block;

struct st__interp_region {
	uint32_t nblocks;
	st__interp_block *blocks; /* the entry block first */
};

struct st__interp_succ {
	st__interp_block *block;
	uint32_t start, count; /* the operands forwarded to the block's arguments */
};

/* A function compiled once: every value of its body (nested regions
 * included) has a slot in the frame of a call. */
typedef struct st__interp_func {
	st_op *fn;
	uint32_t nslots;
	struct st__interp_region body;
} st__interp_func;

typedef struct st__interp_frame {
	struct st__interp_frame *parent;
	const st__interp_func *func;
	const st_interp_op *call_site; /* NULL for the entry call */
	st_ival *slots;
	st_interp_buffer **stack_bufs; /* freed when the call returns */
	size_t nstack, stack_cap;
	unsigned depth;
} st__interp_frame;

struct st_interp_buffer {
	uint32_t refs; /* views of it, plus one for a frame or the globals table */
	uint8_t kind;  /* st_interp_buffer_kind */
	bool live;
	bool constant;
	st_type *elt;
	size_t esize;
	int64_t nelems;
	unsigned char *data;
	uint8_t *init;    /* one bit per element; NULL when all are initialised */
	st_op *free_op;   /* the dealloc that freed it */
	st_op *alloc_op;  /* where it was made, for messages (may be NULL) */
	/* Elements the program read and wrote (loads, stores, copies), for a
	 * driver's memory-port bounds (st_interp_memref_accesses). */
	uint64_t loads, stores;
};

/* The largest buffer the interpreter allocates, in bytes. */
#define ST__INTERP_MAX_BUFFER ((uint64_t)1 << 30)

/* Open-addressing map from pointers to pointers. */
typedef struct st__interp_map {
	const void **keys;
	void **vals;
	size_t cap, n;
} st__interp_map;

void *st__interp_map_get(const st__interp_map *m, const void *key);
bool st__interp_map_put(st_context *ctx, st__interp_map *m, const void *key, void *val);
void st__interp_map_free(st_context *ctx, st__interp_map *m);

struct st_interp {
	st_context *ctx;
	st_interp_options opts;
	bool observed; /* opts.trace or opts.on_op: the slow path of the loop */
	uint64_t steps;
	st_interp_failure failure;
	unsigned trace_depth;
	struct st__trace_frame *trace_top; /* the innermost traced op running */
	st__interp_map funcs;    /* callable op -> st__interp_func, or the failure marker */
	st__interp_map globals;  /* global op -> st_interp_buffer */
	st_ival *tmp;            /* parallel copies of branch and yield values */
	size_t tmp_cap;
	struct st__interp_chunk *arena;
};

/* Reports an error of the given kind at `op` (with the call stack of
 * `frame` as notes); returns ST_FAIL. */
st_status st__interp_report(st_interp *it, st__interp_frame *frame, st_op *op, st_interp_failure kind,
                            const char *prefix, const char *fmt, va_list ap);
st_status st__interp_report_c(st_interp *it, st__interp_frame *frame, st_op *op, st_interp_failure kind,
                              const char *fmt, ...) __attribute__((format(printf, 5, 6)));
st_status st__interp_oom(st_interp *it);

/* interp_compile.c: the compiled form of `fn`, made at its first call;
 * NULL when it has no body (not reported) or after a reported error. */
const st__interp_func *st__interp_get_func(st_interp *it, st_op *fn);

/* interp_builtin.c: builtin.unrealized_conversion_cast */
extern const st_interp_hook st__interp_cast_hook;

/* interp_mem.c */
void st__interp_buffer_release(st_interp *it, st_interp_buffer *b);
/* Ends the lifetime of a frame's stack buffer. */
void st__interp_buffer_kill(st_interp *it, st_interp_buffer *b);

#endif
