/* What the files of the mod dialect share: the arithmetic, defined once so
 * that folding and interpretation cannot disagree, and the hooks the op
 * table (ops.c) points at. */
#ifndef MOD_INTERNAL_H
#define MOD_INTERNAL_H

#include "mod/mod.h"

#include <strata/asm.h>
#include <strata/interp.h>

/* Residues are below n <= 2^32: sums and products cannot overflow. */
static inline uint64_t mod__add(uint64_t a, uint64_t b, uint64_t n) { return (a + b) % n; }
static inline uint64_t mod__mul(uint64_t a, uint64_t b, uint64_t n) { return a * b % n; }
/* base^exp; an exponent <= 0 gives 1, as the lowered loop runs no trip. */
static inline uint64_t mod__pow(uint64_t base, int64_t exp, uint64_t n) {
	uint64_t r = 1 % n;
	for (; exp > 0; exp >>= 1) {
		if (exp & 1)
			r = mod__mul(r, base, n);
		base = mod__mul(base, base, n);
	}
	return r;
}
/* The residue of a signed 64-bit integer: the remainder taken positive. */
static inline uint64_t mod__from_int(int64_t v, uint64_t n) {
	if (n > (uint64_t)INT64_MAX)
		return (uint64_t)v % n; /* unreachable: n <= 2^32 */
	int64_t r = v % (int64_t)n;
	return (uint64_t)(r < 0 ? r + (int64_t)n : r);
}

/* types.c */
extern const st_type_constraint mod__tc_int;   /* any !mod.int */
extern const st_type_constraint mod__tc_i64;
extern const st_attr_constraint mod__ac_residue;
st_type *mod__parse_type(st_parser *p, st_dialect *d);
void mod__print_type(st_printer *p, const st_type *t);
st_attr *mod__parse_attr(st_parser *p, st_dialect *d, st_type *type);
void mod__print_attr(st_printer *p, const st_attr *a);

/* fold.c */
bool mod__fold_add(st_op *op, st_attr *const *operands, st_fold_result *results);
bool mod__fold_mul(st_op *op, st_attr *const *operands, st_fold_result *results);
bool mod__fold_pow(st_op *op, st_attr *const *operands, st_fold_result *results);
bool mod__fold_from_int(st_op *op, st_attr *const *operands, st_fold_result *results);
bool mod__fold_to_int(st_op *op, st_attr *const *operands, st_fold_result *results);

/* canonicalize.c */
void mod__from_int_patterns(void *pattern_set);

/* interp.c */
extern const st_interp_hook mod__constant_interp, mod__add_interp, mod__mul_interp, mod__pow_interp,
	mod__from_int_interp, mod__to_int_interp;

#endif
