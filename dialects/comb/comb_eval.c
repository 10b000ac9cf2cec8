/* comb's semantics on bit vectors, one entry point per op kind: used by the
 * folders and by the hardware simulator (backends/hwsim); and the op of
 * each kind, for the builders. */
#include "comb_internal.h"

#include <string.h>

static const struct {
	const char *name;
	st_comb_kind kind;
} kinds[] = {
	{"comb.add", ST_COMB_ADD},       {"comb.mul", ST_COMB_MUL},         {"comb.and", ST_COMB_AND},
	{"comb.or", ST_COMB_OR},         {"comb.xor", ST_COMB_XOR},         {"comb.sub", ST_COMB_SUB},
	{"comb.divu", ST_COMB_DIVU},     {"comb.divs", ST_COMB_DIVS},       {"comb.modu", ST_COMB_MODU},
	{"comb.mods", ST_COMB_MODS},     {"comb.shl", ST_COMB_SHL},         {"comb.shru", ST_COMB_SHRU},
	{"comb.shrs", ST_COMB_SHRS},     {"comb.icmp", ST_COMB_ICMP},       {"comb.mux", ST_COMB_MUX},
	{"comb.concat", ST_COMB_CONCAT}, {"comb.extract", ST_COMB_EXTRACT}, {"comb.replicate", ST_COMB_REPLICATE},
	{"comb.parity", ST_COMB_PARITY},
};

st_comb_kind st_comb_kind_of(const st_op *op) {
	const char *n = st_op_name_cstr(op);
	if (strncmp(n, "comb.", 5) != 0)
		return ST_COMB_NONE;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (strcmp(kinds[i].name, n) == 0)
			return kinds[i].kind;
	return ST_COMB_NONE;
}

const char *st__comb_op_name(st_comb_kind k) {
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i].kind == k)
			return kinds[i].name;
	return NULL;
}

void st_comb_eval(st_comb_kind k, int64_t param, size_t nin, const uint64_t *const *in, const uint64_t *in_widths,
                  uint64_t *out, uint64_t out_width, uint64_t *scratch) {
	unsigned w = (unsigned)out_width;
	size_t n = st_bv_words(w);
	switch (k) {
	case ST_COMB_ADD:
	case ST_COMB_MUL:
	case ST_COMB_AND:
	case ST_COMB_OR:
	case ST_COMB_XOR:
		memcpy(out, in[0], n * sizeof *out);
		for (size_t i = 1; i < nin; i++) {
			if (k == ST_COMB_ADD)
				st_bv_add(out, out, in[i], w);
			else if (k == ST_COMB_MUL)
				st_bv_mul(out, out, in[i], w, scratch);
			else if (k == ST_COMB_AND)
				st_bv_and(out, out, in[i], w);
			else if (k == ST_COMB_OR)
				st_bv_or(out, out, in[i], w);
			else
				st_bv_xor(out, out, in[i], w);
		}
		return;
	case ST_COMB_SUB:
		st_bv_sub(out, in[0], in[1], w);
		return;
	case ST_COMB_DIVU:
	case ST_COMB_DIVS:
	case ST_COMB_MODU:
	case ST_COMB_MODS:
		st_bv_div(out, in[0], in[1], w, k == ST_COMB_DIVS || k == ST_COMB_MODS, k == ST_COMB_MODU || k == ST_COMB_MODS,
		          scratch);
		return;
	case ST_COMB_SHL:
		st_bv_shl(out, in[0], in[1], w);
		return;
	case ST_COMB_SHRU:
	case ST_COMB_SHRS:
		st_bv_shr(out, in[0], in[1], w, k == ST_COMB_SHRS);
		return;
	case ST_COMB_ICMP:
		out[0] = st_bv_icmp((st_comb_pred)param, in[0], in[1], (unsigned)in_widths[0]);
		return;
	case ST_COMB_PARITY:
		out[0] = st_bv_parity(in[0], (unsigned)in_widths[0]);
		return;
	case ST_COMB_MUX: {
		size_t words = out_width ? (size_t)((out_width + 63) / 64) : 1;
		memcpy(out, in[0][0] & 1 ? in[1] : in[2], words * sizeof *out);
		return;
	}
	case ST_COMB_CONCAT: {
		uint64_t off = out_width;
		memset(out, 0, n * sizeof *out);
		for (size_t i = 0; i < nin; i++) {
			off -= in_widths[i];
			st_bv_copy_bits(out, off, in[i], 0, in_widths[i]);
		}
		return;
	}
	case ST_COMB_EXTRACT:
		memset(out, 0, n * sizeof *out);
		st_bv_copy_bits(out, 0, in[0], (uint64_t)param, out_width);
		return;
	case ST_COMB_REPLICATE:
		memset(out, 0, n * sizeof *out);
		for (uint64_t off = 0; in_widths[0] && off < out_width; off += in_widths[0])
			st_bv_copy_bits(out, off, in[0], 0, in_widths[0]);
		return;
	case ST_COMB_NONE:
		return;
	}
}
