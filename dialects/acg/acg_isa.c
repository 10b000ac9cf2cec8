/* Mnemonic encoding: the opcode in the top opcode_bits bits of the word,
 * then each field in written order, most significant first, so a word
 * reads left to right like the mnemonic's listing.  Words are arrays of
 * little-endian 64-bit limbs. */
#include "acg_private.h"

#include <string.h>

static st_attr *field(const st_op *mn, size_t i) { return st_attr_array_elt(st_op_get_attr(mn, "fields"), i); }

size_t st_acg_mnemonic_num_fields(const st_op *mn) {
	st_attr *f = st__acg_is_mnemonic(mn) ? st_op_get_attr(mn, "fields") : NULL;
	return f ? st_attr_array_size(f) : 0;
}

const char *st_acg_mnemonic_field_name(const st_op *mn, size_t i) {
	return i < st_acg_mnemonic_num_fields(mn) ? st_attr_string(st_attr_array_elt(field(mn, i), 0)).data : NULL;
}

unsigned st_acg_mnemonic_field_bits(const st_op *mn, size_t i) {
	return i < st_acg_mnemonic_num_fields(mn) ? (unsigned)st_attr_int_value(st_attr_array_elt(field(mn, i), 1)) : 0;
}

int64_t st_acg_mnemonic_enum_index(const st_op *mn, size_t i, const char *value) {
	if (i >= st_acg_mnemonic_num_fields(mn))
		return -1;
	st_attr *vals = st_attr_array_elt(field(mn, i), 2);
	for (size_t k = 0; k < st_attr_array_size(vals); k++)
		if (st_str_eq_c(st_attr_string(st_attr_array_elt(vals, k)), value))
			return (int64_t)k;
	return -1;
}

unsigned st_acg_mnemonic_bits(const st_op *mn) {
	int64_t total = st__acg_opcode_bits(mn);
	if (total < 0)
		return 0;
	for (size_t i = 0; i < st_acg_mnemonic_num_fields(mn); i++)
		total += st_acg_mnemonic_field_bits(mn, i);
	return (unsigned)total;
}

static uint64_t mask(unsigned bits) { return bits >= 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1; }

/* Bits [lo, lo + n) of the word. */
static void put(uint64_t *w, unsigned lo, unsigned n, uint64_t v) {
	for (unsigned b = 0; b < n; b++)
		if ((v >> b) & 1)
			w[(lo + b) / 64] |= (uint64_t)1 << ((lo + b) % 64);
}

static uint64_t get(const uint64_t *w, unsigned lo, unsigned n) {
	uint64_t v = 0;
	for (unsigned b = 0; b < n; b++)
		v |= ((w[(lo + b) / 64] >> ((lo + b) % 64)) & 1) << b;
	return v;
}

/* The fixed value of field i, or -1. */
static int64_t fixed(const st_op *mn, size_t i) {
	st_attr *f = field(mn, i);
	return st_attr_array_size(f) == 5 ? st_attr_int_value(st_attr_array_elt(f, 4)) : -1;
}

static size_t enum_count(const st_op *mn, size_t i) { return st_attr_array_size(st_attr_array_elt(field(mn, i), 2)); }

st_status st_acg_encode(const st_op *mn, size_t nvalues, const int64_t *values, uint64_t *words, size_t nwords) {
	unsigned total = st_acg_mnemonic_bits(mn);
	size_t nf = st_acg_mnemonic_num_fields(mn);
	if (!total || nvalues < nf || nwords * 64 < total)
		return ST_FAIL;
	memset(words, 0, nwords * sizeof *words);
	unsigned pos = total - (unsigned)st__acg_opcode_bits(mn);
	put(words, pos, total - pos, (uint64_t)st_acg_int(mn, "opcode", 0));
	for (size_t i = 0; i < nf; i++) {
		unsigned bits = st_acg_mnemonic_field_bits(mn, i);
		int64_t v = fixed(mn, i) >= 0 ? fixed(mn, i) : values[i];
		size_t ne = enum_count(mn, i);
		if (v < 0 || (uint64_t)v > mask(bits) || (ne && (uint64_t)v >= ne))
			return ST_FAIL;
		pos -= bits;
		put(words, pos, bits, (uint64_t)v);
	}
	return ST_OK;
}

st_status st_acg_decode(const st_op *mn, const uint64_t *words, size_t nwords, int64_t *values, size_t nvalues) {
	unsigned total = st_acg_mnemonic_bits(mn);
	size_t nf = st_acg_mnemonic_num_fields(mn);
	if (!total || nvalues < nf || nwords * 64 < total)
		return ST_FAIL;
	/* Bits above the instruction must be clear. */
	for (unsigned b = total; b < nwords * 64; b++)
		if ((words[b / 64] >> (b % 64)) & 1)
			return ST_FAIL;
	unsigned pos = total - (unsigned)st__acg_opcode_bits(mn);
	if (get(words, pos, total - pos) != (uint64_t)st_acg_int(mn, "opcode", 0))
		return ST_FAIL;
	for (size_t i = 0; i < nf; i++) {
		unsigned bits = st_acg_mnemonic_field_bits(mn, i);
		pos -= bits;
		uint64_t v = get(words, pos, bits);
		size_t ne = enum_count(mn, i);
		if ((fixed(mn, i) >= 0 && v != (uint64_t)fixed(mn, i)) || (ne && v >= ne) || v > INT64_MAX)
			return ST_FAIL;
		values[i] = (int64_t)v;
	}
	return ST_OK;
}

st_op *st_acg_decode_any(st_op *graph, const uint64_t *words, size_t nwords) {
	int64_t vals[64];
	st_block *b = st__acg_body(graph);
	for (st_op *c = b ? st_block_first_op(b) : NULL; c; c = st_op_next(c))
		if (st__acg_is_mnemonic(c) && st_acg_mnemonic_num_fields(c) <= 64 &&
		    st_succeeded(st_acg_decode(c, words, nwords, vals, 64)))
			return c;
	return NULL;
}
