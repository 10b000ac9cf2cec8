/* Each ub.kernel as a combinational datapath: its block arguments are the
 * taps of its read ports and then its domain coordinates (`coords`, from
 * the counters of uth_timing.c), its integer arith ops become comb ops of
 * the same width (arith's wrap-around semantics are comb's), cut into
 * pipeline stages by `latency` registers that advance with the pipeline
 * (uth_stage.c places the cuts), so a pipelined kernel's result is there
 * in the cycle its write port fires.  A kernel whose domain has lanes (uth_lanes.c) is one
 * datapath per lane, each with its lane's coordinates as constants. */
#include "uth.h"

#include <inttypes.h>
#include <string.h>

static const char *const cmp_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};

/* Arith ops that are one comb op with the same operands. */
static const struct {
	const char *arith, *comb;
} same[] = {
	{"arith.addi", "comb.add"},   {"arith.subi", "comb.sub"},   {"arith.muli", "comb.mul"},
	{"arith.andi", "comb.and"},   {"arith.ori", "comb.or"},     {"arith.xori", "comb.xor"},
	{"arith.divui", "comb.divu"}, {"arith.divsi", "comb.divs"}, {"arith.remui", "comb.modu"},
	{"arith.remsi", "comb.mods"}, {"arith.shli", "comb.shl"},   {"arith.shrui", "comb.shru"},
	{"arith.shrsi", "comb.shrs"},
};

/* max/min: a compare and a mux. */
static const struct {
	const char *arith, *pred;
} minmax[] = {{"arith.maxsi", "sgt"}, {"arith.maxui", "ugt"}, {"arith.minsi", "slt"}, {"arith.minui", "ult"}};

/* One datapath: kernel ki in lane instance inst, its names %<pre>_...;
 * the stages of its values and the stage of the op being written. */
typedef struct kin {
	size_t ki;
	unsigned inst;
	char pre[48];
	uth_stages *st;
	int64_t cur;
} kin;

void uth_kernel_result(size_t ki, unsigned inst, size_t j, char *buf) {
	if (inst)
		snprintf(buf, 64, "%%k%zui%u_r%zu", ki, inst, j);
	else
		snprintf(buf, 64, "%%k%zu_r%zu", ki, j);
}

/* The name of a kernel value: a block argument for a read value is its
 * read port's tap (in the lane this instance reads). */
static const char *name_of(uth *s, const kin *ks, st_value *v, char *buf) {
	size_t ki = ks->ki;
	if (st_value_is_block_arg(v)) {
		st_op *kop = s->m->kernels[ki].op;
		st_block *b = st_region_first_block(st_op_region(kop, 0));
		for (size_t i = 0; i < st_block_num_args(b) && i < st_op_num_operands(kop); i++)
			if (st_block_arg(b, i) == v) {
				st_op *rd = st_value_defining_op(st_op_operand(kop, i));
				for (size_t k = 0; k < s->m->nports; k++)
					if (s->m->ports[k].op == rd)
						return uth_pos(s, s->m->ports[k].buffer, uth_lane_of(s, k, ks->inst), s->tap[k], buf);
			}
	}
	size_t i = 0;
	while (i < s->nvals && s->vals[i] != v)
		i++;
	if (i == s->nvals) {
		if (!st_ctx_grow(s->ctx, (void **)&s->vals, &s->cap_vals, NULL, sizeof *s->vals, s->nvals + 1)) {
			s->status = ST_FAIL;
			return "%oom";
		}
		s->vals[s->nvals++] = v;
	}
	snprintf(buf, 64, "%%%s_v%zu", ks->pre, i);
	return buf;
}

/* Index values (table subscripts) are 64-bit in the datapath. */
static unsigned width_of(st_value *v) {
	st_type *t = st_value_type(v);
	if (st_type_get_kind(t) == ST_TYPE_F32)
		return 32; /* its bits: arith-soft-float leaves f32 only at the edges */
	return st_type_is_index(t) ? 64 : st_type_int_width(t);
}

static bool is_int(st_value *v) {
	st_type *t = st_value_type(v);
	return st_type_is_index(t) || (st_type_is_integer(t) && st_type_int_width(t) <= 64) ||
	       st_type_get_kind(t) == ST_TYPE_F32;
}

/* Operand v as the op being written (at stage ks->cur) sees it: the value
 * itself, or the last of the registers that carry it across the stages
 * between its own and this one (shared by all its later uses). */
