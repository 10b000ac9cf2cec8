/* The disassembler and the assembler of the systolic target: one line per
 * instruction, `MNEMONIC FIELD=VALUE ...`, enumerated fields by name,
 * fixed fields left out, an EXT prefix folded into the value it extends
 * (docs/systolic.md, "Disassembly").  Assembling the disassembly gives the
 * same words; tests write programs for the simulator this way. */
#include "sys_internal.h"

#include <stdio.h>

static void wr(st_write_fn w, void *ud, const char *s) { w(ud, s, strlen(s)); }

st_status st_systolic_disasm(const st_systolic_program *p, st_op *graph, st_write_fn w, void *ud) {
	st_context *ctx = p->ctx;
	st_attr *loc = st_loc_unknown(ctx);
	sys_machine m;
	sys_isa isa;
	if (st_failed(sys_machine_init(&m, graph, loc)) || st_failed(sys_isa_init(&isa, graph, loc)))
		return ST_FAIL;
	size_t cap = p->nwords ? p->nwords : 1, n = 0, bad = 0;
	const char *why = NULL;
	sys_instr *ins = st_ctx_alloc(ctx, cap * sizeof *ins);
	if (!ins)
		return ST_FAIL;
	st_status st = sys_decode(&isa, p->words, p->nwords, ins, &n, &bad, &why);
	if (st_failed(st)) {
		st_error(ctx, sys_program_loc(p, bad), "word %zu (0x%llx) %s", bad, (unsigned long long)p->words[bad], why);
	} else {
		sys_write_header(p, w, ud);
		for (size_t i = 0; i < n; i++) {
			const sys_mn *mn = ins[i].mn;
			wr(w, ud, mn->name);
			for (size_t f = 0; f < mn->nfields; f++) {
				if (mn->fixed[f])
					continue;
				char buf[96];
				const char *en = mn->enumerated[f] ? sys_mn_enum_name(mn, (int)f, ins[i].f[f]) : NULL;
				if (en)
					snprintf(buf, sizeof buf, " %s=%s", mn->field[f], en);
				else
					snprintf(buf, sizeof buf, " %s=%lld", mn->field[f], (long long)ins[i].f[f]);
				wr(w, ud, buf);
			}
			wr(w, ud, "\n");
		}
	}
	st_ctx_free(ctx, ins, cap * sizeof *ins);
	return st;
}

/* `FIELD=VALUE`: a number (signed for a signed field) or an enumerator. */
static st_status assemble_field(sys_reader *r, const sys_mn *mn, st_str item, int64_t *vals, bool *seen) {
	const char *eq = memchr(item.data, '=', item.len);
	if (!eq)
		return sys_err(r, item.data, "expected FIELD=VALUE, not '%.*s'", (int)item.len, item.data);
	char name[64];
	size_t nl = (size_t)(eq - item.data);
	snprintf(name, sizeof name, "%.*s", (int)(nl < sizeof name ? nl : sizeof name - 1), item.data);
	int f = sys_mn_field(mn, name);
	if (f < 0)
		return sys_err(r, item.data, "mnemonic %s has no field '%s'", mn->name, name);
	if (mn->fixed[f])
		return sys_err(r, item.data, "field %s of %s is fixed by the mnemonic", name, mn->name);
	if (seen[f])
		return sys_err(r, item.data, "field %s is given twice", name);
	seen[f] = true;
	st_str v = st_str_make(eq + 1, item.len - nl - 1);
	if (mn->enumerated[f]) {
		char en[64];
		snprintf(en, sizeof en, "%.*s", (int)(v.len < sizeof en ? v.len : sizeof en - 1), v.data);
		int64_t k = st_acg_mnemonic_enum_index(mn->op, (size_t)f, en);
		if (k < 0)
			return sys_err(r, v.data, "'%.*s' is no value of field %s", (int)v.len, v.data, name);
		vals[f] = k;
		return ST_OK;
	}
	bool neg = v.len && v.data[0] == '-';
	uint64_t x;
	if (neg && !(f == mn->ext && mn->ext_signed))
		return sys_err(r, v.data, "field %s takes no negative value", name);
	if (st_failed(sys_number(r, st_str_make(v.data + neg, v.len - neg), UINT64_C(1) << 62, &x, "a field value")))
		return ST_FAIL;
	vals[f] = neg ? -(int64_t)x : (int64_t)x;
	return ST_OK;
}

st_systolic_program *st_systolic_assemble(st_context *ctx, st_op *graph, st_str text, const char *filename) {
	sys_reader r;
	sys_machine m;
	sys_isa isa;
	st_attr *top;
	st_systolic_program *p = sys_read_begin(ctx, graph, text, filename, &r, &m, &isa, &top);
	if (!p)
		return NULL;
	const char *b, *e;
	st_status st = sys_read_header(&r, p, &m, false, &b, &e);
	for (bool first = true; st_succeeded(st) && (first ? b != NULL : sys_next_line(&r, &b, &e)); first = false) {
		st_str name = sys_word(&b, e);
		char nm[64];
		snprintf(nm, sizeof nm, "%.*s", (int)(name.len < sizeof nm ? name.len : sizeof nm - 1), name.data);
		const sys_mn *mn = sys_isa_find(&isa, nm);
		if (!mn || mn->kind == SYS_EXT) {
			st = sys_err(&r, name.data, mn ? "EXT is written as the value it extends" : "no mnemonic '%s' in the target", nm);
			break;
		}
		int64_t vals[SYS_FIELDS] = {0};
		bool seen[SYS_FIELDS] = {0};
		for (st_str item = sys_word(&b, e); st_succeeded(st) && item.len; item = sys_word(&b, e))
			st = assemble_field(&r, mn, item, vals, seen);
		uint64_t words[2];
		size_t nw = st_succeeded(st) ? sys_encode(&isa, mn, vals, words) : 0;
		if (st_succeeded(st) && !nw)
			st = sys_err(&r, name.data, "a value of this %s does not fit its field", mn->name);
		for (size_t i = 0; st_succeeded(st) && i < nw; i++)
			st = sys_program_push(p, words[i], (uint32_t)r.lineno);
		if (st_succeeded(st) && p->nwords > sys_limit(ctx, &sys_words_limit)) {
			char hint[160];
			st = sys_err(&r, name.data, "the program has more words than the limit %s",
			             sys_limit_hint(ctx, &sys_words_limit, hint, sizeof hint));
		}
	}
	return sys_read_end(p, st, &m, &isa, top);
}
