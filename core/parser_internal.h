/* Private interface between the lexer, the op parser and the type/attribute
 * parser. */
#ifndef STRATA_CORE_PARSER_INTERNAL_H
#define STRATA_CORE_PARSER_INTERNAL_H

#include "internal.h"
#include "strata/asm.h"

typedef enum st__tok {
	T_EOF,
	T_ERROR,
	T_BARE,    /* identifier or keyword */
	T_PERCENT, /* %id */
	T_CARET,   /* ^id */
	T_AT,      /* @id or @"string" */
	T_HASH,    /* #id */
	T_BANG,    /* !id */
	T_INT,
	T_FLOAT,
	T_STRING,
	T_LPAREN,
	T_RPAREN,
	T_LSQ,
	T_RSQ,
	T_LBRACE,
	T_RBRACE,
	T_LESS,
	T_GREATER,
	T_COMMA,
	T_COLON,
	T_EQUAL,
	T_ARROW,
	T_QUESTION,
	T_STAR,
	T_PLUS,
	T_MINUS,
	T_ELLIPSIS,
	T_COLONCOLON,
	T_PIPE,
	T_META_BEGIN, /* {-# */
	T_META_END,   /* #-} */
} st__tok;

typedef struct st__token {
	st__tok kind;
	const char *start;
	uint32_t len;
	uint32_t line;
	uint32_t col;
	/* For `%123`: 123, computed by the lexer; UINT32_MAX for other names. */
	uint32_t num;
} st__token;

/* Growable pointer vector in context memory.  The first few elements live
 * in the struct itself (most ops have few operands), so a vector must not
 * be copied by value once it holds something. */
typedef struct st__vec {
	void **data;
	size_t n, cap;
	void *small[6];
} st__vec;

typedef struct st__name_entry st__name_entry;
typedef struct st__alias st__alias;

typedef struct st__log_item {
	uint32_t kind; /* 0: hash entry, 1: numeric slot */
	uint32_t idx;
} st__log_item;

struct st_parser {
	st_context *ctx;
	const char *buf;
	const char *end;
	const char *pos;
	const char *line_start;
	const char *prev_end; /* where the token before the current one ended */
	/* A format-parsing state kept for the next op (core/format.c): it is
	 * too big to allocate per op. */
	void *format_spare;
	/* Whether a %N name ever went into the hash table (a forward reference):
	 * until then a new %N needs no table lookup. */
	bool numeric_entries;
	uint32_t line;
	st_ident *filename;
	st__token tok;
	bool mlir14;
	bool failed;
	/* Memory behind the cursor is given back to the kernel as parsing
	 * goes, when the buffer is a private file mapping. */
	const char *release_base;
	const char *released_to;
	/* Aliases #name and !name. */
	st__alias *aliases;
	size_t naliases, alias_cap;
	/* SSA and block names: a chained hash table of entries, a fast array
	 * for %N names, and a log for scope popping. */
	st__name_entry *entries;
	size_t nentries, entry_cap;
	uint32_t *buckets;
	size_t nbuckets;
	uint32_t free_entry; /* free list through entries (1-based), 0: none */
	/* %N slots: 32-bit offsets (in 8-byte units, from one of four bases)
	 * while every value is within reach, else pointers (numeric_wide). */
	void *numeric;
	size_t numeric_cap;
	uintptr_t numeric_base[4];
	unsigned numeric_nbases;
	bool numeric_wide;
	/* The regions being parsed, outermost first (slot 0, NULL, stands for
	 * the top level), and where the innermost isolated one starts: a value
	 * in a %N slot is visible when its region is on the stack from
	 * iso_base up.  This needs no per-name bookkeeping when regions close. */
	st_region **rstack;
	size_t nrstack, rstack_cap, iso_base;
	st__log_item *log;
	size_t nlog, log_cap;
	uint32_t scope;       /* current isolated scope id */
	uint32_t region_id;   /* current region id (block names) */
	uint32_t next_scope_id;
	size_t nplaceholders; /* unresolved forward references */
	st__vec placeholders; /* every forward-reference value made */
	bool cur_isolated;     /* the custom op being parsed is isolated */
	long source_index;     /* of the buffer in the context, -1: none */
	/* `loc(#name)` used before `#name = loc(...)` (mlir-opt prints its
	 * location aliases at the end of the file): placeholders resolved when
	 * the whole file is read. */
	st__vec deferred_locs;
	/* The function types last read, by their exact text: generic ops repeat
	 * the same few signatures, and one memcmp beats parsing and uniquing
	 * them again. */
	struct {
		const char *text;
		uint32_t len;
		st_type *type;
	} ftcache[8];
	unsigned ftnext;
	/* Default dialect stack (func.func body: "func"). */
	const char *default_dialect[64];
	size_t ndefault;
	int depth;
};

/* A bounded text sink for messages. */
typedef struct st__bounded {
	char *buf;
	size_t cap, len;
} st__bounded;
void st__bounded_write(void *ud, const char *data, size_t len);

/* Lexer. */
void st__lex(st_parser *p);
st_attr *st__tok_loc(st_parser *p, const st__token *t);
st_status st__err_at(st_parser *p, const st__token *t, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Inline so that strlen of a literal keyword folds away: this runs for
 * every bare identifier the parser meets. */
static inline bool st__tok_is(const st__token *t, const char *kw) {
	size_t n = strlen(kw);
	return t->kind == T_BARE && t->len == n && memcmp(t->start, kw, n) == 0;
}
/* Unescape a string token into context memory. */
st_status st__unescape(st_parser *p, const st__token *t, char **out, size_t *len);
/* The `>` closing a dialect body whose text starts at `s` (after its `<`):
 * brackets nest, strings and arrows are skipped.  NULL when there is none
 * before `end`, with *bad the unbalanced character (`<` at the end, 0 when
 * nested too deeply).  The printer asks it whether a body reads back. */
const char *st__dialect_body_end(const char *s, const char *end, char *bad);

/* Types, attributes, locations. */
st_status st__parse_type(st_parser *p, st_type **out);
st_status st__parse_attr(st_parser *p, st_type *type, st_attr **out);
st_status st__parse_loc_body(st_parser *p, st_attr **out);
st_status st__parse_dict(st_parser *p, st_attr **out);
bool st__starts_type(st_parser *p);
st_status st__parse_alias_def(st_parser *p);
void *st__alias_lookup(st_parser *p, st_ident *name);
st_attr *st__defer_loc_alias(st_parser *p, const st__token *t);
void st__free_aliases(st_parser *p);
bool st__vec_push(st_context *ctx, st__vec *v, void *x);
void st__vec_free(st_context *ctx, st__vec *v);

/* The MLIR 14 spelling of names. */
const char *st__mlir14_to_current(st_context *ctx, st_str name);
/* Frees what core/format.c keeps in the parser between ops. */
void st__format_parser_fini(st_parser *p);
/* The op-name record an MLIR 14 name stands for now (itself if unchanged). */
st__opname *st__mlir14_redirect(st_context *ctx, st__opname *on);
const char *st__current_to_mlir14(const st_opdef *def);
st_named_attr st__mlir14_attr_export(st_context *ctx, const st_opdef *op, st_named_attr a);
st_status st__mlir14_import_attrs(st_context *ctx, const st_opdef *op, size_t n, st_named_attr *attrs, size_t *dup);

#endif
