/* --verify-diagnostics: checks the diagnostics a run emits against the
 * `expected-error|warning|remark|note` annotations of the source, as MLIR's
 * SourceMgrDiagnosticVerifierHandler does.
 *
 *   // expected-error @+1 {{substring of the message}}
 *   // expected-error-re @below {{regex {{[0-9]+}} here}}
 *
 * Where an annotation points, as in MLIR: no designator, its own line;
 * @+N/@-N, N lines below/above it; @above, the last line before it that
 * holds no annotation; @below, the next line after it that holds no
 * annotation (so annotations can be stacked); @unknown, diagnostics
 * without a file location.  Every diagnostic must be expected and every
 * annotation must be matched, or the run fails.
 */
#include "internal.h"
#include "strata/asm.h"

#include <regex.h>
#include <stdio.h>

typedef struct expectation {
	st_severity sev;
	unsigned line;        /* where the diagnostic is expected; 0: @unknown */
	unsigned aline, col;  /* of the annotation, for its own messages */
	char *text;           /* context memory, strlen + 1 bytes */
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
	bool unhooked; /* the handler could not be installed */
};

static void annotation_error(st_diag_verifier *v, unsigned line, unsigned col, const char *msg) {
	st_error(v->ctx, st_loc_file(v->ctx, st_ident_str(v->file), line, col), "%s", msg);
	v->bad_annotation = true;
}

/* Builds a POSIX extended regex from MLIR's `-re` text: literal parts are
 * escaped, `{{...}}` parts are regexes.  NULL (with an error reported) when
 * a `{{` has no `}}`. */
static char *to_regex(st_diag_verifier *v, const expectation *e, size_t *size) {
	const char *t = e->text;
	size_t n = strlen(t);
	*size = 2 * n + 3;
	char *r = st_ctx_alloc(v->ctx, *size);
	if (!r)
		return NULL;
	size_t k = 0;
	for (size_t i = 0; i < n;) {
		if (t[i] == '{' && t[i + 1] == '{') {
			const char *end = strstr(t + i + 2, "}}");
			if (!end) {
				st_ctx_free(v->ctx, r, *size);
				annotation_error(v, e->aline, e->col, "found start of regex with no end '}}'");
				return NULL;
			}
			r[k++] = '(';
			for (const char *c = t + i + 2; c < end; c++)
				r[k++] = *c;
			r[k++] = ')';
			i = (size_t)(end - t) + 2;
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
		expectation *ne = st_ctx_realloc(v->ctx, v->exp, v->cap * sizeof *ne, nc * sizeof *ne);
		if (!ne)
			return false;
		v->exp = ne;
		v->cap = nc;
	}
	v->exp[v->n++] = e;
	return true;
}

static bool sev_of(const char *s, size_t n, st_severity *out) {
	static const struct {
		const char *word;
		st_severity sev;
	} tab[] = {{"error", ST_SEV_ERROR}, {"warning", ST_SEV_WARNING}, {"remark", ST_SEV_REMARK}, {"note", ST_SEV_NOTE}};
	for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strlen(tab[i].word) == n && memcmp(s, tab[i].word, n) == 0) {
			*out = tab[i].sev;
			return true;
		}
	return false;
}

static const char *find(const char *s, const char *end, const char *needle) {
	size_t n = strlen(needle);
	for (; s + n <= end; s++)
		if (*s == needle[0] && memcmp(s, needle, n) == 0)
			return s;
	return NULL;
}

static bool word_at(const char *k, const char *eol, const char *w) {
	size_t n = strlen(w);
	return (size_t)(eol - k) >= n && memcmp(k, w, n) == 0;
}

/* Reads the annotations of one line.  Returns whether the line holds one
 * (a "designator line" in MLIR's terms: @above and @below skip it).
 * `below` collects the indices of @below annotations, which get their line
 * once the next line without annotations is seen. */
