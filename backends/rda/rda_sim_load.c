/* Reading a configuration (rda_config.c writes it; docs/rda.md,
 * "Configuration") into the simulator's structures.  Every line is checked
 * (numbers in range, references to items that exist, at most what the
 * simulator's limits allow) and an error names the line and column. */
#include "rda_backend_internal.h"
#include "rda_sim_internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct lexer {
	st_rda_sim *s;
	const char *text, *end, *line, *p;
	unsigned lineno;
	bool failed;
	int64_t held; /* words of the buffers and scratchpads read so far */
} lexer;

static void lex_error(lexer *lx, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void lex_error(lexer *lx, const char *fmt, ...) {
	if (lx->failed)
		return;
	lx->failed = true;
	char msg[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	st_context *ctx = lx->s->ctx;
	st_attr *loc = st_loc_file(ctx, st_str_c(lx->s->file), lx->lineno, (unsigned)(lx->p - lx->line) + 1);
	st_error(ctx, loc, "%s", msg);
}

static void skip_blanks(lexer *lx) {
	while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\r'))
		lx->p++;
}

static bool at_eol(lexer *lx) {
	skip_blanks(lx);
	return lx->p >= lx->end || *lx->p == '\n' || *lx->p == '#';
}

/* The next word (into buf); "" at the end of the line. */
static const char *word(lexer *lx, char *buf, size_t n) {
	skip_blanks(lx);
	size_t k = 0;
	while (lx->p < lx->end && *lx->p != ' ' && *lx->p != '\t' && *lx->p != '\n' && *lx->p != '\r' && *lx->p != '#') {
		if (k + 1 < n)
			buf[k++] = *lx->p;
		lx->p++;
	}
	buf[k] = 0;
	return buf;
}

static void expect(lexer *lx, const char *kw) {
	char buf[32];
	const char *at = lx->p;
	if (strcmp(word(lx, buf, sizeof buf), kw)) {
		lx->p = at;
		lex_error(lx, "expected '%s'", kw);
	}
}

static int64_t number(lexer *lx, int64_t lo, int64_t hi) {
	skip_blanks(lx);
	const char *at = lx->p;
	char buf[32];
	word(lx, buf, sizeof buf);
	char *end;
	errno = 0;
	long long v = strtoll(buf, &end, 10);
	if (!*buf || *end || errno) {
		lx->p = at;
		lex_error(lx, "expected an integer");
		return lo;
	}
	if (v < lo || v > hi) {
		lx->p = at;
		lex_error(lx, "%lld is outside %lld..%lld", v, (long long)lo, (long long)hi);
		return lo;
	}
	return v;
}

static uint64_t unsigned_number(lexer *lx) {
	skip_blanks(lx);
	const char *at = lx->p;
	char buf[32];
	word(lx, buf, sizeof buf);
	char *end;
	errno = 0;
	unsigned long long v = strtoull(buf, &end, 10);
	if (!*buf || *end || errno || buf[0] == '-') {
		lx->p = at;
		lex_error(lx, "expected an unsigned integer");
		return 0;
	}
	return v;
}

static sim_ty type_word(lexer *lx) {
	static const char *const names[] = {"i1", "i8", "i16", "i32", "i64", "index", "f16", "f32", "f64", "-"};
	const char *at = lx->p;
	char buf[16];
	word(lx, buf, sizeof buf);
	for (int i = 0; i < 10; i++)
		if (!strcmp(buf, names[i]))
			return (sim_ty)i;
	lx->p = at;
	lex_error(lx, "unknown type '%s'", buf);
	return TY_I32;
}

static void end_line(lexer *lx) {
	if (!at_eol(lx))
		lex_error(lx, "unexpected text at the end of the line");
	while (lx->p < lx->end && *lx->p != '\n')
		lx->p++;
	if (lx->p < lx->end)
		lx->p++;
	lx->line = lx->p;
	lx->lineno++;
}

static void *grow(lexer *lx, void *arr, int32_t *n, size_t elt) {
	st_context *ctx = lx->s->ctx;
	if (*n >= 1 << 20) {
		lex_error(lx, "more than %d items of one kind", 1 << 20);
		return arr;
	}
	void *na = st_ctx_realloc(ctx, arr, (size_t)*n * elt, (size_t)(*n + 1) * elt);
	if (!na) {
		lx->failed = true;
		return arr;
	}
	memset((char *)na + (size_t)*n * elt, 0, elt);
	(*n)++;
	return na;
}

/* An item numbered in order (`buffer 3 ...` is the fourth buffer): its
 * number, then a new zeroed element at the end of *arr; NULL on failure. */
static void *next_item(lexer *lx, void **arr, int32_t *n, size_t elt) {
	number(lx, *n, *n);
	*arr = grow(lx, *arr, n, elt);
	return lx->failed ? NULL : (char *)*arr + (size_t)(*n - 1) * elt;
}

const st_limit_def st__rda_sim_words_limit = {
	.name = "rda-sim-words",
	.summary = "words the rda simulator holds: the DRAM buffers and the scratchpads of a configuration",
	/* 8 bytes a word: 256 MB. */
	.value = (int64_t)1 << 25,
	.max = 0,
};

/* Counts `n` more words held; an error at the line naming the limit when
 * the configuration holds more. */
static bool hold(lexer *lx, int64_t n) {
	st_context *ctx = lx->s->ctx;
	int64_t cap = st_context_limit(ctx, &st__rda_sim_words_limit);
	if (lx->failed)
		return false;
	if (n > cap - lx->held) {
		char hint[160];
		lex_error(lx, "the configuration holds more than %lld words in buffers and scratchpads %s", (long long)cap,
		          st_limit_hint(ctx, &st__rda_sim_words_limit, hint, sizeof hint));
		return false;
	}
	lx->held += n;
	return true;
}

static void *zalloc(st_rda_sim *s, size_t n) {
	void *p = st_ctx_alloc(s->ctx, n ? n : 1);
	if (p)
		memset(p, 0, n ? n : 1);
	return p;
}

/* ---------------------------------------------------------------- items */

static void header(lexer *lx, const char *kw) {
	st_rda_sim *s = lx->s;
	char buf[64];
	if (!strcmp(kw, "rda-config")) {
		number(lx, 1, 1);
	} else if (!strcmp(kw, "machine")) {
		word(lx, buf, sizeof buf);
		expect(lx, "rows"), s->rows = number(lx, 1, 4096);
		expect(lx, "cols"), s->cols = number(lx, 1, 4096);
		expect(lx, "lanes"), s->lanes = number(lx, 1, SIM_MAX_LANES);
	} else if (!strcmp(kw, "dram")) {
		expect(lx, "channels"), s->channels = number(lx, 1, 1024);
		expect(lx, "bits"), s->dram_bits = number(lx, 1, 1 << 20);
		expect(lx, "latency"), s->dram_latency = number(lx, 0, 1 << 20);
		expect(lx, "burst"), s->burst_bits = number(lx, 8, 1 << 16);
		expect(lx, "outstanding"), s->outstanding = number(lx, 1, 1 << 16);
	} else {
		expect(lx, "hop"), s->hop = number(lx, 0, 1 << 10);
		expect(lx, "dynhop"), s->dynhop = number(lx, 0, 1 << 10);
		expect(lx, "flit"), s->flit = number(lx, 0, 1 << 16);
	}
}

static void buffer(lexer *lx) {
	st_rda_sim *s = lx->s;
	sim_buffer *b = next_item(lx, (void **)&s->buffers, &s->nbuffers, sizeof *s->buffers);
	if (!b)
		return;
	word(lx, b->name, sizeof b->name);
	expect(lx, "arg"), b->arg = number(lx, -1, 63);
	expect(lx, "elt"), b->elt = type_word(lx);
	expect(lx, "words"), b->words = number(lx, 0, (int64_t)1 << 31);
	b->elt_bytes = (st__rda_sim_bits(b->elt) + 7) / 8;
	if (hold(lx, b->words) && !(b->data = zalloc(s, (size_t)b->words * sizeof *b->data)))
		lx->failed = true;
}

static void unit(lexer *lx) {
	st_rda_sim *s = lx->s;
	static const char *const kinds[] = {"compute", "memory", "dram", "host"};
	sim_unit *u = next_item(lx, (void **)&s->units, &s->nunits, sizeof *s->units);
	if (!u)
		return;
	char buf[32];
	const char *at = lx->p;
	word(lx, buf, sizeof buf);
	u->kind = -1;
	for (int i = 0; i < 4; i++)
		if (!strcmp(buf, kinds[i]))
			u->kind = i;
	if (u->kind < 0) {
		lx->p = at;
		lex_error(lx, "unknown unit kind '%s'", buf);
	}
	expect(lx, "at"), u->row = number(lx, -1, 4096), u->col = number(lx, -1, 4096);
	expect(lx, "pu"), word(lx, u->pu, sizeof u->pu);
	expect(lx, "reads"), u->reads = number(lx, 0, 64);
	expect(lx, "writes"), u->writes = number(lx, 0, 64);
}

static void scratch(lexer *lx) {
	st_rda_sim *s = lx->s;
	sim_scratch *m = next_item(lx, (void **)&s->scratches, &s->nscratches, sizeof *s->scratches);
	if (!m)
		return;
	expect(lx, "unit"), m->unit = (int32_t)number(lx, 0, s->nunits - 1);
	expect(lx, "elt"), m->elt = type_word(lx);
	expect(lx, "words"), m->words = number(lx, 0, (int64_t)1 << 31);
	expect(lx, "banks"), m->banks = number(lx, 1, 1024);
	expect(lx, "bank_div"), m->bank_div = number(lx, 1, (int64_t)1 << 31);
	expect(lx, "skew"), m->skew = number(lx, 0, (int64_t)1 << 31);
	expect(lx, "part"), m->part = number(lx, 0, 1 << 20), m->parts = number(lx, 1, 1 << 20);
	m->div = number(lx, 1, (int64_t)1 << 31);
	if (!lx->failed && m->part >= m->parts)
		lex_error(lx, "part %lld of %lld", (long long)m->part, (long long)m->parts);
	int64_t local = (m->words + m->parts - 1) / m->parts + m->div;
	if (hold(lx, local) && !(m->data = zalloc(s, (size_t)local * sizeof *m->data)))
		lx->failed = true;
}

/* `init <scratch> at <local> <bits>...`: words of a table the memory
 * unit holds from the start (the bitstream's contents of its SRAM), each
 * within its element's width. */
static void init_words(lexer *lx) {
	st_rda_sim *s = lx->s;
	if (!s->nscratches) {
		lex_error(lx, "an init before any scratchpad");
		return;
	}
	sim_scratch *m = &s->scratches[number(lx, 0, s->nscratches - 1)];
	/* The words this part holds: `div` of every round of div * parts. */
	int64_t round = m->div * m->parts, rest = m->words % round - m->part * m->div;
	int64_t cap = m->words / round * m->div + (rest < 0 ? 0 : rest < m->div ? rest : m->div);
	expect(lx, "at");
	int64_t local = number(lx, 0, cap - 1);
	unsigned w = st__rda_sim_bits(m->elt);
	while (!lx->failed && !at_eol(lx)) {
		const char *at = lx->p;
		uint64_t v = unsigned_number(lx);
		if (lx->failed)
			return;
		if (local >= cap || (w < 64 && v >> w)) {
			lx->p = at;
			lex_error(lx, local >= cap ? "the init runs past the scratchpad's %lld words"
			                           : "the word does not fit the scratchpad's %lld-bit elements",
			          local >= cap ? (long long)cap : (long long)w);
			return;
		}
		m->data[local++] = v;
	}
}

static void stream(lexer *lx) {
	st_rda_sim *s = lx->s;
	sim_stream *st = next_item(lx, (void **)&s->streams, &s->nstreams, sizeof *s->streams);
	if (!st)
		return;
	char buf[16];
	const char *at = lx->p;
	word(lx, buf, sizeof buf);
	st->kind = !strcmp(buf, "token") ? 0 : !strcmp(buf, "scalar") ? 1 : !strcmp(buf, "vector") ? 2 : -1;
	if (st->kind < 0) {
		lx->p = at;
		lex_error(lx, "unknown stream kind '%s'", buf);
	}
	expect(lx, "elt"), st->elt = type_word(lx);
	expect(lx, "lanes"), st->lanes = number(lx, 0, SIM_MAX_LANES);
	expect(lx, "depth"), st->depth = number(lx, 1, 1 << 16);
	expect(lx, "init"), st->init = number(lx, 0, st->depth);
	expect(lx, "value"), st->value = unsigned_number(lx);
	st->writer = -1;
}

static void reader(lexer *lx) {
	st_rda_sim *s = lx->s;
	int64_t id = number(lx, 0, s->nstreams - 1);
	if (lx->failed)
		return;
	sim_stream *st = &s->streams[id];
	st->readers = grow(lx, st->readers, &st->nreaders, sizeof *st->readers);
	if (lx->failed)
		return;
	sim_reader *r = &st->readers[st->nreaders - 1];
	expect(lx, "context"), r->context = (int32_t)number(lx, 0, 1 << 20);
	expect(lx, "latency"), r->latency = number(lx, 1, 1 << 20);
	expect(lx, "links"), r->nlinks = (int32_t)number(lx, 0, 4096);
	if (!lx->failed && r->nlinks && !(r->links = zalloc(s, (size_t)r->nlinks * sizeof *r->links)))
		lx->failed = true;
	for (int32_t i = 0; i < r->nlinks && !lx->failed; i++)
		r->links[i] = (int32_t)number(lx, 0, (s->rows + 2) * (s->cols + 2) * 4 - 1);
}

/* -------------------------------------------------------------- contexts */

typedef struct opname {
	const char *name;
	sim_opc op;
} opname;

static const opname opnames[] = {
	{"ADD", OP_ADD},        {"SUB", OP_SUB},           {"MUL", OP_MUL},         {"DIV", OP_DIV},
	{"DIV.s", OP_DIVS},     {"DIV.u", OP_DIVU},        {"DIV.floor", OP_DIVFLOOR}, {"DIV.ceil", OP_DIVCEIL},
	{"DIV.ceilu", OP_DIVCEILU}, {"REM.s", OP_REMS},    {"REM.u", OP_REMU},      {"AND", OP_AND},
	{"OR", OP_OR},          {"XOR", OP_XOR},           {"SHL", OP_SHL},         {"SHR.s", OP_SHRS},
	{"SHR.u", OP_SHRU},     {"MAX.s", OP_MAXS},        {"MIN.s", OP_MINS},      {"MAX.u", OP_MAXU},
	{"MIN.u", OP_MINU},     {"MAX.f", OP_MAXF},        {"MIN.f", OP_MINF},      {"MAX.num", OP_MAXNUM},
	{"MIN.num", OP_MINNUM}, {"NEG", OP_NEG},           {"SELECT", OP_SELECT},   {"CVT.sext", OP_SEXT},
	{"CVT.zext", OP_ZEXT},  {"CVT.trunc", OP_TRUNC},   {"CVT.sitofp", OP_SITOFP}, {"CVT.uitofp", OP_UITOFP},
	{"CVT.fptosi", OP_FPTOSI}, {"CVT.fptoui", OP_FPTOUI}, {"CVT.bits", OP_BITS}, {"EXP", OP_EXP},
	{"LOG", OP_LOG},        {"SQRT", OP_SQRT},         {"ABS", OP_ABS},         {"FMA", OP_FMA},
	{"FLOOR", OP_FLOOR},
};
static const char *const cmpi_preds[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                         "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};
static const char *const folds[] = {"addi", "addf", "muli", "mulf", "maxsi", "minsi", "maxui", "minui",
                                    "maximumf", "minimumf", "andi", "ori", "xori", NULL};

static int32_t reg_ref(lexer *lx, sim_context *c, bool optional) {
	return (int32_t)number(lx, optional ? -1 : 0, c->nregs - 1);
}

static void opcode(lexer *lx, sim_instr *in, const char *w, sim_ty operand) {
	if (!strncmp(w, "CMP.", 4)) {
		bool f = operand == TY_F32 || operand == TY_F64 || operand == TY_F16;
		const char *const *preds = f ? cmpf_preds : cmpi_preds;
		for (int i = 0; i < (f ? 16 : 10); i++)
			if (!strcmp(w + 4, preds[i])) {
				in->opc = OP_CMP, in->pred_code = (int8_t)i;
				return;
			}
	} else {
		for (size_t i = 0; i < sizeof opnames / sizeof opnames[0]; i++)
			if (!strcmp(w, opnames[i].name)) {
				in->opc = (uint8_t)opnames[i].op;
				return;
			}
	}
	lex_error(lx, "unknown operation '%s'", w);
}

/* One line of a context's body. */
static void instruction(lexer *lx, sim_context *c, const char *kw) {
	st_rda_sim *s = lx->s;
	c->code = grow(lx, c->code, &c->ncode, sizeof *c->code);
	if (lx->failed)
		return;
	sim_instr *in = &c->code[c->ncode - 1];
	in->pred = -1;
	char buf[32];
	const int64_t streams = s->nstreams - 1;
	if (!strcmp(kw, "const")) {
		in->kind = I_CONST, in->dst = reg_ref(lx, c, false), in->ty = (uint8_t)type_word(lx), in->imm = (int64_t)unsigned_number(lx);
	} else if (!strcmp(kw, "ctr")) {
		in->kind = I_CTR, in->dst = reg_ref(lx, c, false), in->a = reg_ref(lx, c, false), in->b = reg_ref(lx, c, false);
		in->step = number(lx, 1, (int64_t)1 << 31), in->stride = number(lx, 1, (int64_t)1 << 40);
		in->imm = number(lx, 0, 1);
		if (c->ncounters == SIM_MAX_COUNTERS)
			lex_error(lx, "more than %d counters", SIM_MAX_COUNTERS);
		else
			c->counters[c->ncounters++] = c->ncode - 1;
		in->level = c->ncounters - 1;
	} else if (!strcmp(kw, "deq")) {
		in->kind = I_DEQ, in->dst = reg_ref(lx, c, false), in->stream = (int32_t)number(lx, 0, streams);
		in->level = (int32_t)number(lx, 0, SIM_MAX_COUNTERS);
	} else if (!strcmp(kw, "wait") || !strcmp(kw, "signal")) {
		in->kind = !strcmp(kw, "wait") ? I_WAIT : I_SIGNAL, in->stream = (int32_t)number(lx, 0, streams);
		in->level = (int32_t)number(lx, 0, SIM_MAX_COUNTERS);
	} else if (!strcmp(kw, "enq")) {
		in->kind = I_ENQ, in->stream = (int32_t)number(lx, 0, streams), in->a = reg_ref(lx, c, false);
		in->level = (int32_t)number(lx, 0, SIM_MAX_COUNTERS), in->pred = reg_ref(lx, c, true);
	} else if (!strcmp(kw, "reg")) {
		in->kind = I_REG, in->dst = reg_ref(lx, c, false), in->a = reg_ref(lx, c, false);
		in->level = (int32_t)number(lx, 0, SIM_MAX_COUNTERS);
	} else if (!strcmp(kw, "regset")) {
		in->kind = I_REGSET, in->dst = reg_ref(lx, c, false), in->a = reg_ref(lx, c, false), in->b = reg_ref(lx, c, false);
	} else if (!strcmp(kw, "fold")) {
		in->kind = I_FOLD, in->dst = reg_ref(lx, c, false);
		const char *at = lx->p;
		word(lx, in->fold, sizeof in->fold);
		size_t k = 0;
		while (folds[k] && strcmp(folds[k], in->fold))
			k++;
		if (!folds[k]) {
			lx->p = at;
			lex_error(lx, "unknown fold '%s'", in->fold);
		}
		in->ty = (uint8_t)type_word(lx), in->a = reg_ref(lx, c, false), in->b = reg_ref(lx, c, false);
	} else if (!strcmp(kw, "read")) {
		in->kind = I_READ, in->dst = reg_ref(lx, c, false), in->target = (int32_t)number(lx, 0, s->nscratches - 1);
		in->a = reg_ref(lx, c, false), in->pred = reg_ref(lx, c, true);
	} else if (!strcmp(kw, "write")) {
		in->kind = I_WRITE, in->target = (int32_t)number(lx, 0, s->nscratches - 1);
		in->a = reg_ref(lx, c, false), in->b = reg_ref(lx, c, false), in->pred = reg_ref(lx, c, true);
	} else if (!strcmp(kw, "load") || !strcmp(kw, "store")) {
		bool load = !strcmp(kw, "load");
		in->kind = load ? I_LOAD : I_STORE, in->target = (int32_t)number(lx, 0, s->nbuffers - 1);
		in->a = reg_ref(lx, c, false);
		if (load)
			in->stream = (int32_t)number(lx, 0, streams);
		else
			in->b = reg_ref(lx, c, false);
		in->pred = reg_ref(lx, c, true);
		in->nacks = (int32_t)number(lx, 0, SIM_MAX_ACKS);
		for (int32_t i = 0; i < in->nacks && !lx->failed; i++)
			in->ack_stream[i] = (int32_t)number(lx, 0, streams), in->ack_level[i] = (int32_t)number(lx, 0, SIM_MAX_COUNTERS);
	} else if (!strcmp(kw, "arg")) {
		in->kind = I_ARG, in->dst = reg_ref(lx, c, false), in->imm = number(lx, 0, 63), in->ty = (uint8_t)type_word(lx);
	} else if (!strcmp(kw, "result")) {
		in->kind = I_RESULT, in->imm = number(lx, 0, 63), in->a = reg_ref(lx, c, false), in->ty = (uint8_t)type_word(lx);
	} else if (!strcmp(kw, "op")) {
		in->kind = I_OP, in->dst = reg_ref(lx, c, false);
		const char *at = lx->p;
		word(lx, buf, sizeof buf);
		in->ty = (uint8_t)type_word(lx), in->ity = (uint8_t)type_word(lx);
		const char *after = lx->p;
		lx->p = at;
		skip_blanks(lx);
		opcode(lx, in, buf, (sim_ty)in->ity);
		lx->p = after;
		int64_t n = number(lx, 1, 3);
		in->a = reg_ref(lx, c, false);
		in->b = n > 1 ? reg_ref(lx, c, false) : in->a;
		in->c = n > 2 ? reg_ref(lx, c, false) : in->a;
	} else {
		lex_error(lx, "unknown instruction '%s'", kw);
	}
}

static void context(lexer *lx) {
	st_rda_sim *s = lx->s;
	sim_context *c = next_item(lx, (void **)&s->contexts, &s->ncontexts, sizeof *s->contexts);
	if (!c)
		return;
	word(lx, c->name, sizeof c->name);
	expect(lx, "unit"), c->unit = (int32_t)number(lx, 0, s->nunits - 1);
	expect(lx, "lanes"), c->lanes = number(lx, 1, s->lanes);
	expect(lx, "ii"), c->ii = number(lx, 1, 1 << 16);
	expect(lx, "latency"), c->latency = number(lx, 1, 1 << 16);
	expect(lx, "regs"), c->nregs = number(lx, 0, 1 << 16);
	end_line(lx);
	char kw[32];
	while (!lx->failed && lx->p < lx->end) {
		if (at_eol(lx)) {
			end_line(lx);
			continue;
		}
		word(lx, kw, sizeof kw);
		if (!strcmp(kw, "end"))
			break;
		instruction(lx, c, kw);
		end_line(lx);
	}
	if (!lx->failed && lx->p >= lx->end && strcmp(kw, "end"))
		lex_error(lx, "context '%s' has no 'end'", c->name);
	size_t nv = (size_t)(c->nregs ? c->nregs : 1) * (size_t)s->lanes;
	if (!lx->failed && (!(c->regs = zalloc(s, nv * sizeof *c->regs)) || !(c->stored = zalloc(s, nv * sizeof *c->stored))))
		lx->failed = true;
}

/* Cross-checks once everything is read: each stream has one writer, each
 * reader is a context that reads it, each instruction's registers and
 * lanes make sense. */
static void check(lexer *lx) {
	st_rda_sim *s = lx->s;
	for (int32_t i = 0; i < s->ncontexts && !lx->failed; i++) {
		sim_context *c = &s->contexts[i];
		for (int32_t k = 0; k < c->ncode; k++) {
			sim_instr *in = &c->code[k];
			bool writes = in->kind == I_ENQ || in->kind == I_SIGNAL || in->kind == I_LOAD;
			if (writes) {
				sim_stream *st = &s->streams[in->stream];
				if (st->writer >= 0 && st->writer != i) {
					lex_error(lx, "stream %d has two writers (contexts '%s' and '%s')", in->stream,
					          s->contexts[st->writer].name, c->name);
					return;
				}
				st->writer = i;
			}
			for (int32_t a = 0; a < in->nacks; a++)
				s->streams[in->ack_stream[a]].writer = i;
			if ((in->kind == I_DEQ || in->kind == I_WAIT || in->kind == I_ENQ || in->kind == I_SIGNAL) &&
			    in->level > c->ncounters) {
				lex_error(lx, "context '%s': level %d of a chain of %d counters", c->name, in->level, c->ncounters);
				return;
			}
		}
	}
	for (int32_t i = 0; i < s->nstreams && !lx->failed; i++) {
		sim_stream *st = &s->streams[i];
		for (int32_t r = 0; r < st->nreaders; r++)
			if (st->readers[r].context >= s->ncontexts) {
				lex_error(lx, "stream %d is read by context %d, which does not exist", i, st->readers[r].context);
				return;
			}
		if (st->writer < 0 && st->nreaders) {
			lex_error(lx, "stream %d has readers but no writer", i);
			return;
		}
	}
}

st_status st__rda_sim_load(st_rda_sim *s, const char *text, size_t len) {
	lexer lx = {s, text, text + len, text, text, 1, false, 0};
	char kw[32];
	bool in_header = true;
	while (!lx.failed && lx.p < lx.end) {
		if (at_eol(&lx)) {
			end_line(&lx);
			continue;
		}
		const char *at = lx.p;
		word(&lx, kw, sizeof kw);
		if (in_header && lx.lineno == 1 && strcmp(kw, "rda-config")) {
			lx.p = at;
			lex_error(&lx, "not an rda configuration (it starts with 'rda-config 1')");
			break;
		}
		if (!strcmp(kw, "rda-config") || !strcmp(kw, "machine") || !strcmp(kw, "dram") || !strcmp(kw, "network"))
			header(&lx, kw);
		else if (!strcmp(kw, "buffer"))
			buffer(&lx);
		else if (!strcmp(kw, "unit"))
			unit(&lx);
		else if (!strcmp(kw, "scratch"))
			scratch(&lx);
		else if (!strcmp(kw, "init"))
			init_words(&lx);
		else if (!strcmp(kw, "stream"))
			stream(&lx);
		else if (!strcmp(kw, "reader"))
			reader(&lx);
		else if (!strcmp(kw, "context")) {
			context(&lx);
			in_header = false;
		} else {
			lx.p = at;
			lex_error(&lx, "unknown item '%s'", kw);
		}
		if (!lx.failed)
			end_line(&lx);
	}
	if (!lx.failed && (!s->lanes || !s->channels))
		lex_error(&lx, "the configuration lacks its 'machine' or 'dram' line");
	if (!lx.failed)
		check(&lx);
	return lx.failed ? ST_FAIL : ST_OK;
}
