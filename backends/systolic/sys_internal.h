/* Shared by the files of the systolic backend (docs/systolic.md): the
 * machine an ACG describes, its instruction set read from the mnemonics,
 * programs, and the pieces of the mapper and the code generator. */
#ifndef STRATA_SYS_INTERNAL_H
#define STRATA_SYS_INTERNAL_H

#include "strata/acg.h"
#include "strata/codelet.h"
#include "strata/systolic.h"

#include <string.h>

#define SYS_LEVELS 8   /* loop levels of one command */
#define SYS_REGS 32    /* address registers per namespace */
#define SYS_NODES 16
#define SYS_MNEMONICS 64
#define SYS_FIELDS 16

/* ---------------------------------------------------------------- machine */

typedef struct sys_node {
	char name[32];
	st_op *op;
	int64_t data_width, banks, depth, ports_in, ports_out, latency;
	bool on_chip, double_buffer;
	/* The DMA channel between DRAM and this node, when there is one. */
	bool dram_to, dram_from;
	int64_t channel_bw, channel_latency;
} sys_node;

/* Everything the mapper, the code generator and the simulator need to know
 * of the machine, all of it read from the ACG (sys_machine.c). */
typedef struct sys_machine {
	st_op *graph;
	size_t nnodes;
	sys_node nodes[SYS_NODES];
	int dram;                       /* the off-chip node */
	char sa[32];                    /* the array: a compute node with GEMM */
	int64_t rows, cols;             /* its dims */
	int in, w, out;                 /* the nodes feeding it and the one it accumulates in */
	int64_t bw_in, bw_w, bw_out;    /* bits per cycle of those edges */
	int64_t wreg_depth;             /* weight registers per PE (2: double-buffered) */
	char simd[32];                  /* the vector unit: a compute node with ADD */
	int64_t lanes, simd_latency, simd_bw;
	int64_t queue_depth;
	int64_t clock_mhz;
} sys_machine;

/* Reads the machine of an ACG of class systolic; errors at `loc` name
 * what is missing. */
st_status sys_machine_init(sys_machine *m, st_op *graph, st_attr *loc);
/* The index of a storage node by name, or -1. */
int sys_machine_node(const sys_machine *m, const char *name);
/* Whether the ACG has an edge from `a` to `b` (`<->` both ways). */
bool sys_machine_edge(const sys_machine *m, const char *a, const char *b);

/* -------------------------------------------------------------------- isa */

/* What the simulator does for a mnemonic: found by its name, the ISA's
 * vocabulary (docs/systolic.md); the encoding is the ACG's. */
typedef enum sys_kind {
	SYS_UNKNOWN = 0,
	SYS_ALU,   /* binary SIMD: ADD .. OR, comparisons */
	SYS_UNARY, /* RELU, MOVE */
	SYS_CAST,
	SYS_LANES,
	SYS_BASE,
	SYS_STRIDE,
	SYS_LD,
	SYS_ST,
	SYS_FILL,
	SYS_ITER,
	SYS_ITER_LAST, /* a level's iterations in the last one of the level outside it (transfers) */
	SYS_SHAPE,
	SYS_GEMM,
	SYS_END,
	SYS_EXT,
} sys_kind;

typedef struct sys_mn {
	st_op *op;
	const char *name;
	sys_kind kind;
	int op_code;         /* the element operation of SIMD kinds (codelet cap name) */
	size_t nfields;
	const char *field[SYS_FIELDS];
	unsigned bits[SYS_FIELDS];
	bool enumerated[SYS_FIELDS];
	bool fixed[SYS_FIELDS]; /* `ifield(...) = v`: the mnemonic decides it */
	int ext;             /* the field EXT extends, or -1 */
	bool ext_signed;     /* that field is a signed number */
} sys_mn;

typedef struct sys_isa {
	st_op *graph;
	unsigned word_bits;
	size_t n;
	sys_mn mn[SYS_MNEMONICS];
	const sys_mn *ext; /* the prefix instruction, or NULL */
} sys_isa;

/* Reads the mnemonics; every one must have the same width, at most 64
 * bits, and at most SYS_FIELDS fields. */
st_status sys_isa_init(sys_isa *isa, st_op *graph, st_attr *loc);
const sys_mn *sys_isa_find(const sys_isa *isa, const char *name);
int sys_mn_field(const sys_mn *mn, const char *field);
/* The name of enumerator v of field f (NULL when out of range). */
const char *sys_mn_enum_name(const sys_mn *mn, int f, int64_t v);

/* A decoded instruction: EXT prefixes folded into the field they extend. */
typedef struct sys_instr {
	const sys_mn *mn;
	int64_t f[SYS_FIELDS];
	uint32_t word; /* index of its first word (an EXT when it has one) */
} sys_instr;

static inline int64_t sys_get(const sys_instr *in, const char *field) {
	int i = sys_mn_field(in->mn, field);
	return i < 0 ? 0 : in->f[i];
}

/* Decodes words[0..n) into instrs (capacity n); *ninstrs is their number.
 * On a word no mnemonic decodes, or an EXT with nothing after it or before
 * an instruction without an extensible field, returns ST_FAIL with *bad
 * the index of the word and *why the reason (no diagnostic). */
