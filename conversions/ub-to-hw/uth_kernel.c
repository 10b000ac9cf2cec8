/* Each ub.kernel as a combinational datapath: its block arguments are the
 * taps of its read ports and then its domain coordinates (`coords`, from
 * the counters of st__uth_timing.c), its integer arith ops become comb ops of
 * the same width (arith's wrap-around semantics are comb's), cut into
 * pipeline stages by `latency` registers that advance with the pipeline
 * (st__uth_stage.c places the cuts), so a pipelined kernel's result is there
 * in the cycle its write port fires.  A kernel whose domain has lanes (st__uth_lanes.c) is one
 * datapath per lane, each with its lane's coordinates as constants. */
#include "uth.h"

#include <inttypes.h>
#include <string.h>

/* Arith ops that are one comb op with the same operands. */
static const struct {
	const char *arith;
	st_comb_kind comb;
} same[] = {
	{"arith.addi", ST_COMB_ADD},   {"arith.subi", ST_COMB_SUB},   {"arith.muli", ST_COMB_MUL},
	{"arith.andi", ST_COMB_AND},   {"arith.ori", ST_COMB_OR},     {"arith.xori", ST_COMB_XOR},
	{"arith.divui", ST_COMB_DIVU}, {"arith.divsi", ST_COMB_DIVS}, {"arith.remui", ST_COMB_MODU},
	{"arith.remsi", ST_COMB_MODS}, {"arith.shli", ST_COMB_SHL},   {"arith.shrui", ST_COMB_SHRU},
	{"arith.shrsi", ST_COMB_SHRS},
};

/* max/min: a compare and a mux. */
static const struct {
	const char *arith;
	st_comb_pred pred;
} minmax[] = {{"arith.maxsi", ST_COMB_SGT}, {"arith.maxui", ST_COMB_UGT}, {"arith.minsi", ST_COMB_SLT},
              {"arith.minui", ST_COMB_ULT}};

/* One datapath: kernel ki in lane instance inst, its names %<pre>_...;
 * the stages of its values and the stage of the op being written. */
typedef struct kin {
	size_t ki;
	unsigned inst;
	char pre[48];
	st__uth_stages *st;
	int64_t cur;
} kin;

void st__uth_kernel_result(size_t ki, unsigned inst, size_t j, char *buf) {
	if (inst)
		snprintf(buf, 64, "k%zui%u_r%zu", ki, inst, j);
	else
		snprintf(buf, 64, "k%zu_r%zu", ki, j);
}

/* Index values (table subscripts) are 64-bit in the datapath; floats are
 * their bits (arith-soft-float leaves them only at the edges). */
unsigned st__uth_width_of(st_type *t) {
	if (st_type_get_kind(t) == ST_TYPE_F32 || st_type_get_kind(t) == ST_TYPE_F64)
		return st_type_float_width(t);
	return st_type_is_index(t) ? 64 : st_type_int_width(t);
}

static unsigned width_of(st_value *v) { return st__uth_width_of(st_value_type(v)); }

static bool is_int(st_value *v) {
	st_type *t = st_value_type(v);
	return st_type_is_index(t) || (st_type_is_integer(t) && st_type_int_width(t) <= 64) ||
	       st_type_get_kind(t) == ST_TYPE_F32 || st_type_get_kind(t) == ST_TYPE_F64;
}

const char *st__uth_param_port(st_op *param, char *buf) {
	st_str n = st_ub_param_name(param);
	snprintf(buf, 64, "%.*s_param", (int)(n.len < 50 ? n.len : 50), n.data);
	return buf;
}

/* The name of a kernel value: a block argument for a read value is its
 * read port's tap (in the lane this instance reads), one for a parameter
 * the design's input port, into buf (64 bytes). */
