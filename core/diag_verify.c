/* --verify-diagnostics: checks the diagnostics a run emits against the
 * `expected-error|warning|remark|note` annotations of the source, as MLIR's
 * SourceMgrDiagnosticVerifierHandler does.
 *
 *   // expected-error @+1 {{substring of the message}}
 *   // expected-error-re @below {{regex {{[0-9]+}} here}}
 * Locations: none (this line), @+N, @-N, @above, @below, @unknown.
 */
#include "internal.h"
#include "strata/asm.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct expectation {
	st_severity sev;
	unsigned line; /* 0: @unknown */
	unsigned aline, col; /* of the annotation, for its own messages */
	char *text;
	bool is_regex;
	regex_t re;
	bool re_ok;
	bool matched;
} expectation;

struct st_diag_verifier {
	st_context *ctx;
	st_ident *file;
	expectation *exp;
	size_t n, cap;
	st_status status;
	bool bad_annotation;
};


/* Builds a POSIX extended regex from MLIR's `-re` text: literal parts are
 * escaped, `{{...}}` parts are regexes. */
static char *to_regex(const char *t) {
	size_t n = strlen(t);
	char *r = malloc(2 * n + 3);
	if (!r)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		if (t[i] == '{' && t[i + 1] == '{') {
			const char *e = strstr(t + i + 2, "}}");
			if (!e)
				e = t + n;
			r[k++] = '(';
			for (const char *c = t + i + 2; c < e; c++)
				r[k++] = *c;
			r[k++] = ')';
			i = (size_t)(e - t) + (*e ? 2 : 0);
			continue;
		}
		if (strchr(".[]()*+?{}|^$\\", t[i]))
			r[k++] = '\\';
		r[k++] = t[i++];
	}
	r[k] = 0;
	return r;
}

static bool add_exp(st_diag_verifier *v, expectation e) {
	if (v->n == v->cap) {
		size_t nc = v->cap ? v->cap * 2 : 16;
		expectation *ne = realloc(v->exp, nc * sizeof *ne);
		if (!ne)
			return false;
		v->exp = ne;
		v->cap = nc;
	}
	v->exp[v->n++] = e;
	return true;
}

static st_severity sev_of(const char *s, size_t n) {
	if (n == 5 && memcmp(s, "error", 5) == 0)
		return ST_SEV_ERROR;
	if (n == 7 && memcmp(s, "warning", 7) == 0)
		return ST_SEV_WARNING;
	if (n == 6 && memcmp(s, "remark", 6) == 0)
		return ST_SEV_REMARK;
	if (n == 4 && memcmp(s, "note", 4) == 0)
		return ST_SEV_NOTE;
	return (st_severity)-1;
}

static void annotation_error(st_diag_verifier *v, unsigned line, unsigned col, const char *msg) {
	st_error(v->ctx, st_loc_file(v->ctx, st_ident_str(v->file), line, col), "%s", msg);
	v->bad_annotation = true;
}

static const char *find(const char *s, const char *end, const char *needle) {
	size_t n = strlen(needle);
	for (; s + n <= end; s++)
		if (*s == needle[0] && memcmp(s, needle, n) == 0)
			return s;
	return NULL;
}