static bool scan_line(st_diag_verifier *v, const char *p, const char *eol, unsigned line, unsigned last_plain,
                      size_t **below, size_t *nbelow, size_t *below_cap) {
	bool any = false;
	const char *q = p;
	while ((q = find(q, eol, "expected-")) != NULL) {
		const char *kw = q + 9, *k = kw;
		while (k < eol && *k >= 'a' && *k <= 'z')
			k++;
		expectation e;
		memset(&e, 0, sizeof e);
		if (!sev_of(kw, (size_t)(k - kw), &e.sev)) {
			q = k;
			continue;
		}
		e.line = line;
		e.aline = line;
		e.col = (unsigned)(q - p) + 1;
		bool is_below = false;
		if (word_at(k, eol, "-re")) {
			e.is_regex = true;
			k += 3;
		}
		while (k < eol && *k == ' ')
			k++;
		/* Prose that mentions expected-error is not an annotation; what
		 * starts like one must be well formed. */
		if (k < eol && *k != '@' && *k != '{' && *k != ':') {
			q = k;
			continue;
		}
		any = true;
		if (k < eol && *k == '@') {
			k++;
			if (k < eol && (*k == '+' || *k == '-')) {
				char sign = *k++;
				unsigned off = 0;
				const char *digits = k;
				while (k < eol && *k >= '0' && *k <= '9' && off < 100000000u)
					off = off * 10 + (unsigned)(*k++ - '0');
				if (k == digits || (sign == '-' && off >= line)) {
					annotation_error(v, line, e.col,
					                 k == digits ? "expected a line offset after '@+' or '@-' in expected-* annotation"
					                             : "expected-* annotation points before the first line of the file");
					q = k;
					continue;
				}
				e.line = sign == '+' ? line + off : line - off;
			} else if (word_at(k, eol, "above")) {
				k += 5;
				e.line = last_plain;
			} else if (word_at(k, eol, "below")) {
				k += 5;
				is_below = true;
			} else if (word_at(k, eol, "unknown")) {
				k += 7;
				e.line = 0;
			} else {
				annotation_error(v, line, e.col,
				                 "expected '@above', '@below', '@unknown' or '@+N'/'@-N' in expected-* annotation");
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
		/* The message ends at the last `}}` on the line (a -re message may
		 * hold {{regex}} parts). */
		const char *close = NULL;
		for (const char *c = k; c + 1 < eol; c++)
			if (c[0] == '}' && c[1] == '}')
				close = c;
		if (!close) {
			annotation_error(v, line, e.col, "expected '}}' at the end of the expected-* annotation");
			q = k;
			continue;
		}
		size_t tl = (size_t)(close - k);
		e.text = st_ctx_alloc(v->ctx, tl + 1);
		if (!e.text)
			return any;
		memcpy(e.text, k, tl);
		e.text[tl] = 0;
		if (e.is_regex) {
			size_t size;
			char *rx = to_regex(v, &e, &size);
			if (rx) {
				int rc = regcomp(&e.re, rx, REG_EXTENDED | REG_NOSUB);
				e.re_ok = rc == 0;
				if (!e.re_ok) {
					char why[128], msg[160];
					regerror(rc, &e.re, why, sizeof why);
					snprintf(msg, sizeof msg, "invalid regex: %s", why);
					annotation_error(v, line, e.col, msg);
				}
				st_ctx_free(v->ctx, rx, size);
			}
			if (!e.re_ok) {
				/* Reported already: no "was not produced" on top. */
				st_ctx_free(v->ctx, e.text, tl + 1);
				q = close + 2;
				continue;
			}
		}
		if (is_below) {
			if (*nbelow == *below_cap) {
				size_t nc = *below_cap ? *below_cap * 2 : 4;
				size_t *nb = st_ctx_realloc(v->ctx, *below, *below_cap * sizeof *nb, nc * sizeof *nb);
				if (!nb) {
					st_ctx_free(v->ctx, e.text, tl + 1);
					return any;
				}
				*below = nb;
				*below_cap = nc;
			}
			(*below)[(*nbelow)++] = v->n;
		}
		if (!add_exp(v, e)) {
			if (e.is_regex && e.re_ok)
				regfree(&e.re);
			st_ctx_free(v->ctx, e.text, tl + 1);
			return any;
		}
		q = close + 2;
	}
	return any;
}

static void scan(st_diag_verifier *v, st_str buf) {
	const char *p = buf.data, *end = buf.data + buf.len;
	unsigned line = 1, last_plain = 1;
	size_t *below = NULL, nbelow = 0, below_cap = 0;
	/* One more (empty) line after a final newline, as MLIR splits the
	 * buffer: errors at the end of the input are reported there. */
	for (;;) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		if (!eol)
			eol = end;
		if (!scan_line(v, p, eol, line, last_plain, &below, &nbelow, &below_cap)) {
			for (size_t i = 0; i < nbelow; i++)
				v->exp[below[i]].line = line;
			nbelow = 0;
			last_plain = line;
		}
		if (eol == end)
			break;
		p = eol + 1;
		line++;
	}
	/* A dangling @below points past the end. */
	for (size_t i = 0; i < nbelow; i++)
		v->exp[below[i]].line = line + 1;
	st_ctx_free(v->ctx, below, below_cap * sizeof *below);
}

static bool matches(const expectation *e, const char *msg) {
	if (e->is_regex)
		return e->re_ok && regexec(&e->re, msg, 0, NULL, 0) == 0;
	return strstr(msg, e->text) != NULL;
}

static const char *sev_word(st_severity s) {
	return s == ST_SEV_ERROR ? "error" : s == ST_SEV_WARNING ? "warning" : s == ST_SEV_REMARK ? "remark" : "note";
}

bool st__diag_verifier_handler(void *ud, const st_diag_info *d);

/* Reports through whatever handles diagnostics below the verifier (the
 * default renderer in strata-opt). */
static void report(st_diag_verifier *v, st_diag *u) {
	st_context_pop_diag_handler(v->ctx);
	if (u)
		st_diag_emit(u);
	st_context_push_diag_handler(v->ctx, st__diag_verifier_handler, v);
}

/* The file location of a diagnostic, as MLIR's verifier finds it: the first
 * in a walk that visits a call site's callee before its caller. */
static const st_attr *file_loc(const st_attr *loc) { return st__loc_file(loc, ST__CALLEE_THEN_CALLER); }

static void check_one(st_diag_verifier *v, const st_diag_info *d) {
	const st_attr *f = file_loc(d->loc);
	unsigned line = 0;
	if (f && st_loc_filename(f) == v->file)
		line = st_loc_line(f);
	else if (f)
		line = UINT32_MAX; /* another file: never matches */
	expectation *near = NULL;
	for (size_t i = 0; i < v->n; i++) {
		expectation *e = &v->exp[i];
		if (e->matched || e->line != line || !matches(e, d->message))
			continue;
		if (e->sev == d->severity) {
			e->matched = true;
			return;
		}
		near = e;
	}
	v->status = ST_FAIL;
	if (near) {
		/* Right place and text, wrong severity: say so at the annotation. */
		report(v, st_diag_create(v->ctx, ST_SEV_ERROR, st_loc_file(v->ctx, st_ident_str(v->file), near->aline, near->col),
		                         "'%s' diagnostic emitted when expecting a '%s'", sev_word(d->severity),
		                         sev_word(near->sev)));
		return;
	}
	report(v, st_diag_create(v->ctx, ST_SEV_ERROR, d->loc, "unexpected %s: %s", sev_word(d->severity), d->message));
}

bool st__diag_verifier_handler(void *ud, const st_diag_info *d) {
	st_diag_verifier *v = ud;
	check_one(v, d);
	for (size_t i = 0; i < d->nnotes; i++)
		check_one(v, &d->notes[i]);
	return true;
}

st_diag_verifier *st_diag_verifier_create(st_context *ctx, st_str buffer, const char *filename) {
	st_diag_verifier *v = st_ctx_alloc(ctx, sizeof *v);
	if (!v)
		return NULL;
	memset(v, 0, sizeof *v);
	v->ctx = ctx;
	v->file = st_ident_get_c(ctx, filename);
	/* Annotation errors found by the scan go to the caller's handlers. */
	scan(v, buffer);
	if (st_failed(st_context_push_diag_handler(ctx, st__diag_verifier_handler, v))) {
		v->unhooked = true; /* out of memory, reported; finish must not pop */
		v->status = ST_FAIL;
	}
	return v;
}

st_status st_diag_verifier_finish(st_diag_verifier *v) {
	st_context *ctx = v->ctx;
	if (!v->unhooked)
		st_context_pop_diag_handler(ctx);
	st_status s = v->status;
	if (v->bad_annotation)
		s = ST_FAIL;
	for (size_t i = 0; i < v->n; i++) {
		expectation *e = &v->exp[i];
		if (!e->matched) {
			st_error(ctx, st_loc_file(ctx, st_ident_str(v->file), e->aline, e->col),
			         "expected %s \"%s\" was not produced", sev_word(e->sev), e->text);
			s = ST_FAIL;
		}
		if (e->is_regex && e->re_ok)
			regfree(&e->re);
		st_ctx_free(ctx, e->text, strlen(e->text) + 1);
	}
	st_ctx_free(ctx, v->exp, v->cap * sizeof *v->exp);
	st_ctx_free(ctx, v, sizeof *v);
	return s;
}
