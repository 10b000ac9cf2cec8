/* Shared by the files of the ub dialect: the verifier hooks (ub_verify.c)
 * and the reading of a port's isl attributes (ub_isl.c). */
#ifndef STRATA_UB_PRIVATE_H
#define STRATA_UB_PRIVATE_H

#include "strata/dialect.h"
#include "strata/ub.h"

#include <isl/ctx.h>
#include <isl/map.h>
#include <isl/set.h>
#include <isl/space.h>

/* Verifier hooks (ub_verify.c). */
st_status st__ub_verify_buffer(st_op *op);
st_status st__ub_verify_param(st_op *op);
st_status st__ub_verify_port(st_op *op);
st_status st__ub_verify_graph(st_op *op);
st_status st__ub_verify_mem(st_op *op);

/* #ub.stream's text and the verifier of `ub.streams` (ub_streams.c). */
st_attr *st__ub_parse_attr(st_parser *p, st_dialect *d, st_type *type);
void st__ub_print_attr(st_printer *p, const st_attr *a);
st_status st__ub_verify_op_attr(st_op *op, st_named_attr attr);

/* Whether op's name is `name`. */
bool st__ub_op_is(const st_op *op, const char *name);

#endif
