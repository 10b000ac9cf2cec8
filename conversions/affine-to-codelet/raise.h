/* Shared by the files of affine-raise-to-codelet (docs/conversion.md,
 * "affine-raise-to-codelet"): the trace of a function's loop nests as
 * terms (raise_trace.c) and the layers recognised in them
 * (raise_match.c). */
#ifndef STRATA_RAISE_H
#define STRATA_RAISE_H

#include "strata/codelet.h"
#include "strata/ptrmap.h"

#include <stdint.h>
#include <string.h>

/* What a stored value is, built from the function's inputs as the loops
 * run: hash-consed, so that equal values are one term. */
typedef enum rterm_kind {
	RT_UNINIT, /* a cell nothing wrote */
	RT_IN,     /* element `v` of argument `a` as the function got it */
	RT_CONST,  /* the integer v */
	RT_SEXT,   /* a sign-extended */
	RT_ZEXT,
	RT_TRUNC,
	RT_ADD,
	RT_SUB,
	RT_MUL,
	RT_MAX, /* signed */
	RT_MIN,
	RT_SHRS, /* a >> b, arithmetic */
	RT_SHL,
	RT_CMP,    /* predicate `pred` of a and b */
	RT_SELECT, /* c ? a : b */
	RT_SHRU,   /* a >> b, logical: kept only under a truncation that makes it RT_SHRS */
	RT_OTHER,
} rterm_kind;

typedef struct rterm {
	uint8_t kind, width, pred;
	int32_t a, b, c;
	int64_t v;
} rterm;

/* A memref the trace follows: an argument (arg >= 0), an allocation, or
 * a constant global (`global` set: read like an argument numbered after
 * the function's, never written; its layers read a fresh get_global). */
typedef struct rbuf {
	st_value *v;
	int arg;
	st_attr *global; /* the memref.get_global's symbol reference */
	int64_t n;
	int32_t *cells; /* term of each element, row-major */
} rbuf;

#define RAISE_MAX_BUFS 64

typedef struct rtrace {
	st_context *ctx;
	st_op *fn;
	rterm *t;
	size_t nt, capt;
	uint32_t *hash; /* open addressing: term id + 1, 0 empty */
	size_t hcap;
	rbuf bufs[RAISE_MAX_BUFS];
	size_t nbufs;
	st_ptr_map *vals; /* st_value -> slot + 1 */
	struct rslot {
		bool index;
		int64_t v; /* an index, or a term id */
	} *slots;
	size_t nslots, capslots;
	uint64_t steps, max_steps;
	/* Why the trace stopped (NULL: it did not): at `bad`. */
	st_op *bad;
	char why[256];
} rtrace;

/* Runs the function's body on terms.  False with t->bad/t->why set when
 * an op is not one a layer is made of (or out of steps or memory). */
bool raise_trace(rtrace *t, st_op *fn, uint64_t max_steps);
void raise_trace_free(rtrace *t);
/* The term of (kind, width, pred, a, b, c, v), made once; -1 when out of
 * memory. */
int32_t raise_term(rtrace *t, rterm_kind kind, unsigned width, int pred, int32_t a, int32_t b, int32_t c, int64_t v);
/* The buffer of a function argument, or NULL. */
rbuf *raise_arg_buf(rtrace *t, st_value *arg);

/* Replaces the function's body by layer ops computing what the trace
 * found each written argument to hold; an error at the function naming
 * what no layer computes, otherwise. */
st_status raise_match(rtrace *t);

#endif
