/* Private layout of the IR core.  Only files in core/ include this.
 *
 * Uniqued objects (types, attributes, affine expressions, maps and sets)
 * all start with st__hdr and live in the context's arena; the uniquer
 * compares their bytes, so every field that takes part in equality must be
 * set and padding must be zero (build keys in zeroed memory).
 */
#ifndef STRATA_CORE_INTERNAL_H
#define STRATA_CORE_INTERNAL_H

#include "strata/affine_map.h"
#include "strata/dialect.h"
#include "strata/ir.h"

#include <assert.h>
#include <string.h>

/* ------------------------------------------------------------- uniquing */

/* Kind tags: types use st_type_kind, attributes ST__ATTR_BASE + st_attr_kind,
 * affine objects the values below. */
enum {
	ST__ATTR_BASE = 64,
	ST__AFFINE_EXPR_BASE = 128, /* + st_affine_kind */
	ST__AFFINE_MAP = 160,
	ST__INTEGER_SET = 161,
};

typedef struct st__hdr {
	uint32_t tag;
	uint32_t hash;
	uint32_t size; /* bytes of the whole object, header included */
	uint32_t aux;  /* free for the kind (kept zero if unused) */
} st__hdr;

/* Returns the canonical copy of `key` (whose first bytes are an st__hdr with
 * `tag` and `size` set; `hash` is computed here).  NULL on allocation
 * failure. */
void *st__uniq(st_context *ctx, const void *key);
/* Small-object pool for IR objects (ops, blocks, block arguments):
 * size classes of 8 bytes (every IR object is a multiple of 8) up to ST__POOL_MAX, carved from big chunks of
 * the context allocator, recycled through free lists, and handed back when
 * the context is destroyed.  It saves malloc's per-object overhead and
 * time.  Sanitizer builds use the allocator directly, so that leaks and
 * overflows are still seen per object. */
#define ST__POOL_MAX 1024
void *st__pool_alloc(st_context *ctx, size_t size);
void st__pool_free(st_context *ctx, void *p, size_t size);
/* Arena memory that lives as long as the context (zeroed). */
void *st__arena_alloc(st_context *ctx, size_t size);
/* Scratch buffer for building keys; valid until the next call. */
void *st__scratch(st_context *ctx, size_t size);

/* ----------------------------------------------------------- identifiers */

struct st__opname;

struct st_ident {
	uint32_t len;
	uint32_t hash;
	struct st__opname *opname; /* lazily set when used as an op name */
	char data[];               /* NUL-terminated */
};

/* ------------------------------------------------------------------ types */

struct st_type {
	st__hdr h; /* h.tag is the st_type_kind */
};

typedef struct st__int_type {
	struct st_type base;
	uint32_t width;
	uint32_t signedness;
} st__int_type;

typedef struct st__types_type { /* function (ninputs = h.aux) and tuple */
	struct st_type base;
	uint32_t n;
	uint32_t pad;
	st_type *types[];
} st__types_type;

typedef struct st__shaped_type { /* vector, tensor, memref, unranked, complex */
	struct st_type base;
	st_type *elt;
	st_attr *attr1; /* tensor encoding / memref layout */
	st_attr *attr2; /* memref memory space */
	uint64_t scalable; /* vector: bit i set when dim i is scalable */
	uint32_t rank;
	uint32_t pad;
	int64_t dims[];
} st__shaped_type;

typedef struct st__opaque_type {
	struct st_type base;
	st_ident *dialect;
	st_ident *body;
} st__opaque_type;

typedef struct st__dialect_obj { /* dialect types and attributes */
	st__hdr h;
	st_dialect *dialect;
	st_ident *mnemonic;
	size_t nparams;
	st_attr *params[];
} st__dialect_obj;

/* ------------------------------------------------------------- attributes */

struct st_attr {
	st__hdr h; /* h.tag is ST__ATTR_BASE + st_attr_kind */
};

