/* What the files of the scf dialect share: the custom syntax hooks
 * (scf_syntax.c), the verifiers (scf_verify.c), the interfaces
 * (scf_ifaces.c) and the canonicalization patterns (scf_canon_*.c) that
 * the op table in scf.c refers to. */
#ifndef STRATA_SCF_INTERNAL_H
#define STRATA_SCF_INTERNAL_H

#include "strata/asm.h"
#include "strata/scf.h"

#include "strata/rewrite.h"

#include <string.h>

/* Whether `op` is named `name`. */
static inline bool st__scf_is(const st_op *op, const char *name) {
	return op && strcmp(st_op_name_cstr(op), name) == 0;
}

/* The terminator of the first block of region `r` of `op`, or NULL. */
st_op *st__scf_region_terminator(st_op *op, size_t r);

/* ------------------------------------------------------- scf_syntax.c */

st_status st__scf_parse_for(st_parser *p, st_parse_state *s);
void st__scf_print_for(st_printer *p, st_op *op);
st_status st__scf_parse_if(st_parser *p, st_parse_state *s);
void st__scf_print_if(st_printer *p, st_op *op);
st_status st__scf_parse_while(st_parser *p, st_parse_state *s);
void st__scf_print_while(st_printer *p, st_op *op);
st_status st__scf_parse_execute_region(st_parser *p, st_parse_state *s);
void st__scf_print_execute_region(st_printer *p, st_op *op);
st_status st__scf_parse_parallel(st_parser *p, st_parse_state *s);
void st__scf_print_parallel(st_printer *p, st_op *op);
st_status st__scf_parse_reduce(st_parser *p, st_parse_state *s);
void st__scf_print_reduce(st_printer *p, st_op *op);
st_status st__scf_parse_reduce14(st_parser *p, st_parse_state *s);
void st__scf_print_reduce14(st_printer *p, st_op *op);
st_status st__scf_parse_index_switch(st_parser *p, st_parse_state *s);
void st__scf_print_index_switch(st_printer *p, st_op *op);

/* ------------------------------------------------------- scf_verify.c */

st_status st__scf_verify_for(st_op *op);
st_status st__scf_verify_for_regions(st_op *op);
st_status st__scf_verify_if(st_op *op);
st_status st__scf_verify_while(st_op *op);
st_status st__scf_verify_execute_region(st_op *op);
st_status st__scf_verify_parallel(st_op *op);
st_status st__scf_verify_reduce_regions(st_op *op);
st_status st__scf_verify_reduce14(st_op *op);
st_status st__scf_verify_reduce_return(st_op *op);
st_status st__scf_verify_index_switch(st_op *op);
st_status st__scf_verify_yield(st_op *op);
/* The types along every control-flow edge of a region-branch op (MLIR's
 * RegionBranchOpInterface verifier), once the regions are verified. */
st_status st__scf_verify_edges(st_op *op);

/* ------------------------------------------------------- scf_ifaces.c */

extern const st_region_branch_iface st__scf_for_branch, st__scf_while_branch, st__scf_if_branch,
	st__scf_execute_region_branch, st__scf_index_switch_branch;
extern const st_loop_like_iface st__scf_for_loop, st__scf_while_loop, st__scf_parallel_loop;

/* The values that enter region `r` of a region-branch op from its parent
 * (scf.for's and scf.while's initial values): [*start, *start + *n) of
 * its operands. */
void st__scf_entry_operands(const st_op *op, size_t *start, size_t *n);
/* The block arguments that receive values when control enters region `r`
 * (all entry arguments but scf.for's induction variable). */
size_t st__scf_region_inputs_start(const st_op *op, size_t r);

/* ------------------------------------------------------- scf_rewrite.c */

/* A list of values that grows, starting in a small buffer (do not copy
 * it once used). */
typedef struct st__scf_vec {
	st_value *small[8];
	st_value **v;
	size_t n, cap;
} st__scf_vec;
typedef struct st__scf_types_vec {
	st_type *small[8];
	st_type **v;
	size_t n, cap;
} st__scf_types_vec;
void st__scf_vec_init(st__scf_vec *v);
bool st__scf_vec_push(st_context *ctx, st__scf_vec *v, st_value *x);
bool st__scf_vec_operands(st_context *ctx, st__scf_vec *v, st_op *op, size_t start, size_t n);
void st__scf_vec_free(st_context *ctx, st__scf_vec *v);
/* The types of `vals` (free with st__scf_types_free). */
bool st__scf_types(st_context *ctx, const st__scf_vec *vals, st__scf_types_vec *out);
void st__scf_types_free(st_context *ctx, st__scf_types_vec *t);

/* An op created at the rewriter's insertion point. */
st_op *st__scf_create(st_rewriter *rw, const char *name, st_attr *loc, size_t nops, st_value *const *ops, size_t nres,
                      st_type *const *types, st_attr *attrs, size_t nregions);
/* MLIR's replaceOpWithRegion: the single block of `r` goes before `op`
 * with its arguments replaced by `args`; the terminator's operands replace
 * `op`'s results. */
bool st__scf_replace_with_region(st_rewriter *rw, st_op *op, st_region *r, st_value *const *args);
/* The index of the region of `op` that holds `inner` (at any depth), or -1. */
int st__scf_region_of(st_op *op, const st_op *inner);
/* The region a value is defined in. */
st_region *st__scf_value_region(const st_value *v);
/* Whether `v` is defined outside `op` (not in any of its regions). */
bool st__scf_defined_outside(st_op *op, const st_value *v);
/* The op named `name` that defines `v`, or NULL. */
st_op *st__scf_def(const st_value *v, const char *name);
/* The value of an arith.constant integer (or index) defining `v`. */
bool st__scf_const_int(const st_value *v, int64_t *out);
/* arith.constant true/false at the insertion point. */
st_value *st__scf_bool_const(st_rewriter *rw, bool v, st_attr *loc);

/* ------------------------------------------------------- scf_canon_*.c */

void st__scf_for_patterns(void *set);
void st__scf_if_patterns(void *set);
void st__scf_while_patterns(void *set);
void st__scf_execute_region_patterns(void *set);
void st__scf_parallel_patterns(void *set);
void st__scf_index_switch_patterns(void *set);
bool st__scf_fold_if(st_op *op, st_attr *const *operands, st_fold_result *results);

#endif
