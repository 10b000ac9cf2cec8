/* Growing texts: the tables, reports and variant files strata-dse writes. */
#include "dse.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for `more` bytes and a NUL. */
static bool reserve(dse_text *t, size_t more) {
	if (t->oom)
		return false;
	if (t->len + more + 1 <= t->cap)
		return true;
	size_t cap = (t->len + more + 1) * 2;
	char *d = realloc(t->data, cap);
	if (!d) {
		t->oom = true;
		return false;
	}
	t->data = d;
	t->cap = cap;
	return true;
}

void dse_text_write(void *ud, const char *data, size_t len) {
	dse_text *t = ud;
	if (!reserve(t, len))
		return;
	memcpy(t->data + t->len, data, len);
	t->len += len;
	t->data[t->len] = 0;
}

void dse_text_printf(dse_text *t, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int need = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (need < 0 || !reserve(t, (size_t)need))
		return;
	va_start(ap, fmt);
	vsnprintf(t->data + t->len, t->cap - t->len, fmt, ap);
	va_end(ap);
	t->len += (size_t)need;
}
