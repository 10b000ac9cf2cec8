/* Reading the text of program and assembly files (docs/systolic.md):
 * lines without their `#` comments, blank-separated words, numbers, and
 * errors located at a line and column, reported once. */
#include "sys_internal.h"

#include "strata/scan.h"

#include <stdarg.h>

static st_attr *loc_at(sys_reader *r, const char *at) {
	return st_scan_loc(r->ctx, r->file, r->lineno, (int)(at - r->line) + 1);
}

st_status sys_err(sys_reader *r, const char *at, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_status s = st_scan_errorv(r->ctx, &r->failed, loc_at(r, at), fmt, ap);
	va_end(ap);
	return s;
}

bool sys_next_line(sys_reader *r, const char **b, const char **e) {
	while (r->s < r->end) {
		const char *start = r->s, *nl = memchr(start, '\n', (size_t)(r->end - start));
		const char *stop = nl ? nl : r->end;
		r->s = nl ? nl + 1 : r->end;
		r->lineno++;
		r->line = start;
		const char *c = memchr(start, '#', (size_t)(stop - start));
		const char *x = c ? c : stop;
		while (x > start && (x[-1] == ' ' || x[-1] == '\t' || x[-1] == '\r'))
			x--;
		const char *y = start;
		while (y < x && (*y == ' ' || *y == '\t'))
			y++;
		if (y < x) {
			*b = y;
			*e = x;
			return true;
		}
	}
	return false;
}

st_str sys_word(const char **b, const char *e) {
	while (*b < e && (**b == ' ' || **b == '\t'))
		(*b)++;
	const char *s = *b;
	while (*b < e && **b != ' ' && **b != '\t')
		(*b)++;
	return st_str_make(s, (size_t)(*b - s));
}

st_status sys_number(sys_reader *r, st_str w, uint64_t max, uint64_t *out, const char *what) {
	if (!w.len)
		return sys_err(r, w.data, "expected %s", what);
	switch (st_scan_int(w.data, w.len, max, out)) {
	case ST_SCAN_INT_OK:
		return ST_OK;
	case ST_SCAN_INT_TOO_BIG:
		return sys_err(r, w.data, "%s %.*s is over the limit of %llu", what, (int)w.len, w.data, (unsigned long long)max);
	default:
		return sys_err(r, w.data, "expected %s, not '%.*s'", what, (int)w.len, w.data);
	}
}

st_status sys_number_limited(sys_reader *r, st_str w, const st_limit_def *def, uint64_t *out, const char *what) {
	uint64_t max = sys_limit(r->ctx, def);
	if (w.len && st_scan_int(w.data, w.len, max, out) == ST_SCAN_INT_TOO_BIG) {
		char hint[160];
		return sys_err(r, w.data, "%s %.*s is over the limit %s", what, (int)w.len, w.data,
		               sys_limit_hint(r->ctx, def, hint, sizeof hint));
	}
	return sys_number(r, w, max, out, what);
}

st_status sys_keyword_line(sys_reader *r, const char *kw, const char **b, const char **e) {
	const char *at = r->s;
	if (!sys_next_line(r, b, e))
		return sys_err(r, at, "the program ends before its '%s' line", kw);
	st_str w = sys_word(b, *e);
	if (!st_str_eq_c(w, kw))
		return sys_err(r, w.data, "expected '%s', not '%.*s'", kw, (int)w.len, w.data);
	return ST_OK;
}
