/* What the files of the memref dialect share: custom syntax
 * (memref_syntax.c), verifiers (memref_verify.c), folders and patterns
 * (memref_fold.c, memref_canon.c) and the subview type rules
 * (memref_subview.c) that the op table in memref.c refers to. */
#ifndef STRATA_MEMREF_INTERNAL_H
#define STRATA_MEMREF_INTERNAL_H

#include "strata/affine.h"
#include "strata/asm.h"
#include "strata/memref.h"

#include "strata/rewrite.h"

#include <string.h>

static inline bool st__memref_is(const st_op *op, const char *name) {
	return op && strcmp(st_op_name_cstr(op), name) == 0;
}

/* The constant `v` holds when a constant-like op defines it, or NULL. */
static inline st_attr *st__memref_const(const st_value *v) {
	st_op *d = st_value_defining_op(v);
	const st_constant_like_iface *c = d ? st_op_interface(d, ST_IFACE_CONSTANT_LIKE) : NULL;
	return c ? c->value(d) : NULL;
}

/* ------------------------------------------------- memref_syntax.c */

st_status st__memref_parse_alloc(st_parser *p, st_parse_state *s);
void st__memref_print_alloc(st_printer *p, st_op *op);
st_status st__memref_parse_load(st_parser *p, st_parse_state *s);
void st__memref_print_load(st_printer *p, st_op *op);
st_status st__memref_parse_store(st_parser *p, st_parse_state *s);
void st__memref_print_store(st_printer *p, st_op *op);
st_status st__memref_parse_global(st_parser *p, st_parse_state *s);
void st__memref_print_global(st_printer *p, st_op *op);
st_status st__memref_parse_subview(st_parser *p, st_parse_state *s);
void st__memref_print_subview(st_printer *p, st_op *op);

/* ------------------------------------------------- memref_verify.c */

st_status st__memref_verify_alloc(st_op *op);
st_status st__memref_verify_alloca(st_op *op);
st_status st__memref_verify_load(st_op *op);
st_status st__memref_verify_store(st_op *op);
st_status st__memref_verify_global(st_op *op);
st_status st__memref_verify_get_global(st_op *op);
st_status st__memref_verify_cast(st_op *op);
st_status st__memref_verify_copy(st_op *op);
st_status st__memref_verify_dim(st_op *op);
/* MLIR's CastOp::areCastCompatible. */
bool st__memref_cast_compatible(st_type *a, st_type *b);

/* ------------------------------------------------ memref_subview.c */

/* The static offsets/sizes/strides of a subview (array<i64>), and the
 * group of dynamic operands each ST_DYNAMIC entry takes its value from. */
enum { ST__SV_OFFSETS, ST__SV_SIZES, ST__SV_STRIDES };
st_attr *st__memref_subview_static(const st_op *op, int which);
/* MLIR's SubViewOp::inferResultType: the result type of a subview of
 * `source` without rank reduction (NULL when `source` is not strided). */
st_type *st__memref_subview_infer(st_context *ctx, st_type *source, const int64_t *offsets, const int64_t *sizes,
                                  const int64_t *strides);
st_status st__memref_verify_subview(st_op *op);

/* ------------------------------------------------- memref_fold.c */

typedef bool st__memref_fold_fn(st_op *op, st_attr *const *operands, st_fold_result *results);
st__memref_fold_fn st__memref_fold_cast_operands, st__memref_fold_store, st__memref_fold_cast,
	st__memref_fold_dim, st__memref_fold_rank, st__memref_fold_subview;

/* ------------------------------------------------- memref_canon.c */

void st__memref_alloc_patterns(void *set);
void st__memref_alloca_patterns(void *set);
void st__memref_copy_patterns(void *set);
void st__memref_subview_patterns(void *set);

#endif