static const char *name_of(st__uth *s, const kin *ks, st_value *v, char *buf) {
	size_t ki = ks->ki;
	if (st_value_is_block_arg(v)) {
		st_op *kop = s->m->kernels[ki].op;
		st_block *b = st_region_first_block(st_op_region(kop, 0));
		for (size_t i = 0; i < st_block_num_args(b) && i < st_op_num_operands(kop); i++)
			if (st_block_arg(b, i) == v) {
				st_op *rd = st_value_defining_op(st_op_operand(kop, i));
				if (st_ub_is_param(rd))
					return st__uth_param_port(rd, buf);
				for (size_t k = 0; k < s->m->nports; k++)
					if (s->m->ports[k].op == rd)
						return st__uth_read_sig(s, k, ks->inst, buf);
			}
	}
	size_t i = 0;
	while (i < s->nvals && s->vals[i] != v)
		i++;
	if (i == s->nvals) {
		if (!st_ctx_grow(s->ctx, (void **)&s->vals, &s->cap_vals, NULL, sizeof *s->vals, s->nvals + 1)) {
			s->status = ST_FAIL;
			return "oom";
		}
		s->vals[s->nvals++] = v;
	}
	snprintf(buf, 64, "%s_v%zu", ks->pre, i);
	return buf;
}

/* The signal of a kernel value, and its definition. */
static st_value *value_of(st__uth *s, const kin *ks, st_value *v) {
	char buf[64];
	return st__uth_get(s, width_of(v), "%s", name_of(s, ks, v, buf));
}

static void define(st__uth *s, const kin *ks, st_value *v, st_value *hw) {
	char buf[64];
	st__uth_set(s, hw, "%s", name_of(s, ks, v, buf));
}

static st_value *clk(st__uth *s) { return st__uth_get_typed(s, st_seq_clock_type(s->ctx), "clk"); }

/* Operand v as the op being built (at stage ks->cur) sees it: the value
 * itself, or the last of the registers that carry it across the stages
 * between its own and this one (shared by all its later uses).  A one-op
 * lowering takes its operands last first, so that the registers of its
 * operands come in the order the netlists have always had them. */
static st_value *use_of(st__uth *s, const kin *ks, st_value *v) {
	st_value *base = value_of(s, ks, v);
	int64_t k = ks->cur - st__uth_stage_of(ks->st, v);
	if (k <= 0 || st__uth_stage_is_constant(v))
		return base;
	st__uth_stage_val *e = st__uth_stage_entry(ks->st, v);
	if (!e) {
		s->status = ST_FAIL;
		return NULL;
	}
	size_t idx = (size_t)(e - ks->st->vals);
	unsigned w = width_of(v);
	st_value *prev = base;
	for (int64_t j = 1; j <= k; j++) {
		if (j > e->delayed)
			st__uth_set(s, st_seq_build_compreg_ce(&s->b, prev, clk(s), st__uth_get(s, 1, "adv"), NULL, NULL, NULL),
			        "%s_dl%zu_%" PRId64, ks->pre, idx, j);
		prev = st__uth_get(s, w, "%s_dl%zu_%" PRId64, ks->pre, idx, j);
	}
	if (k > e->delayed)
		e->delayed = k;
	return prev;
}

/* A constant table the kernel reads at computed indices (a LUT): its
 * words as constants rom<r>_<i>, once per module however many kernels and
 * lanes read it; each read is a mux tree over the index bits (a ROM read
 * port).  (Not an hw array: the Verilog of a packed two-dimensional
 * constant is beyond yosys's parser; and a wide constant shifted by the
 * index makes yosys build a barrel shifter as wide as the table.)  Sets
 * *r to the table's number. */
static st_status rom(st__uth *s, st_op *op, size_t *r) {
	st_op *g = st_symbol_lookup_nearest(op, st_op_get_attr(op, "name"));
	st_attr *init = g ? st_op_get_attr(g, "initial_value") : NULL;
	st_type *ty = st_value_type(st_op_result(op, 0));
	st_type *elt = st_type_element(ty);
	if (!init || st_attr_get_kind(init) != ST_ATTR_DENSE_ELEMENTS || !st_type_is_integer(elt) ||
	    st_type_int_width(elt) > 64)
		return st_op_error(op, "ub-to-hw: the table must be a memref.global of integers with a dense initial value");
	int64_t n = 1;
	for (unsigned d = 0; d < st_type_rank(ty); d++)
		n *= st_type_dim(ty, d);
	unsigned w = st_type_int_width(elt);
	size_t ri = 0;
	while (ri < s->nroms && s->roms[ri] != g)
		ri++;
	*r = ri;
	if (ri < s->nroms)
		return ST_OK;
	if (!st_ctx_grow(s->ctx, (void **)&s->roms, &s->cap_roms, NULL, sizeof *s->roms, s->nroms + 1))
		return s->status = ST_FAIL;
	s->roms[s->nroms++] = g;
	bool splat = st_attr_dense_is_splat(init);
	for (int64_t i = 0; i < n; i++)
		st__uth_set(s, st__uth_const(s, w, st_attr_dense_int(init, splat ? 0 : (size_t)i)), "rom%zu_%" PRId64, ri, i);
	return ST_OK;
}

