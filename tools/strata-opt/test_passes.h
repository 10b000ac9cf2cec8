/* Passes that only tests use (--enable-test-passes or STRATA_TEST_PASSES=1):
 * a pass that fails, one that leaves invalid IR, one anchored on func.func,
 * and one with an option of each type. */
#ifndef STRATA_OPT_TEST_PASSES_H
#define STRATA_OPT_TEST_PASSES_H

#include "strata/pass.h"

st_status strata_opt_register_test_passes(st_context *ctx);

#endif
