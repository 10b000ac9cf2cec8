/* Programs of the systolic target and their file (docs/systolic.md, "The
 * program file"):
 *
 *   strata-systolic 1
 *   machine 0x1c9e0d4f27a31b55      # the ACG's fingerprint
 *   dram 2048                       # bytes the program uses
 *   tensor input A i8 4x8 0x0       # name, element, shape, byte address
 *   tensor output C i32 4x5 0x40
 *   tensor const @k i8 3x3 0x80     # a constant: its elements follow,
 *   data 1 254 3 4 5 250 7 248 9    # each in its width (two's complement)
 *   words 57
 *   0x5a000012                      # one instruction word per line
 *   ...
 *
 * The loader reads nothing else and trusts nothing: every malformed line,
 * word that decodes to no mnemonic, namespace naming no node, tensor
 * outside DRAM or machine of another ACG is an error at its line and
 * column. */
#include "sys_internal.h"

#include "strata/scan.h"

#include <stdio.h>


st_systolic_program *sys_program_new(st_context *ctx) {
	st_systolic_program *p = st_ctx_alloc(ctx, sizeof *p);
	if (!p)
		return NULL;
	memset(p, 0, sizeof *p);
	p->ctx = ctx;
	return p;
}

void st_systolic_program_destroy(st_systolic_program *p) {
	if (!p)
		return;
	for (size_t i = 0; i < p->ntensors; i++)
		if (p->data[i])
			st_ctx_free(p->ctx, p->data[i], (size_t)sys_tensor_elems(&p->tensors[i]) * sizeof *p->data[i]);
	if (p->words)
		st_ctx_free(p->ctx, p->words, p->cap * sizeof *p->words);
	if (p->lines)
		st_ctx_free(p->ctx, p->lines, p->cap * sizeof *p->lines);
	st_ctx_free(p->ctx, p, sizeof *p);
}

int32_t *sys_program_const_data(st_systolic_program *p, size_t i) {
	size_t n = (size_t)sys_tensor_elems(&p->tensors[i]);
	if (!p->data[i] && (p->data[i] = st_ctx_alloc(p->ctx, (n ? n : 1) * sizeof *p->data[i])))
		memset(p->data[i], 0, (n ? n : 1) * sizeof *p->data[i]);
	return p->data[i];
}

st_status sys_program_push(st_systolic_program *p, uint64_t word, uint32_t line) {
	if (p->nwords == p->cap) {
		size_t nc = p->cap ? 2 * p->cap : 256;
		uint64_t *w = st_ctx_realloc(p->ctx, p->words, p->cap * sizeof *w, nc * sizeof *w);
		if (!w)
			return ST_FAIL;
		p->words = w;
		uint32_t *l = st_ctx_realloc(p->ctx, p->lines, p->cap * sizeof *l, nc * sizeof *l);
		if (!l)
			return ST_FAIL;
		p->lines = l;
		p->cap = nc;
	}
	p->words[p->nwords] = word;
	p->lines[p->nwords++] = line;
	return ST_OK;
}

st_attr *sys_program_loc(const st_systolic_program *p, size_t word) {
	if (p->file && word < p->nwords && p->lines[word])
		return st_loc_file(p->ctx, st_ident_str(p->file), p->lines[word], 1);
	return st_loc_unknown(p->ctx);
}

size_t st_systolic_program_num_tensors(const st_systolic_program *p) { return p->ntensors; }
const st_systolic_tensor *st_systolic_program_tensor(const st_systolic_program *p, size_t i) {
	return i < p->ntensors ? &p->tensors[i] : NULL;
}
size_t st_systolic_program_num_words(const st_systolic_program *p) { return p->nwords; }
uint64_t st_systolic_program_dram_bytes(const st_systolic_program *p) { return p->dram_bytes; }

uint64_t sys_tensor_bytes(const st_systolic_tensor *t) {
	uint64_t n = sys_elem_bytes(t);
	for (size_t d = 0; d < t->rank; d++)
		n *= (uint64_t)t->dims[d];
	return n;
}

