/* What the files of convert-affine-to-rda share (docs/rda.md, "Lowering").
 *
 * The kernel (a copy, after lower-affine and canonicalize) is read into a
 * control tree: loops (scf.for, scf.parallel dimensions), branches
 * (scf.if holding loops; each clause a pseudo-loop of 0 or 1 iterations)
 * and blocks (straight-line ops; an scf.if without loops inside is part of
 * its block, predicated).  Every block becomes a compute context, every
 * memory access an access context in a memory unit (on-chip memories) or
 * an address generator (DRAM), each with a copy of the counters of the
 * loops around it; values cross contexts in streams, accesses to one
 * memory are ordered by tokens (SARA section 3.2). */
#ifndef STRATA_A2R_H
#define STRATA_A2R_H

#include "strata/acg.h"
#include "strata/rda.h"

#include <stdint.h>

typedef struct a2r_node a2r_node;
typedef struct a2r_site a2r_site;
typedef struct a2r_mem a2r_mem;

typedef enum a2r_kind {
	A2R_ROOT,   /* the function body */
	A2R_LOOP,   /* a counter: scf.for, or one dimension of scf.parallel */
	A2R_CLAUSE, /* a clause of an scf.if holding loops: a counter of 0 or 1 iteration */
	A2R_BLOCK,  /* straight-line ops */
} a2r_kind;

struct a2r_node {
	a2r_kind kind;
	st_op *op;
	a2r_node *parent;
	a2r_node **kids;
	size_t nkids, capkids;
	/* Counters above (loops and clauses); a LOOP or CLAUSE is counter
	 * `level` of the chains below it. */
	int level;
	/* LOOP */
	st_value *iv, *lb, *ub;
	int64_t step, trip; /* trip: the static trip count, -1 when not known */
	bool parallel;      /* its iterations touch no common memory word that one of them writes */
	bool vec;           /* the lanes run its iterations */
	int64_t par;        /* spatial copies of it (1: none) */
	/* CLAUSE: the branch condition and which clause (1: then, 0: else). */
	st_value *cond;
	bool then;
	/* BLOCK */
	st_op **ops;
	size_t nops, capops;
	/* Loops with values carried in registers (innermost loops whose body is
	 * this block): their iter_args live in this block's context. */
};

typedef enum a2r_place { A2R_DRAM, A2R_ONCHIP } a2r_place;

/* A memref the kernel uses: an argument or a local allocation. */
struct a2r_mem {
	st_value *value;
	st_op *alloc;        /* memref.alloc/alloca or the first memref.get_global, or NULL for an argument */
	st_op *global;       /* a constant memref.global (a table, on chip from the configuration), or NULL */
	int64_t arg;         /* argument index, -1 for a local */
	a2r_place place;
	bool staged;         /* an argument copied on chip before and back after */
	bool read, written;
	int64_t elements, parts; /* on chip: words, and the memory units holding them */
	char name[48];
};

/* A memory access (memref.load or memref.store) of the kernel, or a staging
 * copy (op NULL: copy-in first, copy-out last). */
struct a2r_site {
	st_op *op;
	a2r_mem *mem;
	a2r_node *block; /* where it is (NULL for staging) */
	bool write;
	int stage;       /* 1 copy-in, 2 copy-out, 0 a program access */
	size_t order;    /* program order among the accesses of its memory */
};

/* A token between two access sites (SARA's forward token or backward
 * credit): at `level` of both chains, with `init` initial tokens. */
typedef struct a2r_token {
	a2r_site *from, *to;
	int level;
	int64_t init;
} a2r_token;

typedef struct a2r_options {
	int64_t vec;  /* lanes for the vectorised loop (0: the target's lanes) */
	int64_t par;  /* spatial copies of the outermost parallel loop */
	int onchip;   /* 0 auto, 1 every argument that fits, 2 none */
	int64_t depth; /* stream depth (0: the target's buffer_depth) */
} a2r_options;

/* Everything the lowering of one kernel knows. */
typedef struct a2r {
	st_context *ctx;
	st_op *func;     /* the prepared copy of the kernel */
	st_op *original; /* the kernel as given (for locations in messages) */
	const st_rda_machine *m;
	a2r_options opt;
	int64_t lanes;   /* of the vectorised loops */
	a2r_node *root;
	a2r_node **nodes;
	size_t nnodes, capnodes;
	a2r_mem *mems;
	size_t nmems, capmems;
	a2r_site *sites;
	size_t nsites, capsites;
	a2r_token *tokens;
	size_t ntokens, captokens;
	a2r_node *par_loop; /* the loop spatially copied, or NULL */
	/* The locations lower-affine keeps from each affine.parallel. */
	st_attr **markers;
	size_t nmarkers, capmarkers;
	bool failed;
} a2r;

