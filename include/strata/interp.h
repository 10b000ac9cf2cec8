/* Strata's reference interpreter: the executable semantics every lowering is
 * checked against (docs/interpreter.md).
 *
 * A dialect gives an op semantics by pointing its st_opdef.interp at an
 * st_interp_hook.  The framework (core/interp*.c) knows no dialect: it
 * compiles a function once into a flat list of ops with numbered value
 * slots, runs blocks, follows branches through the branch interface, and
 * hands region-holding ops the means to run their regions.  Hooks read
 * operands and write results through the inline accessors below.
 *
 * Values (st_ival) are integers of any width (bit patterns; wider than 64
 * bits as refcounted words), floats as their bit pattern, index as 64 bits,
 * memrefs as refcounted strided views of buffers with an explicit lifetime,
 * function references, and poison.
 */
#ifndef STRATA_INTERP_H
#define STRATA_INTERP_H

#include "strata/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct st_interp st_interp;
typedef struct st_interp_exec st_interp_exec;
typedef struct st_interp_op st_interp_op;

/* ------------------------------------------------------------------ values */

typedef enum st_ival_kind {
	ST_IVAL_NONE = 0, /* an empty slot */
	ST_IVAL_BITS,     /* integers up to 64 bits, index, floats; poison */
	ST_IVAL_WIDE,     /* integers wider than 64 bits */
	ST_IVAL_MEMREF,
	ST_IVAL_FUNC,     /* a function reference (func.constant) */
} st_ival_kind;

/* A refcounted integer wider than 64 bits: little-endian words, the bits
 * above the width zero. */
typedef struct st_interp_words {
	uint32_t refs;
	uint32_t nwords;
	uint64_t w[];
} st_interp_words;

typedef struct st_interp_buffer st_interp_buffer;

/* A refcounted view of a buffer: element (i0, i1, ...) lives at element
 * offset + sum(i_k * strides[k]) of the buffer. */
typedef struct st_interp_memref {
	uint32_t refs;
	uint32_t rank;
	st_interp_buffer *buf;
	int64_t offset;
	int64_t *sizes;   /* rank entries */
	int64_t *strides; /* rank entries */
} st_interp_memref;

typedef struct st_ival {
	st_type *type;
	uint8_t kind;  /* st_ival_kind */
	bool poison;   /* then kind is ST_IVAL_BITS and bits is 0 */
	union {
		uint64_t bits; /* masked to the width; floats: the format's bit pattern */
		st_interp_words *wide;
		st_interp_memref *mem;
		st_op *fn;
	} u;
} st_ival;

static inline st_ival st_ival_bits(st_type *t, uint64_t bits) {
	st_ival v = {t, ST_IVAL_BITS, false, {bits}};
	return v;
}
static inline st_ival st_ival_poison(st_type *t) {
	st_ival v = {t, ST_IVAL_BITS, true, {0}};
	return v;
}
static inline bool st_ival_counted(const st_ival *v) {
	return (v->kind == ST_IVAL_WIDE || v->kind == ST_IVAL_MEMREF) && v->u.wide;
}
/* A new reference to the same value (what a hook forwarding an operand to a
 * result passes to st_interp_set_result). */
static inline st_ival st_ival_retain(const st_ival *v) {
	if (st_ival_counted(v)) {
		if (v->kind == ST_IVAL_WIDE)
			v->u.wide->refs++;
		else
			v->u.mem->refs++;
	}
	return *v;
}
/* Drops the reference `v` holds and empties it. */
ST_API void st_ival_release(st_interp *it, st_ival *v);

/* The width of an integer or index type in bits (index: 64), 0 otherwise. */
ST_API unsigned st_interp_int_width(const st_type *t);
/* Words of an integer value of any width (a BITS value is one word). */
static inline const uint64_t *st_ival_words(const st_ival *v) {
	return v->kind == ST_IVAL_WIDE ? v->u.wide->w : &v->u.bits;
}
/* An integer of `t` from `nwords` words (bits above the width ignored);
 * allocates when the type is wider than 64 bits.  ST_FAIL: out of memory. */
ST_API st_status st_ival_from_words(st_interp *it, st_type *t, const uint64_t *words, size_t nwords, st_ival *out);

