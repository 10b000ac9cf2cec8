/* The codelet dialect (docs/dialects/codelet.md): Covenant's codelets
 * (Kinzer, chapter 3) as IR, and the library of DNN layers they are made
 * for.
 *
 * Two levels live in the dialect:
 *
 * - Layer ops (codelet.gemm, codelet.conv2d, codelet.depthwise,
 *   codelet.pool, codelet.eltwise, codelet.requant) work on whole memrefs:
 *   what a layer computes, with its strides and padding, and nothing about
 *   a machine.  Raising (conversions/affine-to-codelet; PMLang's srDFG
 *   through its lowering to affine) produces them.
 * - Codelet programs (codelet.cdlt) say how a layer runs on an ACG: the
 *   surrogates (codelet.inp, codelet.out, codelet.param, codelet.local and
 *   the results of codelet.transfer), each a memref whose memory space is
 *   the ACG node holding it; loops (codelet.loop); transfers in the
 *   source's three forms (to a node, of a constant, into a surrogate); and
 *   computes named by an ACG capability on an ACG compute node.
 *
 * Both levels have interpreter semantics, so a mapped program is checked
 * against its layer by execution (strata-tv).
 */
#ifndef STRATA_CODELET_H
#define STRATA_CODELET_H

#include "strata/affine.h"
#include "strata/builder.h"
#include "strata/dialect.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect (and acg, whose graphs its verifier reads). */
ST_API st_status st_register_codelet_dialect(st_context *ctx);
/* Registers the codelet passes (codelet-expand, codelet-place, ...;
 * docs/dialects/codelet.md lists them). */
ST_API st_status st_register_codelet_passes(st_context *ctx);

/* The most dimensions a surrogate, a slice or a layer operand has. */
#define ST_CODELET_MAX_RANK 8
/* The most accesses (output and inputs) of one compute. */
#define ST_CODELET_MAX_ACCESSES 8

/* ------------------------------------------------------------- surrogates */

typedef enum st_codelet_surrogate {
	ST_CODELET_NOT_SURROGATE = 0,
	ST_CODELET_INP,   /* a layer input */
	ST_CODELET_OUT,   /* a layer output */
	ST_CODELET_PARAM, /* a layer parameter (an index) */
	ST_CODELET_LOCAL, /* data on a node between the inputs and the computes */
} st_codelet_surrogate;

/* What a value is: the kind of the op defining it (a transfer's result is
 * a local). */
ST_API st_codelet_surrogate st_codelet_surrogate_kind(const st_value *v);
/* The ACG node a surrogate type lives on (its memref memory space, a
 * string), or NULL when not placed yet. */
ST_API const char *st_codelet_location(const st_type *t);
/* memref<shape x elt, "loc"> (loc NULL: no memory space). */
ST_API st_type *st_codelet_surrogate_type(st_context *ctx, size_t rank, const int64_t *shape, st_type *elt,
                                   const char *loc);
/* The same surrogate type on another node. */
ST_API st_type *st_codelet_relocate(st_context *ctx, st_type *t, const char *loc);

/* --------------------------------------------------------------- accesses */

/* One slice a transfer or compute reads or writes: `sizes` elements of
 * `surrogate` from the offsets the map gives for the op's index operands
 * (st_codelet_num_indices, in order, as the map's dimensions). */
typedef struct st_codelet_access {
	st_value *surrogate;
	const st_affine_map *offsets;
	size_t rank;
	int64_t sizes[ST_CODELET_MAX_RANK];
} st_codelet_access;

/* Transfers have one access (the source) or two (source, destination);
 * computes have the output then the inputs. */
ST_API size_t st_codelet_num_accesses(const st_op *op);
ST_API bool st_codelet_get_access(const st_op *op, size_t i, st_codelet_access *out);
ST_API size_t st_codelet_num_indices(const st_op *op);
ST_API st_value *st_codelet_index(const st_op *op, size_t i);

/* ------------------------------------------------------------ typed views */

/* codelet.cdlt: the program's name, its body block, and the ACG graph it
 * is mapped on (the `target` symbol, else the only top-level acg.graph of
 * the enclosing module), or NULL. */
ST_API const char *st_codelet_name(const st_op *cdlt);
ST_API st_block *st_codelet_body(st_op *region_op); /* cdlt or loop */
ST_API st_op *st_codelet_target(st_op *op);

/* codelet.loop: `for iv = lb; iv < ub; iv += step`, ub either a constant
 * or a codelet.param (then *ub_param is set and *ub is its value, or -1
 * while the parameter has none). */