/* a2r_tree.c: the control tree of `a->func` (errors for what the lowering
 * does not take); a2r_free releases everything. */
st_status st__a2r_build_tree(a2r *a);
void st__a2r_free(a2r *a);
/* The node (loop, clause or block) an op of the kernel belongs to. */
a2r_node *st__a2r_block_of(a2r *a, st_op *op);
/* The op of function `func`'s body holding `op` (NULL: none). */
st_op *st__a2r_top_of(st_op *op, st_op *func);
/* Whether loop or clause `n` encloses `m` (or is it). */
bool st__a2r_encloses(const a2r_node *n, const a2r_node *m);
/* The counters (loops and clauses) from the root to `n` (n included when
 * it is one), outermost first; returns how many. */
size_t st__a2r_chain(const a2r_node *n, const a2r_node **out, size_t cap);

/* a2r_linear.c: an index value as sum(coef[k] * iv of loop k) + constant;
 * false when it is not affine in the loops' variables (a loaded index). */
#define A2R_MAX_DEPTH 16
typedef struct a2r_linear {
	int64_t coef[A2R_MAX_DEPTH]; /* by loop level */
	int64_t cst;
} a2r_linear;
bool st__a2r_linear(a2r *a, st_value *v, a2r_linear *out);
/* The linear word address of a memref access (row-major), or false. */
bool st__a2r_access_linear(a2r *a, st_op *access, a2r_linear *out);
/* Marks the loops whose iterations are independent (`parallel`). */
void st__a2r_find_parallel(a2r *a);

/* a2r_memory.c: the memories, where they live, the access sites and the
 * tokens that order them. */
st_status st__a2r_plan_memories(a2r *a);
void st__a2r_plan_tokens(a2r *a);

/* a2r_vec.c: the vectorised loop of each nest and the spatially copied
 * loop. */
st_status st__a2r_plan_parallelism(a2r *a);
/* A reduction of the accumulator `acc` (a loop's iter_arg) at its yield
 * `y`: y = acc op x, or y = cond ? acc op x : acc (a select or an scf.if;
 * `negate` when the accumulating side is the else side).  Writes the
 * combining op, the contribution x and the condition (NULL: none). */
bool st__a2r_match_fold(st_value *acc, st_value *y, st_op **combine, st_value **x, st_value **cond, bool *negate);
/* The rda.fold kind of an op combining `acc` with another value, or NULL. */
const char *st__a2r_fold_kind(st_op *combine, st_value *acc);

/* a2r_split.c: with par > 1 and no loop of independent iterations, the
 * outermost loop carrying integer folds is split into par chunks whose
 * partial values a last loop folds (*changed: the tree must be rebuilt);
 * an error when that loop cannot be split. */
st_status st__a2r_split_reduction(a2r *a, bool *changed);

/* a2r_emit.c: the rda.design, put before the kernel in its module. */
st_op *st__a2r_emit(a2r *a, st_op *module);

/* a2r_copy.c: memref.copy between memories of one static shape becomes a
 * loop nest of loads and stores. */
st_status st__a2r_expand_copies(a2r *a);
/* a2r_dead.c: a loop nest that only fills a local memory which later
 * nests overwrite word for word before it is read is dropped. */
st_status st__a2r_drop_dead_fills(a2r *a);
/* a2r_table.c: loop nests that fill a local memory from their indices and
 * constants alone, computing what the target cannot (an FFT's twiddles
 * from cos and sin), are computed at compile time into a table. */
st_status st__a2r_fold_tables(a2r *a);
/* An scf.for from 0 to `n` (step 1) with `ninit` (at most 8) carried
 * values, before the builder's place; its body is empty. */
st_op *st__a2r_new_for(st_builder *b, st_value *n, size_t ninit, st_value *const *init, st_type *const *types);

/* Growable arrays in the context's memory. */
bool st__a2r_push(a2r *a, void **arr, size_t *n, size_t *cap, size_t elt, const void *item);

#endif
