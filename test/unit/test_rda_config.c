/* The rda simulator's reading of a table's contents (`init` lines of a
 * configuration, docs/rda.md "Configuration"): the words a memory unit
 * holds from the start, and the located errors for an init that names no
 * scratchpad, runs past its words or holds a word wider than its
 * elements.  (Running a table is test/Target/rda/table.test.) */
#include "core_test.h"

#include "strata/rda_backend.h"

#include <stdio.h>

static const char *head = "rda-config 1\n"
                          "machine m rows 1 cols 2 lanes 1\n"
                          "dram channels 1 bits 64 latency 1 burst 64 outstanding 1\n"
                          "network hop 1 dynhop 1 flit 64\n"
                          "unit 0 memory at 0 1 pu PMU reads 1 writes 1\n";

/* Loads head + `rest`; the diagnostics it gave into `errs`. */
static bool load(st_context *ctx, const char *rest, diag_sink *errs) {
	char text[1024];
	snprintf(text, sizeof text, "%s%s", head, rest);
	diag_sink_reset(errs);
	st_rda_sim *s = st_rda_sim_create(ctx, text, strlen(text), "t.rdacfg");
	st_rda_sim_destroy(s);
	return s != NULL;
}

int main(void) {
	st_context *ctx = st_context_create();
	diag_sink errs;
	diag_sink_install(&errs, ctx);
	/* Two parts of an i16 table of 6 words in chunks of 2: part 1 holds
	 * words 2, 3 at local 0, 1. */
	CHECK(load(ctx,
	           "scratch 0 unit 0 elt i16 words 6 banks 1 bank_div 1 skew 0 part 1 2 2\n"
	           "init 0 at 0 65534 3\n",
	           &errs));
	CHECK(errs.nerrors == 0);
	/* Part 1 of 2 of 5 words in chunks of 2 holds words 2 and 3 only. */
	CHECK(!load(ctx,
	            "scratch 0 unit 0 elt i16 words 5 banks 1 bank_div 1 skew 0 part 1 2 2\n"
	            "init 0 at 1 3 4\n",
	            &errs));
	CHECK_CONTAINS("part", sbuf_str(&errs.text), "t.rdacfg:7:15: error: the init runs past the scratchpad's 2 words");
	CHECK(!load(ctx, "init 0 at 0 1\n", &errs));
	CHECK_CONTAINS("no scratchpad", sbuf_str(&errs.text), "t.rdacfg:6:5: error: an init before any scratchpad");
	CHECK(!load(ctx,
	            "scratch 0 unit 0 elt i16 words 2 banks 1 bank_div 1 skew 0 part 0 1 2\n"
	            "init 0 at 1 7 8\n",
	            &errs));
	CHECK_CONTAINS("past", sbuf_str(&errs.text), "t.rdacfg:7:15: error: the init runs past the scratchpad's 2 words");
	CHECK(!load(ctx,
	            "scratch 0 unit 0 elt i8 words 4 banks 1 bank_div 1 skew 0 part 0 1 4\n"
	            "init 0 at 0 255 256\n",
	            &errs));
	CHECK_CONTAINS("wide", sbuf_str(&errs.text),
	               "t.rdacfg:7:17: error: the word does not fit the scratchpad's 8-bit elements");
	CHECK(!load(ctx,
	            "scratch 0 unit 0 elt i8 words 4 banks 1 bank_div 1 skew 0 part 0 1 4\n"
	            "init 0 at 0 -1\n",
	            &errs));
	CHECK_CONTAINS("sign", sbuf_str(&errs.text), "t.rdacfg:7:13: error: expected an unsigned integer");
	diag_sink_remove(&errs);
	st_context_destroy(ctx);
	return test_summary();
}