typedef struct st__int_attr {
	struct st_attr base;
	st_type *type;
	size_t nwords;
	uint64_t words[]; /* bits above the width are zero */
} st__int_attr;

typedef struct st__float_attr {
	struct st_attr base;
	st_type *type;
	uint64_t bits; /* the value's bit pattern in its own format */
} st__float_attr;

typedef struct st__string_attr {
	struct st_attr base;
	st_type *type; /* NULL: untyped */
	st_ident *str;
} st__string_attr;

typedef struct st__list_attr { /* array, fused loc (h.aux: has metadata) */
	struct st_attr base;
	st_attr *meta;
	size_t n;
	st_attr *elts[];
} st__list_attr;

typedef struct st__dict_attr {
	struct st_attr base;
	size_t n;
	st_named_attr entries[];
} st__dict_attr;

typedef struct st__dense_attr { /* dense arrays and dense elements */
	struct st_attr base;
	st_type *type; /* element type for arrays, shaped type for elements */
	size_t n;      /* number of stored values (1 for a splat) */
	uint32_t is_float;
	uint32_t is_splat;
	union {
		int64_t i;
		double f;
	} vals[];
} st__dense_attr;

typedef struct st__type_attr {
	struct st_attr base;
	st_type *type;
} st__type_attr;

typedef struct st__symref_attr {
	struct st_attr base;
	size_t n; /* root + nested */
	st_ident *names[];
} st__symref_attr;

typedef struct st__ptr_attr { /* affine map and integer set attributes */
	struct st_attr base;
	const void *ptr;
} st__ptr_attr;

typedef struct st__opaque_attr {
	struct st_attr base;
	st_ident *dialect;
	st_ident *body;
	st_type *type;
} st__opaque_attr;

typedef struct st__file_loc {
	struct st_attr base;
	st_ident *file;
	uint32_t line, col, end_line, end_col; /* end_line 0: no range */
} st__file_loc;

typedef struct st__name_loc {
	struct st_attr base;
	st_ident *name;
	st_attr *child;
} st__name_loc;

typedef struct st__callsite_loc {
	struct st_attr base;
	st_attr *callee;
	st_attr *caller;
} st__callsite_loc;

static inline st_attr_kind st__akind(const st_attr *a) { return (st_attr_kind)(a->h.tag - ST__ATTR_BASE); }

/* --------------------------------------------------------- affine objects */

struct st_affine_expr {
	st__hdr h; /* tag ST__AFFINE_EXPR_BASE + kind; aux caches the depth and
	            * whether a dim occurs (affine_expr.c) */
	st_affine_expr *lhs;
	st_affine_expr *rhs;
	int64_t value; /* constant value or dim/symbol position */
};

struct st_affine_map {
	st__hdr h;
	uint32_t ndims, nsyms;
	size_t nresults;
	st_affine_expr *results[];
};

struct st_integer_set {
	st__hdr h;
	uint32_t ndims, nsyms;
	size_t n;
	/* n constraint pointers, then n is_eq bytes, zero-padded to 8 bytes */
	st_affine_expr *constraints[];
};

/* Depth of an expression tree (0 for a leaf); the parsers bound it so that
 * the recursive printers and evaluators cannot exhaust the stack. */
unsigned st__affine_expr_depth(const st_affine_expr *e);

/* --------------------------------------------------------- values and ops */

struct st_use {
	st_use *next;
	st_use **back;
	st_op *owner;
	union {
		st_value *value;
		st_block *block;
	};
};

enum { ST__VAL_RESULT = 0, ST__VAL_ARG = 1, ST__VAL_PLACEHOLDER = 2 };

struct st_value {
	st_use *first_use;
	st_type *type;
	uint32_t kind : 2;
	uint32_t index : 30;
	/* Scratch for one algorithm at a time (the printer's value names). */
	uint32_t aux;
};

typedef struct st__block_arg {
	struct st_value v;
	st_block *owner;
	st_attr *loc; /* raw: may be packed (see st__packed_loc) */
} st__block_arg;