typedef struct st_codelet_loop_info {
	int64_t lb, ub, step;
	st_value *ub_param;
	st_value *iv;
} st_codelet_loop_info;
ST_API bool st_codelet_loop(st_op *loop, st_codelet_loop_info *out);

/* codelet.compute: the capability name and the node it runs on (NULL:
 * not mapped yet). */
ST_API const char *st_codelet_compute_cap(const st_op *compute);
ST_API const char *st_codelet_compute_loc(const st_op *compute);
/* codelet.transfer: the node a new local goes to (NULL for a transfer
 * into an existing surrogate, or to a local not placed yet: the op then
 * has a result); whether out-of-bounds source elements read as zero. */
ST_API const char *st_codelet_transfer_to(const st_op *transfer);
ST_API bool st_codelet_transfer_padded(const st_op *transfer);
/* The value out-of-bounds source elements of a padded transfer read as
 * (`pad(v)`; 0 when the transfer says only `pad`), and setting it (a
 * max-pooling input is padded with its type's lowest value). */
ST_API int64_t st_codelet_transfer_pad_value(const st_op *transfer);
ST_API void st_codelet_transfer_set_pad_value(st_op *transfer, int64_t value);
/* The dimension order of a transfer's destination: for each of its
 * dimensions, the source dimension it takes, or -1 for a dimension of
 * extent 1 (`perm`; without it the source's own order).  Writes up to
 * ST_CODELET_MAX_RANK entries and returns the destination's rank. */
ST_API size_t st_codelet_transfer_perm(const st_op *transfer, int64_t *perm);
/* codelet.local: the value it is filled with, or NULL (uninitialised). */
ST_API st_attr *st_codelet_local_fill(const st_op *local);
/* codelet.param: its name and value (false while it has none). */
ST_API const char *st_codelet_param_name(const st_op *param);
ST_API bool st_codelet_param_value(const st_op *param, int64_t *out);

/* Where a mapper put a local surrogate (codelet.local or an allocating
 * codelet.transfer), for code generation: one base address per copy (two
 * for a double-buffered surrogate, used in turn by successive executions
 * of the op), in elements of the node, and the layout: an affine map from
 * the surrogate's indices to (entry, bank) of the node.  False when the op
 * has no placement. */
typedef struct st_codelet_placement {
	size_t ncopies;
	int64_t base[4];
	const st_affine_map *layout;
} st_codelet_placement;
ST_API bool st_codelet_get_placement(const st_op *op, st_codelet_placement *out);
ST_API void st_codelet_set_placement(st_op *op, const st_codelet_placement *p);

/* ----------------------------------------------------------------- layers */

typedef enum st_codelet_layer {
	ST_CODELET_NOT_LAYER = 0,
	ST_CODELET_GEMM,      /* C[m][n] (+)= sum_k A[m][k] B[k][n] */
	ST_CODELET_CONV2D,    /* out[n][p][q][k] (+)= sum_{r,s,c} in[n][p*sh+r-pt][q*sw+s-pl][c] w[r][s][c][k] */
	ST_CODELET_DEPTHWISE, /* out[n][p][q][c] (+)= sum_{r,s} in[n][p*sh+r-pt][q*sw+s-pl][c] w[r][s][c] */
	ST_CODELET_POOL,      /* max or average over a window */
	ST_CODELET_ELTWISE,   /* add, sub, mul, max, min, shifts, and (tensor or immediate), relu */
	ST_CODELET_REQUANT,   /* i32 -> narrower: clamp((x * scale + round) >> shift) */
} st_codelet_layer;

typedef enum st_codelet_pool_kind { ST_CODELET_POOL_MAX, ST_CODELET_POOL_AVG } st_codelet_pool_kind;

typedef enum st_codelet_eltwise_kind {
	ST_CODELET_ADD,
	ST_CODELET_SUB,
	ST_CODELET_MUL,
	ST_CODELET_MAX,
	ST_CODELET_MIN,
	ST_CODELET_SHRSI, /* arithmetic shift right */
	ST_CODELET_SHLI,
	ST_CODELET_RELU, /* unary */
	ST_CODELET_ANDI, /* bitwise and (a mask: a zero extension) */
} st_codelet_eltwise_kind;

/* The roles of the dimensions of a layer's operands: which memref
 * dimension holds each canonical dimension, -1 where the operand has none
 * (extent 1).  Canonical orders:
 *   gemm:      A (m, k), B (k, n), C (m, n)
 *   conv2d:    in (n, h, w, c), w (r, s, c, k), out (n, p, q, k)
 *   depthwise: in (n, h, w, c), w (r, s, c),    out (n, p, q, c)
 *   pool:      in (n, h, w, c),                 out (n, p, q, c)
 * Element-wise layers and requant work element by element on operands of
 * one shape and have no roles. */