int64_t sys_tensor_elems(const st_systolic_tensor *t) {
	int64_t n = 1;
	for (size_t d = 0; d < t->rank; d++)
		n *= t->dims[d];
	return n;
}

/* ------------------------------------------------------------------ write */

static void wr(st_write_fn w, void *ud, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void wr(st_write_fn w, void *ud, const char *fmt, ...) {
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	w(ud, buf, n < 0 ? 0 : ((size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1));
}

void sys_write_header(const st_systolic_program *p, st_write_fn w, void *ud) {
	wr(w, ud, "strata-systolic 1\nmachine %s\ndram %llu\n", p->target, (unsigned long long)p->dram_bytes);
	for (size_t i = 0; i < p->ntensors; i++) {
		const st_systolic_tensor *t = &p->tensors[i];
		static const char *const kinds[] = {"input", "output", "inout", "local", "const"};
		wr(w, ud, "tensor %s %s i%u ", kinds[t->kind], t->name, t->bits);
		for (size_t d = 0; d < t->rank; d++)
			wr(w, ud, d ? "x%lld" : "%lld", (long long)t->dims[d]);
		wr(w, ud, " 0x%llx\n", (unsigned long long)t->addr);
		/* A constant's elements, 16 to a line. */
		int64_t n = t->kind == ST_SYSTOLIC_CONST && p->data[i] ? sys_tensor_elems(t) : 0;
		uint32_t mask = t->bits == 32 ? UINT32_MAX : (UINT32_C(1) << t->bits) - 1;
		for (int64_t k = 0; k < n; k++)
			wr(w, ud, "%s%lu%s", k % 16 ? " " : "data ", (unsigned long)((uint32_t)p->data[i][k] & mask),
			   k % 16 == 15 || k == n - 1 ? "\n" : "");
	}
}

st_status st_systolic_program_write(const st_systolic_program *p, st_write_fn w, void *ud) {
	sys_write_header(p, w, ud);
	wr(w, ud, "words %zu\n", p->nwords);
	for (size_t i = 0; i < p->nwords; i++)
		wr(w, ud, "0x%08llx\n", (unsigned long long)p->words[i]);
	return ST_OK;
}

/* ------------------------------------------------------------------- read */

static st_status read_tensor(sys_reader *r, st_systolic_program *p, const char *b, const char *e) {
	st_systolic_tensor *t = &p->tensors[p->ntensors];
	memset(t, 0, sizeof *t);
	st_str kind = sys_word(&b, e), name = sys_word(&b, e), type = sys_word(&b, e), shape = sys_word(&b, e),
	       addr = sys_word(&b, e);
	if (st_str_eq_c(kind, "input"))
		t->kind = ST_SYSTOLIC_INPUT;
	else if (st_str_eq_c(kind, "output"))
		t->kind = ST_SYSTOLIC_OUTPUT;
	else if (st_str_eq_c(kind, "inout"))
		t->kind = ST_SYSTOLIC_INOUT;
	else if (st_str_eq_c(kind, "local"))
		t->kind = ST_SYSTOLIC_LOCAL;
	else if (st_str_eq_c(kind, "const"))
		t->kind = ST_SYSTOLIC_CONST;
	else
		return sys_err(r, kind.data, "a tensor is an 'input', 'output', 'inout', 'local' or 'const', not '%.*s'", (int)kind.len,
		               kind.data);
	if (!name.len || name.len >= sizeof t->name)
		return sys_err(r, name.data, "a tensor needs a name of 1 to %zu characters", sizeof t->name - 1);
	memcpy(t->name, name.data, name.len);
	for (size_t i = 0; i < p->ntensors; i++)
		if (!strcmp(p->tensors[i].name, t->name))
			return sys_err(r, name.data, "tensor '%s' is declared twice", t->name);
	if (st_str_eq_c(type, "i8") || st_str_eq_c(type, "i16") || st_str_eq_c(type, "i32"))
		t->bits = type.data[1] == '8' ? 8u : (type.data[1] == '1' ? 16u : 32u);
	else
		return sys_err(r, type.data, "a tensor's element is i8, i16 or i32, not '%.*s'", (int)type.len, type.data);
	const char *s = shape.data, *se = shape.data + shape.len;
	if (!shape.len)
		return sys_err(r, shape.data, "expected the tensor's shape (4x8)");
	uint64_t elems = 1;
	while (s < se) {
		const char *x = memchr(s, 'x', (size_t)(se - s));
		const char *de = x ? x : se;
		uint64_t v;
		if (t->rank == ST_SYSTOLIC_MAX_RANK)
			return sys_err(r, s, "a tensor has at most %d dimensions", ST_SYSTOLIC_MAX_RANK);
		if (st_failed(sys_number_limited(r, st_str_make(s, (size_t)(de - s)), &sys_dram_limit, &v, "a dimension")))
			return ST_FAIL;
		if (v == 0)
			return sys_err(r, s, "a dimension is at least 1");
		t->dims[t->rank++] = (int64_t)v;
		elems *= v;
		if (elems > p->dram_bytes)
			return sys_err(r, shape.data, "tensor '%s' is larger than the program's %llu bytes of DRAM", t->name,
			               (unsigned long long)p->dram_bytes);
		s = x ? x + 1 : se;
		if (x && s == se)
			return sys_err(r, x, "expected a dimension after 'x'");
	}
	uint64_t a;
	if (st_failed(sys_number(r, addr, p->dram_bytes, &a, "the tensor's byte address")))
		return ST_FAIL;
	t->addr = a;
	uint64_t bytes = elems * sys_elem_bytes(t);
	if (a + bytes > p->dram_bytes)
		return sys_err(r, addr.data, "tensor '%s' (bytes 0x%llx..0x%llx) is outside the program's %llu bytes of DRAM",
		               t->name, (unsigned long long)a, (unsigned long long)(a + bytes - 1),
		               (unsigned long long)p->dram_bytes);
	if (a % sys_elem_bytes(t))
		return sys_err(r, addr.data, "tensor '%s' is not aligned to its element", t->name);
	for (size_t i = 0; i < p->ntensors; i++) {
		const st_systolic_tensor *o = &p->tensors[i];
		if (a < o->addr + sys_tensor_bytes(o) && o->addr < a + bytes)
			return sys_err(r, addr.data, "tensor '%s' overlaps tensor '%s' in DRAM", t->name, o->name);
	}
	if (b < e)
		return sys_err(r, b, "unexpected '%.*s' after the tensor", (int)(e - b), b);
	p->ntensors++;
	if (t->kind == ST_SYSTOLIC_CONST && !sys_program_const_data(p, p->ntensors - 1))
		return ST_FAIL;
	return ST_OK;
}

/* A `data` line: more elements of the last constant, `*have` of them
 * read so far. */
static st_status read_data(sys_reader *r, st_systolic_program *p, int64_t *have, const char *b, const char *e) {
	const st_systolic_tensor *t = p->ntensors ? &p->tensors[p->ntensors - 1] : NULL;
	int64_t n = t && t->kind == ST_SYSTOLIC_CONST ? sys_tensor_elems(t) : 0;
	uint64_t max = t && t->bits < 32 ? (UINT64_C(1) << t->bits) - 1 : UINT32_MAX;
	for (st_str w = sys_word(&b, e); w.len; w = sys_word(&b, e)) {
		uint64_t v;
		if (*have >= n)
			return n ? sys_err(r, w.data, "constant tensor '%s' has %lld elements; this is one more", t->name, (long long)n)
			         : sys_err(r, w.data, "a 'data' line belongs after a 'const' tensor (its elements)");
		if (st_failed(sys_number(r, w, max, &v, "an element")))
			return ST_FAIL;
		/* Sign-extended from the element's width, as DRAM holds it. */
		uint32_t sh = 32 - t->bits;
		p->data[p->ntensors - 1][(*have)++] = (int32_t)((uint32_t)v << sh) >> sh;
	}
	return ST_OK;
}

st_status sys_read_header(sys_reader *r, st_systolic_program *p, const sys_machine *m, bool words, const char **b,
                          const char **e) {
	st_str w;
	uint64_t v;
	char fp[64];
	if (st_failed(sys_keyword_line(r, "strata-systolic", b, e)) ||
	    st_failed(sys_number(r, w = sys_word(b, *e), 1000, &v, "the format version")))
		return ST_FAIL;
	if (v != 1)
		return sys_err(r, w.data, "this is format version %llu; the simulator reads version 1", (unsigned long long)v);
	if (st_failed(sys_keyword_line(r, "machine", b, e)))
		return ST_FAIL;
	w = sys_word(b, *e);
	sys_machine_fingerprint(m->graph, fp, sizeof fp);
	/* Hand-written assembly may say `machine *`: the ACG it is assembled for. */
	if (!words && st_str_eq_c(w, "*"))
		w = st_str_c(fp);
	if (w.len >= sizeof p->target || !st_str_eq_c(w, fp))
		return sys_err(r, w.data, "the program is for machine '%.*s', the ACG describes machine '%s'", (int)w.len, w.data, fp);
	memcpy(p->target, w.data, w.len);
	if (st_failed(sys_keyword_line(r, "dram", b, e)) ||
	    st_failed(sys_number_limited(r, w = sys_word(b, *e), &sys_dram_limit, &v, "the DRAM size")))
		return ST_FAIL;
	p->dram_bytes = v;
	uint64_t cap = st_acg_capacity_bytes(m->nodes[m->dram].op);
	if (cap && v > cap)
		return sys_err(r, w.data, "the program uses %llu bytes of DRAM, '%s' has %llu", (unsigned long long)v,
		               m->nodes[m->dram].name, (unsigned long long)cap);
	int64_t have = 0; /* elements of the last constant read */
	for (;;) {
		const char *at = r->s;
		const st_systolic_tensor *last = p->ntensors ? &p->tensors[p->ntensors - 1] : NULL;
		bool more = last && last->kind == ST_SYSTOLIC_CONST && have < sys_tensor_elems(last);
		if (!sys_next_line(r, b, e)) {
			if (more)
				return sys_err(r, at, "constant tensor '%s' has %lld of its %lld elements", last->name, (long long)have,
				               (long long)sys_tensor_elems(last));
			if (!words) {
				*b = NULL;
				return ST_OK;
			}
			return sys_err(r, at, "the program ends before its 'words' line");
		}
		const char *line = *b;
		w = sys_word(b, *e);
		if (st_str_eq_c(w, "data")) {
			if (st_failed(read_data(r, p, &have, *b, *e)))
				return ST_FAIL;
			continue;
		}
		if (more)
			return sys_err(r, w.data, "constant tensor '%s' has %lld of its %lld elements", last->name, (long long)have,
			               (long long)sys_tensor_elems(last));
		have = 0;
		if (words && st_str_eq_c(w, "words"))
			return ST_OK;
		if (!st_str_eq_c(w, "tensor")) {
			if (!words) {
				*b = line;
				return ST_OK;
			}
			return sys_err(r, w.data, "expected 'tensor' or 'words', not '%.*s'", (int)w.len, w.data);
		}
		if (p->ntensors == ST_SYSTOLIC_MAX_TENSORS)
			return sys_err(r, w.data, "a program has at most %d tensors", ST_SYSTOLIC_MAX_TENSORS);
		if (st_failed(read_tensor(r, p, *b, *e)))
			return ST_FAIL;
	}
}

/* Every namespace field must name a storage node of the machine. */
static const char *bad_namespace(const sys_machine *m, const sys_instr *in) {
	for (size_t f = 0; f < in->mn->nfields; f++) {
		size_t len = strlen(in->mn->field[f]);
		if (!in->mn->enumerated[f] || len < 2 || strcmp(in->mn->field[f] + len - 2, "NS") != 0)
			continue;
		const char *node = sys_mn_enum_name(in->mn, (int)f, in->f[f]);
		if (!node || sys_machine_node(m, node) < 0)
			return node ? node : "?";
	}
	return NULL;
}

st_status sys_check_instrs(st_systolic_program *p, const sys_machine *m, const sys_isa *isa, st_attr *loc) {
	size_t cap = p->nwords ? p->nwords : 1;
	sys_instr *ins = st_ctx_alloc(p->ctx, cap * sizeof *ins);
	if (!ins)
		return ST_FAIL;
	size_t n = 0, bad = 0;
	const char *why = NULL;
	st_status st = sys_decode(isa, p->words, p->nwords, ins, &n, &bad, &why);
	if (st_failed(st))
		st_error(p->ctx, p->file ? sys_program_loc(p, bad) : loc, "word %zu (0x%llx) %s", bad,
		         (unsigned long long)p->words[bad], why);
	for (size_t i = 0; st_succeeded(st) && i < n; i++) {
		const char *ns = bad_namespace(m, &ins[i]);
		if (ns)
			st = st_error(p->ctx, p->file ? sys_program_loc(p, ins[i].word) : loc,
			              "%s: namespace '%s' is no storage node of the machine", ins[i].mn->name, ns);
	}
	st_ctx_free(p->ctx, ins, cap * sizeof *ins);
	return st;
}

st_systolic_program *sys_read_begin(st_context *ctx, st_op *graph, st_str text, const char *filename, sys_reader *r,
                                    sys_machine *m, sys_isa *isa, st_attr **top) {
	*r = (sys_reader){.ctx = ctx, .file = st_str_c(filename), .s = text.data, .end = text.data + text.len, .line = text.data};
	*top = st_loc_file(ctx, r->file, 1, 1);
	if (st_failed(sys_machine_init(m, graph, *top)) || st_failed(sys_isa_init(isa, graph, *top)))
		return NULL;
	st_systolic_program *p = sys_program_new(ctx);
	if (p)
		p->file = st_ident_get_c(ctx, filename);
	return p;
}

st_systolic_program *sys_read_end(st_systolic_program *p, st_status st, const sys_machine *m, const sys_isa *isa,
                                  st_attr *top) {
	if (st_succeeded(st))
		st = sys_check_instrs(p, m, isa, top);
	if (st_failed(st)) {
		st_systolic_program_destroy(p);
		return NULL;
	}
	return p;
}

st_systolic_program *st_systolic_program_load(st_context *ctx, st_op *graph, st_str text, const char *filename) {
	sys_reader r;
	sys_machine m;
	sys_isa isa;
	st_attr *top;
	st_systolic_program *p = sys_read_begin(ctx, graph, text, filename, &r, &m, &isa, &top);
	if (!p)
		return NULL;
	const char *b, *e;
	uint64_t nwords = 0, v;
	st_status st = sys_read_header(&r, p, &m, true, &b, &e);
	if (st_succeeded(st))
		st = sys_number_limited(&r, sys_word(&b, e), &sys_words_limit, &nwords, "the number of words");
	uint64_t wmax = isa.word_bits >= 64 ? UINT64_MAX : (UINT64_C(1) << isa.word_bits) - 1;
	for (uint64_t i = 0; st_succeeded(st) && i < nwords; i++) {
		const char *at = r.s;
		if (!sys_next_line(&r, &b, &e)) {
			st = sys_err(&r, at, "the program ends after %llu of its %llu words", (unsigned long long)i,
			             (unsigned long long)nwords);
			break;
		}
		st_str w = sys_word(&b, e);
		if (st_succeeded(st = sys_number(&r, w, wmax, &v, "an instruction word")) && b < e)
			st = sys_err(&r, b, "one word per line");
		if (st_succeeded(st))
			st = sys_program_push(p, v, (uint32_t)r.lineno);
	}
	if (st_succeeded(st) && sys_next_line(&r, &b, &e))
		st = sys_err(&r, b, "unexpected text after the %llu words", (unsigned long long)nwords);
	return sys_read_end(p, st, &m, &isa, top);
}