/* Per op-name record, shared by all ops of that name. */
typedef struct st__opname {
	st_context *ctx;
	st_ident *name;
	const st_opdef *def; /* NULL: unregistered */
	st_dialect *dialect; /* NULL: unregistered dialect */
	uint32_t traits;
	/* The op's assembly format, compiled once (core/format.c); arena memory. */
	void *format;
	bool format_bad;
	/* When this is an MLIR 14 name (std.return), the op it means now. */
	const st_opdef *mlir14_target;
	struct st__opname *mlir14_current; /* the record of mlir14_target->name */
	/* The MLIR 14 spelling, looked up once (printer). */
	const char *mlir14_name;
	bool mlir14_known;
	/* What the verifier needs of `def`, worked out on first use (verify.c). */
	struct st__vplan *vplan;
} st__opname;

struct st_region {
	st_block *first, *last;
	st_op *parent;
};

struct st_op {
	st_op *prev, *next;
	st_block *block;
	st__opname *name;
	/* A location attribute, or (low bit set) a packed source position that
	 * st__op_loc turns into one on demand: parsing a million ops then costs
	 * no location attributes until a diagnostic or a printer asks. */
	st_attr *rawloc;
	st_attr *attrs;       /* dictionary */
	uint32_t nresults;
	uint32_t noperands;
	/* 0: the operands are inline, after the regions (capacity
	 * inline_operands, the count at creation); otherwise the capacity of
	 * an out-of-line array (see st__uses). */
	uint32_t operand_cap;
	uint32_t order;       /* position hint for is_before_in_block */
	uint16_t nsuccs;
	uint16_t nregions;
	uint32_t inline_operands; /* capacity of the inline operand storage */
};
/* Ops are the bulk of a big module's memory: keep the header small (no
 * pointer to the operands: they are found from the counts). */
_Static_assert(sizeof(void *) != 8 || sizeof(struct st_op) == 72, "st_op grew");
/* Packed locations: bit 0 set, bits 1-15 the context source index + 1,
 * bits 16-39 the line, bits 40-63 the column.  0 when out of range. */
static inline st_attr *st__packed_loc(size_t source, unsigned line, unsigned col) {
	if (sizeof(void *) < 8 || source + 1 >= (1u << 15) || line >= (1u << 24) || col >= (1u << 24))
		return NULL;
	uint64_t v = 1u | (uint64_t)(source + 1) << 1 | (uint64_t)line << 16 | (uint64_t)col << 40;
	return (st_attr *)(uintptr_t)v;
}
st_attr *st__op_loc(const st_op *op);
/* The first file:line:col inside a location; through a call site, the side
 * asked for (the default renderer shows the callee, the diagnostic verifier
 * matches the callee and then the caller). */
typedef enum st__callsite_side { ST__CALLER, ST__CALLEE, ST__CALLEE_THEN_CALLER } st__callsite_side;
const st_attr *st__loc_file(const st_attr *loc, st__callsite_side side);
/* The location attribute of a raw (possibly packed) location. */
st_attr *st__unpack_loc(st_context *ctx, st_attr *raw);
/* Symbol lookups cached for the duration of a read-only phase. */
void st__symcache_begin(st_context *ctx);
void st__symcache_end(st_context *ctx);
/* Index of a registered source buffer by name, or -1. */
long st__source_index(st_context *ctx, const st_ident *name);

/* Successor uses and regions follow the op in its allocation. */
static inline st_use *st__succs(const st_op *op) { return (st_use *)(op + 1); }
static inline st_region *st__regions(const st_op *op) { return (st_region *)(st__succs(op) + op->nsuccs); }
static inline st_use *st__inline_uses(const st_op *op) { return (st_use *)(st__regions(op) + op->nregions); }
/* Out-of-line operands: the array's address is kept in the first inline
 * slot, or, for an op created without operands, in the context's table. */
