/* The bitstream reader (docs/cgra.md, "Bitstream"): the header (format
 * version, target, the host's arrays) and the register writes, each kept
 * with its line so that the simulator can point at the write it cannot
 * take.  Every malformed line is a located error; every size has a limit. */
#include "cgra_bits.h"
#include "cgra_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_ARRAYS 32

const st_limit_def st__cg_writes_limit = {
	.name = "cgra-bitstream-writes",
	.summary = "register writes of a CGRA bitstream",
	.value = 1 << 22,
	.max = 1 << 28,
};

const st_limit_def st__cg_elements_limit = {
	.name = "cgra-host-elements",
	.summary = "elements of one host array a CGRA bitstream describes",
	.value = 1 << 24,
	.max = (int64_t)1 << 32,
};

typedef struct bs_write {
	uint32_t tile, reg, line;
	int64_t value;
} bs_write;

struct st_cgra_bitstream {
	st_context *ctx;
	st_str file;
	char target[128];
	int64_t rows, cols;
	uint64_t fingerprint;
	uint32_t target_line;
	st_cgra_host_array arrays[MAX_ARRAYS];
	size_t narrays;
	bs_write *w;
	size_t nw, capw;
};

typedef struct lexer {
	st_cgra_bitstream *b;
	st_str text;
	size_t at, line_start;
	unsigned line;
} lexer;

