/* Architecture Covenant Graphs (ACG): the `acg` dialect that describes a
 * target machine, its `.acg` text format, and the queries backends ask of
 * it.  Every size, width, capability and bandwidth a backend uses comes
 * from an ACG (ARCHITECTURE.md section 5; the format is docs/acg.md).
 *
 * In IR a target is one `acg.graph` op (a symbol table) holding nodes
 * (`acg.compute`, `acg.storage`, `acg.comm`), edges (`acg.edge`),
 * mnemonics (`acg.mnemonic`), parametric grids (`acg.grid`, whose body
 * holds the tile kinds) and nested `acg.graph` definitions that compute
 * nodes hold as sub-graphs (`subgraph = @name`).
 *
 * Queries never report diagnostics for "not found": they return NULL, 0 or
 * an empty result.  Functions returning st_status fail only on bad
 * arguments (reported) or when out of memory.
 */
#ifndef STRATA_ACG_H
#define STRATA_ACG_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers the dialect and its translations: import-acg, export-acg and
 * acg-to-dot (strata-translate --import-acg ...). */
ST_API st_status st_register_acg_dialect(st_context *ctx);

/* ------------------------------------------------------------ text format */

/* Parses `.acg` text into a new verified builtin.module holding one
 * acg.graph; NULL after reporting located errors (`file:line:col: error:`).
 * Never crashes or hangs on any input: this is the fuzzing entry point. */
ST_API st_op *st_acg_import(st_context *ctx, st_str text, const char *filename);
/* Writes the one top-level acg.graph of `module` (or `module` itself when it
 * is an acg.graph) as `.acg` text.  Import of the output gives the same IR. */
ST_API st_status st_acg_export(st_op *module, st_write_fn w, void *ud);
/* A Graphviz picture of the same graph (grids are drawn unexpanded). */
ST_API st_status st_acg_to_dot(st_op *module, st_write_fn w, void *ud);

/* ----------------------------------------------------------------- target */

/* The graph a target pass works on.  `sym` is the pass's `target=` option:
 * "@name" or "name" selects the top-level acg.graph of that name; NULL or
 * "" selects the only one.  Reports an error at the module and returns NULL
 * when there is none, several, or no such graph. */
ST_API st_op *st_acg_find_target(st_op *module, const char *sym);

/* ------------------------------------------------------------------ nodes */

typedef enum st_acg_kind { ST_ACG_NOT_NODE = 0, ST_ACG_COMPUTE, ST_ACG_STORAGE, ST_ACG_COMM } st_acg_kind;

ST_API st_acg_kind st_acg_node_kind(const st_op *op); /* ST_ACG_NOT_NODE: not a node */
/* The node, grid, mnemonic or nested graph called `name` directly in
 * `graph` (a graph or a grid), or NULL. */
ST_API st_op *st_acg_lookup(st_op *graph, const char *name);
/* An integer attribute of a node/edge/graph (`data_width`, `bandwidth`,
 * ...), or `dflt` when it is absent. */
ST_API int64_t st_acg_int(const st_op *op, const char *attr, int64_t dflt);
/* A name-valued parameter given with `param key = value;`, or NULL. */
ST_API st_attr *st_acg_param(const st_op *op, const char *key);

/* ------------------------------------------------------------- properties */

/* A number of the target by path, for sweeps over architecture parameters
 * (strata-dse, docs/dse.md).  A path is dot-separated: the scopes from
 * `graph` down (nodes, grids, their tile kinds, nested graphs, or an edge
 * written `A->B` / `A<->B` as in the file), then the property: an integer
 * attribute (`depth`, `rows`, `clock_mhz`), an element of an integer array
 * (`dims[0]`, `tracks[1]`), `param.NAME` or, on a graph, `budget.KIND`.
 * Only properties the file already has are found.  On failure the reason is
 * written to `why` (n bytes) and nothing changes; set does not verify, so
 * the caller verifies the module after its changes (ranges, grids). */
ST_API st_status st_acg_property_get(st_op *graph, const char *path, int64_t *value, char *why, size_t n);
ST_API st_status st_acg_property_set(st_op *graph, const char *path, int64_t value, char *why, size_t n);

/* ------------------------------------------------------------ capacities */

/* Capacity of a storage node: depth x banks x data_width bits.  0 for a
 * non-storage op or on overflow past 2^63. */
ST_API uint64_t st_acg_capacity_bits(const st_op *storage);
ST_API uint64_t st_acg_capacity_bytes(const st_op *storage); /* bits / 8, rounded down */
/* How many elements of `elt` (an integer or float type) the memory holds.
 * An element narrower than data_width takes a whole data_width word (it is
 * not packed, as the Covenant compiler assumes); a wider one spans
 * ceil(bits / data_width) banks of one row. */
ST_API uint64_t st_acg_capacity_elements(const st_op *storage, const st_type *elt);

/* ----------------------------------------------------------------- paths */

typedef struct st_acg_path {
	size_t n;          /* nodes on the path, source and target included; 0: none */
	st_op **nodes;     /* context memory; st_acg_path_free */
	int64_t bandwidth; /* the narrowest edge on the path (bits per transfer) */
	int64_t latency;   /* sum of edge latencies */
} st_acg_path;

/* Paths between two nodes of one graph along edge directions (`<->` edges
 * both ways).  By hops: fewest edges, then the widest.  By bandwidth: the
 * widest bottleneck, then fewest edges.  Ties go to the edge written
 * first.  out->n == 0 when `to` cannot be reached. */
