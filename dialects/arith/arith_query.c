/* The typed accessors of strata/arith.h: what lowerings and backends read
 * off arith ops (a loop bound, a counter's limit) without each carrying
 * its own copy. */
#include "strata/arith.h"

#include <string.h>

bool st_arith_constant_int(const st_value *v, int64_t *out) {
	st_op *d = v ? st_value_defining_op(v) : NULL;
	st_attr *a = d && !strcmp(st_op_name_cstr(d), "arith.constant") ? st_op_get_attr(d, "value") : NULL;
	if (!a || st_attr_get_kind(a) != ST_ATTR_INTEGER)
		return false;
	*out = st_attr_int_value(a);
	return true;
}
