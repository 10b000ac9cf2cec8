/* Shared by the files of the codelet dialect: the op names, the syntax and
 * verifier hooks, the interpreter hooks and the helpers they use. */
#ifndef STRATA_CODELET_INTERNAL_H
#define STRATA_CODELET_INTERNAL_H

#include "strata/asm.h"
#include "strata/codelet.h"
#include "strata/interp.h"
#include "strata/limit.h"

#include <string.h>

#define ST__CDLT_N(a) (sizeof(a) / sizeof((a)[0]))

/* The dialect's limits (codelet.c): the work of one layer op the
 * interpreter runs, and the elements of a placed surrogate the verifier
 * enumerates. */
extern const st_limit_def st__codelet_work_limit;
extern const st_limit_def st__codelet_placement_limit;

static inline bool st__codelet_is(const st_op *op, const char *name) {
	return op && strcmp(st_op_name_cstr(op), name) == 0;
}

/* Syntax (codelet_syntax.c). */
st_status st__codelet_parse_cdlt(st_parser *p, st_parse_state *s);
void st__codelet_print_cdlt(st_printer *p, st_op *op);
st_status st__codelet_parse_surrogate(st_parser *p, st_parse_state *s);
void st__codelet_print_surrogate(st_printer *p, st_op *op);
st_status st__codelet_parse_local(st_parser *p, st_parse_state *s);
void st__codelet_print_local(st_printer *p, st_op *op);
st_status st__codelet_parse_param(st_parser *p, st_parse_state *s);
void st__codelet_print_param(st_printer *p, st_op *op);
st_status st__codelet_parse_loop(st_parser *p, st_parse_state *s);
void st__codelet_print_loop(st_printer *p, st_op *op);
st_status st__codelet_parse_transfer(st_parser *p, st_parse_state *s);
void st__codelet_print_transfer(st_printer *p, st_op *op);
st_status st__codelet_parse_compute(st_parser *p, st_parse_state *s);
void st__codelet_print_compute(st_printer *p, st_op *op);

/* Verifiers (codelet_verify.c, codelet_layers.c). */
st_status st__codelet_verify_cdlt(st_op *op);
st_status st__codelet_verify_surrogate(st_op *op);
st_status st__codelet_verify_local(st_op *op);
st_status st__codelet_verify_loop(st_op *op);
st_status st__codelet_verify_transfer(st_op *op);
st_status st__codelet_verify_compute(st_op *op);
st_status st__codelet_verify_layer(st_op *op);

/* Interpreter hooks (codelet_interp.c, codelet_layers_interp.c). */
extern const st_interp_hook st__codelet_interp_cdlt;
extern const st_interp_hook st__codelet_interp_yield;
extern const st_interp_hook st__codelet_interp_surrogate;
extern const st_interp_hook st__codelet_interp_param;
extern const st_interp_hook st__codelet_interp_local;
extern const st_interp_hook st__codelet_interp_loop;
extern const st_interp_hook st__codelet_interp_transfer;
extern const st_interp_hook st__codelet_interp_compute;
extern const st_interp_hook st__codelet_interp_layer;

/* The compute capabilities the dialect gives a meaning (codelet_caps.c):
 * how many inputs each takes and how the slices combine. */
typedef enum st__codelet_cap_form {
	ST__CAP_UNKNOWN = 0,
	ST__CAP_UNARY,   /* out[i] = f(a[i]) */
	ST__CAP_BINARY,  /* out[i] = f(a[i], b[i]); a one-element operand broadcasts */
	ST__CAP_MAC,     /* out[i] = c[i] + a[i] * b[i] */
	ST__CAP_GEMM,    /* out[x][z] = c[x][z] + sum_y a[x][y] b[y][z] */
	ST__CAP_MVMUL,   /* out[x] = sum_y a[x][y] b[y] */
	ST__CAP_MMUL,    /* out[x][z] = sum_y a[x][y] b[y][z] */
} st__codelet_cap_form;

typedef struct st__codelet_cap {
	const char *name;
	st__codelet_cap_form form;
	int op; /* the element operation of unary/binary forms */
} st__codelet_cap;

/* The capability `name` (case as written in ACGs: upper case), or NULL. */
const st__codelet_cap *st__codelet_cap_lookup(const char *name);
/* Inputs the capability takes. */
size_t st__codelet_cap_inputs(const st__codelet_cap *c);
/* Applies an element operation to sign-extended values; the result is
 * truncated to the output width by the caller.  False for a division by
 * zero (undefined, as arith.divsi). */
bool st__codelet_cap_apply(const st__codelet_cap *c, int64_t a, int64_t b, int64_t *out);

/* Reading the slices of an access (codelet_interp.c). */
bool st__codelet_access_offsets(const st_codelet_access *a, const int64_t *ivs, int64_t *off);

/* Sign-extends the low `width` bits of v. */
static inline int64_t st__codelet_sext(uint64_t v, unsigned width) {
	if (width == 0 || width >= 64)
		return (int64_t)v;
	uint64_t m = (uint64_t)1 << (width - 1);
	v &= ((uint64_t)1 << width) - 1;
	return (int64_t)((v ^ m) - m);
}

/* Builds a layer op at the builder's place (codelet_layers.c). */
st_op *st__codelet_build_layer_op(st_builder *b, const st_codelet_layer_info *info, size_t n, st_value *const *operands);
/* The requantisation of one value (codelet_layers_interp.c), as
 * codelet.requant defines it. */
int32_t st__codelet_requant_value(int32_t x, int64_t scale, int64_t shift, int64_t zp, unsigned width);

/* Helpers for the attribute forms every file reads. */
int64_t st__codelet_int_attr(const st_op *op, const char *name, int64_t dflt);
const char *st__codelet_str_attr(const st_op *op, const char *name);

#endif
