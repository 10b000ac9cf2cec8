/* Harness `ir`: the IR text parser, the verifier and the printer.
 *
 * Any input must parse or fail with a diagnostic, never crash.  A module
 * that verifies must round-trip: printing it, parsing the print and
 * printing again gives the same text, both from the custom and from the
 * generic form.  A module that does not verify is still printed (in the
 * generic form the printer falls back to), which exercises the printer on
 * malformed IR.
 */
#include "fuzz_common.h"

#include <string.h>

/* Parses `text`, which the printer made from a verified module: it must
 * parse and verify again. */
static st_op *reparse(st_context *ctx, const fz_buf *text, const char *what) {
	st_op *m = fz_parse(ctx, (const uint8_t *)text->data, text->len, "print.mlir");
	if (!m)
		fz_fail(what, text->data, NULL);
	if (st_failed(st_verify(m)))
		fz_fail(what, text->data, NULL);
	return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(true);
	st_op *m = fz_parse(ctx, data, size, "input.mlir");
	if (!m) {
		fz_done(ctx);
		return 0;
	}
	fz_buf first = {0}, second = {0}, generic = {0};
	st_print_options custom = {0}, gen = {.generic = true}, debug = {.debuginfo = true};
	if (st_failed(st_verify(m))) {
		fz_print(m, &custom, &first);
		fz_print(m, &debug, &first);
	} else {
		fz_print(m, &custom, &first);
		fz_print(m, &gen, &generic);
		st_op *m2 = reparse(ctx, &first, "the printed module does not parse and verify");
		fz_print(m2, &custom, &second);
		if (first.len != second.len || memcmp(first.data, second.data, first.len))
			fz_fail("printing the reparsed module gives another text", first.data, second.data);
		st_op_destroy(m2);
		st_op *m3 = reparse(ctx, &generic, "the generic print does not parse and verify");
		fz_print(m3, &custom, &second);
		if (first.len != second.len || memcmp(first.data, second.data, first.len))
			fz_fail("the generic print reads back as another module", first.data, second.data);
		st_op_destroy(m3);
		/* Locations printed and read back, for the location syntax. */
		fz_print(m, &debug, &second);
		st_op_destroy(reparse(ctx, &second, "the print with locations does not parse and verify"));
	}
	st_op_destroy(m);
	fz_buf_free(&first);
	fz_buf_free(&second);
	fz_buf_free(&generic);
	fz_done(ctx);
	return 0;
}