static void scan(st_diag_verifier *v, st_str buf) {
	const char *p = buf.data, *end = buf.data + buf.len;
	unsigned line = 1;
	const char *line_start = p;
	/* Lines holding only `expected-*` comments do not count for @above and
	 * @below, which skip to the next line with code (as MLIR does). */
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		const char *q = p;
		while ((q = find(q, eol, "expected-")) != NULL) {
			const char *kw = q + 9;
			const char *k = kw;
			while (k < eol && *k >= 'a' && *k <= 'z')
				k++;
			st_severity sev = sev_of(kw, (size_t)(k - kw));
			if ((int)sev < 0) {
				q = k;
				continue;
			}
			expectation e;
			memset(&e, 0, sizeof e);
			e.sev = sev;
			e.line = line;
			e.aline = line;
			e.col = (unsigned)(q - line_start) + 1;
			if (k + 3 <= eol && memcmp(k, "-re", 3) == 0) {
				e.is_regex = true;
				k += 3;
			}
			while (k < eol && *k == ' ')
				k++;
			if (k < eol && *k == '@') {
				k++;
				if (k < eol && (*k == '+' || *k == '-')) {
					char sign = *k++;
					unsigned off = 0;
					while (k < eol && *k >= '0' && *k <= '9')
						off = off * 10 + (unsigned)(*k++ - '0');
					e.line = sign == '+' ? line + off : (off < line ? line - off : 0);
				} else if ((size_t)(eol - k) >= 5 && memcmp(k, "above", 5) == 0) {
					k += 5;
					e.line = line - 1;
				} else if ((size_t)(eol - k) >= 5 && memcmp(k, "below", 5) == 0) {
					k += 5;
					e.line = line + 1;
				} else if ((size_t)(eol - k) >= 7 && memcmp(k, "unknown", 7) == 0) {
					k += 7;
					e.line = 0;
				} else {
					annotation_error(v, line, e.col, "expected '@above', '@below', '@unknown' or '@+N'/'@-N' in expected-* annotation");
					q = k;
					continue;
				}
			}
			while (k < eol && *k == ' ')
				k++;
			if (k + 2 > eol || k[0] != '{' || k[1] != '{') {
				annotation_error(v, line, e.col, "expected '{{' in expected-* annotation");
				q = k;
				continue;
			}
			k += 2;
			/* The message ends at the last `}}` on the line. */
			const char *close = NULL;
			for (const char *c = k; c + 1 < eol; c++)
				if (c[0] == '}' && c[1] == '}')
					close = c;
			if (!close) {
				annotation_error(v, line, e.col, "found start of regex with no end '}}'");
				q = k;
				continue;
			}
			/* With nested {{regex}} in a -re message, the last `}}` on the
			 * line closes the whole message. */
			size_t tl = (size_t)(close - k);
			e.text = malloc(tl + 1);
			if (!e.text)
				return;
			memcpy(e.text, k, tl);
			e.text[tl] = 0;
			if (e.is_regex) {
				char *rx = to_regex(e.text);
				e.re_ok = rx && regcomp(&e.re, rx, REG_EXTENDED | REG_NOSUB) == 0;
				free(rx);
				if (!e.re_ok)
					annotation_error(v, line, e.col, "invalid regex in expected-*-re annotation");
			}
			if (!add_exp(v, e))
				free(e.text);
			q = close + 2;
		}
		p = eol + 1;
		line_start = p;
		line++;
	}
}

static bool matches(const expectation *e, const char *msg) {
	if (e->is_regex)
		return e->re_ok && regexec(&e->re, msg, 0, NULL, 0) == 0;
	return strstr(msg, e->text) != NULL;
}

static const char *sev_word(st_severity s) {
	return s == ST_SEV_ERROR ? "error" : s == ST_SEV_WARNING ? "warning" : s == ST_SEV_REMARK ? "remark" : "note";
}

static void check_one(st_diag_verifier *v, const st_diag_info *d) {
	const st_attr *f = st_loc_find_file(d->loc);
	unsigned line = 0;
	if (f && st_loc_filename(f) == v->file)
		line = st_loc_line(f);
	else if (f)
		line = UINT32_MAX; /* another file: never matches */
	for (size_t i = 0; i < v->n; i++) {
		expectation *e = &v->exp[i];
		if (!e->matched && e->sev == d->severity && e->line == line && matches(e, d->message)) {
			e->matched = true;
			return;
		}
	}
	/* Unexpected: report it plainly, through the default renderer. */
	v->status = ST_FAIL;
	st_diag *u = st_diag_create(v->ctx, ST_SEV_ERROR, d->loc, "unexpected %s: %s", sev_word(d->severity), d->message);
	st_context_pop_diag_handler(v->ctx);
	if (u)
		st_diag_emit(u);
	extern bool st__diag_verifier_handler(void *ud, const st_diag_info *d);
	st_context_push_diag_handler(v->ctx, st__diag_verifier_handler, v);
}

bool st__diag_verifier_handler(void *ud, const st_diag_info *d);
bool st__diag_verifier_handler(void *ud, const st_diag_info *d) {
	st_diag_verifier *v = ud;
	check_one(v, d);
	for (size_t i = 0; i < d->nnotes; i++)
		check_one(v, &d->notes[i]);
	return true;
}

st_diag_verifier *st_diag_verifier_create(st_context *ctx, st_str buffer, const char *filename) {
	st_diag_verifier *v = calloc(1, sizeof *v);
	if (!v)
		return NULL;
	v->ctx = ctx;
	v->file = st_ident_get_c(ctx, filename);
	scan(v, buffer);
	st_context_push_diag_handler(ctx, st__diag_verifier_handler, v);
	return v;
}

st_status st_diag_verifier_finish(st_diag_verifier *v) {
	st_context_pop_diag_handler(v->ctx);
	st_status s = v->status;
	if (v->bad_annotation)
		s = ST_FAIL;
	for (size_t i = 0; i < v->n; i++) {
		expectation *e = &v->exp[i];
		if (!e->matched) {
			st_error(v->ctx, st_loc_file(v->ctx, st_ident_str(v->file), e->aline, e->col),
			         "expected %s \"%s\" was not produced", sev_word(e->sev), e->text);
			s = ST_FAIL;
		}
		if (e->is_regex && e->re_ok)
			regfree(&e->re);
		free(e->text);
	}
	free(v->exp);
	free(v);
	return s;
}
