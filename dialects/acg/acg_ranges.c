/* The ranges of the .acg format's numbers (docs/acg.md, "Numeric ranges"):
 * a size the backends multiply (bits a word, words a bank, banks, lanes,
 * ports) stays small enough that every product they form of a few of them
 * fits in 64 bits.  A description past them (data_width = 2^63 - 1 overflowed
 * the buffer mapping's arithmetic) is refused where the number is written
 * when imported, and by the verifier when the graph comes as IR. */
#include "acg_private.h"

#include <stdint.h>
#include <string.h>

typedef struct acg_range {
	const char *key;
	int64_t max;
} acg_range;

static const acg_range ranges[] = {
	{"opcode_bits", 64},
	{"clock_mhz", INT64_C(1) << 20},
	{"vliw_slots", 1024},
	{"data_width", 65536},           /* bits of a word */
	{"banks", 65536},
	{"depth", INT64_C(1) << 48},     /* words of a bank: off-chip memories are large */
	{"bandwidth", INT64_C(1) << 32}, /* bits a cycle */
	{"ports_in", 65536},
	{"ports_out", 65536},
	{"latency", INT64_C(1) << 32},   /* cycles */
	{"dims", 65536},                 /* each dimension of a compute array */
	{NULL, 0},
};

int64_t st__acg_range_max(const char *key) {
	for (const acg_range *r = ranges; r->key; r++)
		if (strcmp(r->key, key) == 0)
			return r->max;
	return INT64_MAX;
}

st_status st__acg_check_ranges(st_op *op) {
	for (const acg_range *r = ranges; r->key; r++) {
		st_attr *a = st_op_get_attr(op, r->key);
		if (!a)
			continue;
		if (st_attr_get_kind(a) == ST_ATTR_INTEGER && st_attr_int_value(a) > r->max)
			return st_op_error(op, "'%s' must be at most %lld, not %lld", r->key, (long long)r->max,
			                   (long long)st_attr_int_value(a));
		for (size_t i = 0; st_attr_get_kind(a) == ST_ATTR_DENSE_ARRAY && i < st_attr_dense_array_size(a); i++)
			if (st_attr_dense_array_int(a, i) > r->max)
				return st_op_error(op, "'%s' must be at most %lld in each dimension", r->key,
				                   (long long)r->max);
	}
	return ST_OK;
}
