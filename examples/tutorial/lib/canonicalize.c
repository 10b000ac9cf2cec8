/* A canonicalization pattern of the mod dialect: mod.from_int of a
 * mod.to_int of the same type gives back the residue it started from
 * (to_int yields a value in [0, N), and from_int of that is itself).
 * Folders rewrite one op into a constant or an operand; a pattern may
 * look at several ops and build new ones, through the rewriter. */
#include "mod_internal.h"

#include <strata/rewrite.h>

static bool from_int_of_to_int(const st_pattern *pat, st_op *op, st_rewriter *rw) {
	(void)pat;
	st_op *to_int = st_value_defining_op(st_op_operand(op, 0));
	if (!to_int || !st_str_eq_c(st_ident_str(st_op_name(to_int)), "mod.to_int"))
		return st_rewriter_match_failure(rw, op, "the input is not a mod.to_int");
	st_value *residue = st_op_operand(to_int, 0);
	if (st_value_type(residue) != st_value_type(st_op_result(op, 0)))
		return st_rewriter_match_failure(rw, op, "another modulus");
	st_rewriter_replace_op(rw, op, &residue);
	return true;
}

static const st_pattern patterns[] = {
	{.name = "mod-from-int-of-to-int", .root = "mod.from_int", .benefit = 1, .rewrite = from_int_of_to_int},
};

void mod__from_int_patterns(void *pattern_set) {
	st_pattern_set_add_many(pattern_set, patterns, sizeof patterns / sizeof patterns[0]);
}
