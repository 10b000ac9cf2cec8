/* Harness `acg`: the .acg importer (dialects/acg), its exporter and the
 * Graphviz drawing.
 *
 * Any text must import or fail with located errors.  An imported module
 * verifies, exports as .acg text that imports again, and the second export
 * is the same text (the format's round trip, include/strata/acg.h); the
 * IR printer and the drawing take it too.
 */
#include "fuzz_common.h"

#include "strata/acg.h"

#include <string.h>

static st_op *import(st_context *ctx, const char *data, size_t size, const char *name) {
	return st_acg_import(ctx, st_str_make(data, size), name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_op *m = import(ctx, (const char *)data, size, "input.acg");
	if (m) {
		fz_buf first = {0}, second = {0};
		if (st_failed(st_verify(m)))
			fz_fail("an imported graph does not verify", NULL, NULL);
		fz_buf_write(&first, "", 0);
		if (st_failed(st_acg_export(m, fz_buf_write, &first)))
			fz_fail("an imported graph does not export", NULL, NULL);
		st_op *m2 = import(ctx, first.data, first.len, "export.acg");
		if (!m2)
			fz_fail("the exported text does not import", first.data, NULL);
		fz_buf_write(&second, "", 0);
		if (st_failed(st_acg_export(m2, fz_buf_write, &second)) || first.len != second.len ||
		    memcmp(first.data, second.data, first.len))
			fz_fail("the exported text imports as another graph", first.data, second.data);
		st_print_options o = {0};
		fz_print(m2, &o, &second);
		second.len = 0;
		st_acg_to_dot(m2, fz_buf_write, &second);
		st_op_destroy(m2);
		st_op_destroy(m);
		fz_buf_free(&first);
		fz_buf_free(&second);
	}
	fz_done(ctx);
	return 0;
}