/* memref.load from a table: the row-major element number's low bits (as
 * many as the table needs) select its word through a tree of muxes, one
 * level per bit, the low bit first (a number past the end reads 0). */
static st_status rom_load(st__uth *s, const kin *ki, st_op *op) {
	st_builder *b = &s->b;
	char t[32];
	size_t ri;
	if (st_failed(rom(s, st_value_defining_op(st_op_operand(op, 0)), &ri)))
		return ST_FAIL;
	st_type *mt = st_value_type(st_op_operand(op, 0));
	int64_t n = 1;
	for (unsigned d = 0; d < st_type_rank(mt); d++)
		n *= st_type_dim(mt, d);
	unsigned w = st_type_int_width(st_type_element(mt));
	st_value *acc = NULL;
	for (unsigned d = 0; d < st_type_rank(mt); d++) {
		st_value *a = use_of(s, ki, st_op_operand(op, 1 + d));
		if (!d) {
			acc = a;
			continue;
		}
		st__uth_temp(s, t);
		st_value *dim = st__uth_set(s, st__uth_const(s, 64, st_type_dim(mt, d)), "%s_d", t);
		st_value *mul = st__uth_set(s, st_comb_build_binary(b, ST_COMB_MUL, acc, dim), "%s_m", t);
		acc = st__uth_set(s, st_comb_build_binary(b, ST_COMB_ADD, mul, a), "%s", t);
	}
	st__uth_temp(s, t);
	st_value **words = st_ctx_alloc(s->ctx, (size_t)n * sizeof *words);
	if (!words)
		return s->status = ST_FAIL;
	for (int64_t i = 0; i < n; i++)
		words[i] = st__uth_get(s, w, "rom%zu_%" PRId64, ri, i);
	st_value *v = st__uth_select(s, words, n, acc, w, t);
	st_ctx_free(s->ctx, words, (size_t)n * sizeof *words);
	define(s, ki, st_op_result(op, 0), st_hw_build_wire(b, v, NULL));
	return ST_OK;
}

/* Zero- or sign-extension of `a` (wi bits) to w bits: the high bits, then
 * the concatenation. */
static st_value *extend(st__uth *s, st_value *a, unsigned wi, unsigned w, bool is_signed) {
	char t[32];
	st__uth_temp(s, t);
	st_value *hi;
	if (!is_signed) {
		hi = st__uth_set(s, st__uth_const(s, w - wi, 0), "%s", t);
	} else {
		st_value *sign = st__uth_set(s, st_comb_build_extract(&s->b, a, wi - 1, 1), "%s_s", t);
		hi = st__uth_set(s, st_comb_build_replicate(&s->b, sign, w - wi), "%s", t);
	}
	st_value *cat[2] = {hi, a};
	return st_comb_build_concat(&s->b, 2, cat);
}

