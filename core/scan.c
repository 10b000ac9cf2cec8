/* The importers' shared scanning helpers (include/strata/scan.h). */
#include "strata/scan.h"

#include <stdio.h>

void st_scan_advance(int *line, int *col, const char *text, size_t len) {
	for (size_t i = 0; i < len; i++) {
		if (text[i] == '\n') {
			++*line;
			*col = 1;
		} else {
			++*col;
		}
	}
}

st_scan_int_status st_scan_int(const char *text, size_t len, uint64_t max, uint64_t *out) {
	uint64_t v = 0, base = 10;
	size_t i = 0;
	if (len > 2 && text[0] == '0') {
		char b = (char)(text[1] | 0x20);
		base = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 10;
		i = base == 10 ? 0 : 2;
	}
	for (; i < len; i++) {
		char c = text[i];
		uint64_t d = c >= '0' && c <= '9'   ? (uint64_t)(c - '0')
		             : c >= 'a' && c <= 'f' ? (uint64_t)(c - 'a' + 10)
		             : c >= 'A' && c <= 'F' ? (uint64_t)(c - 'A' + 10)
		                                    : 99;
		if (d >= base)
			return ST_SCAN_INT_INVALID;
		if (v > (max - d) / base)
			return ST_SCAN_INT_TOO_BIG;
		v = v * base + d;
	}
	*out = v;
	return ST_SCAN_INT_OK;
}

st_status st_scan_int_literal(st_context *ctx, bool *failed, st_attr *loc, const char *text, size_t len,
                              uint64_t max, int bits, int64_t *out) {
	uint64_t v;
	st_scan_int_status r = st_scan_int(text, len, max, &v);
	int shown = (int)(len > 64 ? 64 : len);
	if (r == ST_SCAN_INT_INVALID)
		return st_scan_error(ctx, failed, loc, "invalid integer '%.*s'", shown, text);
	if (r == ST_SCAN_INT_TOO_BIG)
		return st_scan_error(ctx, failed, loc, "integer '%.*s' does not fit in %d bits", shown, text, bits);
	*out = (int64_t)v;
	return ST_OK;
}

const char *st_scan_char_name(char buf[8], unsigned char c) {
	if (c >= 0x20 && c < 0x7f)
		snprintf(buf, 8, "%c", c);
	else
		snprintf(buf, 8, "\\x%02x", c);
	return buf;
}

st_attr *st_scan_loc(st_context *ctx, st_str file, int line, int col) {
	return st_loc_file(ctx, file, line > 0 ? (unsigned)line : 1, col > 0 ? (unsigned)col : 1);
}

st_status st_scan_error(st_context *ctx, bool *failed, st_attr *loc, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_status s = st_scan_errorv(ctx, failed, loc, fmt, ap);
	va_end(ap);
	return s;
}

st_status st_scan_errorv(st_context *ctx, bool *failed, st_attr *loc, const char *fmt, va_list ap) {
	if (*failed)
		return ST_FAIL;
	*failed = true;
	st_diag *d = st_diag_createv(ctx, ST_SEV_ERROR, loc, fmt, ap);
	if (d)
		st_diag_emit(d);
	return ST_FAIL;
}
