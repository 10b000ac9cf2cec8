/* The instruction set of a systolic target, read from its ACG's mnemonics:
 * their encodings are the ACG's (st_acg_encode/st_acg_decode); what each
 * does is known by its name, the ISA's vocabulary (docs/systolic.md, "The
 * instruction set").  An `ext = "FIELD"` attribute makes FIELD extensible:
 * the EXT prefix puts its bits above it; `signed = "FIELD"` makes it a
 * two's-complement number. */
#include "sys_internal.h"

#include <stdio.h>

/* The vocabulary: mnemonic name -> what the simulator does, and for SIMD
 * instructions the codelet capability (codelet_caps.c) of the element
 * operation. */
static const struct {
	const char *name;
	sys_kind kind;
} vocabulary[] = {
	{"ADD", SYS_ALU},         {"SUB", SYS_ALU},      {"MUL", SYS_ALU},         {"MACC", SYS_ALU},   {"DIV", SYS_ALU},
	{"MAX", SYS_ALU},         {"MIN", SYS_ALU},      {"RSHIFT", SYS_ALU},      {"LSHIFT", SYS_ALU}, {"AND", SYS_ALU},
	{"OR", SYS_ALU},          {"EQUAL", SYS_ALU},    {"NEQ", SYS_ALU},         {"GT", SYS_ALU},     {"GTE", SYS_ALU},
	{"LT", SYS_ALU},          {"LTE", SYS_ALU},      {"MOVE", SYS_UNARY},      {"RELU", SYS_UNARY}, {"CAST", SYS_CAST},
	{"SIMD_LANES", SYS_LANES}, {"SET_BASE_ADDR", SYS_BASE}, {"SET_LOOP_STRIDE", SYS_STRIDE}, {"LD", SYS_LD},
	{"ST", SYS_ST},           {"FILL", SYS_FILL},    {"SET_ITER", SYS_ITER},   {"SA_SHAPE", SYS_SHAPE},
	{"SA_GEMM", SYS_GEMM},    {"END", SYS_END},      {"EXT", SYS_EXT},          {"SET_ITER_LAST", SYS_ITER_LAST},
};

static st_block *body(st_op *g) { return st_op_num_regions(g) ? st_region_first_block(st_op_region(g, 0)) : NULL; }

static const char *string_param(const st_op *mn, const char *key) {
	st_attr *a = st_acg_param(mn, key);
	return a && st_attr_get_kind(a) == ST_ATTR_STRING ? st_attr_string(a).data : NULL;
}

st_status sys_isa_init(sys_isa *isa, st_op *graph, st_attr *loc) {
	st_context *ctx = st_op_context(graph);
	memset(isa, 0, sizeof *isa);
	isa->graph = graph;
	for (st_op *o = body(graph) ? st_block_first_op(body(graph)) : NULL; o; o = st_op_next(o)) {
		if (strcmp(st_op_name_cstr(o), "acg.mnemonic") != 0)
			continue;
		if (isa->n == SYS_MNEMONICS)
			return st_error(ctx, loc, "the systolic target takes at most %d mnemonics", SYS_MNEMONICS);
		sys_mn *mn = &isa->mn[isa->n++];
		mn->op = o;
		mn->name = st_ident_cstr(st_symbol_name(o));
		unsigned bits = st_acg_mnemonic_bits(o);
		if (!isa->word_bits)
			isa->word_bits = bits;
		if (bits != isa->word_bits || bits > 64)
			return st_error(ctx, loc,
			                "mnemonic '%s' is %u bits wide: the systolic target needs one word width of at most 64 bits (%u)",
			                mn->name, bits, isa->word_bits);
		mn->nfields = st_acg_mnemonic_num_fields(o);
		if (mn->nfields > SYS_FIELDS)
			return st_error(ctx, loc, "mnemonic '%s' has more than %d fields", mn->name, SYS_FIELDS);
		st_attr *fields = st_op_get_attr(o, "fields");
		for (size_t i = 0; i < mn->nfields; i++) {
			mn->field[i] = st_acg_mnemonic_field_name(o, i);
			mn->bits[i] = st_acg_mnemonic_field_bits(o, i);
			st_attr *fd = st_attr_array_elt(fields, i);
			mn->enumerated[i] = st_attr_array_size(st_attr_array_elt(fd, 2)) > 0;
			mn->fixed[i] = st_attr_array_size(fd) == 5;
		}
		mn->ext = -1;
		const char *ext = string_param(o, "ext"), *sgn = string_param(o, "signed");
		if (ext && (mn->ext = sys_mn_field(mn, ext)) < 0)
			return st_error(ctx, loc, "mnemonic '%s': its `ext` names no field '%s'", mn->name, ext);
		mn->ext_signed = sgn && ext && !strcmp(sgn, ext);
		for (size_t v = 0; v < sizeof vocabulary / sizeof vocabulary[0]; v++)
			if (!strcmp(vocabulary[v].name, mn->name))
				mn->kind = vocabulary[v].kind;
		if (mn->kind == SYS_EXT)
			isa->ext = mn;
	}
	if (!isa->n)
		return st_error(ctx, loc, "the systolic target has no mnemonics: its instruction set is the ACG's");
	if (isa->ext && isa->ext->nfields != 1)
		return st_error(ctx, loc, "mnemonic 'EXT' must have exactly one field (the high bits)");
	return ST_OK;
}