static st_status op_hw(st__uth *s, const kin *ki, st_op *op) {
	st_builder *b = &s->b;
	const char *n = st_op_name_cstr(op);
	if (!strcmp(n, "memref.get_global")) {
		size_t ri;
		return rom(s, op, &ri); /* its reads name the words */
	}
	if (!strcmp(n, "memref.load") && st_value_defining_op(st_op_operand(op, 0)) &&
	    !strcmp(st_op_name_cstr(st_value_defining_op(st_op_operand(op, 0))), "memref.get_global"))
		return rom_load(s, ki, op);
	for (size_t i = 0; i < st_op_num_operands(op); i++)
		if (!is_int(st_op_operand(op, i)))
			goto bad;
	if (st_op_num_results(op) != 1 || !is_int(st_op_result(op, 0)))
		goto bad;
	st_value *r = st_op_result(op, 0);
	unsigned w = width_of(r);
	unsigned wi = st_op_num_operands(op) ? width_of(st_op_operand(op, 0)) : w;
	if (!strcmp(n, "arith.constant")) {
		define(s, ki, r, st__uth_const(s, w, st_attr_int_value(st_op_get_attr(op, "value"))));
		return ST_OK;
	}
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		if (!strcmp(n, same[i].arith)) {
			st_value *y = use_of(s, ki, st_op_operand(op, 1)), *x = use_of(s, ki, st_op_operand(op, 0));
			define(s, ki, r, st_comb_build_binary(b, same[i].comb, x, y));
			return ST_OK;
		}
	for (size_t i = 0; i < sizeof minmax / sizeof minmax[0]; i++)
		if (!strcmp(n, minmax[i].arith)) {
			char t[32];
			st_value *x = use_of(s, ki, st_op_operand(op, 0)), *y = use_of(s, ki, st_op_operand(op, 1));
			st_value *c = st__uth_set(s, st_comb_build_icmp(b, minmax[i].pred, x, y), "%s", st__uth_temp(s, t));
			define(s, ki, r, st_comb_build_mux(b, c, x, y));
			return ST_OK;
		}
	if (!strcmp(n, "arith.floordivsi")) {
		/* Truncating division, one less when the remainder's sign differs
		 * from the divisor's (Halide's division). */
		char t[32];
		st_value *x = use_of(s, ki, st_op_operand(op, 0)), *y = use_of(s, ki, st_op_operand(op, 1));
		st__uth_temp(s, t);
		st_value *q = st__uth_set(s, st_comb_build_binary(b, ST_COMB_DIVS, x, y), "%s_q", t);
		st_value *rem = st__uth_set(s, st_comb_build_binary(b, ST_COMB_MODS, x, y), "%s_r", t);
		st_value *z = st__uth_set(s, st__uth_const(s, w, 0), "%s_z", t);
		st_value *o = st__uth_set(s, st__uth_const(s, w, 1), "%s_o", t);
		st_value *nz = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_NE, rem, z), "%s_nz", t);
		st_value *rn = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_SLT, rem, z), "%s_rn", t);
		st_value *bn = st__uth_set(s, st_comb_build_icmp(b, ST_COMB_SLT, y, z), "%s_bn", t);
		st_value *xr = st__uth_set(s, st_comb_build_binary(b, ST_COMB_XOR, rn, bn), "%s_x", t);
		st_value *adj = st__uth_set(s, st_comb_build_binary(b, ST_COMB_AND, nz, xr), "%s_adj", t);
		st_value *m = st__uth_set(s, st_comb_build_binary(b, ST_COMB_SUB, q, o), "%s_m", t);
		define(s, ki, r, st_comb_build_mux(b, adj, m, q));
		return ST_OK;
	}
	if (!strcmp(n, "arith.cmpi")) {
		int64_t p = st_attr_int_value(st_op_get_attr(op, "predicate"));
		if (p < 0 || p > ST_COMB_UGE)
			goto bad;
		st_value *y = use_of(s, ki, st_op_operand(op, 1)), *x = use_of(s, ki, st_op_operand(op, 0));
		define(s, ki, r, st_comb_build_icmp(b, (st_comb_pred)p, x, y));
		return ST_OK;
	}
	if (!strcmp(n, "arith.select")) {
		st_value *y = use_of(s, ki, st_op_operand(op, 2)), *x = use_of(s, ki, st_op_operand(op, 1)),
		         *c = use_of(s, ki, st_op_operand(op, 0));
		define(s, ki, r, st_comb_build_mux(b, c, x, y));
		return ST_OK;
	}
	if (!strcmp(n, "arith.bitcast")) { /* f32 <-> i32: the same bits */
		define(s, ki, r, st_hw_build_wire(b, use_of(s, ki, st_op_operand(op, 0)), NULL));
		return ST_OK;
	}
	if (!strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui")) {
		st_value *a = use_of(s, ki, st_op_operand(op, 0));
		if (w == wi)
			define(s, ki, r, st_hw_build_wire(b, a, NULL));
		else if (w < wi)
			define(s, ki, r, st_comb_build_extract(b, a, 0, w));
		else
			define(s, ki, r, extend(s, a, wi, w, n[16] != 'u'));
		return ST_OK;
	}
	if (!strcmp(n, "arith.trunci")) {
		define(s, ki, r, st_comb_build_extract(b, use_of(s, ki, st_op_operand(op, 0)), 0, w));
		return ST_OK;
	}
	if (!strcmp(n, "arith.extui") || !strcmp(n, "arith.extsi")) {
		st_value *a = use_of(s, ki, st_op_operand(op, 0));
		define(s, ki, r, extend(s, a, wi, w, n[9] != 'u'));
		return ST_OK;
	}