/* Literal syntax shared by strata-run, the trace and the translation
 * validator: `i32:-5`, `i1:1`, `index:7`, `f32:1.5`, `f32:nan`, `f16:-inf`,
 * `bf16:0x3f80` (a float's bit pattern), `i8:0xff`, `i32:poison`.  Integers
 * print signed (i1 as 0/1), floats in the shortest form that reads back to
 * the same bits. */
ST_API void st_ival_print(st_interp *it, const st_ival *v, st_write_fn w, void *ud);
/* Prints into `buf` (truncated, terminated) and returns it. */
ST_API const char *st_ival_str(st_interp *it, const st_ival *v, char *buf, size_t n);
/* Parses a scalar literal `type:value`; on failure writes a message of at
 * most `errlen` bytes to `err` and returns ST_FAIL. */
ST_API st_status st_ival_parse(st_interp *it, st_str text, st_ival *out, char *err, size_t errlen);
/* Whether two values are the same bits (memrefs: the same contents). */
ST_API bool st_ival_equal(st_interp *it, const st_ival *a, const st_ival *b);

/* ------------------------------------------------------------------ floats */

/* Conversions between double and the bit patterns of f16, bf16, f32, f64.
 * To the narrower formats the value rounds to nearest, ties to even; NaN
 * keeps its sign and top payload bits and becomes quiet. */
ST_API uint64_t st_float_bits_from_double(st_type_kind kind, double d);
ST_API double st_float_bits_to_double(st_type_kind kind, uint64_t bits);

/* ------------------------------------------------------------------- hooks */

/* Where an op's semantics live (st_opdef.interp points at one). */
typedef struct st_interp_hook {
	/* Executes the op: reads operands, writes every result (or stops with
	 * an error through st_interp_ub / st_interp_error). */
	st_status (*exec)(st_interp_exec *x);
	/* Optional: runs once when the op is compiled, to cache what exec
	 * needs in iop->imm / iop->ptr (a predicate, a resolved callee). */
	st_status (*prepare)(st_interp *it, st_interp_op *iop);
} st_interp_hook;

/* One compiled op.  Hooks read it; only prepare writes imm and ptr. */
struct st_interp_op {
	st_op *op;
	const st_interp_hook *hook;
	const uint32_t *operands; /* the slot of each operand */
	const uint32_t *results;  /* the slot of each result */
	st_type *const *result_types;
	uint32_t noperands, nresults, nregions, nsuccessors;
	int64_t imm;
	const void *ptr;
	struct st__interp_region *regions; /* framework-private */
	struct st__interp_succ *succs;     /* framework-private */
};

/* The state a hook runs in. */
struct st_interp_exec {
	st_interp *interp;
	const st_interp_op *iop;
	st_ival *slots; /* the values of the running function */
	/* Set by terminators: the successor to branch to (-1: none), or the
	 * operands to yield to the parent op. */
	int32_t branch;
	bool yield;
	uint32_t yield_start, yield_count;
	/* What the last region run by this op yielded (framework-owned). */
	const st_interp_op *yielder;
	uint32_t yielded_start, yielded_count;
	struct st__interp_frame *frame;
};

static inline st_op *st_interp_exec_op(const st_interp_exec *x) { return x->iop->op; }
static inline st_context *st_interp_exec_context(const st_interp_exec *x) { return st_op_context(x->iop->op); }
static inline const st_ival *st_interp_operand(const st_interp_exec *x, size_t i) {
	return &x->slots[x->iop->operands[i]];
}
static inline st_type *st_interp_result_type(const st_interp_exec *x, size_t i) { return x->iop->result_types[i]; }
/* The value result i holds now (an accumulator a hook keeps there). */
static inline const st_ival *st_interp_result(const st_interp_exec *x, size_t i) {
	return &x->slots[x->iop->results[i]];
}
/* Stores `v` as result i, taking over its reference. */
static inline void st_interp_set_result(st_interp_exec *x, size_t i, st_ival v) {
	st_ival *slot = &x->slots[x->iop->results[i]];
	if (st_ival_counted(slot))
		st_ival_release(x->interp, slot);
	*slot = v;
}

/* Terminators. */
static inline void st_interp_branch(st_interp_exec *x, size_t successor) { x->branch = (int32_t)successor; }
static inline void st_interp_yield(st_interp_exec *x, size_t start, size_t count) {
	x->yield = true;
	x->yield_start = (uint32_t)start;
	x->yield_count = (uint32_t)count;
}

