/* The mod dialect: integers modulo N, the dialect the Strata tutorial
 * (docs/tutorial/) builds.  This header is what C code using the dialect
 * needs; everything else stays inside lib/. */
#ifndef MOD_MOD_H
#define MOD_MOD_H

#include <strata/ir.h>

/* The largest modulus: residues stay below 2^32, so the product of two fits
 * in 64 bits before it is reduced. */
#define MOD_MAX_MODULUS 4294967296ull

/* Registers the mod dialect in `ctx`.  It lowers to arith and scf, which
 * must be registered too (every Strata tool registers them). */
st_status mod_register_dialect(st_context *ctx);
/* Registers the convert-mod-to-arith pass. */
st_status mod_register_passes(st_context *ctx);

/* !mod.int<N>: NULL unless the dialect is registered and
 * 2 <= N <= MOD_MAX_MODULUS. */
st_type *mod_int_type(st_context *ctx, uint64_t modulus);
/* The modulus N of a !mod.int<N>; 0 for any other type. */
uint64_t mod_int_modulus(const st_type *t);
/* #mod.residue<v>: a value of some !mod.int type (the type is the op's). */
st_attr *mod_residue_attr(st_context *ctx, uint64_t value);
/* Whether `a` is a #mod.residue; if so, its value goes to *value. */
bool mod_residue_value(const st_attr *a, uint64_t *value);

#endif
