/* Unit tests of the importers' scanning helpers (include/strata/scan.h):
 * integer literals at the edges of their range, positions across
 * newlines, names of stray bytes, and errors reported once. */
#include "core_test.h"

#include "strata/scan.h"

static void test_int(void) {
	uint64_t v = 0;
	CHECK(st_scan_int("4294967295", 10, UINT32_MAX, &v) == ST_SCAN_INT_OK && v == UINT32_MAX);
	CHECK(st_scan_int("4294967296", 10, UINT32_MAX, &v) == ST_SCAN_INT_TOO_BIG);
	CHECK(st_scan_int("0x7fffffffffffffff", 18, INT64_MAX, &v) == ST_SCAN_INT_OK && v == (uint64_t)INT64_MAX);
	CHECK(st_scan_int("9223372036854775808", 19, INT64_MAX, &v) == ST_SCAN_INT_TOO_BIG);
	CHECK(st_scan_int("0xFf", 4, INT64_MAX, &v) == ST_SCAN_INT_OK && v == 255);
	CHECK(st_scan_int("12a", 3, INT64_MAX, &v) == ST_SCAN_INT_INVALID);
	CHECK(st_scan_int("0xg", 3, INT64_MAX, &v) == ST_SCAN_INT_INVALID);
	CHECK(st_scan_int("0o17", 4, INT64_MAX, &v) == ST_SCAN_INT_OK && v == 15);
	CHECK(st_scan_int("0o8", 3, INT64_MAX, &v) == ST_SCAN_INT_INVALID);
	CHECK(st_scan_int("0B101", 5, INT64_MAX, &v) == ST_SCAN_INT_OK && v == 5);
	CHECK(st_scan_int("0b2", 3, INT64_MAX, &v) == ST_SCAN_INT_INVALID);
	CHECK(st_scan_int("0100", 4, INT64_MAX, &v) == ST_SCAN_INT_OK && v == 100);
}

static void test_position_and_names(void) {
	int line = 1, col = 1;
	st_scan_advance(&line, &col, "ab\ncd", 5);
	CHECK(line == 2 && col == 3);
	st_scan_advance(&line, &col, "\n", 1);
	CHECK(line == 3 && col == 1);
	char buf[8];
	CHECK(!strcmp(st_scan_char_name(buf, 'q'), "q"));
	CHECK(!strcmp(st_scan_char_name(buf, 0x07), "\\x07"));
}

static st_status error_at(st_context *ctx, bool *failed, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	st_status s = st_scan_errorv(ctx, failed, st_scan_loc(ctx, st_str_c("f.x"), 0, -3), fmt, ap);
	va_end(ap);
	return s;
}

static void collect(void *ud, const char *data, size_t len) {
	char *out = ud;
	size_t n = strlen(out);
	if (n + len < 256) {
		memcpy(out + n, data, len);
		out[n + len] = 0;
	}
}

/* Only the first error is shown, at line 1, column 1 for positions below. */
static void test_error_once(void) {
	st_context *ctx = st_context_create();
	CHECK(ctx != NULL);
	char out[256] = "";
	st_context_set_diag_output(ctx, collect, out);
	bool failed = false;
	CHECK(st_failed(error_at(ctx, &failed, "first %d", 1)) && failed);
	CHECK(st_failed(error_at(ctx, &failed, "second")));
	CHECK(st_context_num_errors(ctx) == 1);
	CHECK(strstr(out, "f.x:1:1: error: first 1") != NULL);
	CHECK(strstr(out, "second") == NULL);
	st_context_destroy(ctx);
}

int main(void) {
	test_int();
	test_position_and_names();
	test_error_once();
	return test_summary();
}
