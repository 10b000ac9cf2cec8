/* Harness `pipeline`: the textual pass-pipeline parser.
 *
 * Any text must parse or fail with a diagnostic.  A pipeline that parses
 * prints back (every option with its value) as text that parses into a
 * pipeline printing the same.
 */
#include "fuzz_common.h"

#include "strata/pass.h"

#include <string.h>

/* Parses `text` into a new manager anchored on builtin.module; NULL when
 * it does not parse. */
static st_pass_manager *parse(st_context *ctx, st_str text) {
	st_pass_manager *pm = st_pass_manager_create(ctx, "builtin.module");
	if (!pm)
		return NULL;
	if (st_failed(st_pass_manager_parse_pipeline(pm, text, "<pipeline>"))) {
		st_pass_manager_destroy(pm);
		return NULL;
	}
	return pm;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
	st_context *ctx = fz_context(false);
	st_pass_manager *pm = parse(ctx, st_str_make((const char *)data, size));
	if (pm) {
		fz_buf first = {0}, second = {0};
		fz_buf_write(&first, "", 0);
		fz_buf_write(&second, "", 0);
		st_pass_manager_print(pm, fz_buf_write, &first);
		st_pass_manager *pm2 = parse(ctx, st_str_make(first.data, first.len));
		if (!pm2)
			fz_fail("the printed pipeline does not parse", first.data, NULL);
		st_pass_manager_print(pm2, fz_buf_write, &second);
		if (first.len != second.len || memcmp(first.data, second.data, first.len))
			fz_fail("the printed pipeline reads back as another pipeline", first.data, second.data);
		st_pass_manager_destroy(pm2);
		st_pass_manager_destroy(pm);
		fz_buf_free(&first);
		fz_buf_free(&second);
	}
	fz_done(ctx);
	return 0;
}