static st_status err(lexer *lx, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static st_status err(lexer *lx, size_t at, const char *fmt, ...) {
	st_attr *loc = st_loc_file(lx->b->ctx, lx->b->file, lx->line, (unsigned)(at - lx->line_start + 1));
	va_list ap;
	va_start(ap, fmt);
	st_diag *d = st_diag_createv(lx->b->ctx, ST_SEV_ERROR, loc, fmt, ap);
	va_end(ap);
	return d ? st_diag_emit(d) : ST_FAIL;
}

static void skip_blanks(lexer *lx) {
	while (lx->at < lx->text.len && (lx->text.data[lx->at] == ' ' || lx->text.data[lx->at] == '\t'))
		lx->at++;
}

/* The next word of the line (no blanks): its start and length. */
static size_t word(lexer *lx, size_t *start) {
	skip_blanks(lx);
	*start = lx->at;
	while (lx->at < lx->text.len && lx->text.data[lx->at] != ' ' && lx->text.data[lx->at] != '\t' &&
	       lx->text.data[lx->at] != '\n' && lx->text.data[lx->at] != '#')
		lx->at++;
	return lx->at - *start;
}

static bool at_eol(lexer *lx) {
	skip_blanks(lx);
	return lx->at >= lx->text.len || lx->text.data[lx->at] == '\n' || lx->text.data[lx->at] == '#';
}

static bool parse_u64(const char *s, size_t n, int base, uint64_t *v) {
	if (!n || n > (base == 16 ? 16u : 19u))
		return false;
	uint64_t x = 0;
	for (size_t i = 0; i < n; i++) {
		int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0'
		        : base == 16 && s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
		        : base == 16 && s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10
		                                                   : -1;
		if (d < 0)
			return false;
		x = x * (uint64_t)base + (uint64_t)d;
	}
	*v = x;
	return true;
}

static st_status number(lexer *lx, int base, uint64_t max, const char *what, uint64_t *v) {
	size_t s, n = word(lx, &s);
	if (!parse_u64(lx->text.data + s, n, base, v) || *v > max)
		return err(lx, s, "cgra bitstream: expected %s", what);
	return ST_OK;
}

static bool parse_type(const char *s, size_t n, st_cgra_host_array *a) {
	uint64_t w;
	if (n == 4 && !memcmp(s, "bf16", 4)) {
		a->bits = 16;
		a->is_float = true;
		return true;
	}
	if (n >= 2 && (s[0] == 'f' || s[0] == 'i') && parse_u64(s + 1, n - 1, 10, &w)) {
		a->is_float = s[0] == 'f';
		a->bits = (unsigned)w;
		return a->is_float ? w == 16 || w == 32 || w == 64 : w >= 1 && w <= 64;
	}
	return false;
}

static st_status parse_array(lexer *lx) {
	st_cgra_bitstream *b = lx->b;
	size_t s, n;
	if (b->narrays == MAX_ARRAYS)
		return err(lx, lx->at, "cgra bitstream: more than %d host arrays", MAX_ARRAYS);
	st_cgra_host_array *a = &b->arrays[b->narrays];
	memset(a, 0, sizeof *a);
	uint64_t v;
	if (st_failed(number(lx, 10, 1023, "an argument number", &v)))
		return ST_FAIL;
	a->arg = (int)v;
	for (size_t i = 0; i < b->narrays; i++)
		if (b->arrays[i].arg == a->arg)
			return err(lx, lx->at, "cgra bitstream: argument %d is described twice", a->arg);
	n = word(lx, &s);
	if (!(n == 2 && !memcmp(lx->text.data + s, "in", 2)) && !(n == 3 && !memcmp(lx->text.data + s, "out", 3)))
		return err(lx, s, "cgra bitstream: expected %s", "'in' or 'out'");
	a->out = n == 3;
	n = word(lx, &s);
	if (!parse_type(lx->text.data + s, n, a))
		return err(lx, s, "cgra bitstream: expected %s", "an element type (i1 to i64, bf16, f16, f32, f64)");
	if (st_failed(number(lx, 10, (uint64_t)1 << 40, "a word address", &v)))
		return ST_FAIL;
	a->base = (int64_t)v;
	n = word(lx, &s);
	a->count = 1;
	for (size_t i = 0, j = 0; i <= n; i++) {
		if (i < n && lx->text.data[s + i] != 'x')
			continue;
		int64_t cap = st_context_limit(b->ctx, &st__cg_elements_limit), n;
		if (a->rank == 8 || !parse_u64(lx->text.data + s + j, i - j, 10, &v) || v == 0 || v > (uint64_t)cap)
			return err(lx, s, "cgra bitstream: expected a shape of up to 8 positive dimensions (AxBxC)");
		if (!st_mul_size(a->count, (int64_t)v, &n) || n > cap) {
			char hint[160];
			return err(lx, s, "cgra bitstream: the array has more than %lld elements %s", (long long)cap,
			           st_limit_hint(b->ctx, &st__cg_elements_limit, hint, sizeof hint));
		}
		a->shape[a->rank++] = (int64_t)v;
		a->count *= (int64_t)v;
		j = i + 1;
	}
	b->narrays++;
	return ST_OK;
}

static st_status parse_write(lexer *lx) {
	st_cgra_bitstream *b = lx->b;
	uint64_t t, r, v;
	size_t at = lx->at;
	if (st_failed(number(lx, 16, 0xffffffffu, "a tile address (hex)", &t)) ||
	    st_failed(number(lx, 16, 0xffffu, "a register number (hex)", &r)) ||
	    st_failed(number(lx, 16, UINT64_MAX, "a value (hex, 64 bits)", &v)))
		return ST_FAIL;
	int64_t cap = st_context_limit(b->ctx, &st__cg_writes_limit);
	if ((int64_t)b->nw >= cap) {
		char hint[160];
		return err(lx, at, "cgra bitstream: more than %lld register writes %s", (long long)cap,
		           st_limit_hint(b->ctx, &st__cg_writes_limit, hint, sizeof hint));
	}
	if (b->nw == b->capw) {
		size_t nc = b->capw ? 2 * b->capw : 1024;
		bs_write *p = st_ctx_realloc(b->ctx, b->w, b->capw * sizeof *p, nc * sizeof *p);
		if (!p)
			return ST_FAIL;
		b->w = p;
		b->capw = nc;
	}
	b->w[b->nw++] = (bs_write){(uint32_t)t, (uint32_t)r, lx->line, (int64_t)v};
	return ST_OK;
}

static bool keyword(lexer *lx, const char *kw) {
	size_t save = lx->at, s, n = word(lx, &s);
	if (n == strlen(kw) && !memcmp(lx->text.data + s, kw, n))
		return true;
	lx->at = save;
	return false;
}

st_cgra_bitstream *st_cgra_bitstream_read(st_context *ctx, st_str text, const char *filename) {
	st_cgra_bitstream *b = st_ctx_alloc(ctx, sizeof *b);
	if (!b)
		return NULL;
	memset(b, 0, sizeof *b);
	b->ctx = ctx;
	b->file = st_ident_str(st_ident_get_c(ctx, filename ? filename : "<bitstream>"));
	lexer lx = {.b = b, .text = text, .line = 1};
	int stage = 0; /* 0: magic, 1: target, 2: body, 3: after end */
	int64_t end_count = -1;
	st_status st = ST_OK;
	while (st == ST_OK && lx.at < text.len) {
		lx.line_start = lx.at;
		if (!at_eol(&lx)) {
			size_t start = lx.at;
			if (stage == 3)
				st = err(&lx, start, "cgra bitstream: %s after 'end'", "text");
			else if (stage == 0) {
				uint64_t v;
				if (!keyword(&lx, "strata-cgra-bitstream"))
					st = err(&lx, start, "cgra bitstream: expected %s", "'strata-cgra-bitstream <version>' first");
				else if (st_succeeded(st = number(&lx, 10, 1000000, "a version number", &v)) &&
				         v != CG_BITSTREAM_VERSION)
					st = err(&lx, start, "cgra bitstream: version %llu is not the version %d this reader knows",
					         (unsigned long long)v, CG_BITSTREAM_VERSION);
				stage = 1;
			} else if (stage == 1) {
				size_t s, n;
				uint64_t r, c;
				if (!keyword(&lx, "target"))
					st = err(&lx, start, "cgra bitstream: expected %s", "'target <name> <rows> <cols>'");
				else if ((n = word(&lx, &s)) == 0 || n >= sizeof b->target)
					st = err(&lx, s, "cgra bitstream: expected %s", "a target name of at most 127 characters");
				else if (st_succeeded(st = number(&lx, 10, 4096, "a row count", &r)) &&
				         st_succeeded(st = number(&lx, 10, 4096, "a column count", &c)) &&
				         st_succeeded(st = number(&lx, 16, UINT64_MAX, "the fabric's fingerprint (hex)", &b->fingerprint))) {
					b->target_line = lx.line;
					memcpy(b->target, text.data + s, n);
					b->target[n] = 0;
					b->rows = (int64_t)r;
					b->cols = (int64_t)c;
				}
				stage = 2;
			} else if (keyword(&lx, "array")) {
				st = parse_array(&lx);
			} else if (keyword(&lx, "end")) {
				uint64_t v;
				st = number(&lx, 10, (uint64_t)1 << 32, "the count of register writes", &v);
				end_count = (int64_t)v;
				if (st == ST_OK && end_count != (int64_t)b->nw)
					st = err(&lx, start, "cgra bitstream: 'end' counts %lld register writes but %zu came before it (a "
					                     "truncated or edited file)",
					         (long long)end_count, b->nw);
				stage = 3;
			} else {
				st = parse_write(&lx);
			}
			if (st == ST_OK && !at_eol(&lx))
				st = err(&lx, lx.at, "cgra bitstream: expected %s", "the end of the line");
		}
		while (lx.at < text.len && text.data[lx.at] != '\n')
			lx.at++;
		if (lx.at < text.len) {
			lx.at++;
			lx.line++;
		}
	}
	lx.line_start = lx.at;
	if (st == ST_OK && stage < 3)
		st = err(&lx, lx.at, "cgra bitstream: %s",
		         stage < 2 ? "the header is missing" : "missing 'end <count>' (a truncated file)");
	if (st_failed(st)) {
		st_cgra_bitstream_free(b);
		return NULL;
	}
	return b;
}

void st_cgra_bitstream_free(st_cgra_bitstream *b) {
	if (!b)
		return;
	if (b->w)
		st_ctx_free(b->ctx, b->w, b->capw * sizeof *b->w);
	st_ctx_free(b->ctx, b, sizeof *b);
}

const char *st_cgra_bitstream_target(const st_cgra_bitstream *b) { return b->target; }
size_t st_cgra_bitstream_num_arrays(const st_cgra_bitstream *b) { return b->narrays; }
const st_cgra_host_array *st_cgra_bitstream_array(const st_cgra_bitstream *b, size_t i) {
	return i < b->narrays ? &b->arrays[i] : NULL;
}
size_t st_cgra_bitstream_num_writes(const st_cgra_bitstream *b) { return b->nw; }

/* For the simulator: write i and where it came from. */
void st__cg_bitstream_write(const st_cgra_bitstream *b, size_t i, uint32_t *tile, uint32_t *reg, int64_t *value,
                            uint32_t *line) {
	*tile = b->w[i].tile;
	*reg = b->w[i].reg;
	*value = b->w[i].value;
	*line = b->w[i].line;
}

st_attr *st__cg_bitstream_loc(const st_cgra_bitstream *b, uint32_t line) {
	return st_loc_file(b->ctx, b->file, line, 1);
}

void st__cg_bitstream_dims(const st_cgra_bitstream *b, int64_t *rows, int64_t *cols, uint64_t *fingerprint,
                           uint32_t *line) {
	*line = b->target_line;
	*rows = b->rows;
	*cols = b->cols;
	*fingerprint = b->fingerprint;
}