st_status sys_decode(const sys_isa *isa, const uint64_t *words, size_t n, sys_instr *instrs, size_t *ninstrs,
                     size_t *bad, const char **why);

/* Encodes one instruction: its field values by index; fixed fields are
 * ignored; the extensible field may be wider than its bits (an EXT word
 * comes first).  Writes 1 or 2 words; 0 when a value does not fit (no
 * diagnostic). */
size_t sys_encode(const sys_isa *isa, const sys_mn *mn, const int64_t *vals, uint64_t *out);

/* ---------------------------------------------------------------- program */

struct st_systolic_program {
	st_context *ctx;
	char target[64];
	st_ident *file;        /* the file it was read from, or NULL */
	uint64_t dram_bytes;
	size_t ntensors;
	st_systolic_tensor tensors[ST_SYSTOLIC_MAX_TENSORS];
	int32_t *data[ST_SYSTOLIC_MAX_TENSORS]; /* a constant's elements, sign-extended */
	size_t nwords, cap;
	uint64_t *words;
	uint32_t *lines;       /* the file line of each word (0: generated) */
};

st_systolic_program *sys_program_new(st_context *ctx);
st_status sys_program_push(st_systolic_program *p, uint64_t word, uint32_t line);
/* Where word i is, for diagnostics: the file line, or unknown. */
st_attr *sys_program_loc(const st_systolic_program *p, size_t word);
/* Bytes of one element of a tensor. */
static inline uint64_t sys_elem_bytes(const st_systolic_tensor *t) { return t->bits / 8; }
uint64_t sys_tensor_bytes(const st_systolic_tensor *t);
/* Elements of a tensor. */
int64_t sys_tensor_elems(const st_systolic_tensor *t);
/* The contents of constant tensor i, zeroed (NULL when out of memory). */
int32_t *sys_program_const_data(st_systolic_program *p, size_t i);

/* ------------------------------------------------------------------ text */

/* A cursor over program or assembly text, one line at a time (sys_text.c). */
typedef struct sys_reader {
	st_context *ctx;
	st_str file;
	const char *s, *end;
	const char *line; /* start of the current line */
	int lineno;
	bool failed;
} sys_reader;

/* Reports at the column of `at` in the current line, once per reader. */
st_status sys_err(sys_reader *r, const char *at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Moves to the next line that is not blank or a comment (`#` to the end
 * of the line); false at the end.  [*b, *e) is the line without its
 * comment and surrounding blanks. */
bool sys_next_line(sys_reader *r, const char **b, const char **e);
/* The next blank-separated word of [*b, e) (empty at the end). */
st_str sys_word(const char **b, const char *e);
st_status sys_number(sys_reader *r, st_str w, uint64_t max, uint64_t *out, const char *what);
/* The next line, which must start with `kw`. */
st_status sys_keyword_line(sys_reader *r, const char *kw, const char **b, const char **e);
/* The header of a program or assembly file, up to its `words` line (a
 * program) or its first instruction (assembly: *b..*e is that line, or
 * *b == NULL at the end). */
st_status sys_read_header(sys_reader *r, st_systolic_program *p, const sys_machine *m, bool words, const char **b,
                          const char **e);
void sys_write_header(const st_systolic_program *p, st_write_fn w, void *ud);
/* The start of reading a program or assembly text for `graph` (the loader
 * and the assembler): the reader over the text, the machine, its ISA, the
 * file's location and an empty program; NULL after an error. */
st_systolic_program *sys_read_begin(st_context *ctx, st_op *graph, st_str text, const char *filename, sys_reader *r,
                                    sys_machine *m, sys_isa *isa, st_attr **top);
/* The end: the instructions checked (sys_check_instrs) when `st` is
 * ST_OK; the program, or NULL (and the program destroyed). */
st_systolic_program *sys_read_end(st_systolic_program *p, st_status st, const sys_machine *m, const sys_isa *isa,
                                  st_attr *top);
st_status sys_machine_fingerprint(st_op *graph, char *out, size_t n);
/* Decodes the program's words for `isa` and checks their namespaces;
 * errors at the word's line (or at `loc` for a generated program). */
st_status sys_check_instrs(st_systolic_program *p, const sys_machine *m, const sys_isa *isa, st_attr *loc);

/* ---------------------------------------------------------------- limits */

/* The backend's named limits (sys_limits.c): program words, DRAM bytes a
 * program declares, the simulator's work. */
typedef struct st_limit_def st_limit_def;
extern const st_limit_def sys_words_limit, sys_dram_limit, sys_work_limit;
/* Registers them (with the passes and the target). */
st_status sys_register_limits(st_context *ctx);
uint64_t sys_limit(st_context *ctx, const st_limit_def *def);
/* "(limit NAME = N; raise it with --limit=NAME=<n>)" */
const char *sys_limit_hint(st_context *ctx, const st_limit_def *def, char *buf, size_t n);
/* A number of at most the limit `def`; over it, an error that names the
 * limit. */
st_status sys_number_limited(sys_reader *r, st_str w, const st_limit_def *def, uint64_t *out, const char *what);

#endif