typedef struct st_codelet_layer_info {
	st_codelet_layer kind;
	size_t noperands;       /* the memref operands, outputs last */
	int dims[3][4];         /* roles of operands 0..2 (see above) */
	int64_t ext[3][4];      /* the extents in canonical order (1 where absent) */
	int64_t strides[2];     /* conv2d, depthwise, pool: (sh, sw) */
	int64_t pads[2];        /* (top, left): out-of-bounds inputs are 0 (pool max: skipped) */
	int64_t window[2];      /* pool: (r, s) */
	bool accumulate;        /* gemm, conv2d, depthwise: add to the output */
	int pool;               /* st_codelet_pool_kind */
	int eltwise;            /* st_codelet_eltwise_kind */
	bool has_imm;           /* eltwise: the second operand is `imm` */
	int64_t imm;
	int64_t scale, shift, zero_point; /* requant */
} st_codelet_layer_info;

/* Reads a layer op (false for anything else). */
ST_API bool st_codelet_layer_get(const st_op *op, st_codelet_layer_info *out);
/* The layer ops nested in `root`, in pre-order, so that a pass can replace
 * them one by one: an array of *n ops allocated from the context (free it
 * with st_ctx_free(ctx, ops, *n * sizeof *ops)); NULL with *n == 0 when
 * there is none, NULL with *n != 0 when out of memory. */
ST_API st_op **st_codelet_layer_ops(st_op *root, size_t *n);
/* The multiply-accumulates (gemm, conv2d, depthwise) or window
 * operations (pool) of one execution, INT64_MAX when that overflows; 0
 * for the element-wise layers. */
ST_API int64_t st_codelet_layer_work(const st_codelet_layer_info *l);
/* The name of a layer kind ("gemm", ...), of an eltwise kind ("add"). */
ST_API const char *st_codelet_layer_name(st_codelet_layer k);
ST_API const char *st_codelet_eltwise_name(st_codelet_eltwise_kind k);

/* --------------------------------------------------------------- builders */

/* Builders put the op at the builder's place (strata/builder.h) and
 * return it, or NULL (setting b->failed) for a NULL operand or when out of
 * memory.  IR they build is checked by st_verify like any other. */
/* codelet.cdlt "name" with an empty body (its terminator included);
 * `target` may be NULL. */
ST_API st_op *st_codelet_build_cdlt(st_builder *b, const char *name, const char *target);
/* Surrogates: `layer` is the bound memref (NULL: a template operand);
 * type is the surrogate's type (with its location). */
ST_API st_op *st_codelet_build_inp(st_builder *b, st_value *layer, st_type *type);
ST_API st_op *st_codelet_build_out(st_builder *b, st_value *layer, st_type *type);
ST_API st_op *st_codelet_build_param(st_builder *b, const char *name, bool has_value, int64_t value);
/* A local on `type`'s node, filled with `fill` (NULL: uninitialised). */
ST_API st_op *st_codelet_build_local(st_builder *b, st_type *type, st_attr *fill);
/* A loop with an empty body (terminator included); the body block's
 * argument is the induction variable.  `ub_param` may be NULL. */
ST_API st_op *st_codelet_build_loop(st_builder *b, int64_t lb, int64_t ub, int64_t step, st_value *ub_param);
/* A transfer of `src` into `dst`, or when `dst` is NULL to a new local on
 * node `to` (NULL: not placed yet).  `perm` (NULL: the source's order)
 * orders the destination's `nperm` dimensions (st_codelet_transfer_perm);
 * `indices` are the maps' dimensions. */
ST_API st_op *st_codelet_build_transfer(st_builder *b, const st_codelet_access *src, const st_codelet_access *dst,
                                 const char *to, bool pad, const int64_t *perm, size_t nperm, size_t nindices,
                                 st_value *const *indices);
/* A compute of `cap` on `loc` (NULL: unmapped): access 0 is the output. */
ST_API st_op *st_codelet_build_compute(st_builder *b, const char *loc, const char *cap, size_t naccesses,
                                const st_codelet_access *accesses, size_t nindices, st_value *const *indices);
/* A layer op on `operands` (outputs last) as `info` describes it (kind,
 * dims roles where they differ from the operands' natural order, strides,
 * pads, window, flags). */
ST_API st_op *st_codelet_build_layer(st_builder *b, const st_codelet_layer_info *info, size_t noperands,
                              st_value *const *operands);

#ifdef __cplusplus
}
#endif
#endif