static const char *use_of(uth *s, const kin *ks, st_value *v, char *buf) {
	const char *base = name_of(s, ks, v, buf);
	int64_t k = ks->cur - uth_stage_of(ks->st, v);
	if (k <= 0 || uth_stage_is_constant(v))
		return base;
	uth_stage_val *e = uth_stage_entry(ks->st, v);
	if (!e) {
		s->status = ST_FAIL;
		return "%oom";
	}
	size_t idx = (size_t)(e - ks->st->vals);
	char prev[128], next[128];
	snprintf(prev, sizeof prev, "%s", base);
	for (int64_t j = 1; j <= k; j++) {
		snprintf(next, sizeof next, "%%%s_dl%zu_%" PRId64, ks->pre, idx, j);
		if (j > e->delayed)
			uth_printf(s, "  %s = seq.compreg.ce %s, %%clk, %%adv : i%u\n", next, prev, width_of(v));
		snprintf(prev, sizeof prev, "%s", next);
	}
	if (k > e->delayed)
		e->delayed = k;
	snprintf(buf, 64, "%.63s", prev);
	return buf;
}

/* A constant table the kernel reads at computed indices (a LUT): its
 * words as constants %rom<r>_<i>, once per module however many kernels and
 * lanes read it; each read is a mux tree over the index bits (a ROM read
 * port).  (Not an hw array: the Verilog of a packed two-dimensional
 * constant is beyond yosys's parser; and a wide constant shifted by the
 * index makes yosys build a barrel shifter as wide as the table.)  Sets
 * *r to the table's number. */
static st_status rom(uth *s, st_op *op, size_t *r) {
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
	for (int64_t i = 0; i < n; i++) {
		int64_t v = st_attr_dense_int(init, splat ? 0 : (size_t)i);
		uth_printf(s, "  %%rom%zu_%" PRId64 " = hw.constant %" PRId64 " : i%u\n", ri, i, w == 1 ? (v & 1) : v, w);
	}
	return ST_OK;
}

/* memref.load from a table: the row-major element number's low bits (as
 * many as the table needs) select its word through a tree of muxes, one
 * level per bit, the low bit first (a number past the end reads 0). */
static st_status rom_load(uth *s, const kin *ki, st_op *op) {
	char r[64], a[64], t[32], acc[64];
	size_t ri;
	if (st_failed(rom(s, st_value_defining_op(st_op_operand(op, 0)), &ri)))
		return ST_FAIL;
	st_type *mt = st_value_type(st_op_operand(op, 0));
	int64_t n = 1;
	for (unsigned d = 0; d < st_type_rank(mt); d++)
		n *= st_type_dim(mt, d);
	unsigned aw = uth_bits(n), w = st_type_int_width(st_type_element(mt));
	snprintf(acc, sizeof acc, "%s", "");
	for (unsigned d = 0; d < st_type_rank(mt); d++) {
		use_of(s, ki, st_op_operand(op, 1 + d), a);
		if (!d) {
			snprintf(acc, sizeof acc, "%s", a);
			continue;
		}
		uth_temp(s, t);
		uth_printf(s, "  %s_d = hw.constant %" PRId64 " : i64\n  %s_m = comb.mul %s, %s_d : i64\n  %s = comb.add %s_m, %s : i64\n",
		           t, st_type_dim(mt, d), t, acc, t, t, t, a);
		snprintf(acc, sizeof acc, "%s", t);
	}
	uth_temp(s, t);
	char zero[48];
	snprintf(zero, sizeof zero, "%s_z", t);
	uth_printf(s, "  %s = hw.constant 0 : i%u\n", zero, w);
	/* Level k has cnt words; level 0 is the table's. */
	int64_t cnt = n;
	for (unsigned k = 0; k < aw; k++) {
		uth_printf(s, "  %s_b%u = comb.extract %s from %u : (i64) -> i1\n", t, k, acc, k);
		for (int64_t i = 0; 2 * i < cnt; i++) {
			char lo[64], hi[64];
			if (k) {
				snprintf(lo, sizeof lo, "%s_l%u_%" PRId64, t, k - 1, 2 * i);
				snprintf(hi, sizeof hi, "%s_l%u_%" PRId64, t, k - 1, 2 * i + 1);
			} else {
				snprintf(lo, sizeof lo, "%%rom%zu_%" PRId64, ri, 2 * i);
				snprintf(hi, sizeof hi, "%%rom%zu_%" PRId64, ri, 2 * i + 1);
			}
			uth_printf(s, "  %s_l%u_%" PRId64 " = comb.mux %s_b%u, %s, %s : i%u\n", t, k, i, t, k,
			           2 * i + 1 < cnt ? hi : zero, lo, w);
		}
		cnt = (cnt + 1) / 2;
	}
	uth_printf(s, "  %s = hw.wire %s_l%u_0 : i%u\n", name_of(s, ki, st_op_result(op, 0), r), t, aw - 1, w);
	return ST_OK;
}

