/* print-op-stats: how many ops of each name the anchor holds, in MLIR's
 * format ("Operations encountered:", then `dialect.op , count` with the
 * dialect names right-aligned on the dot), or as JSON. */
#include "passes_internal.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct count {
	st_ident *name;
	size_t n;
} count;

typedef struct stats {
	st_context *ctx;
	count *counts;
	size_t n, cap;
	bool oom;
} stats;

static st_walk_result tally(st_op *op, void *ud) {
	stats *s = ud;
	st_ident *name = st_op_name(op);
	/* Few distinct names: the scratch field of the name record would be
	 * faster, but a linear scan keeps the pass free of shared state. */
	for (size_t i = 0; i < s->n; i++)
		if (s->counts[i].name == name) {
			s->counts[i].n++;
			return ST_WALK_ADVANCE;
		}
	if (!st_ctx_grow(s->ctx, (void **)&s->counts, &s->cap, NULL, sizeof *s->counts, s->n + 1)) {
		s->oom = true;
		return ST_WALK_INTERRUPT;
	}
	s->counts[s->n++] = (count){name, 1};
	return ST_WALK_ADVANCE;
}

static int by_name(const void *a, const void *b) {
	return strcmp(st_ident_cstr(((const count *)a)->name), st_ident_cstr(((const count *)b)->name));
}

static void pad(st_pass *pass, size_t n) {
	static const char spaces[] = "                ";
	while (n) {
		size_t k = n < 16 ? n : 16;
		st_pass_write(pass, spaces, k);
		n -= k;
	}
}

typedef struct options {
	bool json;
} options;

static void print_table(st_pass *pass, const stats *s) {
	size_t wd = 0, wo = 0;
	for (size_t i = 0; i < s->n; i++) {
		const char *n = st_ident_cstr(s->counts[i].name), *dot = strchr(n, '.');
		size_t dl = dot ? (size_t)(dot - n) : 0, ol = dot ? strlen(dot + 1) : strlen(n);
		wd = dl > wd ? dl : wd;
		wo = ol > wo ? ol : wo;
	}
	st_pass_write(pass, "Operations encountered:\n-----------------------\n", 48);
	for (size_t i = 0; i < s->n; i++) {
		const char *n = st_ident_cstr(s->counts[i].name), *dot = strchr(n, '.');
		const char *op = dot ? dot + 1 : n;
		/* The dialect right-aligned to the widest plus two, then the dot. */
		if (dot) {
			pad(pass, wd + 2 - (size_t)(dot - n));
			st_pass_write(pass, n, (size_t)(dot - n) + 1);
		} else {
			pad(pass, wd + 3);
		}
		st_pass_write(pass, op, strlen(op));
		pad(pass, wo - strlen(op));
		char tail[32];
		int k = snprintf(tail, sizeof tail, " , %zu\n", s->counts[i].n);
		if (k > 0)
			st_pass_write(pass, tail, (size_t)k);
	}
}

static void print_json(st_pass *pass, const stats *s) {
	st_pass_write(pass, "{\n", 2);
	for (size_t i = 0; i < s->n; i++) {
		char line[64];
		const char *n = st_ident_cstr(s->counts[i].name);
		st_pass_write(pass, "  \"", 3);
		st_pass_write(pass, n, strlen(n));
		int k = snprintf(line, sizeof line, "\" : %zu%s\n", s->counts[i].n, i + 1 < s->n ? "," : "");
		if (k > 0)
			st_pass_write(pass, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
	}
	st_pass_write(pass, "}\n", 2);
}

static st_status run(st_pass *pass, st_op *op) {
	stats s = {.ctx = st_pass_context(pass)};
	st_walk(op, ST_WALK_PRE, tally, &s);
	if (!s.oom) {
		qsort(s.counts, s.n, sizeof *s.counts, by_name);
		if (((const options *)st_pass_options(pass))->json)
			print_json(pass, &s);
		else
			print_table(pass, &s);
	}
	st_ctx_free(s.ctx, s.counts, s.cap * sizeof *s.counts);
	st_pass_preserve_all_analyses(pass);
	return s.oom ? ST_FAIL : ST_OK;
}

static const st_pass_option_def opts[] = {
	{"json", "Print the counts as a JSON object", ST_PASS_OPT_BOOL, "false", offsetof(options, json), NULL},
};

const st_pass_def st__pass_print_op_stats = {
	.name = "print-op-stats",
	.summary = "Print the number of ops of each name",
	.options = opts,
	.noptions = 1,
	.options_size = sizeof(options),
	.run = run,
	.display_name = "PrintOpStats",
};