ST_API st_status st_acg_path_by_hops(st_op *from, st_op *to, st_acg_path *out);
ST_API st_status st_acg_path_by_bandwidth(st_op *from, st_op *to, st_acg_path *out);
ST_API void st_acg_path_free(st_context *ctx, st_acg_path *p);

/* ----------------------------------------------------------- capabilities */

/* A capability `(out_t, d...) = OP((in_t, d...), ...)`: operand 0 is the
 * output, 1.. the inputs. */
typedef struct st_acg_cap {
	const char *op;
	size_t noperands;
	const st_attr *operands[8];
} st_acg_cap;

ST_API size_t st_acg_num_caps(const st_op *node); /* the operations a compute node can do */
/* Capability i of a compute node (false if out of range). */
ST_API bool st_acg_get_cap(const st_op *node, size_t i, st_acg_cap *out);
ST_API st_type *st_acg_cap_type(const st_acg_cap *c, size_t operand);
ST_API size_t st_acg_cap_rank(const st_acg_cap *c, size_t operand);
ST_API int64_t st_acg_cap_dim(const st_acg_cap *c, size_t operand, size_t i);
/* Elements of an operand: the product of its dimensions. */
ST_API int64_t st_acg_cap_elements(const st_acg_cap *c, size_t operand);
/* Lanes: the elements of the output. */
ST_API int64_t st_acg_cap_lanes(const st_acg_cap *c);
/* Work of one operation.  For MAC, MVMUL and GEMM the multiply-accumulates
 * (the elements of the largest input), for MMUL out x k (the inner
 * dimension of input 1); for anything else the lanes. */
ST_API int64_t st_acg_cap_macs(const st_acg_cap *c);

/* The compute nodes of `graph` (its grids' tile kinds included) with a
 * capability `op` whose output element type is `type` and which does at
 * least `width` lanes in one operation.  Writes up to `cap` nodes in
 * declaration order and returns how many match. */
ST_API size_t st_acg_nodes_supporting(st_op *graph, const char *op, const st_type *type, int64_t width, st_op **out,
                               size_t cap);

/* One part of a decomposed operation: `count` operations of `lanes` lanes
 * on `node`. */
typedef struct st_acg_part {
	st_op *node;
	int64_t lanes;
	int64_t count;
} st_acg_part;
/* Splits an `op` of `width` lanes of `type` over the nodes that support it
 * at any width: the fewest operations, then the fewest idle lanes (an
 * operation may run partly idle), wider units first.  An
 * (i16,3) ADD over a 2-wide vector unit and a scalar unit is 1 x 2 + 1 x 1.
 * Writes up to `cap` parts and returns their number; 0 when no node
 * supports the op. */
ST_API size_t st_acg_decompose(st_op *graph, const char *op, const st_type *type, int64_t width, st_acg_part *out,
                        size_t cap);

/* -------------------------------------------------------------- mnemonics */

/* A mnemonic's encoding: the opcode in the top `opcode_bits` bits of the
 * word, then the fields in the order written, most significant first.  An
 * efield's value is the index of its enumerator. */
ST_API size_t st_acg_mnemonic_num_fields(const st_op *mn);
ST_API const char *st_acg_mnemonic_field_name(const st_op *mn, size_t i);
ST_API unsigned st_acg_mnemonic_field_bits(const st_op *mn, size_t i);
/* The index of enumerator `value` of efield i, or -1. */
ST_API int64_t st_acg_mnemonic_enum_index(const st_op *mn, size_t i, const char *value);
/* Total bits: opcode_bits of the enclosing graph + the fields. */
ST_API unsigned st_acg_mnemonic_bits(const st_op *mn);
/* Encodes one value per field (fixed fields, `ifield(..) = v`, ignore
 * theirs) into `words` (little-endian 64-bit words, nwords >= ceil(bits /
 * 64)).  Fails (without a diagnostic: the caller knows the instruction)
 * when a value does not fit its field or is no enumerator index. */
ST_API st_status st_acg_encode(const st_op *mn, size_t nvalues, const int64_t *values, uint64_t *words, size_t nwords);
/* Decodes `words` with `mn`: writes one value per field; fails (without a
 * diagnostic) when the opcode or a fixed field differs or an enumerator
 * index is out of range. */
ST_API st_status st_acg_decode(const st_op *mn, const uint64_t *words, size_t nwords, int64_t *values, size_t nvalues);
/* The mnemonic of `graph` that decodes `words`, or NULL. */
ST_API st_op *st_acg_decode_any(st_op *graph, const uint64_t *words, size_t nwords);

/* ------------------------------------------------------------------ grids */

/* The tile kind (a node in the grid's body) at (row, col); rows and columns
 * -1 and rows/cols are the IO ring.  NULL where no kind applies.  Nothing
 * is expanded. */
ST_API st_op *st_acg_grid_tile_at(st_op *grid, int64_t row, int64_t col);
/* How many tiles of kind `kind` the grid has (NULL: all tiles), without
 * expanding it. */
ST_API int64_t st_acg_grid_count(st_op *grid, const char *kind);
/* A new detached acg.graph with one node per tile, named KIND_r_c, and
 * mesh edges per routing track class (bandwidth = width x tracks) between
 * neighbours, IO tiles linked to the border tile beside them.  The caller
 * destroys it. */
ST_API st_op *st_acg_grid_expand(st_op *grid);

#ifdef __cplusplus
}
#endif
#endif