const sys_mn *sys_isa_find(const sys_isa *isa, const char *name) {
	for (size_t i = 0; i < isa->n; i++)
		if (!strcmp(isa->mn[i].name, name))
			return &isa->mn[i];
	return NULL;
}

int sys_mn_field(const sys_mn *mn, const char *field) {
	for (size_t i = 0; i < mn->nfields; i++)
		if (!strcmp(mn->field[i], field))
			return (int)i;
	return -1;
}

const char *sys_mn_enum_name(const sys_mn *mn, int f, int64_t v) {
	st_attr *vals = st_attr_array_elt(st_attr_array_elt(st_op_get_attr(mn->op, "fields"), (size_t)f), 2);
	if (v < 0 || (size_t)v >= st_attr_array_size(vals))
		return NULL;
	return st_attr_string(st_attr_array_elt(vals, (size_t)v)).data;
}

static const sys_mn *decode_one(const sys_isa *isa, uint64_t word, int64_t *vals) {
	for (size_t i = 0; i < isa->n; i++)
		if (st_succeeded(st_acg_decode(isa->mn[i].op, &word, 1, vals, SYS_FIELDS)))
			return &isa->mn[i];
	return NULL;
}

static int64_t sext(uint64_t v, unsigned bits) {
	if (bits == 0 || bits >= 64)
		return (int64_t)v;
	uint64_t m = (uint64_t)1 << (bits - 1);
	v &= ((uint64_t)1 << bits) - 1;
	return (int64_t)((v ^ m) - m);
}

st_status sys_decode(const sys_isa *isa, const uint64_t *words, size_t n, sys_instr *instrs, size_t *ninstrs,
                     size_t *bad, const char **why) {
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		sys_instr *in = &instrs[k];
		in->word = (uint32_t)i;
		in->mn = decode_one(isa, words[i], in->f);
		if (!in->mn) {
			*bad = i;
			*why = "decodes to no mnemonic of the target";
			return ST_FAIL;
		}
		if (in->mn->kind != SYS_EXT) {
			if (in->mn->ext >= 0 && in->mn->ext_signed)
				in->f[in->mn->ext] = sext((uint64_t)in->f[in->mn->ext], in->mn->bits[in->mn->ext]);
			k++;
			continue;
		}
		uint64_t hi = (uint64_t)in->f[0];
		unsigned hbits = in->mn->bits[0];
		if (i + 1 == n) {
			*bad = i;
			*why = "is an EXT prefix with no instruction after it";
			return ST_FAIL;
		}
		int64_t vals[SYS_FIELDS];
		const sys_mn *next = decode_one(isa, words[i + 1], vals);
		if (!next || next->ext < 0) {
			*bad = i + 1;
			*why = next ? "follows an EXT prefix but has no extensible field" : "decodes to no mnemonic of the target";
			return ST_FAIL;
		}
		unsigned lo = next->bits[next->ext];
		if (hbits + lo > 63) {
			*bad = i;
			*why = "extends a field past 63 bits";
			return ST_FAIL;
		}
		memcpy(in->f, vals, sizeof vals);
		in->mn = next;
		uint64_t v = (hi << lo) | (uint64_t)vals[next->ext];
		in->f[next->ext] = next->ext_signed ? sext(v, hbits + lo) : (int64_t)v;
		i++;
		k++;
	}
	*ninstrs = k;
	return ST_OK;
}

size_t sys_encode(const sys_isa *isa, const sys_mn *mn, const int64_t *vals, uint64_t *out) {
	int64_t v[SYS_FIELDS];
	memcpy(v, vals, mn->nfields * sizeof *v);
	size_t n = 0;
	if (mn->ext >= 0) {
		unsigned lo = mn->bits[mn->ext];
		int64_t x = v[mn->ext];
		bool fits = mn->ext_signed ? (x >= -(INT64_C(1) << (lo - 1)) && x < (INT64_C(1) << (lo - 1)))
		                           : (x >= 0 && (uint64_t)x < ((uint64_t)1 << lo));
		if (!fits) {
			if (!isa->ext || (!mn->ext_signed && x < 0))
				return 0;
			unsigned hb = isa->ext->bits[0];
			int64_t hi = x >> lo; /* arithmetic: the sign goes up with it */
			int64_t lim = INT64_C(1) << (mn->ext_signed ? hb - 1 : hb);
			if ((mn->ext_signed && (hi < -lim || hi >= lim)) || (!mn->ext_signed && hi >= lim))
				return 0;
			int64_t hv = (int64_t)((uint64_t)hi & (((uint64_t)1 << hb) - 1));
			if (st_failed(st_acg_encode(isa->ext->op, 1, &hv, &out[n++], 1)))
				return 0;
		}
		v[mn->ext] = (int64_t)((uint64_t)x & (((uint64_t)1 << lo) - 1));
	}
	if (st_failed(st_acg_encode(mn->op, mn->nfields, v, &out[n], 1)))
		return 0;
	return n + 1;
}
