/* What the rda dialect's files share: the op verifiers (rda_verify.c), the
 * check of a mapped design against its target (rda_target.c) and the
 * custom syntax of the stream ops (rda_syntax.c). */
#ifndef STRATA_RDA_INTERNAL_H
#define STRATA_RDA_INTERNAL_H

#include "strata/dialect.h"
#include "strata/rda.h"

/* The most counters a context may have (a chain the verifier accepts; the
 * target's `counters` param is checked for mapped designs). */
#define ST__RDA_MAX_COUNTERS 16

st_dialect *st__rda_dialect(st_context *ctx);
/* The number of counters of the context holding `op`, or -1 when `op` is
 * not directly in a context. */
int64_t st__rda_levels_of(st_op *op);

st_status st__rda_verify_design(st_op *op);
st_status st__rda_verify_unit(st_op *op);
st_status st__rda_verify_context(st_op *op);
st_status st__rda_verify_scratch(st_op *op);
st_status st__rda_verify_dram(st_op *op);
st_status st__rda_verify_stream(st_op *op);
st_status st__rda_verify_counter(st_op *op);
st_status st__rda_verify_deq(st_op *op);
st_status st__rda_verify_enq(st_op *op);
st_status st__rda_verify_token_op(st_op *op);
st_status st__rda_verify_reg(st_op *op);
st_status st__rda_verify_reg_set(st_op *op);
st_status st__rda_verify_fold(st_op *op);
st_status st__rda_verify_sram(st_op *op);
st_status st__rda_verify_dram_access(st_op *op);
st_status st__rda_verify_host(st_op *op);

/* The mapped form against the design's `target` graph (rda_target.c). */
st_status st__rda_verify_mapped(st_op *design);

st_status st__rda_parse_deq(st_parser *p, st_parse_state *s);
void st__rda_print_deq(st_printer *p, st_op *op);
st_status st__rda_parse_enq(st_parser *p, st_parse_state *s);
void st__rda_print_enq(st_printer *p, st_op *op);

/* The fold kinds rda.fold accepts (arith op names without the prefix),
 * NULL-terminated. */
extern const char *const st__rda_fold_kinds[];

#endif
