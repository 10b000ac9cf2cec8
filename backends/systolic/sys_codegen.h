/* The code generator's state, shared by sys_cg_walk.c (walking the placed
 * codelets), sys_cg_split.c (linear levels of a command) and sys_emit.c
 * (its instructions). */
#ifndef STRATA_SYS_CODEGEN_H
#define STRATA_SYS_CODEGEN_H

#include "sys_internal.h"

#include <stdarg.h>

/* What an address register holds, as far as the generator knows (the
 * machine starts with every register 0). */
typedef struct cg_reg {
	bool known;
	int64_t base;
	int64_t stride[SYS_LEVELS];
} cg_reg;

/* One command: its loop levels and, per operand, the node, base and
 * strides of its address. */
typedef struct sys_cmd {
	int nlev;
	int64_t iters[SYS_LEVELS];
	/* Iterations of a level in the last iteration of the level outside
	 * it, when fewer (0: none; SET_ITER_LAST, transfers only). */
	int64_t tail[SYS_LEVELS];
	int nops;
	int node[3];
	int64_t base[3];
	int64_t stride[3][SYS_LEVELS];
} sys_cmd;

typedef struct cg {
	st_context *ctx;
	sys_machine m;
	sys_isa isa;
	st_systolic_program *p;
	cg_reg regs[SYS_NODES][SYS_REGS];
	bool shape_known, os;
	int64_t rows, cols, lanes;
	int row_level;
	uint64_t max_points; /* a command's points are checked one by one */
	/* The ISA has SET_ITER_LAST: a transfer's partial last block is a
	 * level of its command rather than a command of its own. */
	bool tails;
	struct sys_split_memo *memo; /* sys_cg_split's analyses, by op and shape */
	size_t nmemo, capmemo;
	struct sys_pending *pend; /* commands not written yet (sys_emit.c's window) */
	size_t npend;
} cg;

/* Frees what sys_cg_split remembered. */
void sys_cg_split_free(cg *g);

/* Commands go through a window in which a load may move up past the
 * commands of other engines it does not depend on (sys_emit.c). */
st_status sys_cg_emit_dma(cg *g, st_op *at, const sys_cmd *c, bool load, int eb);
st_status sys_cg_emit_fill(cg *g, st_op *at, const sys_cmd *c, int64_t value);
st_status sys_cg_emit_gemm(cg *g, st_op *at, const sys_cmd *c, int64_t rows, int64_t cols, bool os, int row_level);
st_status sys_cg_emit_simd(cg *g, st_op *at, const sys_cmd *c, const char *mnemonic, int64_t lanes, int64_t width);
/* Writes the commands still waiting, then END. */
st_status sys_cg_end(cg *g, st_op *at);
/* Frees the window of commands waiting to be written. */
void sys_cg_emit_free(cg *g);

/* An iteration space: a box of `ndims` dimensions (outermost first,
 * index start[d] .. start[d] + size[d] - 1) and the address each operand
 * has at a point. */
typedef struct sys_space {
	int ndims;
	int64_t start[ST_CODELET_MAX_RANK + 4];
	int64_t size[ST_CODELET_MAX_RANK + 4];
	int nops;
	int node[3];
	/* The address of operand k at idx; false when it cannot be evaluated. */
	bool (*addr)(void *ud, int k, const int64_t *idx, int64_t *out);
	void *ud;
	/* Whether a dimension may be split into several commands (transfers);
	 * a compute keeps its loops as levels. */
	bool splittable;
	/* When set, the op whose repeated executions (an unrolled loop) give
	 * spaces of one shape: with the same start, size and `key` (the
	 * on-chip offsets the op starts at) their on-chip addresses differ by
	 * a base only and DRAM's are row-major, so the analysis of the first
	 * is reused and later ones are checked at their corners and along
	 * each level only.  Code generation then costs little per repeat. */
	const st_op *key_op;
	size_t nkey;
	int64_t key[ST_CODELET_MAX_RANK * 3];
} sys_space;

/* Splits a space into commands whose addresses are linear in their levels
 * (a dimension spread over banks becomes a block level and an element
 * level, a remainder its own command), checks every point, and hands each
 * command to `fn`. */
st_status sys_cg_split(cg *g, st_op *at, const sys_space *sp, st_status (*fn)(void *ud, const sys_cmd *c), void *ud);
/* Whether sys_cg_split analysed a space of this key before (a repeat). */
bool sys_cg_seen(cg *g, const sys_space *sp);

#endif