static st_status op_text(uth *s, const kin *ki, st_op *op) {
	const char *n = st_op_name_cstr(op);
	char r[64], a[64], b[64], c[64], t[32];
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
	name_of(s, ki, st_op_result(op, 0), r);
	unsigned w = width_of(st_op_result(op, 0));
	unsigned wi = st_op_num_operands(op) ? width_of(st_op_operand(op, 0)) : w;
	if (!strcmp(n, "arith.constant")) {
		int64_t v = st_attr_int_value(st_op_get_attr(op, "value"));
		uth_printf(s, "  %s = hw.constant %" PRId64 " : i%u\n", r, w == 1 ? (v & 1) : v, w);
		return ST_OK;
	}
	for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
		if (!strcmp(n, same[i].arith)) {
			uth_printf(s, "  %s = %s %s, %s : i%u\n", r, same[i].comb, use_of(s, ki, st_op_operand(op, 0), a),
			           use_of(s, ki, st_op_operand(op, 1), b), w);
			return ST_OK;
		}
	for (size_t i = 0; i < sizeof minmax / sizeof minmax[0]; i++)
		if (!strcmp(n, minmax[i].arith)) {
			use_of(s, ki, st_op_operand(op, 0), a);
			use_of(s, ki, st_op_operand(op, 1), b);
			uth_printf(s, "  %s = comb.icmp %s %s, %s : i%u\n  %s = comb.mux %s, %s, %s : i%u\n", uth_temp(s, t),
			           minmax[i].pred, a, b, w, r, t, a, b, w);
			return ST_OK;
		}
	if (!strcmp(n, "arith.floordivsi")) {
		/* Truncating division, one less when the remainder's sign differs
		 * from the divisor's (Halide's division). */
		use_of(s, ki, st_op_operand(op, 0), a);
		use_of(s, ki, st_op_operand(op, 1), b);
		uth_temp(s, t);
		uth_printf(s,
		           "  %s_q = comb.divs %s, %s : i%u\n  %s_r = comb.mods %s, %s : i%u\n  %s_z = hw.constant 0 : i%u\n"
		           "  %s_o = hw.constant 1 : i%u\n  %s_nz = comb.icmp ne %s_r, %s_z : i%u\n"
		           "  %s_rn = comb.icmp slt %s_r, %s_z : i%u\n  %s_bn = comb.icmp slt %s, %s_z : i%u\n"
		           "  %s_x = comb.xor %s_rn, %s_bn : i1\n  %s_adj = comb.and %s_nz, %s_x : i1\n"
		           "  %s_m = comb.sub %s_q, %s_o : i%u\n  %s = comb.mux %s_adj, %s_m, %s_q : i%u\n",
		           t, a, b, w, t, a, b, w, t, w, t, w, t, t, t, w, t, t, t, w, t, b, t, w, t, t, t, t, t, t, t, t, t, w,
		           r, t, t, t, w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.cmpi")) {
		int64_t p = st_attr_int_value(st_op_get_attr(op, "predicate"));
		if (p < 0 || p >= (int64_t)(sizeof cmp_names / sizeof cmp_names[0]))
			goto bad;
		uth_printf(s, "  %s = comb.icmp %s %s, %s : i%u\n", r, cmp_names[p], use_of(s, ki, st_op_operand(op, 0), a),
		           use_of(s, ki, st_op_operand(op, 1), b), wi);
		return ST_OK;
	}
	if (!strcmp(n, "arith.select")) {
		uth_printf(s, "  %s = comb.mux %s, %s, %s : i%u\n", r, use_of(s, ki, st_op_operand(op, 0), a),
		           use_of(s, ki, st_op_operand(op, 1), b), use_of(s, ki, st_op_operand(op, 2), c), w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.bitcast")) { /* f32 <-> i32: the same bits */
		uth_printf(s, "  %s = hw.wire %s : i%u\n", r, use_of(s, ki, st_op_operand(op, 0), a), w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.index_cast") || !strcmp(n, "arith.index_castui")) {
		use_of(s, ki, st_op_operand(op, 0), a);
		if (w == wi)
			uth_printf(s, "  %s = hw.wire %s : i%u\n", r, a, w);
		else if (w < wi)
			uth_printf(s, "  %s = comb.extract %s from 0 : (i%u) -> i%u\n", r, a, wi, w);
		else if (n[16] == 'u')
			uth_printf(s, "  %s = hw.constant 0 : i%u\n  %s = comb.concat %s, %s : i%u, i%u\n", uth_temp(s, t), w - wi,
			           r, t, a, w - wi, wi);
		else
			uth_printf(s, "  %s_s = comb.extract %s from %u : (i%u) -> i1\n  %s = comb.replicate %s_s : (i1) -> i%u\n"
			              "  %s = comb.concat %s, %s : i%u, i%u\n",
			           uth_temp(s, t), a, wi - 1, wi, t, t, w - wi, r, t, a, w - wi, wi);
		return ST_OK;
	}
	if (!strcmp(n, "arith.trunci")) {
		uth_printf(s, "  %s = comb.extract %s from 0 : (i%u) -> i%u\n", r, use_of(s, ki, st_op_operand(op, 0), a), wi,
		           w);
		return ST_OK;
	}
	if (!strcmp(n, "arith.extui") || !strcmp(n, "arith.extsi")) {
		use_of(s, ki, st_op_operand(op, 0), a);
		uth_temp(s, t);
		if (n[9] == 'u')
			uth_printf(s, "  %s = hw.constant 0 : i%u\n", t, w - wi);
		else
			uth_printf(s, "  %s_s = comb.extract %s from %u : (i%u) -> i1\n  %s = comb.replicate %s_s : (i1) -> i%u\n",
			           t, a, wi - 1, wi, t, t, w - wi);
		uth_printf(s, "  %s = comb.concat %s, %s : i%u, i%u\n", r, t, a, w - wi, wi);
		return ST_OK;
	}
bad:
	return st_op_error(op, "ub-to-hw: '%s' has no hardware form here (kernels of integer arith ops only)", n);
}

/* Coordinate arguments (ub-extract's `coords`) follow the read values:
 * each is a named value, the domain coordinate it carries. */
static void coords(uth *s, const kin *ks) {
	st_op *kop = s->m->kernels[ks->ki].op;
	st_attr *c = st_op_get_attr(kop, "coords");
	st_block *b = st_region_first_block(st_op_region(kop, 0));
	size_t nin = st_op_num_operands(kop);
	char r[64], t[32];
	for (size_t i = 0; c && i < st_attr_array_size(c) && nin + i < st_block_num_args(b); i++) {
		unsigned d = (unsigned)st_attr_int_value(st_attr_array_elt(c, i));
		uth_coord(s, ks->ki, d, ks->inst, t);
		uth_printf(s, "  %s = hw.wire %s : i64\n", name_of(s, ks, st_block_arg(b, nin + i), r), t);
	}
}

static st_status kernel(uth *s, kin *ks) {
	size_t ki = ks->ki;
	st_op *kop = s->m->kernels[ki].op;
	st_block *b = st_region_first_block(st_op_region(kop, 0));
	int64_t lat = s->m->kernels[ki].latency;
	char a[64], r[64];
	uth_stages st = {.ctx = s->ctx};
	ks->st = &st;
	ks->cur = 0;
	s->nvals = 0;
	if (st_failed(uth_stage_plan(&st, b, lat)))
		return s->status = ST_FAIL;
	coords(s, ks);
	for (st_op *op = st_block_first_op(b); op && st_succeeded(s->status); op = st_op_next(op)) {
		if (!strcmp(st_op_name_cstr(op), "ub.yield")) {
			for (size_t j = 0; j < st_op_num_operands(op); j++) {
				st_value *v = st_op_operand(op, j);
				unsigned w = width_of(v);
				int64_t regs = lat - uth_stage_of(&st, v); /* the stages after v's */
				uth_kernel_result(ki, ks->inst, j, r);
				uth_printf(s, "  %s_d0 = hw.wire %s : i%u\n", r, name_of(s, ks, v, a), w);
				for (int64_t d = 1; d <= regs; d++)
					uth_printf(s, "  %s_d%" PRId64 " = seq.compreg.ce %s_d%" PRId64 ", %%clk, %%adv : i%u\n", r, d, r,
					           d - 1, w);
				uth_printf(s, "  %s = hw.wire %s_d%" PRId64 " : i%u\n", r, r, regs, w);
			}
		} else if (!strcmp(st_op_name_cstr(op), "memref.get_global") && !st_value_first_use(st_op_result(op, 0))) {
			continue; /* a table folded into constants leaves its handle behind */
		} else {
			ks->cur = st_op_num_results(op) ? uth_stage_of(&st, st_op_result(op, 0)) : 0;
			if (st_failed(op_text(s, ks, op)))
				s->status = ST_FAIL;
		}
	}
	uth_stage_free(&st);
	return s->status;
}

st_status uth_kernels(uth *s) {
	for (size_t ki = 0; ki < s->m->nkernels; ki++) {
		int k = -1;
		for (size_t p = 0; p < s->m->nports && k < 0; p++)
			if (s->m->ports[p].kernel == (int)ki)
				k = (int)p;
		for (unsigned inst = 0, n = k < 0 ? 1 : uth_port_lanes(&s->m->ports[k]); inst < n; inst++) {
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