st_use *st__outofline_uses(const st_op *op);
/* The op's operand uses. */
static inline st_use *st__uses(const st_op *op) {
	return op->operand_cap ? st__outofline_uses(op) : st__inline_uses(op);
}
/* Results are stored before the op, in reverse: result i is at ((st_value*)op)[-1-i]. */
static inline st_value *st__result(const st_op *op, size_t i) {
	return (st_value *)op - 1 - i;
}

struct st_block {
	st_block *prev, *next;
	st_region *parent;
	st_op *first, *last;
	st_use *first_use; /* predecessor successor-slots */
	st__block_arg **args;
	uint32_t nargs, argcap;
	bool order_valid;
	uint32_t aux; /* scratch (the printer's block numbers) */
	st_context *ctx;
};

/* ---------------------------------------------------------------- dialects */

struct st_dialect {
	st_ident *name;
	const st_dialect_def *def;
};

/* ---------------------------------------------------------------- context */

typedef struct st__htab {
	void **slots;
	size_t cap; /* power of two */
	size_t count;
} st__htab;

typedef struct st__handler {
	st_diag_handler fn;
	void *ud;
} st__handler;

typedef struct st__source {
	st_ident *name;
	st_str buf;
} st__source;

typedef struct st__arena_chunk {
	struct st__arena_chunk *next;
	size_t size;
	size_t used;
	/* data follows, 16-byte aligned */
} st__arena_chunk;

/* A registry sorted by name of definitions that start with their
 * `const char *name` (core/named_table.c); arena memory. */
typedef struct st__named_table {
	const void **items;
	size_t n, cap;
} st__named_table;
st_status st__named_table_add(st_context *ctx, st__named_table *t, const void *def, const char *what);
const void *st__named_table_lookup(const st__named_table *t, st_str name);

struct st_context {
	st_alloc_fn alloc;
	void *alloc_ud;
	bool oom;
	bool allow_unregistered;
	bool destroying;
	st__arena_chunk *arena;
	st__arena_chunk *pool_chunks;
	void *pool_free[ST__POOL_MAX / 8 + 1];
	char *pool_cur, *pool_end;
	void *scratch;
	size_t scratch_size;
	/* Out-of-line operand arrays of ops created without operands (ops.c). */
	struct st__ptrmap *ool_operands;
	st__htab idents;
	st__htab uniq;
	st_dialect **dialects;
	size_t ndialects;
	/* Registered passes (core/pass.c), translations (translate.c) and
	 * targets (target.c). */
	st__named_table passes;
	st__named_table translations;
	st__named_table targets;
	/* Named limits (core/limit.c). */
	st__named_table limits;
	/* Ops that MLIR 14 spelled differently (core/mlir14.c), indexed lazily. */
	const st_opdef **mlir14_defs;
	size_t nmlir14, mlir14_ndialects;
	st__handler *handlers;
	size_t nhandlers, handler_cap;
	st__source *sources;
	size_t nsources;
	/* While > 0 (during verification), symbol lookups go through cached
	 * tables, one per symbol-table op, dropped when it falls back to 0. */
	unsigned symcache_depth;
	st_op **symcache_ops;
	struct st_symbol_table **symcache_tables;
	size_t symcache_n, symcache_cap;
	st_write_fn diag_out;
	void *diag_out_ud;
	size_t nerrors;
	/* Cached common objects. */
	st_type *i1, *i32, *i64, *index;
	st_attr *unit, *empty_dict, *unknown_loc;
};

/* Hashing shared by the tables. */
uint32_t st__hash_bytes(const void *data, size_t len, uint32_t seed);

/* Op names: the record for `name`, created on first use. */
st__opname *st__opname_get(st_context *ctx, st_str name);
st_op *st__op_create_named(st_context *ctx, st__opname *name, const st_op_state *s);

/* Formatting helper: vsnprintf into context memory (caller frees with
 * st_ctx_free(ctx, p, strlen(p) + 1)). */
char *st__vformat(st_context *ctx, const char *fmt, va_list ap);

/* Types used everywhere. */
static inline st_context *st__block_ctx(const st_block *b) { return b->ctx; }

#endif