/* Ops with regions.  Entry block arguments are set first (taking over the
 * reference), then the region runs until a terminator yields; what it
 * yielded stays readable until the op runs a region again. */
ST_API void st_interp_set_region_arg(st_interp_exec *x, size_t region, size_t i, st_ival v);
ST_API const st_ival *st_interp_region_arg(const st_interp_exec *x, size_t region, size_t i);
ST_API st_status st_interp_run_region(st_interp_exec *x, size_t region);
ST_API size_t st_interp_num_yielded(const st_interp_exec *x);
ST_API const st_ival *st_interp_yielded(const st_interp_exec *x, size_t i);
/* Copies the yielded values from the `skip`-th on into the entry block
 * arguments of `region` from argument `first` on, or into the op's results
 * from result `first` on when region < 0. */
ST_API st_status st_interp_forward(st_interp_exec *x, size_t skip, int region, size_t first);
/* The same for a region of another op of the running function: the
 * terminator that last yielded to this op (st_interp_yielder), when it has
 * regions of its own (scf.reduce's reductions). */
static inline const st_interp_op *st_interp_yielder(const st_interp_exec *x) { return x->yielder; }
ST_API void st_interp_set_op_region_arg(st_interp_exec *x, const st_interp_op *owner, size_t region, size_t i, st_ival v);
ST_API st_status st_interp_run_op_region(st_interp_exec *x, const st_interp_op *owner, size_t region);
/* Calls the function `callee` (an op with the callable interface) with the
 * operands from `first_operand` on; its results become the op's results.
 * Poison arguments are undefined behaviour. */
ST_API st_status st_interp_call_op(st_interp_exec *x, st_op *callee, size_t first_operand);

/* Reports at the running op (with the call stack as notes) and returns
 * ST_FAIL.  st_interp_ub prefixes "undefined behaviour: " and marks the
 * failure as such: the translation validator redraws inputs on which the
 * original program is undefined. */