bad:
	return st_op_error(op, "ub-to-hw: '%s' has no hardware form here (kernels of integer arith ops only)", n);
}

/* Coordinate arguments (ub-extract's `coords`) follow the read values:
 * each is a named value, the domain coordinate it carries. */
static void coords(st__uth *s, const kin *ks) {
	st_op *kop = s->m->kernels[ks->ki].op;
	st_attr *c = st_op_get_attr(kop, "coords");
	st_block *b = st_region_first_block(st_op_region(kop, 0));
	size_t nin = st_op_num_operands(kop);
	for (size_t i = 0; c && i < st_attr_array_size(c) && nin + i < st_block_num_args(b); i++) {
		unsigned d = (unsigned)st_attr_int_value(st_attr_array_elt(c, i));
		st_value *t = st__uth_coord(s, ks->ki, d, ks->inst);
		define(s, ks, st_block_arg(b, nin + i), st_hw_build_wire(&s->b, t, NULL));
	}
}

static st_status kernel(st__uth *s, kin *ks) {
	size_t ki = ks->ki;
	st_op *kop = s->m->kernels[ki].op;
	st_block *b = st_region_first_block(st_op_region(kop, 0));
	int64_t lat = s->m->kernels[ki].latency;
	char r[64];
	st__uth_stages st = {.ctx = s->ctx};
	ks->st = &st;
	ks->cur = 0;
	s->nvals = 0;
	if (st_failed(st__uth_stage_plan(&st, b, lat)))
		return s->status = ST_FAIL;
	coords(s, ks);
	for (st_op *op = st_block_first_op(b); op && st_succeeded(s->status); op = st_op_next(op)) {
		if (!strcmp(st_op_name_cstr(op), "ub.yield")) {
			for (size_t j = 0; j < st_op_num_operands(op); j++) {
				st_value *v = st_op_operand(op, j);
				int64_t regs = lat - st__uth_stage_of(&st, v); /* the stages after v's */
				st__uth_kernel_result(ki, ks->inst, j, r);
				st_value *d = st__uth_set(s, st_hw_build_wire(&s->b, value_of(s, ks, v), NULL), "%s_d0", r);
				for (int64_t k = 1; k <= regs; k++)
					d = st__uth_set(s, st_seq_build_compreg_ce(&s->b, d, clk(s), st__uth_get(s, 1, "adv"), NULL, NULL, NULL),
					            "%s_d%" PRId64, r, k);
				st__uth_set(s, st_hw_build_wire(&s->b, d, NULL), "%s", r);
			}
		} else if (!strcmp(st_op_name_cstr(op), "memref.get_global") && !st_value_first_use(st_op_result(op, 0))) {
			continue; /* a table folded into constants leaves its handle behind */
		} else {
			ks->cur = st_op_num_results(op) ? st__uth_stage_of(&st, st_op_result(op, 0)) : 0;
			if (st_failed(op_hw(s, ks, op)))
				s->status = ST_FAIL;
		}
	}
	st__uth_stage_free(&st);
	return s->status;
}

st_status st__uth_kernels(st__uth *s) {
	for (size_t ki = 0; ki < s->m->nkernels; ki++) {
		int k = -1;
		for (size_t p = 0; p < s->m->nports && k < 0; p++)
			if (s->m->ports[p].kernel == (int)ki)
				k = (int)p;
		for (unsigned inst = 0, n = k < 0 ? 1 : st_ub_port_lanes(&s->m->ports[k], ST__UTH_MAX_LANES); inst < n; inst++) {
			kin ks = {.ki = ki, .inst = inst};
			if (inst)
				snprintf(ks.pre, sizeof ks.pre, "k%zui%u", ki, inst);
			else
				snprintf(ks.pre, sizeof ks.pre, "k%zu", ki);
			if (st_failed(kernel(s, &ks)))
				return ST_FAIL;
		}
	}
	return ST_OK;
}
