/* Affine loops generated back from an isl schedule: the transforms that
 * are expressed as a new schedule (interchange, fusion) hand the
 * statements, their domains and the new schedule to isl's AST generator
 * (isl_ast_build) and get affine.for / affine.if ops in return, with each
 * statement's body cloned where the AST executes it.
 *
 * A statement is the body of a block (every op but its terminator) run
 * once per point of its domain; `ivs` are the values (induction variables
 * of the original loops) that the domain's dimensions stand for, replaced
 * in the clones by the generated loops' variables (or by affine.apply of
 * them when the AST gives an expression).
 */
#ifndef STRATA_AFFINE_ISL_CODEGEN_H
#define STRATA_AFFINE_ISL_CODEGEN_H

#include "strata/rewrite.h"

#include <isl/map.h>
#include <isl/set.h>

typedef struct st__cg_stmt {
	isl_set *domain;   /* a named tuple per statement; kept */
	isl_map *schedule; /* domain -> the common schedule space; kept */
	st_block *body;
	st_value *const *ivs; /* one per domain dimension */
} st__cg_stmt;

/* Generates the loops before `before` (located at `loc`).  Parameters in
 * the domains are isl ids whose user pointer is the st_value they stand for
 * (as the nest model makes them); `context` constrains the parameters.
 * Returns ST_FAIL with a message in `err` when the AST has a form affine
 * ops cannot express; the IR is then unchanged. */
st_status st__isl_codegen(st_rewriter *rw, isl_set *context, const st__cg_stmt *stmts, size_t n, st_op *before,
                          st_attr *loc, char *err, size_t errlen);

#endif