ST_API st_status st_interp_ub(const st_interp_exec *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
ST_API st_status st_interp_error(const st_interp_exec *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The program stopped itself (a failed assertion): reported as an error,
 * and treated like undefined behaviour by the translation validator (the
 * input broke the program's precondition). */
ST_API st_status st_interp_abort(const st_interp_exec *x, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Checks operand i for poison: undefined behaviour "poison value used as
 * <what> of '<op>'". */
ST_API st_status st_interp_poison_error(const st_interp_exec *x, const char *what);
static inline st_status st_interp_check_poison(const st_interp_exec *x, size_t i, const char *what) {
	return st_interp_operand(x, i)->poison ? st_interp_poison_error(x, what) : ST_OK;
}

/* Memory for prepare hooks, freed with the interpreter. */
ST_API void *st_interp_arena_alloc(st_interp *it, size_t size);

/* ----------------------------------------------------------------- memory */

typedef enum st_interp_buffer_kind {
	ST_BUF_HEAP,   /* memref.alloc and arguments: freed by dealloc */
	ST_BUF_STACK,  /* memref.alloca: freed when its function returns */
	ST_BUF_GLOBAL, /* memref.global: lives as long as the interpreter */
} st_interp_buffer_kind;

/* Bytes one element of `elt` takes in a buffer (0: not storable). */
ST_API size_t st_interp_elt_size(const st_type *elt);
/* A new buffer with an identity layout for memref type `t`, dynamic sizes
 * taken in order from `dyn` (NULL: none).  Contents are uninitialised
 * (loads give poison) unless `init` is set (zeroes).  Stack buffers are
 * freed when the running function returns.  Errors are reported at the
 * op of `x` (NULL: plain diagnostics without location). */
ST_API st_status st_interp_memref_alloc(st_interp *it, const st_interp_exec *x, st_type *t, const int64_t *dyn,
                                 st_interp_buffer_kind kind, bool init, st_ival *out);
/* A view of the buffer of `src` with another type, offset, sizes, strides
 * (in elements); reports when it reaches outside the buffer. */
ST_API st_status st_interp_memref_view(const st_interp_exec *x, const st_ival *src, st_type *t, int64_t offset,
                                const int64_t *sizes, const int64_t *strides, st_ival *out);
/* Load/store at operands [first_index, first_index + rank) of the running
 * op, with poison, bounds and lifetime checks reported as undefined
 * behaviour at the op. */
ST_API st_status st_interp_load(const st_interp_exec *x, const st_ival *m, size_t first_index, st_ival *out);
ST_API st_status st_interp_store(const st_interp_exec *x, const st_ival *v, const st_ival *m, size_t first_index);
/* The same at indices computed by the op (one per dimension of the
 * memref; affine.load's map results). */
ST_API st_status st_interp_load_at(const st_interp_exec *x, const st_ival *m, const int64_t *idx, st_ival *out);
ST_API st_status st_interp_store_at(const st_interp_exec *x, const st_ival *v, const st_ival *m, const int64_t *idx);
/* Frees a heap buffer (memref.dealloc): later accesses are reported. */
ST_API st_status st_interp_dealloc(const st_interp_exec *x, const st_ival *m);
/* Copies every element of `src` into `dst` (same shape, element type). */
ST_API st_status st_interp_copy(const st_interp_exec *x, const st_ival *src, const st_ival *dst);
/* Elements the program read from and wrote to the buffer of memref `m` so
 * far, through any view of it (loads, stores, and each element of a copy):
 * what a driver bounds a design's memory ports with (docs/qor-schema.md). */
ST_API void st_interp_memref_accesses(const st_ival *m, uint64_t *loads, uint64_t *stores);
/* The buffer of a memref.global-like op, created at first use and filled
 * from `init` (dense elements, or NULL: uninitialised). */
ST_API st_status st_interp_global(const st_interp_exec *x, st_op *global, st_type *t, st_attr *init, bool constant,
                           st_ival *out);

/* Element access without checks other than the bounds (for tools reading
 * and writing arguments): row-major element `k` of the view. */
ST_API bool st_interp_memref_get(st_interp *it, const st_ival *m, int64_t k, st_ival *out);
ST_API bool st_interp_memref_set(st_interp *it, const st_ival *m, int64_t k, const st_ival *v);
ST_API int64_t st_interp_memref_num_elements(const st_ival *m);
ST_API bool st_interp_memref_live(const st_ival *m);

/* ------------------------------------------------------------ running code */

typedef struct st_interp_options {
	/* Operations executed before the run stops with an error; 0: none. */
	uint64_t max_steps;
	/* Nested calls before the run stops with an error; 0: 1000. */
	unsigned max_depth;
	/* Results of the called function may be poison (otherwise poison
	 * reaching a return is undefined behaviour). */
	bool allow_poison_results;
	/* Each executed op is written here (NULL: no trace). */
	st_write_fn trace;
	void *trace_ud;
	/* Called with each op about to execute (NULL: none), e.g. to count
	 * the multiplications of a run (a target's QoR). */
	void (*on_op)(void *ud, const st_op *op);
	void *on_op_ud;
} st_interp_options;

typedef enum st_interp_failure {
	ST_INTERP_OK,
	ST_INTERP_UB,          /* undefined behaviour, including poison reaching a sink */
	ST_INTERP_ABORT,       /* the program stopped itself (cf.assert) */
	ST_INTERP_STEPS,       /* the step budget or the call depth ran out */
	ST_INTERP_UNSUPPORTED, /* no semantics for an op or type; out of memory */
} st_interp_failure;

/* An interpreter for the IR of `ctx`; `o` may be NULL (the defaults).
 * NULL when out of memory. */
ST_API st_interp *st_interp_create(st_context *ctx, const st_interp_options *o);
/* Frees compiled code, globals and every buffer still referenced. */
ST_API void st_interp_destroy(st_interp *it);
ST_API st_context *st_interp_context(const st_interp *it);
/* Calls `fn` (an op with the callable interface, e.g. found with
 * st_symbol_lookup).  Arguments are borrowed; `results` receives one owned
 * value per result of the function type (release them).  The module must
 * not change while the interpreter lives (compiled code is cached). */
ST_API st_status st_interp_call(st_interp *it, st_op *fn, size_t nargs, const st_ival *args, size_t nresults,
                         st_ival *results);
ST_API uint64_t st_interp_steps(const st_interp *it);
ST_API st_interp_failure st_interp_last_failure(const st_interp *it);

#ifdef __cplusplus
}
#endif
#endif
